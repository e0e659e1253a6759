#include "page/motion_blur.h"

#include <algorithm>
#include <cmath>
#include <vector>

#include <opencv2/imgproc.hpp>

#include "core/image_constants.h"
#include "image/gray.h"

namespace scorecheck {
namespace {

// The cepstrum's spread is measured within this many pixels of its centre.
constexpr int kSpreadReachPx = 60;
// Directions are tried this many degrees apart.
constexpr double kAngleStepDeg = 2;
// Dips are looked for from this lag on, pixels at the analysis size: the
// first two lags hold the sensor's noise and its colour filter's
// interpolation, deepest there in most sharp photos.
constexpr int kFirstLagPx = 3;

// `m` with its quadrants swapped: the zero frequency (or lag) in the middle.
void SwapQuadrants(cv::Mat& m) {
  const int cx = m.cols / 2, cy = m.rows / 2;
  cv::Mat q0(m, cv::Rect(0, 0, cx, cy)), q1(m, cv::Rect(cx, 0, cx, cy)), q2(m, cv::Rect(0, cy, cx, cy)),
      q3(m, cv::Rect(cx, cy, cx, cy)), t;
  q0.copyTo(t), q3.copyTo(q0), t.copyTo(q3);
  q1.copyTo(t), q2.copyTo(q1), t.copyTo(q2);
}

cv::Mat Gray32(const cv::Mat& photo) {
  cv::Mat out;
  Gray(photo).convertTo(out, CV_32F);
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

// The cepstrum at `lag` pixels from `centre` along `angle_deg`, read between
// its pixels.
float At(const cv::Mat& cepstrum, cv::Point centre, double angle_deg, double lag) {
  const double t = angle_deg * CV_PI / kHalfTurnDeg;
  cv::Mat v;
  cv::getRectSubPix(cepstrum, {1, 1}, cv::Point2f(static_cast<float>(centre.x + lag * std::cos(t)),
                                                  static_cast<float>(centre.y + lag * std::sin(t))), v);
  return v.at<float>(0, 0);
}

// The dip's direction and length read between the pixels and directions
// searched. At a short lag the nearest pixels lie several steps apart in
// angle, so the direction found may be a few degrees off: it is turned
// finely until the ray's tip has moved kFineReachPx either way, and the
// length taken at the vertex of a parabola through the lags either side.
// The smear then taken out (page/unsmear) is the line the photo holds.
void RefineDip(const cv::Mat& cepstrum, cv::Point centre, double& angle, double& length) {
  constexpr double kFineStepDeg = 0.25;  // the finer directions, degrees apart
  constexpr double kFineReachPx = 1.5;   // how far the ray's tip moves each way, pixels
  const double reach = std::max(kAngleStepDeg, std::atan(kFineReachPx / length) * kHalfTurnDeg / CV_PI);
  double best = At(cepstrum, centre, angle, length), best_angle = angle;
  for (double a = angle - reach; a <= angle + reach; a += kFineStepDeg)
    if (const float v = At(cepstrum, centre, a, length); v < best) best = v, best_angle = a;
  angle = best_angle;
  const float before = At(cepstrum, centre, angle, length - 1), after = At(cepstrum, centre, angle, length + 1);
  const double curve = before - 2 * best + after;
  constexpr double kHalfLag = 0.5;  // a parabola's vertex past half a lag is another lag's dip
  if (curve > 0) length += std::clamp(kHalfLag * (before - after) / curve, -kHalfLag, kHalfLag);
}

}  // namespace

bool MotionOptions::Check() const {
  return analysis_side_px >= 2 * kSpreadReachPx && min_length_px >= kFirstLagPx && max_length_px > min_length_px &&
         2 * max_length_px < analysis_side_px && min_dip > 0;
}

MotionBlur MeasureMotionBlur(const cv::Mat& photo, const MotionOptions& options) {
  MotionBlur blur;
  if (photo.empty() || !options.Check()) return blur;
  const double scale = std::min(1.0, static_cast<double>(options.analysis_side_px) / std::max(photo.cols, photo.rows));
  cv::Mat small;
  cv::resize(Gray32(photo), small, cv::Size(), scale, scale, cv::INTER_AREA);
  // The cepstrum is read up to the longest blur and its spread measured
  // within kSpreadReachPx of its centre, both inside the picture.
  if (std::min(small.cols, small.rows) <= 2 * std::max(static_cast<double>(kSpreadReachPx), options.max_length_px))
    return blur;
  const cv::Mat cepstrum = Cepstrum(small);
  const cv::Point centre(cepstrum.cols / 2, cepstrum.rows / 2);
  cv::Scalar mean, spread;
  cv::meanStdDev(cepstrum(cv::Rect(centre.x - kSpreadReachPx, centre.y - kSpreadReachPx, 2 * kSpreadReachPx,
                                   2 * kSpreadReachPx)),
                 mean, spread);
  if (spread[0] <= 0) return blur;
  double deepest = 0, angle = 0, length = 0;
  for (double a = 0; a < kHalfTurnDeg; a += kAngleStepDeg) {
    const double t = a * CV_PI / kHalfTurnDeg;
    for (int l = kFirstLagPx; l <= options.max_length_px; ++l) {
      const int x = centre.x + static_cast<int>(std::lround(l * std::cos(t)));
      const int y = centre.y + static_cast<int>(std::lround(l * std::sin(t)));
      const float v = cepstrum.at<float>(y, x);
      if (v < deepest) deepest = v, angle = a, length = l;
    }
  }
  blur.dip = -deepest / spread[0];
  // A smear's sinc dips again at twice and three times its length, less
  // deeply: the deepest dip is its length, and a smear shorter than
  // min_length_px is not one to take out, whatever its echoes.
  blur.found = blur.dip >= options.min_dip && length >= options.min_length_px;
  if (blur.found) RefineDip(cepstrum, centre, angle, length);
  blur.angle_deg = angle;
  blur.length_px = length / scale;
  return blur;
}

}  // namespace scorecheck
