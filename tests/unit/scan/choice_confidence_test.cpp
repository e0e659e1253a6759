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

// The rows of a classic column that VerifyGrid sends to a person
// (UNCERTAIN_READ), each number cell on the card as chosen, with the
// confidence the decoding gives it.
std::vector<std::string> UncertainRows(const std::vector<ColumnCell>& column, const ColumnChoice& choice) {
  CardColumn card_column;
  for (size_t i = 0; i < column.size(); ++i) {
    if (column[i].reading.status != ReadingStatus::kNumber) continue;
    CellValue value = CellValue::Number(choice.cells[i].value);
    value.confidence = choice.cells[i].confidence;
    card_column.cells[column[i].row_id] = value;
  }
  CardGrid grid;
  grid.ruleset = "classic";
  grid.columns.push_back(card_column);
  std::vector<std::string> rows;
  for (const Finding& finding : VerifyGrid(grid, Classic()).findings)
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

TEST(ChoiceConfidenceTest, AValueChosenSoThatASureTotalAddsUpIsAsSureAsTheDecoding) {
  // Fours read "14" (no score for fours) at 0.4, "16" nearly as likely; the
  // subtotal, read surely, is 67: what 16 makes. The card holds 16, and the
  // reader's doubt about its own top reading is no doubt about the 16: the
  // sum and the box's rules agree on it.
  const std::vector<ColumnCell> column = UpperColumn(14, 0.4, {{16, 0.35}}, {{67, 0.99}});
  const ColumnChoice choice = ChooseColumnValues(column, Classic(), 1);
  EXPECT_EQ(choice.cells[3].value, 16);
  EXPECT_TRUE(choice.cells[3].corrected);
  EXPECT_GT(choice.cells[3].confidence, 0.9);
  EXPECT_FALSE(Has(UncertainRows(column, choice), "fours"));
  // Nothing to confirm it (the subtotal read "70", what no fours value
  // listed makes): only the reader's word for the 16, which it scored below
  // its top reading.
  std::vector<ColumnCell> alone = column;
  alone.back().reading = Number({{70, 0.99}});
  const ColumnChoice unconfirmed = ChooseColumnValues(alone, Classic(), 1);
  EXPECT_EQ(unconfirmed.cells[3].value, 16);
  EXPECT_LT(unconfirmed.cells[3].confidence, 0.5);
  EXPECT_TRUE(Has(UncertainRows(alone, unconfirmed), "fours"));
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
  const std::vector<std::string> rows = UncertainRows(column, choice);
  EXPECT_FALSE(Has(rows, "upper_total"));
  EXPECT_FALSE(Has(rows, "upper_subtotal"));
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

}  // namespace
}  // namespace scorecheck
