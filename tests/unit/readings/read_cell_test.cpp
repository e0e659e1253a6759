// ReadCell with a fake reader: segmentation (joined pieces, split touching
// digits, dropped slivers) and the number it assembles.

#include "readings/read_cell.h"

#include <gtest/gtest.h>
#include <opencv2/imgproc.hpp>

#include "support/fake_digit_reader.h"

namespace scorecheck {
namespace {

using testing::FakeDigitReader;

// A cell's ink built from rectangles of ink (crop 200 x 100, cell inset 20).
CellInk InkOf(const std::vector<cv::Rect>& rects) {
  CellInk ink;
  ink.kind = InkKind::kNumber;
  ink.ink = cv::Mat::zeros(100, 200, CV_8U);
  ink.cell_in_crop = cv::Rect2f(20, 20, 160, 60);
  for (const cv::Rect& r : rects) {
    cv::Mat mask = cv::Mat::zeros(ink.ink.size(), CV_8U);
    mask(r).setTo(255);
    ink.ink(r).setTo(200);
    ink.blobs.push_back(r);
    ink.blob_masks.push_back(mask);
  }
  return ink;
}

// Reads narrow glyphs as 1 and wider ones as 4, both with probability 0.95.
FakeDigitReader OnesAndFours() {
  return FakeDigitReader([](const cv::Mat& glyph) {
    return std::pair<int, float>(glyph.cols < 12 ? 1 : 4, 0.95f);
  });
}

TEST(ReadCellTest, ReadsDigitsLeftToRight) {
  FakeDigitReader reader = OnesAndFours();
  const Reading reading = ReadCell(InkOf({{60, 30, 8, 40}, {80, 30, 25, 40}}), reader);
  ASSERT_EQ(reading.status, ReadingStatus::kNumber);
  EXPECT_EQ(reading.value, 14);
  EXPECT_EQ(reading.raw, "14");
  EXPECT_NEAR(reading.confidence, 0.95 * 0.95, 1e-6);
  ASSERT_GE(reading.alternatives.size(), 2u);
  EXPECT_EQ(reading.alternatives[0].value, 14);
}

TEST(ReadCellTest, JoinsTheBarOfAFiveAndDropsSlivers) {
  FakeDigitReader reader = OnesAndFours();
  // Body 25 wide, its top bar drawn apart, and a 3-px sliver of a neighbour at the border.
  const Reading reading = ReadCell(InkOf({{80, 45, 20, 25}, {100, 30, 18, 6}, {176, 50, 3, 10}}), reader);
  EXPECT_EQ(reading.value, 4);
  EXPECT_EQ(reader.calls, 1);
}

TEST(ReadCellTest, SplitsTouchingDigits) {
  // A blob three times as wide as tall must be more than one digit.
  FakeDigitReader reader([](const cv::Mat& glyph) { return std::pair<int, float>(glyph.cols > 40 ? 8 : 4, 0.9f); });
  const Reading reading = ReadCell(InkOf({{50, 35, 96, 32}}), reader);
  ASSERT_EQ(reading.status, ReadingStatus::kNumber);
  EXPECT_GE(reading.raw.size(), 2u);
}

TEST(ReadCellTest, KeepsAConfidentWideDigitWhole) {
  FakeDigitReader reader([](const cv::Mat&) { return std::pair<int, float>(2, 0.97f); });
  const Reading reading = ReadCell(InkOf({{60, 40, 50, 35}}), reader);  // a flat 2, aspect 1.4
  EXPECT_EQ(reading.value, 2);
  EXPECT_EQ(reading.raw, "2");
}

TEST(ReadCellTest, EmptyCrossedAndTicks) {
  FakeDigitReader reader = OnesAndFours();
  CellInk empty;
  EXPECT_EQ(ReadCell(empty, reader).status, ReadingStatus::kEmpty);
  CellInk ticks;
  ticks.kind = InkKind::kTicks;
  ticks.ticks = 2;
  const Reading read_ticks = ReadCell(ticks, reader);
  EXPECT_EQ(read_ticks.status, ReadingStatus::kChecks);
  EXPECT_EQ(read_ticks.checks, 2);
  // A cross-out the reader cannot read as a sure number stays crossed.
  FakeDigitReader unsure([](const cv::Mat&) { return std::pair<int, float>(7, 0.4f); });
  CellInk crossed = InkOf({{30, 25, 140, 50}});
  crossed.kind = InkKind::kCrossed;
  EXPECT_EQ(ReadCell(crossed, unsure).status, ReadingStatus::kCrossed);
}

TEST(ReadCellTest, SixDigitsAreIllegible) {
  FakeDigitReader reader = OnesAndFours();
  std::vector<cv::Rect> rects;
  for (int i = 0; i < 6; ++i) rects.push_back({30 + i * 24, 30, 8, 40});
  EXPECT_EQ(ReadCell(InkOf(rects), reader).status, ReadingStatus::kIllegible);
}

}  // namespace
}  // namespace scorecheck
