// Columns a table does not rule are found in what its rows hold.

#include "grid/unruled_columns.h"

#include <gtest/gtest.h>

#include <vector>

#include "grid/printed_text.h"
#include "unit/grid/drawn_table.h"

namespace scorecheck {
namespace {

using testing::DrawnTable;
using testing::kPxPerMm;
using testing::OnePlayerSheet;

// The one-player sheet typed with its rows ruled and no column rule at all:
// labels, the scores, the how-to text. The lattice stage sees one column.
Lattice AsOneColumn(const DrawnTable& table) {
  Lattice lattice = table.Lines();
  lattice.column_x = {lattice.column_x.front(), lattice.column_x.back()};
  lattice.column_inferred = {false, false};
  return lattice;
}

TEST(UnruledColumnsTest, AnOpenTableSplitsWhereNoRowWrites) {
  DrawnTable table = OnePlayerSheet();
  table.widths = {60, 40, 62};
  table.column_rules = false;
  const cv::Mat flat = FlattenForText(table.Draw(), kPxPerMm);
  const Lattice split = SplitUnruledColumns(flat, AsOneColumn(table), kPxPerMm);
  ASSERT_EQ(split.columns(), 3) << "lines at " << ::testing::PrintToString(split.column_x);
  // Each line put in lies in the paper between the blocks: between the end
  // of the longest label and the scores, and between the scores and the how-to text.
  const Lattice drawn = table.Lines();
  EXPECT_LT(std::abs(split.column_x[1] - drawn.column_x[1]), 12 * kPxPerMm);
  EXPECT_LT(std::abs(split.column_x[2] - drawn.column_x[2]), 12 * kPxPerMm);
  EXPECT_TRUE(split.column_inferred[1]);
  EXPECT_TRUE(split.column_inferred[2]);
  EXPECT_FALSE(split.column_inferred[0]);
}

TEST(UnruledColumnsTest, ARuledColumnOfOneBlockStaysWhole) {
  DrawnTable table = OnePlayerSheet();
  table.widths = {60, 40, 62};
  const cv::Mat flat = FlattenForText(table.Draw(), kPxPerMm);
  const Lattice lattice = table.Lines();
  for (int c = 0; c < lattice.columns(); ++c)
    EXPECT_TRUE(UnruledColumnLines(flat, lattice, c, kPxPerMm).empty()) << "column " << c;
}

TEST(UnruledColumnsTest, AHeaderWrittenOnceMakesNoColumn) {
  // "Box" printed once over right-aligned labels: one row, not a column.
  DrawnTable table;
  table.widths = {70};
  std::vector<std::string> labels = {"Box"};
  for (const char* label : {"Aces", "Twos", "Threes", "Fours", "Fives", "Sixes", "Total", "Bonus", "Chance", "Total"})
    labels.push_back(std::string(12, ' ') + std::string(label));
  table.columns = {labels};
  table.handwritten = {false};
  const cv::Mat flat = FlattenForText(table.Draw(), kPxPerMm);
  EXPECT_TRUE(UnruledColumnLines(flat, table.Lines(), 0, kPxPerMm).empty());
}

}  // namespace
}  // namespace scorecheck
