// BuildAll (lattice/tables.cpp): which tables the runs of a page make, and
// the grids they are built into, on runs given directly.

#include <algorithm>

#include <gtest/gtest.h>

#include "lattice/table_lines.h"

namespace scorecheck::lattice {
namespace {

Run Horizontal(float y, float from, float to) { return Run{y, from, to, 3, cv::Point2f(from, y), cv::Point2f(to, y)}; }
Run Vertical(float x, float from, float to) { return Run{x, from, to, 3, cv::Point2f(x, from), cv::Point2f(x, to)}; }

int Grids(const std::vector<Candidate>& candidates) {
  return static_cast<int>(std::count_if(candidates.begin(), candidates.end(), [](const Candidate& c) { return c.lattice.has_value(); }));
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
  const Candidate& grid = *std::find_if(candidates.begin(), candidates.end(), [](const Candidate& c) { return c.lattice.has_value(); });
  EXPECT_EQ(grid.lattice->rows(), 20);
  EXPECT_NEAR(grid.lattice->row_y.front(), top, 3);
  EXPECT_NEAR(grid.lattice->row_y.back(), top + 20 * pitch, 3);
}

}  // namespace
}  // namespace scorecheck::lattice
