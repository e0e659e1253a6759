// Rule-aware decoding of a score column: legal entries and totals that add
// up are preferred among plausible readings, sure readings are kept.

#include "scan/choose_values.h"

#include <map>

#include <gtest/gtest.h>

#include "unit/scan/column_readings.h"

namespace scorecheck {
namespace {

using testing::Classic;
using testing::Number;
using testing::ShippedRulesets;
using testing::UpperColumn;

TEST(ChooseValuesTest, AnIllegalUnsureReadingGivesWayToALegalAlternative) {
  // Fours read "14" (not a multiple of 4), "16" a close second; subtotal unread.
  std::vector<ColumnCell> column = UpperColumn(14, 0.5, {{16, 0.3}}, {{67, 0.99}});
  const std::vector<Choice> choices = ChooseColumnValues(column, Classic(), 1).cells;
  EXPECT_EQ(choices[3].value, 16);
  EXPECT_TRUE(choices[3].corrected);
  EXPECT_EQ(choices[6].value, 67);  // 3 + 6 + 9 + 16 + 15 + 18
  EXPECT_FALSE(choices[6].corrected);
}

TEST(ChooseValuesTest, ASureIllegalReadingStays) {
  // The player really wrote 14 for fours: a real error must stay visible.
  std::vector<ColumnCell> column = UpperColumn(14, 0.985, {{16, 0.01}}, {{65, 0.99}});
  const std::vector<Choice> choices = ChooseColumnValues(column, Classic(), 1).cells;
  EXPECT_EQ(choices[3].value, 14);
  EXPECT_FALSE(choices[3].corrected);
}

TEST(ChooseValuesTest, AFairlySureIllegalReadingGivesWayWhenTheTotalAgrees) {
  // Fours read "14" at 0.9 (the reader takes a 6 for a 4 that surely now and
  // then); the sure subtotal adds up with 16, not 14.
  std::vector<ColumnCell> column = UpperColumn(14, 0.9, {{16, 0.095}}, {{67, 0.99}});
  EXPECT_EQ(ChooseColumnValues(column, Classic(), 1).cells[3].value, 16);
}

TEST(ChooseValuesTest, TheTotalThatAddsUpIsPreferredAmongPlausibleOnes) {
  // Subtotal read "61" or "67"; the entries add up to 67.
  std::vector<ColumnCell> column = UpperColumn(16, 0.99, {}, {{61, 0.5}, {67, 0.4}});
  const std::vector<Choice> choices = ChooseColumnValues(column, Classic(), 1).cells;
  EXPECT_EQ(choices[6].value, 67);
  EXPECT_TRUE(choices[6].corrected);
}

TEST(ChooseValuesTest, AnEntryIsReadSoThatASureTotalAddsUp) {
  // Fours read "8" or "12" (both legal); the surely read subtotal says 12.
  std::vector<ColumnCell> column = UpperColumn(8, 0.6, {{12, 0.3}}, {{63, 0.98}});
  const std::vector<Choice> choices = ChooseColumnValues(column, Classic(), 1).cells;
  EXPECT_EQ(choices[3].value, 12);
  EXPECT_EQ(choices[6].value, 63);
}

TEST(ChooseValuesTest, ASureTotalThatDoesNotAddUpIsAPlayerErrorAndStays) {
  // All readings sure; the player's subtotal is 10 short.
  std::vector<ColumnCell> column = UpperColumn(16, 0.99, {}, {{57, 0.985}, {67, 0.01}});
  const std::vector<Choice> choices = ChooseColumnValues(column, Classic(), 1).cells;
  EXPECT_EQ(choices[6].value, 57);
  EXPECT_FALSE(choices[6].corrected);
}

TEST(ChooseValuesTest, ImplausibleAlternativesAreNotUsed) {
  // "14" or "16", but 16 scores under a tenth of 14: 14 stays (and verify
  // reports it), rather than a guess being passed off as a reading.
  std::vector<ColumnCell> column = UpperColumn(14, 0.7, {{16, 0.05}}, {{65, 0.99}});
  EXPECT_EQ(ChooseColumnValues(column, Classic(), 1).cells[3].value, 14);
}

TEST(ChooseValuesTest, AnEntryFarFromEveryLegalScoreIsTakenForAMisreading) {
  // Fours read "96" (a 1 taken for a 9), "16" far behind; the subtotal reads
  // 147 (what 96 makes) better than 67. No player scores 96 for
  // fours: the legal reading and the total it makes win.
  std::vector<ColumnCell> column = UpperColumn(96, 0.6, {{16, 0.07}}, {{147, 0.5}, {67, 0.15}});
  const std::vector<Choice> choices = ChooseColumnValues(column, Classic(), 1).cells;
  EXPECT_EQ(choices[3].value, 16);
  EXPECT_EQ(choices[6].value, 67);
  // Weighed like a near miss, 96 stays.
  ChoiceOptions as_near;
  as_near.far_illegal_factor = as_near.illegal_factor;
  EXPECT_EQ(ChooseColumnValues(column, Classic(), 1, as_near).cells[3].value, 96);
}

TEST(ChooseValuesTest, AnIllegalEntryNearALegalScoreIsAPlayerSlipAndStays) {
  // The same readings one off a legal score: "17" for fours is what a player
  // who miscounted writes, and its total agrees.
  std::vector<ColumnCell> column = UpperColumn(17, 0.6, {{16, 0.07}}, {{68, 0.5}, {67, 0.15}});
  const std::vector<Choice> choices = ChooseColumnValues(column, Classic(), 1).cells;
  EXPECT_EQ(choices[3].value, 17);
  EXPECT_EQ(choices[6].value, 68);
}

TEST(ChooseValuesTest, MultipliedEntriesAreLegalInATripleColumn) {
  // Column ×3: fours written multiplied (36 = 12 × 3) is legal as written.
  const Ruleset& triple = ShippedRulesets().Get("triple");
  std::vector<ColumnCell> column = {{"fours", CellPart::kValue, Number({{36, 0.6}, {32, 0.3}})}};
  EXPECT_EQ(ChooseColumnValues(column, triple, 3).cells[0].value, 36);
  EXPECT_EQ(ChooseColumnValues(column, triple, 1).cells[0].value, 36);  // neither legal raw (both far): nothing better
}

// A two-digit reading from one segmentation with the given digit scores
// (digit -> probability; the rest share nothing).
Reading TwoDigits(std::map<int, float> first, std::map<int, float> second) {
  Segmentation segmentation;
  for (const auto& scores : {first, second}) {
    DigitScores digit{};
    for (const auto& [d, p] : scores) digit[d] = p;
    segmentation.digits.push_back(digit);
  }
  std::vector<Candidate> alternatives;
  for (const auto& [a, pa] : first)
    for (const auto& [b, pb] : second) alternatives.push_back({a * 10 + b, pa * pb});
  std::sort(alternatives.begin(), alternatives.end(), [](const Candidate& x, const Candidate& y) { return x.score > y.score; });
  alternatives.resize(std::min<size_t>(alternatives.size(), 2));
  Reading reading = Number(alternatives);
  reading.segmentations = {segmentation};
  return reading;
}

TEST(ChooseValuesTest, TheSumATotalShouldHoldIsAskedForBeyondTheTopReadings) {
  // Subtotal: "61" or "64" at the top; "67" (the sum) scores far lower (a
  // tenth of 61, which is the twos left out: a slip), but the reader does
  // see it, and it adds up.
  std::vector<ColumnCell> column = UpperColumn(16, 0.99, {}, {{0, 0}});
  column[6].reading = TwoDigits({{6, 0.95f}}, {{1, 0.55f}, {4, 0.3f}, {7, 0.055f}});
  ASSERT_EQ(column[6].reading.alternatives.size(), 2u);
  const std::vector<Choice> choices = ChooseColumnValues(column, Classic(), 1).cells;
  EXPECT_EQ(choices[6].value, 67);
  EXPECT_TRUE(choices[6].corrected);
}

TEST(ChooseValuesTest, ALegalScoreIsAskedForBeyondTheTopReadings) {
  // Yahtzee box read "60"; 50 (the only other legal score than 0) is seen
  // with a tenth of the 6's probability.
  std::vector<ColumnCell> column = {{"yahtzee", CellPart::kValue, TwoDigits({{6, 0.7f}}, {{0, 0.9f}})}};
  column[0].reading.segmentations[0].digits[0][5] = 0.07f;
  EXPECT_EQ(ChooseColumnValues(column, Classic(), 1).cells[0].value, 50);
}

TEST(ChooseValuesTest, AClearlyWrittenWrongTotalIsNotAskedAway) {
  // The player wrote 61 where the entries make 67: the reader sees a 7 in
  // the second digit with a probability of 1e-6, too little to be a reading.
  std::vector<ColumnCell> column = UpperColumn(16, 0.99, {}, {{0, 0}});
  column[6].reading = TwoDigits({{6, 0.95f}}, {{1, 0.85f}, {4, 0.05f}, {7, 1e-6f}});
  const std::vector<Choice> choices = ChooseColumnValues(column, Classic(), 1).cells;
  EXPECT_EQ(choices[6].value, 61);
  EXPECT_FALSE(choices[6].corrected);
}

TEST(ChooseValuesTest, ATotalNoSlipAwayFromItsSumIsTakenForAMisreading) {
  // Subtotal read "62" (a 7 taken for a 2); the sum, 67, is seen at a
  // hundredth of it. Off by 5 in one digit, and by no row's value, is no
  // way to add wrong.
  std::vector<ColumnCell> column = UpperColumn(16, 0.99, {}, {{0, 0}});
  column[6].reading = TwoDigits({{6, 0.95f}}, {{2, 0.8f}, {7, 0.008f}});
  EXPECT_EQ(ChooseColumnValues(column, Classic(), 1).cells[6].value, 67);
  // Weighed like a slip, 62 stays.
  ChoiceOptions as_slip;
  as_slip.far_mismatch_factor = as_slip.mismatch_factor;
  EXPECT_EQ(ChooseColumnValues(column, Classic(), 1, as_slip).cells[6].value, 62);
}

TEST(ChooseValuesTest, ATotalASlipAwayFromItsSumIsAPlayerErrorAndStays) {
  // The sum, 67, seen at about a hundredth of the reading again, but what is
  // read is how players add wrong: one off in a digit (68, 57), two digits
  // swapped (76), a row left out (64: the aces' 3).
  const std::vector<std::pair<int, Reading>> slips = {
      {68, TwoDigits({{6, 0.95f}}, {{8, 0.8f}, {7, 0.008f}})},
      {57, TwoDigits({{5, 0.95f}, {6, 0.0095f}}, {{7, 0.8f}})},
      {76, TwoDigits({{7, 0.95f}, {6, 0.095f}}, {{6, 0.8f}, {7, 0.08f}})},
      {64, TwoDigits({{6, 0.95f}}, {{4, 0.8f}, {7, 0.008f}})},
  };
  for (const auto& [written, reading] : slips) {
    std::vector<ColumnCell> column = UpperColumn(16, 0.99, {}, {{0, 0}});
    column[6].reading = reading;
    ASSERT_NEAR(ValueScore(reading, 67) / reading.alternatives.front().score, 0.01, 1e-6) << written;
    EXPECT_EQ(ChooseColumnValues(column, Classic(), 1).cells[6].value, written) << written;
  }
}

TEST(ChooseValuesTest, NonNumbersAreLeftAlone) {
  Reading crossed;
  crossed.status = ReadingStatus::kCrossed;
  Reading ticks;
  ticks.status = ReadingStatus::kChecks;
  ticks.checks = 2;
  std::vector<ColumnCell> column = {{"yahtzee", CellPart::kValue, Number({{50, 0.99}})},
                                    {"chance", CellPart::kValue, crossed},
                                    {"yahtzee_bonus", CellPart::kChecks, ticks},
                                    {"yahtzee_bonus", CellPart::kPoints, Number({{200, 0.5}, {260, 0.4}})}};
  const std::vector<Choice> choices = ChooseColumnValues(column, Classic(), 1).cells;
  EXPECT_EQ(choices[0].value, 50);
  EXPECT_EQ(choices[1].value, 0);
  EXPECT_FALSE(choices[1].corrected);
  EXPECT_EQ(choices[3].value, 200);
}

// A mark the shape test took for a cross-out, with its reading as a number.
Reading CrossedShape(std::vector<Candidate> as_number) {
  Reading reading = Number(std::move(as_number));
  reading.status = ReadingStatus::kCrossed;
  reading.value = 0;
  reading.confidence = 0.7;  // the shape test's
  return reading;
}

TEST(ChooseValuesTest, ACrossOutShapeIsReadAsTheNumberATotalNeeds) {
  // "67" in the subtotal filled the box's diagonals; as a number it reads
  // 67 (the entries' sum) at 0.3. A crossed total is no sheet's way.
  std::vector<ColumnCell> column = UpperColumn(16, 0.99, {}, {{0, 0}});
  column[6].reading = CrossedShape({{67, 0.3}, {61, 0.1}});
  const Choice subtotal = ChooseColumnValues(column, Classic(), 1).cells[6];
  EXPECT_TRUE(subtotal.crossed_as_number);
  EXPECT_EQ(subtotal.value, 67);
  EXPECT_TRUE(subtotal.corrected);
}

TEST(ChooseValuesTest, ACrossedEntryStaysCrossedWhenTheTotalCountsItAsZero) {
  // Fours crossed out (its strokes read "4" at 0.4, legal for fours); the
  // subtotal, written surely, counts the fours as 0.
  std::vector<ColumnCell> column = UpperColumn(16, 0.99, {}, {{51, 0.99}});
  column[3].reading = CrossedShape({{4, 0.4}, {1, 0.2}});
  const std::vector<Choice> choices = ChooseColumnValues(column, Classic(), 1).cells;
  EXPECT_FALSE(choices[3].crossed_as_number);
  EXPECT_EQ(choices[6].value, 51);
  // The same strokes where the subtotal counts 4: the rules read a number.
  column[6].reading = Number({{55, 0.99}});
  EXPECT_TRUE(ChooseColumnValues(column, Classic(), 1).cells[3].crossed_as_number);
}

TEST(ChooseValuesTest, AnUnreadableEntryTakesTheValueItsTotalImplies) {
  // The fours' ink read as nothing; the subtotal, written surely, says 12.
  std::vector<ColumnCell> column = UpperColumn(16, 0.99, {}, {{63, 0.99}});
  column[3].reading = Reading{};
  column[3].reading.status = ReadingStatus::kIllegible;
  const std::vector<Choice> choices = ChooseColumnValues(column, Classic(), 1).cells;
  EXPECT_TRUE(choices[3].inferred);
  EXPECT_EQ(choices[3].value, 12);
  EXPECT_EQ(choices[6].value, 63);
  // A subtotal no legal fours value makes add up (the others add up to 51,
  // and 13 is no fours score): the mark stays unread.
  column[6].reading = Number({{64, 0.99}});
  EXPECT_FALSE(ChooseColumnValues(column, Classic(), 1).cells[3].inferred);
  // Nor is it guessed when the column adds up without it.
  column[6].reading = Number({{51, 0.99}});
  EXPECT_FALSE(ChooseColumnValues(column, Classic(), 1).cells[3].inferred);
}

TEST(ChooseValuesTest, TheWeightSaysHowWellTheRulesFitTheReadings) {
  // Upper entries adding up to 70 with a bonus of 0 written: fine for Jumbo
  // FiveZee (bonus from 83), a slip under classic (bonus from 63).
  std::vector<ColumnCell> column = UpperColumn(16, 0.99, {}, {{70, 0.99}});
  column[4].reading = Number({{18 - 3, 0.99}});  // fives 15
  column[5].reading = Number({{21, 0.99}});      // sixes 21 (illegal everywhere: 3 + 6 + 9 + 16 + 15 + 21 = 70)
  column.push_back({"upper_bonus", CellPart::kValue, Number({{0, 0.99}})});
  const double classic = ChooseColumnValues(column, Classic(), 1).log_weight;
  const double fivezee = ChooseColumnValues(column, ShippedRulesets().Get("fivezee"), 1).log_weight;
  EXPECT_LT(classic, fivezee - 1);
  EXPECT_LE(fivezee, 0);
}

// A one-digit reading: the digit scores of its one segmentation (the rest
// share nothing); the top digit is the reading.
Reading OneDigit(std::map<int, float> scores) {
  Segmentation segmentation;
  DigitScores digit{};
  int top = scores.begin()->first;
  for (const auto& [d, p] : scores) {
    digit[d] = p;
    if (p > digit[top]) top = d;
  }
  segmentation.digits.push_back(digit);
  Reading reading = Number({{top, digit[top]}});
  reading.segmentations = {segmentation};
  return reading;
}

TEST(ChooseValuesTest, ABonusLeftOutAfterASubtotalSlipIsOneSlipNotTwo) {
  // Entries 3 + 6 + 9 + 12 + 15 + 18 = 63, bonus due; the player wrote 62
  // and so no bonus. Aces read "3", a 2 seen at a fiftieth of it: with a 2
  // every written number would add up.
  std::vector<ColumnCell> column = UpperColumn(12, 0.99, {}, {{62, 0.99}});
  column[0].reading = OneDigit({{3, 0.6f}, {2, 0.012f}});
  column.push_back({"upper_bonus", CellPart::kValue, Number({{0, 0.99}})});
  // The bonus weighed by the entries alone: the slip costs twice (subtotal
  // and bonus), and the 2 wins.
  ChoiceOptions entries_only;
  entries_only.bonus_follows_written_subtotal = false;
  EXPECT_EQ(ChooseColumnValues(column, Classic(), 1, entries_only).cells[0].value, 2);
  // The bonus the written subtotal earns agrees (the default): one slip, the aces stay 3.
  const std::vector<Choice> choices = ChooseColumnValues(column, Classic(), 1).cells;
  EXPECT_EQ(choices[0].value, 3);
  EXPECT_EQ(choices[6].value, 62);
  EXPECT_EQ(choices[7].value, 0);
}

TEST(ChooseValuesTest, BonusPointsAreWhatTheTicksEarnOrWholeBonuses) {
  Reading one_tick;
  one_tick.status = ReadingStatus::kChecks;
  one_tick.checks = 1;
  ChoiceOptions check, unchecked;
  unchecked.check_bonus_points = false;
  // Points beside one tick read "700" (a 1 taken for a 7), 100 a fifth as likely.
  std::vector<ColumnCell> column = {{"yahtzee_bonus", CellPart::kChecks, one_tick},
                                    {"yahtzee_bonus", CellPart::kPoints, Number({{700, 0.5}, {100, 0.1}})}};
  EXPECT_EQ(ChooseColumnValues(column, Classic(), 1, unchecked).cells[1].value, 700);
  EXPECT_EQ(ChooseColumnValues(column, Classic(), 1, check).cells[1].value, 100);
  // Sure points stay as read: the player's to answer for (verify reports them).
  column[1].reading = Number({{700, 0.99}, {100, 0.005}});
  EXPECT_EQ(ChooseColumnValues(column, Classic(), 1, check).cells[1].value, 700);
  // Points alone: "120" is no whole number of bonuses, "100" is.
  std::vector<ColumnCell> alone = {{"yahtzee_bonus", CellPart::kValue, Number({{120, 0.5}, {100, 0.1}})}};
  EXPECT_EQ(ChooseColumnValues(alone, Classic(), 1, unchecked).cells[0].value, 120);
  EXPECT_EQ(ChooseColumnValues(alone, Classic(), 1, check).cells[0].value, 100);
  alone[0].reading = Number({{200, 0.5}, {100, 0.3}});
  EXPECT_EQ(ChooseColumnValues(alone, Classic(), 1, check).cells[0].value, 200);  // two bonuses
}

}  // namespace
}  // namespace scorecheck
