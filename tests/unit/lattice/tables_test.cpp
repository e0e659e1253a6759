// BuildAll (lattice/tables.cpp): which tables the runs of a page make, and
// the grids they are built into, on runs given directly.

#include <algorithm>

#include <gtest/gtest.h>

#include "lattice/table_lines.h"

namespace scorecheck::lattice {
namespace {

Run Horizontal(float y, float from, float to) { return Run{y, from, to, 3, cv::Point2f(from, y), cv::Point2f(to, y)}; }
Run Vertical(float x, float from, float to) { return Run{x, from, to, 3, cv::Point2f(x, from), cv::Point2f(x, to)}; }

bool IsGrid(const Candidate& c) { return c.lattice.has_value(); }

const Candidate& FirstGrid(const std::vector<Candidate>& candidates) {
  return *std::find_if(candidates.begin(), candidates.end(), IsGrid);
}

int Grids(const std::vector<Candidate>& candidates) {
  return static_cast<int>(std::count_if(candidates.begin(), candidates.end(), IsGrid));
}

// A table that rules its rows only (20 rows, 9 mm at 8 px/mm) inside a border
// ruled around the page. One rule comes twice, a pixel apart (a stripe's
// edge beside its rule), another short at its left end, as handwriting cuts
// it. The first ten rules and the twin stack into a "table" of nine rows, no
// grid; the rules under the short one are too few to be a table. The border
// holds the whole table all the same: its rows are read from the lines
// inside it.
TEST(BuildAllTest, ABorderHoldsTheTableWhenWhatItHoldsIsNoGrid) {
  Runs runs;
  for (float y : {64.0f, 2312.0f}) runs.horizontal.push_back(Horizontal(y, 64, 1616));
  for (float x : {64.0f, 1616.0f}) runs.vertical.push_back(Vertical(x, 64, 2312));
  const float top = 320, pitch = 72;
  for (int r = 0; r <= 20; ++r) {
    const float y = top + r * pitch;
    runs.horizontal.push_back(r == 10 ? Horizontal(y, 200, 560) : Horizontal(y, 200, 1480));
    if (r == 5) runs.horizontal.push_back(Horizontal(y + 1, 200, 1480));
  }
  const Scale scale{1, 8, 8};
  const std::vector<Candidate> candidates = BuildAll(runs, LatticeOptions{}, scale);
  ASSERT_EQ(Grids(candidates), 1);
  const Candidate& grid = FirstGrid(candidates);
  EXPECT_EQ(grid.lattice->rows(), 20);
  EXPECT_NEAR(grid.lattice->row_y.front(), top, 3);
  EXPECT_NEAR(grid.lattice->row_y.back(), top + 20 * pitch, 3);
}

// A table whose rows are ruled across it from top to bottom (20 rows, 6 mm at
// 8 px/mm) while its column rules come and go: a header block of three rows
// and four rows under it have theirs (a tint's edges, cut where a stroke
// across the tints broke them off), the row between them and the row above
// the lower section none. The two upper blocks are no grid alone, nor
// together (seven rows and the row between): they are one piece all the
// same, and with the section under them one grid of all 20 rows.
TEST(BuildAllTest, PiecesThatAreNoGridTogetherStillJoinTheSectionUnderThem) {
  Runs runs;
  const float left = 200, right = 1400, top = 400, pitch = 48;
  for (int r = 0; r <= 20; ++r) runs.horizontal.push_back(Horizontal(top + r * pitch, left, right));
  for (const auto& [first, last] : {std::pair{0, 3}, std::pair{4, 8}, std::pair{9, 20}})
    for (float x : {left, 600.0f, 1000.0f, right})
      runs.vertical.push_back(Vertical(x, top + first * pitch, top + last * pitch));
  const Scale scale{1, 8, 8};
  const std::vector<Candidate> candidates = BuildAll(runs, LatticeOptions{}, scale);
  ASSERT_EQ(Grids(candidates), 1);
  const Candidate& grid = FirstGrid(candidates);
  EXPECT_EQ(grid.lattice->rows(), 20);
  EXPECT_NEAR(grid.lattice->row_y.front(), top, 3);
}

// A table of tinted columns (five, 36 mm wide at 8 px/mm) whose rules are
// found column by column: each row rule in pieces a column long that
// overlap where a tint's edge meets them (the step at a tint's edge lies a
// pixel or two off the rule in the paper beside it), each tint's edge in
// pieces a row long, cut where every row rule crosses it. Pieces of one line
// are one line, as long as all of them: the table is one, as wide as its
// five columns, not a table for each column.
TEST(GroupTablesTest, LinesCutWhereRulesCrossThemAreWhole) {
  Runs runs;
  const float left = 200, width = 288, top = 400, pitch = 48;
  const int columns = 5, rows = 12;
  for (int r = 0; r <= rows; ++r)
    for (int c = 0; c < columns; ++c)
      runs.horizontal.push_back(Horizontal(top + r * pitch + (c % 2) * 3, left + c * width - 2, left + (c + 1) * width + 2));
  for (int c = 0; c <= columns; ++c)
    for (int r = 0; r < rows; ++r)
      runs.vertical.push_back(Vertical(left + c * width, top + r * pitch + 2, top + (r + 1) * pitch - 2));
  const Scale scale{1, 8, 8};
  const std::vector<Table> tables = FindTables(runs, LatticeOptions{}, scale);
  ASSERT_EQ(tables.size(), 1u);
  EXPECT_NEAR(tables[0].box.x, left, 3);
  EXPECT_NEAR(tables[0].box.br().x, left + columns * width, 3);
  EXPECT_NEAR(tables[0].box.y, top, 4);
  EXPECT_NEAR(tables[0].box.br().y, top + rows * pitch, 4);
}

}  // namespace
}  // namespace scorecheck::lattice
