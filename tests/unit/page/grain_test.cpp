// A dim photo's grain (page/grain): measured against the paper's brightness,
// smoothed away when it would turn into lines of its own, and a page in good
// light left as it is. A rendered sheet in such grain has no grid found in
// it until the grain is smoothed.
#include "page/grain.h"

#include <gtest/gtest.h>
#include <opencv2/imgproc.hpp>

#include "lattice/find_lattice.h"
#include "sheet/render_sheet.h"
#include "sheet/sheet_layout.h"
#include "support/test_support.h"
#include "synth/capture.h"

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
