// Score columns told apart by their tint: a pad that tints every other
// column instead of ruling it, written in across the edges; and no column
// where the paper changes slowly (a shadow), is one tint throughout, or is
// striped row by row.

#include "grid/tinted_columns.h"

#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <vector>

#include <opencv2/imgproc.hpp>

#include "grid/printed_text.h"
#include "unit/grid/drawn_table.h"

namespace scorecheck {
namespace {

using testing::kPxPerMm;
using testing::Px;

// Rows ruled 9 mm apart, a 40 mm label column ruled off, and an open score
// area of `columns` columns `score_mm` wide, every other one tinted
// `tint` (gray, on paper at 250).
struct TintedArea {
  double x = 20, y = 30, row_mm = 9, label_mm = 40, score_mm = 11;
  int columns = 6, rows = 19, tint = 236;

  double ColumnLeft(int c) const { return x + label_mm + c * score_mm; }

  Lattice Lines() const {
    std::vector<double> ys;
    for (int r = 0; r <= rows; ++r) ys.push_back(y + r * row_mm);
    return testing::LinesAt(ys, {x, x + label_mm, ColumnLeft(columns)});
  }

  // The rows' rules and the label column's, on `page`.
  void DrawRules(cv::Mat& page) const {
    for (int r = 0; r <= rows; ++r)
      cv::line(page, Px(x, y + r * row_mm), Px(ColumnLeft(columns), y + r * row_mm), cv::Scalar(30), 2);
    for (double at : {x, x + label_mm, ColumnLeft(columns)})
      cv::line(page, Px(at, y), Px(at, y + rows * row_mm), cv::Scalar(30), 2);
  }

