// An answer sent to the review desk (POST /TOKEN/answer: any bytes from the
// network): refused with an Error, or a correction about a box or played
// column of a card of the report, which written as corrections JSON and read
// back is the same answer.

#include <nlohmann/json.hpp>

#include "card/corrections.h"
#include "core/error.h"
#include "core/json_text.h"
#include "core/text.h"
#include "desk/answer.h"
#include "rules/ruleset_library.h"
#include "fuzz_support.h"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  using namespace scorecheck;
  using Json = nlohmann::ordered_json;
  static const RulesetLibrary rulesets = RulesetLibrary::LoadFolder(SCORECHECK_SOURCE_DIR "/templates/rulesets");
  static const std::vector<Json> records = [] {
    Json report = ParseJsonText<Json>(ReadTextFile(SCORECHECK_SOURCE_DIR "/fuzz/corpus/report/batch-report.json"));
    for (Json& card : report["cards"])
      if (card["status"] != "unreadable")
        card["boxes"] = Json::array({{{"grid", 1}, {"column", 1}, {"row", "aces"}, {"row_name", "Aces"},
                                      {"box", {0, 0, 9, 9}}, {"value", nullptr}, {"reading", "empty"},
                                      {"uncertain", true}, {"by_person", false}}});
    return report["cards"].get<std::vector<Json>>();
  }();
  Correction answer;
  try {
    answer = ParseDeskAnswer(fuzz::Bytes(data, size), records, rulesets);
  } catch (const Error&) {
    return 0;
  }
  // A cell, a name or a typed card, never two or none.
  if (!answer.row.empty() + answer.name.has_value() + !answer.typed_card.empty() != 1) __builtin_trap();
  if (!answer.row.empty() && answer.row != "aces") __builtin_trap();  // only a box the card has
  if (!answer.typed_card.empty() && answer.file != "notes.jpg") __builtin_trap();  // only a card not read
  Corrections one;
  one.items.push_back(answer);
  const std::string written = CorrectionsToJson(one);
  if (CorrectionsToJson(ParseCorrections(written)) != written) __builtin_trap();
  return 0;
}
