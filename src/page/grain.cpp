#include "page/grain.h"

#include <algorithm>
#include <cmath>
#include <vector>

#include <opencv2/imgproc.hpp>

#include "core/image_constants.h"
#include "core/robust_stats.h"

namespace scorecheck {
namespace {

// The paper is the level this share of the page's pixels lie below.
constexpr double kPaperQuantile = 0.9;
// A paper darker than this gray level (0..255, a quarter of white) is a deep
// shadow or no paper: the grain is measured against at least this.
constexpr double kDarkestPaper = 64;
// Every kSampleStride-th row is measured: a page holds millions of pixels,
// and the grain is the same in every row.
constexpr int kSampleStride = 2;

cv::Mat Gray(const cv::Mat& page) {
  if (page.channels() == 1) return page;
  cv::Mat gray;
  cv::cvtColor(page, gray, page.channels() == 4 ? cv::COLOR_BGRA2GRAY : cv::COLOR_BGR2GRAY);
  return gray;
}

}  // namespace

double MeasureGrain(const cv::Mat& page) {
  if (page.empty()) return 0;
  const cv::Mat gray = Gray(page);
  cv::Mat level, mean;
  gray.convertTo(level, CV_32F);
  cv::blur(level, mean, cv::Size(kSmallKernel, kSmallKernel), cv::Point(-1, -1), cv::BORDER_REPLICATE);
  std::vector<float> deviations;
  std::vector<long> histogram(kWhite + 1, 0);
  for (int y = 0; y < gray.rows; y += kSampleStride) {
    const float *l = level.ptr<float>(y), *m = mean.ptr<float>(y);
    const uchar* g = gray.ptr<uchar>(y);
    for (int x = 0; x < gray.cols; ++x) {
      deviations.push_back(std::abs(l[x] - m[x]));
      ++histogram[g[x]];
    }
  }
  const double below_paper = kPaperQuantile * static_cast<double>(deviations.size());
  int paper = 0;
  for (long count = 0; paper < kWhite && (count += histogram[paper]) < below_paper;) ++paper;
  // A pixel less its neighbourhood's mean (itself one of the nine) spreads
  // sqrt(8/9) as wide as the noise; that difference's median is about 0.
  const auto middle = deviations.begin() + static_cast<long>(deviations.size() / 2);
  std::nth_element(deviations.begin(), middle, deviations.end());
  const double neighbours = kSmallKernel * kSmallKernel;
  const double spread = kNormalSigmasPerMad * *middle / std::sqrt((neighbours - 1) / neighbours);
  return spread / std::max(kDarkestPaper, static_cast<double>(paper));
}

std::optional<cv::Mat> WithoutGrain(const cv::Mat& page, double px_per_mm, const GrainOptions& options) {
  if (page.empty() || MeasureGrain(page) <= options.max_grain) return std::nullopt;
  cv::Mat smooth;
  cv::GaussianBlur(page, smooth, cv::Size(), options.smooth_mm * px_per_mm);
  return smooth;
}

bool GrainOptions::Check() const { return max_grain > 0 && max_grain < 1 && smooth_mm > 0; }

}  // namespace scorecheck