  cv::Mat Draw() const {
    cv::Mat page(Px(210, 297).y, Px(210, 297).x, CV_8U, cv::Scalar(250));
    const double bottom = y + rows * row_mm;
    for (int c = 1; c < columns; c += 2)
      cv::rectangle(page, Px(ColumnLeft(c), y), Px(ColumnLeft(c + 1), bottom), cv::Scalar(tint), cv::FILLED);
    // Numbers written in most boxes, some across an edge.
    for (int r = 0; r < rows; ++r)
      for (int c = 0; c < columns; ++c) {
        if ((r + c) % 4 == 3) continue;
        const double shift = (r % 5 == 0) ? 0.6 * score_mm : 0.15 * score_mm;
        cv::putText(page, std::to_string(10 + (r * 7 + c * 3) % 30), Px(ColumnLeft(c) + shift, y + (r + 1) * row_mm - 1.5),
                    cv::FONT_HERSHEY_SCRIPT_SIMPLEX, 1.2, cv::Scalar(60), 3, cv::LINE_AA);
      }
    DrawRules(page);
    cv::Mat blurred;
    cv::GaussianBlur(page, blurred, cv::Size(5, 5), 1.2);
    return blurred;
  }
};

TEST(TintedColumnsTest, EveryOtherColumnTintedIsAColumnEach) {
  const TintedArea area;
  const std::vector<float> lines = TintColumnLines(area.Draw(), area.Lines(), 1, kPxPerMm);
  ASSERT_EQ(lines.size(), static_cast<size_t>(area.columns - 1));
  for (int c = 1; c < area.columns; ++c)
    EXPECT_NEAR(lines[c - 1], Px(area.ColumnLeft(c), 0).x, 0.5 * kPxPerMm) << "edge " << c;
  const cv::Mat page = area.Draw();
  const Lattice split = SplitTintedColumns(page, FlattenForText(page, kPxPerMm), area.Lines(), kPxPerMm);
  EXPECT_EQ(split.columns(), area.columns + 1);
}

// A tint as light as a pad prints (95% of white) still parts the columns.
TEST(TintedColumnsTest, ALightTintStillPartsTheColumns) {
  TintedArea area;
  area.tint = 240;
  EXPECT_EQ(TintColumnLines(area.Draw(), area.Lines(), 1, kPxPerMm).size(), static_cast<size_t>(area.columns - 1));
}

// A shadow darkening the paper evenly across the area, a score area all of
// one tint, and a soft shadow's edge: no edge to part columns at.
TEST(TintedColumnsTest, AShadowOrOneTintPartsNothing) {
  TintedArea area;
  area.columns = 1;
  area.score_mm = 66;
  cv::Mat page = area.Draw();
  cv::Mat shadow(page.size(), CV_8U);
  for (int x = 0; x < page.cols; ++x) shadow.col(x).setTo(cv::Scalar(std::lround(60.0 * x / page.cols)));
  cv::Mat shaded = page - shadow;
  EXPECT_TRUE(TintColumnLines(shaded, area.Lines(), 1, kPxPerMm).empty());
  cv::Mat tinted = page.clone();
  tinted.setTo(cv::Scalar(225), page > 245);
  EXPECT_TRUE(TintColumnLines(tinted, area.Lines(), 1, kPxPerMm).empty());
  // A soft shadow's edge in the middle of the area: 50 levels darker over
  // 6 mm, upright.
  const double middle = area.ColumnLeft(0) + area.score_mm / 2;
  cv::Mat soft(page.size(), CV_8U);
  for (int x = 0; x < page.cols; ++x)
    soft.col(x).setTo(cv::Scalar(std::lround(50 * std::clamp((x / kPxPerMm - (middle - 6 / 2.0)) / 6.0, 0.0, 1.0))));
  EXPECT_TRUE(TintColumnLines(page - soft, area.Lines(), 1, kPxPerMm).empty());
}

// The paper's level across the right of an open table in a low-resolution
// photo, as measured (every 0.5 mm): light falling off towards the page's
// side, 37 levels over 24 mm, with small drops where numbers were written
// at one place in row after row. The sides of the sharpest drop differ by
// more than a light tint does, but neither side is flat: no column. The
// same light over a real tint's edge still parts it.
TEST(TintedColumnsTest, LightFallingOffAcrossAnOpenColumnPartsNothing) {
  const std::vector<int> measured = {0,  0,  1,   0,   0,   0,   1,   1,   0,   0,   0,   0,   0,   0,   -1,  0,   0,
                                     0,  -1, -1,  -2,  -2,  -2,  -3,  -3,  -3,  -4,  -4,  -5,  -7,  -6,  -7,  -12, -9,
                                     -10, -9, -8, -11, -17, -18, -17, -20, -19, -19, -23, -24, -20, -22, -21, -22, -23,
                                     -25, -24, -26, -26, -28, -29, -29, -30, -31, -31, -33, -32, -34, -35, -36, -37};
  const double left = 20, right = left + 2 + 0.5 * measured.size() + 2;  // the column's lines, mm
  std::vector<double> ys;
  for (int r = 0; r <= 19; ++r) ys.push_back(30 + 9 * r);
  const Lattice lines = testing::LinesAt(ys, {left, right});
  auto photographed = [&](double tint_from_mm) {
    cv::Mat page(Px(210, 297).y, Px(210, 297).x, CV_8U, cv::Scalar(245));
    for (int x = 0; x < page.cols; ++x) {
      const double at = (x / kPxPerMm - left - 2) / 0.5;
      const int i = std::clamp(static_cast<int>(std::floor(at)), 0, static_cast<int>(measured.size()) - 2);
      const double t = std::clamp(at - i, 0.0, 1.0);
      const double level = at < 0 ? measured.front() : (1 - t) * measured[i] + t * measured[i + 1];
      page.col(x).setTo(cv::Scalar(std::lround(245 + level - (x / kPxPerMm >= tint_from_mm ? 20 : 0))));
    }
    for (double y : ys) cv::line(page, Px(left, y), Px(right, y), cv::Scalar(30), 2);
    cv::GaussianBlur(page, page, cv::Size(0, 0), 1.0);
    return page;
  };
  EXPECT_TRUE(TintColumnLines(photographed(1e9), lines, 0, kPxPerMm).empty());
  const std::vector<float> tint = TintColumnLines(photographed(left + 12), lines, 0, kPxPerMm);
  ASSERT_EQ(tint.size(), 1u);
  EXPECT_NEAR(tint[0], Px(left + 12, 0).x, 0.5 * kPxPerMm);
}

// A step of the rows' median that only some rows make: in 11 rows of 20,
// something dark ends at one place (numbers written up to it, blurred into
// a bar), the other rows are paper. The median level steps there as
// sharply as at a tint's edge, but a tint's edge runs down nearly every
// row: no column. A tint whose edge 6 of 20 rows write across still parts.
TEST(TintedColumnsTest, AStepOnlySomeRowsMakePartsNothing) {
  TintedArea area;
  area.tint = 250;
  area.columns = 1;
  area.score_mm = 30;
  area.rows = 20;
  const double end = area.ColumnLeft(0) + 15;
  auto with_bars = [&](cv::Mat page, int rows) {
    for (int r = 0; r < rows; ++r)
      cv::rectangle(page, Px(end - 9, area.y + (r * 2 + 0.1) * area.row_mm), Px(end, area.y + (r * 2 + 0.9) * area.row_mm),
                    cv::Scalar(150), cv::FILLED);
    cv::GaussianBlur(page, page, cv::Size(0, 0), 1.0);
    return page;
  };
  // Every other row from the top, 10 of them, and one more.
  cv::Mat page = with_bars(area.Draw(), 10);
  cv::rectangle(page, Px(end - 9, area.y + 1.1 * area.row_mm), Px(end, area.y + 1.9 * area.row_mm), cv::Scalar(150), cv::FILLED);
  EXPECT_TRUE(TintColumnLines(page, area.Lines(), 1, kPxPerMm).empty());

  TintedArea tinted = area;
  tinted.columns = 2;
  tinted.score_mm = 15;
  tinted.tint = 225;
  cv::Mat written = tinted.Draw();
  for (int r = 0; r < 6; ++r)  // six numbers written across the edge
    cv::line(written, Px(end - 3, area.y + (r * 3 + 0.5) * area.row_mm), Px(end + 3, area.y + (r * 3 + 0.5) * area.row_mm),
             cv::Scalar(60), 6);
  const std::vector<float> edge = TintColumnLines(written, tinted.Lines(), 1, kPxPerMm);
  EXPECT_EQ(edge.size(), 1u);
  // Each side holds its own numbers in more rows than write across: the
  // writing keeps to the edge.
  EXPECT_EQ(EdgesTheWritingKeepsTo(FlattenForText(written, kPxPerMm), tinted.Lines(), 1, edge, kPxPerMm), edge);
}

// The edge of a shadow falling across one score column, sharp in a
// low-resolution photo, with the player's numbers written across it in
// most rows and wholly on its shadowed side in none: the paper steps as at
// a tint's edge, but the writing does not keep to it. No column.
TEST(TintedColumnsTest, AShadowsEdgeTheNumbersRunAcrossPartsNothing) {
  TintedArea area;
  area.tint = 250;
  area.columns = 1;
  area.score_mm = 24;
  area.rows = 20;
  cv::Mat page(Px(210, 297).y, Px(210, 297).x, CV_8U, cv::Scalar(250));
  const double left = area.ColumnLeft(0), shadow_from = left + 15;
  cv::rectangle(page, Px(shadow_from, area.y), Px(left + area.score_mm, area.y + area.rows * area.row_mm), cv::Scalar(222),
                cv::FILLED);
  for (int r = 0; r < area.rows; ++r) {
    if (r % 4 == 3) continue;  // boxes left empty
    cv::putText(page, std::to_string(12 + r * 7), Px(shadow_from - 5, area.y + (r + 1) * area.row_mm - 1.5),
                cv::FONT_HERSHEY_SCRIPT_SIMPLEX, 1.2, cv::Scalar(60), 3, cv::LINE_AA);
  }
  area.DrawRules(page);
  cv::GaussianBlur(page, page, cv::Size(5, 5), 1.2);

  const std::vector<float> step = TintColumnLines(page, area.Lines(), 1, kPxPerMm);
  ASSERT_EQ(step.size(), 1u);  // the paper alone says "an edge"
  EXPECT_NEAR(step[0], Px(shadow_from, 0).x, 0.5 * kPxPerMm);
  const cv::Mat flat = FlattenForText(page, kPxPerMm);
  EXPECT_TRUE(EdgesTheWritingKeepsTo(flat, area.Lines(), 1, step, kPxPerMm).empty());
  EXPECT_EQ(SplitTintedColumns(page, flat, area.Lines(), kPxPerMm).columns(), area.Lines().columns());
}

// Every other row shaded across the whole table, the columns not tinted:
// about half the rows are shaded at every x, and no x is an edge.
TEST(TintedColumnsTest, StripedRowsPartNothing) {
  TintedArea area;
  area.tint = 250;  // columns as white as the paper
  area.rows = 20;   // half of them shaded
  cv::Mat page = area.Draw();
  for (int r = 0; r < area.rows; r += 2) {
    const cv::Rect stripe(Px(area.x, area.y + r * area.row_mm) + cv::Point(0, 2),
                          Px(area.ColumnLeft(area.columns), area.y + (r + 1) * area.row_mm) - cv::Point(0, 2));
    cv::Mat band = page(stripe);
    band.setTo(cv::Scalar(212), band > 200);
  }
  EXPECT_TRUE(TintColumnLines(page, area.Lines(), 1, kPxPerMm).empty());
  EXPECT_TRUE(TintColumnLines(page, area.Lines(), 0, kPxPerMm).empty());
}

}  // namespace
}  // namespace scorecheck
