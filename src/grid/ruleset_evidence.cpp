#include "grid/ruleset_evidence.h"

#include <algorithm>
#include <cctype>
#include <set>

namespace scorecheck {
namespace {

// The numbers a ruleset's row of `kind` may print.
std::set<int> OwnNumbers(const Ruleset& ruleset, RowKind kind) {
  std::set<int> numbers;
  if (kind == RowKind::kUpperBonus) {
    numbers.insert(ruleset.upper_bonus.threshold);
    numbers.insert(ruleset.upper_bonus.threshold - 1);  // "over 62"
  } else if (kind == RowKind::kYahtzeeBonus && ruleset.yahtzee_bonus) {
    numbers.insert(ruleset.yahtzee_bonus->points_per_check.begin(), ruleset.yahtzee_bonus->points_per_check.end());
  }
  return numbers;
}

// +1, -1 or 0 for one printed row (see BonusNumberEvidence).
double RowEvidence(const std::string& text, const Ruleset& ruleset, RowKind kind, const std::vector<const Ruleset*>& all) {
  std::vector<int> printed = NumbersIn(text);
  if (printed.empty()) return 0;
  const std::set<int> own = OwnNumbers(ruleset, kind);
  std::set<int> others;
  for (const Ruleset* other : all)
    for (int n : OwnNumbers(*other, kind))
      if (!own.count(n)) others.insert(n);
  // A sign glued to a number is read as one more digit: "Bonus (≥63)" comes
  // back from the OCR as "(263)", "≥83" as "283". A three-digit number that
  // no ruleset prints here is read without its first digit.
  for (size_t i = 0, n = printed.size(); i < n; ++i)
    if (printed[i] >= 100 && printed[i] < 1000 && !own.count(printed[i]) && !others.count(printed[i]))
      printed.push_back(printed[i] % 100);
  const bool says_own = std::any_of(printed.begin(), printed.end(), [&](int n) { return own.count(n) > 0; });
  const bool says_other = std::any_of(printed.begin(), printed.end(), [&](int n) { return others.count(n) > 0; });
  return says_own ? 1.0 : says_other ? -1.0 : 0.0;
}

}  // namespace

std::vector<int> NumbersIn(const std::string& text) {
  std::vector<int> numbers;
  for (size_t i = 0; i < text.size();) {
    if (!std::isdigit(static_cast<unsigned char>(text[i]))) {
      ++i;
      continue;
    }
    size_t end = i;
    while (end < text.size() && std::isdigit(static_cast<unsigned char>(text[end]))) ++end;
    if (end - i <= 4) numbers.push_back(std::stoi(text.substr(i, end - i)));
    i = end;
  }
  return numbers;
}

double BonusNumberEvidence(const std::vector<std::string>& row_text, const RulesetMatch& match, const Ruleset& ruleset,
                           const std::vector<const Ruleset*>& all) {
  double evidence = 0;
  for (const RowMatch& row : match.rows) {
    const RowSpec* spec = ruleset.FindRow(row.row_id);
    if (!spec || row.printed_row < 0 || row.printed_row >= static_cast<int>(row_text.size())) continue;
    if (spec->kind == RowKind::kUpperBonus || spec->kind == RowKind::kYahtzeeBonus)
      evidence += RowEvidence(row_text[row.printed_row], ruleset, spec->kind, all);
  }
  return evidence;
}

double ColumnCountEvidence(const std::vector<int>& columns_per_grid, const Ruleset& ruleset) {
  if (columns_per_grid.empty()) return 0;
  const auto usual = std::count(columns_per_grid.begin(), columns_per_grid.end(), ruleset.default_columns);
  return static_cast<double>(usual) / static_cast<double>(columns_per_grid.size());
}

}  // namespace scorecheck
