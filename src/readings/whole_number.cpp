#include "readings/whole_number.h"

#include <algorithm>
#include <cmath>
#include <cstdint>

#include <opencv2/imgproc.hpp>

#include "core/image_constants.h"
#include "readings/box_reader.h"
#include "readings/ctc.h"

namespace scorecheck {
namespace {

constexpr int kBoxHeight = 20;  // the ink's height on the canvas
constexpr int kMaxWidth = 88;   // ... unless that makes it wider than this
constexpr int kBlank = 0;
constexpr int kBeamWidth = 16;  // prefixes kept per step by LikeliestNumbers()
constexpr float kNegligible = 1e-4f;  // digits less likely than this at a step do not start a prefix there
// The ink's box is measured on its pixels above a fifth of the brightest
// (5 * v > max, as train_numbers.py does): faint fringes
// (anti-aliasing, blur) do not widen it.
constexpr int kFringeDivisor = 5;
// floor(x + this) rounds to the nearest integer, halves up: the model's
// normalisation (train_numbers.py) sizes the scaled box so.
constexpr double kRoundHalfUp = 0.5;

}  // namespace

cv::Mat NormalizeNumber(const cv::Mat& u8) {
  CV_Assert(u8.type() == CV_8UC1);
  cv::Mat canvas = cv::Mat::zeros(kNumberCanvasHeight, kNumberCanvasWidth, CV_32F);
  double max_ink = 0;
  cv::minMaxLoc(u8, nullptr, &max_ink);
  if (max_ink <= 0) return canvas;
  // Faint fringes (anti-aliasing, blur) do not widen the box.
  cv::Mat strong(u8.size(), CV_8U);
  for (int y = 0; y < u8.rows; ++y) {
    const uchar* in = u8.ptr<uchar>(y);
    uchar* out = strong.ptr<uchar>(y);
    for (int x = 0; x < u8.cols; ++x) out[x] = kFringeDivisor * static_cast<int>(in[x]) > max_ink ? kWhite : 0;
  }
  const cv::Rect box = cv::boundingRect(strong);
  cv::Mat crop;
  u8(box).convertTo(crop, CV_32F);
  const double scale = std::min(static_cast<double>(kBoxHeight) / box.height, static_cast<double>(kMaxWidth) / box.width);
  const int width = std::max(1, static_cast<int>(std::floor(box.width * scale + kRoundHalfUp)));
  const int height = std::max(1, static_cast<int>(std::floor(box.height * scale + kRoundHalfUp)));
  cv::Mat scaled;
  cv::resize(crop, scaled, cv::Size(width, height), 0, 0, scale < 1 ? cv::INTER_AREA : cv::INTER_LINEAR);
  scaled.copyTo(canvas(cv::Rect((kNumberCanvasWidth - width) / 2, (kNumberCanvasHeight - height) / 2, width, height)));
  double max_value = 0;
  cv::minMaxLoc(canvas, nullptr, &max_value);
  if (max_value > 0) canvas /= max_value;
  return canvas;
}

double SequenceProbability(const NumberSteps& steps, const std::string& digits) {
  if (steps.empty() || digits.empty()) return 0;
  // Forward pass over the digits with blanks between and around them:
  // position 2k + 1 is digit k, even positions are blanks.
  const int positions = 2 * static_cast<int>(digits.size()) + 1;
  auto label = [&](int position) { return position % 2 == 0 ? kBlank : digits[position / 2] - '0' + 1; };
  std::vector<double> alpha(positions, 0.0), next(positions);
  alpha[0] = steps[0][kBlank];
  alpha[1] = steps[0][label(1)];
  for (size_t t = 1; t < steps.size(); ++t) {
    for (int s = 0; s < positions; ++s) {
      double sum = alpha[s];
      if (s >= 1) sum += alpha[s - 1];
      // A digit may follow the previous digit without a blank between,
      // unless it is the same digit ("11" needs a blank to be two 1s).
      if (s >= 2 && label(s) != kBlank && label(s) != label(s - 2)) sum += alpha[s - 2];
      next[s] = sum * steps[t][label(s)];
    }
    alpha.swap(next);
  }
  return alpha[positions - 1] + alpha[positions - 2];
}

std::vector<SpelledNumber> LikeliestNumbers(const NumberSteps& steps, int count, int max_digits) {
  // Each prefix: probability of the steps so far spelling it and ending in a
  // blank, or ending in its last digit. A prefix is coded as its digits (each
  // plus one) in base 11, left-aligned to max_digits places: codes sort as the
  // digit strings do, so ties rank as they would by spelling, and the beam is
  // copied and looked up without building strings (it runs for every cell).
  max_digits = std::clamp(max_digits, 0, kMostCodedDigits);
  std::vector<std::uint64_t> place(max_digits + 1, 0);  // place[i]: the weight of digit i
  std::uint64_t weight = 1;
  for (int i = max_digits - 1; i >= 0; --i, weight *= kCtcClasses) place[i] = weight;
  struct Prefix {
    std::uint64_t code = 0;
    int length = 0, last = -1;  // digits; the last one (-1: none)
    double blank = 0, digit = 0;
    double Total() const { return blank + digit; }
  };
  const auto by_code = [](const Prefix& a, const Prefix& b) { return a.code < b.code; };
  std::vector<Prefix> beam = {{0, 0, -1, 1.0, 0.0}};  // sorted by code
  std::vector<Prefix> next;
  for (const auto& step : steps) {
    next.clear();
    for (const Prefix& prefix : beam) next.push_back({prefix.code, prefix.length, prefix.last, 0.0, 0.0});
    const size_t kept = next.size();
    // The entry of `prefix` followed by digit d: a prefix of the beam, or new.
    // (Two prefixes never share an extension.)
    const auto extended = [&](const Prefix& prefix, int d) -> Prefix& {
      const Prefix wanted{prefix.code + static_cast<std::uint64_t>(d + 1) * place[prefix.length], prefix.length + 1, d};
      const auto it = std::lower_bound(next.begin(), next.begin() + static_cast<std::ptrdiff_t>(kept), wanted, by_code);
      if (it != next.begin() + static_cast<std::ptrdiff_t>(kept) && it->code == wanted.code) return *it;
      next.push_back(wanted);
      return next.back();
    };
    for (size_t b = 0; b < kept; ++b) {
      const Prefix prefix = beam[b];
      next[b].blank += prefix.Total() * step[kBlank];
      for (int d = 0; d < kDigitCount; ++d) {
        const float p = step[d + 1];
        if (p < kNegligible) continue;
        if (prefix.last == d) {
          next[b].digit += prefix.digit * p;  // the same digit, still being written
          if (prefix.length < max_digits) extended(prefix, d).digit += prefix.blank * p;  // a second one, after a blank
        } else if (prefix.length < max_digits) {
          extended(prefix, d).digit += prefix.Total() * p;
        }
      }
    }
    std::sort(next.begin(), next.end(), by_code);
    std::sort(next.begin(), next.end(), [](const Prefix& a, const Prefix& b) { return a.Total() > b.Total(); });
    if (static_cast<int>(next.size()) > kBeamWidth) next.resize(kBeamWidth);
    std::sort(next.begin(), next.end(), by_code);
    beam.swap(next);
  }
  std::vector<SpelledNumber> result;
  for (const Prefix& prefix : beam) {
    if (prefix.length == 0 || prefix.Total() <= 0) continue;
    std::string digits;
    for (int i = 0; i < prefix.length; ++i)
      digits += static_cast<char>('0' + prefix.code / place[i] % kCtcClasses - 1);
    result.push_back({digits, prefix.Total()});
  }
  std::sort(result.begin(), result.end(),
            [](const SpelledNumber& a, const SpelledNumber& b) { return a.probability > b.probability; });
  if (static_cast<int>(result.size()) > count) result.resize(count);
  return result;
}

void SoftenEleven(NumberSteps::value_type& probabilities, double temperature) {
  if (temperature <= 1) return;
  double sum = 0;
  for (float& p : probabilities) sum += p = static_cast<float>(std::pow(p, 1 / temperature));
  for (float& p : probabilities) p = static_cast<float>(p / sum);
}

NumberSteps SoftenSteps(NumberSteps steps, double temperature) {
  for (auto& step : steps) SoftenEleven(step, temperature);
  return steps;
}

}  // namespace scorecheck
