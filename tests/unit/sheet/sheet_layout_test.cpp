// Sheet layouts: rows and columns per ruleset, grid placement, and that the
// rendered page carries its markers and QR code where the layout says.

#include "sheet/sheet_layout.h"

#include <opencv2/aruco.hpp>
#include <opencv2/imgproc.hpp>

#include <gtest/gtest.h>

#include "sheet/render_sheet.h"
#include "sheet/sheet_code_reader.h"
#include "support/test_support.h"

namespace scorecheck {
namespace {

using testing::ShippedRulesets;

int ScoreRows(const GridLayout& grid) {
  int count = 0;
  for (const LayoutRow& row : grid.rows) count += row.kind == LayoutRow::Kind::kScore;
  return count;
}

TEST(SheetLayoutTest, RowsAndColumnsFollowTheRuleset) {
  for (const std::string& id : ShippedRulesets().Ids()) {
    const Ruleset& ruleset = ShippedRulesets().Get(id);
    const SheetLayout layout = LayoutSheet(ruleset, {});
    ASSERT_EQ(layout.grids.size(), 1u);
    const GridLayout& grid = layout.grids[0];
    EXPECT_EQ(grid.columns(), ruleset.default_columns) << id;
    // One printed row per ruleset row, the Yahtzee bonus split in two.
    EXPECT_EQ(ScoreRows(grid), static_cast<int>(ruleset.rows.size()) + (ruleset.yahtzee_bonus ? 1 : 0)) << id;
    for (const RowSpec& row : ruleset.rows)
      EXPECT_GE(grid.FindRow(row.id, row.kind == RowKind::kYahtzeeBonus ? CellPart::kChecks : CellPart::kValue), 0)
          << id << " " << row.id;
    // Header and the lower-section divider.
    EXPECT_EQ(grid.rows.front().kind, LayoutRow::Kind::kHeader);
    EXPECT_EQ(static_cast<int>(grid.rows.size()) - ScoreRows(grid), 2) << id;
    // Everything inside the page.
    EXPECT_GT(grid.frame.x, 0);
    EXPECT_LT(grid.frame.right(), layout.width_mm);
    EXPECT_LT(grid.frame.bottom(), layout.height_mm);
  }
  EXPECT_EQ(LayoutSheet(ShippedRulesets().Get("triple"), {}).grids[0].column_headers,
            (std::vector<std::string>{"×1", "×2", "×3"}));
  EXPECT_EQ(LayoutSheet(ShippedRulesets().Get("piecepack"), {}).grids[0].rows[6].label, "Nulls = 6");
}

TEST(SheetLayoutTest, PiecepackPagesHoldOneTwoOrFourGrids) {
  const Ruleset& piecepack = ShippedRulesets().Get("piecepack");
  for (int grids : {1, 2, 4}) {
    SheetOptions options;
    options.grids = grids;
    const SheetLayout layout = LayoutSheet(piecepack, options);
    ASSERT_EQ(static_cast<int>(layout.grids.size()), grids);
    for (size_t i = 0; i < layout.grids.size(); ++i) {
      EXPECT_EQ(layout.grids[i].columns(), 6);
      for (size_t j = 0; j < i; ++j) {
        const RectMm& a = layout.grids[j].frame;
        const RectMm& b = layout.grids[i].frame;
        const bool apart = a.right() <= b.x || b.right() <= a.x || a.bottom() <= b.y || b.bottom() <= a.y;
        EXPECT_TRUE(apart) << grids << " grids: " << j << " overlaps " << i;
        // Listed top to bottom, then left to right.
        EXPECT_TRUE(a.y < b.y || (a.y == b.y && a.x < b.x));
      }
    }
  }
  SheetOptions three;
  three.grids = 3;
  EXPECT_FALSE(three.Check(piecepack).empty());
}

TEST(SheetLayoutTest, ColumnCountsAreChecked) {
  SheetOptions options;
  options.columns = 4;
  EXPECT_FALSE(options.Check(ShippedRulesets().Get("triple")).empty());
  options.columns = 2;
  EXPECT_TRUE(options.Check(ShippedRulesets().Get("classic")).empty());
  EXPECT_EQ(LayoutSheet(ShippedRulesets().Get("classic"), options).grids[0].columns(), 2);
}

TEST(SheetLayoutTest, SheetCodeRoundTrips) {
  SheetOptions options;
  options.grids = 4;
  options.page = PageSize::kLetter;
  const std::string code = SheetCode(ShippedRulesets().Get("piecepack"), options);
  const auto info = ParseSheetCode(code);
  ASSERT_TRUE(info);
  EXPECT_EQ(info->ruleset_id, "piecepack");
  EXPECT_EQ(info->options.grids, 4);
  EXPECT_EQ(info->options.columns, 6);
  EXPECT_EQ(info->options.page, PageSize::kLetter);
  EXPECT_FALSE(ParseSheetCode("https://example.org"));
  EXPECT_EQ(code, "SC1 PIECEPACK L1 C6 G4 LETTER");
  EXPECT_FALSE(ParseSheetCode("SC1 CLASSIC L1 CX G1 A4"));
  EXPECT_FALSE(ParseSheetCode("SC1 CLASSIC L1 C6"));
}

cv::Point2d Centre(const RectMm& box, double px_per_mm) {
  return {(box.x + box.w / 2) * px_per_mm, (box.y + box.h / 2) * px_per_mm};
}

TEST(SheetLayoutTest, RenderedMarkersAndQrAreWhereTheLayoutSays) {
  constexpr double kDpi = 150;
  const double px_per_mm = kDpi / 25.4;
  SheetOptions options;
  options.grids = 2;
  const SheetLayout layout = LayoutSheet(ShippedRulesets().Get("piecepack"), options);
  const cv::Mat page = RenderSheetImage(layout, kDpi);
  EXPECT_EQ(page.cols, static_cast<int>(std::lround(210 * px_per_mm)));
  EXPECT_EQ(page.rows, static_cast<int>(std::lround(297 * px_per_mm)));

  std::vector<int> ids;
  std::vector<std::vector<cv::Point2f>> corners;
  cv::aruco::detectMarkers(page, cv::aruco::getPredefinedDictionary(cv::aruco::DICT_4X4_50), corners, ids);
  ASSERT_EQ(ids.size(), 4u);
  for (size_t i = 0; i < ids.size(); ++i) {
    cv::Point2f centre(0, 0);
    for (const auto& corner : corners[i]) centre += corner * 0.25f;
    const cv::Point2d expected = Centre(layout.markers.at(ids[i]).box, px_per_mm);
    EXPECT_NEAR(centre.x, expected.x, 2.0) << "marker " << ids[i];
    EXPECT_NEAR(centre.y, expected.y, 2.0) << "marker " << ids[i];
  }

  const auto code = ReadSheetCode(page);
  ASSERT_TRUE(code);
  EXPECT_EQ(code->payload, layout.qr_payload);
  const cv::Point2d qr_centre = Centre(*layout.qr_box, px_per_mm);
  cv::Point2f found(0, 0);
  for (const auto& corner : code->corners) found += corner * 0.25f;
  EXPECT_NEAR(found.x, qr_centre.x, 4.0);
  EXPECT_NEAR(found.y, qr_centre.y, 4.0);
  // Upside down (a scan fed the wrong way) it still reads.
  cv::Mat turned;
  cv::rotate(page, turned, cv::ROTATE_180);
  ASSERT_TRUE(ReadSheetCode(turned));
  EXPECT_EQ(ReadSheetCode(turned)->payload, layout.qr_payload);

  // Cell interiors are white; cell lines are dark.
  const GridLayout& grid = layout.grids[0];
  const RectMm cell = grid.Cell(grid.FindRow("fours"), 2);
  const cv::Point inside(static_cast<int>((cell.x + cell.w / 2) * px_per_mm), static_cast<int>((cell.y + cell.h / 2) * px_per_mm));
  EXPECT_GT(page.at<cv::Vec3b>(inside)[0], 240);
  const cv::Point on_line(static_cast<int>(cell.x * px_per_mm), inside.y);
  EXPECT_LT(page.at<cv::Vec3b>(on_line)[0], 160);
}

TEST(SheetLayoutTest, OtherStylesDropMarkersAndAddAHowToColumn) {
  SheetOptions options;
  options.style.markers = false;
  options.style.qr = false;
  options.style.how_to_column = true;
  options.style.column_header = "Game {n}";
  const SheetLayout layout = LayoutSheet(ShippedRulesets().Get("classic"), options);
  EXPECT_TRUE(layout.markers.empty());
  EXPECT_FALSE(layout.qr_box);
  EXPECT_GT(layout.grids[0].how_right, layout.grids[0].label_right);
  EXPECT_EQ(layout.grids[0].column_headers[1], "Game 2");
  std::vector<int> ids;
  std::vector<std::vector<cv::Point2f>> corners;
  cv::aruco::detectMarkers(RenderSheetImage(layout, 100), cv::aruco::getPredefinedDictionary(cv::aruco::DICT_4X4_50),
                           corners, ids);
  EXPECT_TRUE(ids.empty());
}

}  // namespace
}  // namespace scorecheck
