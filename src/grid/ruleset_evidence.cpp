#include "grid/ruleset_evidence.h"

#include <algorithm>
#include <cctype>
#include <set>
#include <sstream>

namespace scorecheck {
namespace {

// Three-digit numbers run from kFirstThreeDigit to below kFirstFourDigit;
// such a number less its first digit is it modulo kFirstThreeDigit.
constexpr int kFirstThreeDigit = 100, kFirstFourDigit = 1000;
// A word of this many letters or more can say something on its own ("the",
// "of", "x" cannot).
constexpr size_t kTellingWordLetters = 4;
// A run of digits this long at most is a number a scorecard prints (bonus
// thresholds and points); a longer one is no such number.
constexpr size_t kMaxNumberDigits = 4;

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
    if (printed[i] >= kFirstThreeDigit && printed[i] < kFirstFourDigit && !own.count(printed[i]) &&
        !others.count(printed[i]))
      printed.push_back(printed[i] % kFirstThreeDigit);
  const bool says_own = std::any_of(printed.begin(), printed.end(), [&](int n) { return own.count(n) > 0; });
  const bool says_other = std::any_of(printed.begin(), printed.end(), [&](int n) { return others.count(n) > 0; });
  return says_own ? 1.0 : says_other ? -1.0 : 0.0;
}

bool HasDigit(const std::string& word) {
  return std::any_of(word.begin(), word.end(), [](char c) { return std::isdigit(static_cast<unsigned char>(c)); });
}

// The words of `text` that can say something on their own: four letters or
// more, or holding a digit ("25", "3rd"); "the", "of", "x" cannot.
std::set<std::string> TellingWords(const std::string& text) {
  std::set<std::string> words;
  std::istringstream in(NormalizeLabel(text));
  for (std::string word; in >> word;)
    if (word.size() >= kTellingWordLetters || HasDigit(word))
      words.insert(word);
  return words;
}

// The how-to words of `ruleset`'s row `id` that are not the row's label
// words and that no other ruleset prints: numbers not for that row ("25" in
// Roll-Em's three of a kind: every ruleset scores a full house 25), words
// nowhere ("score" is everyone's, "multiplier" Triple Yahtzee's).
std::set<std::string> OwnHowToWords(const Ruleset& ruleset, const std::string& id, const std::vector<const Ruleset*>& all) {
  const RowSpec* row = ruleset.FindRow(id);
  if (!row) return {};
  std::set<std::string> own = TellingWords(row->how_to_score);
  for (const std::string& label : row->labels)
    for (const std::string& word : TellingWords(label)) own.erase(word);
  for (const Ruleset* other : all) {
    if (other->id == ruleset.id) continue;
    for (const RowSpec& other_row : other->rows)
      for (const std::string& word : TellingWords(other_row.how_to_score))
        if (other_row.id == id || !HasDigit(word)) own.erase(word);
  }
  return own;
}

// Whether `printed` holds one of `wanted`: numbers exactly, words closely
// (OCR noise: "multipIier"), at this likeness: stricter than a label's
// (kReadAlike in match_labels), since a word near another variant's
// wording must not pass for it.
constexpr double kTellingWordAlike = 0.8;

bool PrintsOneOf(const std::string& printed, const std::set<std::string>& wanted) {
  for (const std::string& seen : TellingWords(printed))
    for (const std::string& word : wanted) {
      if (HasDigit(word) ? seen == word : LabelSimilarity(seen, word) >= kTellingWordAlike) return true;
    }
  return false;
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
    if (end - i <= kMaxNumberDigits) numbers.push_back(std::stoi(text.substr(i, end - i)));
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

double HowToEvidence(const std::vector<std::string>& row_text, const RulesetMatch& match, const Ruleset& ruleset,
                     const std::vector<const Ruleset*>& all) {
  int rows = 0, said = 0;
  for (const RowMatch& row : match.rows) {
    if (row.part == CellPart::kPoints || row.printed_row < 0 || row.printed_row >= static_cast<int>(row_text.size())) continue;
    const std::set<std::string> own = OwnHowToWords(ruleset, row.row_id, all);
    if (own.empty()) continue;
    ++rows;
    if (PrintsOneOf(row_text[row.printed_row], own)) ++said;
  }
  return rows == 0 ? 0.0 : static_cast<double>(said) / rows;
}

double ColumnCountEvidence(const std::vector<int>& columns_per_grid, const Ruleset& ruleset) {
  if (columns_per_grid.empty() || ruleset.min_columns != ruleset.max_columns) return 0;
  const auto usual = std::count(columns_per_grid.begin(), columns_per_grid.end(), ruleset.min_columns);
  return static_cast<double>(usual) / static_cast<double>(columns_per_grid.size());
}

}  // namespace scorecheck
