// The review desk's page: shows the batch's cards (the ones to look at
// first), lets a person type what each box holds and each player's name, and
// sends every answer to the desk at once (POST answer). The desk saves it,
// reads the card again and the page shows the new verdict (GET state).
"use strict";

const base = location.pathname.endsWith("/") ? location.pathname : location.pathname + "/";
let shown = { version: -1, cards: new Map() };  // what is on the page: record text per card
let polling = null;

function el(tag, attrs, ...children) {
  const node = document.createElement(tag);
  for (const [key, value] of Object.entries(attrs || {})) {
    if (value === undefined || value === null || value === false) continue;
    if (key === "class") node.className = value;
    else if (key === "text") node.textContent = value;
    else if (key.startsWith("on")) node.addEventListener(key.slice(2), value);
    else node.setAttribute(key, value === true ? "" : value);
  }
  for (const child of children) if (child) node.append(child);
  return node;
}

function fileUrl(path) {
  return base + "files/" + path.split("/").map(encodeURIComponent).join("/");
}

// A cell in the card format as a person types it, and back.
function cellText(value) {
  if (value === null || value === undefined) return "";
  if (value === "crossed") return "x";
  if (typeof value === "number") return String(value);
  if (typeof value === "object" && "checks" in value)
    return value.checks + "t" + (value.points !== undefined && value.points !== null ? " " + value.points : "");
  return "";
}
function parseCell(text) {
  const t = text.trim().toLowerCase();
  if (t === "" || t === "-") return { value: null };
  if (t === "x") return { value: "crossed" };
  if (/^\d{1,5}$/.test(t)) return { value: Number(t) };
  const m = /^(\d{1,2})\s*t(?:\s+(\d{1,5}))?$/.exec(t);
  if (m) return { value: m[2] ? { checks: Number(m[1]), points: Number(m[2]) } : { checks: Number(m[1]) } };
  return null;
}

function setStatus(text, problem) {
  const status = document.getElementById("status");
  status.textContent = text;
  status.classList.toggle("problem", !!problem);
}

async function send(answer) {
  const response = await fetch(base + "answer", {
    method: "POST", headers: { "Content-Type": "application/json" }, body: JSON.stringify(answer),
  });
  const reply = await response.json().catch(() => ({ error: "the desk answered " + response.status }));
  if (!response.ok) throw new Error(reply.error || "refused");
  return reply;
}

async function answer(input, body, what) {
  input.classList.remove("bad");
  try {
    await send(body);
    input.classList.add("saved");
    input.dataset.sent = input.value;
    setStatus("Saved: " + what + ". Checking " + body.file + " again…");
    poll();
  } catch (e) {
    input.classList.add("bad");
    setStatus("Not saved: " + e.message, true);
  }
}

function boxKey(b) { return b.grid + "/" + b.column + "/" + b.row; }
function where(b, severalGrids) {
  return (severalGrids ? "grid " + b.grid + ", " : "") + "column " + b.column + ", " + b.row_name;
}

// The cells `items` (a card's "uncertain" entries) as a list of inputs, each with its crop when it has one.
function boxList(card, items, severalGrids) {
  const list = el("div", { class: "box-list" });
  for (const u of items) {
    const b = { ...u, uncertain: true, by_person: false };
    list.append(el("label", {}, u.crop ? el("img", { src: fileUrl(u.crop), alt: "" }) : null,
                   el("span", { text: where(b, severalGrids) + (u.crop ? "" : " (" + u.reading + ")") }),
                   boxInput(card, b, severalGrids, false)));
  }
  return list;
}

