#include "rules/score_roll.h"

#include <algorithm>

#include "core/error.h"

namespace scorecheck {
namespace {

std::array<int, 7> FaceCounts(const Dice& dice) {
  std::array<int, 7> counts{};
  for (int face : dice) ++counts[face];
  return counts;
}

int Sum(const Dice& dice) {
  int total = 0;
  for (int face : dice) total += face;
  return total;
}

int LongestRun(const std::array<int, 7>& counts) {
  int best = 0, run = 0;
  for (int face = 1; face <= 6; ++face) {
    run = counts[face] > 0 ? run + 1 : 0;
    best = std::max(best, run);
  }
  return best;
}

bool IsFull(const PlayColumn& column, const std::string& row_id) {
  return column.filled.count(row_id) > 0;
}

}  // namespace

int ScoreBox(const ScoreRule& rule, const Dice& dice, bool joker) {
  const auto counts = FaceCounts(dice);
  const int most_alike = *std::max_element(counts.begin() + 1, counts.end());
  auto points_if = [&](bool matched) {
    if (!matched) return 0;
    return rule.fixed_points ? *rule.fixed_points : Sum(dice);
  };
  switch (rule.pattern) {
    case ScorePattern::kFace:
      return counts[rule.face] * rule.face;
    case ScorePattern::kOfAKind:
      return points_if(most_alike >= rule.count);
    case ScorePattern::kFullHouse: {
      const bool three = std::find(counts.begin() + 1, counts.end(), 3) != counts.end();
      const bool two = std::find(counts.begin() + 1, counts.end(), 2) != counts.end();
      return points_if((three && two) || (joker && most_alike == 5));
    }
    case ScorePattern::kStraight:
      return points_if(LongestRun(counts) >= rule.length || (joker && most_alike == 5));
    case ScorePattern::kAny:
      return points_if(true);
  }
  return 0;
}

RollScore ScoreRoll(const Dice& dice, const Ruleset& ruleset,
                    std::span<const PlayColumn> columns, int column) {
  for (int face : dice) SC_CHECK(face >= 1 && face <= 6, "die face " << face << " is not 1..6");
  SC_CHECK(columns.empty() || (column >= 0 && column < static_cast<int>(columns.size())),
           "column " << column << " out of range");

  RollScore result;
  const auto counts = FaceCounts(dice);
  result.five_of_a_kind = std::find(counts.begin() + 1, counts.end(), 5) != counts.end();
  const RowSpec* yahtzee_box = ruleset.YahtzeeBox();

  if (result.five_of_a_kind && yahtzee_box && !columns.empty()) {
    const int face = dice[0];
    const RowSpec* upper_box = nullptr;
    for (const RowSpec& row : ruleset.rows)
      if (row.kind == RowKind::kEntry && row.score.pattern == ScorePattern::kFace && row.score.face == face)
        upper_box = &row;

    // Which columns a condition inspects: this one, or all of them (triple).
    auto all_or_own = [&](JokerScope scope, auto&& predicate) {
      if (scope == JokerScope::kOwn) return predicate(columns[column]);
      return std::all_of(columns.begin(), columns.end(), predicate);
    };
    if (ruleset.joker) {
      const bool yahtzee_filled = all_or_own(ruleset.joker->yahtzee_boxes, [&](const PlayColumn& c) {
        return IsFull(c, yahtzee_box->id);
      });
      const bool upper_filled = !upper_box || all_or_own(ruleset.joker->upper_box, [&](const PlayColumn& c) {
        return IsFull(c, upper_box->id);
      });
      result.joker = yahtzee_filled && upper_filled;
    }
    if (ruleset.yahtzee_bonus) {
      const int full = yahtzee_box->score.fixed_points.value_or(50);
      const YahtzeeBonusRule& bonus = *ruleset.yahtzee_bonus;
      bool earned = false;
      if (bonus.precondition == BonusPrecondition::kAllBoxesNonzero) {
        earned = std::all_of(columns.begin(), columns.end(), [&](const PlayColumn& c) {
          auto it = c.filled.find(yahtzee_box->id);
          return it != c.filled.end() && it->second > 0;
        });
      } else {
        auto it = columns[column].filled.find(yahtzee_box->id);
        earned = it != columns[column].filled.end() && it->second == full;
      }
      if (bonus.max_checks && columns[column].bonus_checks >= *bonus.max_checks) earned = false;
      result.bonus_earned = earned;
    }
  }

  for (const RowSpec& row : ruleset.rows)
    if (row.kind == RowKind::kEntry) result.points[row.id] = ScoreBox(row.score, dice, result.joker);
  return result;
}

}  // namespace scorecheck
