#include "batch/index_html.h"

#include <cmath>
#include <cstdio>
#include <map>

#include "core/text.h"
#include "report/html_template.h"

namespace scorecheck {
namespace {

using Json = nlohmann::ordered_json;

std::string Where(const Json& item, bool several_grids) {
  std::string where;
  if (several_grids) where = "grid " + std::to_string(item["grid"].get<int>()) + ", ";
  return where.append("column ").append(std::to_string(item["column"].get<int>()));
}

std::string StatusText(const std::string& status) {
  if (status == "clean") return "clean";
  if (status == "errors") return "errors";
  if (status == "review") return "needs a look";
  return "unreadable";
}

std::string Signed(int value) {
  std::string text = value > 0 ? "+" : "";
  return text.append(std::to_string(value));
}

Json CardContext(const Json& card) {
  Json out;
  const std::string status = card.value("status", "unreadable");
  out["file"] = card["file"];
  out["status"] = status;
  out["status_text"] = StatusText(status);
  out["reason"] = card.value("reason", "");
  out["summary"] = card.value("summary", "");
  out["sheet"] = card.value("sheet", "");
  if (card.contains("overlay")) out["overlay_url"] = UrlPath(card["overlay"]);
  if (card.contains("thumbnail")) out["thumbnail_url"] = UrlPath(card["thumbnail"]);
  bool several_grids = false;
  if (card.contains("columns"))
    for (const Json& column : card["columns"]) several_grids |= column["grid"].get<int>() > 1;
  Json findings = Json::array();
  if (card.contains("findings"))
    for (const Json& f : card["findings"]) {
      if (f["code"] == "UNCERTAIN_READ") continue;  // shown with their crops below
      findings.push_back({{"severity", f["severity"]}, {"where", Where(f, several_grids)}, {"message", f["message"]}});
    }
  out["findings"] = findings;
  out["any_findings"] = !findings.empty();
  Json uncertain = Json::array();
  if (card.contains("uncertain"))
    for (const Json& u : card["uncertain"]) {
      Json item = {{"where", Where(u, several_grids)}, {"row_name", u["row_name"]}, {"reading", u["reading"]}};
      item["confidence"] = PercentText(u["confidence"]);
      if (u.contains("crop")) item["crop_url"] = UrlPath(u["crop"]);
      uncertain.push_back(item);
    }
  out["uncertain"] = uncertain;
  out["any_uncertain"] = !uncertain.empty();
  Json corrected = Json::array();
  if (card.contains("corrected"))
    for (const Json& c : card["corrected"])
      corrected.push_back({{"where", Where(c, several_grids)}, {"row_name", c["row_name"]}, {"value", c["value"]}});
  out["corrected"] = corrected;
  out["any_corrected"] = !corrected.empty();
  out["correction_problems"] = card.value("correction_problems", Json::array());
  return out;
}

// Where a leaderboard entry's totals come from, after its file: "column 3",
// "grid 2, column 1", "columns 1, 2, 3", "column 4, grids 1, 2".
std::string PlayedWhere(const Json& entry) {
  const Json& columns = entry["columns"];
  bool one_grid = true, one_column = true;
  std::string grids, numbers;
  for (const Json& c : columns) {
    one_grid &= c[0] == columns[0][0];
    one_column &= c[1] == columns[0][1];
    grids += (grids.empty() ? "" : ", ") + std::to_string(c[0].get<int>());
    numbers += (numbers.empty() ? "" : ", ") + std::to_string(c[1].get<int>());
  }
  const int grid = columns[0][0], column = columns[0][1];
  const std::string grid_text = grid == 1 ? "" : "grid " + std::to_string(grid) + ", ";
  if (columns.size() == 1) return grid_text + "column " + std::to_string(column);
  if (one_grid) return grid_text + "columns " + numbers;
  if (one_column) return "column " + std::to_string(column) + ", grids " + grids;
  return std::to_string(columns.size()) + " columns";
}

}  // namespace

std::string PercentText(const Json& confidence) {
  if (!confidence.is_number()) return "";
  return std::to_string(std::lround(confidence.get<double>() * 100)) + "%";
}

std::string UrlPath(const std::string& path) {
  std::string out;
  for (const unsigned char c : path) {
    if (std::isalnum(c) || c == '-' || c == '_' || c == '.' || c == '~' || c == '/') {
      out += static_cast<char>(c);
    } else {
      char hex[4];
      std::snprintf(hex, sizeof hex, "%%%02X", c);
      out += hex;
    }
  }
  return out;
}

Json IndexHtmlContext(const Json& report) {
  const Json& summary = report["summary"];
  Json context;
  context["summary"] = {{"cards", summary["cards"]},       {"clean", summary["clean"]},
                        {"errors", summary["errors"]},     {"review", summary["review"]},
                        {"unreadable", summary["unreadable"]}, {"players", summary["players"]}};
  // Each card's place on the page, for the leaderboards' links.
  std::map<std::string, std::string> anchors;
  for (size_t i = 0; i < report["cards"].size(); ++i)
    anchors.emplace(report["cards"][i].value("file", ""), "card-" + std::to_string(i + 1));
  Json boards = Json::array();
  for (const Json& board : summary["leaderboards"]) {
    Json players = Json::array();
    for (const Json& p : board["players"]) {
      Json row;
      std::string rank = p["tied"].get<bool>() ? "=" : "";
      row["rank"] = p["rank"].is_null() ? "—" : rank.append(std::to_string(p["rank"].get<int>()));
      row["tied"] = p["tied"];
      row["unfinished"] = !p["finished"].get<bool>();
      row["file"] = p["file"];
      const auto anchor = anchors.find(p["file"].get<std::string>());
      if (anchor != anchors.end()) row["card_anchor"] = anchor->second;
      row["column"] = PlayedWhere(p);
      if (!p["name_crop"].get<std::string>().empty()) row["name_crop_url"] = UrlPath(p["name_crop"]);
      row["name"] = p.value("name", "");
      row["recomputed_total"] = p["recomputed_total"];
      row["written_total"] = p["written_total"].is_null() ? "—" : std::to_string(p["written_total"].get<int>());
      const bool wrong = !p["difference"].is_null() && p["difference"].get<int>() != 0;
      row["wrong"] = wrong;
      row["difference"] = wrong ? Signed(p["difference"].get<int>()) : "";
      row["status"] = p["status"];
      row["status_text"] = StatusText(p["status"]);
      players.push_back(row);
    }
    bool any_tie = false;
    for (const Json& p : board["players"]) any_tie |= p["tied"].get<bool>();
    Json b = {{"ruleset_name", board["ruleset_name"]}, {"title", board["title"]}, {"players", players}};
    if (any_tie)
      b["tie_note"] = board["tie_break"].get<std::string>().empty()
                          ? "Equal totals are ties; this report does not break them."
                          : "Equal totals are ties; " + board["tie_break"].get<std::string>() +
                                ". This report does not break them.";
    boards.push_back(b);
  }
  context["leaderboards"] = boards;
  // The cards to look at first, in batch order; then the clean ones, folded
  // away (the template opens a <details> at the first clean card).
  Json look = Json::array(), clean = Json::array(), unreadable = Json::array();
  for (size_t i = 0; i < report["cards"].size(); ++i) {
    const Json& card = report["cards"][i];
    if (card.value("status", "") == "unreadable") {
      unreadable.push_back({{"file", card["file"]}, {"reason", card.value("reason", "")}});
      continue;
    }
    Json shown = CardContext(card);
    shown["anchor"] = "card-" + std::to_string(i + 1);
    (shown["status"] == "clean" ? clean : look).push_back(std::move(shown));
  }
  if (!clean.empty()) clean[0]["first_clean"] = true;
  Json cards = look;
  for (Json& card : clean) cards.push_back(std::move(card));
  context["cards"] = cards;
  context["any_clean"] = !clean.empty();
  context["unreadable"] = unreadable;
  context["any_unreadable"] = !unreadable.empty();
  return context;
}

std::string IndexHtml(const Json& report, const std::string& templates_dir) {
  return RenderReportPage(templates_dir, "index.html", IndexHtmlContext(report));
}

}  // namespace scorecheck