function boxInput(card, b, severalGrids, onImage) {
  const label = where(b, severalGrids) + ": read as " + (b.reading || "empty");
  const input = el("input", {
    class: "box" + (b.uncertain ? " uncertain" : "") + (b.by_person ? " person" : ""),
    type: "text", inputmode: "text", autocomplete: "off", spellcheck: "false", "aria-label": label, title: label,
    "data-key": boxKey(b), "data-row": b.row, "data-grid": b.grid, "data-column": b.column,
  });
  input.value = cellText(b.value);
  input.addEventListener("keydown", (event) => {
    if (event.key !== "Enter") return;
    event.preventDefault();
    const parsed = parseCell(input.value);
    if (!parsed) {
      input.classList.add("bad");
      setStatus("Not understood: \"" + input.value + "\". Type a number, x, nothing, 3t or 3t 200.", true);
      return;
    }
    answer(input, { file: card.file, grid: b.grid, column: b.column, row: b.row, value: parsed.value },
           where(b, severalGrids) + " is " + (input.value.trim() || "empty"));
  });
  if (onImage) {
    const [w, h] = card.overlay_size;
    const [x, y, bw, bh] = b.box;
    input.style.setProperty("left", (100 * x / w) + "%");
    input.style.setProperty("top", (100 * y / h) + "%");
    input.style.setProperty("width", (100 * bw / w) + "%");
    input.style.setProperty("height", (100 * bh / h) + "%");
    input.style.setProperty("--h", String(bh / w));
  }
  return input;
}

function nameField(card, player) {
  const label = player.whole_card ? "Player" : "Player of " + (player.grid > 1 ? "grid " + player.grid + ", " : "") +
                "column " + player.column;
  const input = el("input", { type: "text", maxlength: "100", autocomplete: "off", "data-name": player.grid + "/" + player.column,
                              "aria-label": label + " (" + card.file + ")" });
  input.value = player.name || "";
  input.addEventListener("keydown", (event) => {
    if (event.key !== "Enter") return;
    event.preventDefault();
    answer(input, { file: card.file, grid: player.grid, column: player.column, name: input.value.trim() },
           label + " is " + (input.value.trim() || "nobody named"));
  });
  return el("label", {}, el("span", { text: label }), player.crop ? el("img", { src: fileUrl(player.crop), alt: "", loading: "lazy" }) : null, input);
}

// A card the scanner could not read, typed in as its ruleset's sheet is laid
// out: a row per box, a column per score column. Enter (or the button) saves it.
function typingForm(card, state) {
  const typed = state.typed[card.file];
  const grid = typed ? (typed.grids ? typed.grids[0] : typed) : null;
  const form = el("form", { class: "typed-form", "data-typed": card.file });
  const select = el("select", { name: "ruleset", "aria-label": "Ruleset of " + card.file });
  for (const r of state.rulesets)
    select.append(el("option", { value: r.id, text: r.name, selected: grid && grid.ruleset === r.id }));
  const table = el("table", { class: "typed" });
  const layout = () => {
    const ruleset = state.rulesets.find((r) => r.id === select.value);
    const head = el("tr", {}, el("th", { text: "" }));
    for (let c = 0; c < ruleset.columns; ++c) head.append(el("th", { text: "Column " + (c + 1) }));
    const body = el("tbody");
    for (const row of ruleset.rows) {
      const tr = el("tr", {}, el("th", { scope: "row", text: row.name }));
      for (let c = 0; c < ruleset.columns; ++c) {
        const column = grid && grid.ruleset === ruleset.id && (grid.columns || []).find((x) => x.index === c);
        const input = el("input", { type: "text", autocomplete: "off", "data-row": row.id, "data-col": c,
                                    "aria-label": row.name + ", column " + (c + 1) });
        if (column && column.cells) input.value = cellText(column.cells[row.id]);
        tr.append(el("td", {}, input));
      }
      body.append(tr);
    }
    table.replaceChildren(el("thead", {}, head), body);
  };
  select.addEventListener("change", layout);
  layout();
  const button = el("button", { type: "submit", text: "Save the card" });
  form.append(el("p", { text: "Type in what the card says, box by box (a number, x for crossed out, 3t for three ticks), then press Enter." }),
              el("label", {}, document.createTextNode("Ruleset "), select),
              el("div", { class: "typed-scroll" }, table), button);
  form.addEventListener("submit", (event) => {
    event.preventDefault();
    const columns = new Map();
    let bad = null;
    for (const input of table.querySelectorAll("input")) {
      input.classList.remove("bad");
      if (!input.value.trim()) continue;
      const parsed = parseCell(input.value);
      if (!parsed) { input.classList.add("bad"); bad = bad || input; continue; }
      const c = Number(input.dataset.col);
      if (!columns.has(c)) columns.set(c, {});
      columns.get(c)[input.dataset.row] = parsed.value;
    }
    if (bad) { setStatus("Not understood: \"" + bad.value + "\". Type a number, x, nothing, 3t or 3t 200.", true); bad.focus(); return; }
    if (!columns.size) { setStatus("Type at least one box of " + card.file + " first.", true); return; }
    const cardJson = { ruleset: select.value,
                       columns: [...columns.entries()].sort((a, b) => a[0] - b[0]).map(([index, cells]) => ({ index, cells })) };
    answer(button, { file: card.file, card: cardJson }, card.file + " typed in");
  });
  return form;
}

