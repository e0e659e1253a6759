#include "desk/answer.h"

#include "card/card_json.h"
#include "core/error.h"
#include "core/json_text.h"

namespace scorecheck {
namespace {

using Json = nlohmann::ordered_json;

bool SamePlace(const Json& item, const Correction& c) {
  return item.is_object() && item.value("grid", 0) == c.grid && item.value("column", 0) == c.column;
}

// Whether `record`'s list `list` holds the place `c` is about.
bool Listed(const Json& record, const char* list, const Correction& c) {
  if (!record.contains(list) || !record[list].is_array()) return false;
  for (const Json& item : record[list])
    if (SamePlace(item, c) && (c.name || item.value("row", "") == c.row)) return true;
  return false;
}

// Whether `record` (checked by CheckCardRecord when it was loaded) has the
// box or the played column `c` is about: a box on the picture, or a cell to
// look at that has none (a row whose box was not found on the sheet).
bool OnCard(const Json& record, const Correction& c) {
  if (c.name) return Listed(record, "columns", c);
  return Listed(record, "boxes", c) || Listed(record, "uncertain", c);
}

}  // namespace

Correction ParseDeskAnswer(const std::string& body, const std::vector<Json>& records, const RulesetLibrary& rulesets) {
  SC_CHECK(body.size() <= kMaxAnswerBytes,
           "the answer is " << body.size() << " bytes long; one answer is at most " << kMaxAnswerBytes);
  const nlohmann::json json = ParseJsonText(body);
  const Correction c = ParseCorrectionJson(json, "the answer");
  for (const Json& record : records) {
    if (record.value("file", "") != c.file) continue;
    if (!c.typed_card.empty()) {
      SC_CHECK(record.value("status", "") == "unreadable" || record.value("typed", false),
               c.file << " was read by the scanner: put its boxes right instead of typing it in");
      try {
        ParseCardJson(c.typed_card, rulesets);
      } catch (const Error& e) {
        throw Error(std::string("the card typed in: ") + e.what());
      }
      return c;
    }
    SC_CHECK(record.value("status", "") != "unreadable", c.file << " could not be read, so it has no boxes to answer");
    const std::string where =
        "grid " + std::to_string(c.grid) + ", column " + std::to_string(c.column) + (c.name ? "" : ", row " + c.row);
    SC_CHECK(OnCard(record, c), c.file << " has no " << (c.name ? "played column at " : "box at ") << where);
    return c;
  }
  throw Error("the report has no card \"" + c.file + "\"");
}

}  // namespace scorecheck
