// ReadCell with a fake reader: segmentation (joined pieces, split touching
// digits, dropped slivers) and the number it assembles.

#include "readings/read_cell.h"

#include <cmath>

#include <gtest/gtest.h>
#include <opencv2/imgproc.hpp>

#include "support/fake_digit_reader.h"
#include "unit/readings/ink_of.h"

namespace scorecheck {
namespace {

using testing::FakeDigitReader;
using testing::InkOf;


// One ink component made of touching rectangles (touching digits).
CellInk TouchingInkOf(const std::vector<cv::Rect>& rects) {
  CellInk ink = InkOf({rects.front()});
  cv::Mat& mask = ink.blob_masks[0];
  for (const cv::Rect& r : rects) mask(r).setTo(255);
  ink.ink.setTo(200, mask);
  ink.blobs[0] = cv::boundingRect(mask);
  return ink;
}

// Reads narrow glyphs as 1 and wider ones as 4, both with probability 0.95.
FakeDigitReader OnesAndFours() {
  return FakeDigitReader([](const cv::Mat& glyph) {
    return std::pair<int, float>(glyph.cols < 12 ? 1 : 4, 0.95f);
  });
}

// Reads glyphs narrower than `one_below` as 1 and those `four_from` to
// `four_to` wide as 4 (0.95 each); any other width is not one digit (a cut
// through a digit, a piece of two): an 8 at 0.3.
FakeDigitReader OneOrFourByWidth(int one_below, int four_from, int four_to) {
  return FakeDigitReader([=](const cv::Mat& glyph) {
    if (glyph.cols < one_below) return std::pair<int, float>(1, 0.95f);
    if (glyph.cols >= four_from && glyph.cols <= four_to) return std::pair<int, float>(4, 0.95f);
    return std::pair<int, float>(8, 0.3f);
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
  EXPECT_EQ(reading.raw, "4");
}

TEST(ReadCellTest, SplitsTouchingDigits) {
  // A blob three times as wide as tall must be more than one digit.
  FakeDigitReader reader([](const cv::Mat& glyph) { return std::pair<int, float>(glyph.cols > 40 ? 8 : 4, 0.9f); });
  const Reading reading = ReadCell(InkOf({{50, 35, 96, 32}}), reader);
  ASSERT_EQ(reading.status, ReadingStatus::kNumber);
  EXPECT_GE(reading.raw.size(), 2u);
}

TEST(ReadCellTest, SplitsATouchingPairAtItsNarrowJoin) {
  // Two 20 x 40 digits joined by a short stroke in the middle: the cut goes
  // through the join, and the pieces read better than the whole.
  FakeDigitReader reader([](const cv::Mat& glyph) {
    if (glyph.cols > 30) return std::pair<int, float>(8, 0.5f);
    return std::pair<int, float>(glyph.cols <= 26 ? 2 : 9, glyph.cols <= 26 ? 0.95f : 0.3f);
  });
  const Reading reading = ReadCell(TouchingInkOf({{60, 30, 20, 40}, {80, 48, 6, 4}, {86, 30, 20, 40}}), reader);
  ASSERT_EQ(reading.status, ReadingStatus::kNumber);
  EXPECT_EQ(reading.raw, "22");
}

TEST(ReadCellTest, SplitsTwoTouchingOnesThatReadBadlyAsOne) {
  // Two 1s joined low down: narrower than most single digits, but the whole
  // reads badly, so it is tried as two digits as well.
  FakeDigitReader reader([](const cv::Mat& glyph) { return std::pair<int, float>(1, glyph.cols < 14 ? 0.95f : 0.1f); });
  const CellInk ink = TouchingInkOf({{60, 30, 6, 40}, {66, 60, 6, 4}, {72, 30, 6, 40}});
  EXPECT_EQ(ReadCell(ink, reader).raw, "11");
  ReadOptions aspect_only;
  aspect_only.split_doubtful = 0;
  EXPECT_EQ(ReadCell(ink, reader, aspect_only).raw, "1");
}

TEST(ReadCellTest, CutsANarrowLeadingOneOffThreeTouchingDigits) {
  // "144" written in one stroke: a 1 joined low down to two 26-px digits.
  // Even thirds cut through the first 4; the 1 comes off only at the join
  // near the left end.
  FakeDigitReader reader = OneOrFourByWidth(12, 24, 32);  // a 4 with a bit of the join still reads
  const CellInk ink =
      TouchingInkOf({{40, 30, 8, 40}, {48, 60, 4, 4}, {52, 30, 26, 40}, {78, 60, 4, 4}, {82, 30, 26, 40}});
  EXPECT_EQ(ReadCell(ink, reader).value, 144);
  ReadOptions even_thirds;
  even_thirds.narrow_end_cuts = false;
  EXPECT_NE(ReadCell(ink, reader, even_thirds).value, 144);
}

TEST(ReadCellTest, CutsTwoNarrowLeadingOnesOffTheirTouchingNeighbour) {
  // "114" in one stroke: two 6-px 1s joined low down to each other and to a
  // 30-px 4. Even thirds and a single narrow end cut each go through the
  // second 1 or the 4; both 1s come off only at the two joins near the left.
  FakeDigitReader reader = OneOrFourByWidth(12, 28, 34);
  const CellInk ink =
      TouchingInkOf({{40, 30, 6, 40}, {46, 60, 4, 4}, {50, 30, 6, 40}, {56, 60, 4, 4}, {60, 30, 30, 40}});
  EXPECT_EQ(ReadCell(ink, reader).value, 114);
  ReadOptions one_narrow_digit;
  one_narrow_digit.narrow_pair_end_cuts = false;
  EXPECT_NE(ReadCell(ink, reader, one_narrow_digit).value, 114);
}

TEST(ReadCellTest, CutsANarrowOneOffItsTouchingNeighbour) {
  // "14": a 5-px 1 joined low down to a 32-px 4. The two-piece cuts near the
  // middle all leave part of the 4 on the 1; only a cut in the end quarter,
  // through the join, gives two digits.
  FakeDigitReader reader = OneOrFourByWidth(8, 28, 36);
  const CellInk ink = TouchingInkOf({{60, 30, 5, 40}, {65, 60, 3, 4}, {68, 30, 32, 40}});
  EXPECT_EQ(ReadCell(ink, reader).value, 14);
  ReadOptions middle_cuts;
  middle_cuts.narrow_pair_cuts = false;
  EXPECT_NE(ReadCell(ink, reader, middle_cuts).value, 14);
}

TEST(ReadCellTest, CutsAOneOffANeighbourNoWiderThanADigit) {
  // "14": a 1 joined low down to a 22-px 4, together 30 px wide and 40 tall
  // (aspect 0.75), read as one digit (a 6) at 0.6: not sure enough to spare
  // the cuts, nor doubtful enough to need them. Tried as two digits only
  // from aspect 0.8, "16" read 6 on scans of seed 900023 (aspect 0.72-0.79).
  // The 4 is shorter than the 1, so a sliver cut off its right end is no 1.
  FakeDigitReader reader([](const cv::Mat& glyph) {
    if (glyph.cols < 8 && glyph.rows >= 38) return std::pair<int, float>(1, 0.95f);
    if (glyph.cols >= 18 && glyph.cols <= 26) return std::pair<int, float>(4, 0.95f);
    if (glyph.cols >= 27 && glyph.cols <= 33) return std::pair<int, float>(6, 0.6f);
    return std::pair<int, float>(8, 0.3f);
  });
  const CellInk ink = TouchingInkOf({{60, 30, 5, 40}, {65, 60, 3, 4}, {68, 36, 22, 34}});
  EXPECT_EQ(ReadCell(ink, reader).value, 14);
  ReadOptions wider_only;
  wider_only.split_aspect = 0.8;
  wider_only.split_doubtful = 0.5;  // as then: a reading at 0.6 was not doubtful
  EXPECT_EQ(ReadCell(ink, reader, wider_only).value, 6);
}

TEST(ReadCellTest, CutsAOneOffANarrowNeighbourItReadsFairlyAs) {
  // "16": a 1 joined low down to a 16-px 6, together 24 px wide and 40 tall
  // (aspect 0.6, narrower than split_aspect), read as one digit (a 6) at
  // 0.7. Only a doubtful reading gets such a narrow mark cut; counted
  // doubtful below 0.5, "160" read 60 and "130" read 30 (card 0244 of seed
  // 900024, a 1 leaning into the next digit).
  FakeDigitReader reader([](const cv::Mat& glyph) {
    if (glyph.cols < 8 && glyph.rows >= 38) return std::pair<int, float>(1, 0.95f);
    if (glyph.cols >= 14 && glyph.cols <= 19) return std::pair<int, float>(6, 0.95f);
    if (glyph.cols >= 22 && glyph.cols <= 26) return std::pair<int, float>(6, 0.7f);
    return std::pair<int, float>(8, 0.3f);
  });
  const CellInk ink = TouchingInkOf({{60, 30, 5, 40}, {65, 60, 3, 4}, {68, 36, 16, 34}});
  EXPECT_EQ(ReadCell(ink, reader).value, 16);
  ReadOptions doubtful_below_half;
  doubtful_below_half.split_doubtful = 0.5;
  EXPECT_EQ(ReadCell(ink, reader, doubtful_below_half).value, 6);
}

TEST(ReadCellTest, TriesThreeDigitsInATouchingNumberAsWideAsTwo) {
  // "144" squeezed into a narrow box: a 1 and two 22-px digits, joined low
  // down, 58 px wide and 44 tall (aspect 1.3), no wider than many pairs.
  FakeDigitReader reader = OneOrFourByWidth(12, 20, 28);
  const CellInk ink =
      TouchingInkOf({{40, 28, 6, 44}, {46, 60, 4, 4}, {50, 28, 22, 44}, {72, 60, 4, 4}, {76, 28, 22, 44}});
  EXPECT_EQ(ReadCell(ink, reader).value, 144);
  ReadOptions wide_threes;
  wide_threes.split3_aspect = 1.5;
  EXPECT_NE(ReadCell(ink, reader, wide_threes).value, 144);
}

TEST(ReadCellTest, JoinsAFourWrittenInTwoStrokes) {
  // The open "L" of a 4 and its upright stroke through the bar: two
  // components overlapping sideways are one digit, although the upright
  // alone would read as a sure 1.
  FakeDigitReader reader([](const cv::Mat& glyph) {
    return glyph.cols < 10 ? std::pair<int, float>(1, 0.97f) : std::pair<int, float>(4, 0.9f);
  });
  const Reading reading = ReadCell(InkOf({{80, 30, 24, 26}, {96, 30, 6, 42}}), reader);
  EXPECT_EQ(reading.raw, "4");
}

TEST(ReadCellTest, KeepsATallNeighbourApart) {
  // A 1 beside a 6 with a gap: their union may read well as one digit, but
  // two tall marks side by side are two digits.
  FakeDigitReader reader([](const cv::Mat& glyph) {
    return glyph.cols < 10 ? std::pair<int, float>(1, 0.9f) : std::pair<int, float>(6, 0.95f);
  });
  const Reading reading = ReadCell(InkOf({{70, 30, 6, 40}, {86, 30, 24, 40}}), reader);
  EXPECT_EQ(reading.raw, "16");
}

TEST(ReadCellTest, AFlatMarkOverTwoDigitsDoesNotJoinThem) {
  // "16" under the foot of the digit in the box above, a flat mark spanning
  // both: the mark overlaps each digit sideways, but the 1 and the 6 do not
  // overlap each other, so they stay two digits although their union reads
  // as a confident 6.
  FakeDigitReader reader([](const cv::Mat& glyph) {
    if (glyph.cols < 10) return std::pair<int, float>(1, 0.95f);
    return std::pair<int, float>(6, glyph.cols <= 26 ? 0.95f : 0.9f);
  });
  const Reading reading = ReadCell(InkOf({{60, 30, 6, 40}, {58, 22, 40, 4}, {76, 30, 22, 40}}), reader);
  ASSERT_EQ(reading.status, ReadingStatus::kNumber);
  EXPECT_EQ(reading.value, 16);
}

TEST(ReadCellTest, KeepsAConfidentWideDigitWhole) {
  // A flat 2, aspect 1.2: read whole it is a sure 2, its halves read poorly.
  FakeDigitReader reader([](const cv::Mat& glyph) {
    return glyph.cols > 40 ? std::pair<int, float>(2, 0.97f) : std::pair<int, float>(7, 0.4f);
  });
  const Reading reading = ReadCell(InkOf({{60, 40, 50, 42}}), reader);
  EXPECT_EQ(reading.value, 2);
  EXPECT_EQ(reading.raw, "2");
}

TEST(ReadCellTest, AlternativesCoverOtherSegmentations) {
  // A 1 leaning on an 8-like blob: "18" reads best, the merged "8" is kept
  // among the alternatives for the rule-aware choice.
  FakeDigitReader reader([](const cv::Mat& glyph) {
    return glyph.cols < 10 ? std::pair<int, float>(1, 0.9f) : std::pair<int, float>(8, 0.8f);
  });
  const Reading reading = ReadCell(InkOf({{80, 30, 8, 40}, {84, 30, 26, 40}}), reader);
  ASSERT_EQ(reading.status, ReadingStatus::kNumber);
  bool has_18 = false, has_8 = false;
  for (const Candidate& c : reading.alternatives) {
    has_18 |= c.value == 18;
    has_8 |= c.value == 8;
  }
  EXPECT_TRUE(has_18);
  EXPECT_TRUE(has_8);
}

TEST(ReadCellTest, ASureDigitOfADigitsWidthIsNotCut) {
  // One component as wide as tall: wider than split_aspect, no wider than
  // max_digit_aspect. Whole it reads as a 4; any piece of a cut as an 8 at 0.3.
  const CellInk ink = InkOf({{70, 25, 50, 50}});
  auto reader_of = [](float whole_probability) {
    return FakeDigitReader([=](const cv::Mat& glyph) {
      return glyph.cols >= 45 ? std::pair<int, float>(4, whole_probability) : std::pair<int, float>(8, 0.3f);
    });
  };
  FakeDigitReader sure = reader_of(0.97f);
  const Reading read_sure = ReadCell(ink, sure);
  EXPECT_EQ(read_sure.raw, "4");
  EXPECT_EQ(sure.calls, 1);
  // Less sure, it is cut too (and still reads as the 4).
  FakeDigitReader fair = reader_of(0.9f);
  EXPECT_EQ(ReadCell(ink, fair).raw, "4");
  EXPECT_GT(fair.calls, 1);
  // So it is when sure digits are cut all the same.
  ReadOptions always_cut;
  always_cut.sure_whole = 2;
  FakeDigitReader sure_again = reader_of(0.97f);
  EXPECT_EQ(ReadCell(ink, sure_again, always_cut).raw, "4");
  EXPECT_GT(sure_again.calls, 1);
}

TEST(ReadCellTest, SlantedCutsAreSparedWhenAnUprightCutReadsSurely) {
  // Two touching strokes leaning right (a shear of 0.3), each read as a 4
  // when cut out at 15-35 px wide; anything else reads as an 8 at 0.3.
  CellInk ink = InkOf({{40, 25, 10, 50}});
  cv::Mat& mask = ink.blob_masks[0];
  mask.setTo(0);
  for (int left : {60, 80}) {
    const std::vector<cv::Point> stroke = {{left + 15, 25}, {left + 35, 25}, {left + 20, 75}, {left, 75}};
    cv::fillConvexPoly(mask, stroke, cv::Scalar(255));
  }
  ink.ink.setTo(0);
  ink.ink.setTo(200, mask);
  ink.blobs[0] = cv::boundingRect(mask);
  auto reader = [] {
    return FakeDigitReader([](const cv::Mat& glyph) {
      return glyph.cols >= 15 && glyph.cols <= 35 ? std::pair<int, float>(4, 0.97f) : std::pair<int, float>(8, 0.3f);
    });
  };
  FakeDigitReader spared = reader();
  EXPECT_EQ(ReadCell(ink, spared).raw, "44");
  ReadOptions always_slanted;
  always_slanted.sure_cut = 2;
  FakeDigitReader tried = reader();
  EXPECT_EQ(ReadCell(ink, tried, always_slanted).raw, "44");
  EXPECT_LT(spared.calls, tried.calls);
}

TEST(ReadCellTest, CutsThatCannotBeKeptAreNotRead) {
  // Three touching digits in one component: cut in two and in three, upright
  // cuts only. Pieces 20-30 px wide read as 4s; anything else badly, as 8s.
  const CellInk ink = InkOf({{50, 25, 75, 50}});
  auto reader = [] {
    return FakeDigitReader([](const cv::Mat& glyph) {
      return glyph.cols >= 20 && glyph.cols <= 30 ? std::pair<int, float>(4, 0.97f) : std::pair<int, float>(8, 0.05f);
    });
  };
  FakeDigitReader pruned = reader();
  const Reading read_pruned = ReadCell(ink, pruned);
  // Nothing can fall short of what is kept: every cut is read.
  ReadOptions keep_everything;
  keep_everything.max_segmentations = 1000;
  keep_everything.min_log_score = -1e9;
  FakeDigitReader full = reader();
  const Reading read_full = ReadCell(ink, full, keep_everything);
  EXPECT_EQ(read_pruned.raw, "444");
  EXPECT_EQ(read_full.raw, "444");
  EXPECT_LT(pruned.calls, full.calls);
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
  const Reading read_crossed = ReadCell(crossed, unsure);
  EXPECT_EQ(read_crossed.status, ReadingStatus::kCrossed);
  EXPECT_EQ(read_crossed.raw, "X");
  // ... but keeps what it would read as a number, for the rule-aware choice.
  ASSERT_FALSE(read_crossed.alternatives.empty());
  const Candidate top = read_crossed.alternatives.front();
  EXPECT_EQ(std::to_string(top.value).find_first_not_of('7'), std::string::npos) << top.value;
  EXPECT_NEAR(ValueScore(read_crossed, top.value), top.score, 1e-9);
  // One digit's worth of ink read fairly, not surely: with straight strokes
  // a cross-out...
  FakeDigitReader fair([](const cv::Mat&) { return std::pair<int, float>(7, 0.6f); });
  CellInk straight = InkOf({{80, 20, 30, 50}});
  straight.kind = InkKind::kCrossed;
  ASSERT_EQ(ReadCell(straight, fair).status, ReadingStatus::kCrossed);
  // ... with curved ones writing, so a number.
  CellInk curved = straight;
  curved.straightness = 0.5;
  const Reading read_curved = ReadCell(curved, fair);
  EXPECT_EQ(read_curved.status, ReadingStatus::kNumber);
  EXPECT_EQ(read_curved.raw, "7");
  // A poor reading stays a cross-out all the same.
  FakeDigitReader poor([](const cv::Mat&) { return std::pair<int, float>(7, 0.05f); });
  EXPECT_EQ(ReadCell(curved, poor).status, ReadingStatus::kCrossed);
}

TEST(ReadCellTest, ABonusBoxTickIsATickNotAOne) {
  // One slanted stroke in a Yahtzee-bonus box printed as one row: as a number
  // it is a sure 1, which no bonus can score; the tick test counts one tick.
  FakeDigitReader reader = OnesAndFours();
  const CellInk stroke = InkOf({{90, 30, 8, 40}});
  CellInk ticks = stroke;
  ticks.kind = InkKind::kTicks;
  ticks.ticks = 1;
  ASSERT_EQ(ReadCell(stroke, reader).value, 1);
  const Reading reading = ReadTicksOrPoints(stroke, ticks, reader);
  EXPECT_EQ(reading.status, ReadingStatus::kChecks);
  EXPECT_EQ(reading.checks, 1);
}

TEST(ReadCellTest, ABonusBoxNumberThatIsAWholeBonusStaysANumber) {
  // "100" in the same box: the tick test sees three strokes, but 100 points
  // is one bonus, so it is read as written.
  FakeDigitReader reader([](const cv::Mat& glyph) { return std::pair<int, float>(glyph.cols < 12 ? 1 : 0, 0.95f); });
  const CellInk hundred = InkOf({{50, 30, 8, 40}, {70, 30, 25, 40}, {105, 30, 25, 40}});
  CellInk ticks = hundred;
  ticks.kind = InkKind::kTicks;
  ticks.ticks = 3;
  const Reading reading = ReadTicksOrPoints(hundred, ticks, reader);
  EXPECT_EQ(reading.status, ReadingStatus::kNumber);
  EXPECT_EQ(reading.value, 100);
  // No ticks found: the number reading stands, whatever it is.
  CellInk no_ticks = hundred;
  no_ticks.kind = InkKind::kEmpty;
  EXPECT_EQ(ReadTicksOrPoints(InkOf({{90, 30, 8, 40}}), no_ticks, reader).value, 1);
}

TEST(ReadCellTest, SixDigitsAreIllegible) {
  FakeDigitReader reader = OnesAndFours();
  std::vector<cv::Rect> rects;
  for (int i = 0; i < 6; ++i) rects.push_back({30 + i * 24, 30, 8, 40});
  EXPECT_EQ(ReadCell(InkOf(rects), reader).status, ReadingStatus::kIllegible);
}

TEST(ReadCellTest, ValueScoreScoresAnyValueOfTheSameLength) {
  FakeDigitReader reader = OnesAndFours();
  ReadOptions unsoftened;  // the digit scores as the classifier gives them
  unsoftened.digit_temperature = 1;
  const Reading reading = ReadCell(InkOf({{60, 30, 8, 40}, {80, 30, 25, 40}}), reader, unsoftened);
  ASSERT_EQ(reading.status, ReadingStatus::kNumber);
  EXPECT_NEAR(ValueScore(reading, 14), reading.alternatives[0].score, 1e-6);
  // "11": the second digit as a 1 gets the fake's leftover share, 0.05 / 9.
  EXPECT_NEAR(ValueScore(reading, 11), 0.95 * (0.05 / 9), 1e-6);
  EXPECT_EQ(ValueScore(reading, 141), 0);  // no three-digit segmentation
  EXPECT_EQ(ValueScore(reading, -1), 0);
}

// Reads narrow glyphs as 1 (0.95) and wider ones as 4 at only 0.65: 0.3 of
// the wide glyph goes to the reject output (not one digit: a 1 may hide in it).
class OnesAndDoubtfulFours : public DigitReader {
 public:
  DigitScores Classify(const cv::Mat& glyph) override {
    DigitScores scores;
    scores.fill(0.05f / 9);
    if (glyph.cols < 12) scores[1] = 0.95f;
    else scores[4] = 0.65f;
    return scores;
  }
  NumberSteps ReadNumber(const cv::Mat&) override { return {}; }
  std::vector<BoxReading> ReadBoxes(const cv::Mat&, const std::vector<cv::Rect2f>&) override { return {}; }
  const DoubtModel* Doubt() override { return nullptr; }
};

TEST(ReadCellTest, AOneTheSegmenterMayHaveLostScoresByItsNeighboursRejectShare) {
  const CellInk fourteen = InkOf({{60, 30, 8, 40}, {80, 30, 25, 40}});
  ReadOptions options;
  options.digit_temperature = 1;
  options.split_doubtful = 0;  // the 4 is not tried as touching digits: the segmenter reads "14" only
  options.hidden_one_factor = 2;
  OnesAndDoubtfulFours doubtful;
  const Reading reading = ReadCell(fourteen, doubtful, options);
  ASSERT_EQ(reading.value, 14);
  // "114" and "141": a 1 beside the 4, hidden in its glyph: the value
  // without it times the 4's reject share (0.3) times the factor. (The 1
  // read surely, reject share 0, hides nothing.)
  const double without = ValueScore(reading, 14);
  EXPECT_NEAR(ValueScore(reading, 114), 2 * 0.3 * without, 1e-6);
  EXPECT_NEAR(ValueScore(reading, 141), 2 * 0.3 * without, 1e-6);
  // Only a 1, one of them, and never leaving a leading zero ("104" is not "1" + "04").
  EXPECT_EQ(ValueScore(reading, 444), 0);
  EXPECT_EQ(ValueScore(reading, 1114), 0);
  EXPECT_EQ(ValueScore(reading, 104), 0);
  // A value the segmenter reads keeps its own score when that is higher.
  EXPECT_NEAR(ValueScore(reading, 11), 0.95 * (0.05 / 9), 1e-6);
  // Glyphs read surely as one digit each (no reject share) hide no 1 ...
  FakeDigitReader sure = OnesAndFours();
  EXPECT_EQ(ValueScore(ReadCell(fourteen, sure, options), 114), 0);
  // ... and switched off (0), none does.
  options.hidden_one_factor = 0;
  EXPECT_EQ(ValueScore(ReadCell(fourteen, doubtful, options), 114), 0);
}

// OnesAndDoubtfulFours with a whole-number reader that sees `number`, each
// step 0.9 sure.
class OnesAndDoubtfulFoursSeeing : public OnesAndDoubtfulFours {
 public:
  explicit OnesAndDoubtfulFoursSeeing(const std::string& number) {
    const auto step = [](int label) {
      std::array<float, 11> probabilities;
      probabilities.fill(0.01f);
      probabilities[label] = 0.9f;
      return probabilities;
    };
    steps_.push_back(step(0));
    for (const char c : number) {
      steps_.push_back(step(c - '0' + 1));
      steps_.push_back(step(0));
    }
  }
  NumberSteps ReadNumber(const cv::Mat&) override { return steps_; }

 private:
  NumberSteps steps_;
};

TEST(ReadCellTest, TheWholeNumberReaderSaysWhichSideOfItsNeighbourALostOneIsOn) {
  const CellInk fourteen = InkOf({{60, 30, 8, 40}, {80, 30, 25, 40}});
  ReadOptions options;
  options.digit_temperature = 1;
  options.split_doubtful = 0;  // the segmenter reads "14" only, as above
  options.whole_number_temperature = 1;
  options.whole_number_weight = 1e-6;  // the mix is all but the segmenter's
  // The 4's glyph may hide a 1 on either side of it: "114" and "141" alike ...
  OnesAndDoubtfulFours blind;
  const Reading unplaced = ReadCell(fourteen, blind, options);
  ASSERT_GT(ValueScore(unplaced, 141), 0);
  EXPECT_DOUBLE_EQ(ValueScore(unplaced, 114), ValueScore(unplaced, 141));
  // ... unless the whole-number reader sees the 1 after it: "114" is then a
  // swap of "141" the segmenter has no evidence for (a player's total
  // written with two digits swapped passed for a misread of its sum).
  OnesAndDoubtfulFoursSeeing seeing("141");
  const Reading placed = ReadCell(fourteen, seeing, options);
  EXPECT_NEAR(ValueScore(placed, 141), ValueScore(unplaced, 141), 1e-4 * ValueScore(unplaced, 141));
  EXPECT_LT(ValueScore(placed, 114), 0.01 * ValueScore(placed, 141));
  // With no say (weight 0), it does not place the 1 either.
  options.whole_number_weight = 0;
  const Reading ignored = ReadCell(fourteen, seeing, options);
  EXPECT_DOUBLE_EQ(ValueScore(ignored, 114), ValueScore(ignored, 141));
}

// Reads a glyph by its shape: wider than 1.2 times its height it is no one
// digit (a weak 8), else by its mean ink width per row a stroke (a 1) or a
// wider shape (a 4).
FakeDigitReader StrokesAndBlocks() {
  return FakeDigitReader([](const cv::Mat& glyph) {
    cv::Mat row_ink;
    cv::reduce(glyph, row_ink, 1, cv::REDUCE_MAX);
    const double mean_width = static_cast<double>(cv::countNonZero(glyph)) / std::max(1, cv::countNonZero(row_ink));
    if (glyph.cols > 1.2 * glyph.rows) return std::pair<int, float>(8, 0.2f);  // wider than any digit
    return std::pair<int, float>(mean_width < 10 ? 1 : 4, 0.9f);
  });
}

// Ink of a leaning "1" (a slanted bar) touching a leaning outline (a 0-like
// digit) near the bottom, as written with a right-leaning slant: no vertical
// line separates them.
CellInk LeaningPair() {
  CellInk ink;
  ink.kind = InkKind::kNumber;
  ink.ink = cv::Mat::zeros(100, 200, CV_8U);
  ink.cell_in_crop = cv::Rect2f(20, 20, 160, 60);
  cv::Mat mask = cv::Mat::zeros(ink.ink.size(), CV_8U);
  const std::vector<cv::Point> bar = {{60, 75}, {66, 75}, {86, 25}, {80, 25}};
  const std::vector<cv::Point> block = {{76, 75}, {106, 75}, {126, 25}, {96, 25}};
  cv::fillConvexPoly(mask, bar, 255);
  cv::polylines(mask, block, true, 255, 6);
  mask(cv::Rect(64, 69, 16, 4)).setTo(255);  // where they touch
  ink.ink.setTo(200, mask);
  ink.blobs.push_back(cv::boundingRect(mask));
  ink.blob_masks.push_back(mask);
  return ink;
}

TEST(ReadCellTest, CutsLeaningTouchingDigitsAlongTheirSlant) {
  FakeDigitReader reader = StrokesAndBlocks();
  EXPECT_EQ(ReadCell(LeaningPair(), reader).value, 14);
  ReadOptions upright;
  upright.max_slant = 0;  // straight cuts only: the 1 cannot be cut out whole
  EXPECT_NE(ReadCell(LeaningPair(), reader, upright).value, 14);
}

// Whole-number steps spelling `digits` surely, one digit per step with a
// blank around each.
NumberSteps Spelling(const std::string& digits) {
  NumberSteps steps;
  std::array<float, 11> blank{};
  blank[0] = 1;
  steps.push_back(blank);
  for (const char c : digits) {
    std::array<float, 11> digit{};
    digit[c - '0' + 1] = 1;
    steps.push_back(digit);
    steps.push_back(blank);
  }
  return steps;
}

TEST(ReadCellTest, TheWholeNumberReaderReadsTouchingDigitsTheSegmenterCannotCut) {
  FakeDigitReader reader = StrokesAndBlocks();
  ReadOptions upright;
  upright.max_slant = 0;  // as above: upright cuts lose the 1
  ASSERT_NE(ReadCell(LeaningPair(), reader, upright).value, 14);
  reader.number_steps = Spelling("14");
  const Reading reading = ReadCell(LeaningPair(), reader, upright);
  EXPECT_EQ(reading.value, 14);
  // Any value is scored as the alternatives are: both readers mixed.
  EXPECT_DOUBLE_EQ(ValueScore(reading, 14), reading.alternatives[0].score);
  EXPECT_DOUBLE_EQ(ValueScore(reading, 41), 0.0);  // the whole-number reader rules it out
  // Weighed at 0, it has no say.
  upright.whole_number_weight = 0;
  EXPECT_NE(ReadCell(LeaningPair(), reader, upright).value, 14);
}

TEST(ReadCellTest, BothReadersAgreeingMakeASureReading) {
  FakeDigitReader reader = OnesAndFours();
  const CellInk ink = InkOf({{60, 30, 8, 40}, {80, 30, 25, 40}});  // "14", each digit at 0.95
  const double alone = ReadCell(ink, reader).confidence;
  reader.number_steps = Spelling("14");
  const Reading both = ReadCell(ink, reader);
  EXPECT_EQ(both.value, 14);
  EXPECT_GT(both.confidence, alone);
  // And disagreeing, an unsure one: the whole-number reader sees 19.
  reader.number_steps = Spelling("19");
  EXPECT_LT(ReadCell(ink, reader).confidence, 0.5 * alone);
}

TEST(ReadCellTest, TheConfidenceIsTheReadersOwnNotTheSoftenedMix) {
  FakeDigitReader reader = OnesAndFours();
  const CellInk ink = InkOf({{60, 30, 8, 40}, {80, 30, 25, 40}});  // "14", each digit at 0.95
  // A whole-number reader all but sure of "14": 2% of every step spread
  // over the other classes, as a real model's steps are.
  reader.number_steps = Spelling("14");
  for (auto& step : reader.number_steps)
    for (float& p : step) p = p > 0.5f ? 0.98f : 0.002f;
  const Reading reading = ReadCell(ink, reader);
  EXPECT_EQ(reading.value, 14);
  // Softened (temperature 3), the steps spread their doubt over every class:
  // the mixed score is low although both readers agree...
  EXPECT_LT(reading.alternatives.front().score, 0.5);
  // ... but the confidence takes the steps as they are.
  EXPECT_GT(reading.confidence, 0.85);
  EXPECT_DOUBLE_EQ(reading.number_confidence, reading.confidence);
}

TEST(ReadCellTest, SoftenDigitRaisesTheDoubtsAndTheRejectShareAlike) {
  DigitScores scores{};
  scores[3] = 0.9f;
  scores[8] = 0.05f;  // the reject output holds the other 0.05
  const DigitScores soft = SoftenDigit(scores, 2);
  // sqrt(0.9) = 0.949, sqrt(0.05) = 0.224 twice (the 8 and the reject), renormalised.
  const double total = std::sqrt(0.9) + 2 * std::sqrt(0.05);
  EXPECT_NEAR(soft[3], std::sqrt(0.9) / total, 1e-6);
  EXPECT_NEAR(soft[8], std::sqrt(0.05) / total, 1e-6);
  EXPECT_EQ(soft[0], 0.0f);  // a class the model rules out stays out
  // At 1 or below the scores stay as they are.
  EXPECT_EQ(SoftenDigit(scores, 1), scores);
  EXPECT_EQ(SoftenDigit(scores, 0.5), scores);
}

TEST(ReadCellTest, SoftenedDigitsRaiseTheAlternativesButNotTheConfidence) {
  FakeDigitReader reader = OnesAndFours();
  const CellInk ink = InkOf({{60, 30, 8, 40}, {80, 30, 25, 40}});  // "14", each digit at 0.95
  ReadOptions soft, plain_options;
  soft.digit_temperature = 2;
  plain_options.digit_temperature = 1;
  const Reading plain = ReadCell(ink, reader, plain_options);
  const Reading softened = ReadCell(ink, reader, soft);
  EXPECT_EQ(softened.value, 14);
  // "11": its second digit gets the fake's leftover share, 0.05 / 9, which
  // softening raises far more than it lowers the 0.95s.
  const double ratio_plain = ValueScore(plain, 11) / ValueScore(plain, 14);
  const double ratio_soft = ValueScore(softened, 11) / ValueScore(softened, 14);
  EXPECT_NEAR(ratio_plain, (0.05 / 9) / 0.95, 1e-6);
  EXPECT_NEAR(ratio_soft, std::sqrt((0.05 / 9) / 0.95), 1e-6);
  EXPECT_NEAR(softened.alternatives.front().score, ValueScore(softened, 14), 1e-9);
  // The confidence is the reader's own, not softened.
  EXPECT_NEAR(softened.confidence, 0.95 * 0.95, 1e-6);
  EXPECT_DOUBLE_EQ(softened.confidence, plain.confidence);
}

}  // namespace
}  // namespace scorecheck
