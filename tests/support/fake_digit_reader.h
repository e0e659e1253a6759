#pragma once
// A DigitReader for tests that need no model: it "reads" a glyph by its width
// (narrow = 1, otherwise the digit given for that width band), and counts calls.

#include <functional>

#include "readings/digit_reader.h"

namespace scorecheck::testing {

class FakeDigitReader : public DigitReader {
 public:
  /// `read(glyph)` returns the digit and its probability.
  explicit FakeDigitReader(std::function<std::pair<int, float>(const cv::Mat&)> read) : read_(std::move(read)) {}
  DigitScores Classify(const cv::Mat& glyph) override {
    ++calls;
    const auto [digit, probability] = read_(glyph);
    DigitScores scores;
    scores.fill((1 - probability) / 9);
    scores[digit] = probability;
    return scores;
  }
  /// What ReadNumber() returns: none by default (no whole-number model).
  NumberSteps number_steps;
  NumberSteps ReadNumber(const cv::Mat&) override { return number_steps; }
  /// No box model: the cells are read glyph by glyph.
  std::vector<BoxReading> ReadBoxes(const cv::Mat&, const std::vector<cv::Rect2f>&) override { return {}; }
  /// No doubt model: the readers' own confidences stand.
  const DoubtModel* Doubt() override { return nullptr; }
  int calls = 0;

 private:
  std::function<std::pair<int, float>(const cv::Mat&)> read_;
};

}  // namespace scorecheck::testing
