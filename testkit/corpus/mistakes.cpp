#include "corpus/mistakes.h"

#include <algorithm>
#include <set>
#include <tuple>

#include "sim/simulate_game.h"
#include "verify/finding.h"

namespace scorecheck {
namespace {

int Scale(const Ruleset& ruleset, const Conventions& conventions, int column) {
  const EntryConvention convention = column < static_cast<int>(conventions.size()) ? conventions[column] : EntryConvention::kRaw;
  return convention == EntryConvention::kMultiplied ? ruleset.Multiplier(column) : 1;
}

EntryConvention ConventionOf(const Conventions& conventions, int column) {
  return column < static_cast<int>(conventions.size()) ? conventions[column] : EntryConvention::kRaw;
}

// A value no convention allows in `row` of a ×k column, close to `near`
// (players write 13 for 12, not 997).
int IllegalNear(const RowSpec& row, int k, int near, std::mt19937& rng) {
  auto illegal = [&](int v) { return v > 0 && !row.IsLegalRaw(v) && !(v % k == 0 && row.IsLegalRaw(v / k)); };
  std::vector<int> options;
  for (int v = std::max(1, near - 6); v <= near + 6; ++v)
    if (illegal(v)) options.push_back(v);
  if (options.empty())
    for (int v = 1; options.size() < 3; ++v)
      if (illegal(v)) options.push_back(v);
  return options[std::uniform_int_distribution<size_t>(0, options.size() - 1)(rng)];
}

std::optional<int> SwapDigits(int value, std::mt19937& rng) {
  std::string digits = std::to_string(value);
  std::vector<size_t> spots;
  for (size_t i = 0; i + 1 < digits.size(); ++i)
    if (digits[i] != digits[i + 1] && !(i == 0 && digits[i + 1] == '0')) spots.push_back(i);
  if (spots.empty()) return std::nullopt;
  const size_t at = spots[std::uniform_int_distribution<size_t>(0, spots.size() - 1)(rng)];
  std::swap(digits[at], digits[at + 1]);
  return std::stoi(digits);
}

bool Written(const CardColumn& column, const std::string& row) { return column.At(row).state == CellState::kNumber; }

}  // namespace

const char* MistakeKindName(MistakeKind kind) {
  switch (kind) {
    case MistakeKind::kAdditionSlip: return "addition_slip";
    case MistakeKind::kTransposedDigits: return "transposed_digits";
    case MistakeKind::kBonusForgotten: return "bonus_forgotten";
    case MistakeKind::kBonusBelowThreshold: return "bonus_below_threshold";
    case MistakeKind::kNotMultiplied: return "not_multiplied";
    case MistakeKind::kCopiedTotalWrong: return "copied_total_wrong";
    case MistakeKind::kIllegalEntry: return "illegal_entry";
    case MistakeKind::kBonusWithoutPrecondition: return "bonus_without_precondition";
    case MistakeKind::kSixScoredBoxes: return "six_scored_boxes";
  }
  return "";
}

bool ExpectedFinding::operator<(const ExpectedFinding& other) const {
  return std::tie(column, code, row) < std::tie(other.column, other.code, other.row);
}
bool ExpectedFinding::operator==(const ExpectedFinding& other) const {
  return std::tie(column, code, row) == std::tie(other.column, other.code, other.row);
}

std::optional<Mistake> InjectMistake(CardGrid& grid, const Ruleset& ruleset, const Conventions& conventions,
                                     std::mt19937& rng) {
  std::vector<int> used;
  for (size_t i = 0; i < grid.columns.size(); ++i)
    if (!grid.columns[i].unused()) used.push_back(static_cast<int>(i));
  if (used.empty()) return std::nullopt;
  const int position = used[std::uniform_int_distribution<size_t>(0, used.size() - 1)(rng)];
  CardColumn& column = grid.columns[position];
  const int c = column.index, k = ruleset.Multiplier(c), scale = Scale(ruleset, conventions, c);
  const EntryConvention convention = ConventionOf(conventions, c);
  const std::map<std::string, int> correct = CorrectTotals(ruleset, column, k, convention);

  std::vector<MistakeKind> kinds = {MistakeKind::kAdditionSlip, MistakeKind::kTransposedDigits,
                                    MistakeKind::kCopiedTotalWrong, MistakeKind::kIllegalEntry};
  if (correct.count("upper_bonus") && Written(column, "upper_bonus"))
    kinds.push_back(correct.at("upper_bonus") > 0 ? MistakeKind::kBonusForgotten : MistakeKind::kBonusBelowThreshold);
  if (ruleset.HasMultipliers() && k > 1 && convention == EntryConvention::kRaw) kinds.push_back(MistakeKind::kNotMultiplied);
  if (ruleset.yahtzee_bonus) kinds.push_back(MistakeKind::kBonusWithoutPrecondition);
  if (ruleset.max_scored_boxes) kinds.push_back(MistakeKind::kSixScoredBoxes);
  std::shuffle(kinds.begin(), kinds.end(), rng);

  std::uniform_int_distribution<int> coin(0, 1);
  for (MistakeKind kind : kinds) {
    Mistake mistake;
    mistake.kind = kind;
    mistake.column = c;
    std::set<std::string> keep;
    switch (kind) {
      case MistakeKind::kAdditionSlip:
      case MistakeKind::kTransposedDigits: {
        std::vector<std::string> rows;
        for (const char* id : {"upper_subtotal", "lower_total", "grand_total", "upper_total"})
          if (Written(column, id)) rows.push_back(id);
        if (rows.empty()) continue;
        const std::string row = rows[std::uniform_int_distribution<size_t>(0, rows.size() - 1)(rng)];
        const int old_value = column.At(row).number;
        std::optional<int> new_value;
        if (kind == MistakeKind::kTransposedDigits) {
          new_value = SwapDigits(old_value, rng);
        } else {
          const int delta = coin(rng) ? 1 : 10;
          new_value = old_value - delta >= 0 && coin(rng) ? old_value - delta : old_value + delta;
        }
        if (!new_value || *new_value == old_value) continue;
        column.cells[row] = CellValue::Number(*new_value);
        mistake.row = row;
        mistake.description = row + " " + std::to_string(old_value) + " written as " + std::to_string(*new_value);
        keep.insert(row);
        break;
      }
      case MistakeKind::kBonusForgotten:
        column.cells.erase("upper_bonus");
        keep.insert("upper_bonus");
        mistake.row = "upper_bonus";
        mistake.description = "upper bonus " + std::to_string(correct.at("upper_bonus")) + " left blank";
        break;
      case MistakeKind::kBonusBelowThreshold: {
        const UpperBonusRule& rule = ruleset.upper_bonus;
        const int factor = rule.scales_with_multiplier ? scale : 1;
        column.cells["upper_bonus"] = CellValue::Number(rule.points * factor);
        keep.insert("upper_bonus");
        mistake.row = "upper_bonus";
        mistake.description = "bonus claimed at an upper subtotal of " + std::to_string(correct.at("upper_subtotal"));
        break;
      }
      case MistakeKind::kNotMultiplied: {
        if (!Written(column, "grand_total")) continue;
        const int base = correct.at("grand_total") / k;
        column.cells["grand_total"] = CellValue::Number(base);
        keep.insert("grand_total");
        mistake.row = "grand_total";
        mistake.description = "grand total " + std::to_string(base) + " not multiplied by " + std::to_string(k);
        break;
      }
      case MistakeKind::kCopiedTotalWrong: {
        const std::string row = Written(column, "upper_total_copy") && coin(rng) ? "upper_total_copy" : "grand_total";
        if (!Written(column, row)) continue;
        const int old_value = column.At(row).number;
        auto swapped = SwapDigits(old_value, rng);
        const int new_value = swapped && coin(rng) ? *swapped : old_value + (coin(rng) ? 10 : -10);
        if (new_value < 0 || new_value == old_value) continue;
        column.cells[row] = CellValue::Number(new_value);
        keep.insert(row);
        mistake.row = row;
        mistake.description = row + " copied as " + std::to_string(new_value) + " instead of " + std::to_string(old_value);
        break;
      }
      case MistakeKind::kIllegalEntry: {
        std::vector<const RowSpec*> entries;
        for (const RowSpec& row : ruleset.rows)
          if (row.kind == RowKind::kEntry && Written(column, row.id)) entries.push_back(&row);
        if (entries.empty()) continue;
        const RowSpec& row = *entries[std::uniform_int_distribution<size_t>(0, entries.size() - 1)(rng)];
        const int old_value = column.At(row.id).number;
        const int new_value = IllegalNear(row, k, std::max(old_value, 1), rng);
        column.cells[row.id] = CellValue::Number(new_value);
        mistake.row = row.id;
        mistake.description = row.id + " scored " + std::to_string(new_value) + " (no roll gives that)";
        break;
      }
      case MistakeKind::kBonusWithoutPrecondition: {
        const RowSpec* box = ruleset.YahtzeeBox();
        column.cells[box->id] = coin(rng) ? CellValue::Number(0) : CellValue::Crossed();
        CellValue& ticks = column.cells["yahtzee_bonus"];
        if (ticks.state != CellState::kChecks) ticks = CellValue::Checks(1);
        mistake.row = "yahtzee_bonus";
        mistake.description = "Yahtzee bonus ticked with nothing in the " + box->name + " box";
        break;
      }
      case MistakeKind::kSixScoredBoxes: {
        std::vector<const RowSpec*> empty;
        for (const RowSpec& row : ruleset.rows)
          if (row.kind == RowKind::kEntry && column.At(row.id).empty()) empty.push_back(&row);
        if (empty.empty()) continue;
        const RowSpec& row = *empty[std::uniform_int_distribution<size_t>(0, empty.size() - 1)(rng)];
        const std::vector<int>& legal = row.legal_raw;
        column.cells[row.id] = CellValue::Number(legal[std::uniform_int_distribution<size_t>(0, legal.size() - 1)(rng)] * scale);
        mistake.row = row.id;
        mistake.description = "a sixth box scored: " + row.id;
        break;
      }
    }
    // The player goes on adding what is written.
    FillTotals(ruleset, column, k, convention, Arithmetic::kPlayer, keep);
    return mistake;
  }
  return std::nullopt;
}

std::vector<ExpectedFinding> ExpectedFindings(const CardGrid& grid, const Ruleset& ruleset,
                                              const Conventions& conventions) {
  std::set<ExpectedFinding> found;
  const RowSpec* box = ruleset.YahtzeeBox();
  for (const CardColumn& column : grid.columns) {
    if (column.unused()) continue;
    const int c = column.index, k = ruleset.Multiplier(c), scale = Scale(ruleset, conventions, c);
    const std::map<std::string, int> correct = CorrectTotals(ruleset, column, k, ConventionOf(conventions, c));
    int scored = 0;
    for (const RowSpec& row : ruleset.rows) {
      const CellValue cell = column.At(row.id);
      switch (row.kind) {
        case RowKind::kEntry:
          scored += !cell.empty();
          if (cell.state == CellState::kNumber && !(cell.number % scale == 0 && row.IsLegalRaw(cell.number / scale)))
            found.insert({codes::kIllegalValue, row.id, c});
          break;
        case RowKind::kUpperBonus:
          if (cell.state == CellState::kNumber && cell.number != correct.at(row.id))
            found.insert({codes::kBonusWrong, row.id, c});
          break;
        case RowKind::kYahtzeeBonus: {
          if (cell.state != CellState::kChecks || cell.checks == 0) break;
          if (cell.points && *cell.points != correct.at(row.id)) found.insert({codes::kTotalMismatch, row.id, c});
          bool valid = true;
          if (ruleset.yahtzee_bonus->precondition == BonusPrecondition::kOwnBoxFull) {
            const CellValue held = column.At(box->id);
            valid = held.state == CellState::kNumber && held.number == box->score.fixed_points.value_or(50) * scale;
          } else {
            for (int other = 0; other < ruleset.max_columns; ++other) {
              CellValue held;
              for (const CardColumn& each : grid.columns)
                if (each.index == other) held = each.At(box->id);
              valid &= held.state == CellState::kNumber && held.number > 0;
            }
          }
          const auto& max_checks = ruleset.yahtzee_bonus->max_checks;
          if (!valid || (max_checks && cell.checks > *max_checks)) found.insert({codes::kYahtzeeBonusInvalid, row.id, c});
          break;
        }
        case RowKind::kTotal: {
          if (cell.state != CellState::kNumber) break;
          const int expected = correct.at(row.id);
          if (cell.number == expected) break;
          // A copy of a total that holds what the first holds: one finding, the first's.
          if (const RowSpec* first = ruleset.CopiedTotal(row);
              first && column.At(first->id).state == CellState::kNumber && column.At(first->id).number == cell.number)
            break;
          bool multiplier = false;
          if (row.times_multiplier && ruleset.HasMultipliers() && expected != 0)
            for (int m : {1, 2, 3, k * k})
              multiplier |= m != k && static_cast<long long>(cell.number) * k == static_cast<long long>(expected) * m;
          found.insert({multiplier ? codes::kMultiplierWrong : codes::kTotalMismatch, row.id, c});
          break;
        }
      }
    }
    // A due bonus left blank is wrong once a total that includes it is written.
    if (correct.count("upper_bonus") && correct.at("upper_bonus") > 0 && column.At("upper_bonus").empty() &&
        (Written(column, "upper_total") || Written(column, "grand_total") || Written(column, "upper_total_copy")))
      found.insert({codes::kBonusWrong, std::string("upper_bonus"), c});
    if (ruleset.max_scored_boxes && scored > *ruleset.max_scored_boxes)
      found.insert({codes::kTooManyScores, std::nullopt, c});
  }
  return {found.begin(), found.end()};
}

}  // namespace scorecheck
