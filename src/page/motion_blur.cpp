#include "page/motion_blur.h"

#include <algorithm>
#include <cmath>
#include <vector>

#include <opencv2/imgproc.hpp>

namespace scorecheck {
namespace {

// The cepstrum's spread is measured within this many pixels of its centre.
constexpr int kSpreadReachPx = 60;
// Directions are tried this many degrees apart.
constexpr double kAngleStepDeg = 2;
// The kernel's line is drawn with this many points per pixel of its length.
constexpr int kKernelPointsPerPx = 4;

// `m` with its quadrants swapped: the zero frequency (or lag) in the middle.
void SwapQuadrants(cv::Mat& m) {
  const int cx = m.cols / 2, cy = m.rows / 2;
  cv::Mat q0(m, cv::Rect(0, 0, cx, cy)), q1(m, cv::Rect(cx, 0, cx, cy)), q2(m, cv::Rect(0, cy, cx, cy)),
      q3(m, cv::Rect(cx, cy, cx, cy)), t;
  q0.copyTo(t), q3.copyTo(q0), t.copyTo(q3);
  q1.copyTo(t), q2.copyTo(q1), t.copyTo(q2);
}

cv::Mat Gray32(const cv::Mat& photo) {
  cv::Mat gray, out;
  if (photo.channels() == 1) gray = photo;
  else cv::cvtColor(photo, gray, photo.channels() == 4 ? cv::COLOR_BGRA2GRAY : cv::COLOR_BGR2GRAY);
  gray.convertTo(out, CV_32F);
  return out;
}

// The real cepstrum of `gray` (windowed, even size), zero lag in the middle.
cv::Mat Cepstrum(cv::Mat gray) {
  gray = gray(cv::Rect(0, 0, gray.cols & ~1, gray.rows & ~1)).clone();
  gray -= cv::mean(gray)[0];
  cv::Mat window;
  cv::createHanningWindow(window, gray.size(), CV_32F);
  gray = gray.mul(window);
  cv::Mat spectrum, planes[2], magnitude, cepstrum;
  cv::dft(gray, spectrum, cv::DFT_COMPLEX_OUTPUT);
  cv::split(spectrum, planes);
  cv::magnitude(planes[0], planes[1], magnitude);
  cv::log(magnitude + 1, magnitude);
  // The log spectrum is real and even, so its inverse transform is its
  // forward one: taken forward, as a real input to an inverse transform is
  // read as a packed spectrum.
  cv::dft(magnitude, spectrum, cv::DFT_COMPLEX_OUTPUT | cv::DFT_SCALE);
  cv::split(spectrum, planes);
  cepstrum = planes[0];
  SwapQuadrants(cepstrum);
  return cepstrum;
}

// A straight blur of `length` pixels at `angle_deg`, on a `size` image with
// its centre at the origin (wrapped), summing to one.
cv::Mat Kernel(cv::Size size, double angle_deg, double length) {
  cv::Mat kernel = cv::Mat::zeros(size, CV_32F);
  const double t = angle_deg * CV_PI / 180;
  const int points = std::max(1, static_cast<int>(std::ceil(length)) * kKernelPointsPerPx);
  for (int i = 0; i <= points; ++i) {
    const double d = -length / 2 + length * i / points;
    const int x = ((static_cast<int>(std::lround(d * std::cos(t))) % size.width) + size.width) % size.width;
    const int y = ((static_cast<int>(std::lround(d * std::sin(t))) % size.height) + size.height) % size.height;
    kernel.at<float>(y, x) += 1;
  }
  return kernel / cv::sum(kernel)[0];
}

}  // namespace

bool MotionOptions::Check() const {
  return analysis_side_px >= 2 * kSpreadReachPx && min_length_px >= 1 && max_length_px > min_length_px &&
         2 * max_length_px < analysis_side_px && min_dip > 0 && noise_to_signal > 0;
}

MotionBlur MeasureMotionBlur(const cv::Mat& photo, const MotionOptions& options) {
  MotionBlur blur;
  if (photo.empty() || !options.Check()) return blur;
  const double scale = std::min(1.0, static_cast<double>(options.analysis_side_px) / std::max(photo.cols, photo.rows));
  cv::Mat small;
  cv::resize(Gray32(photo), small, cv::Size(), scale, scale, cv::INTER_AREA);
  if (std::min(small.cols, small.rows) < 2 * kSpreadReachPx) return blur;
  const cv::Mat cepstrum = Cepstrum(small);
  const cv::Point centre(cepstrum.cols / 2, cepstrum.rows / 2);
  cv::Scalar mean, spread;
  cv::meanStdDev(cepstrum(cv::Rect(centre.x - kSpreadReachPx, centre.y - kSpreadReachPx, 2 * kSpreadReachPx,
                                   2 * kSpreadReachPx)),
                 mean, spread);
  if (spread[0] <= 0) return blur;
  double deepest = 0, angle = 0, length = 0;
  for (double a = 0; a < 180; a += kAngleStepDeg) {
    const double t = a * CV_PI / 180;
    for (int l = static_cast<int>(std::ceil(options.min_length_px)); l <= options.max_length_px; ++l) {
      const int x = centre.x + static_cast<int>(std::lround(l * std::cos(t)));
      const int y = centre.y + static_cast<int>(std::lround(l * std::sin(t)));
      const float v = cepstrum.at<float>(y, x);
      if (v < deepest) deepest = v, angle = a, length = l;
    }
  }
  // The dip's length to a fraction of a pixel: a parabola through it and
  // its neighbours along the same direction (a kernel a pixel too long or
  // short at the analysis size rings as ghost rules).
  const double t = angle * CV_PI / 180;
  auto at = [&](double l) {
    return cepstrum.at<float>(centre.y + static_cast<int>(std::lround(l * std::sin(t))),
                              centre.x + static_cast<int>(std::lround(l * std::cos(t))));
  };
  if (length > options.min_length_px && length < options.max_length_px) {
    const double before = at(length - 1), after = at(length + 1), curvature = before - 2 * deepest + after;
    if (curvature > 0) length += 0.5 * (before - after) / curvature;
  }
  blur.dip = -deepest / spread[0];
  blur.found = blur.dip >= options.min_dip;
  blur.angle_deg = angle;
  blur.length_px = length / scale;
  return blur;
}

cv::Mat Unblurred(const cv::Mat& photo, const MotionBlur& blur, const MotionOptions& options) {
  if (!blur.found || photo.empty()) return photo;
  const cv::Size size(cv::getOptimalDFTSize(photo.cols), cv::getOptimalDFTSize(photo.rows));
  cv::Mat kernel_spectrum, wiener;
  cv::dft(Kernel(size, blur.angle_deg, blur.length_px), kernel_spectrum, cv::DFT_COMPLEX_OUTPUT);
  // Wiener: conj(H) / (|H|^2 + noise to signal), complex per frequency.
  cv::Mat planes[2];
  cv::split(kernel_spectrum, planes);
  cv::Mat power = planes[0].mul(planes[0]) + planes[1].mul(planes[1]) + options.noise_to_signal;
  planes[0] /= power;
  planes[1] = -planes[1] / power;
  cv::merge(planes, 2, wiener);
  std::vector<cv::Mat> channels;
  cv::split(photo, channels);
  for (cv::Mat& channel : channels) {
    cv::Mat padded, spectrum, sharp;
    channel.convertTo(padded, CV_32F);
    cv::copyMakeBorder(padded, padded, 0, size.height - photo.rows, 0, size.width - photo.cols, cv::BORDER_REPLICATE);
    cv::dft(padded, spectrum, cv::DFT_COMPLEX_OUTPUT);
    cv::mulSpectrums(spectrum, wiener, spectrum, 0);
    cv::dft(spectrum, sharp, cv::DFT_INVERSE | cv::DFT_SCALE | cv::DFT_REAL_OUTPUT);
    sharp(cv::Rect(0, 0, photo.cols, photo.rows)).convertTo(channel, photo.depth());
  }
  cv::Mat out;
  cv::merge(channels, out);
  return out;
}

}  // namespace scorecheck
