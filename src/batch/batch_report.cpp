#include "batch/batch_report.h"

#include <algorithm>

namespace scorecheck {
namespace {

using Json = nlohmann::ordered_json;

std::string CsvField(const Json& value) {
  std::string text = value.is_null() ? "" : value.is_string() ? value.get<std::string>() : value.dump();
  if (text.find_first_of(",\"\r\n") == std::string::npos) return text;
  std::string quoted = "\"";
  for (const char c : text) {
    if (c == '"') quoted += '"';
    quoted += c;
  }
  return quoted + "\"";
}

int Count(const std::vector<Json>& records, const std::string& status) {
  return static_cast<int>(std::count_if(records.begin(), records.end(),
                                        [&](const Json& r) { return r.value("status", "") == status; }));
}

}  // namespace

std::vector<std::pair<std::string, std::vector<PlayedColumn>>> PlayedColumnsByRuleset(const std::vector<Json>& records) {
  std::vector<std::pair<std::string, std::vector<PlayedColumn>>> groups;
  for (const Json& record : records) {
    if (record.value("status", "") == "unreadable" || !record.contains("columns")) continue;
    for (const Json& column : record["columns"]) {
      if (column["recomputed_total"].is_null()) continue;
      const std::string ruleset = column["ruleset"];
      auto it = std::find_if(groups.begin(), groups.end(), [&](const auto& g) { return g.first == ruleset; });
      if (it == groups.end()) it = groups.insert(groups.end(), {ruleset, {}});
      it->second.push_back({&record, &column});
    }
  }
  return groups;
}

Json BatchSummary(const std::vector<Json>& records, const RulesetLibrary& rulesets) {
  Json summary;
  summary["cards"] = records.size();
  for (const char* status : {"clean", "errors", "review", "unreadable"}) summary[status] = Count(records, status);

  std::vector<std::string> order;
  std::vector<std::vector<Json>> players;
  int player_count = 0;
  for (const auto& [ruleset, played] : PlayedColumnsByRuleset(records)) {
    order.push_back(ruleset);
    players.emplace_back();
    for (const PlayedColumn& p : played) {
      const Json& record = *p.record;
      const Json& column = *p.column;
      Json player = {{"file", record["file"]},
                     {"grid", column["grid"]},
                     {"column", column["column"]},
                     {"name_crop", column.value("name_crop", "")},
                     {"name", column.value("name", "")},
                     {"recomputed_total", column["recomputed_total"]},
                     {"written_total", column["written_total"]}};
      player["difference"] = column["written_total"].is_null()
                                 ? Json(nullptr)
                                 : Json(column["written_total"].get<int>() - column["recomputed_total"].get<int>());
      player["status"] = column["status"];
      players.back().push_back(player);
      ++player_count;
    }
  }
  summary["players"] = player_count;
  Json boards = Json::array();
  for (size_t r = 0; r < order.size(); ++r) {
    std::vector<Json>& list = players[r];
    // Stable: equal totals keep the batch's order, and are shown as ties.
    std::stable_sort(list.begin(), list.end(), [](const Json& a, const Json& b) {
      return a["recomputed_total"].get<int>() > b["recomputed_total"].get<int>();
    });
    for (size_t i = 0; i < list.size(); ++i) {
      const int total = list[i]["recomputed_total"];
      size_t first = i;
      while (first > 0 && list[first - 1]["recomputed_total"].get<int>() == total) --first;
      const bool tied = (i > 0 && list[i - 1]["recomputed_total"].get<int>() == total) ||
                        (i + 1 < list.size() && list[i + 1]["recomputed_total"].get<int>() == total);
      list[i]["rank"] = first + 1;
      list[i]["tied"] = tied;
    }
    const Ruleset* ruleset = rulesets.Find(order[r]);
    boards.push_back({{"ruleset", order[r]},
                      {"ruleset_name", ruleset ? ruleset->name : order[r]},
                      {"tie_break", ruleset ? ruleset->tie_break : ""},
                      {"players", list}});
  }
  summary["leaderboards"] = boards;
  Json unreadable = Json::array();
  for (const Json& record : records)
    if (record.value("status", "") == "unreadable")
      unreadable.push_back({{"file", record["file"]}, {"reason", record.value("reason", "")}});
  summary["unreadable_files"] = unreadable;
  return summary;
}

Json BatchReportJson(const std::vector<Json>& records, const RulesetLibrary& rulesets) {
  Json report;
  report["summary"] = BatchSummary(records, rulesets);
  report["cards"] = records;
  return report;
}

std::string CardsCsv(const std::vector<Json>& records) {
  std::string csv =
      "file,grid,column,ruleset,written_total,recomputed_total,errors,warnings,uncertain,status,reason\r\n";
  auto row = [&](const std::vector<Json>& fields) {
    for (size_t i = 0; i < fields.size(); ++i) {
      if (i) csv += ',';
      csv += CsvField(fields[i]);
    }
    csv += "\r\n";
  };
  for (const Json& record : records) {
    if (record.value("status", "") == "unreadable") {
      row({record["file"], nullptr, nullptr, nullptr, nullptr, nullptr, nullptr, nullptr, nullptr, "unreadable",
           record.value("reason", "")});
      continue;
    }
    for (const Json& c : record["columns"])
      row({record["file"], c["grid"], c["column"], c["ruleset"], c["written_total"], c["recomputed_total"],
           c["errors"], c["warnings"], c["uncertain"], c["status"], ""});
  }
  return csv;
}

}  // namespace scorecheck