function statusText(status) {
  return { clean: "clean", errors: "errors", review: "needs a look", unreadable: "unreadable" }[status] || status;
}

function cardElement(card, index, players, state) {
  const article = el("article", { class: "card", id: "card-" + index, "data-file": card.file, "data-status": card.status });
  const checking = state.checking.some((input) => card.file === input || card.file.startsWith(input + " page "));
  article.append(el("header", {}, el("h2", { text: card.file }),
                    el("span", { class: "badge " + card.status, text: statusText(card.status) }),
                    checking ? el("span", { class: "checking", text: "checking again…" }) : null));
  const problem = Object.entries(state.problems).find(([input]) => card.file === input || card.file.startsWith(input + " page "));
  if (problem) article.append(el("p", { class: "reason", text: "Could not be checked again: " + problem[1] }));
  if (card.status === "unreadable") {
    article.append(el("p", { class: "reason", text: card.reason || "" }), typingForm(card, state));
    return article;
  }
  article.append(el("p", { class: "summary verdict", text: card.summary || "" }));
  const findings = (card.findings || []).filter((f) => f.code !== "UNCERTAIN_READ");
  if (findings.length) {
    const list = el("ul", { class: "findings" });
    for (const f of findings) list.append(el("li", { class: f.severity, text: "column " + f.column + ": " + f.message }));
    article.append(list);
  }
  const mine = players.filter((p) => p.file === card.file);
  if (mine.length) article.append(el("div", { class: "names" }, ...mine.map((p) => nameField(card, p))));
  const severalGrids = (card.boxes || []).some((b) => b.grid > 1);
  if (card.typed) {
    article.append(typingForm(card, state));
  } else if (card.overlay && card.boxes && card.overlay_size) {
    const figure = el("figure", { class: "sheet" },
                      el("img", { src: fileUrl(card.overlay) + "?v=" + state.version, alt: "What was read on " + card.file,
                                  loading: "lazy" }));
    const boxes = [...card.boxes].sort((a, b) => a.grid - b.grid || a.column - b.column || a.box[1] - b.box[1]);
    for (const b of boxes) figure.append(boxInput(card, b, severalGrids, true));
    article.append(figure);
    // Cells to look at with no box on the picture (a row whose box was not found on the sheet): typed below it.
    const placed = new Set(card.boxes.map(boxKey));
    const unplaced = (card.uncertain || []).filter((u) => !placed.has(boxKey(u)));
    if (unplaced.length) article.append(boxList(card, unplaced, severalGrids));
  } else {
    // A report made before the desk knew where boxes are: the cells to look at, with their crops.
    article.append(boxList(card, card.uncertain || [], severalGrids));
  }
  return article;
}

function renderCounts(summary) {
  const counts = document.getElementById("counts");
  counts.replaceChildren(
    el("a", { href: "#cards", id: "count-cards", text: summary.cards + " cards" }),
    el("a", { href: "#to-look-at", id: "count-errors", text: summary.errors + " with errors" }),
    el("a", { href: "#to-look-at", id: "count-review", text: summary.review + " need a look" }),
    el("a", { href: "#to-look-at", id: "count-unreadable", text: summary.unreadable + " unreadable" }),
    el("a", { href: "#clean-cards", id: "count-clean", text: summary.clean + " clean" }));
}

