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

// One score column is the only way R.O.C.K. prints its card; classic,
// FiveZee, Roll-Em and Piecepack sheets print one to six games, Triple
// Yahtzee up to three: a count they allow among others says nothing.
TEST(RulesetEvidenceTest, ACountOnlyOneRulesetPrints) {
  const RulesetLibrary& rulesets = ShippedRulesets();
  EXPECT_EQ(ColumnCountEvidence({1}, rulesets.Get("rock")), 1.0);
  EXPECT_EQ(ColumnCountEvidence({2}, rulesets.Get("rock")), 0.0);
  for (const char* id : {"classic", "fivezee", "rollem", "triple", "piecepack"}) {
    EXPECT_EQ(ColumnCountEvidence({1}, rulesets.Get(id)), 0.0) << id;
    EXPECT_EQ(ColumnCountEvidence({3}, rulesets.Get(id)), 0.0) << id;
  }
  EXPECT_EQ(ColumnCountEvidence({1, 3}, rulesets.Get("rock")), 0.5);
  EXPECT_EQ(ColumnCountEvidence({}, rulesets.Get("rock")), 0.0);
}

// How-to words only one ruleset prints for a row speak for it; phrasing any
// variant may print says nothing, however close to one ruleset's own wording.
TEST(RulesetEvidenceTest, HowToWordsOnlyOneRulesetPrints) {
  std::vector<const Ruleset*> all;
  for (const std::string& id : ShippedRulesets().Ids()) all.push_back(&ShippedRulesets().Get(id));
  const RulesetLibrary& rulesets = ShippedRulesets();
  RulesetMatch match;
  match.rows = {{0, "upper_bonus", CellPart::kValue, 1},
                {1, "three_kind", CellPart::kValue, 1},
                {2, "yahtzee_bonus", CellPart::kValue, 1},
                {3, "grand_total", CellPart::kValue, 1}};
  // A Triple Yahtzee sheet: "× column" in its grand total's how-to.
  std::vector<std::string> rows = {"Bonus\nScore 35 if 63 or over", "3 of a kind\nAdd total of all dice",
                                   "Yahtzee bonus\nCheck for each bonus", "Grand total\n(Upper + lower) x column"};
  EXPECT_GT(HowToEvidence(rows, match, rulesets.Get("triple"), all), 0);
  for (const char* id : {"classic", "fivezee", "rock", "rollem"})
    EXPECT_EQ(HowToEvidence(rows, match, rulesets.Get(id), all), 0.0) << id;
  // Roll-Em's fixed three of a kind and its "exceeds 62".
  rows = {"Bonus\nScore 35 if total exceeds 62", "3 of a kind\nScore 25", "Lucky Dice bonus", "Grand total"};
  EXPECT_NEAR(HowToEvidence(rows, match, rulesets.Get("rollem"), all), 1.0, 1e-9);
  EXPECT_EQ(HowToEvidence(rows, match, rulesets.Get("triple"), all), 0.0);
  // "Score" is every ruleset's word, though only Roll-Em's three of a kind
  // how-to has it.
  rows = {"Bonus", "3 of a kind\nScore total of dice", "Yahtzee bonus", "Grand total"};
  EXPECT_EQ(HowToEvidence(rows, match, rulesets.Get("rollem"), all), 0.0);
  // "Score 35 if total is 83 or over" is Jumbo FiveZee's wording, but
  // R.O.C.K. sheets print it too: no evidence for either.
  rows = {"Bonus\nScore 35 if total is 83 or over", "3 of a kind", "Yahtzee bonus", "Grand total"};
  EXPECT_EQ(HowToEvidence(rows, match, rulesets.Get("fivezee"), all), 0.0);
  EXPECT_EQ(HowToEvidence(rows, match, rulesets.Get("rock"), all), 0.0);
}

}  // namespace
}  // namespace scorecheck
