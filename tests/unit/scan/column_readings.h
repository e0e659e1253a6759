#pragma once
// Score columns as read, for the tests of the rule-aware choice
// (choose_values_test, choice_confidence_test): readings built by hand.

#include <vector>

#include "scan/choose_values.h"
#include "support/test_support.h"

namespace scorecheck::testing {

// A number reading: candidates best first.
inline Reading Number(std::vector<Candidate> alternatives) {
  Reading reading;
  reading.status = ReadingStatus::kNumber;
  reading.value = alternatives.front().value;
  reading.confidence = alternatives.front().score;
  reading.alternatives = std::move(alternatives);
  return reading;
}

// The upper section of a classic column, every entry read surely.
inline std::vector<ColumnCell> UpperColumn(int fours_read, double fours_score, std::vector<Candidate> fours_others,
                                           std::vector<Candidate> subtotal) {
  std::vector<Candidate> fours = {{fours_read, fours_score}};
  fours.insert(fours.end(), fours_others.begin(), fours_others.end());
  return {{"aces", CellPart::kValue, Number({{3, 0.99}})},     {"twos", CellPart::kValue, Number({{6, 0.99}})},
          {"threes", CellPart::kValue, Number({{9, 0.99}})},   {"fours", CellPart::kValue, Number(fours)},
          {"fives", CellPart::kValue, Number({{15, 0.99}})},   {"sixes", CellPart::kValue, Number({{18, 0.99}})},
          {"upper_subtotal", CellPart::kValue, Number(subtotal)}};
}

// The classic ruleset as shipped.
inline const Ruleset& Classic() { return ShippedRulesets().Get("classic"); }

}  // namespace scorecheck::testing
