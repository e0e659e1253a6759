// Every injected mistake makes the verifier report exactly the findings the
// oracle (written from RULES.md, apart from verify/) expects; clean games
// report none. This is what lets the synthetic corpus's truth files be
// trusted: "truth files pass scorecheck verify with exactly the injected findings".

#include "corpus/mistakes.h"

#include <map>
#include <random>

#include <gtest/gtest.h>

#include "sim/simulate_game.h"
#include "support/test_support.h"

namespace scorecheck {
namespace {

using namespace scorecheck::testing;

std::vector<ExpectedFinding> VerifierErrors(const CardGrid& grid) {
  Card card;
  card.grids.push_back(grid);
  std::vector<ExpectedFinding> errors;
  const Verification verification = Check(card);
  for (const Finding& f : verification.grids[0].findings)
    if (f.severity == Severity::kError) errors.push_back({f.code, f.row, f.column});
  std::sort(errors.begin(), errors.end());
  return errors;
}

std::string Show(const std::vector<ExpectedFinding>& findings) {
  std::string text;
  for (const auto& f : findings) text += f.code + " " + f.row.value_or("-") + " col " + std::to_string(f.column) + "\n";
  return text.empty() ? "(none)\n" : text;
}

class MistakesTest : public ::testing::TestWithParam<std::string> {};

TEST_P(MistakesTest, VerifierFindsExactlyWhatTheOracleExpects) {
  const Ruleset& ruleset = ShippedRulesets().Get(GetParam());
  std::mt19937 rng(4242);
  std::map<MistakeKind, int> kinds;
  for (int game = 0; game < 400; ++game) {
    GameOptions options;
    options.cross_out_zero = 0.2;
    options.convention = game % 3 == 0 ? EntryConvention::kMultiplied : EntryConvention::kRaw;
    const CardGrid clean = SimulateGame(ruleset, rng, options);
    const Conventions conventions(clean.columns.size(), options.convention);
    ASSERT_TRUE(ExpectedFindings(clean, ruleset, conventions).empty()) << Show(ExpectedFindings(clean, ruleset, conventions));
    ASSERT_TRUE(VerifierErrors(clean).empty()) << Show(VerifierErrors(clean));

    CardGrid grid = clean;
    const auto mistake = InjectMistake(grid, ruleset, conventions, rng);
    ASSERT_TRUE(mistake);
    ++kinds[mistake->kind];
    const auto expected = ExpectedFindings(grid, ruleset, conventions);
    EXPECT_FALSE(expected.empty()) << MistakeKindName(mistake->kind) << ": " << mistake->description;
    EXPECT_EQ(Show(VerifierErrors(grid)), Show(expected))
        << GetParam() << " game " << game << " " << MistakeKindName(mistake->kind) << ": " << mistake->description;
    // The first changed row is among the findings.
    bool at_row = false;
    for (const auto& f : expected) at_row |= f.row == mistake->row || (!f.row && mistake->kind == MistakeKind::kSixScoredBoxes);
    EXPECT_TRUE(at_row) << MistakeKindName(mistake->kind) << ": " << mistake->description << "\n" << Show(expected);
  }
  // Every kind that fits the ruleset showed up.
  EXPECT_GE(kinds.size(), 5u);
}

INSTANTIATE_TEST_SUITE_P(AllRulesets, MistakesTest,
                         ::testing::Values("classic", "piecepack", "triple", "rock", "fivezee", "rollem"),
                         [](const auto& info) { return info.param; });

}  // namespace
}  // namespace scorecheck
