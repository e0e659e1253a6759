#pragma once
// A card record read back from disk (report.json for `audit` and `review`,
// cards/<name>.json for `batch --resume`): the files are ours, but a person
// may edit, truncate or mix them up. Every field the readers use is checked
// here once, so that they can trust the format (card_record.h).

#include <string>

#include <nlohmann/json.hpp>

namespace scorecheck {

/// Throws Error naming the first field of `record` that is missing or not as
/// ScannedCardOutput()/FailedCardOutput() write it, e.g.
/// "columns[1].grid: not a whole number from 1 to 1000"; `where` starts the
/// message ("cards[3]"). Picture paths must stay inside the report folder.
void CheckCardRecord(const nlohmann::ordered_json& record, const std::string& where);

/// REPORT_DIR/report.json read back, every card record checked. Throws Error
/// naming the file and the cause (missing: says to run `scorecheck batch`
/// first; not JSON or without "cards"; the first damaged record).
nlohmann::ordered_json LoadBatchReport(const std::string& report_dir);

}  // namespace scorecheck
