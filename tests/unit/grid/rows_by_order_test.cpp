// ScoreRowsByOrder: which printed rows hold a ruleset's rows when no label
// can be read, from the rows' heights and the headers told by their print.

#include "grid/rows_by_order.h"

#include <gtest/gtest.h>

#include "support/test_support.h"

namespace scorecheck {
namespace {

// A lattice of one column whose rows have these heights (pixels).
Lattice RowsOf(const std::vector<float>& heights) {
  Lattice grid;
  grid.row_y = {100};
  for (float h : heights) grid.row_y.push_back(grid.row_y.back() + h);
  grid.column_x = {100, 400};
  return grid;
}

std::vector<int> Range(int from, int to) {
  std::vector<int> rows;
  for (int r = from; r < to; ++r) rows.push_back(r);
  return rows;
}

TEST(ScoreRowsByOrderTest, HeadersToldByTheirPrintAndSliversHoldNoScores) {
  // A header, 9 rows, a sliver between the lines of a double rule, a header
  // printed again, 10 rows.
  std::vector<float> heights = {48, 48, 48, 48, 48, 48, 48, 48, 48, 48, 6, 48};
  for (int i = 0; i < 10; ++i) heights.push_back(48);
  std::vector<bool> header(heights.size(), false);
  header[0] = header[11] = true;
  std::vector<int> want = Range(1, 10);
  for (int r = 12; r < 22; ++r) want.push_back(r);
  EXPECT_EQ(ScoreRowsByOrder(RowsOf(heights), header, 19), want);
}

TEST(ScoreRowsByOrderTest, RowsOffThePitchAreHeadersWhenTheyMakeTheCountRight) {
  // The header row split by its own rule into two rows off the pitch, then
  // 19 score rows: nothing told by print.
  std::vector<float> heights = {42, 33};
  for (int i = 0; i < 19; ++i) heights.push_back(48 + (i % 2));
  EXPECT_EQ(ScoreRowsByOrder(RowsOf(heights), std::vector<bool>(heights.size(), false), 19), Range(2, 21));
}

TEST(ScoreRowsByOrderTest, OneRowTooManyAndNoHeaderToldLeavesTheTopRowOut) {
  std::vector<float> heights(20, 48);
  EXPECT_EQ(ScoreRowsByOrder(RowsOf(heights), std::vector<bool>(20, false), 19), Range(1, 20));
  // With a header told elsewhere, the extra row cannot be placed.
  std::vector<bool> header(21, false);
  header[10] = true;
  heights.push_back(48);
  EXPECT_FALSE(ScoreRowsByOrder(RowsOf(heights), header, 19).has_value());
}

TEST(ScoreRowsByOrderTest, ATopRowToldAHeaderByItselfAloneHoldsScoresWhenTheCountSaysSo) {
  // 19 rows, no header printed: the players' first numbers in the top row
  // are ink like a header's print, and no row below repeats it.
  std::vector<float> heights(19, 48);
  std::vector<bool> top(19, false);
  top[0] = true;
  EXPECT_EQ(ScoreRowsByOrder(RowsOf(heights), top, 19), Range(0, 19));
  // A header row over 19 score rows stays a header.
  heights.push_back(48);
  top.push_back(false);
  EXPECT_EQ(ScoreRowsByOrder(RowsOf(heights), top, 19), Range(1, 20));
  // Told by a row below that repeats it, the top row is a header: the 17
  // rows left cannot be placed.
  std::vector<bool> repeated(19, false);
  repeated[0] = repeated[9] = true;
  EXPECT_FALSE(ScoreRowsByOrder(RowsOf(std::vector<float>(19, 48)), repeated, 19).has_value());
}

TEST(ScoreRowsByOrderTest, ACountThatComesOutWrongPlacesNothing) {
  // Two rows too few (rows merged in a blurred photo), three too many on
  // one pitch: no order can place them.
  EXPECT_FALSE(ScoreRowsByOrder(RowsOf(std::vector<float>(17, 48)), std::vector<bool>(17, false), 19).has_value());
  EXPECT_FALSE(ScoreRowsByOrder(RowsOf(std::vector<float>(22, 48)), std::vector<bool>(22, false), 19).has_value());
  EXPECT_FALSE(ScoreRowsByOrder(Lattice{}, {}, 19).has_value());
}

// The labels' alignment stands for the rows' order only when it placed
// every ruleset row on every printed row but the headers told by print: a
// Roll-Em sheet whose bonus prints a ticks row and a points row (one row
// more than the ruleset's), two header bars above. A printed row left out
// that no print calls a header, or a ruleset row not placed, and it does not.
TEST(EveryRowPlacedPastHeadersTest, OnlyAnAlignmentThatLeftOutHeadersAloneStands) {
  const Ruleset& rollem = testing::ShippedRulesets().Get("rollem");
  std::vector<PrintedRowText> printed(2 + rollem.rows.size() + 1);
  printed[0].header_print = printed[1].header_print = true;
  RulesetMatch match;
  int at = 2;
  for (const RowSpec& row : rollem.rows) {
    if (row.kind == RowKind::kYahtzeeBonus) {
      match.rows.push_back({at++, row.id, CellPart::kChecks, 0});
      match.rows.push_back({at++, row.id, CellPart::kPoints, 0});
    } else {
      match.rows.push_back({at++, row.id, CellPart::kValue, 0});
    }
  }
  ASSERT_EQ(at, static_cast<int>(printed.size()));
  EXPECT_TRUE(EveryRowPlacedPastHeaders(match, rollem, printed));
  // The second bar not told by its print: left out by the labels' choice.
  printed[1].header_print = false;
  EXPECT_FALSE(EveryRowPlacedPastHeaders(match, rollem, printed));
  printed[1].header_print = true;
  // A ruleset row not placed.
  RulesetMatch short_one = match;
  short_one.rows.pop_back();
  short_one.missing_rows = 1;
  EXPECT_FALSE(EveryRowPlacedPastHeaders(short_one, rollem, printed));
}

}  // namespace
}  // namespace scorecheck
