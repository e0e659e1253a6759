#include "batch/audit.h"

#include <algorithm>
#include <cmath>
#include <set>
#include <sstream>

#include "batch/batch_report.h"
#include "batch/index_html.h"
#include "core/text.h"
#include "report/html_template.h"

namespace scorecheck {
namespace {

using Json = nlohmann::ordered_json;

std::string Label(const Json& record, const Json& column) {
  if (column.contains("name") && !column["name"].get<std::string>().empty()) return column["name"];
  std::string label = record["file"].get<std::string>();
  if (column["grid"].get<int>() > 1) label += " grid " + std::to_string(column["grid"].get<int>());
  return label + " column " + std::to_string(column["column"].get<int>());
}

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

}  // namespace

Json Audit(const std::vector<Json>& records, const RulesetLibrary& rulesets, const std::string& picture_prefix) {
  Json unreadable = Json::array();
  for (const Json& record : records)
    if (record.value("status", "") == "unreadable")
      unreadable.push_back({{"file", record["file"]}, {"reason", record.value("reason", "")}});
  std::vector<std::string> order;
  std::vector<std::vector<Json>> players;  // per ruleset
  std::vector<std::vector<const Json*>> sources;
  for (const auto& [ruleset, played] : PlayedColumnsByRuleset(records)) {
    order.push_back(ruleset);
    players.emplace_back();
    sources.emplace_back();
    for (const PlayedColumn& p : played) {
      const Json& record = *p.record;
      const Json& column = *p.column;
      Json player = {{"label", Label(record, column)},  {"file", record["file"]},
                     {"grid", column["grid"]},          {"column", column["column"]},
                     {"name", column.value("name", "")}, {"written_total", column["written_total"]},
                     {"recomputed_total", column["recomputed_total"]}, {"errors", column["errors"]},
                     {"warnings", column["warnings"]},  {"status", column["status"]}};
      if (column.contains("name_crop")) player["name_crop"] = picture_prefix + column["name_crop"].get<std::string>();
      players.back().push_back(player);
      sources.back().push_back(&record);
    }
  }
  Json games = Json::array();
  for (size_t r = 0; r < order.size(); ++r) {
    // Best first; equal totals keep the order given.
    std::vector<size_t> index(players[r].size());
    for (size_t i = 0; i < index.size(); ++i) index[i] = i;
    std::stable_sort(index.begin(), index.end(), [&](size_t a, size_t b) {
      return players[r][a]["recomputed_total"].get<int>() > players[r][b]["recomputed_total"].get<int>();
    });
    std::vector<Json> sorted;
    std::vector<const Json*> sorted_sources;
    for (size_t i : index) {
      sorted.push_back(players[r][i]);
      sorted_sources.push_back(sources[r][i]);
    }
    const Ruleset* ruleset = rulesets.Find(order[r]);
    const std::string tie_break = ruleset ? ruleset->tie_break : "";
    const std::vector<std::string> by_recomputed = Best(sorted, "recomputed_total");
    const std::vector<std::string> by_written = Best(sorted, "written_total");
    const std::set<std::string> a(by_recomputed.begin(), by_recomputed.end()), b(by_written.begin(), by_written.end());

    // Whom the result depends on: the winners by either total and the next
    // best after the recomputed winners (all of them when they tie).
    std::set<std::string> deciding(a.begin(), a.end());
    deciding.insert(b.begin(), b.end());
    std::optional<int> next_best;
    for (const Json& p : sorted) {
      const int total = p["recomputed_total"];
      if (a.count(p["label"]) || (next_best && total != *next_best)) continue;
      next_best = total;
      deciding.insert(p["label"].get<std::string>());
    }
    Json findings = Json::array(), evidence = Json::array();
    for (size_t i = 0; i < sorted.size(); ++i) {
      const Json& p = sorted[i];
      const Json& record = *sorted_sources[i];
      const int grid = p["grid"], column = p["column"];
      for (const Json& f : record.value("findings", Json::array()))
        if (f["grid"] == grid && f["column"] == column)
          findings.push_back({{"player", p["label"]}, {"severity", f["severity"]}, {"message", f["message"]}});
      if (!deciding.count(p["label"])) continue;
      std::set<std::string> rows;
      for (const char* list : {"evidence", "uncertain"})
        for (const Json& cell : record.value(list, Json::array())) {
          if (cell["grid"] != grid || cell["column"] != column || !rows.insert(cell["row"].get<std::string>()).second)
            continue;
          Json item = {{"player", p["label"]}, {"row_name", cell["row_name"]}, {"reading", cell["reading"]}};
          item["confidence"] = PercentText(cell["confidence"]);
          if (cell.contains("crop")) item["crop"] = picture_prefix + cell["crop"].get<std::string>();
          evidence.push_back(item);
        }
    }
    games.push_back({{"ruleset", order[r]},
                     {"ruleset_name", ruleset ? ruleset->name : order[r]},
                     {"tie_break", tie_break},
                     {"players", sorted},
                     {"by_written", by_written},
                     {"by_recomputed", by_recomputed},
                     {"changes", a != b && !b.empty()},
                     {"verdict", Verdict(sorted, by_recomputed, by_written, tie_break)},
                     {"findings", findings},
                     {"evidence", evidence}});
  }
  return {{"games", games}, {"unreadable", unreadable}};
}

std::string AuditText(const Json& audit) {
  std::ostringstream text;
  for (const Json& game : audit["games"]) {
    text << game["ruleset_name"].get<std::string>() << ": " << game["players"].size() << " players\n";
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
