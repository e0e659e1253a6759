// Handwriting on synthetic sheets: the digit bank holds only the test half of
// digits.png, and every mark lands where it says, as ink, reproducibly.

#include "synth/handwriting.h"

#include <algorithm>
#include <cstdio>
#include <filesystem>
#include <fstream>
#include <functional>
#include <random>
#include <sstream>
#include <string>
#include <unordered_set>
#include <vector>

#include <gtest/gtest.h>
#include <opencv2/imgcodecs.hpp>
#include <opencv2/imgproc.hpp>

#include "core/error.h"

namespace scorecheck {
namespace {

bool HaveDigitsPng() { return std::filesystem::exists(kDigitsPngPath); }

// The bank is loaded once for the whole file (it decodes a 2000x1000 PNG).
const DigitBank& Bank() {
  static const DigitBank bank = DigitBank::LoadTestHalf();
  return bank;
}

std::string Bytes(const cv::Mat& m) {
  cv::Mat c = m.clone();
  return std::string(reinterpret_cast<const char*>(c.data), c.total() * c.elemSize());
}

size_t Hash(const cv::Mat& m) { return std::hash<std::string>{}(Bytes(m)); }

// digits.png cell of class `digit` at per-class index `index`, cut independently of
// the code under test (tools/digits/split.md).
cv::Mat SheetCell(const cv::Mat& sheet, int digit, int index) {
  const int row = 5 * digit + index / 100, col = index % 100;
  return sheet(cv::Rect(col * 20, row * 20, 20, 20));
}

// Bounding box of the pixels that differ between two images.
cv::Rect ChangedBox(const cv::Mat& before, const cv::Mat& after) {
  cv::Mat diff;
  cv::absdiff(before, after, diff);
  cv::Mat any_channel;
  cv::transform(diff, any_channel, cv::Matx13f(1, 1, 1));  // sum of channel differences
  return cv::boundingRect(any_channel > 0);
}

bool Contains(const cv::Rect& outer, const cv::Rect& inner) { return (outer & inner) == inner; }

cv::Rect Grow(const cv::Rect& r, int by) { return cv::Rect(r.x - by, r.y - by, r.width + 2 * by, r.height + 2 * by); }

class HandwritingTest : public ::testing::Test {
 protected:
  void SetUp() override {
    if (!HaveDigitsPng()) GTEST_SKIP() << kDigitsPngPath << " is missing (install opencv-doc)";
  }
  // A ballpoint writer, so that counts of connected strokes are not broken up by
  // pencil grain.
  static WriterStyle Ballpoint(uint32_t seed) {
    std::mt19937 rng(seed);
    WriterStyle w;
    do {
      w = RandomWriter(rng, 300.0);
    } while (w.pencil);
    return w;
  }
};

// --- DigitBank ---------------------------------------------------------------

TEST_F(HandwritingTest, BankHoldsTwoHundredFiftyGlyphsPerClass) {
  for (int d = 0; d < 10; ++d) EXPECT_EQ(Bank().size(d), 250) << "digit " << d;
  EXPECT_EQ(kDigitsPngTestEnd - kDigitsPngTestBegin, 250);
}

TEST_F(HandwritingTest, BankGlyphsAreTheTestHalfCells) {
  const cv::Mat sheet = cv::imread(kDigitsPngPath, cv::IMREAD_GRAYSCALE);
  ASSERT_FALSE(sheet.empty());
  for (int d = 0; d < 10; ++d) {
    for (int i : {0, 1, 49, 50, 149, 249}) {
      const cv::Mat& glyph = Bank().Glyph(d, i);
      ASSERT_EQ(glyph.type(), CV_8U);
      ASSERT_EQ(glyph.size(), cv::Size(20, 20));
      EXPECT_EQ(DigitBank::SourceIndex(i), 250 + i);
      EXPECT_EQ(cv::norm(glyph, SheetCell(sheet, d, 250 + i), cv::NORM_INF), 0.0)
          << "digit " << d << " bank index " << i << " is not digits.png index " << 250 + i;
    }
  }
}

TEST_F(HandwritingTest, NoBankGlyphIsATrainingCell) {
  const cv::Mat sheet = cv::imread(kDigitsPngPath, cv::IMREAD_GRAYSCALE);
  ASSERT_FALSE(sheet.empty());
  for (int d = 0; d < 10; ++d) {
    std::unordered_set<std::string> training;
    for (int i = 0; i < 250; ++i) training.insert(Bytes(SheetCell(sheet, d, i)));
    for (int i = 0; i < Bank().size(d); ++i) {
      EXPECT_EQ(training.count(Bytes(Bank().Glyph(d, i))), 0u) << "digit " << d << " bank index " << i;
    }
  }
}

TEST_F(HandwritingTest, TrainingBankHoldsTheTrainingHalfOnly) {
  // Cards whose glyphs train the reader (synth --digit-half training) are
  // written with the training half: its cells, and no test cell.
  const cv::Mat sheet = cv::imread(kDigitsPngPath, cv::IMREAD_GRAYSCALE);
  ASSERT_FALSE(sheet.empty());
  const DigitBank training = DigitBank::LoadTrainingHalf();
  for (int d = 0; d < 10; ++d) {
    ASSERT_EQ(training.size(d), kDigitsPngTestBegin) << "digit " << d;
    for (int i : {0, 99, 100, 249})
      EXPECT_EQ(cv::norm(training.Glyph(d, i), SheetCell(sheet, d, i), cv::NORM_INF), 0.0)
          << "digit " << d << " training index " << i;
    std::unordered_set<std::string> test;
    for (int i = kDigitsPngTestBegin; i < kDigitsPngTestEnd; ++i) test.insert(Bytes(SheetCell(sheet, d, i)));
    for (int i = 0; i < training.size(d); ++i)
      EXPECT_EQ(test.count(Bytes(training.Glyph(d, i))), 0u) << "digit " << d << " training index " << i;
  }
  EXPECT_THROW(DigitBank::LoadTrainingHalf("/nonexistent/digits.png"), Error);
}

TEST_F(HandwritingTest, SplitMatchesTheDigitModelsSplit) {
  // The model's split is the SPLIT constant of tools/digits/train_digits.py
  // (tools/digits/split.md); ours must say the same.
  const std::string path = std::string(SCORECHECK_SOURCE_DIR) + "/tools/digits/train_digits.py";
  std::ifstream in(path);
  if (!in) GTEST_SKIP() << path << " is missing";
  std::stringstream text;
  text << in.rdbuf();
  const std::string source = text.str();
  const size_t block = source.find("\"digits_png\"");
  ASSERT_NE(block, std::string::npos) << "no digits_png split in " << path;
  const size_t test = source.find("\"test\":", block);
  ASSERT_NE(test, std::string::npos);
  int begin = -1, end = -1;
  ASSERT_EQ(std::sscanf(source.c_str() + test, "\"test\": [%d, %d]", &begin, &end), 2);
  EXPECT_EQ(begin, kDigitsPngTestBegin);
  EXPECT_EQ(end, kDigitsPngTestEnd);
}

TEST_F(HandwritingTest, BankRejectsBadIndicesAndFiles) {
  EXPECT_THROW(Bank().Glyph(0, 250), Error);
  EXPECT_THROW(Bank().Glyph(0, -1), Error);
  EXPECT_THROW(Bank().Glyph(10, 0), Error);
  EXPECT_THROW(Bank().size(-1), Error);
  EXPECT_THROW(DigitBank::LoadTestHalf("/nonexistent/digits.png"), Error);
}

// --- RandomWriter ------------------------------------------------------------

TEST_F(HandwritingTest, RandomWritersArePlausibleAndReproducible) {
  std::mt19937 rng(7);
  int pencils = 0;
  for (int i = 0; i < 300; ++i) {
    const WriterStyle w = RandomWriter(rng, 300.0);
    EXPECT_GE(w.digit_height_px, 4.5 / 25.4 * 300.0 - 1e-9);
    EXPECT_LE(w.digit_height_px, 8.0 / 25.4 * 300.0 + 1e-9);
    EXPECT_GE(w.slant_deg, -15.0);
    EXPECT_LE(w.slant_deg, 20.0);
    EXPECT_GE(w.stroke_scale, 0.7);
    EXPECT_LE(w.stroke_scale, 2.5);
    EXPECT_GT(w.ink_opacity, 0.0);
    EXPECT_LE(w.ink_opacity, 1.0);
    pencils += w.pencil;
  }
  EXPECT_GT(pencils, 20);
  EXPECT_LT(pencils, 120);
  std::mt19937 a(99), b(99);
  const WriterStyle wa = RandomWriter(a, 300.0), wb = RandomWriter(b, 300.0);
  EXPECT_EQ(wa.digit_height_px, wb.digit_height_px);
  EXPECT_EQ(wa.ink_bgr, wb.ink_bgr);
  EXPECT_THROW(RandomWriter(a, 0.0), Error);
}

// --- WriteNumber -------------------------------------------------------------

TEST_F(HandwritingTest, NumberInkStaysInItsCellAndMatchesTheReturnedBox) {
  const cv::Rect2f cell(100.5f, 100.25f, 300.0f, 120.0f);
  const cv::Rect inner(101, 101, 299, 119);  // whole pixels inside `cell`
  std::mt19937 rng(1);
  for (int trial = 0; trial < 40; ++trial) {
    const WriterStyle writer = RandomWriter(rng, 300.0);
    const int value = std::vector<int>{0, 7, 42, 123, 2024, 99999}[trial % 6];
    cv::Mat page(400, 600, CV_8UC3, cv::Scalar(255, 255, 255));
    const cv::Mat before = page.clone();
    const cv::Rect box = WriteNumber(page, cell, value, writer, Bank(), rng);
    SCOPED_TRACE("trial " + std::to_string(trial) + " value " + std::to_string(value));
    ASSERT_FALSE(box.empty());
    EXPECT_TRUE(Contains(inner, box)) << box << " not inside " << inner;
    const cv::Rect changed = ChangedBox(before, page);
    EXPECT_TRUE(Contains(box, changed)) << "changed " << changed << " outside returned " << box;
    EXPECT_TRUE(Contains(Grow(changed, 2), box)) << "returned " << box << " much larger than changed " << changed;
    // Real ink, not a faint smudge: some pixel is clearly dark.
    cv::Mat grey;
    cv::cvtColor(page, grey, cv::COLOR_BGR2GRAY);
    double darkest = 255.0;
    cv::minMaxLoc(grey, &darkest);
    EXPECT_LT(darkest, 190.0);
    // Digits are written at a plausible size: at least a third of the cell tall.
    EXPECT_GT(box.height, cell.height / 3.0);
  }
}

TEST_F(HandwritingTest, TouchBorderOverrunsTheCellALittle) {
  const cv::Rect2f cell(200.0f, 200.0f, 260.0f, 110.0f);
  const cv::Rect inner(200, 200, 260, 110);
  std::mt19937 rng(2);
  int overran = 0;
  for (int trial = 0; trial < 30; ++trial) {
    const WriterStyle writer = RandomWriter(rng, 300.0);
    cv::Mat page(700, 900, CV_8UC3, cv::Scalar(255, 255, 255));
    WriteOptions options;
    options.touch_border = true;
    const cv::Rect box = WriteNumber(page, cell, 10 + trial, writer, Bank(), rng, options);
    ASSERT_FALSE(box.empty());
    if (!Contains(inner, box)) ++overran;
    // "A little": never by more than half the cell height on any side.
    EXPECT_TRUE(Contains(Grow(inner, static_cast<int>(cell.height / 2)), box)) << box;
  }
  EXPECT_GE(overran, 20);
}

TEST_F(HandwritingTest, InkOnlyDarkensSoPrintUnderneathStaysVisible) {
  cv::Mat page(300, 500, CV_8UC3, cv::Scalar(250, 250, 250));
  cv::rectangle(page, cv::Rect(0, 0, 250, 300), cv::Scalar(200, 220, 235), cv::FILLED);  // a tinted half
  cv::line(page, {0, 150}, {499, 150}, cv::Scalar(0, 0, 0), 3);  // a ruled line through the cell
  const cv::Mat before = page.clone();
  std::mt19937 rng(3);
  const WriterStyle writer = RandomWriter(rng, 300.0);
  WriteNumber(page, cv::Rect2f(50, 80, 400, 140), 88, writer, Bank(), rng);
  cv::Mat brighter;
  cv::subtract(page, before, brighter);  // saturates at 0 wherever the pixel got darker
  EXPECT_EQ(cv::countNonZero(brighter.reshape(1)), 0);
  // The ruled line is still black under the ink.
  for (int x = 0; x < 500; x += 7) EXPECT_LE(page.at<cv::Vec3b>(150, x)[1], 5) << "x " << x;
}

TEST_F(HandwritingTest, SameSeedSamePixels) {
  auto render = [&](uint32_t seed) {
    std::mt19937 rng(seed);
    const WriterStyle writer = RandomWriter(rng, 300.0);
    cv::Mat page(300, 800, CV_8UC3, cv::Scalar(255, 255, 255));
    WriteNumber(page, cv::Rect2f(20, 20, 250, 110), 4711, writer, Bank(), rng);
    CrossOut(page, cv::Rect2f(300, 20, 200, 110), writer, rng);
    DrawTicks(page, cv::Rect2f(520, 20, 250, 110), 3, writer, rng);
    WriteOptions touch;
    touch.touch_border = true;
    WriteNumber(page, cv::Rect2f(20, 160, 250, 110), 65, writer, Bank(), rng, touch);
    return Hash(page);
  };
  EXPECT_EQ(render(11), render(11));
  EXPECT_NE(render(11), render(12));
}

TEST_F(HandwritingTest, WriteNumberRejectsBadInput) {
  std::mt19937 rng(4);
  const WriterStyle writer = RandomWriter(rng, 300.0);
  cv::Mat page(200, 200, CV_8UC3, cv::Scalar::all(255));
  cv::Mat grey(200, 200, CV_8U, cv::Scalar(255));
  const cv::Rect2f cell(10, 10, 150, 80);
  EXPECT_THROW(WriteNumber(page, cell, -1, writer, Bank(), rng), Error);
  EXPECT_THROW(WriteNumber(page, cell, 100000, writer, Bank(), rng), Error);
  EXPECT_THROW(WriteNumber(grey, cell, 5, writer, Bank(), rng), Error);
  EXPECT_THROW(WriteNumber(page, cv::Rect2f(10, 10, 0, 80), 5, writer, Bank(), rng), Error);
}

// Enclosed background regions of a 0/255 image: the loops of a digit.
int Loops(const cv::Mat& ink) {
  std::vector<std::vector<cv::Point>> contours;
  std::vector<cv::Vec4i> hierarchy;
  cv::findContours(ink.clone(), contours, hierarchy, cv::RETR_CCOMP, cv::CHAIN_APPROX_SIMPLE);
  return static_cast<int>(std::count_if(hierarchy.begin(), hierarchy.end(), [](const cv::Vec4i& h) { return h[3] >= 0; }));
}

// The re-stroke with a fine pen keeps the loops of 0, 6, 8 and 9 at least as
// often as the glyphs have them, filled-in loops of a broad pen included (their
// skeleton was a spur, and a 6 drawn from one read as an l).
TEST_F(HandwritingTest, RestrokedDigitsKeepTheirLoops) {
  for (int digit : {0, 6, 8, 9}) {
    const int loops = digit == 8 ? 2 : 1;
    int glyphs_with_loops = 0;
    for (int i = 0; i < Bank().size(digit); ++i) glyphs_with_loops += Loops(Bank().Glyph(digit, i) > 128) >= loops;
    std::mt19937 rng(5);
    WriterStyle writer;
    writer.messiness = 0.0;
    writer.digit_height_px = 50.0;
    writer.pen_width_px = 4.0;
    int drawn_with_loops = 0;
    for (int trial = 0; trial < Bank().size(digit); ++trial) {
      cv::Mat page(120, 120, CV_8UC3, cv::Scalar(255, 255, 255));
      WriteNumber(page, cv::Rect2f(10, 10, 100, 100), digit, writer, Bank(), rng);
      cv::Mat grey;
      cv::cvtColor(page, grey, cv::COLOR_BGR2GRAY);
      drawn_with_loops += Loops(grey < 128) >= loops;
    }
    // The draws pick glyphs at random, so allow a few either way.
    EXPECT_GE(drawn_with_loops, glyphs_with_loops - 5) << "digit " << digit;
  }
}

// --- CrossOut / DrawTicks ----------------------------------------------------

TEST_F(HandwritingTest, CrossOutInksInsideTheCell) {
  const cv::Rect2f cell(40.0f, 30.0f, 280.0f, 110.0f);
  const cv::Rect inner(40, 30, 280, 110);
  std::mt19937 rng(5);
  for (int trial = 0; trial < 20; ++trial) {
    const WriterStyle writer = RandomWriter(rng, 300.0);
    cv::Mat page(200, 400, CV_8UC3, cv::Scalar(255, 255, 255));
    const cv::Mat before = page.clone();
    const cv::Rect box = CrossOut(page, cell, writer, rng);
    ASSERT_FALSE(box.empty());
    EXPECT_TRUE(Contains(inner, box)) << box;
    const cv::Rect changed = ChangedBox(before, page);
    EXPECT_TRUE(Contains(box, changed));
    EXPECT_TRUE(Contains(Grow(changed, 2), box));
    // A cross-out spans most of the cell's width.
    EXPECT_GT(box.width, cell.width / 2.0);
  }
}

TEST_F(HandwritingTest, DrawTicksMakesCountSeparateMarks) {
  const cv::Rect2f cell(20.0f, 20.0f, 420.0f, 110.0f);
  const cv::Rect inner(20, 20, 420, 110);
  for (TickStyle style : {TickStyle::kCheck, TickStyle::kSlash, TickStyle::kBar}) {
    for (int count = 1; count <= 6; ++count) {
      WriterStyle writer = Ballpoint(100 + count);
      writer.tick_style = style;
      writer.stroke_scale = 1.0;
      std::mt19937 rng(200 + count);
      cv::Mat page(160, 480, CV_8UC3, cv::Scalar(255, 255, 255));
      const cv::Mat before = page.clone();
      const cv::Rect box = DrawTicks(page, cell, count, writer, rng);
      SCOPED_TRACE("style " + std::to_string(static_cast<int>(style)) + " count " + std::to_string(count));
      ASSERT_FALSE(box.empty());
      EXPECT_TRUE(Contains(inner, box)) << box;
      EXPECT_TRUE(Contains(box, ChangedBox(before, page)));
      cv::Mat grey;
      cv::cvtColor(page, grey, cv::COLOR_BGR2GRAY);
      cv::Mat labels;
      const int components = cv::connectedComponents(grey < 160, labels) - 1;  // minus background
      EXPECT_EQ(components, count);
    }
  }
  std::mt19937 rng(6);
  cv::Mat page(160, 480, CV_8UC3, cv::Scalar::all(255));
  EXPECT_THROW(DrawTicks(page, cell, 0, Ballpoint(1), rng), Error);
  EXPECT_THROW(DrawTicks(page, cell, 7, Ballpoint(1), rng), Error);
}

}  // namespace
}  // namespace scorecheck