function renderLeaderboards(summary, cardIds) {
  const section = document.getElementById("leaderboards");
  section.replaceChildren();
  for (const board of summary.leaderboards || []) {
    const body = el("tbody");
    for (const p of board.players) {
      const id = cardIds.get(p.file);
      body.append(el("tr", {},
        el("td", { text: p.rank === null ? "–" : (p.tied ? "=" : "") + p.rank }),
        el("td", { class: "player", text: p.name || p.label || p.player }),
        el("td", { class: "total", text: String(p.recomputed_total) }),
        el("td", {}, id ? el("a", { href: "#" + id, text: p.file }) : document.createTextNode(p.file))));
    }
    section.append(el("div", { class: "leaderboard" },
      el("h2", { text: "Leaderboard: " + board.ruleset_name + (board.title ? ", " + board.title : "") }),
      el("table", {}, el("thead", {}, el("tr", {}, el("th", { text: "Rank" }), el("th", { text: "Player" }),
                                                  el("th", { text: "Total" }), el("th", { text: "Card" }))), body)));
  }
}

// Puts `fresh` in place of `old`, keeping the focus and what is being typed.
function replaceKeepingFocus(old, fresh) {
  const active = document.activeElement;
  let key = null, typed = null;
  if (active && old.contains(active)) {
    key = active.dataset.key ? "[data-key=\"" + active.dataset.key + "\"]" : active.dataset.name ? "[data-name=\"" + active.dataset.name + "\"]" : null;
    if (active.value !== active.dataset.sent) typed = active.value;
  }
  old.replaceWith(fresh);
  if (key) {
    const again = fresh.querySelector(key);
    if (again) {
      if (typed !== null) again.value = typed;
      again.focus({ preventScroll: true });
    }
  }
}

function render(state) {
  const cardIds = new Map();
  state.cards.forEach((card, i) => cardIds.set(card.file, "card-" + i));
  renderCounts(state.summary);
  renderLeaderboards(state.summary, cardIds);
  const holder = document.getElementById("cards");
  let toLook = document.getElementById("to-look-at"), clean = document.getElementById("clean-cards");
  if (!toLook) {
    toLook = el("div", { id: "to-look-at" });
    clean = el("details", { class: "clean-cards", id: "clean-cards" }, el("summary", { text: "Clean cards" }));
    holder.replaceChildren(toLook, clean);
  }
  const seen = new Set();
  state.cards.forEach((card, i) => {
    // Drawn again only when something about this card changed (what is
    // being typed elsewhere stays as it is).
    const mine = (input) => card.file === input || card.file.startsWith(input + " page ");
    const text = JSON.stringify([card, state.players.filter((p) => p.file === card.file), state.checking.some(mine),
                                 Object.entries(state.problems).filter(([input]) => mine(input)),
                                 state.typed[card.file] || null]);
    seen.add(card.file);
    const old = document.querySelector("article[data-file=\"" + CSS.escape(card.file) + "\"]");
    if (old && shown.cards.get(card.file) === text) return;
    const fresh = cardElement(card, i, state.players, state);
    // A card keeps its place while the page is open: one put right and now
    // clean does not jump into the folded list under the person's hands.
    if (old) replaceKeepingFocus(old, fresh);
    else (card.status === "clean" ? clean : toLook).append(fresh);
    shown.cards.set(card.file, text);
  });
  clean.querySelector("summary").textContent = "Clean cards (" + state.summary.clean + ")";
  shown.version = state.version;
}

async function refresh() {
  const response = await fetch(base + "state", { cache: "no-store" });
  if (!response.ok) throw new Error("the desk answered " + response.status);
  const state = await response.json();
  if (state.version !== shown.version) render(state);
  return state;
}

// Asks for the state until no card is being read again.
function poll() {
  if (polling) return;
  const step = async () => {
    try {
      const state = await refresh();
      if (state.checking.length) { polling = setTimeout(step, 500); return; }
      polling = null;
      setStatus(Object.keys(state.problems).length ? "Some cards could not be checked again (see below)." :
                "All answers saved; every card is up to date.", Object.keys(state.problems).length > 0);
      document.body.dataset.idle = String(state.version);
    } catch (e) {
      polling = null;
      setStatus("The desk does not answer (" + e.message + "). Is `scorecheck review` still running?", true);
    }
  };
  polling = setTimeout(step, 300);
}

refresh().then((state) => {
  setStatus(state.summary.errors + state.summary.review + state.summary.unreadable
            ? "The cards to look at come first." : "Every card is clean.");
  document.body.dataset.idle = String(state.version);
}).catch((e) => setStatus("Could not load the report: " + e.message, true));
