#include "batch/batch_report.h"

#include "batch/standings.h"

#include <algorithm>
#include <map>

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

Json BatchSummary(const std::vector<Json>& records, const RulesetLibrary& rulesets) {
  Json summary;
  summary["cards"] = records.size();
  for (const char* status : {"clean", "errors", "review", "unreadable"}) summary[status] = Count(records, status);

  const std::vector<Standing> standings = Standings(records, rulesets);
  summary["players"] = PlayerCount(standings);
  Json boards = Json::array();
  for (const Standing& standing : standings) {
    const Ruleset* ruleset = rulesets.Find(standing.ruleset);
    Json players = Json::array();
    for (const Standing::Entry& entry : standing.entries) players.push_back(EntryJson(entry));
    boards.push_back({{"ruleset", standing.ruleset},
                      {"ruleset_name", ruleset ? ruleset->name : standing.ruleset},
                      {"title", standing.title},
                      {"tie_break", ruleset ? ruleset->tie_break : ""},
                      {"players", players}});
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

std::string CardsCsv(const std::vector<Json>& records, const RulesetLibrary& rulesets) {
  // Each column's player's name, as the standings know it (typed once per
  // player, whichever of the player's columns it was typed at).
  std::map<const Json*, std::string> names;
  const std::vector<Standing> standings = Standings(records, rulesets);
  for (const Standing& standing : standings)
    for (const Standing::Entry& entry : standing.entries)
      for (const RecordColumn& column : entry.columns)
        if (!entry.name.empty()) names[column.column] = entry.name;
  // UTF-8 with its byte-order mark: spreadsheets take a file without one for
  // their local code page and show "Zoë" as "ZoÃ«".
  std::string csv =
      "\xEF\xBB\xBF"
      "file,grid,column,player,ruleset,written_total,recomputed_total,errors,warnings,uncertain,status,reason\r\n";
  auto row = [&](const std::vector<Json>& fields) {
    for (size_t i = 0; i < fields.size(); ++i) {
      if (i) csv += ',';
      csv += CsvField(fields[i]);
    }
    csv += "\r\n";
  };
  for (const Json& record : records) {
    if (record.value("status", "") == "unreadable") {
      row({record["file"], nullptr, nullptr, nullptr, nullptr, nullptr, nullptr, nullptr, nullptr, nullptr,
           "unreadable", record.value("reason", "")});
      continue;
    }
    for (const Json& c : record["columns"]) {
      const auto named = names.find(&c);
      row({record["file"], c["grid"], c["column"], named == names.end() ? "" : named->second, c["ruleset"],
           c["written_total"], c["recomputed_total"], c["errors"], c["warnings"], c["uncertain"], c["status"], ""});
    }
  }
  return csv;
}

}  // namespace scorecheck
