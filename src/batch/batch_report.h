#pragma once
// What a batch's records add up to: the summary and leaderboards of
// report.json, and cards.csv (one row per score column somebody played).

#include <string>
#include <utility>
#include <vector>

#include <nlohmann/json.hpp>

#include "rules/ruleset_library.h"

namespace scorecheck {

/// One score column somebody played: its card's record and the record's
/// "columns" entry (pointers into the records given).
struct PlayedColumn {
  const nlohmann::ordered_json* record = nullptr;
  const nlohmann::ordered_json* column = nullptr;
};

/// The played columns with a recomputed total, grouped by ruleset (totals of
/// different games do not compare), rulesets in the order they first appear,
/// columns in batch order.
std::vector<std::pair<std::string, std::vector<PlayedColumn>>> PlayedColumnsByRuleset(
    const std::vector<nlohmann::ordered_json>& records);

/// The summary of a batch's card records (CardOutput::record, in batch order):
///   {"cards", "clean", "errors", "review", "unreadable", "players",
///    "leaderboards": [{"ruleset", "ruleset_name", "tie_break", "players":
///      [{"rank", "tied", "file", "grid", "column", "name_crop", "name", "recomputed_total",
///        "written_total", "difference", "status"}]}],
///    "unreadable_files": [{"file", "reason"}]}
/// A leaderboard per ruleset (totals of different games do not compare),
/// best recomputed total first; equal totals share a rank and are marked tied,
/// never ordered by anything else. "difference" is written minus recomputed
/// (null when no total is written).
nlohmann::ordered_json BatchSummary(const std::vector<nlohmann::ordered_json>& records,
                                    const RulesetLibrary& rulesets);

/// report.json: {"summary": BatchSummary(), "cards": records}.
nlohmann::ordered_json BatchReportJson(const std::vector<nlohmann::ordered_json>& records,
                                       const RulesetLibrary& rulesets);

/// cards.csv: a header line, then per played column (per unreadable file, one
/// row with its reason): file, grid, column, ruleset, written grand total,
/// recomputed grand total, errors, warnings, uncertain cells, status, reason.
/// RFC 4180 quoting.
std::string CardsCsv(const std::vector<nlohmann::ordered_json>& records);

}  // namespace scorecheck
