#pragma once
// The whole-number reader's side of reading a number: a second model
// (models/numbers.onnx, trained by tools/digits/train_numbers.py) reads a
// cell's number in one pass, left to right, without cutting it into digits
// (CTC: at each of its steps, the probability of each digit or of "no new
// digit here"). It does not need the touching digits cut apart, which is
// where the segmenter loses digits: a slanted 1 crossing into its
// neighbour. This header holds its input normalisation and the decoding of
// its steps; DigitReader::ReadNumber runs it.

#include <array>
#include <string>
#include <vector>

#include <opencv2/core.hpp>

namespace scorecheck {

/// The whole-number reader's output: per step (left to right), the
/// probabilities of blank (index 0: no new digit at this step) and of the
/// digits 0..9 (index d + 1). Empty when there is no such model.
using NumberSteps = std::vector<std::array<float, 11>>;

/// Input of the whole-number model, the contract of train_numbers.py's
/// normalize_number(): the ink's bounding box (pixels above a fifth of the
/// brightest) scaled to 20 px high, or to 88 px wide if that is narrower,
/// centred on a 28 x 96 canvas, brightest pixel 1. `u8`: CV_8U, ink bright,
/// background 0. Returns CV_32F 28 x 96.
cv::Mat NormalizeNumber(const cv::Mat& u8);
inline constexpr int kNumberCanvasHeight = 28;
inline constexpr int kNumberCanvasWidth = 96;

/// Probability that the steps spell `digits` (CTC: summed over every
/// alignment of the digits to the steps). 0 for an empty string or no steps.
double SequenceProbability(const NumberSteps& steps, const std::string& digits);

/// The steps softened: each probability raised to 1 / `temperature` and each
/// step renormalised, so that the model's sure mistakes leave room for other
/// spellings (ReadOptions::whole_number_temperature). As they are when
/// `temperature` is 1 or less.
NumberSteps SoftenSteps(NumberSteps steps, double temperature);

/// One distribution over eleven classes softened the same way, in place
/// (a step of the steps; the digit classifier's ten digits and reject).
void SoftenEleven(std::array<float, 11>& probabilities, double temperature);

/// One reading of the steps.
struct SpelledNumber {
  std::string digits;
  double probability = 0;
};

/// The `count` likeliest digit strings of at most `max_digits` digits, best
/// first (CTC prefix beam search).
std::vector<SpelledNumber> LikeliestNumbers(const NumberSteps& steps, int count, int max_digits);

}  // namespace scorecheck
