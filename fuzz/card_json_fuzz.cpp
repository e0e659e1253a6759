// A typed card file (`scorecheck verify CARD.json`): parsed, checked against
// its rules, written back. A malformed card is an Error with a message;
// anything else escaping (a JSON library exception, a crash, undefined
// behaviour) is a finding.

#include <nlohmann/json.hpp>

#include "card/card_json.h"
#include "core/error.h"
#include "fuzz_support.h"
#include "verify/verify.h"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  using namespace scorecheck;
  const RulesetLibrary& rulesets = fuzz::ShippedRulesets();
  Card card;
  try {
    card = ParseCardJson(fuzz::Bytes(data, size), rulesets);
  } catch (const Error&) {
    return 0;
  }
  const Verification verification = VerifyCard(card, rulesets);
  (void)verification.ErrorCount();
  // What was parsed writes back and parses again to the same card.
  const std::string written = CardToJson(card, rulesets).dump();
  const std::string again = CardToJson(ParseCardJson(written, rulesets), rulesets).dump();
  if (again != written) __builtin_trap();
  return 0;
}
