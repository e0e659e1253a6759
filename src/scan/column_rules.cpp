#include "scan/column_rules.h"

#include <algorithm>
#include <cmath>
#include <string>

namespace scorecheck {

int SumOf(const std::vector<int>& parts, const Partial& partial) {
  int sum = 0;
  for (int part : parts)
    if (partial.contribution[part] != kNotYet) sum += partial.contribution[part];
  return sum;
}

std::vector<int> PartsOf(const std::vector<int>& parts, const Partial& partial) {
  std::vector<int> written;
  for (int part : parts)
    if (partial.contribution[part] != kNotYet && partial.contribution[part] != 0)
      written.push_back(partial.contribution[part]);
  return written;
}

// The written subtotal's bonus too (follow_written): that was tried with the
// digit scores as the classifier gives them: 11 more player errors found over
// four corpora of 300, 2 more error-free cards alarmed. With them softened
// (ReadOptions::digit_temperature), an entry's alternatives are plausible
// enough that the double cost made the decoder explain a subtotal slip across
// the threshold away as a misread entry.
std::vector<int> ExpectedUpperBonus(const Partial& partial, const Ruleset& ruleset, const RowPositions& positions,
                                    int k, bool follow_written) {
  const int upper = SumOf(positions.upper_entries, partial);
  const UpperBonusRule& rule = ruleset.upper_bonus;
  std::vector<int> expected;
  const auto earned = [&](int subtotal) {
    expected.push_back(subtotal >= rule.threshold ? rule.points : 0);
    if (k > 1) {
      expected.push_back(subtotal >= rule.threshold * k ? rule.points * k : 0);  // multiplied entries, scaled bonus
      expected.push_back(subtotal >= rule.threshold * k ? rule.points : 0);      // multiplied entries, raw bonus
    }
  };
  earned(upper);
  if (follow_written)
    for (int total : positions.upper_totals)
      if (partial.contribution[total] != kNotYet) earned(partial.contribution[total]);
  return expected;
}

std::vector<int> BonusPointsDue(const Partial& partial, int position, const Ruleset& ruleset, int k,
                                bool& from_ticks) {
  const YahtzeeBonusRule& rule = *ruleset.yahtzee_bonus;
  const int scale = rule.scales_with_multiplier ? k : 1;
  std::vector<int> due;
  const auto add = [&](int points) {
    due.push_back(points);
    if (scale > 1) due.push_back(points * scale);
  };
  from_ticks = partial.contribution[position] != kNotYet;
  if (from_ticks) {
    add(partial.contribution[position]);
  } else {
    for (int checks = 0; checks <= 12; ++checks) add(rule.PointsFor(checks));
  }
  return due;
}

int DistanceToLegal(const RowSpec& row, int k, int value) {
  int distance = std::numeric_limits<int>::max();
  for (int legal : row.legal_raw) {
    distance = std::min(distance, std::abs(value - legal));
    if (k > 1) distance = std::min(distance, std::abs(value - legal * k));
  }
  return distance;
}

bool IsSlip(int written, int expected, const std::vector<int>& parts, int scale) {
  if (written < 0 || expected < 0) return false;
  const int difference = std::abs(written - expected);
  if (difference == 1 || difference == 10) return true;
  for (int part : parts)
    if (difference == part * scale) return true;
  const std::string a = std::to_string(written), b = std::to_string(expected);
  if (a.size() != b.size()) return false;
  std::vector<size_t> differ;
  for (size_t i = 0; i < a.size(); ++i)
    if (a[i] != b[i]) differ.push_back(i);
  if (differ.size() == 1) return std::abs(a[differ[0]] - b[differ[0]]) == 1;
  return differ.size() == 2 && differ[1] == differ[0] + 1 && a[differ[0]] == b[differ[1]] && a[differ[1]] == b[differ[0]];
}

}  // namespace scorecheck
