#pragma once
// A person's answers (review) put on a scanned card before it is checked: the
// answered cells hold what the person said, as typed cells (never uncertain),
// and the card is verified again.

#include <string>
#include <vector>

#include "card/corrections.h"
#include "rules/ruleset_library.h"
#include "scan/scan_card.h"

namespace scorecheck {

/// Applies the cell answers among `corrections` (names are ignored; they are
/// the report's business) to `scan`, marks the cells read there
/// (ScannedCell::by_person) and verifies the card again with `options`'
/// verification settings. Returns one line per answer that fits no cell of
/// this card ("grid 1 column 9: the card has no such column"); those are
/// left out. A scan that is not ok() is left alone.
std::vector<std::string> ApplyCorrections(ScanResult& scan, const std::vector<Correction>& corrections,
                                          const RulesetLibrary& rulesets, const ScanOptions& options = {});

/// A card a person typed in whole (Correction::typed_card: the scanner could
/// not read the file) as a scan with no picture: its card, verified with
/// `options`' verification settings. Throws Error naming what in the typed
/// card is wrong (ParseCardJson).
ScanResult TypedCardScan(const std::string& source, const Correction& typed, const RulesetLibrary& rulesets,
                         const ScanOptions& options = {});

}  // namespace scorecheck
