// A dim photo's grain (page/grain): measured against the paper's brightness,
// smoothed away when it would turn into lines of its own, and a page in good
// light left as it is. A rendered sheet in such grain has no grid found in
// it until the grain is smoothed.
#include "page/grain.h"


#include <gtest/gtest.h>
#include <opencv2/imgproc.hpp>

#include "core/image_constants.h"
#include "lattice/find_lattice.h"
#include "sheet/render_sheet.h"
#include "sheet/sheet_layout.h"
#include "support/test_support.h"

namespace scorecheck {
namespace {

constexpr double kPxPerMm = 8;  // FindPage's resolution
constexpr double kMmPerInch = 25.4;

// Another printer's sheet of the classic game with thin inner rules, upright
// at FindPage's resolution.
cv::Mat Sheet() {
  SheetOptions options;
  options.style.markers = false;
  options.style.qr = false;
  options.style.inner_line_mm = 0.12;
  return RenderSheetImage(LayoutSheet(testing::ShippedRulesets().Get("classic"), options), kPxPerMm * kMmPerInch);
}

// `page` as a camera in dim light takes it: `light` as bright, and scattered
// by `grain` of the paper's brightness in grains two pixels wide (a sensor's
// noise, spread by demosaicing and by the page's rectification).
cv::Mat InDimLight(const cv::Mat& page, double light, double grain, unsigned seed) {
  cv::Mat dim, fine(page.rows / 2, page.cols / 2, CV_32F), noise;
  page.convertTo(dim, CV_32FC3, light);
  cv::RNG rng(seed);
  rng.fill(fine, cv::RNG::NORMAL, 0, grain * kWhite * light);
  cv::resize(fine, noise, page.size(), 0, 0, cv::INTER_LINEAR);
  cv::cvtColor(noise, noise, cv::COLOR_GRAY2BGR);
  cv::Mat out;
  cv::Mat(dim + noise).convertTo(out, CV_8UC3);
  return out;
}

TEST(GrainTest, IsMeasuredAgainstThePapersBrightness) {
  const cv::Mat sheet = Sheet();
  EXPECT_LT(MeasureGrain(sheet), 0.005);
  // The same grain, as a share of the paper, measures the same in twice the
  // light, and twice the grain twice as much.
  const double grain = MeasureGrain(InDimLight(sheet, 0.3, 0.1, 1));
  EXPECT_GT(grain, 0.01);
  EXPECT_NEAR(MeasureGrain(InDimLight(sheet, 0.6, 0.1, 2)), grain, 0.15 * grain);
  EXPECT_NEAR(MeasureGrain(InDimLight(sheet, 0.3, 0.2, 3)), 2 * grain, 0.3 * grain);
}

TEST(GrainTest, APageInGoodLightIsLeftAsItIs) {
  EXPECT_FALSE(WithoutGrain(Sheet(), kPxPerMm).has_value());
  EXPECT_FALSE(WithoutGrain(InDimLight(Sheet(), 0.9, 0.02, 4), kPxPerMm).has_value());
}

TEST(GrainTest, ADimPhotosGrainIsSmoothedAndItsGridFound) {
  const cv::Mat grainy = InDimLight(Sheet(), 0.3, 0.14, 5);
  const LatticeResult before = FindLattices(grainy);
  EXPECT_FALSE(before.ok()) << before.detail;
  const std::optional<cv::Mat> smooth = WithoutGrain(grainy, kPxPerMm);
  ASSERT_TRUE(smooth.has_value());
  EXPECT_LT(MeasureGrain(*smooth), MeasureGrain(grainy) / 2);
  const LatticeResult after = FindLattices(*smooth);
  ASSERT_TRUE(after.ok()) << after.detail;
  ASSERT_EQ(after.grids.size(), 1u);
  EXPECT_GE(after.grids[0].rows(), 18);
}

TEST(GrainTest, OptionsOutOfRangeAreRefused) {
  GrainOptions options;
  EXPECT_TRUE(options.Check());
  options.max_grain = 0;
  EXPECT_FALSE(options.Check());
  options = {};
  options.smooth_mm = 0;
  EXPECT_FALSE(options.Check());
}

}  // namespace
}  // namespace scorecheck
