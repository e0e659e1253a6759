// A curled page's rules followed and straightened (page/page_bend): a ruled
// table bowed as a sheet that does not lie flat, measured and taken out.
#include "page/page_bend.h"

#include <cmath>
#include <vector>

#include <gtest/gtest.h>
#include <opencv2/imgproc.hpp>

#include "synth/capture.h"

namespace scorecheck {
namespace {

constexpr double kPxPerMm = 8;
constexpr int kRows = 20, kColumns = 6;
const cv::Rect kTable(240, 400, 1200, 1500);  // pixels of a 1680 x 2376 page (A4 at 8 px/mm)

// A white A4 page with a ruled table and a line of text under it.
cv::Mat RuledPage() {
  cv::Mat page(2376, 1680, CV_8UC3, cv::Scalar(235, 238, 240));
  for (int r = 0; r <= kRows; ++r) {
    const int y = kTable.y + r * kTable.height / kRows;
    cv::line(page, {kTable.x, y}, {kTable.x + kTable.width, y}, cv::Scalar(40, 40, 40), 3);
  }
  for (int c = 0; c <= kColumns; ++c) {
    const int x = kTable.x + c * kTable.width / kColumns;
    cv::line(page, {x, kTable.y}, {x, kTable.y + kTable.height}, cv::Scalar(40, 40, 40), 3);
  }
  cv::putText(page, "Rules on the back", {kTable.x, kTable.y + kTable.height + 80}, cv::FONT_HERSHEY_SIMPLEX, 1.5,
              cv::Scalar(60, 60, 60), 3);
  return page;
}

// The darkest row within `reach` of `near` in column `x` of `gray`.
int DarkestRow(const cv::Mat& gray, int x, int near, int reach) {
  int best = near, darkest = 256;
  for (int y = near - reach; y <= near + reach; ++y)
    if (gray.at<uchar>(y, x) < darkest) darkest = gray.at<uchar>(y, x), best = y;
  return best;
}

// How far the table's inner row rules leave a straight line across the
// table's inner columns, pixels: the most of any rule.
int RowRulesOffStraight(const cv::Mat& page) {
  cv::Mat gray;
  cv::cvtColor(page, gray, cv::COLOR_BGR2GRAY);
  const int pitch = kTable.height / kRows, middle = kTable.x + kTable.width / 2 + pitch / 2;
  int worst = 0;
  for (int r = 2; r < kRows - 1; ++r) {
    const int at_middle = DarkestRow(gray, middle, kTable.y + r * pitch, pitch / 2 - 2);
    for (int c = 0; c < kColumns; ++c) {
      const int x = kTable.x + c * kTable.width / kColumns + pitch / 2;
      worst = std::max(worst, std::abs(DarkestRow(gray, x, at_middle, pitch / 2 - 2) - at_middle));
    }
  }
  return worst;
}

TEST(PageBendTest, AFlatPageIsLeftAsItIs) {
  const cv::Mat page = RuledPage();
  const PageBend bend = MeasureBend(page, kPxPerMm);
  EXPECT_FALSE(bend.bent());
  EXPECT_EQ(Unbent(page, bend).data, page.data);
}

TEST(PageBendTest, ACurledPagesRowsAreStraightened) {
  const double amplitude = 3 * kPxPerMm;  // 3 mm: the middle of a curled A4 sheet
  const cv::Mat bowed = BowedAlong(RuledPage(), amplitude, true);
  ASSERT_GT(RowRulesOffStraight(bowed), amplitude / 3);  // the bow is there to take out
  const PageBend bend = MeasureBend(bowed, kPxPerMm);
  ASSERT_TRUE(bend.rows.bent);
  EXPECT_FALSE(bend.columns.bent);  // the columns stay straight: they only slide along themselves
  // Within half a millimetre of straight (from 1.5): no rule leaves its row.
  EXPECT_LE(RowRulesOffStraight(Unbent(bowed, bend)), kPxPerMm / 2);
}

TEST(PageBendTest, ACurledPagesColumnsAreStraightened) {
  const cv::Mat bowed = BowedAlong(RuledPage(), 3 * kPxPerMm, false);
  const PageBend bend = MeasureBend(bowed, kPxPerMm);
  ASSERT_TRUE(bend.columns.bent);
  EXPECT_FALSE(bend.rows.bent);
  // The same page turned a quarter: its columns are rows there.
  cv::Mat turned;
  cv::rotate(Unbent(bowed, bend), turned, cv::ROTATE_90_CLOCKWISE);
  cv::Mat turned_bowed;
  cv::rotate(bowed, turned_bowed, cv::ROTATE_90_CLOCKWISE);
  const PageBend turned_bend = MeasureBend(turned_bowed, kPxPerMm);
  EXPECT_TRUE(turned_bend.rows.bent);
  EXPECT_FALSE(MeasureBend(turned, kPxPerMm).bent());  // once straightened, nothing left to take out
}

TEST(PageBendTest, SourceFindsTheBentRuleWhereTheFlatPageHasIt) {
  const cv::Mat bowed = BowedAlong(RuledPage(), 3 * kPxPerMm, true);
  const PageBend bend = MeasureBend(bowed, kPxPerMm);
  ASSERT_TRUE(bend.rows.bent);
  cv::Mat flat_gray, bowed_gray;
  cv::cvtColor(Unbent(bowed, bend), flat_gray, cv::COLOR_BGR2GRAY);
  cv::cvtColor(bowed, bowed_gray, cv::COLOR_BGR2GRAY);
  const int pitch = kTable.height / kRows, x = kTable.x + pitch / 2;
  const int on_flat = DarkestRow(flat_gray, x, kTable.y + 5 * pitch, pitch / 2 - 2);
  const cv::Point2d source = bend.Source({static_cast<double>(x), static_cast<double>(on_flat)});
  EXPECT_NEAR(source.y, DarkestRow(bowed_gray, x, static_cast<int>(source.y), pitch / 2 - 2), 1.5);
}

TEST(PageBendTest, ASmallTableTellsNoBendAndThrowsNothing) {
  // Two bands of four or five strips: fewer courses than a bend and its
  // bands' lines have unknowns.
  cv::Mat page(2376, 1680, CV_8UC3, cv::Scalar(235, 238, 240));
  for (int y = 1000; y <= 1500; y += 62) cv::line(page, {800, y}, {1119, y}, cv::Scalar(40, 40, 40), 3);
  for (int x = 800; x <= 1120; x += 106) cv::line(page, {x, 1000}, {x, 1500}, cv::Scalar(40, 40, 40), 3);
  const cv::Mat bowed = BowedAlong(page, 3 * kPxPerMm, true);
  PageBend bend;
  EXPECT_NO_THROW(bend = MeasureBend(bowed, kPxPerMm));
  EXPECT_NO_THROW(Unbent(bowed, bend));
}

TEST(PageBendTest, OptionsOutOfRangeAreRefused) {
  BendOptions options;
  EXPECT_TRUE(options.Check());
  options.min_match = 1.5;
  EXPECT_FALSE(options.Check());
  options = {};
  options.band_mm = options.strip_mm / 2;
  EXPECT_FALSE(options.Check());
}

}  // namespace
}  // namespace scorecheck
