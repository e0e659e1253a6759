// Rows a grid lost to faint rules are taken from a second, fainter look, or
// from a grid printed alike on the same page.

#include "lattice/faint_rows.h"

#include <gtest/gtest.h>

#include <vector>

namespace scorecheck {
namespace {

// A lattice ruled at rows `ys` and columns `xs` (pixels); `inferred` marks
// the row lines put back from the pitch.
Lattice Grid(const std::vector<float>& ys, const std::vector<float>& xs, const std::vector<bool>& inferred = {}) {
  Lattice grid;
  grid.row_y = ys;
  grid.column_x = xs;
  grid.row_inferred = inferred.empty() ? std::vector<bool>(ys.size(), false) : inferred;
  grid.column_inferred.assign(xs.size(), false);
  grid.frame = cv::Rect2f(xs.front(), ys.front(), xs.back() - xs.front(), ys.back() - ys.front());
  return grid;
}

const std::vector<float> kColumns = {100, 500, 640, 780};

TEST(FaintRowsTest, TheLinesSeenInsideALongRowAreTaken) {
  // Pitch 70; the row from 240 to 590 is five pitches tall.
  const Lattice grid = Grid({100, 170, 240, 590, 660, 730, 800}, kColumns);
  ASSERT_TRUE(HasLongRows(grid));
  // The fainter look: the same table, one of its lines there put back from the pitch.
  const Lattice faint = Grid({101, 170, 241, 310, 380, 450, 520, 589, 660, 731, 800}, {101, 499, 641, 779},
                             {false, false, false, false, false, true, false, false, false, false, false});
  const Lattice filled = WithFaintRows(grid, {faint}, 6);
  EXPECT_EQ(filled.row_y, (std::vector<float>{100, 170, 240, 310, 380, 450, 520, 590, 660, 730, 800}));
  EXPECT_EQ(filled.row_inferred, (std::vector<bool>{false, false, false, false, false, true, false, false, false, false, false}));
  EXPECT_EQ(filled.column_x, grid.column_x);
  EXPECT_FALSE(HasLongRows(filled));
}

TEST(FaintRowsTest, NothingIsTakenFromAnotherTableOrFromLinesOnlyPutBack) {
  const Lattice grid = Grid({100, 170, 240, 590, 660}, kColumns);
  // Another table: its columns elsewhere.
  const Lattice other = Grid({100, 170, 240, 310, 380, 450, 520, 590, 660}, {100, 300, 640, 780});
  EXPECT_EQ(WithFaintRows(grid, {other}, 6).row_y, grid.row_y);
  // The same table, but the lines inside the long row all put back from the
  // pitch: a tall row (a header for notes) the fainter look saw no rule in.
  const Lattice guessed = Grid({100, 170, 240, 310, 380, 450, 520, 590, 660}, kColumns,
                               {false, false, false, true, true, true, true, false, false});
  EXPECT_EQ(WithFaintRows(grid, {guessed}, 6).row_y, grid.row_y);
  // No long row: nothing to look for.
  const Lattice even = Grid({100, 170, 240, 310}, kColumns);
  EXPECT_FALSE(HasLongRows(even));
  EXPECT_EQ(WithFaintRows(even, {other}, 6).row_y, even.row_y);
}

// Four games' grids printed alike, two side by side over two more: the top
// left one's lower rows were lost (its rules crossed out of sight by the
// writing), the others show them. It takes the lines they show, moved onto
// its own frame; its twin, the top right one, lost some too and takes them
// from the grids below. A grid of other height on the page lends nothing.
TEST(FaintRowsTest, AGridTakesTheRowsItLostFromAGridPrintedAlike) {
  std::vector<float> rows;
  for (int r = 0; r <= 10; ++r) rows.push_back(100.0f + 40 * r);  // 10 rows of 40 px
  auto moved = [](std::vector<float> lines, float by) {
    for (float& v : lines) v += by;
    return lines;
  };
  const std::vector<float> right = moved(kColumns, 800);
  std::vector<float> lost = rows, some_lost = rows;
  lost.erase(lost.begin() + 5, lost.begin() + 9);         // 300..460 gone: one row 200 px tall
  some_lost.erase(some_lost.begin() + 6, some_lost.begin() + 8);  // 340..380 gone
  const std::vector<Lattice> page = {Grid(lost, kColumns), Grid(some_lost, right), Grid(moved(rows, 600), moved(kColumns, 2)),
                                     Grid(moved(rows, 601), moved(right, 1))};
  const std::vector<Lattice> lent = WithRowsOfTwins(page, 6);
  ASSERT_EQ(lent.size(), 4u);
  for (int g = 0; g < 2; ++g) {
    ASSERT_EQ(lent[g].rows(), 10) << g;
    for (int r = 0; r <= 10; ++r) EXPECT_NEAR(lent[g].row_y[r], rows[r], 1.0f) << g << " " << r;
    EXPECT_EQ(lent[g].column_x, page[g].column_x);
  }
  EXPECT_EQ(lent[2].row_y, page[2].row_y);
  // The grids below a head taller (another print): nothing to lend.
  const std::vector<Lattice> taller = {Grid(lost, kColumns), Grid(moved(std::vector<float>{100, 140, 180, 220, 260, 300, 340, 380, 420, 460, 500, 560}, 600), kColumns)};
  EXPECT_EQ(WithRowsOfTwins(taller, 6)[0].row_y, lost);
}

}  // namespace
}  // namespace scorecheck
