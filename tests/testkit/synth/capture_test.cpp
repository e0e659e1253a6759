// Capture profiles: the right kind of image comes out, the homography says where
// the page went, and the same seed gives the same pixels.

#include "synth/capture.h"

#include <array>
#include <chrono>
#include <functional>
#include <random>
#include <set>
#include <string>
#include <string_view>
#include <vector>

#include <gtest/gtest.h>
#include <opencv2/imgcodecs.hpp>
#include <opencv2/imgproc.hpp>

#include "core/error.h"

namespace scorecheck {
namespace {

constexpr int kPageW = 2480, kPageH = 3508;  // A4 at 300 dpi

// Marker dots, page pixels: red near the top-left corner, green near the bottom-right.
const cv::Point kRedDot(50, 50);
const cv::Point kGreenDot(kPageW - 60, kPageH - 60);

// A white A4 page with a ruled grid and two coloured dots that tell where its
// corners went.
const cv::Mat& TestPage() {
  static const cv::Mat page = [] {
    cv::Mat p(kPageH, kPageW, CV_8UC3, cv::Scalar(255, 255, 255));
    for (int y = 400; y <= 3100; y += 118) cv::line(p, {200, y}, {2280, y}, cv::Scalar(0, 0, 0), 3);
    for (int x = 200; x <= 2280; x += 260) cv::line(p, {x, 400}, {x, 3100}, cv::Scalar(0, 0, 0), 3);
    cv::circle(p, kRedDot, 14, cv::Scalar(0, 0, 255), cv::FILLED);
    cv::circle(p, kGreenDot, 14, cv::Scalar(0, 200, 0), cv::FILLED);
    return p;
  }();
  return page;
}

size_t Hash(const cv::Mat& m) {
  const cv::Mat c = m.isContinuous() ? m : m.clone();
  return std::hash<std::string_view>{}(
      std::string_view(reinterpret_cast<const char*>(c.data), c.total() * c.elemSize()));
}

// Mean colour in a small window around image point p (the dot is blurred and noisy).
cv::Vec3d MeanAround(const cv::Mat& image, cv::Point2d p, int radius = 2) {
  const cv::Rect window(cvRound(p.x) - radius, cvRound(p.y) - radius, 2 * radius + 1, 2 * radius + 1);
  const cv::Scalar mean = cv::mean(image(window & cv::Rect(0, 0, image.cols, image.rows)));
  return {mean[0], mean[1], mean[2]};
}

void ExpectDotsWhereTheHomographySays(const Capture& capture) {
  const cv::Vec3d red = MeanAround(capture.image, ImageFromPage(capture, kRedDot));
  EXPECT_GT(red[2], red[1] + 40.0) << "no red at the mapped top-left dot, BGR " << red;
  EXPECT_GT(red[2], red[0] + 40.0) << "no red at the mapped top-left dot, BGR " << red;
  const cv::Vec3d green = MeanAround(capture.image, ImageFromPage(capture, kGreenDot));
  EXPECT_GT(green[1], green[2] + 40.0) << "no green at the mapped bottom-right dot, BGR " << green;
  EXPECT_GT(green[1], green[0] + 40.0) << "no green at the mapped bottom-right dot, BGR " << green;
}

void ExpectPageInsideImage(const Capture& capture) {
  for (const cv::Point2d& corner : PageQuadInImage(capture, TestPage().size())) {
    EXPECT_GE(corner.x, 0.0);
    EXPECT_GE(corner.y, 0.0);
    EXPECT_LE(corner.x, capture.image.cols - 1.0);
    EXPECT_LE(corner.y, capture.image.rows - 1.0);
  }
}

void ExpectBasics(const Capture& capture) {
  ASSERT_FALSE(capture.image.empty());
  EXPECT_EQ(capture.image.type(), CV_8UC3);
  EXPECT_TRUE(capture.extension == ".jpg" || capture.extension == ".png") << capture.extension;
  if (capture.extension == ".jpg") {
    EXPECT_GE(capture.jpeg_quality, 70);
    EXPECT_LE(capture.jpeg_quality, 96);
  }
}

double QuadArea(const std::array<cv::Point2d, 4>& q) {
  double twice = 0.0;
  for (int i = 0; i < 4; ++i) twice += q[i].x * q[(i + 1) % 4].y - q[(i + 1) % 4].x * q[i].y;
  return std::abs(twice) / 2.0;
}

TEST(CaptureProfileTest, NamesRoundTrip) {
  for (CaptureProfile profile : kAllCaptureProfiles) {
    EXPECT_EQ(ParseCaptureProfile(CaptureProfileName(profile)), profile);
  }
  EXPECT_STREQ(CaptureProfileName(CaptureProfile::kScan), "scan");
  EXPECT_STREQ(CaptureProfileName(CaptureProfile::kPhoto), "photo");
  EXPECT_STREQ(CaptureProfileName(CaptureProfile::kLowres), "lowres");
  EXPECT_STREQ(CaptureProfileName(CaptureProfile::kRotated), "rotated");
  for (CaptureProfile profile : kHardCaptureProfiles)
    EXPECT_EQ(ParseCaptureProfile(CaptureProfileName(profile)), profile);
  EXPECT_STREQ(CaptureProfileName(CaptureProfile::kCutOff), "cutoff");
  EXPECT_FALSE(ParseCaptureProfile("Photo").has_value());
  EXPECT_FALSE(ParseCaptureProfile("").has_value());
}

// Mean grey of the page's middle (its inner half, through the homography).
double PageMiddleGrey(const Capture& capture) {
  const auto quad = PageQuadInImage(capture, TestPage().size());
  cv::Point2d centre(0, 0);
  for (const cv::Point2d& p : quad) centre += p / 4.0;
  std::vector<cv::Point> inner;
  for (const cv::Point2d& p : quad) inner.push_back(centre + (p - centre) * 0.5);
  cv::Mat mask = cv::Mat::zeros(capture.image.size(), CV_8U);
  cv::fillConvexPoly(mask, inner, cv::Scalar(255));
  cv::Mat grey;
  cv::cvtColor(capture.image, grey, cv::COLOR_BGR2GRAY);
  return cv::mean(grey, mask)[0];
}

// Each hardship shows: the same seed's standard photo against it.
TEST(CaptureTest, PhotosAsPeopleTakeThemShowTheirHardship) {
  for (uint32_t seed = 1; seed <= 3; ++seed) {
    SCOPED_TRACE("seed " + std::to_string(seed));
    std::mt19937 photo_rng(seed), dim_rng(seed), cut_rng(seed), steep_rng(seed), copy_rng(seed);
    const Capture photo = ApplyCapture(TestPage(), CaptureProfile::kPhoto, photo_rng);
    // Dim: the page's middle at most about half as bright.
    const Capture dim = ApplyCapture(TestPage(), CaptureProfile::kDim, dim_rng);
    ExpectBasics(dim);
    EXPECT_LT(PageMiddleGrey(dim), 0.65 * PageMiddleGrey(photo));
    // Cut off: a corner of the page lies outside the frame, but most of it inside.
    const Capture cut = ApplyCapture(TestPage(), CaptureProfile::kCutOff, cut_rng);
    const auto quad = PageQuadInImage(cut, TestPage().size());
    const auto outside = std::count_if(quad.begin(), quad.end(), [&](const cv::Point2d& p) {
      return p.x < 0 || p.y < 0 || p.x > cut.image.cols - 1 || p.y > cut.image.rows - 1;
    });
    EXPECT_GE(outside, 1);
    EXPECT_LE(outside, 2);
    // Steep: the page's far side shorter than its near side by more than a plain photo's can be.
    const Capture steep = ApplyCapture(TestPage(), CaptureProfile::kSteep, steep_rng);
    const auto s = PageQuadInImage(steep, TestPage().size());
    const double sides[4] = {cv::norm(s[1] - s[0]), cv::norm(s[2] - s[1]), cv::norm(s[3] - s[2]), cv::norm(s[0] - s[3])};
    const double foreshortening =
        std::max(std::max(sides[0], sides[2]) / std::min(sides[0], sides[2]), std::max(sides[1], sides[3]) / std::min(sides[1], sides[3]));
    EXPECT_GT(foreshortening, 1.05);
    // Copy of a copy: grey, and the red dot's colour gone.
    const Capture copy = ApplyCapture(TestPage(), CaptureProfile::kCopy, copy_rng);
    ExpectBasics(copy);
    const cv::Vec3d red = MeanAround(copy.image, ImageFromPage(copy, kRedDot));
    EXPECT_LT(std::abs(red[2] - red[1]), 25.0) << "a photocopy keeps no colour, BGR " << red;
  }
}

// A copy of a copy: black print comes out whole but for the odd patch of
// missing toner, while a thin grey rule, near the copier's threshold, comes
// out broken into dashes (the broken rules of copies people bring) with at
// least a quarter of copiers' settings; with others, whole or hardly at all.
TEST(CaptureTest, ACopyOfACopyKeepsBlackRulesAndBreaksThinGreyOnes) {
  cv::Mat page(kPageH, kPageW, CV_8UC3, cv::Scalar(255, 255, 255));
  constexpr int kBlackY = 1200, kGreyY = 2000, kFrom = 300, kTo = 2180, kStep = 8, kSeeds = 8;
  cv::line(page, {kFrom, kBlackY}, {kTo, kBlackY}, cv::Scalar(0, 0, 0), 4);
  cv::line(page, {kFrom, kGreyY}, {kTo, kGreyY}, cv::Scalar(135, 135, 135), 1);
  int broken = 0;
  for (uint32_t seed = 1; seed <= kSeeds; ++seed) {
    SCOPED_TRACE("seed " + std::to_string(seed));
    std::mt19937 rng(seed);
    const Capture copy = ApplyCapture(page, CaptureProfile::kCopy, rng);
    cv::Mat grey;
    cv::cvtColor(copy.image, grey, cv::COLOR_BGR2GRAY);
    // The share of points along a rule with toner (darker than mid-grey)
    // within 3 pixels of them.
    const auto toner_along = [&](int y) {
      int dark = 0, points = 0;
      for (int x = kFrom + kStep; x < kTo - kStep; x += kStep, ++points) {
        const cv::Point2d at = ImageFromPage(copy, cv::Point2d(x, y));
        const cv::Rect window(cvRound(at.x) - 3, cvRound(at.y) - 3, 7, 7);
        double darkest = 0;
        cv::minMaxLoc(grey(window & cv::Rect(0, 0, grey.cols, grey.rows)), &darkest);
        dark += darkest < 128;
      }
      return static_cast<double>(dark) / points;
    };
    const double black = toner_along(kBlackY), grey_rule = toner_along(kGreyY);
    EXPECT_GT(black, 0.9);
    EXPECT_LE(grey_rule, black);
    broken += grey_rule > 0.05 && grey_rule < 0.95;
  }
  EXPECT_GE(4 * broken, kSeeds) << "the thin grey rule came out broken with " << broken << " of " << kSeeds
                                << " settings";
}

TEST(CaptureTest, ScanIsAboutThePagesSize) {
  for (uint32_t seed = 1; seed <= 4; ++seed) {
    std::mt19937 rng(seed);
    const Capture capture = ApplyCapture(TestPage(), CaptureProfile::kScan, rng);
    SCOPED_TRACE("seed " + std::to_string(seed));
    ExpectBasics(capture);
    EXPECT_EQ(capture.rotation_deg, 0);
    EXPECT_GE(capture.image.cols, kPageW * 0.97);
    EXPECT_LE(capture.image.cols, kPageW * 1.12);
    EXPECT_GE(capture.image.rows, kPageH * 0.97);
    EXPECT_LE(capture.image.rows, kPageH * 1.12);
    ExpectPageInsideImage(capture);
    ExpectDotsWhereTheHomographySays(capture);
  }
}

TEST(CaptureTest, PhotoIsEightToTwelveMegapixelsWithThePageInView) {
  for (uint32_t seed = 1; seed <= 6; ++seed) {
    std::mt19937 rng(seed);
    const Capture capture = ApplyCapture(TestPage(), CaptureProfile::kPhoto, rng);
    SCOPED_TRACE("seed " + std::to_string(seed));
    ExpectBasics(capture);
    EXPECT_EQ(capture.extension, ".jpg");
    EXPECT_GE(capture.jpeg_quality, 70);
    EXPECT_LE(capture.jpeg_quality, 90);
    const double megapixels = capture.image.total() / 1e6;
    EXPECT_GE(megapixels, 7.99);  // an "8 MP" sensor, 3264x2448, is 7.99 MP
    EXPECT_LE(megapixels, 12.2);  // a "12 MP" one, 4032x3024, is 12.19 MP
    ExpectPageInsideImage(capture);
    ExpectDotsWhereTheHomographySays(capture);
    const double fill = QuadArea(PageQuadInImage(capture, TestPage().size())) / capture.image.total();
    EXPECT_GE(fill, 0.3);
    EXPECT_LE(fill, 0.86);
  }
}

TEST(CaptureTest, LowresHasALongSideNearSixteenHundred) {
  for (uint32_t seed = 1; seed <= 8; ++seed) {  // both variants (snap and scan) occur
    std::mt19937 rng(seed);
    const Capture capture = ApplyCapture(TestPage(), CaptureProfile::kLowres, rng);
    SCOPED_TRACE("seed " + std::to_string(seed));
    ExpectBasics(capture);
    EXPECT_EQ(capture.extension, ".jpg");
    EXPECT_GE(capture.jpeg_quality, 75);
    EXPECT_LE(capture.jpeg_quality, 90);
    const int long_side = std::max(capture.image.cols, capture.image.rows);
    EXPECT_GE(long_side, 1400);
    EXPECT_LE(long_side, 1800);
    ExpectPageInsideImage(capture);
    ExpectDotsWhereTheHomographySays(capture);
  }
}

TEST(CaptureTest, RotatedTurnsTheScanAndTheHomographyWithIt) {
  std::set<int> seen;
  for (uint32_t seed = 1; seed <= 40 && seen.size() < 3; ++seed) {
    std::mt19937 rng(seed);
    const Capture capture = ApplyCapture(TestPage(), CaptureProfile::kRotated, rng);
    if (seen.count(capture.rotation_deg)) continue;
    seen.insert(capture.rotation_deg);
    SCOPED_TRACE("rotation " + std::to_string(capture.rotation_deg));
    ExpectBasics(capture);
    ASSERT_TRUE(capture.rotation_deg == 90 || capture.rotation_deg == 180 || capture.rotation_deg == 270);
    // A portrait page turned by 90/270 gives a landscape image, and vice versa.
    const bool landscape = capture.image.cols > capture.image.rows;
    EXPECT_EQ(landscape, capture.rotation_deg != 180);
    const int long_side = std::max(capture.image.cols, capture.image.rows);
    const int short_side = std::min(capture.image.cols, capture.image.rows);
    EXPECT_GE(long_side, kPageH * 0.97);
    EXPECT_LE(long_side, kPageH * 1.12);
    EXPECT_GE(short_side, kPageW * 0.97);
    EXPECT_LE(short_side, kPageW * 1.12);
    ExpectPageInsideImage(capture);
    ExpectDotsWhereTheHomographySays(capture);
    // The page's top-left corner lands in the image corner the turn takes it to.
    const cv::Point2d top_left = ImageFromPage(capture, {0, 0});
    const bool right = top_left.x > capture.image.cols / 2.0, bottom = top_left.y > capture.image.rows / 2.0;
    const bool expect_right = capture.rotation_deg != 270, expect_bottom = capture.rotation_deg != 90;
    EXPECT_EQ(right, expect_right) << "top-left page corner at " << top_left;
    EXPECT_EQ(bottom, expect_bottom) << "top-left page corner at " << top_left;
  }
  EXPECT_EQ(seen.size(), 3u) << "not every rotation occurred";
}

TEST(CaptureTest, SameSeedSamePixelsWhateverTheThreadCount) {
  const int threads = cv::getNumThreads();
  std::vector<CaptureProfile> profiles(kAllCaptureProfiles.begin(), kAllCaptureProfiles.end());
  profiles.insert(profiles.end(), kHardCaptureProfiles.begin(), kHardCaptureProfiles.end());
  for (CaptureProfile profile : profiles) {
    SCOPED_TRACE(CaptureProfileName(profile));
    cv::setNumThreads(1);
    std::mt19937 a(77);
    const Capture first = ApplyCapture(TestPage(), profile, a);
    cv::setNumThreads(std::max(2, threads));
    std::mt19937 b(77);
    const Capture second = ApplyCapture(TestPage(), profile, b);
    EXPECT_EQ(Hash(first.image), Hash(second.image));
    EXPECT_EQ(first.image_from_page, second.image_from_page);
    EXPECT_EQ(first.extension, second.extension);
    EXPECT_EQ(first.jpeg_quality, second.jpeg_quality);
    std::mt19937 c(78);
    EXPECT_NE(Hash(ApplyCapture(TestPage(), profile, c).image), Hash(first.image));
  }
  cv::setNumThreads(threads);
}

TEST(CaptureTest, EncodesAsItsExtension) {
  std::mt19937 rng(5);
  Capture capture = ApplyCapture(TestPage(), CaptureProfile::kLowres, rng);
  for (const char* extension : {".jpg", ".png"}) {
    capture.extension = extension;
    const std::vector<uchar> bytes = EncodeCapture(capture);
    ASSERT_GT(bytes.size(), 4u);
    if (capture.extension == ".jpg") {
      EXPECT_EQ(bytes[0], 0xFF);
      EXPECT_EQ(bytes[1], 0xD8);
    } else {
      EXPECT_EQ(bytes[1], 'P');
    }
    const cv::Mat decoded = cv::imdecode(bytes, cv::IMREAD_COLOR);
    EXPECT_EQ(decoded.size(), capture.image.size());
  }
  EXPECT_THROW(WriteCapture(capture, "/nonexistent-dir/x.png"), Error);
}

TEST(CaptureTest, RejectsPagesThatAreNotBgr) {
  std::mt19937 rng(1);
  EXPECT_THROW(ApplyCapture(cv::Mat(), CaptureProfile::kScan, rng), Error);
  EXPECT_THROW(ApplyCapture(cv::Mat(100, 100, CV_8U, cv::Scalar(255)), CaptureProfile::kPhoto, rng), Error);
}

// Informational: milliseconds per profile for an A4 page at 300 dpi on one core.
// Prints only; timing depends on the machine and its load.
TEST(CaptureTest, ReportsTimePerProfile) {
  const int threads = cv::getNumThreads();
  cv::setNumThreads(1);
  for (CaptureProfile profile : kAllCaptureProfiles) {
    double total_ms = 0.0;
    constexpr int kRuns = 3;
    for (int i = 0; i < kRuns; ++i) {
      std::mt19937 rng(1000 + i);
      const auto start = std::chrono::steady_clock::now();
      const Capture capture = ApplyCapture(TestPage(), profile, rng);
      total_ms += std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now() - start).count();
      ASSERT_FALSE(capture.image.empty());
    }
    std::cout << "[ timing   ] " << CaptureProfileName(profile) << ": " << total_ms / kRuns
              << " ms per capture (1 thread, 2480x3508 page)\n";
  }
  cv::setNumThreads(threads);
}

}  // namespace
}  // namespace scorecheck
