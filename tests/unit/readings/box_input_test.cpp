// BoxInput against testkit/cells/box_input.py, which made the box reader's
// training inputs: the same synthetic page (integer formula, OpenCV drawing)
// and boxes must give the same floats, bit for bit. The Python outputs are in
// tests/data/box_input_reference.f32, written by make_box_input_reference.py
// beside this file (rerun it when box_input.py changes), for two input shapes:
// the first models' 32 x 128 and box_input.py's own.

#include "readings/box_input.h"

#include "core/error.h"

#include <gtest/gtest.h>
#include <opencv2/imgproc.hpp>

#include <cmath>
#include <cstring>
#include <fstream>
#include <string>
#include <vector>

namespace scorecheck {
namespace {

// make_box_input_reference.py's synthetic_page(), call for call.
cv::Mat SyntheticPage() {
  constexpr int kWidth = 320, kHeight = 200;
  cv::Mat page(kHeight, kWidth, CV_8UC1);
  for (int y = 0; y < kHeight; ++y)
    for (int x = 0; x < kWidth; ++x) page.at<uint8_t>(y, x) = 170 + (x * 7 + y * 13) % 61 + (x / 9) % 3 * 8;
  for (int x = 20; x < kWidth; x += 60) cv::line(page, {x, 0}, {x, kHeight - 1}, 40, 1);
  for (int y = 15; y < kHeight; y += 45) cv::line(page, {0, y}, {kWidth - 1, y}, 60, 2);
  cv::putText(page, "17", {30, 50}, cv::FONT_HERSHEY_SIMPLEX, 1.1, 20, 2, cv::LINE_AA);
  cv::putText(page, "305", {95, 100}, cv::FONT_HERSHEY_SCRIPT_SIMPLEX, 1.3, 35, 2, cv::LINE_AA);
  cv::putText(page, "8", {-6, 190}, cv::FONT_HERSHEY_SIMPLEX, 1.5, 10, 3, cv::LINE_8);
  cv::putText(page, "42", {270, 140}, cv::FONT_HERSHEY_DUPLEX, 1.0, 50, 1, cv::LINE_AA);
  return page;
}

struct Reference {
  cv::Rect2f box;
  BoxInputOptions options;  // its rows and columns
  cv::Mat input;            // rows x columns CV_32F
};

std::vector<Reference> LoadReference() {
  const std::string path = std::string(SCORECHECK_SOURCE_DIR) + "/tests/data/box_input_reference.f32";
  std::ifstream in(path, std::ios::binary);
  EXPECT_TRUE(in) << path << " is missing";
  std::vector<Reference> records;
  float head[6];
  while (in.read(reinterpret_cast<char*>(head), sizeof(head))) {
    Reference r{{head[0], head[1], head[2], head[3]}, {}, {}};
    r.options.height = static_cast<int>(head[4]);
    r.options.width = static_cast<int>(head[5]);
    r.input = cv::Mat(r.options.height, r.options.width, CV_32F);
    in.read(reinterpret_cast<char*>(r.input.data), r.input.total() * sizeof(float));
    EXPECT_TRUE(in) << path << " is truncated";
    records.push_back(std::move(r));
  }
  return records;
}

TEST(BoxInputTest, MatchesPythonBitForBit) {
  const cv::Mat page = SyntheticPage();
  const std::vector<Reference> references = LoadReference();
  ASSERT_EQ(references.size(), 12u);
  for (const Reference& r : references) {
    const cv::Mat input = BoxInput(page, r.box, r.options);
    ASSERT_EQ(input.type(), CV_32F);
    ASSERT_EQ(input.size(), r.input.size());
    // Exact: the same float operations on the same resized pixels.
    EXPECT_EQ(std::memcmp(input.data, r.input.data, r.input.total() * sizeof(float)), 0)
        << "box " << r.box << " at " << r.input.size() << ": max difference "
        << cv::norm(input, r.input, cv::NORM_INF);
  }
}

TEST(BoxInputTest, ReferenceHasInkAndPaper) {
  // Guards the reference itself: the first box holds the drawn "17".
  const std::vector<Reference> references = LoadReference();
  ASSERT_FALSE(references.empty());
  double lo, hi;
  cv::minMaxLoc(references[0].input, &lo, &hi);
  EXPECT_EQ(lo, 0.0);
  EXPECT_GT(hi, 0.8);
}

TEST(BoxInputTest, ColumnsRoundHalfToEvenAndClamp) {
  EXPECT_EQ(BoxInputColumns(17, 64), 8);    // 8.5 -> 8, as Python's round()
  EXPECT_EQ(BoxInputColumns(19, 64), 10);   // 9.5 -> 10
  EXPECT_EQ(BoxInputColumns(75, 64), 38);   // 37.5 -> 38
  EXPECT_EQ(BoxInputColumns(81, 64), 40);   // 40.5 -> 40
  EXPECT_EQ(BoxInputColumns(2, 64), 8);     // min_width
  EXPECT_EQ(BoxInputColumns(1000, 20), 128);  // width
}

TEST(BoxInputTest, PageInsideALargerImageRepeatsItsOwnEdge) {
  // The page as a view into a larger, black image: boxes off its edges must
  // repeat the page's edge pixels, not show the black beyond.
  const cv::Mat page = SyntheticPage();
  cv::Mat larger(page.rows + 40, page.cols + 40, CV_8UC1, cv::Scalar(0));
  page.copyTo(larger(cv::Rect(20, 20, page.cols, page.rows)));
  const cv::Mat view = larger(cv::Rect(20, 20, page.cols, page.rows));
  for (const Reference& r : LoadReference()) {
    const cv::Mat input = BoxInput(view, r.box, r.options);
    EXPECT_EQ(std::memcmp(input.data, r.input.data, r.input.total() * sizeof(float)), 0) << "box " << r.box;
  }
}

TEST(BoxInputTest, WhollyOffThePageIsPaper) {
  const cv::Mat page = SyntheticPage();
  const cv::Mat input = BoxInput(page, cv::Rect2f(-500.f, -300.f, 60.f, 40.f));
  EXPECT_EQ(cv::countNonZero(input), 0);
}

TEST(BoxInputTest, PaperIsZeroBeyondTheResizedColumns) {
  const cv::Mat page = SyntheticPage();
  const cv::Mat input = BoxInput(page, cv::Rect2f(20.5f, 15.25f, 60.f, 45.f));  // 38 columns
  EXPECT_EQ(cv::countNonZero(input.colRange(38, 128)), 0);
  EXPECT_GT(cv::countNonZero(input.colRange(0, 38)), 0);
}

TEST(BoxInputTest, NoHeightGivesZeros) {
  const cv::Mat page = SyntheticPage();
  EXPECT_EQ(cv::countNonZero(BoxInput(page, cv::Rect2f(10.f, 10.f, 30.f, 0.f))), 0);
}

TEST(BoxInputTest, RejectsNonGrayPages) {
  EXPECT_THROW(BoxInput(cv::Mat(), cv::Rect2f(0, 0, 10, 10)), Error);
  EXPECT_THROW(BoxInput(cv::Mat(20, 20, CV_8UC3, cv::Scalar::all(200)), cv::Rect2f(0, 0, 10, 10)), Error);
}

TEST(BoxInputTest, OptionsCheck) {
  EXPECT_TRUE(BoxInputOptions{}.Check());
  BoxInputOptions bad;
  bad.paper_percentile = 101;
  EXPECT_FALSE(bad.Check());
  bad = {};
  bad.min_width = 200;
  EXPECT_FALSE(bad.Check());
}

}  // namespace
}  // namespace scorecheck
