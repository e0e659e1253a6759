// ReadTicksOrPoints with a fake reader: a Yahtzee-bonus box printed as one
// row holds ticks, the points they are worth, or both side by side.

#include <gtest/gtest.h>
#include <opencv2/imgproc.hpp>

#include "readings/read_cell.h"
#include "support/fake_digit_reader.h"
#include "unit/readings/ink_of.h"

namespace scorecheck {
namespace {

using testing::FakeDigitReader;
using testing::InkOf;


// The same ink as the tick test sees it.
CellInk AsTicks(const CellInk& ink) {
  CellInk ticks = ink;
  ticks.kind = InkKind::kTicks;
  ticks.ticks = CountTicks(ink.blobs, ink.cell_in_crop.height);
  return ticks;
}

// Reads glyphs by width: under 12 a sure 1, 13-16 a doubtful 7 (a tick), 17-22
// a sure 5, 23-28 a sure 0; anything else (a cut through a digit, two
// digits) a poor 8.
FakeDigitReader ByWidth() {
  return FakeDigitReader([](const cv::Mat& glyph) {
    if (glyph.cols < 12) return std::pair<int, float>(1, 0.95f);
    if (glyph.cols <= 16) return std::pair<int, float>(7, 0.3f);
    if (glyph.cols <= 22) return std::pair<int, float>(5, 0.95f);
    if (glyph.cols <= 28) return std::pair<int, float>(0, 0.95f);
    return std::pair<int, float>(8, 0.3f);
  });
}

const cv::Rect kTick(28, 32, 14, 30);

TEST(TicksOrPointsTest, ATickAndAHundredKeepBoth) {
  FakeDigitReader reader = ByWidth();
  const CellInk tick_first = InkOf({kTick, {60, 30, 8, 40}, {78, 30, 25, 40}, {110, 30, 25, 40}});
  const Reading reading = ReadTicksOrPoints(tick_first, AsTicks(tick_first), reader);
  EXPECT_EQ(reading.status, ReadingStatus::kChecks);
  EXPECT_EQ(reading.checks, 1);
  ASSERT_TRUE(reading.points.has_value());
  EXPECT_EQ(*reading.points, 100);
  EXPECT_GT(reading.points_confidence, 0.5);
  // Read as one number, the tick is a digit or a stray mark: no ticks.
  EXPECT_NE(ReadCell(tick_first, reader).status, ReadingStatus::kChecks);
  // The tick after the points.
  const CellInk tick_after = InkOf({{40, 30, 8, 40}, {58, 30, 25, 40}, {90, 30, 25, 40}, {140, 32, 14, 30}});
  const Reading after = ReadTicksOrPoints(tick_after, AsTicks(tick_after), reader);
  EXPECT_EQ(after.status, ReadingStatus::kChecks);
  EXPECT_EQ(after.checks, 1);
  EXPECT_EQ(after.points.value_or(0), 100);
}

TEST(TicksOrPointsTest, TwoTicksAndTheirPoints) {
  // Rock's bonus: 50 a tick, then 100; two ticks and "150".
  FakeDigitReader reader = ByWidth();
  const CellInk ink = InkOf({kTick, {48, 32, 14, 30}, {80, 30, 8, 40}, {96, 30, 20, 40}, {122, 30, 25, 40}});
  const Reading reading = ReadTicksOrPoints(ink, AsTicks(ink), reader);
  EXPECT_EQ(reading.status, ReadingStatus::kChecks);
  EXPECT_EQ(reading.checks, 2);
  EXPECT_EQ(reading.points.value_or(0), 150);
}

TEST(TicksOrPointsTest, ASureOneBeforeTheDigitsIsADigit) {
  // "150" (three bonuses at 50): its 1 reads surely as a digit, so the box
  // holds 150 points, not a tick and 50.
  FakeDigitReader reader = ByWidth();
  const CellInk ink = InkOf({{50, 30, 8, 40}, {66, 30, 20, 40}, {94, 30, 25, 40}});
  const Reading reading = ReadTicksOrPoints(ink, AsTicks(ink), reader);
  EXPECT_EQ(reading.status, ReadingStatus::kNumber);
  EXPECT_EQ(reading.value, 150);
}

}  // namespace
}  // namespace scorecheck
