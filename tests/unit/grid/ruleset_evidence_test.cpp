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

}  // namespace
}  // namespace scorecheck
