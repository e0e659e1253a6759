// The whole-number reader's decoding (CTC) on hand-made steps, and its input
// normalisation.

#include "readings/whole_number.h"

#include <gtest/gtest.h>
#include <opencv2/imgproc.hpp>

namespace scorecheck {
namespace {

// One step sure of `label` (0 blank, d + 1 digit d), or split between two.
std::array<float, 11> Step(int label, int other = -1, float share = 0) {
  std::array<float, 11> step{};
  step[label] = 1 - share;
  if (other >= 0) step[other] += share;
  return step;
}

constexpr int kBlank = 0;
int Digit(int d) { return d + 1; }

TEST(WholeNumberTest, ASureSpellingHasProbabilityOne) {
  const NumberSteps steps = {Step(kBlank), Step(Digit(1)), Step(Digit(1)), Step(kBlank), Step(Digit(7)), Step(kBlank)};
  EXPECT_NEAR(SequenceProbability(steps, "17"), 1.0, 1e-9);
  EXPECT_NEAR(SequenceProbability(steps, "117"), 0.0, 1e-9);  // a 1 held for two steps is one 1
  EXPECT_NEAR(SequenceProbability(steps, "7"), 0.0, 1e-9);
}

TEST(WholeNumberTest, TwoEqualDigitsNeedABlankBetween) {
  const NumberSteps joined = {Step(Digit(1)), Step(Digit(1))};
  const NumberSteps apart = {Step(Digit(1)), Step(kBlank), Step(Digit(1))};
  EXPECT_NEAR(SequenceProbability(joined, "11"), 0.0, 1e-9);
  EXPECT_NEAR(SequenceProbability(apart, "11"), 1.0, 1e-9);
}

TEST(WholeNumberTest, SumsOverAlignments) {
  // Step 2 is a 4 or a blank: "14" either way ends in "14" when step 3 is 4.
  const NumberSteps steps = {Step(Digit(1)), Step(Digit(4), kBlank, 0.5f), Step(Digit(4), Digit(9), 0.2f)};
  EXPECT_NEAR(SequenceProbability(steps, "14"), 0.8, 1e-6);
  EXPECT_NEAR(SequenceProbability(steps, "19"), 0.5 * 0.2, 1e-6);  // a blank, then the 9
  EXPECT_NEAR(SequenceProbability(steps, "149"), 0.5 * 0.2, 1e-6);  // the 4, then the 9
}

TEST(WholeNumberTest, LikeliestNumbersRankTheSpellings) {
  const NumberSteps steps = {Step(kBlank), Step(Digit(2)), Step(kBlank), Step(Digit(1), Digit(7), 0.3f),
                             Step(kBlank), Step(Digit(8)), Step(kBlank)};
  const std::vector<SpelledNumber> best = LikeliestNumbers(steps, 3, 4);
  ASSERT_EQ(best.size(), 2u);
  EXPECT_EQ(best[0].digits, "218");
  EXPECT_NEAR(best[0].probability, 0.7, 1e-6);
  EXPECT_EQ(best[1].digits, "278");
  EXPECT_NEAR(best[1].probability, 0.3, 1e-6);
  // At most two digits: nothing three digits long is offered.
  EXPECT_TRUE(LikeliestNumbers(steps, 3, 2).empty());
}

TEST(WholeNumberTest, LikeliestNumbersNeverSpellMoreDigitsThanAllowed) {
  // Five 1s with blanks between: a repeated digit once slipped past the limit.
  NumberSteps steps;
  for (int i = 0; i < 5; ++i) {
    steps.push_back(Step(Digit(1)));
    steps.push_back(Step(kBlank));
  }
  EXPECT_TRUE(LikeliestNumbers(steps, 3, 4).empty());
  // Most likely "1111", one of the 1s read as a blank instead.
  steps[4] = Step(kBlank, Digit(1), 0.4f);
  const std::vector<SpelledNumber> best = LikeliestNumbers(steps, 3, 4);
  ASSERT_EQ(best.size(), 1u);
  EXPECT_EQ(best[0].digits, "1111");
  EXPECT_NEAR(best[0].probability, 0.6, 1e-6);
  ASSERT_EQ(LikeliestNumbers(steps, 3, 5).size(), 2u);
  EXPECT_EQ(LikeliestNumbers(steps, 3, 5)[0].digits, "1111");
  EXPECT_EQ(LikeliestNumbers(steps, 3, 5)[1].digits, "11111");
}

TEST(WholeNumberTest, SofteningLeavesRoomForOtherSpellingsAndKeepsTheOrder) {
  const NumberSteps steps = {Step(2, kBlank, 0.1f), Step(kBlank)};  // "1" at 0.9, blank at 0.1
  const NumberSteps soft = SoftenSteps(steps, 3);
  ASSERT_EQ(soft.size(), 2u);
  // 0.9^(1/3) = 0.965 and 0.1^(1/3) = 0.464, renormalised.
  EXPECT_NEAR(soft[0][2], 0.965 / (0.965 + 0.464), 1e-3);
  EXPECT_NEAR(soft[0][kBlank], 0.464 / (0.965 + 0.464), 1e-3);
  EXPECT_FLOAT_EQ(soft[1][kBlank], 1.0f);
  EXPECT_NEAR(SequenceProbability(steps, "1"), 0.9, 1e-6);  // the sure spelling gives way
  EXPECT_NEAR(SequenceProbability(soft, "1"), 0.965 / (0.965 + 0.464), 1e-3);
  // At 1 or below the steps stay as they are.
  EXPECT_EQ(SoftenSteps(steps, 1), steps);
  EXPECT_EQ(SoftenSteps(steps, 0.5), steps);
}

TEST(WholeNumberTest, NormalizeNumberScalesTheInkToTwentyPixelsHighAndCentresIt) {
  cv::Mat ink = cv::Mat::zeros(100, 200, CV_8U);
  cv::rectangle(ink, cv::Rect(50, 20, 40, 60), cv::Scalar(200), cv::FILLED);  // 2:3, 60 px high
  const cv::Mat canvas = NormalizeNumber(ink);
  ASSERT_EQ(canvas.size(), cv::Size(kNumberCanvasWidth, kNumberCanvasHeight));
  const cv::Rect box = cv::boundingRect(canvas > 0.5);
  EXPECT_EQ(box.height, 20);
  EXPECT_NEAR(box.width, 13, 1);
  EXPECT_NEAR(box.x + box.width / 2.0, kNumberCanvasWidth / 2.0, 1);
  double top = 0;
  cv::minMaxLoc(canvas, nullptr, &top);
  EXPECT_FLOAT_EQ(top, 1.0f);
  // A long number is fitted to the width instead.
  cv::Mat wide = cv::Mat::zeros(40, 400, CV_8U);
  cv::rectangle(wide, cv::Rect(10, 10, 380, 20), cv::Scalar(255), cv::FILLED);
  EXPECT_EQ(cv::boundingRect(NormalizeNumber(wide) > 0.5).width, 88);
}

}  // namespace
}  // namespace scorecheck
