#include "page/grain.h"

#include <algorithm>
#include <cmath>
#include <vector>

#include <opencv2/imgproc.hpp>

#include "core/image_constants.h"
#include "core/robust_stats.h"
#include "image/gray.h"

namespace scorecheck {
namespace {

// The paper is the level this share of the page's pixels lie below.
constexpr double kPaperQuantile = 0.9;
// Every kSampleStride-th row is measured: a page holds millions of pixels,
// and the grain is the same in every row.
constexpr int kSampleStride = 2;
// The median: the level half the samples lie below.
constexpr double kMedian = 0.5;

}  // namespace

double MeasureGrain(const cv::Mat& page) {
  if (page.empty() || page.depth() != CV_8U) return 0;
  const cv::Mat gray = Gray(page);
  // Each pixel's 3 x 3 neighbourhood summed, itself included: nine times the
  // pixel less that sum is nine times its difference from the mean, a whole
  // number, so the median comes from a histogram.
  constexpr int kNeighbours = kSmallKernel * kSmallKernel;
  cv::Mat sums;
  cv::boxFilter(gray, sums, CV_16U, cv::Size(kSmallKernel, kSmallKernel), cv::Point(-1, -1), false,
                cv::BORDER_REPLICATE);
  std::vector<long> deviations(kNeighbours * kWhite + 1, 0), levels(kWhite + 1, 0);
  long samples = 0;
  for (int y = 0; y < gray.rows; y += kSampleStride) {
    const uchar* g = gray.ptr<uchar>(y);
    const ushort* sum = sums.ptr<ushort>(y);
    for (int x = 0; x < gray.cols; ++x, ++samples) {
      ++deviations[std::abs(kNeighbours * g[x] - sum[x])];
      ++levels[g[x]];
    }
  }
  // The level below which `share` of the samples lie, in `histogram`'s bins.
  auto quantile = [samples](const std::vector<long>& histogram, double share) {
    const int last = static_cast<int>(histogram.size()) - 1;
    int bin = 0;
    for (long count = histogram[0]; count < share * static_cast<double>(samples) && bin < last;)
      count += histogram[++bin];
    return bin;
  };
  const int paper = std::max(kDarkestPaper, quantile(levels, kPaperQuantile));
  // A pixel less its neighbourhood's mean (itself one of the nine) spreads
  // sqrt(8/9) as wide as the noise; that difference's median is about 0.
  const double median_deviation = static_cast<double>(quantile(deviations, kMedian)) / kNeighbours;
  const double spread = kNormalSigmasPerMad * median_deviation / std::sqrt((kNeighbours - 1.0) / kNeighbours);
  return spread / paper;
}

std::optional<cv::Mat> WithoutGrain(const cv::Mat& page, double px_per_mm, const GrainOptions& options) {
  if (page.empty() || MeasureGrain(page) <= options.max_grain) return std::nullopt;
  cv::Mat smooth;
  cv::GaussianBlur(page, smooth, cv::Size(), options.smooth_mm * px_per_mm);
  return smooth;
}

bool GrainOptions::Check() const { return max_grain > 0 && max_grain < 1 && smooth_mm > 0; }

}  // namespace scorecheck
