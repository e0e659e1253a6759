#include "readings/whole_number.h"

#include <algorithm>
#include <cmath>
#include <map>

#include <opencv2/imgproc.hpp>

namespace scorecheck {
namespace {

constexpr int kBoxHeight = 20;  // the ink's height on the canvas
constexpr int kMaxWidth = 88;   // ... unless that makes it wider than this
constexpr int kBlank = 0;
constexpr int kBeamWidth = 16;  // prefixes kept per step by LikeliestNumbers()
constexpr float kNegligible = 1e-4f;  // digits less likely than this at a step do not start a prefix there

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
    for (int x = 0; x < u8.cols; ++x) out[x] = 5 * static_cast<int>(in[x]) > max_ink ? 255 : 0;
  }
  const cv::Rect box = cv::boundingRect(strong);
  cv::Mat crop;
  u8(box).convertTo(crop, CV_32F);
  const double scale = std::min(static_cast<double>(kBoxHeight) / box.height, static_cast<double>(kMaxWidth) / box.width);
  const int width = std::max(1, static_cast<int>(std::floor(box.width * scale + 0.5)));
  const int height = std::max(1, static_cast<int>(std::floor(box.height * scale + 0.5)));
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
  // blank, or ending in its last digit.
  struct Ends {
    double blank = 0, digit = 0;
  };
  std::map<std::string, Ends> beam = {{"", {1.0, 0.0}}};
  for (const auto& step : steps) {
    std::map<std::string, Ends> next;
    for (const auto& [prefix, ends] : beam) {
      next[prefix].blank += (ends.blank + ends.digit) * step[kBlank];
      for (int d = 0; d < 10; ++d) {
        const float p = step[d + 1];
        if (p < kNegligible) continue;
        const char c = static_cast<char>('0' + d);
        if (!prefix.empty() && prefix.back() == c) {
          next[prefix].digit += ends.digit * p;  // the same digit, still being written
          next[prefix + c].digit += ends.blank * p;  // a second one, after a blank
        } else if (static_cast<int>(prefix.size()) < max_digits) {
          next[prefix + c].digit += (ends.blank + ends.digit) * p;
        }
      }
    }
    std::vector<std::pair<std::string, Ends>> ranked(next.begin(), next.end());
    std::sort(ranked.begin(), ranked.end(), [](const auto& a, const auto& b) {
      return a.second.blank + a.second.digit > b.second.blank + b.second.digit;
    });
    if (static_cast<int>(ranked.size()) > kBeamWidth) ranked.resize(kBeamWidth);
    beam = std::map<std::string, Ends>(ranked.begin(), ranked.end());
  }
  std::vector<SpelledNumber> result;
  for (const auto& [prefix, ends] : beam)
    if (!prefix.empty() && ends.blank + ends.digit > 0) result.push_back({prefix, ends.blank + ends.digit});
  std::sort(result.begin(), result.end(),
            [](const SpelledNumber& a, const SpelledNumber& b) { return a.probability > b.probability; });
  if (static_cast<int>(result.size()) > count) result.resize(count);
  return result;
}

void SoftenEleven(std::array<float, 11>& probabilities, double temperature) {
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
