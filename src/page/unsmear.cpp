#include "page/unsmear.h"

#include <algorithm>
#include <cmath>
#include <vector>

#include <opencv2/imgproc.hpp>

#include "core/image_constants.h"

namespace scorecheck {
namespace {

// The smear's line is drawn this many samples a pixel, each shared among the
// four pixels around it: a line of any direction and fractional length.
constexpr int kLineSamplesPerPx = 8;
// The first round holds the page's steps this many step costs close: every
// step is still free to go.
constexpr double kFirstStiffnessPerCost = 2;

// The optical transfer function of `kernel` (centred) for a picture of
// `size`: its Fourier transform with its centre moved to the origin.
cv::Mat Transfer(const cv::Mat& kernel, cv::Size size) {
  cv::Mat placed = cv::Mat::zeros(size, CV_32F);
  const int cx = kernel.cols / 2, cy = kernel.rows / 2;
  for (int y = 0; y < kernel.rows; ++y)
    for (int x = 0; x < kernel.cols; ++x)
      placed.at<float>((y - cy + size.height) % size.height, (x - cx + size.width) % size.width) +=
          kernel.at<float>(y, x);
  cv::Mat transfer;
  cv::dft(placed, transfer, cv::DFT_COMPLEX_OUTPUT);
  return transfer;
}

// A straight smear `length` pixels long at `angle_deg`, summing to one.
cv::Mat SmearLine(double length, double angle_deg) {
  const int side = (static_cast<int>(std::ceil(length)) + 2) | 1;
  cv::Mat line = cv::Mat::zeros(side, side, CV_32F);
  const double t = angle_deg * CV_PI / kHalfTurnDeg, c = side / 2;
  const int samples = std::max(2, static_cast<int>(length * kLineSamplesPerPx));
  for (int i = 0; i < samples; ++i) {
    const double u = (static_cast<double>(i) / (samples - 1) - 0.5) * length;
    const double x = c + u * std::cos(t), y = c + u * std::sin(t);
    const int x0 = static_cast<int>(std::floor(x)), y0 = static_cast<int>(std::floor(y));
    const float fx = static_cast<float>(x - x0), fy = static_cast<float>(y - y0);
    line.at<float>(y0, x0) += (1 - fx) * (1 - fy);
    line.at<float>(y0, x0 + 1) += fx * (1 - fy);
    line.at<float>(y0 + 1, x0) += (1 - fx) * fy;
    line.at<float>(y0 + 1, x0 + 1) += fx * fy;
  }
  return line / cv::sum(line)[0];
}

// |transfer|^2, in both planes of a two-channel picture (to divide a
// spectrum by).
cv::Mat Power(const cv::Mat& transfer) {
  cv::Mat planes[2], power;
  cv::split(transfer, planes);
  cv::magnitude(planes[0], planes[1], power);
  power = power.mul(power);
  cv::Mat both;
  cv::merge(std::vector<cv::Mat>{power, power}, both);
  return both;
}

// The steps of `page` to the next pixel right and down (wrapping), each set
// to zero where the pair's squared size is under `threshold`; returned as
// their adjoint applied (what the Fourier solve needs: -div of the steps).
cv::Mat KeptStepsAdjoint(const cv::Mat& page, double threshold) {
  const int w = page.cols, h = page.rows;
  cv::Mat gx(page.size(), CV_32F), gy(page.size(), CV_32F);
  for (int y = 0; y < h; ++y) {
    const float* row = page.ptr<float>(y);
    const float* below = page.ptr<float>((y + 1) % h);
    float* sx = gx.ptr<float>(y);
    float* sy = gy.ptr<float>(y);
    for (int x = 0; x < w; ++x) {
      const float dx = row[(x + 1) % w] - row[x], dy = below[x] - row[x];
      const bool kept = dx * dx + dy * dy >= threshold;
      sx[x] = kept ? dx : 0;
      sy[x] = kept ? dy : 0;
    }
  }
  cv::Mat adjoint(page.size(), CV_32F);
  for (int y = 0; y < h; ++y) {
    const float* sx = gx.ptr<float>(y);
    const float* sy = gy.ptr<float>(y);
    const float* above = gy.ptr<float>((y + h - 1) % h);
    float* out = adjoint.ptr<float>(y);
    for (int x = 0; x < w; ++x) out[x] = sx[(x + w - 1) % w] - sx[x] + above[x] - sy[x];
  }
  return adjoint;
}

// `grey` (brightness 0..1, padded) with the smear `line` taken out (UnsmearOptions).
cv::Mat Deconvolved(const cv::Mat& grey, const cv::Mat& line, const UnsmearOptions& options) {
  const cv::Mat smear = Transfer(line, grey.size());
  // The step to the next pixel right (down) as a convolution: the pixel's
  // right (lower) neighbour less itself.
  const cv::Mat step_x = (cv::Mat_<float>(1, 3) << 1, -1, 0), step_y = (cv::Mat_<float>(3, 1) << 1, -1, 0);
  const cv::Mat smear_power = Power(smear);
  const cv::Mat step_power = Power(Transfer(step_x, grey.size())) + Power(Transfer(step_y, grey.size()));
  cv::Mat photo_spectrum, data;
  cv::dft(grey, photo_spectrum, cv::DFT_COMPLEX_OUTPUT);
  cv::mulSpectrums(photo_spectrum, smear, data, 0, true);  // the smear's adjoint applied to the photo
  cv::Mat page = grey.clone();
  for (double stiffness = kFirstStiffnessPerCost * options.step_cost; stiffness < options.max_stiffness;
       stiffness *= options.stiffness_growth) {
    cv::Mat steps;
    cv::dft(KeptStepsAdjoint(page, options.step_cost / stiffness), steps, cv::DFT_COMPLEX_OUTPUT);
    cv::Mat spectrum;
    cv::divide(data + stiffness * steps, smear_power + stiffness * step_power, spectrum);
    cv::idft(spectrum, page, cv::DFT_SCALE | cv::DFT_REAL_OUTPUT);
  }
  return page;
}

// `grey` (8-bit) with the smear `line` taken out: padded by the line's
// length, mirrored, so the page's edges do not wrap around into each other,
// to a size the transform is quick at.
cv::Mat UnsmearedGrey(const cv::Mat& grey, const cv::Mat& line, const UnsmearOptions& options) {
  const int pad = line.cols;
  const int rows = cv::getOptimalDFTSize(grey.rows + 2 * pad), cols = cv::getOptimalDFTSize(grey.cols + 2 * pad);
  cv::Mat level, padded;
  grey.convertTo(level, CV_32F, 1.0 / kWhite);
  cv::copyMakeBorder(level, padded, pad, rows - grey.rows - pad, pad, cols - grey.cols - pad, cv::BORDER_REFLECT);
  cv::Mat sharp;
  Deconvolved(padded, line, options)(cv::Rect(pad, pad, grey.cols, grey.rows)).convertTo(sharp, CV_8U, kWhite);
  return sharp;
}

}  // namespace

bool UnsmearOptions::Check() const {
  return work_side_px >= 2 && step_cost > 0 && stiffness_growth > 1 &&
         max_stiffness > kFirstStiffnessPerCost * step_cost;
}

cv::Mat Unsmeared(const cv::Mat& photo, const MotionBlur& blur, const UnsmearOptions& options) {
  const bool grey_or_colour = photo.channels() == 1 || photo.channels() == kColourChannels;
  if (photo.empty() || photo.depth() != CV_8U || !grey_or_colour || !blur.found ||
      blur.length_px <= 0 || !options.Check())
    return photo;
  const double scale = std::min(1.0, static_cast<double>(options.work_side_px) / std::max(photo.cols, photo.rows));
  cv::Mat small;
  cv::resize(photo, small, cv::Size(), scale, scale, cv::INTER_AREA);
  const bool colour = small.channels() == kColourChannels;
  cv::Mat ycc;
  if (colour) cv::cvtColor(small, ycc, cv::COLOR_BGR2YCrCb);
  else ycc = small;
  std::vector<cv::Mat> planes;
  cv::split(ycc, planes);
  planes[0] = UnsmearedGrey(planes[0], SmearLine(blur.length_px * scale, blur.angle_deg), options);
  cv::merge(planes, ycc);
  cv::Mat out;
  if (colour) cv::cvtColor(ycc, out, cv::COLOR_YCrCb2BGR);
  else out = ycc;
  if (out.size() != photo.size()) cv::resize(out, out, photo.size(), 0, 0, cv::INTER_CUBIC);
  return out;
}

}  // namespace scorecheck
