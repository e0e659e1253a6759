// SnapToRuledLines: cells placed from the layout moved onto the printed lines.

#include "grid/snap_to_lines.h"

#include <gtest/gtest.h>

#include <opencv2/imgproc.hpp>

#include "sheet/render_sheet.h"
#include "support/test_support.h"

namespace scorecheck {
namespace {

using testing::ShippedRulesets;

constexpr double kPxPerMm = 8;

// A page of four piecepack grids rendered at 8 px/mm, and the cells the
// layout places on it.
struct PrintedPage {
  cv::Mat image;
  std::vector<GridCell> cells;
};

PrintedPage FourGridPage() {
  SheetOptions options;
  options.grids = 4;
  const SheetLayout layout = LayoutSheet(ShippedRulesets().Get("piecepack"), options);
  return {RenderSheetImage(layout, kPxPerMm * 25.4), GridFromLayout(layout, kPxPerMm).cells};
}

// Largest distance between corresponding sides of two cell lists.
float LargestSideError(const std::vector<GridCell>& got, const std::vector<GridCell>& want) {
  float worst = 0;
  for (size_t i = 0; i < got.size(); ++i) {
    const cv::Rect2f& a = got[i].cell_in_page;
    const cv::Rect2f& b = want[i].cell_in_page;
    worst = std::max({worst, std::abs(a.x - b.x), std::abs(a.y - b.y), std::abs(a.br().x - b.br().x),
                      std::abs(a.br().y - b.br().y)});
  }
  return worst;
}

TEST(SnapToRuledLinesTest, MovesMisplacedCellsBackOntoTheirLines) {
  const PrintedPage page = FourGridPage();
  // The two lower grids placed as a steep photo's marker fit does: a third
  // of a row down and to the side.
  std::vector<GridCell> misplaced = page.cells;
  for (GridCell& cell : misplaced)
    if (cell.grid >= 2) cell.cell_in_page += cv::Point2f(cell.grid == 2 ? -4.0f : 5.0f, 13.0f);
  ASSERT_GT(LargestSideError(misplaced, page.cells), 12);
  const std::vector<GridCell> snapped = SnapToRuledLines(page.image, misplaced);
  ASSERT_EQ(snapped.size(), page.cells.size());
  // Half a pixel: a line 2 px wide is centred between two pixel rows.
  EXPECT_LE(LargestSideError(snapped, page.cells), 1.0f);
  SnapOptions off;
  off.enabled = false;
  EXPECT_EQ(LargestSideError(SnapToRuledLines(page.image, misplaced, off), misplaced), 0.0f);
}

TEST(SnapToRuledLinesTest, WritingNearAHiddenLineDoesNotMoveIt) {
  PrintedPage page = FourGridPage();
  // One cell's top line is gone (a fold, a faded print) and a bold dash runs
  // across the cell a quarter of a row below it: the dash is not the line.
  const cv::Rect2f cell = page.cells[40].cell_in_page;
  const int top = static_cast<int>(std::lround(cell.y));
  page.image(cv::Rect(static_cast<int>(cell.x) + 3, top - 3, static_cast<int>(cell.width) - 6, 7)).setTo(cv::Scalar::all(255));
  const int dash = top + static_cast<int>(0.25 * cell.height);
  cv::line(page.image, {static_cast<int>(cell.x) + 2, dash}, {static_cast<int>(cell.br().x) - 2, dash}, cv::Scalar::all(40), 3);
  const std::vector<GridCell> snapped = SnapToRuledLines(page.image, page.cells);
  EXPECT_NEAR(snapped[40].cell_in_page.y, cell.y, 1.0f);
  EXPECT_LE(LargestSideError(snapped, page.cells), 1.0f);
}

TEST(SnapToRuledLinesTest, BlankPageKeepsTheLayout) {
  const PrintedPage page = FourGridPage();
  const cv::Mat blank(page.image.size(), CV_8UC3, cv::Scalar::all(255));
  EXPECT_LE(LargestSideError(SnapToRuledLines(blank, page.cells), page.cells), 0.01f);
}

}  // namespace
}  // namespace scorecheck
