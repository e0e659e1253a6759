// One test per finding code where it must appear, and one where it must not
// (RULES.md "Precise semantics"). Triple conventions are in triple_test.cpp.

#include "verify/verify.h"

#include <gtest/gtest.h>

#include "support/test_support.h"

namespace scorecheck {
namespace {

using namespace scorecheck::testing;

const std::vector<std::string> kAllRulesets = {"classic", "piecepack", "triple", "rock", "fivezee", "rollem"};

Card CorrectCard(const std::string& ruleset) {
  if (ruleset == "triple")
    return MakeCard("triple", {CorrectColumn("triple", 0), CorrectColumn("triple", 1), CorrectColumn("triple", 2)});
  return MakeCard(ruleset, {CorrectColumn(ruleset)});
}

TEST(VerifyTest, CorrectCardsOfEveryRulesetAreClean) {
  for (const std::string& ruleset : kAllRulesets) {
    const Verification v = Check(CorrectCard(ruleset));
    EXPECT_TRUE(v.clean()) << ruleset << ":\n" << Describe(v);
  }
}

TEST(VerifyTest, ComputesTheTotals) {
  const Verification v = Check(CorrectCard("classic"));
  const auto& computed = v.grids[0].columns[0].computed;
  EXPECT_EQ(computed.at("upper_subtotal"), 63);
  EXPECT_EQ(computed.at("upper_bonus"), 35);
  EXPECT_EQ(computed.at("upper_total"), 98);
  // 22 + 22 + 25 + 30 + 40 + 50 + 22 + 100
  EXPECT_EQ(computed.at("lower_total"), 311);
  EXPECT_EQ(computed.at("grand_total"), 409);
}

// --- TOTAL_MISMATCH ---------------------------------------------------------

TEST(VerifyTest, SubtotalSlipShowsAtEveryTotalItReaches) {
  Cells cells = With(CorrectColumn("classic"), "upper_subtotal", CellValue::Number(61));
  cells = With(cells, "upper_total", CellValue::Number(96));
  cells = With(cells, "upper_total_copy", CellValue::Number(96));
  cells = With(cells, "grand_total", CellValue::Number(407));
  const Verification v = Check(MakeCard("classic", {cells}));
  const auto mismatches = FindingsWith(v, "TOTAL_MISMATCH");
  // Subtotal, upper total and grand total; the upper total printed again in
  // the lower section holds the same 96, so it is the upper total's finding.
  ASSERT_EQ(mismatches.size(), 3u) << Describe(v);
  EXPECT_EQ(*mismatches[0].row, "upper_subtotal");
  EXPECT_EQ(mismatches[0].written, 61);
  EXPECT_EQ(mismatches[0].expected, 63);
  EXPECT_EQ(mismatches[0].message, "upper subtotal: 3 + 6 + 9 + 12 + 15 + 18 = 63, written 61 (off by -2)");
  EXPECT_EQ(*mismatches[1].row, "upper_total");
  EXPECT_NE(mismatches[1].message.find("carries the upper subtotal error"), std::string::npos);
  EXPECT_EQ(*mismatches[2].row, "grand_total");
  EXPECT_EQ(mismatches[2].expected, 409);
  EXPECT_NE(mismatches[2].message.find("carries the upper total error"), std::string::npos);
  // The bonus is due on the real subtotal (63) and was written: no bonus finding.
  EXPECT_TRUE(FindingsWith(v, "BONUS_WRONG").empty());
}

TEST(VerifyTest, ATotalPrintedTwiceIsOneFindingUnlessItsCopyDiffers) {
  // The upper total added wrong (88 for 98), copied as written: one finding,
  // on the first copy.
  Cells cells = With(CorrectColumn("classic"), "upper_total", CellValue::Number(88));
  cells = With(cells, "upper_total_copy", CellValue::Number(88));
  Verification v = Check(MakeCard("classic", {cells}));
  EXPECT_TRUE(HasFinding(v, "TOTAL_MISMATCH", "upper_total", 0)) << Describe(v);
  EXPECT_FALSE(HasFinding(v, "TOTAL_MISMATCH", "upper_total_copy", 0)) << Describe(v);
  // Copied otherwise (89): the copy is wrong on its own too.
  v = Check(MakeCard("classic", {With(cells, "upper_total_copy", CellValue::Number(89))}));
  EXPECT_TRUE(HasFinding(v, "TOTAL_MISMATCH", "upper_total", 0)) << Describe(v);
  EXPECT_TRUE(HasFinding(v, "TOTAL_MISMATCH", "upper_total_copy", 0)) << Describe(v);
  // A right total copied wrong: the copy's finding alone.
  v = Check(MakeCard("classic", {With(CorrectColumn("classic"), "upper_total_copy", CellValue::Number(89))}));
  EXPECT_FALSE(HasFinding(v, "TOTAL_MISMATCH", "upper_total", 0)) << Describe(v);
  EXPECT_TRUE(HasFinding(v, "TOTAL_MISMATCH", "upper_total_copy", 0)) << Describe(v);
}

TEST(VerifyTest, LowerTotalSlipIsItsOwnError) {
  const Verification v = Check(MakeCard("fivezee", {With(CorrectColumn("fivezee"), "lower_total", CellValue::Number(300))}));
  ASSERT_TRUE(HasFinding(v, "TOTAL_MISMATCH", "lower_total", 0)) << Describe(v);
  // The grand total was written from the right lower total: not carried.
  EXPECT_FALSE(HasFinding(v, "TOTAL_MISMATCH", "grand_total", 0)) << Describe(v);
}

TEST(VerifyTest, BlankTotalsAreNotFindingsButAreComputed) {
  Cells cells = CorrectColumn("classic");
  for (const char* row : {"upper_subtotal", "upper_bonus", "upper_total", "lower_total", "upper_total_copy", "grand_total"})
    cells = Without(cells, row);
  const Verification v = Check(MakeCard("classic", {cells}));
  EXPECT_TRUE(v.clean()) << Describe(v);
  EXPECT_EQ(v.grids[0].columns[0].computed.at("grand_total"), 409);
}

TEST(VerifyTest, BonusPointsBesideTicksAreChecked) {
  // Two ticks, but 100 written beside them and added into the lower total.
  const Verification v = Check(MakeCard("classic", {With(CorrectColumn("classic"), "yahtzee_bonus", CellValue::Checks(2, 100))}));
  const auto mismatches = FindingsWith(v, "TOTAL_MISMATCH");
  ASSERT_EQ(mismatches.size(), 3u) << Describe(v);
  EXPECT_EQ(*mismatches[0].row, "yahtzee_bonus");
  EXPECT_EQ(mismatches[0].written, 100);
  EXPECT_EQ(mismatches[0].expected, 200);
  EXPECT_EQ(*mismatches[1].row, "lower_total");
  EXPECT_EQ(mismatches[1].expected, 411);
  EXPECT_NE(mismatches[1].message.find("carries the Yahtzee bonus error"), std::string::npos);
  // Ticks without points: the lower total counts 100 per tick.
  const Verification lower = Check(MakeCard("classic", {With(CorrectColumn("classic"), "yahtzee_bonus", CellValue::Checks(2))}));
  EXPECT_FALSE(HasFinding(lower, "TOTAL_MISMATCH", "yahtzee_bonus", 0));
  EXPECT_TRUE(HasFinding(lower, "TOTAL_MISMATCH", "lower_total", 0)) << Describe(lower);
}

// --- BONUS_WRONG -------------------------------------------------------------

TEST(VerifyTest, BonusClaimedBelowThreshold) {
  Cells cells = With(CorrectColumn("classic"), "aces", CellValue::Number(1));  // subtotal 61
  cells = With(cells, "upper_subtotal", CellValue::Number(61));
  const Verification v = Check(MakeCard("classic", {cells}));
  ASSERT_TRUE(HasFinding(v, "BONUS_WRONG", "upper_bonus", 0)) << Describe(v);
  EXPECT_EQ(FindingsWith(v, "BONUS_WRONG")[0].expected, 0);
  EXPECT_EQ(FindingsWith(v, "BONUS_WRONG")[0].written, 35);
  EXPECT_NE(FindingsWith(v, "BONUS_WRONG")[0].message.find("below"), std::string::npos);
  // The upper total followed the wrong bonus: carried.
  ASSERT_TRUE(HasFinding(v, "TOTAL_MISMATCH", "upper_total", 0));
}

TEST(VerifyTest, BonusForgottenWhileTotalsAreWritten) {
  Cells cells = Without(CorrectColumn("classic"), "upper_bonus");
  const Verification v = Check(MakeCard("classic", {cells}));
  ASSERT_TRUE(HasFinding(v, "BONUS_WRONG", "upper_bonus", 0)) << Describe(v);
  // Also forgotten when written as 0.
  EXPECT_TRUE(HasFinding(Check(MakeCard("classic", {With(CorrectColumn("classic"), "upper_bonus", CellValue::Number(0))})),
                         "BONUS_WRONG", "upper_bonus", 0));
  // Wrong amount.
  EXPECT_TRUE(HasFinding(Check(MakeCard("classic", {With(CorrectColumn("classic"), "upper_bonus", CellValue::Number(30))})),
                         "BONUS_WRONG", "upper_bonus", 0));
}

TEST(VerifyTest, NoBonusFindingWhenNothingIsTotalled) {
  Cells cells = CorrectColumn("classic");
  for (const char* row : {"upper_bonus", "upper_total", "upper_total_copy", "grand_total"}) cells = Without(cells, row);
  EXPECT_TRUE(FindingsWith(Check(MakeCard("classic", {cells})), "BONUS_WRONG").empty());
  // Nor when no bonus is due and the box is left empty.
  Cells below = With(With(CorrectColumn("classic"), "aces", CellValue::Number(0)), "upper_bonus", CellValue::Empty());
  EXPECT_TRUE(FindingsWith(Check(MakeCard("classic", {below})), "BONUS_WRONG").empty());
}

TEST(VerifyTest, BonusThresholdsFollowTheRuleset) {
  Cells rock = CorrectColumn("rock");  // upper entries 90
  Cells rock_low = With(rock, "threes", CellValue::Number(12));  // 87 -> still 35
  EXPECT_EQ(Check(MakeCard("rock", {rock_low})).grids[0].columns[0].computed.at("upper_bonus"), 35);
  Cells rock_below = With(rock, "threes", CellValue::Number(6));  // 81 < 83
  EXPECT_EQ(Check(MakeCard("rock", {rock_below})).grids[0].columns[0].computed.at("upper_bonus"), 0);
  EXPECT_TRUE(HasFinding(Check(MakeCard("rock", {rock_below})), "BONUS_WRONG", "upper_bonus", 0));
  // Roll-Em: "exceeds 62" = 63 or more.
  EXPECT_EQ(Check(MakeCard("rollem", {CorrectColumn("rollem")})).grids[0].columns[0].computed.at("upper_bonus"), 35);
}

// --- MULTIPLIER_WRONG ------------------------------------------------------------

Card TripleWithGrand(int column, int grand) {
  Cells c0 = CorrectColumn("triple", 0), c1 = CorrectColumn("triple", 1), c2 = CorrectColumn("triple", 2);
  Cells* target = column == 0 ? &c0 : column == 1 ? &c1 : &c2;
  *target = With(*target, "grand_total", CellValue::Number(grand));
  return MakeCard("triple", {c0, c1, c2});
}

TEST(VerifyTest, TripleColumnNotMultiplied) {
  const Verification clean = Check(TripleWithGrand(2, 0));  // placeholder to read the base
  const int expected = clean.grids[0].columns[2].computed.at("grand_total");
  const int base = expected / 3;
  for (int written : {base, base * 2, base * 9}) {
    const Verification v = Check(TripleWithGrand(2, written));
    EXPECT_TRUE(HasFinding(v, "MULTIPLIER_WRONG", "grand_total", 2)) << written << "\n" << Describe(v);
    EXPECT_FALSE(HasFinding(v, "TOTAL_MISMATCH", "grand_total", 2));
  }
  // Column ×2 written as ×1 (not multiplied).
  const int expected1 = clean.grids[0].columns[1].computed.at("grand_total");
  EXPECT_TRUE(HasFinding(Check(TripleWithGrand(1, expected1 / 2)), "MULTIPLIER_WRONG", "grand_total", 1));
}

TEST(VerifyTest, OtherWrongTripleTotalsAreMismatches) {
  const int expected = Check(TripleWithGrand(2, 0)).grids[0].columns[2].computed.at("grand_total");
  const Verification v = Check(TripleWithGrand(2, expected + 3));
  EXPECT_TRUE(HasFinding(v, "TOTAL_MISMATCH", "grand_total", 2)) << Describe(v);
  EXPECT_TRUE(FindingsWith(v, "MULTIPLIER_WRONG").empty());
  EXPECT_TRUE(Check(TripleWithGrand(2, expected)).clean());
}

TEST(VerifyTest, ClassicHasNoMultiplierFinding) {
  const Verification v = Check(MakeCard("classic", {With(CorrectColumn("classic"), "grand_total", CellValue::Number(818))}));
  EXPECT_TRUE(FindingsWith(v, "MULTIPLIER_WRONG").empty());
  EXPECT_TRUE(HasFinding(v, "TOTAL_MISMATCH", "grand_total", 0));
}

// --- ILLEGAL_VALUE ---------------------------------------------------------------

TEST(VerifyTest, IllegalEntriesAreReportedAndStillCount) {
  for (const auto& [row, value] : std::vector<std::pair<std::string, int>>{
           {"fours", 13}, {"full_house", 20}, {"chance", 0}, {"chance", 31}, {"yahtzee", 45}, {"three_kind", 4}}) {
    const Verification v = Check(MakeCard("classic", {With(CorrectColumn("classic"), row, CellValue::Number(value))}));
    ASSERT_TRUE(HasFinding(v, "ILLEGAL_VALUE", row, 0)) << row << "=" << value << "\n" << Describe(v);
    const Finding f = FindingsWith(v, "ILLEGAL_VALUE")[0];
    EXPECT_EQ(f.written, value);
    EXPECT_NE(f.message.find("legal:"), std::string::npos);
  }
  // 13 in Fours counts at 13 in the subtotal: 3+6+9+13+15+18 = 64.
  const Verification v = Check(MakeCard("classic", {With(CorrectColumn("classic"), "fours", CellValue::Number(13))}));
  EXPECT_EQ(v.grids[0].columns[0].computed.at("upper_subtotal"), 64);
  EXPECT_NE(FindingsWith(v, "ILLEGAL_VALUE")[0].message.find("0, 4, 8, 12, 16 or 20"), std::string::npos);
}

TEST(VerifyTest, LegalEntriesAreNotIllegal) {
  for (const auto& [row, value] : std::vector<std::pair<std::string, int>>{
           {"fours", 0}, {"fours", 20}, {"full_house", 0}, {"chance", 5}, {"three_kind", 30}}) {
    Cells cells = With(CorrectColumn("classic"), row, CellValue::Number(value));
    EXPECT_TRUE(FindingsWith(Check(MakeCard("classic", {cells})), "ILLEGAL_VALUE").empty()) << row << "=" << value;
  }
}

TEST(VerifyTest, RollEmKindsAreFixedScores) {
  EXPECT_TRUE(HasFinding(Check(MakeCard("rollem", {With(CorrectColumn("rollem"), "three_kind", CellValue::Number(18))})),
                         "ILLEGAL_VALUE", "three_kind", 0));
  EXPECT_TRUE(FindingsWith(Check(MakeCard("rollem", {CorrectColumn("rollem")})), "ILLEGAL_VALUE").empty());
}

TEST(VerifyTest, CrossedChanceIsLegalOnlyOnPiecepack) {
  Cells classic = With(CorrectColumn("classic"), "chance", CellValue::Crossed());
  EXPECT_TRUE(HasFinding(Check(MakeCard("classic", {classic})), "ILLEGAL_VALUE", "chance", 0));
  Cells piecepack = With(CorrectColumn("piecepack"), "chance", CellValue::Crossed());
  EXPECT_FALSE(HasFinding(Check(MakeCard("piecepack", {piecepack})), "ILLEGAL_VALUE", "chance", 0));
  // Other crossed boxes are legal zeros everywhere.
  Cells crossed_fours = With(CorrectColumn("classic"), "full_house", CellValue::Crossed());
  EXPECT_TRUE(FindingsWith(Check(MakeCard("classic", {crossed_fours})), "ILLEGAL_VALUE").empty());
}

TEST(VerifyTest, TicksInAScoreBoxAreIllegal) {
  const Verification v = Check(MakeCard("classic", {With(CorrectColumn("classic"), "fives", CellValue::Checks(2))}));
  EXPECT_TRUE(HasFinding(v, "ILLEGAL_VALUE", "fives", 0)) << Describe(v);
}

// --- YAHTZEE_BONUS_INVALID -----------------------------------------------------

TEST(VerifyTest, BonusWithoutAFiftyInTheYahtzeeBox) {
  for (const char* ruleset : {"classic", "fivezee", "rollem", "rock"}) {
    const Verification v = Check(MakeCard(ruleset, {With(CorrectColumn(ruleset), "yahtzee", CellValue::Number(0))}));
    EXPECT_TRUE(HasFinding(v, "YAHTZEE_BONUS_INVALID", "yahtzee_bonus", 0)) << ruleset << "\n" << Describe(v);
    const Verification ok = Check(MakeCard(ruleset, {CorrectColumn(ruleset)}));
    EXPECT_TRUE(FindingsWith(ok, "YAHTZEE_BONUS_INVALID").empty()) << ruleset;
  }
  // Crossed Yahtzee box: no bonus either.
  EXPECT_TRUE(HasFinding(Check(MakeCard("classic", {With(CorrectColumn("classic"), "yahtzee", CellValue::Crossed())})),
                         "YAHTZEE_BONUS_INVALID", "yahtzee_bonus", 0));
}

TEST(VerifyTest, TripleBonusNeedsAllThreeYahtzeeBoxes) {
  Cells c0 = CorrectColumn("triple", 0), c1 = CorrectColumn("triple", 1), c2 = CorrectColumn("triple", 2);
  const Verification one_zero = Check(MakeCard("triple", {c0, With(c1, "yahtzee", CellValue::Number(0)), c2}));
  // Every column's bonus is invalid, not just the one with the zero.
  for (int column : {0, 1, 2})
    EXPECT_TRUE(HasFinding(one_zero, "YAHTZEE_BONUS_INVALID", "yahtzee_bonus", column)) << Describe(one_zero);
  // A card with only two columns filled in: the third box is empty.
  EXPECT_TRUE(HasFinding(Check(MakeCard("triple", {c0, c1})), "YAHTZEE_BONUS_INVALID", "yahtzee_bonus", 0));
  EXPECT_TRUE(FindingsWith(Check(MakeCard("triple", {c0, c1, c2})), "YAHTZEE_BONUS_INVALID").empty());
}

TEST(VerifyTest, RockAllowsTwoBonusChecksWorth50Then100) {
  Cells two = With(CorrectColumn("rock"), "yahtzee_bonus", CellValue::Checks(2, 150));
  two = With(two, "lower_total", CellValue::Number(200));
  two = With(two, "grand_total", CellValue::Number(325));
  const Verification ok = Check(MakeCard("rock", {two}));
  EXPECT_TRUE(ok.clean()) << Describe(ok);
  const Verification three = Check(MakeCard("rock", {With(two, "yahtzee_bonus", CellValue::Checks(3))}));
  EXPECT_TRUE(HasFinding(three, "YAHTZEE_BONUS_INVALID", "yahtzee_bonus", 0)) << Describe(three);
}

TEST(VerifyTest, BonusPointsWithoutTicks) {
  // 200 written alone in a classic bonus row = two bonuses: legal with a 50.
  Cells cells = With(CorrectColumn("classic"), "yahtzee_bonus", CellValue::Number(200));
  cells = With(cells, "lower_total", CellValue::Number(411));
  cells = With(cells, "grand_total", CellValue::Number(509));
  EXPECT_TRUE(Check(MakeCard("classic", {cells})).clean()) << Describe(Check(MakeCard("classic", {cells})));
  // 150 is no whole number of 100-point bonuses.
  EXPECT_TRUE(HasFinding(Check(MakeCard("classic", {With(cells, "yahtzee_bonus", CellValue::Number(150))})),
                         "ILLEGAL_VALUE", "yahtzee_bonus", 0));
}

// --- TOO_MANY_SCORES -------------------------------------------------------------

TEST(VerifyTest, RockAllowsFiveScoredBoxes) {
  Cells six = With(CorrectColumn("rock"), "chance", CellValue::Number(20));
  const Verification v = Check(MakeCard("rock", {six}));
  ASSERT_TRUE(HasFinding(v, "TOO_MANY_SCORES", "", 0)) << Describe(v);
  EXPECT_EQ(FindingsWith(v, "TOO_MANY_SCORES")[0].written, 6);
  // Five boxes plus bonus ticks: fine (ticks are not boxes).
  EXPECT_TRUE(FindingsWith(Check(MakeCard("rock", {CorrectColumn("rock")})), "TOO_MANY_SCORES").empty());
  // A crossed box is a used box.
  EXPECT_TRUE(HasFinding(Check(MakeCard("rock", {With(CorrectColumn("rock"), "aces", CellValue::Crossed())})),
                         "TOO_MANY_SCORES", "", 0));
  // Other rulesets have no limit.
  EXPECT_TRUE(FindingsWith(Check(MakeCard("classic", {CorrectColumn("classic")})), "TOO_MANY_SCORES").empty());
}

// --- INCOMPLETE ------------------------------------------------------------------

TEST(VerifyTest, EmptyBoxWithGrandTotalWrittenIsAWarning) {
  Cells cells = Without(CorrectColumn("classic"), "large_straight");
  const Verification v = Check(MakeCard("classic", {cells}));
  ASSERT_TRUE(HasFinding(v, "INCOMPLETE", "large_straight", 0)) << Describe(v);
  EXPECT_EQ(FindingsWith(v, "INCOMPLETE")[0].severity, Severity::kWarning);
  EXPECT_EQ(v.ErrorCount(), 2);  // the lower total no longer adds up, nor the grand total
  // No grand total: an unfinished game, no warning.
  EXPECT_TRUE(FindingsWith(Check(MakeCard("classic", {Without(cells, "grand_total")})), "INCOMPLETE").empty());
  // Never on rock.
  EXPECT_TRUE(FindingsWith(Check(MakeCard("rock", {CorrectColumn("rock")})), "INCOMPLETE").empty());
}

TEST(VerifyTest, UnusedColumnsAreIgnored) {
  const Card card = MakeCard("classic", {CorrectColumn("classic"), Cells{}, Cells{}});
  const Verification v = Check(card);
  EXPECT_TRUE(v.clean()) << Describe(v);
  EXPECT_FALSE(v.grids[0].columns[1].used);
}

TEST(VerifyTest, AnUnreadableMarkInAnUnusedColumnIsUncertainOnly) {
  // A scanner's mark it could not read (a stray one: dust, a hair) in a
  // column nobody plays: the column stays out of the checks, the mark gets a look.
  CellValue unread;
  unread.confidence = 0;
  const Verification v = Check(MakeCard("classic", {CorrectColumn("classic"), Cells{{"four_kind", unread}}}));
  EXPECT_FALSE(v.grids[0].columns[1].used);
  EXPECT_EQ(v.ErrorCount(), 0) << Describe(v);
  ASSERT_TRUE(HasFinding(v, "UNCERTAIN_READ", "four_kind", 1)) << Describe(v);
  EXPECT_NE(FindingsWith(v, "UNCERTAIN_READ")[0].message.find("column nobody plays"), std::string::npos);
}

// Several such marks in one unused column are one look: the person asks once
// whether anybody played it.
TEST(VerifyTest, StrayMarksInAnUnusedColumnAreOneLook) {
  CellValue unread;
  unread.confidence = 0;
  const Verification v = Check(MakeCard(
      "classic", {CorrectColumn("classic"), Cells{{"fives", unread}, {"upper_total", unread}, {"four_kind", unread}}}));
  EXPECT_FALSE(v.grids[0].columns[1].used);
  EXPECT_EQ(v.ErrorCount(), 0) << Describe(v);
  const std::vector<Finding> looks = FindingsWith(v, "UNCERTAIN_READ");
  ASSERT_EQ(looks.size(), 1u) << Describe(v);
  EXPECT_EQ(looks[0].column, 1);
  EXPECT_EQ(looks[0].row, "fives");
  for (const char* name : {"Fives", "4 of a kind", "column nobody plays"})
    EXPECT_NE(looks[0].message.find(name), std::string::npos) << looks[0].message;
}

// --- UNCERTAIN_READ --------------------------------------------------------------

TEST(VerifyTest, LowConfidenceReadsAreFlagged) {
  CellValue unsure = CellValue::Number(12);
  unsure.confidence = 0.3;
  CellValue sure = CellValue::Number(12);
  sure.confidence = 0.99;  // above the default threshold, kReviewBelow
  const Verification v = Check(MakeCard("classic", {With(CorrectColumn("classic"), "fours", unsure)}));
  ASSERT_TRUE(HasFinding(v, "UNCERTAIN_READ", "fours", 0)) << Describe(v);
  EXPECT_EQ(FindingsWith(v, "UNCERTAIN_READ")[0].severity, Severity::kWarning);
  EXPECT_TRUE(FindingsWith(Check(MakeCard("classic", {With(CorrectColumn("classic"), "fours", sure)})), "UNCERTAIN_READ").empty());
  VerifyOptions strict;
  strict.min_confidence = 0.995;
  EXPECT_TRUE(HasFinding(Check(MakeCard("classic", {With(CorrectColumn("classic"), "fours", sure)}), strict),
                         "UNCERTAIN_READ", "fours", 0));
}

TEST(VerifyTest, AnErrorInACellReadUnsurelyIsAWarning) {
  // A grand total off by ten: an error when typed or read surely; only a
  // warning (the reading may be what is wrong) when read at 0.05.
  const Cells column = CorrectColumn("classic");
  const int right = At(column, "grand_total").number;
  CellValue unsure = CellValue::Number(right + 10), sure = unsure;
  unsure.confidence = 0.05;
  sure.confidence = 0.9;
  VerifyOptions options;
  options.unconfirmed_below = 0.2;
  auto mismatch = [&](const CellValue& total) {
    const Verification v = Check(MakeCard("classic", {With(column, "grand_total", total)}), options);
    const std::vector<Finding> found = FindingsWith(v, "TOTAL_MISMATCH");
    EXPECT_EQ(found.size(), 1u) << Describe(v);
    return found.empty() ? Finding{} : found[0];
  };
  const Finding doubted = mismatch(unsure);
  EXPECT_EQ(doubted.severity, Severity::kWarning);
  EXPECT_NE(doubted.message.find("misreading"), std::string::npos);
  EXPECT_EQ(mismatch(sure).severity, Severity::kError);
  EXPECT_EQ(mismatch(CellValue::Number(right + 10)).severity, Severity::kError);
}

TEST(VerifyTest, ABonusClaimedByTicksReadSurelyStaysAnErrorWhateverThePoints) {
  // Rock: the bonus ticked with the Yahtzee box crossed out. The ticks are
  // read surely and the points beside them hardly (blurred): the claim is the
  // ticks', so the error stands, and the points alone are a person's to check.
  const Cells column = With(CorrectColumn("rock"), "yahtzee", CellValue::Crossed());
  CellValue bonus = At(column, "yahtzee_bonus");
  ASSERT_EQ(bonus.state, CellState::kChecks);
  ASSERT_GT(bonus.checks, 0);
  bonus.confidence = 0.9;
  bonus.points_confidence = 0.01;
  VerifyOptions options;
  options.unconfirmed_below = 0.05;
  auto invalid = [&](const CellValue& cell) {
    const Verification v = Check(MakeCard("rock", {With(column, "yahtzee_bonus", cell)}), options);
    const std::vector<Finding> found = FindingsWith(v, "YAHTZEE_BONUS_INVALID");
    EXPECT_EQ(found.size(), 1u) << Describe(v);
    EXPECT_TRUE(HasFinding(v, "UNCERTAIN_READ", "yahtzee_bonus", 0)) << Describe(v);
    return found.empty() ? Finding{} : found[0];
  };
  EXPECT_EQ(invalid(bonus).severity, Severity::kError);
  // The ticks themselves hardly read: then it may be a misreading.
  std::swap(bonus.confidence, bonus.points_confidence);
  EXPECT_EQ(invalid(bonus).severity, Severity::kWarning);
}

TEST(VerifyTest, AnErrorInAColumnHardToReadIsInDoubtSooner) {
  // A lower total 10 too high, read at 0.2: above unconfirmed_below, so an
  // error, while the rest of its column reads well ...
  const Cells column = CorrectColumn("classic");
  auto read_at = [](Cells cells, double confidence) {
    for (auto& [row, value] : cells)
      if (row != "lower_total" && value.state == CellState::kNumber) value.confidence = confidence;
    return cells;
  };
  CellValue total = CellValue::Number(At(column, "lower_total").number + 10);
  total.confidence = 0.2;
  Cells cells = With(read_at(column, 0.99), "lower_total", total);  // read above kReviewBelow
  VerifyOptions options;
  options.unconfirmed_below = 0.05;
  options.hard_column_share = 0.4;
  options.unconfirmed_in_hard_column = 0.3;
  auto severity = [&](const Cells& read) {
    const Verification v = Check(MakeCard("classic", {read}), options);
    for (const Finding& f : FindingsWith(v, "TOTAL_MISMATCH"))
      if (f.row == "lower_total") return f.severity;
    ADD_FAILURE() << Describe(v);
    return Severity::kWarning;
  };
  EXPECT_EQ(severity(cells), Severity::kError);
  // ... a warning once much of the column (at least hard_column_share of
  // its read cells) is uncertain too (a blurred page): there a misreading
  // explains it as well as a slip.
  cells = read_at(cells, 0.4);
  EXPECT_EQ(severity(cells), Severity::kWarning);
  for (const Finding& f : FindingsWith(Check(MakeCard("classic", {cells}), options), "TOTAL_MISMATCH"))
    if (f.row == "lower_total") {
      EXPECT_NE(f.message.find("much of which is hard to read"), std::string::npos) << f.message;
    }
  // Switched off (a share above 1): an error still.
  options.hard_column_share = 2;
  EXPECT_EQ(severity(cells), Severity::kError);
}

TEST(VerifyTest, AnUnsureTotalThatCarriesAnEarlierErrorStaysAnError) {
  // The subtotal slip of SubtotalSlipShowsAtEveryTotalItReaches, its grand
  // total read at 0.04: 407 is what the written totals above it add up to,
  // which a misreading would hardly match, so the error stands.
  Cells cells = With(CorrectColumn("classic"), "upper_subtotal", CellValue::Number(61));
  cells = With(cells, "upper_total", CellValue::Number(96));
  cells = With(cells, "upper_total_copy", CellValue::Number(96));
  CellValue unsure = CellValue::Number(407);
  unsure.confidence = 0.04;
  cells = With(cells, "grand_total", unsure);
  auto grand_total_finding = [&](const VerifyOptions& options) {
    const Verification v = Check(MakeCard("classic", {cells}), options);
    for (const Finding& f : FindingsWith(v, "TOTAL_MISMATCH"))
      if (f.row == "grand_total") return f;
    ADD_FAILURE() << Describe(v);
    return Finding{};
  };
  const Finding trusted = grand_total_finding(VerifyOptions{});
  EXPECT_EQ(trusted.severity, Severity::kError);
  EXPECT_NE(trusted.message.find("carries the upper total error"), std::string::npos);
  VerifyOptions doubting;
  doubting.trust_carried_totals = false;
  EXPECT_EQ(grand_total_finding(doubting).severity, Severity::kWarning);
  // The slip itself read at 0.04, and every total after it: each carries an
  // error in doubt, so each stays in doubt.
  for (const char* row : {"upper_subtotal", "upper_total", "upper_total_copy"}) {
    CellValue doubtful = At(cells, row);
    doubtful.confidence = 0.04;
    cells = With(cells, row, doubtful);
  }
  EXPECT_EQ(grand_total_finding(VerifyOptions{}).severity, Severity::kWarning);
}

TEST(VerifyTest, AnErrorInACellReadUnsurelyStaysAnErrorWhenNoReadingOfItClearsIt) {
  // A grand total 9 too high read at 0.002, its other readings as far off as
  // the first: whichever the card says, it is not the sum.
  const Cells column = CorrectColumn("classic");
  const int right = At(column, "grand_total").number;
  CellValue unsure = CellValue::Number(right + 9);
  unsure.confidence = 0.002;
  unsure.other_readings = {right + 11, right + 15};
  auto grand_total_finding = [&](const CellValue& cell) {
    const std::vector<Finding> found =
        FindingsWith(Check(MakeCard("classic", {With(column, "grand_total", cell)})), "TOTAL_MISMATCH");
    EXPECT_EQ(found.size(), 1u);
    return found.empty() ? Finding{} : found[0];
  };
  EXPECT_EQ(grand_total_finding(unsure).severity, Severity::kError);
  // One of its readings is the sum: the reading may be what is wrong.
  unsure.other_readings = {right + 11, right};
  EXPECT_EQ(grand_total_finding(unsure).severity, Severity::kWarning);
  // Readings not known (another reader): as before, a warning.
  unsure.other_readings.clear();
  EXPECT_EQ(grand_total_finding(unsure).severity, Severity::kWarning);
}

TEST(VerifyTest, AnUnreadableMarkIsUncertainNotEmptyNorAScore) {
  // A scanner saw ink in the large straight it could not read: an empty box
  // with a confidence of 0.
  CellValue unread;
  unread.confidence = 0;
  const Verification v = Check(MakeCard("classic", {With(CorrectColumn("classic"), "large_straight", unread)}));
  ASSERT_TRUE(HasFinding(v, "UNCERTAIN_READ", "large_straight", 0)) << Describe(v);
  EXPECT_NE(FindingsWith(v, "UNCERTAIN_READ")[0].message.find("could not be read"), std::string::npos);
  EXPECT_TRUE(FindingsWith(v, "INCOMPLETE").empty()) << Describe(v);
  // Rock allows five scored boxes (the correct column scores threes to
  // sixes and the Yahtzee, aces left empty): five and an unread mark are not six.
  const Cells rock = CorrectColumn("rock");
  EXPECT_TRUE(FindingsWith(Check(MakeCard("rock", {With(rock, "aces", unread)})), "TOO_MANY_SCORES").empty());
  EXPECT_FALSE(FindingsWith(Check(MakeCard("rock", {With(rock, "aces", CellValue::Number(0))})), "TOO_MANY_SCORES").empty());
}

TEST(VerifyTest, ABoxReadAsEmptyUnsurelySaysSo) {
  // A box whose edges were guessed (a sheet printing no rules) read as
  // empty, half sure: a person looks, told it looked empty, not that it
  // holds a mark.
  CellValue unsure;
  unsure.confidence = 0.5;
  const Verification v = Check(MakeCard("classic", {With(CorrectColumn("classic"), "large_straight", unsure)}));
  ASSERT_TRUE(HasFinding(v, "UNCERTAIN_READ", "large_straight", 0)) << Describe(v);
  EXPECT_NE(FindingsWith(v, "UNCERTAIN_READ")[0].message.find("read as empty with confidence 0.50"), std::string::npos)
      << Describe(v);
}

TEST(VerifyTest, AnUnreadableMarkTakenFromTheTotalsSaysSo) {
  // The scanner gave an unreadable large straight the 40 the totals need:
  // a number with confidence 0. The message must not claim it was read.
  const Cells column = CorrectColumn("classic");
  CellValue inferred = At(column, "large_straight");
  ASSERT_EQ(inferred.state, CellState::kNumber);
  inferred.confidence = 0;
  CellValue read = inferred;
  read.confidence = 0.01;
  auto uncertain = [&](const CellValue& cell) {
    const std::vector<Finding> found =
        FindingsWith(Check(MakeCard("classic", {With(column, "large_straight", cell)})), "UNCERTAIN_READ");
    EXPECT_EQ(found.size(), 1u);
    return found.empty() ? std::string{} : found[0].message;
  };
  EXPECT_NE(uncertain(inferred).find("could not be read; taken as " + std::to_string(inferred.number)),
            std::string::npos)
      << uncertain(inferred);
  EXPECT_NE(uncertain(read).find("read as " + std::to_string(read.number) + " with confidence 0.01"),
            std::string::npos)
      << uncertain(read);
}

// A row whose box the scanner did not find (lost at the grid's edge): what is
// written there was never read, so a person looks, in every played column;
// not in a column nobody plays, not for a copy of a total many sheets leave
// out, and not once a person has given the value.
TEST(VerifyTest, ARowWhoseBoxWasNotFoundIsUncertain) {
  Card card = MakeCard("classic", {Without(CorrectColumn("classic"), "grand_total"), Cells{}});
  card.grids[0].rows_not_found = {"grand_total", "upper_total_copy"};
  const Verification v = Check(card);
  ASSERT_TRUE(HasFinding(v, "UNCERTAIN_READ", "grand_total", 0)) << Describe(v);
  EXPECT_FALSE(HasFinding(v, "UNCERTAIN_READ", "grand_total", 1)) << Describe(v);
  EXPECT_FALSE(HasFinding(v, "UNCERTAIN_READ", "upper_total_copy", 0)) << Describe(v);
  EXPECT_NE(FindingsWith(v, "UNCERTAIN_READ")[0].message.find("no box for this row was found"), std::string::npos);
  EXPECT_EQ(v.ErrorCount(), 0) << Describe(v);
  // The same card with the row found and left empty: an unfinished game.
  card.grids[0].rows_not_found.clear();
  EXPECT_TRUE(FindingsWith(Check(card), "UNCERTAIN_READ").empty());
  // An entry row not found, the grand total written: not a box left empty
  // (INCOMPLETE), a box not read.
  Card entry = MakeCard("classic", {Without(CorrectColumn("classic"), "large_straight")});
  entry.grids[0].rows_not_found = {"large_straight"};
  const Verification lost = Check(entry);
  EXPECT_TRUE(HasFinding(lost, "UNCERTAIN_READ", "large_straight", 0)) << Describe(lost);
  EXPECT_TRUE(FindingsWith(lost, "INCOMPLETE").empty()) << Describe(lost);
  // A person gave the grand total: nothing left unread.
  Card given = MakeCard("classic", {CorrectColumn("classic")});
  given.grids[0].rows_not_found = {"grand_total"};
  EXPECT_TRUE(Check(given).clean()) << Describe(Check(given));
}

// --- several grids ----------------------------------------------------------------

TEST(VerifyTest, EveryGridOfAPageIsChecked) {
  Card card = MakeCard("piecepack", {CorrectColumn("piecepack")});
  Card second = MakeCard("piecepack", {CorrectColumn("piecepack"), With(CorrectColumn("piecepack"), "grand_total", CellValue::Number(1))});
  card.grids.push_back(second.grids[0]);
  const Verification v = Check(card);
  ASSERT_EQ(v.grids.size(), 2u);
  EXPECT_TRUE(v.grids[0].findings.empty());
  ASSERT_EQ(v.grids[1].findings.size(), 1u);
  EXPECT_EQ(v.grids[1].findings[0].column, 1);
}

TEST(VerifyTest, DescribesLegalValues) {
  const Ruleset& classic = ShippedRulesets().Get("classic");
  EXPECT_EQ(DescribeLegalValues(*classic.FindRow("full_house")), "0 or 25");
  EXPECT_EQ(DescribeLegalValues(*classic.FindRow("three_kind")), "0 or 5-30");
  EXPECT_EQ(DescribeLegalValues(*classic.FindRow("full_house"), 3), "0 or 75");
  EXPECT_EQ(DescribeLegalValues(*classic.FindRow("chance")), "5-30");
}

}  // namespace
}  // namespace scorecheck
