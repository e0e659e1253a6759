// SplitTallGrids: one table of two games' grids stacked with their columns
// lined up parted again.

#include "lattice/stacked_grids.h"

#include <gtest/gtest.h>

#include <vector>

namespace scorecheck {
namespace {

// A grid of `rows` rows `pitch` apart from `top`, ruled at columns `xs`.
Lattice GridAt(float top, int rows, float pitch, const std::vector<float>& xs) {
  Lattice grid;
  for (int r = 0; r <= rows; ++r) grid.row_y.push_back(top + static_cast<float>(r) * pitch);
  grid.column_x = xs;
  grid.row_inferred.assign(grid.row_y.size(), false);
  grid.column_inferred.assign(xs.size(), false);
  grid.frame = cv::Rect2f(cv::Point2f(xs.front(), grid.row_y.front()), cv::Point2f(xs.back(), grid.row_y.back()));
  return grid;
}

// Two games' grids stacked with their columns lined up, found as one table
// of 41 rows (more than one card's grid prints): parted at the space
// between them. A card's grid with a section bar two pitches tall is not.
TEST(SplitTallGridsTest, ATableOfTwoGamesGridsIsPartedAtTheSpaceBetweenThem) {
  const std::vector<float> xs = {100, 400, 520};
  Lattice two = GridAt(100, 20, 40, xs);
  const Lattice lower = GridAt(1000, 20, 40, xs);  // 100 px of space after the upper one's last line (900)
  two.row_y.insert(two.row_y.end(), lower.row_y.begin(), lower.row_y.end());
  two.row_inferred.assign(two.row_y.size(), false);
  two.frame.height = two.row_y.back() - two.row_y.front();
  ASSERT_EQ(two.rows(), 41);
  const std::vector<Lattice> parts = SplitTallGrids({two}, 28);
  ASSERT_EQ(parts.size(), 2u);
  EXPECT_EQ(parts[0].rows(), 20);
  EXPECT_EQ(parts[1].rows(), 20);
  EXPECT_FLOAT_EQ(parts[0].row_y.back(), 900);
  EXPECT_FLOAT_EQ(parts[1].row_y.front(), 1000);
  EXPECT_FLOAT_EQ(parts[1].frame.y, 1000);
  EXPECT_EQ(parts[1].column_x, xs);

  // One card's grid, 23 rows, a section bar 80 px tall among them: kept.
  Lattice card = GridAt(100, 11, 40, xs);
  const Lattice below = GridAt(620, 11, 40, xs);
  card.row_y.insert(card.row_y.end(), below.row_y.begin(), below.row_y.end());
  card.row_inferred.assign(card.row_y.size(), false);
  ASSERT_EQ(card.rows(), 23);
  EXPECT_EQ(SplitTallGrids({card}, 28).front().rows(), 23);
  // Too tall, but evenly ruled: nothing tells where one grid ends.
  const Lattice even = GridAt(100, 40, 40, xs);
  EXPECT_EQ(SplitTallGrids({even}, 28).front().rows(), 40);
}

}  // namespace
}  // namespace scorecheck
