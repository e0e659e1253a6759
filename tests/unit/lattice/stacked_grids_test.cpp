// JoinStackedGrids: grids stacked with their columns lined up, read as one
// (an upper and a lower section parted by a section bar).

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

TEST(JoinStackedGridsTest, SectionsThatTouchShareTheirLine) {
  // The upper section ends on the line where the lower one starts (each
  // stroke of a double rule, 2 px apart, one line).
  const Lattice upper = GridAt(100, 10, 50, {100, 400, 520});
  const Lattice lower = GridAt(602, 12, 50, {101, 399, 521});
  const auto joined = JoinStackedGrids({upper, lower}, 16, 28);
  ASSERT_TRUE(joined.has_value());
  ASSERT_EQ(joined->size(), 1u);
  const Lattice& one = joined->front();
  EXPECT_EQ(one.rows(), 22);
  EXPECT_EQ(one.columns(), 2);
  EXPECT_FLOAT_EQ(one.row_y.front(), 100);
  EXPECT_FLOAT_EQ(one.row_y[10], 601);
  EXPECT_FLOAT_EQ(one.row_y.back(), 1202);
  EXPECT_FLOAT_EQ(one.column_x[1], 399.5f);
  EXPECT_EQ(one.row_inferred.size(), one.row_y.size());
  EXPECT_FLOAT_EQ(one.frame.height, 1102);
  // The lower one's first line put a few pixels above the upper one's last.
  const auto overlapping = JoinStackedGrids({upper, GridAt(597, 12, 50, {100, 400, 520})}, 16, 28);
  ASSERT_TRUE(overlapping.has_value());
  EXPECT_EQ(overlapping->front().rows(), 22);
  EXPECT_FLOAT_EQ(overlapping->front().row_y[10], 598.5f);
}

TEST(JoinStackedGridsTest, TheSpaceBetweenSectionsIsARowOfItsOwn) {
  // A section bar 40 px high between them: a row of the grid.
  const Lattice upper = GridAt(100, 10, 50, {100, 400, 520});
  const Lattice lower = GridAt(640, 10, 50, {100, 400, 520});
  const auto joined = JoinStackedGrids({lower, upper}, 16, 28);
  ASSERT_TRUE(joined.has_value());
  ASSERT_EQ(joined->size(), 1u);
  EXPECT_EQ(joined->front().rows(), 21);
  EXPECT_FLOAT_EQ(joined->front().row_y[10], 600);
  EXPECT_FLOAT_EQ(joined->front().row_y[11], 640);
}

TEST(JoinStackedGridsTest, GridsOfOtherColumnsOrFarApartStayApart) {
  const Lattice upper = GridAt(100, 10, 50, {100, 400, 520});
  // A column line 30 px off: other columns.
  EXPECT_FALSE(JoinStackedGrids({upper, GridAt(600, 10, 50, {100, 430, 520})}, 16, 28).has_value());
  // Another count of columns.
  EXPECT_FALSE(JoinStackedGrids({upper, GridAt(600, 10, 50, {100, 400, 460, 520})}, 16, 28).has_value());
  // Three row pitches of paper between them: two grids.
  EXPECT_FALSE(JoinStackedGrids({upper, GridAt(750, 10, 50, {100, 400, 520})}, 16, 28).has_value());
  // Two games' grids stacked close: more rows together than a card prints.
  EXPECT_FALSE(JoinStackedGrids({GridAt(100, 21, 50, {100, 400, 520}), GridAt(1200, 21, 50, {100, 400, 520})}, 16, 28)
                   .has_value());
  // Side by side: not stacked.
  EXPECT_FALSE(JoinStackedGrids({upper, GridAt(100, 10, 50, {600, 900, 1020})}, 16, 28).has_value());
}

TEST(JoinStackedGridsTest, FourSectionsTwoBySideBecomeTwoGridsLeftToRight) {
  const std::vector<float> left = {100, 300, 400}, right = {600, 800, 900};
  const auto joined = JoinStackedGrids(
      {GridAt(100, 10, 50, left), GridAt(100, 10, 50, right), GridAt(620, 10, 50, left), GridAt(620, 10, 50, right)}, 16, 28);
  ASSERT_TRUE(joined.has_value());
  ASSERT_EQ(joined->size(), 2u);
  EXPECT_FLOAT_EQ((*joined)[0].column_x.front(), 100);
  EXPECT_FLOAT_EQ((*joined)[1].column_x.front(), 600);
  EXPECT_EQ((*joined)[0].rows(), 21);
  EXPECT_EQ((*joined)[1].rows(), 21);
}

TEST(JoinStackedGridsTest, OnlyTheGridRightBelowJoins) {
  // Three stacked alike: the first joins the second, that pair the third.
  const std::vector<float> xs = {100, 400, 520};
  const auto joined = JoinStackedGrids({GridAt(100, 5, 50, xs), GridAt(350, 5, 50, xs), GridAt(600, 5, 50, xs)}, 16, 28);
  ASSERT_TRUE(joined.has_value());
  ASSERT_EQ(joined->size(), 1u);
  EXPECT_EQ(joined->front().rows(), 15);
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
