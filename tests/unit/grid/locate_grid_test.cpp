// LocateGrid for own sheets: the sheet code gives every cell.

#include "grid/locate_grid.h"

#include <gtest/gtest.h>

#include "sheet/render_sheet.h"
#include "support/test_support.h"

namespace scorecheck {
namespace {

using testing::ShippedRulesets;

TEST(LocateGridTest, CellsComeFromTheLayout) {
  SheetOptions options;
  options.grids = 4;
  const SheetLayout layout = LayoutSheet(ShippedRulesets().Get("piecepack"), options);
  const Grid grid = GridFromLayout(layout, 8);
  ASSERT_TRUE(grid.ok());
  EXPECT_EQ(grid.grid_count, 4);
  // 4 grids x 6 columns x 19 rows (no bonus row on piecepack).
  EXPECT_EQ(grid.cells.size(), 4u * 6 * 19);
  EXPECT_EQ(grid.cells.front().row_id, "aces");
}

TEST(LocateGridTest, OwnSheetPhotoIsPlaced) {
  SheetOptions options;
  options.columns = 2;
  const SheetLayout layout = LayoutSheet(ShippedRulesets().Get("classic"), options);
  const Page page = FindPage(RenderSheetImage(layout, 150));
  const Grid grid = LocateGrid(page, ShippedRulesets());
  ASSERT_TRUE(grid.ok()) << grid.detail;
  EXPECT_EQ(grid.ruleset_id, "classic");
  EXPECT_EQ(grid.columns, std::vector<int>{2});
  // The bonus row is split: 20 ruleset rows + 1 = 21 printed score rows per column.
  EXPECT_EQ(grid.cells.size(), 2u * 21);
  GridOptions wrong;
  wrong.ruleset = "rock";
  EXPECT_FALSE(LocateGrid(page, ShippedRulesets(), wrong).ok());
}

TEST(LocateGridTest, NoCodeNoGridYet) {
  const Page page = FindPage(cv::Mat(800, 600, CV_8UC3, cv::Scalar::all(255)));
  const Grid grid = LocateGrid(page, ShippedRulesets());
  EXPECT_FALSE(grid.ok());
  EXPECT_FALSE(grid.detail.empty());
}

}  // namespace
}  // namespace scorecheck
