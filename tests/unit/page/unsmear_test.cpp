// A photo smeared by the camera's motion with the smear taken out
// (page/unsmear): its rules come back sharp where they stood, with no ghost
// rule a smear's length away; a sharp photo is left as it is.
#include "page/unsmear.h"

#include "synth/capture.h"

#include <algorithm>
#include <vector>

#include <gtest/gtest.h>
#include <opencv2/imgproc.hpp>

namespace scorecheck {
namespace {

constexpr int kFirstRule = 300, kRulePitch = 60, kLastRule = 1200;
constexpr int kLeft = 400, kRight = 1600, kColumnPitch = 300;

// A ruled table on paper, 2000 x 1500, rules 2 px wide, with text-like
// marks in its first column.
cv::Mat RuledPhoto() {
  cv::Mat photo(1500, 2000, CV_8UC3, cv::Scalar(200, 205, 210));
  for (int y = kFirstRule; y <= kLastRule; y += kRulePitch)
    cv::line(photo, {kLeft, y}, {kRight, y}, cv::Scalar(60, 60, 60), 2);
  for (int x = kLeft; x <= kRight; x += kColumnPitch)
    cv::line(photo, {x, kFirstRule}, {x, kLastRule}, cv::Scalar(60, 60, 60), 2);
  for (int y = kFirstRule + kRulePitch * 2 / 3; y <= kLastRule; y += kRulePitch)
    cv::putText(photo, "Twos 12", {kLeft + 20, y}, cv::FONT_HERSHEY_SIMPLEX, 0.8, cv::Scalar(40, 40, 40), 2);
  return photo;
}

// The grey level down the middle of the table's second column, one value a
// row of pixels from the first rule to the last.
std::vector<int> ColumnProfile(const cv::Mat& photo) {
  cv::Mat grey;
  cv::cvtColor(photo, grey, cv::COLOR_BGR2GRAY);
  std::vector<int> profile;
  const int x = kLeft + kColumnPitch + kColumnPitch / 2;
  for (int y = kFirstRule; y <= kLastRule; ++y) profile.push_back(grey.at<uchar>(y, x));
  return profile;
}

TEST(UnsmearTest, ASharpPhotoIsLeftAsItIs) {
  const cv::Mat photo = RuledPhoto();
  const MotionBlur none = MeasureMotionBlur(photo);
  EXPECT_EQ(Unsmeared(photo, none).data, photo.data);
}

// Smeared 24 px across its rules: the longest smear the test kit draws (1.2 %
// of a 4032 px photo) at the 2048 px the smear is taken out at.
TEST(UnsmearTest, RulesComeBackWhereTheyStoodWithNoGhosts) {
  const cv::Mat photo = RuledPhoto();
  const cv::Mat smeared = SmearedAlong(photo, 80 * CV_PI / 180, 24);
  const MotionBlur blur = MeasureMotionBlur(smeared);
  ASSERT_TRUE(blur.found) << "dip " << blur.dip;
  const cv::Mat sharp = Unsmeared(smeared, blur);
  ASSERT_EQ(sharp.size(), photo.size());
  ASSERT_EQ(sharp.type(), photo.type());
  const std::vector<int> was = ColumnProfile(smeared), is = ColumnProfile(sharp);
  const int paper = ColumnProfile(photo)[kRulePitch / 2];
  for (int y = kFirstRule + kRulePitch; y < kLastRule; y += kRulePitch) {
    const int at = y - kFirstRule;
    // Smeared, a rule 2 px wide fades into a band 24 px tall, under 20
    // levels deep; sharpened, it is twice as deep again, within a pixel or
    // two of where it stood.
    const int darkest_was = *std::min_element(was.begin() + at - 3, was.begin() + at + 4);
    const int darkest_is = *std::min_element(is.begin() + at - 3, is.begin() + at + 4);
    EXPECT_GT(darkest_was, paper - 20) << "rule at y " << y;
    EXPECT_LT(darkest_is, paper - 36) << "rule at y " << y;
    // Between the rules the paper is paper: no ghost rule a smear's length
    // away, where a Wiener filter rings.
    for (int d = 6; d < kRulePitch - 6; ++d) EXPECT_GT(is[at + d], paper - 8) << "y " << y + d;
  }
}

TEST(UnsmearTest, OptionsOutOfRangeAreRefused) {
  UnsmearOptions options;
  EXPECT_TRUE(options.Check());
  options.stiffness_growth = 1;
  EXPECT_FALSE(options.Check());
  options = {};
  options.step_cost = 0;
  EXPECT_FALSE(options.Check());
}

}  // namespace
}  // namespace scorecheck
