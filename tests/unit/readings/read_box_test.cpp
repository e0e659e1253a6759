// ReadBox(): the box reader's calibrated outputs become the Reading the card
// stage chooses among.
#include "readings/read_box.h"

#include <cmath>
#include <string>

#include <gtest/gtest.h>

namespace scorecheck {
namespace {

// Logits of a box: the states' logits, and CTC steps that spell `first` with
// weight `lead` over `second` at the one step where they differ (a digit
// written as `first` but perhaps `second`): e.g. "28" against "18".
BoxLogits Logits(std::array<float, kBoxStates> state, const std::string& first, const std::string& second = "",
                 float lead = 8) {
  BoxLogits logits;
  logits.state = state;
  logits.ticks = {0, 4, 1, 0, 0, 0, 0};
  const int steps = 32;
  logits.ctc.assign(steps, {});
  for (auto& step : logits.ctc) step[0] = 10;  // blank everywhere...
  for (size_t i = 0; i < first.size(); ++i) {  // ... but for one step per digit
    auto& step = logits.ctc[4 + 4 * i];
    step[0] = -10;
    step[1 + (first[i] - '0')] = 10;
    if (i < second.size() && second[i] != first[i]) step[1 + (second[i] - '0')] = 10 - lead;
  }
  return logits;
}

TEST(ReadBoxTest, ANumberAndItsSecondReadingWithTheirProbabilities) {
  const BoxReading box = CalibrateBox(Logits({0, 6, 0, 0, 0}, "28", "18", 1.0f), {});
  const Reading reading = ReadBox(box, BoxRow::kEntry);
  ASSERT_EQ(reading.status, ReadingStatus::kNumber);
  EXPECT_EQ(reading.value, 28);
  ASSERT_GE(reading.alternatives.size(), 2u);
  EXPECT_EQ(reading.alternatives[1].value, 18);
  // Each reading's probability is P(number) x P(digits), and ValueScore() says the same of any value.
  const double p_number = reading.box->state[static_cast<int>(BoxState::kNumber)];
  EXPECT_NEAR(reading.alternatives[0].score, p_number * box.NumberProbability(28), 1e-12);
  EXPECT_NEAR(ValueScore(reading, 18), reading.alternatives[1].score, 1e-12);
  EXPECT_NEAR(reading.confidence, reading.alternatives[0].score, 1e-12);
  EXPECT_GT(ValueScore(reading, 18), 0.1 * ValueScore(reading, 28));  // the doubt is kept
  EXPECT_LT(ValueScore(reading, 38), 1e-3 * ValueScore(reading, 28));  // a digit the model does not see
}

TEST(ReadBoxTest, TicksAreNoReadingOfAnEntryBox) {
  // The model takes the mark for one tick more than a 1; in a box that holds a
  // number (not the bonus row) the tick's probability goes to the others.
  const BoxReading box = CalibrateBox(Logits({-4, 1, -4, 2, -4}, "1"), {});
  const Reading entry = ReadBox(box, BoxRow::kEntry);
  EXPECT_EQ(entry.status, ReadingStatus::kNumber);
  EXPECT_EQ(entry.value, 1);
  const Reading bonus = ReadBox(box, BoxRow::kTicksOrPoints);
  EXPECT_EQ(bonus.status, ReadingStatus::kChecks);
  EXPECT_EQ(bonus.checks, 1);
  EXPECT_LT(bonus.confidence, entry.confidence);
}

TEST(ReadBoxTest, TicksWithPointsBesideThem) {
  const BoxReading box = CalibrateBox(Logits({-4, -1, -4, -1, 5}, "100"), {});
  const Reading reading = ReadBox(box, BoxRow::kTicksOrPoints);
  ASSERT_EQ(reading.status, ReadingStatus::kChecks);
  EXPECT_EQ(reading.checks, 1);
  ASSERT_TRUE(reading.points.has_value());
  EXPECT_EQ(*reading.points, 100);
  EXPECT_GT(reading.points_confidence, 0.9);
}

TEST(ReadBoxTest, ACrossKeepsTheNumberTheMarkCouldBe) {
  const BoxReading box = CalibrateBox(Logits({-4, 1, 3, -4, -4}, "0"), {});
  const Reading reading = ReadBox(box, BoxRow::kEntry);
  ASSERT_EQ(reading.status, ReadingStatus::kCrossed);
  ASSERT_FALSE(reading.alternatives.empty());
  EXPECT_EQ(reading.alternatives[0].value, 0);
  EXPECT_LT(reading.alternatives[0].score, reading.confidence);
}

TEST(ReadBoxTest, AnEmptyBox) {
  const BoxReading box = CalibrateBox(Logits({6, -2, -2, -2, -2}, ""), {});
  const Reading reading = ReadBox(box, BoxRow::kEntry);
  EXPECT_EQ(reading.status, ReadingStatus::kEmpty);
  EXPECT_GT(reading.confidence, 0.99);
  EXPECT_TRUE(reading.alternatives.empty());
}

}  // namespace
}  // namespace scorecheck
