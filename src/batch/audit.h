#pragma once
// The referee's view of a disputed result: the players' cards side by side,
// written and recomputed totals, every finding, who wins after recomputation
// and whether the written totals said otherwise, and the cells that decide it.

#include <string>
#include <vector>

#include <nlohmann/json.hpp>

#include "rules/ruleset_library.h"

namespace scorecheck {

/// The audit of card records (CardOutput::record, as report.json lists them):
///   {"games": [{"ruleset", "ruleset_name", "tie_break",
///      "players": [{"label", "file", "grid", "column", "name", "name_crop",
///                   "written_total", "recomputed_total", "errors", "warnings", "status"}],
///      "by_written": [labels], "by_recomputed": [labels], "changes": bool, "verdict",
///      "findings": [{"player", "severity", "message"}],
///      "evidence": [{"player", "row_name", "reading", "confidence", "crop"}]}],
///    "unreadable": [{"file", "reason"}]}
/// One game per ruleset (totals of different games do not compare); players
/// best recomputed total first. Ties are named as ties, never broken.
/// Evidence: the grand totals, the cells named by findings and the uncertain
/// cells of the players the result depends on (the winners by either total
/// and the runner-up). `picture_prefix` is put before every crop path (the
/// records' paths are relative to their report folder).
nlohmann::ordered_json Audit(const std::vector<nlohmann::ordered_json>& records, const RulesetLibrary& rulesets,
                             const std::string& picture_prefix = "");

/// The audit as text for a terminal.
std::string AuditText(const nlohmann::ordered_json& audit);

/// The audit as one HTML page: <templates_dir>/report/audit.html with
/// report/style.css inlined. Throws Error when a template is missing or malformed.
std::string AuditHtml(const nlohmann::ordered_json& audit, const std::string& templates_dir);

}  // namespace scorecheck
