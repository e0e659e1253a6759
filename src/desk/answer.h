#pragma once
// One answer typed at the review desk, as the page sends it: a correction in
// the corrections format (card/corrections.h), checked against the card it
// names before anything is saved.

#include <string>
#include <vector>

#include <nlohmann/json.hpp>

#include "card/corrections.h"
#include "rules/ruleset_library.h"

namespace scorecheck {

/// Longest answer the desk reads, bytes: a box or a name is well under a
/// kilobyte (a name is at most kMaxNameBytes); a typed card of six full
/// columns about 3 KB.
inline constexpr size_t kMaxAnswerBytes = 16384;

/// The correction `body` asks for, when it fits a card of `records` (the
/// batch's card records, card_record.h): a cell answer names a box the card
/// has ("boxes"), a name a column somebody played ("columns"), a whole card
/// typed in a file the scanner could not read (or one typed in before),
/// valid under `rulesets`. Throws Error with one line saying what is wrong
/// (too long, not JSON, not an answer, no such card, no such box on it, a
/// card that could not be read, a typed card that is not one).
Correction ParseDeskAnswer(const std::string& body, const std::vector<nlohmann::ordered_json>& records,
                           const RulesetLibrary& rulesets);

}  // namespace scorecheck
