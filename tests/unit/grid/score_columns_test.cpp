// Score columns of equal width that a table does not rule apart.

#include "grid/score_columns.h"

#include <gtest/gtest.h>

#include <cmath>
#include <string>
#include <vector>

#include "grid/printed_text.h"
#include "unit/grid/drawn_table.h"

namespace scorecheck {
namespace {

using testing::DrawnTable;
using testing::kPxPerMm;

// Labels, then `score_columns` columns of `score_mm` each holding `number`
// (or nothing when `number` is empty for that column) in every row.
DrawnTable ScoreTable(int score_columns, double score_mm, const std::vector<std::string>& numbers) {
  DrawnTable table;
  const std::vector<std::string> labels = {"Aces",  "Twos",   "Threes", "Fours",     "Fives",       "Sixes",
                                           "Total", "Bonus",  "Chance", "Yahtzee",   "Lower total", "Grand total"};
  table.widths = {50};
  table.columns = {labels};
  table.handwritten = {false};
  for (int c = 0; c < score_columns; ++c) {
    table.widths.push_back(score_mm);
    std::vector<std::string> cells;
    for (size_t r = 0; r < labels.size(); ++r) cells.push_back(numbers[c]);
    table.columns.push_back(cells);
    table.handwritten.push_back(true);
  }
  return table;
}

// The lattice as a sheet ruling only the frame and the line beside the
// labels shows it: one wide score column.
Lattice ScoreAreaOnly(const DrawnTable& table) {
  Lattice lattice = table.Lines();
  lattice.column_x = {lattice.column_x[0], lattice.column_x[1], lattice.column_x.back()};
  lattice.column_inferred = {false, false, false};
  return lattice;
}

TEST(ScoreColumnsTest, ThreeOpenColumnsWhoseNumbersCrossIntoTheNext) {
  // Three-digit numbers in 14 mm boxes: some run over into the next column,
  // so no strip of paper parts the columns in every row.
  DrawnTable table = ScoreTable(3, 14, {"128", "246", "390"});
  table.column_rules = false;
  const cv::Mat page = table.Draw();
  // Rules only around the score area and beside the labels.
  const Lattice seen = ScoreAreaOnly(table);
  for (float x : seen.column_x)
    cv::line(page, cv::Point(static_cast<int>(x), static_cast<int>(seen.row_y.front())),
             cv::Point(static_cast<int>(x), static_cast<int>(seen.row_y.back())), cv::Scalar(0, 0, 0), 2);
  const cv::Mat flat = FlattenForText(page, kPxPerMm);
  const std::vector<float> lines = EqualScoreSplits(flat, seen, 1, kPxPerMm);
  ASSERT_EQ(lines.size(), 2u) << ::testing::PrintToString(lines);
  const Lattice drawn = table.Lines();
  EXPECT_NEAR(lines[0], drawn.column_x[2], 2.5 * kPxPerMm);
  EXPECT_NEAR(lines[1], drawn.column_x[3], 2.5 * kPxPerMm);
}

TEST(ScoreColumnsTest, OneWideColumnOfTwoDigitNumbersStaysWhole) {
  // The gap between the two digits of numbers written mid-column lines up
  // from row to row; it parts no columns.
  DrawnTable table = ScoreTable(1, 24, {"47"});
  const cv::Mat flat = FlattenForText(table.Draw(), kPxPerMm);
  EXPECT_TRUE(EqualScoreSplits(flat, table.Lines(), 1, kPxPerMm).empty());
}

// A piecepack pad: six narrow columns (13 mm), the first four written in,
// the last two by nobody. Two columns' numbers side by side with paper
// between them are two columns, not one of pairs (split in three, every
// part held two numbers and fewer rows crossed its sides).
TEST(ScoreColumnsTest, SixNarrowColumnsFourWrittenInAreSix) {
  DrawnTable table = ScoreTable(6, 13, {"16", "8", "24", "9", "", ""});
  table.column_rules = false;
  const cv::Mat flat = FlattenForText(table.Draw(), kPxPerMm);
  const std::vector<float> lines = EqualScoreSplits(flat, ScoreAreaOnly(table), 1, kPxPerMm);
  ASSERT_EQ(lines.size(), 5u) << ::testing::PrintToString(lines);
  const Lattice drawn = table.Lines();
  for (int i = 0; i < 5; ++i) EXPECT_NEAR(lines[i], drawn.column_x[i + 2], 2.5 * kPxPerMm) << i;
  // All six written in: six still, not three of pairs.
  DrawnTable full = ScoreTable(6, 13, {"16", "8", "24", "9", "30", "5"});
  full.column_rules = false;
  EXPECT_EQ(EqualScoreSplits(FlattenForText(full.Draw(), kPxPerMm), ScoreAreaOnly(full), 1, kPxPerMm).size(), 5u);
}

// A pad of six 12 mm columns, four written in with large numbers: in every
// other row each number runs past its box's right side into the next box
// (one number to a box still, paper between it and the next number). More
// than a third of the rows write across each place where the columns meet;
// the area is still six columns, not one holding four numbers a row.
TEST(ScoreColumnsTest, NarrowColumnsWrittenAcrossWhereTheyMeetInHalfTheRows) {
  DrawnTable table = ScoreTable(6, 12, {"", "", "", "", "", ""});
  table.column_rules = false;
  cv::Mat page = table.Draw();
  const Lattice drawn = table.Lines();
  const std::vector<std::string> numbers = {"24", "18", "30", "12", "25", "16", "20", "28", "15", "10", "26", "22"};
  int font_baseline = 0;
  const int number_px = cv::getTextSize("24", cv::FONT_HERSHEY_SCRIPT_SIMPLEX, 1.5, 3, &font_baseline).width;
  for (int r = 0; r < drawn.rows(); ++r)
    for (int c = 1; c <= 4; ++c) {
      const cv::Rect2f cell = drawn.Cell(r, c);
      // Odd rows: 1.5 mm past the right side; even rows: 2 mm in from the left.
      const int at = r % 2 ? static_cast<int>(cell.br().x) - number_px + static_cast<int>(1.5 * kPxPerMm)
                           : static_cast<int>(cell.x + 2 * kPxPerMm);
      cv::putText(page, numbers[(r + c) % numbers.size()], cv::Point(at, static_cast<int>(cell.br().y) - 12),
                  cv::FONT_HERSHEY_SCRIPT_SIMPLEX, 1.5, cv::Scalar(150, 60, 20), 3, cv::LINE_AA);
    }
  const std::vector<float> lines = EqualScoreSplits(FlattenForText(page, kPxPerMm), ScoreAreaOnly(table), 1, kPxPerMm);
  ASSERT_EQ(lines.size(), 5u) << ::testing::PrintToString(lines);
  for (int i = 0; i < 5; ++i) EXPECT_NEAR(lines[i], drawn.column_x[i + 2], 2.5 * kPxPerMm) << i;
}

TEST(ScoreColumnsTest, AWrittenAndAnEmptyColumnAreNotTwoLikeOnes) {
  DrawnTable table = ScoreTable(2, 16, {"35", ""});
  table.column_rules = false;
  const cv::Mat flat = FlattenForText(table.Draw(), kPxPerMm);
  EXPECT_TRUE(EqualScoreSplits(flat, ScoreAreaOnly(table), 1, kPxPerMm).empty());
}

}  // namespace
}  // namespace scorecheck
