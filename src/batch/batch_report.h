#pragma once
// What a batch's records add up to: the summary and leaderboards of
// report.json, and cards.csv (one row per score column somebody played).

#include <string>
#include <utility>
#include <vector>

#include <nlohmann/json.hpp>

#include "rules/ruleset_library.h"

namespace scorecheck {

/// The summary of a batch's card records (CardOutput::record, in batch order):
///   {"cards", "clean", "errors", "review", "unreadable", "players",
///    "leaderboards": [{"ruleset", "ruleset_name", "title", "tie_break", "players": [EntryJson()]}],
///    "unreadable_files": [{"file", "reason"}]}
/// The leaderboards rank players as batch/standings.h says (totals of
/// different rulesets never meet); "players" counts each player once.
nlohmann::ordered_json BatchSummary(const std::vector<nlohmann::ordered_json>& records,
                                    const RulesetLibrary& rulesets);

/// report.json: {"summary": BatchSummary(), "cards": records}.
nlohmann::ordered_json BatchReportJson(const std::vector<nlohmann::ordered_json>& records,
                                       const RulesetLibrary& rulesets);

/// cards.csv: a header line, then per played column (per unreadable file, one
/// row with its reason): file, grid, column, player (the name typed in review,
/// batch/standings.h), ruleset, written grand total, recomputed grand total,
/// errors, warnings, uncertain cells, status, reason. UTF-8 with a
/// byte-order mark, RFC 4180 quoting.
std::string CardsCsv(const std::vector<nlohmann::ordered_json>& records, const RulesetLibrary& rulesets);

}  // namespace scorecheck
