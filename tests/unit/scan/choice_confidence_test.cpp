// How sure the rule-aware choice is of each number (Choice::confidence):
// written totals that add up, and the boxes' rules, vouch for readings the
// reader doubts; what could have been fitted otherwise stays uncertain.

#include "scan/choice_confidence.h"

#include <algorithm>
#include <string>

#include <gtest/gtest.h>

#include "unit/scan/column_readings.h"
#include "verify/verify.h"

namespace scorecheck {
namespace {

using testing::Classic;
using testing::Number;
using testing::UpperColumn;

// The findings VerifyGrid makes of a classic column as chosen (its number
// cells only when `numbers_only`), each with the confidence the decoding
// gives it. These confidences are on the readers' own scale, before the doubt
// model weighs them (scan/cell_doubt.h): a cell is uncertain below
// ChoiceOptions::review_below, the threshold of that scale.
std::vector<Finding> ColumnFindings(const std::vector<ColumnCell>& column, const ColumnChoice& choice,
                                    bool numbers_only) {
  CardColumn card_column;
  for (size_t i = 0; i < column.size(); ++i) {
    if (numbers_only && column[i].reading.status != ReadingStatus::kNumber) continue;
    CellValue value = CellValue::Number(choice.cells[i].value);
    value.confidence = choice.cells[i].confidence;
    card_column.cells[column[i].row_id] = value;
  }
  CardGrid grid;
  grid.ruleset = "classic";
  grid.columns.push_back(card_column);
  VerifyOptions readers_scale;
  readers_scale.min_confidence = ChoiceOptions{}.review_below;
  return VerifyGrid(grid, Classic(), readers_scale).findings;
}

std::vector<std::string> UncertainRows(const std::vector<ColumnCell>& column, const ColumnChoice& choice) {
  std::vector<std::string> rows;
  for (const Finding& finding : ColumnFindings(column, choice, true))
    if (finding.code == codes::kUncertainRead && finding.row) rows.push_back(*finding.row);
  return rows;
}

bool Has(const std::vector<std::string>& rows, const std::string& row) {
  return std::find(rows.begin(), rows.end(), row) != rows.end();
}

TEST(ChoiceConfidenceTest, ATotalThatAddsUpConfirmsAnUnsureReading) {
  // Fours read "12" at 0.3 (the reader doubts it), "13" behind; the subtotal,
  // read on its own at 0.95, is 63: what 12 makes. For fours to hold anything
  // else the player would have slipped adding up by just that much.
  const std::vector<ColumnCell> column = UpperColumn(12, 0.3, {{13, 0.2}}, {{63, 0.95}});
  const ColumnChoice choice = ChooseColumnValues(column, Classic(), 1);
  EXPECT_EQ(choice.cells[3].value, 12);
  EXPECT_GT(choice.cells[3].confidence, 0.8);
  EXPECT_FALSE(Has(UncertainRows(column, choice), "fours"));
  // Without the confirmation: the reader's own confidence.
  ChoiceOptions unconfirmed;
  unconfirmed.confirm_by_totals = false;
  EXPECT_DOUBLE_EQ(ChooseColumnValues(column, Classic(), 1, unconfirmed).cells[3].confidence, 0.3);
}

TEST(ChoiceConfidenceTest, AnUnsureReadingTheTotalsDoNotConfirmStaysUncertain) {
  // The same fours; the subtotal reads 70, which no fours value listed makes
  // (a player error or a misreading: either way nothing vouches for the 12).
  std::vector<ColumnCell> column = UpperColumn(12, 0.3, {{13, 0.2}}, {{70, 0.99}});
  ColumnChoice choice = ChooseColumnValues(column, Classic(), 1);
  EXPECT_EQ(choice.cells[3].value, 12);
  EXPECT_DOUBLE_EQ(choice.cells[3].confidence, 0.3);
  EXPECT_TRUE(Has(UncertainRows(column, choice), "fours"));
  // The subtotal left blank, fours "12" or "16" as likely: no total to
  // confirm either, and the rules allow both.
  column = UpperColumn(12, 0.3, {{16, 0.3}}, {{70, 0.99}});
  column.back().reading = Reading();
  choice = ChooseColumnValues(column, Classic(), 1);
  EXPECT_LT(choice.cells[3].confidence, 0.5);
  EXPECT_TRUE(Has(UncertainRows(column, choice), "fours"));
}

TEST(ChoiceConfidenceTest, TheRulesVouchForAReadingInAColumnThatKeepsThem) {
  // Fours "12" at 0.3, "13" behind (no score for fours), the subtotal blank:
  // every value in the column is one its box can take, and whatever else
  // the reader doubts towards is not, or it would have found it plausible.
  std::vector<ColumnCell> column = UpperColumn(12, 0.3, {{13, 0.2}}, {{70, 0.99}});
  column.back().reading = Reading();
  ColumnChoice choice = ChooseColumnValues(column, Classic(), 1);
  EXPECT_EQ(choice.cells[3].value, 12);
  EXPECT_GT(choice.cells[3].confidence, 0.8);
  EXPECT_FALSE(Has(UncertainRows(column, choice), "fours"));
  // A column that breaks the rules elsewhere (aces read "7" surely: no
  // score for aces) may be misread throughout: the reader's own confidence.
  column[0].reading = Number({{7, 0.99}});
  choice = ChooseColumnValues(column, Classic(), 1);
  EXPECT_EQ(choice.cells[0].value, 7);
  EXPECT_DOUBLE_EQ(choice.cells[3].confidence, 0.3);
  EXPECT_TRUE(Has(UncertainRows(column, choice), "fours"));
}

TEST(ChoiceConfidenceTest, AnAlternativeThatAddsUpTooKeepsTheCellUncertain) {
  // Fours "12" or "16", the subtotal "63" or "67", each pair as likely: both
  // add up, so the sum cannot tell them apart and both cells stay doubtful.
  const std::vector<ColumnCell> column = UpperColumn(12, 0.3, {{16, 0.3}}, {{63, 0.45}, {67, 0.45}});
  const ColumnChoice choice = ChooseColumnValues(column, Classic(), 1);
  EXPECT_LT(choice.cells[3].confidence, 0.5);
  EXPECT_LT(choice.cells[6].confidence, 0.5);
  const std::vector<std::string> rows = UncertainRows(column, choice);
  EXPECT_TRUE(Has(rows, "fours"));
  EXPECT_TRUE(Has(rows, "upper_subtotal"));
}

TEST(ChoiceConfidenceTest, AnUnsureTotalIsConfirmedByTheEntriesItAdds) {
  // The subtotal read "63" at 0.35; the six entries, read surely, add up to
  // 63: the entries vouch for it. Its sure entries keep their confidence.
  const std::vector<ColumnCell> column = UpperColumn(12, 0.99, {}, {{63, 0.35}, {68, 0.2}});
  const ColumnChoice choice = ChooseColumnValues(column, Classic(), 1);
  EXPECT_EQ(choice.cells[6].value, 63);
  EXPECT_GT(choice.cells[6].confidence, 0.5);
  EXPECT_GE(choice.cells[0].confidence, 0.99);
  EXPECT_TRUE(UncertainRows(column, choice).empty());
}

TEST(ChoiceConfidenceTest, AValueChosenSoThatASureTotalAddsUpIsFlaggedWithTheTotal) {
  // Fours read "14" (no score for fours) at 0.4, "16" nearly as likely; the
  // subtotal, read surely, is 67: what 16 makes. The card holds 16, but the
  // rules chose it, the reader did not read it: a person looks at it, and at
  // the subtotal that only adds up through it (had the reader been right,
  // the player wrote 14 and the subtotal is wrong). The reader's word for
  // the 16 is its confidence scaled by the 16's score against the 14's.
  const std::vector<ColumnCell> column = UpperColumn(14, 0.4, {{16, 0.35}}, {{67, 0.99}});
  const ColumnChoice choice = ChooseColumnValues(column, Classic(), 1);
  EXPECT_EQ(choice.cells[3].value, 16);
  EXPECT_TRUE(choice.cells[3].corrected);
  EXPECT_TRUE(choice.cells[3].rules_chose);
  EXPECT_NEAR(choice.cells[3].confidence, 0.35, 1e-9);
  EXPECT_FALSE(choice.cells[6].corrected);
  EXPECT_TRUE(choice.cells[6].rules_chose);
  EXPECT_NEAR(choice.cells[6].confidence, 0.49, 1e-9);  // read surely, but agrees only through the 16
  std::vector<std::string> rows = UncertainRows(column, choice);
  EXPECT_TRUE(Has(rows, "fours"));
  EXPECT_TRUE(Has(rows, "upper_subtotal"));
  EXPECT_EQ(rows.size(), 2u);
  // Nothing to confirm it (the subtotal read "70", what no fours value
  // listed makes): only the reader's word for the 16; the subtotal, a
  // player's error or a misreading, does not add up and stands as read.
  std::vector<ColumnCell> alone = column;
  alone.back().reading = Number({{70, 0.99}});
  const ColumnChoice unconfirmed = ChooseColumnValues(alone, Classic(), 1);
  EXPECT_EQ(unconfirmed.cells[3].value, 16);
  EXPECT_LT(unconfirmed.cells[3].confidence, 0.5);
  EXPECT_FALSE(unconfirmed.cells[6].rules_chose);
  rows = UncertainRows(alone, unconfirmed);
  EXPECT_TRUE(Has(rows, "fours"));
  EXPECT_FALSE(Has(rows, "upper_subtotal"));
}

TEST(ChoiceConfidenceTest, ACopyIsVouchedForByTheBoxItCopiesWhenTheEntriesVouchForThat) {
  // Entries 3 + 6 + 9 + 8 + 15 + 18 = 59, no bonus; the subtotal read "59"
  // surely; the upper total (subtotal plus a bonus left blank: a copy) read
  // "59" at 0.3, "69" behind. The entries vouch for the subtotal, the
  // subtotal for its copy.
  std::vector<ColumnCell> column = UpperColumn(8, 0.99, {}, {{59, 0.99}});
  column.push_back({"upper_total", CellPart::kValue, Number({{59, 0.3}, {69, 0.2}})});
  ColumnChoice choice = ChooseColumnValues(column, Classic(), 1);
  EXPECT_EQ(choice.cells[7].value, 59);
  EXPECT_GT(choice.cells[7].confidence, 0.5);
  EXPECT_FALSE(Has(UncertainRows(column, choice), "upper_total"));
  // The subtotal surely read but not what the entries make (fours 12: a
  // player's slip or a misreading): nothing vouches for it, nor for its copy.
  column[3].reading = Number({{12, 0.99}});
  choice = ChooseColumnValues(column, Classic(), 1);
  EXPECT_EQ(choice.cells[7].value, 59);
  EXPECT_DOUBLE_EQ(choice.cells[7].confidence, 0.3);
  EXPECT_TRUE(Has(UncertainRows(column, choice), "upper_total"));
}

TEST(ChoiceConfidenceTest, ATotalAddingAFittedTotalIsConfirmedByWhatThatAdds) {
  // Entries 3 + 6 + 9 + 12 + 15 + 18 = 63, read surely; the subtotal read
  // "68" before "63" (fitted to 63: it vouches for nothing), the bonus "35"
  // surely, the upper total "98" at 0.3, "93" behind. The upper total adds
  // the entries and the bonus through the fitted subtotal: they vouch for it.
  std::vector<ColumnCell> column = UpperColumn(12, 0.99, {}, {{68, 0.5}, {63, 0.3}});
  column.push_back({"upper_bonus", CellPart::kValue, Number({{35, 0.99}})});
  column.push_back({"upper_total", CellPart::kValue, Number({{98, 0.3}, {93, 0.2}})});
  const ColumnChoice choice = ChooseColumnValues(column, Classic(), 1);
  EXPECT_EQ(choice.cells[6].value, 63);
  EXPECT_TRUE(choice.cells[6].corrected);
  EXPECT_EQ(choice.cells[8].value, 98);
  EXPECT_GT(choice.cells[8].confidence, 0.5);
  EXPECT_FALSE(choice.cells[8].rules_chose);
  // The subtotal the rules changed to 63 is a person's to look at; the upper
  // total adds up through the entries as read, whatever the subtotal holds.
  const std::vector<std::string> rows = UncertainRows(column, choice);
  EXPECT_FALSE(Has(rows, "upper_total"));
  EXPECT_TRUE(Has(rows, "upper_subtotal"));
}

TEST(ChoiceConfidenceTest, AReaderThatCannotTellIsNoEvidenceAgainstASumThatHolds) {
  // The subtotal read "63" at 0.03, its alternatives hardly less likely: the
  // reader cannot make the ink out. The six entries, read surely, add up to
  // 63; nothing the reader saw speaks for another value, so the sum decides.
  const std::vector<ColumnCell> column =
      UpperColumn(12, 0.99, {}, {{63, 0.03}, {68, 0.029}, {61, 0.028}, {83, 0.028}, {53, 0.027}});
  const ColumnChoice choice = ChooseColumnValues(column, Classic(), 1);
  EXPECT_EQ(choice.cells[6].value, 63);
  EXPECT_FALSE(choice.cells[6].corrected);
  EXPECT_GT(choice.cells[6].confidence, 0.8);
  EXPECT_FALSE(Has(UncertainRows(column, choice), "upper_subtotal"));
  // Taking the reader's doubt for odds against the 63, the one sum does not
  // outweigh it.
  ChoiceOptions doubt_as_odds;
  doubt_as_odds.unlisted_below_last = false;
  const ColumnChoice doubted = ChooseColumnValues(column, Classic(), 1, doubt_as_odds);
  EXPECT_LT(doubted.cells[6].confidence, 0.5);
}

// A whole classic column, every box read surely (0.99) but four of a kind:
// upper 3 + 6 + 9 + 12 + 15 + 18 = 63, bonus 35, upper total 98 (and its
// copy); lower 17 + 18 + 25 + 30 + 40 + 50 + 22 = 202; grand total 300.
std::vector<ColumnCell> WholeColumn(std::vector<Candidate> four_kind) {
  std::vector<ColumnCell> column = UpperColumn(12, 0.99, {}, {{63, 0.99}});
  const auto sure = [](int value) { return Number({{value, 0.99}}); };
  column.push_back({"upper_bonus", CellPart::kValue, sure(35)});
  column.push_back({"upper_total", CellPart::kValue, sure(98)});
  column.push_back({"three_kind", CellPart::kValue, sure(17)});
  column.push_back({"four_kind", CellPart::kValue, Number(std::move(four_kind))});
  for (const auto& [row, value] : std::vector<std::pair<std::string, int>>{
           {"full_house", 25}, {"small_straight", 30}, {"large_straight", 40}, {"yahtzee", 50}, {"chance", 22},
           {"lower_total", 202}, {"upper_total_copy", 98}, {"grand_total", 300}})
    column.push_back({row, CellPart::kValue, sure(value)});
  return column;
}

int Cell(const std::vector<ColumnCell>& column, const std::string& row) {
  for (size_t i = 0; i < column.size(); ++i)
    if (column[i].row_id == row) return static_cast<int>(i);
  return -1;
}

TEST(ChoiceConfidenceTest, AnEntryChosenBelowItsTopReadingIsFlaggedWithTheTotalsThatAddUpOnlyThroughIt) {
  // Four of a kind read "28" at 0.6, "18" at 0.35 (both scores a four of a
  // kind can take); the lower total, read surely, is 202: what 18 makes. The
  // card adds up with 18, and 18 is chosen; but the reader read 28, and were
  // it right, the player's lower total would be 10 short. So four of a kind
  // and the lower total go to a person. The grand total adds the written
  // upper and lower totals: it adds up whatever four of a kind holds.
  const std::vector<ColumnCell> column = WholeColumn({{28, 0.6}, {18, 0.35}});
  const int four_kind = Cell(column, "four_kind"), lower = Cell(column, "lower_total");
  for (const bool confirm : {true, false}) {
    ChoiceOptions options;
    options.confirm_by_totals = confirm;
    const ColumnChoice choice = ChooseColumnValues(column, Classic(), 1, options);
    EXPECT_EQ(choice.cells[four_kind].value, 18);
    EXPECT_TRUE(choice.cells[four_kind].corrected);
    EXPECT_TRUE(choice.cells[four_kind].rules_chose);
    EXPECT_NEAR(choice.cells[four_kind].confidence, 0.35, 1e-9);  // the reader's for 18
    EXPECT_EQ(choice.cells[lower].value, 202);
    EXPECT_FALSE(choice.cells[lower].corrected);
    EXPECT_TRUE(choice.cells[lower].rules_chose);
    EXPECT_LT(choice.cells[lower].confidence, 0.5);
    for (size_t i = 0; i < column.size(); ++i)
      if (static_cast<int>(i) != four_kind && static_cast<int>(i) != lower) {
        EXPECT_FALSE(choice.cells[i].rules_chose) << column[i].row_id;
        EXPECT_GE(choice.cells[i].confidence, 0.99) << column[i].row_id;
      }
  }
  // The threshold a person looks below is the caller's (ScanOptions::min_confidence).
  ChoiceOptions strict;
  strict.review_below = 0.2;
  const ColumnChoice choice = ChooseColumnValues(column, Classic(), 1, strict);
  EXPECT_LT(choice.cells[four_kind].confidence, 0.2);
  EXPECT_LT(choice.cells[lower].confidence, 0.2);
  // Read as the reader's top, 18 needs nobody: the lower total confirms it.
  const ColumnChoice read = ChooseColumnValues(WholeColumn({{18, 0.6}, {28, 0.35}}), Classic(), 1);
  EXPECT_EQ(read.cells[four_kind].value, 18);
  EXPECT_FALSE(read.cells[four_kind].rules_chose);
  EXPECT_FALSE(read.cells[lower].rules_chose);
  EXPECT_GT(read.cells[four_kind].confidence, 0.5);
}

// The findings VerifyGrid makes of `row` in a classic column, as chosen.
std::vector<std::string> FindingsAt(const std::vector<ColumnCell>& column, const ColumnChoice& choice,
                                    const std::string& row) {
  std::vector<std::string> codes;
  for (const Finding& finding : ColumnFindings(column, choice, false))
    if (finding.row == row) codes.push_back(finding.code);
  return codes;
}

TEST(ChoiceConfidenceTest, AWrittenTotalTheEntriesDisagreeWithIsNeverChangedSilently) {
  // The six entries, read surely, add up to 67. A subtotal read "61" at 0.5,
  // "67" at 0.4 is taken as 67, but flagged: a person sees the box.
  std::vector<ColumnCell> column = UpperColumn(16, 0.99, {}, {{61, 0.5}, {67, 0.4}});
  ColumnChoice choice = ChooseColumnValues(column, Classic(), 1);
  EXPECT_EQ(choice.cells[6].value, 67);
  EXPECT_TRUE(choice.cells[6].rules_chose);
  EXPECT_EQ(FindingsAt(column, choice, "upper_subtotal"), std::vector<std::string>{codes::kUncertainRead});
  for (int i = 0; i < 6; ++i) EXPECT_FALSE(choice.cells[i].rules_chose);
  // Read "57" surely: kept as written, the player's error.
  column = UpperColumn(16, 0.99, {}, {{57, 0.985}, {67, 0.01}});
  choice = ChooseColumnValues(column, Classic(), 1);
  EXPECT_EQ(choice.cells[6].value, 57);
  EXPECT_FALSE(choice.cells[6].rules_chose);
  EXPECT_EQ(FindingsAt(column, choice, "upper_subtotal"), std::vector<std::string>{codes::kTotalMismatch});
  // The lower total of a whole column read "212" at 0.5, "202" at 0.4
  // (what the entries make): taken as 202, flagged. The grand total, 300,
  // adds up with the entries as read (a total fitted to its parts counts as
  // those parts): had the player written 212, the grand total would still
  // be right, and the lower total wrong. It stands as read.
  column = WholeColumn({{18, 0.99}});
  const int lower = Cell(column, "lower_total"), grand = Cell(column, "grand_total");
  column[lower].reading = Number({{212, 0.5}, {202, 0.4}});
  choice = ChooseColumnValues(column, Classic(), 1);
  EXPECT_EQ(choice.cells[lower].value, 202);
  EXPECT_TRUE(choice.cells[lower].rules_chose);
  EXPECT_LT(choice.cells[lower].confidence, 0.5);
  EXPECT_FALSE(choice.cells[grand].rules_chose);
}

TEST(ChoiceConfidenceTest, ACrossOutReadAsANumberOrAMarkGivenAValueIsFlagged) {
  // "67" in the subtotal filled the box's diagonals (the shape test: crossed
  // out, at 0.7); as a number it reads 67, the entries' sum, at 0.8.
  std::vector<ColumnCell> column = UpperColumn(16, 0.99, {}, {{0, 0}});
  Reading crossed = Number({{67, 0.8}, {61, 0.1}});
  crossed.status = ReadingStatus::kCrossed;
  crossed.value = 0;
  crossed.confidence = 0.7;
  crossed.number_confidence = 0.8;
  column[6].reading = crossed;
  ColumnChoice choice = ChooseColumnValues(column, Classic(), 1);
  ASSERT_TRUE(choice.cells[6].crossed_as_number);
  EXPECT_TRUE(choice.cells[6].rules_chose);
  EXPECT_LT(choice.cells[6].confidence, 0.5);
  // The fours' ink read as nothing, the subtotal 63 surely: fours taken as
  // 12 (confidence 0: not read), and the subtotal adds up only through it.
  column = UpperColumn(16, 0.99, {}, {{63, 0.99}});
  column[3].reading = Reading{};
  column[3].reading.status = ReadingStatus::kIllegible;
  choice = ChooseColumnValues(column, Classic(), 1);
  ASSERT_TRUE(choice.cells[3].inferred);
  EXPECT_TRUE(choice.cells[3].rules_chose);
  EXPECT_EQ(choice.cells[3].confidence, 0);
  EXPECT_TRUE(choice.cells[6].rules_chose);
  EXPECT_LT(choice.cells[6].confidence, 0.5);
}

TEST(ChoiceConfidenceTest, OptionsOutOfRangeFailTheCheck) {
  EXPECT_TRUE(ChoiceOptions().Check());
  ChoiceOptions options;
  options.review_below = 1.5;
  EXPECT_FALSE(options.Check());
  options = {};
  options.mismatch_factor = 0;
  EXPECT_FALSE(options.Check());
  options = {};
  options.beam_width = 0;
  EXPECT_FALSE(options.Check());
}

}  // namespace
}  // namespace scorecheck
