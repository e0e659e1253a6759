// Filled bands (lattice/bands): a dark header bar whose component takes in
// the tinted boxes of the row under it, in every other column.

#include <gtest/gtest.h>

#include <cmath>
#include <vector>

#include <opencv2/imgproc.hpp>

#include "lattice/bands.h"
#include "unit/lattice/bands_of.h"

namespace scorecheck {
namespace {

constexpr double kPxPerMm = 8;

int Px(double mm) { return static_cast<int>(std::lround(mm * kPxPerMm)); }

// A table 160 mm wide from x 25 mm: a header bar 8 mm tall from y 40 mm,
// then 16 rows of 5.25 mm, ruled both ways (a label column 45 mm wide and
// six score columns), and in the first row under the bar the score boxes
// tinted in every other column, dark enough to join the bar (a striped
// pad's darker boxes).
struct Sheet {
  static constexpr double x0 = 25, x1 = 185, bar_top = 40, bar_mm = 8, row_mm = 5.25, label_mm = 45;
  static constexpr int rows = 16, score_columns = 6;
  static double Y(int r) { return bar_top + bar_mm + r * row_mm; }  // row line r: 0 is the bar's bottom
  static double X(int c) {  // column line c: 0 the left side, 1 the label column's right
    return c == 0 ? x0 : x0 + label_mm + (c - 1) * (x1 - x0 - label_mm) / score_columns;
  }
};

cv::Mat DrawSheet() {
  cv::Mat page(2376, 1680, CV_8UC3, cv::Scalar(250, 250, 250));
  using S = Sheet;
  cv::rectangle(page, cv::Point(Px(S::x0), Px(S::bar_top)), cv::Point(Px(S::x1), Px(S::Y(0))), cv::Scalar(70, 80, 75),
                cv::FILLED);
  for (int c = 2; c <= S::score_columns; c += 2)
    cv::rectangle(page, cv::Point(Px(S::X(c)), Px(S::Y(0))), cv::Point(Px(S::X(c + 1)), Px(S::Y(1))),
                  cv::Scalar(170, 200, 170), cv::FILLED);
  // Thick grey rules (0.8 mm), as the pad prints them.
  const cv::Scalar rule(120, 120, 120);
  const int half = Px(0.4);
  for (int r = 0; r <= S::rows; ++r)
    cv::rectangle(page, cv::Point(Px(S::x0) - half, Px(S::Y(r)) - half), cv::Point(Px(S::x1) + half, Px(S::Y(r)) + half),
                  rule, cv::FILLED);
  for (int c = 0; c <= S::score_columns + 1; ++c)
    cv::rectangle(page, cv::Point(Px(S::X(c)) - half, Px(S::bar_top)), cv::Point(Px(S::X(c)) + half, Px(S::Y(S::rows))),
                  rule, cv::FILLED);
  return page;
}

// The bar's bottom edge is where the bar ends, level, and not a line
// fitted through the bar's end and the tinted boxes' alike (half a row
// lower, across the row under it: on a striped four-grid pad, scan200
// 0098, it stood 2.5 mm above that row's rule, the rule was dropped as too
// close to it, and the first row of each lower section was read as
// empty).
TEST(BandsTest, TintedBoxesUnderABarLeaveItsEdgeWhereTheBarEnds) {
  const std::vector<lattice::Band> bands = testing::BandsOf(DrawSheet(), kPxPerMm);
  int bars = 0;
  for (const lattice::Band& band : bands) {
    if (std::abs(band.top.pos / kPxPerMm - Sheet::bar_top) > 1) continue;
    ++bars;
    EXPECT_NEAR(band.bottom.pos / kPxPerMm, Sheet::Y(0), 1.0);  // the rule under the bar is dark too
    EXPECT_NEAR(band.bottom.a.y, band.bottom.b.y, 0.5 * kPxPerMm) << "the edge runs level";
    // Its ends are the bar's, not the first tinted box's side (taken for a
    // column rule, it ruled a table with no column rules: scan200 0079).
    EXPECT_NEAR(band.left.pos / kPxPerMm, Sheet::x0, 1.0);
    EXPECT_NEAR(band.right.pos / kPxPerMm, Sheet::x1, 1.0);
  }
  EXPECT_EQ(bars, 1);
}

}  // namespace
}  // namespace scorecheck
