// A photo smeared by the camera's motion (page/motion_blur): the blur's
// direction and length measured from the photo alone; a sharp photo, and
// one blurred evenly (out of focus), have none.
#include "page/motion_blur.h"

#include "support/test_support.h"
#include "synth/capture.h"

#include <algorithm>
#include <cmath>

#include <gtest/gtest.h>
#include <opencv2/imgcodecs.hpp>
#include <opencv2/imgproc.hpp>

namespace scorecheck {
namespace {

// A sheet's ruled table with text-like marks, on paper, 2000 x 1500.
cv::Mat RuledPhoto() {
  cv::Mat photo(1500, 2000, CV_8UC3, cv::Scalar(200, 205, 210));
  for (int y = 300; y <= 1200; y += 45) cv::line(photo, {400, y}, {1600, y}, cv::Scalar(60, 60, 60), 2);
  for (int x = 400; x <= 1600; x += 150) cv::line(photo, {x, 300}, {x, 1200}, cv::Scalar(60, 60, 60), 2);
  for (int y = 330; y <= 1200; y += 45)
    cv::putText(photo, "Twos 12 34", {420, y}, cv::FONT_HERSHEY_SIMPLEX, 0.8, cv::Scalar(40, 40, 40), 2);
  return photo;
}

TEST(MotionBlurTest, ASharpPhotoHasNone) {
  const cv::Mat photo = RuledPhoto();
  const MotionBlur blur = MeasureMotionBlur(photo);
  EXPECT_FALSE(blur.found) << "dip " << blur.dip;
}

TEST(MotionBlurTest, AnEvenBlurIsNoMotion) {
  cv::Mat soft;
  cv::GaussianBlur(RuledPhoto(), soft, cv::Size(0, 0), 6);
  const MotionBlur blur = MeasureMotionBlur(soft);
  EXPECT_FALSE(blur.found) << "dip " << blur.dip;
}

TEST(MotionBlurTest, ABlurAcrossTheRowsIsMeasured) {
  const cv::Mat photo = RuledPhoto();
  const cv::Mat smeared = SmearedAlong(photo, 80 * CV_PI / 180, 40);
  const MotionBlur blur = MeasureMotionBlur(smeared);
  ASSERT_TRUE(blur.found) << "dip " << blur.dip;
  // A direction is a line: 80 and 260 degrees are the same blur.
  EXPECT_NEAR(std::fmod(blur.angle_deg, 180.0), 80, 4);
  EXPECT_NEAR(blur.length_px, 40, 4);
}

TEST(MotionBlurTest, ASmearTooShortToMatterIsNoneThoughItDipsAgainAtTwiceItsLength) {
  // A scanned card (3467 px long) smeared 0.3 % of its length: 3 px at the
  // analysis size, under the shortest smear taken out. Its sinc dips deeply
  // there and again at twice that, within the lengths looked at; that echo
  // is no smear of its own (batch_test: such a photo reads as a sharp one).
  const cv::Mat photo = cv::imread(testing::SourcePath("samples/synthetic/0003-rock-scan.jpg"));
  ASSERT_FALSE(photo.empty());
  const int long_side = std::max(photo.cols, photo.rows);
  const MotionOptions options;
  const MotionBlur blur = MeasureMotionBlur(SmearedAlong(photo, 80 * CV_PI / 180, 0.003 * long_side), options);
  EXPECT_GE(blur.dip, options.min_dip);
  EXPECT_LT(blur.length_px * options.analysis_side_px / long_side, options.min_length_px);
  EXPECT_FALSE(blur.found) << "length " << blur.length_px << ", dip " << blur.dip;
}

TEST(MotionBlurTest, OptionsOutOfRangeAreRefused) {
  MotionOptions options;
  EXPECT_TRUE(options.Check());
  options.max_length_px = options.min_length_px;
  EXPECT_FALSE(options.Check());
  options = {};
  options.min_dip = 0;
  EXPECT_FALSE(options.Check());
  options = {};
  options.min_length_px = 2;  // nearer the centre than the cepstrum is read
  EXPECT_FALSE(options.Check());
}

}  // namespace
}  // namespace scorecheck
