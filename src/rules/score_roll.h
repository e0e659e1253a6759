#pragma once
// Scoring five dice against a ruleset: the points a roll makes in every box,
// with the joker / wildcard rule, and whether it earns a Yahtzee bonus. Used
// by the game simulator (tests, synthetic cards) and to derive each box's
// legal values.

#include <array>
#include <map>
#include <optional>
#include <span>
#include <string>

#include "rules/ruleset.h"

namespace scorecheck {

/// Five dice, faces 1..6, any order.
using Dice = std::array<int, 5>;

/// What is already written in one score column during play: raw points per
/// filled entry box (crossed boxes count as 0). Open boxes are absent.
struct PlayColumn {
  std::map<std::string, int> filled;  ///< row id -> raw points
  int bonus_checks = 0;               ///< Yahtzee-bonus ticks so far
};

/// Points of one roll in every entry box of a column, raw (not multiplied).
struct RollScore {
  std::map<std::string, int> points;  ///< every entry row id -> raw points
  bool five_of_a_kind = false;        ///< the roll is a Yahtzee
  bool joker = false;                 ///< the joker rule applied to fixed-score boxes
  bool bonus_earned = false;          ///< placing it would add a Yahtzee-bonus tick
                                      ///< (triple also needs a non-zero placement)
};

/// Points `dice` make in a box scored by `rule`. With `joker`, a five of a
/// kind also scores full house and straights at their fixed points.
int ScoreBox(const ScoreRule& rule, const Dice& dice, bool joker = false);

/// Scores `dice` in every entry box of `ruleset` for score column `column`
/// given what the columns already hold (`columns` may be empty: a fresh card,
/// no joker, no bonus). Dice outside 1..6 throw Error.
RollScore ScoreRoll(const Dice& dice, const Ruleset& ruleset,
                    std::span<const PlayColumn> columns = {}, int column = 0);

}  // namespace scorecheck
