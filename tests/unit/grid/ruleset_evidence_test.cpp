// The printed bonus rules speak for the ruleset that has them.

#include "grid/ruleset_evidence.h"

#include <gtest/gtest.h>

#include <string>
#include <vector>

#include "support/test_support.h"

namespace scorecheck {
namespace {

using testing::ShippedRulesets;

TEST(RulesetEvidenceTest, NumbersIn) {
  EXPECT_EQ(NumbersIn("Bonus if 63 or over"), std::vector<int>{63});
  EXPECT_EQ(NumbersIn("SCORE 35\nif > 62"), (std::vector<int>{35, 62}));
  EXPECT_TRUE(NumbersIn("Chance").empty());
}

// A classic-worded sheet whose bonus row prints one threshold or another:
// the threshold decides between classic (63) and Jumbo FiveZee (83), the
// labels cannot.
TEST(RulesetEvidenceTest, TheBonusThresholdSpeaksForItsRuleset) {
  std::vector<const Ruleset*> all;
  for (const std::string& id : ShippedRulesets().Ids()) all.push_back(&ShippedRulesets().Get(id));
  const Ruleset& classic = ShippedRulesets().Get("classic");
  const Ruleset& fivezee = ShippedRulesets().Get("fivezee");
  RulesetMatch match;
  match.rows = {{0, "aces", CellPart::kValue, 1}, {1, "upper_bonus", CellPart::kValue, 1}};
  std::vector<std::string> rows = {"Aces", "Bonus\nScore 35 if 63 or over"};
  EXPECT_GT(BonusNumberEvidence(rows, match, classic, all), 0);
  EXPECT_LT(BonusNumberEvidence(rows, match, fivezee, all), 0);
  rows[1] = "BONUS IF 83 OR OVER";
  EXPECT_LT(BonusNumberEvidence(rows, match, classic, all), 0);
  EXPECT_GT(BonusNumberEvidence(rows, match, fivezee, all), 0);
  rows[1] = "Bonus";  // says nothing
  EXPECT_EQ(BonusNumberEvidence(rows, match, classic, all), 0);
  EXPECT_EQ(BonusNumberEvidence(rows, match, fivezee, all), 0);
}

// "Bonus (≥63)" read by the OCR as "Bonus (263)": the sign became a digit.
TEST(RulesetEvidenceTest, ASignReadAsADigit) {
  std::vector<const Ruleset*> all;
  for (const std::string& id : ShippedRulesets().Ids()) all.push_back(&ShippedRulesets().Get(id));
  const Ruleset& classic = ShippedRulesets().Get("classic");
  const Ruleset& fivezee = ShippedRulesets().Get("fivezee");
  RulesetMatch match;
  match.rows = {{0, "upper_bonus", CellPart::kValue, 1}, {1, "yahtzee_bonus", CellPart::kValue, 1}};
  std::vector<std::string> rows = {"BONUS (263)", "Yahtzee bonus"};
  EXPECT_GT(BonusNumberEvidence(rows, match, classic, all), 0);
  EXPECT_LT(BonusNumberEvidence(rows, match, fivezee, all), 0);
  rows[0] = "Bonus (283)";
  EXPECT_LT(BonusNumberEvidence(rows, match, classic, all), 0);
  EXPECT_GT(BonusNumberEvidence(rows, match, fivezee, all), 0);
  // A number some ruleset prints there is taken as printed: "Score 100 per ✓"
  // speaks for 100 a tick, not for anything ending in 00.
  rows = {"Bonus", "Score 100 per tick"};
  EXPECT_GT(BonusNumberEvidence(rows, match, classic, all), 0);
  EXPECT_LT(BonusNumberEvidence(rows, match, ShippedRulesets().Get("rollem"), all), 0);
}

// One score column is how R.O.C.K. and Roll-Em print their cards; classic,
// FiveZee and Piecepack pads print six games, Triple Yahtzee three.
TEST(RulesetEvidenceTest, TheUsualColumnCount) {
  const RulesetLibrary& rulesets = ShippedRulesets();
  EXPECT_EQ(ColumnCountEvidence({1}, rulesets.Get("rock")), 1.0);
  EXPECT_EQ(ColumnCountEvidence({1}, rulesets.Get("rollem")), 1.0);
  EXPECT_EQ(ColumnCountEvidence({1}, rulesets.Get("classic")), 0.0);
  EXPECT_EQ(ColumnCountEvidence({1}, rulesets.Get("fivezee")), 0.0);
  EXPECT_EQ(ColumnCountEvidence({3}, rulesets.Get("triple")), 1.0);
  EXPECT_EQ(ColumnCountEvidence({6, 6, 6, 6}, rulesets.Get("piecepack")), 1.0);
  EXPECT_EQ(ColumnCountEvidence({6, 5}, rulesets.Get("piecepack")), 0.5);
  EXPECT_EQ(ColumnCountEvidence({}, rulesets.Get("piecepack")), 0.0);
}

}  // namespace
}  // namespace scorecheck
