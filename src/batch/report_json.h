#pragma once
// report.json written a card at a time. A batch keeps in memory only what its
// summary and index need (BatchRecords); each card's whole record is read back
// from its card file as the report reaches it, so writing the report of
// thousands of cards takes the memory of one.

#include <string>

#include <nlohmann/json.hpp>

#include "batch/run_batch.h"

namespace scorecheck {

/// Writes report.json at `path` (atomically): {"summary": summary, "cards":
/// [every card's whole record, in batch order], then the members of `extra`},
/// byte for byte as `dump(2)` of that object followed by a newline. A card
/// whose card file no longer holds it soundly (removed or changed while the
/// batch ran; CheckCardRecord) is written as `batch` keeps it. Throws Error
/// when the file cannot be written.
void WriteReportJson(const std::string& path, const nlohmann::ordered_json& summary, const BatchRecords& batch,
                     const std::string& report_dir, const nlohmann::ordered_json& extra);

}  // namespace scorecheck
