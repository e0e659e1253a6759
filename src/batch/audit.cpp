#include "batch/audit.h"

#include <algorithm>
#include <cmath>
#include <set>
#include <sstream>

#include "batch/standings.h"
#include "batch/index_html.h"
#include "core/text.h"
#include "report/html_template.h"

namespace scorecheck {
namespace {

using Json = nlohmann::ordered_json;

// "A", "A and B", "A, B and C".
std::string Names(const std::vector<std::string>& names) {
  if (names.size() <= 1) return names.empty() ? "" : names[0];
  return Join(std::vector<std::string>(names.begin(), names.end() - 1), ", ") + " and " + names.back();
}

// The players with the best value of `total` (none when nobody has one).
std::vector<std::string> Best(const std::vector<Json>& players, const char* total) {
  std::optional<int> best;
  for (const Json& p : players)
    if (!p[total].is_null()) best = std::max(best.value_or(p[total].get<int>()), p[total].get<int>());
  std::vector<std::string> labels;
  for (const Json& p : players)
    if (best && !p[total].is_null() && p[total].get<int>() == *best) labels.push_back(p["label"]);
  return labels;
}

std::string Verdict(const std::vector<Json>& players, const std::vector<std::string>& by_recomputed,
                    const std::vector<std::string>& by_written, const std::string& tie_break) {
  std::ostringstream text;
  if (by_recomputed.empty())
    return "No grand total is written, so nobody is ranked and this audit names no winner.";
  const int best = players.front()["recomputed_total"];
  if (by_recomputed.size() > 1) {
    text << Names(by_recomputed) << " tie on " << best << " after recomputation"
         << (tie_break.empty() ? "" : " (" + tie_break + ")") << "; this audit names no winner.";
  } else {
    text << "Winner after recomputation: " << by_recomputed[0] << " with " << best << ".";
  }
  const std::set<std::string> a(by_recomputed.begin(), by_recomputed.end()), b(by_written.begin(), by_written.end());
  if (by_written.empty()) {
    text << " No grand total is written, so there is no written result to compare.";
  } else if (a == b) {
    text << " The written totals give the same result.";
  } else {
    text << " The written totals gave " << (by_written.size() > 1 ? "a tie between " : "the win to ")
         << Names(by_written) << ": the result changes.";
  }
  return text.str();
}

// An audit's player: a leaderboard entry with its findings counted.
Json AuditPlayer(const Standing::Entry& entry, const std::string& picture_prefix) {
  const Json& first = *entry.columns.front().column;
  int errors = 0, warnings = 0;
  for (const RecordColumn& c : entry.columns) {
    errors += (*c.column)["errors"].get<int>();
    warnings += (*c.column)["warnings"].get<int>();
  }
  Json player = {{"label", entry.label},
                 {"file", (*entry.columns.front().record)["file"]},
                 {"grid", first["grid"]},
                 {"column", first["column"]},
                 {"name", entry.name},
                 {"rank", entry.rank ? Json(*entry.rank) : Json(nullptr)},
                 {"finished", entry.finished},
                 {"written_total", entry.written_total ? Json(*entry.written_total) : Json(nullptr)},
                 {"recomputed_total", entry.recomputed_total},
                 {"errors", errors},
                 {"warnings", warnings},
                 {"status", entry.status}};
  if (first.contains("name_crop")) player["name_crop"] = picture_prefix + first["name_crop"].get<std::string>();
  return player;
}

// Whether the record column `c` is the grid and column of `item` (a finding or a cell).
bool Same(const RecordColumn& c, const Json& item) {
  return item["grid"] == (*c.column)["grid"] && item["column"] == (*c.column)["column"];
}

}  // namespace

Json Audit(const std::vector<Json>& records, const RulesetLibrary& rulesets, const std::string& picture_prefix) {
  Json unreadable = Json::array();
  for (const Json& record : records)
    if (record.value("status", "") == "unreadable")
      unreadable.push_back({{"file", record["file"]}, {"reason", record.value("reason", "")}});
  Json games = Json::array();
  for (const Standing& standing : Standings(records, rulesets)) {
    std::vector<Json> players;
    for (const Standing::Entry& entry : standing.entries) players.push_back(AuditPlayer(entry, picture_prefix));
    const Ruleset* ruleset = rulesets.Find(standing.ruleset);
    const std::string tie_break = ruleset ? ruleset->tie_break : "";
    // Winners among the ranked (a game without its written grand total is not ranked).
    std::vector<Json> ranked;
    for (const Json& p : players)
      if (p["finished"].get<bool>()) ranked.push_back(p);
    const std::vector<std::string> by_recomputed = Best(ranked, "recomputed_total");
    const std::vector<std::string> by_written = Best(ranked, "written_total");
    const std::set<std::string> a(by_recomputed.begin(), by_recomputed.end()), b(by_written.begin(), by_written.end());

    // Whom the result depends on: the winners by either total and the next
    // best after the recomputed winners (all of them when they tie).
    std::set<std::string> deciding(a.begin(), a.end());
    deciding.insert(b.begin(), b.end());
    std::optional<int> next_best;
    for (const Json& p : ranked) {
      const int total = p["recomputed_total"];
      if (a.count(p["label"]) || (next_best && total != *next_best)) continue;
      next_best = total;
      deciding.insert(p["label"].get<std::string>());
    }
    Json findings = Json::array(), evidence = Json::array();
    for (size_t i = 0; i < standing.entries.size(); ++i) {
      const Standing::Entry& entry = standing.entries[i];
      const std::string& label = entry.label;
      for (const RecordColumn& c : entry.columns) {
        const Json& record = *c.record;
        for (const Json& f : record.value("findings", Json::array()))
          if (Same(c, f)) findings.push_back({{"player", label}, {"severity", f["severity"]}, {"message", f["message"]}});
        if (!deciding.count(label)) continue;
        std::set<std::string> rows;
        for (const char* list : {"evidence", "uncertain"})
          for (const Json& cell : record.value(list, Json::array())) {
            if (!Same(c, cell) || !rows.insert(cell["row"].get<std::string>()).second) continue;
            Json item = {{"player", label}, {"row_name", cell["row_name"]}, {"reading", cell["reading"]}};
            item["confidence"] = PercentText(cell["confidence"]);
            if (cell.contains("crop")) item["crop"] = picture_prefix + cell["crop"].get<std::string>();
            evidence.push_back(item);
          }
      }
    }
    games.push_back({{"ruleset", standing.ruleset},
                     {"ruleset_name", ruleset ? ruleset->name : standing.ruleset},
                     {"title", standing.title},
                     {"tie_break", tie_break},
                     {"players", players},
                     {"by_written", by_written},
                     {"by_recomputed", by_recomputed},
                     {"changes", a != b && !b.empty()},
                     {"verdict", Verdict(ranked.empty() ? players : ranked, by_recomputed, by_written, tie_break)},
                     {"findings", findings},
                     {"evidence", evidence}});
  }
  return {{"games", games}, {"unreadable", unreadable}};
}

std::string AuditText(const Json& audit) {
  std::ostringstream text;
  for (const Json& game : audit["games"]) {
    const std::string title = game.value("title", "");
    text << game["ruleset_name"].get<std::string>() << (title.empty() ? "" : ", " + title) << ": "
         << game["players"].size() << (game["players"].size() == 1 ? " player\n" : " players\n");
    size_t width = 6;
    for (const Json& p : game["players"]) width = std::max(width, p["label"].get<std::string>().size());
    text << "  " << std::string("player") << std::string(width - 6, ' ') << "  written  recomputed  findings\n";
    for (const Json& p : game["players"]) {
      const std::string label = p["label"];
      const std::string written = p["written_total"].is_null() ? "-" : std::to_string(p["written_total"].get<int>());
      std::string findings = p["errors"].get<int>() ? std::to_string(p["errors"].get<int>()) + " errors" : "";
      if (p["warnings"].get<int>())
        findings += (findings.empty() ? "" : ", ") + std::to_string(p["warnings"].get<int>()) + " warnings";
      if (findings.empty()) findings = "none";
      if (!p.value("finished", true)) findings += " (no grand total read: not ranked)";
      char line[64];
      std::snprintf(line, sizeof line, "  %7s  %10d  ", written.c_str(), p["recomputed_total"].get<int>());
      text << "  " << label << std::string(width - label.size(), ' ') << line << findings << "\n";
    }
    text << game["verdict"].get<std::string>() << "\n";
    if (!game["findings"].empty()) {
      text << "Findings:\n";
      for (const Json& f : game["findings"])
        text << "  " << f["player"].get<std::string>() << ": " << f["severity"].get<std::string>() << ": "
             << f["message"].get<std::string>() << "\n";
    }
    if (!game["evidence"].empty()) {
      text << "Cells that decide it (look at the pictures):\n";
      for (const Json& e : game["evidence"]) {
        text << "  " << e["player"].get<std::string>() << ", " << e["row_name"].get<std::string>() << ": read "
             << e["reading"].get<std::string>();
        if (!e["confidence"].get<std::string>().empty()) text << " (" << e["confidence"].get<std::string>() << " sure)";
        if (e.contains("crop")) text << "  " << e["crop"].get<std::string>();
        text << "\n";
      }
    }
    text << "\n";
  }
  for (const Json& bad : audit["unreadable"])
    text << "Could not be read: " << bad["file"].get<std::string>() << ": " << bad["reason"].get<std::string>()
         << "\n";
  return text.str();
}

std::string AuditHtml(const Json& audit, const std::string& templates_dir) {
  Json context = audit;
  for (Json& game : context["games"]) {
    for (Json& p : game["players"]) {
      p["written_text"] = p["written_total"].is_null() ? "—" : std::to_string(p["written_total"].get<int>());
      p["winner"] = std::find(game["by_recomputed"].begin(), game["by_recomputed"].end(), p["label"]) !=
                    game["by_recomputed"].end();
      if (p.contains("name_crop")) p["name_crop_url"] = UrlPath(p["name_crop"]);
    }
    for (Json& e : game["evidence"])
      if (e.contains("crop")) e["crop_url"] = UrlPath(e["crop"]);
    game["any_findings"] = !game["findings"].empty();
    game["any_evidence"] = !game["evidence"].empty();
  }
  context["any_unreadable"] = !audit["unreadable"].empty();
  return RenderReportPage(templates_dir, "audit.html", context);
}

}  // namespace scorecheck
