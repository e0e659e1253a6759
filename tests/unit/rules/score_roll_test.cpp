// ScoreRoll against the worked examples of the seed rule sheets.

#include "rules/score_roll.h"

#include <gtest/gtest.h>

#include "core/error.h"
#include "support/test_support.h"

namespace scorecheck {
namespace {

using testing::ShippedRulesets;

int Points(const RollScore& score, const std::string& row) { return score.points.at(row); }

// rock-yahtzee.txt, "SAMPLES": three turns and their score options.
TEST(ScoreRollTest, RockSampleTurns) {
  const Ruleset& rock = ShippedRulesets().Get("rock");
  // Turn 1 ends with two 5s, a 3, a 4 and a 2.
  RollScore turn1 = ScoreRoll({5, 5, 3, 4, 2}, rock);
  EXPECT_EQ(Points(turn1, "small_straight"), 30);
  EXPECT_EQ(Points(turn1, "chance"), 19);
  EXPECT_EQ(Points(turn1, "fives"), 10);
  EXPECT_EQ(Points(turn1, "large_straight"), 0);
  // Turn 2: four 4s and a 6.
  RollScore turn2 = ScoreRoll({4, 4, 4, 4, 6}, rock);
  EXPECT_EQ(Points(turn2, "four_kind"), 22);
  EXPECT_EQ(Points(turn2, "chance"), 22);
  EXPECT_EQ(Points(turn2, "fours"), 16);
  // Turn 3: three 4s and two 6s.
  RollScore turn3 = ScoreRoll({4, 4, 4, 6, 6}, rock);
  EXPECT_EQ(Points(turn3, "full_house"), 25);
  EXPECT_EQ(Points(turn3, "three_kind"), 24);
  EXPECT_EQ(Points(turn3, "chance"), 24);
  EXPECT_EQ(Points(turn3, "four_kind"), 0);
}

// triple-yahtzee.txt, "Examples" under Ones..Sixes.
TEST(ScoreRollTest, TripleUpperExamples) {
  const Ruleset& triple = ShippedRulesets().Get("triple");
  RollScore a = ScoreRoll({1, 1, 5, 3, 1}, triple);
  EXPECT_EQ(Points(a, "aces"), 3);
  EXPECT_EQ(Points(a, "threes"), 3);
  EXPECT_EQ(Points(a, "fives"), 5);
  EXPECT_EQ(Points(a, "twos"), 0);
  RollScore b = ScoreRoll({3, 3, 4, 1, 3}, triple);
  EXPECT_EQ(Points(b, "aces"), 1);
  EXPECT_EQ(Points(b, "threes"), 9);
  EXPECT_EQ(Points(b, "fours"), 4);
  EXPECT_EQ(Points(b, "sixes"), 0);
  RollScore c = ScoreRoll({6, 6, 6, 2, 6}, triple);
  EXPECT_EQ(Points(c, "twos"), 2);
  EXPECT_EQ(Points(c, "sixes"), 24);
  EXPECT_EQ(Points(c, "fives"), 0);
  EXPECT_EQ(Points(c, "four_kind"), 26);
}

// jumbo-fivezee.txt: the upper example and the "Combinations" table.
TEST(ScoreRollTest, FiveZeeCombinations) {
  const Ruleset& fivezee = ShippedRulesets().Get("fivezee");
  RollScore upper = ScoreRoll({1, 3, 4, 4, 3}, fivezee);
  EXPECT_EQ(Points(upper, "threes"), 6);
  EXPECT_EQ(Points(upper, "aces"), 1);
  EXPECT_EQ(Points(upper, "fours"), 8);
  EXPECT_EQ(Points(ScoreRoll({5, 3, 5, 5, 1}, fivezee), "three_kind"), 19);
  EXPECT_EQ(Points(ScoreRoll({3, 3, 3, 5, 3}, fivezee), "four_kind"), 17);
  EXPECT_EQ(Points(ScoreRoll({2, 2, 3, 3, 2}, fivezee), "full_house"), 25);
  EXPECT_EQ(Points(ScoreRoll({3, 4, 5, 6, 3}, fivezee), "small_straight"), 30);
  EXPECT_EQ(Points(ScoreRoll({2, 3, 4, 5, 6}, fivezee), "large_straight"), 40);
  EXPECT_EQ(Points(ScoreRoll({2, 2, 2, 2, 2}, fivezee), "yahtzee"), 50);
  EXPECT_EQ(Points(ScoreRoll({2, 2, 4, 6, 1}, fivezee), "chance"), 15);
}

// roll-em.txt: three and four of a kind are fixed 25 / 30; three fives = 15.
TEST(ScoreRollTest, RollEmFixedKinds) {
  const Ruleset& rollem = ShippedRulesets().Get("rollem");
  RollScore score = ScoreRoll({5, 5, 5, 2, 1}, rollem);
  EXPECT_EQ(Points(score, "fives"), 15);
  EXPECT_EQ(Points(score, "three_kind"), 25);
  EXPECT_EQ(Points(score, "four_kind"), 0);
  EXPECT_EQ(Points(ScoreRoll({6, 6, 6, 6, 1}, rollem), "four_kind"), 30);
  EXPECT_EQ(Points(ScoreRoll({4, 4, 4, 4, 4}, rollem), "yahtzee"), 50);
}

TEST(ScoreRollTest, FullHouseNeedsThreeAndTwoWithoutJoker) {
  const Ruleset& classic = ShippedRulesets().Get("classic");
  EXPECT_EQ(Points(ScoreRoll({4, 4, 4, 4, 4}, classic), "full_house"), 0);
  EXPECT_EQ(Points(ScoreRoll({4, 4, 4, 4, 4}, classic), "large_straight"), 0);
  EXPECT_EQ(Points(ScoreRoll({1, 2, 3, 4, 6}, classic), "small_straight"), 30);
  EXPECT_EQ(Points(ScoreRoll({1, 2, 3, 4, 6}, classic), "large_straight"), 0);
}

// Hasbro joker: Yahtzee box filled and the face's upper box filled.
TEST(ScoreRollTest, ClassicJokerAndBonus) {
  const Ruleset& classic = ShippedRulesets().Get("classic");
  std::vector<PlayColumn> columns(1);
  columns[0].filled = {{"yahtzee", 50}};
  RollScore upper_open = ScoreRoll({4, 4, 4, 4, 4}, classic, columns, 0);
  EXPECT_FALSE(upper_open.joker);
  EXPECT_TRUE(upper_open.bonus_earned);
  EXPECT_EQ(Points(upper_open, "full_house"), 0);

  columns[0].filled["fours"] = 12;
  RollScore joker = ScoreRoll({4, 4, 4, 4, 4}, classic, columns, 0);
  EXPECT_TRUE(joker.joker);
  EXPECT_EQ(Points(joker, "full_house"), 25);
  EXPECT_EQ(Points(joker, "small_straight"), 30);
  EXPECT_EQ(Points(joker, "large_straight"), 40);

  // A zero in the Yahtzee box: joker yes, bonus no.
  columns[0].filled["yahtzee"] = 0;
  RollScore no_bonus = ScoreRoll({4, 4, 4, 4, 4}, classic, columns, 0);
  EXPECT_TRUE(no_bonus.joker);
  EXPECT_FALSE(no_bonus.bonus_earned);
}

// Triple: the joker needs all three Yahtzee boxes and all three upper boxes;
// the bonus needs all three Yahtzee boxes above 0.
TEST(ScoreRollTest, TripleJokerLooksAtAllColumns) {
  const Ruleset& triple = ShippedRulesets().Get("triple");
  std::vector<PlayColumn> columns(3);
  for (auto& column : columns) column.filled = {{"yahtzee", 50}, {"fours", 12}};
  columns[2].filled.erase("fours");
  RollScore partial = ScoreRoll({4, 4, 4, 4, 4}, triple, columns, 0);
  EXPECT_FALSE(partial.joker);
  EXPECT_TRUE(partial.bonus_earned);
  columns[2].filled["fours"] = 8;
  EXPECT_TRUE(ScoreRoll({4, 4, 4, 4, 4}, triple, columns, 0).joker);
  columns[1].filled["yahtzee"] = 0;
  RollScore zero_box = ScoreRoll({4, 4, 4, 4, 4}, triple, columns, 0);
  EXPECT_TRUE(zero_box.joker);
  EXPECT_FALSE(zero_box.bonus_earned);
}

// R.O.C.K.: no joker; bonus ticks stop at two.
TEST(ScoreRollTest, RockBonusLimit) {
  const Ruleset& rock = ShippedRulesets().Get("rock");
  std::vector<PlayColumn> columns(1);
  columns[0].filled = {{"yahtzee", 50}, {"sixes", 18}};
  RollScore first = ScoreRoll({6, 6, 6, 6, 6}, rock, columns, 0);
  EXPECT_FALSE(first.joker);
  EXPECT_TRUE(first.bonus_earned);
  columns[0].bonus_checks = 2;
  EXPECT_FALSE(ScoreRoll({6, 6, 6, 6, 6}, rock, columns, 0).bonus_earned);
}

TEST(ScoreRollTest, RejectsImpossibleDice) {
  EXPECT_THROW(ScoreRoll({0, 1, 2, 3, 4}, ShippedRulesets().Get("classic")), Error);
  EXPECT_THROW(ScoreRoll({7, 1, 2, 3, 4}, ShippedRulesets().Get("classic")), Error);
}

}  // namespace
}  // namespace scorecheck
