// MeasurePhotoQuality and RetakeReason on a drawn grid of handwritten-like
// numbers: a good photo passes; darker, more blurred, smaller or cut off,
// each measure moves the way it should and the photo is refused for that reason.

#include "scan/photo_quality.h"

#include "synth/capture.h"

#include <gtest/gtest.h>
#include <opencv2/imgproc.hpp>

namespace scorecheck {
namespace {

constexpr int kPitch = 60;  // row pitch on the page, pixels
constexpr int kRows = 12, kColumns = 4, kLeft = 300, kTop = 200, kWidth = 140;

// A photo of a grid (taken as its own page, 1:1): ruled boxes holding numbers.
struct Shot {
  Page page;
  Grid grid;
};

Shot Photo() {
  Shot shot;
  cv::Mat image(kTop * 2 + kRows * kPitch, kLeft * 2 + kColumns * kWidth, CV_8UC3, cv::Scalar(235, 238, 240));
  for (int r = 0; r <= kRows; ++r)
    cv::line(image, {kLeft, kTop + r * kPitch}, {kLeft + kColumns * kWidth, kTop + r * kPitch}, cv::Scalar(40, 40, 40), 2);
  for (int c = 0; c <= kColumns; ++c)
    cv::line(image, {kLeft + c * kWidth, kTop}, {kLeft + c * kWidth, kTop + kRows * kPitch}, cv::Scalar(40, 40, 40), 2);
  for (int r = 0; r < kRows; ++r) {
    for (int c = 0; c < kColumns; ++c) {
      const cv::Point at(kLeft + c * kWidth + 30, kTop + r * kPitch + 45);
      cv::putText(image, std::to_string((r + 1) * (c + 2)), at, cv::FONT_HERSHEY_SCRIPT_SIMPLEX, 1.2,
                  cv::Scalar(120, 40, 20), 3, cv::LINE_AA);
      shot.grid.cells.push_back({0, c, "row" + std::to_string(r), CellPart::kValue,
                                 cv::Rect2f(kLeft + c * kWidth, kTop + r * kPitch, kWidth, kPitch)});
    }
  }
  shot.page.status = PageStatus::kFound;
  shot.page.rectified = image;
  shot.page.image_size = image.size();
  shot.grid.status = GridStatus::kFound;
  shot.grid.image = image;
  return shot;
}

TEST(PhotoQualityTest, AGoodPhotoIsRead) {
  const Shot shot = Photo();
  const PhotoQuality quality = MeasurePhotoQuality(shot.page, shot.grid);
  EXPECT_GT(quality.ink_contrast, 150);
  EXPECT_GT(quality.paper_level, 200);
  EXPECT_LT(quality.edge_width, 0.1);
  EXPECT_NEAR(quality.row_pitch_px, kPitch, 1);
  EXPECT_EQ(quality.boxes_outside, 0);
  EXPECT_EQ(RetakeReason(quality), std::nullopt);
}

TEST(PhotoQualityTest, ADarkPhotoIsTooDark) {
  Shot shot = Photo();
  cv::Mat dark;
  shot.grid.image.convertTo(dark, -1, 0.08);
  cv::Mat noise(dark.size(), CV_16SC3);
  cv::RNG(1).fill(noise, cv::RNG::NORMAL, 0, 2);
  cv::add(dark, noise, dark, cv::noArray(), CV_8UC3);
  shot.grid.image = dark;
  const PhotoQuality quality = MeasurePhotoQuality(shot.page, shot.grid);
  EXPECT_LT(quality.ink_contrast, 24);
  EXPECT_EQ(RetakeReason(quality), "too dark");
}

TEST(PhotoQualityTest, BlurSpreadsEdgesUntilThePhotoIsTooBlurred) {
  double last = 0;
  for (double sigma : {1.0, 3.0, 6.0, 12.0}) {
    Shot shot = Photo();
    cv::GaussianBlur(shot.grid.image, shot.grid.image, cv::Size(0, 0), sigma);
    const PhotoQuality quality = MeasurePhotoQuality(shot.page, shot.grid);
    EXPECT_GT(quality.edge_width, last) << sigma;
    last = quality.edge_width;
  }
  // Blurred by a fifth of the row pitch: the digits run together.
  EXPECT_EQ(RetakeReason([] {
              Shot shot = Photo();
              cv::GaussianBlur(shot.grid.image, shot.grid.image, cv::Size(0, 0), 0.2 * kPitch);
              return MeasurePhotoQuality(shot.page, shot.grid);
            }()),
            "too blurred");
}

TEST(PhotoQualityTest, ASmallOrCutOffGridIsRefusedForThat) {
  Shot shot = Photo();
  // The photo a sixth the size of the page it was rectified to.
  shot.page.page_from_image = cv::Matx33d(6, 0, 0, 0, 6, 0, 0, 0, 1);
  shot.page.image_size = cv::Size(shot.grid.image.cols / 6, shot.grid.image.rows / 6);
  PhotoQuality quality = MeasurePhotoQuality(shot.page, shot.grid);
  EXPECT_NEAR(quality.row_pitch_px, kPitch / 6.0, 0.5);
  EXPECT_EQ(RetakeReason(quality), "the card is too small in the picture; come closer");
  // The photo's frame ends two rows above the grid's foot.
  shot = Photo();
  shot.page.image_size.height = kTop + (kRows - 2) * kPitch;
  quality = MeasurePhotoQuality(shot.page, shot.grid);
  EXPECT_EQ(quality.boxes_outside, 2 * kColumns);
  EXPECT_EQ(RetakeReason(quality), "the grid is cut off by the edge of the picture");
  // Refusing can be turned off.
  PhotoQualityOptions any;
  any.enabled = false;
  EXPECT_EQ(RetakeReason(quality, any), std::nullopt);
}

// A table ruled nowhere (rows where its labels are printed) has no rules
// to run on past the picture's edge: it is cut off when a row more at
// either end would reach past the photo's frame.
TEST(PhotoQualityTest, ATableRuledNowhereEndingAtThePicturesEdgeIsCutOff) {
  Shot shot = Photo();
  shot.grid.ruled_nowhere = true;
  EXPECT_FALSE(MeasurePhotoQuality(shot.page, shot.grid).rows_cut_off);
  // The frame ends under the last row, less than a row below it: the rows
  // found may go on out of the picture.
  shot.page.image_size.height = kTop + kRows * kPitch + kPitch / 2;
  EXPECT_TRUE(MeasurePhotoQuality(shot.page, shot.grid).rows_cut_off);
  EXPECT_EQ(RetakeReason(MeasurePhotoQuality(shot.page, shot.grid)), "the grid is cut off by the edge of the picture");
  // Ruled, the same grid is told by its rules, which end with its frame.
  shot.grid.ruled_nowhere = false;
  EXPECT_FALSE(MeasurePhotoQuality(shot.page, shot.grid).rows_cut_off);
}

// A page whose grid was not found, photographed by a moving camera: the
// photo is asked for again for that cause, not for the grid's absence.
TEST(PhotoQualityTest, APageSmearedByTheCamerasMovementIsAskedForAgain) {
  Shot shot = Photo();
  cv::cvtColor(shot.page.rectified, shot.page.photo_grey, cv::COLOR_BGR2GRAY);
  EXPECT_FALSE(MeasurePageQuality(shot.page).smeared);
  EXPECT_EQ(PageRetakeReason(MeasurePageQuality(shot.page)), std::nullopt);
  // Smeared 30 pixels along a line 100 degrees from the x axis (nearly
  // across the rows): the rules across it fade.
  shot.page.rectified = SmearedAlong(shot.page.rectified, 100 * CV_PI / 180, 30);
  cv::cvtColor(shot.page.rectified, shot.page.photo_grey, cv::COLOR_BGR2GRAY);
  const PhotoQuality quality = MeasurePageQuality(shot.page);
  EXPECT_TRUE(quality.smeared);
  EXPECT_EQ(PageRetakeReason(quality), "smeared by the camera's movement");
  // Without the photo (a page made by other means) nothing is said of it.
  shot.page.photo_grey.release();
  EXPECT_FALSE(MeasurePageQuality(shot.page).smeared);
}

// A grid found in a photo smeared by the camera's movement: a smear that
// spreads an edge over more of the row pitch than a blur may is refused for
// that cause, a shorter one is read (its digits stay readable).
TEST(PhotoQualityTest, AGridSmearedFurtherThanABlurMayBeIsAskedForAgain) {
  Shot shot = Photo();
  cv::cvtColor(shot.page.rectified, shot.page.photo_grey, cv::COLOR_BGR2GRAY);
  PhotoQuality quality = MeasurePhotoQuality(shot.page, shot.grid);
  EXPECT_FALSE(quality.smeared);
  EXPECT_EQ(quality.smear_width, 0);
  const double limit = PhotoQualityOptions{}.max_edge_width;
  // Along the rows (nearly), 0.6 of the limit and twice it.
  for (const double share : {0.6 * limit, 2 * limit}) {
    shot = Photo();
    shot.grid.image = shot.page.rectified = SmearedAlong(shot.page.rectified, 10 * CV_PI / 180, share * kPitch);
    cv::cvtColor(shot.page.rectified, shot.page.photo_grey, cv::COLOR_BGR2GRAY);
    quality = MeasurePhotoQuality(shot.page, shot.grid);
    EXPECT_TRUE(quality.smeared) << share;
    EXPECT_NEAR(quality.smear_width, share, 0.3 * share) << share;
    if (share < limit)
      EXPECT_EQ(RetakeReason(quality), std::nullopt) << quality.smear_width;
    else
      EXPECT_EQ(RetakeReason(quality), "smeared by the camera's movement") << quality.smear_width;
  }
}

// Boxes read through a smear taken out are doubted when the smear spread an
// edge further than a photo may (the limit a smear left in is refused at).
TEST(PhotoQualityTest, BoxesAreReadThroughASmearOnlyPastTheEdgeLimit) {
  const PhotoQualityOptions options;
  PhotoQuality quality;
  EXPECT_FALSE(ReadThroughSmear(quality, options));
  quality.unsmeared_width = options.max_edge_width / 2;
  EXPECT_FALSE(ReadThroughSmear(quality, options));
  quality.unsmeared_width = options.max_edge_width * 2;
  EXPECT_TRUE(ReadThroughSmear(quality, options));
}

TEST(PhotoQualityTest, OptionsCheck) {
  EXPECT_TRUE(PhotoQualityOptions{}.Check());
  PhotoQualityOptions bad;
  bad.max_edge_width = 0;
  EXPECT_FALSE(bad.Check());
  bad = {};
  bad.motion.min_dip = 0;
  EXPECT_FALSE(bad.Check());
}

}  // namespace
}  // namespace scorecheck
