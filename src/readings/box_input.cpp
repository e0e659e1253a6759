#include "readings/box_input.h"

#include <algorithm>
#include <array>
#include <cmath>
#include <cstdint>

#include <opencv2/imgproc.hpp>

#include "core/error.h"
#include "core/image_constants.h"

namespace scorecheck {

bool BoxInputOptions::Check() const {
  return height >= 1 && width >= 1 && min_width >= 1 && min_width <= width && margin_x >= 0 && margin_y >= 0 &&
         paper_percentile >= 0 && paper_percentile <= kPercent;
}

int BoxInputColumns(int crop_width, int crop_height, const BoxInputOptions& options) {
  // Python's round() rounds halves to even: nearbyint in the default rounding
  // mode does the same (std::round would not: a 17 x 64 crop gives 8.5 -> 8).
  // The quotient is one correctly rounded double division on both sides.
  const double columns = std::nearbyint(static_cast<double>(crop_width) * options.height / crop_height);
  return static_cast<int>(std::min<double>(options.width, std::max<double>(options.min_width, columns)));
}

namespace {

// The page's pixels in [x0, x1) x [y0, y1), edge pixels repeated off the page;
// all 255 when none of it is on the page (box_input.py's cut_out).
cv::Mat CutOut(const cv::Mat& gray, int x0, int y0, int x1, int y1) {
  const int cx0 = std::max(x0, 0), cy0 = std::max(y0, 0);
  const int cx1 = std::min(x1, gray.cols), cy1 = std::min(y1, gray.rows);
  if (cx0 >= cx1 || cy0 >= cy1) return cv::Mat(y1 - y0, x1 - x0, CV_8UC1, cv::Scalar(kWhite));
  // BORDER_ISOLATED: a page that is itself a view into a larger image (a ROI)
  // must repeat its own edge, as the numpy array in Python does, not show the
  // pixels beyond it.
  cv::Mat crop;
  cv::copyMakeBorder(gray(cv::Rect(cx0, cy0, cx1 - cx0, cy1 - cy0)), crop, cy0 - y0, y1 - cy1, cx0 - x0, x1 - cx1,
                     cv::BORDER_REPLICATE | cv::BORDER_ISOLATED);
  return crop;
}

// The paper_percentile-th percentile of a CV_8U patch, counted on the
// histogram: the smallest v with at least ceil(n * percentile / 100) pixels
// at or below it (box_input.py's paper_level, np.searchsorted on the
// cumulative histogram).
int PaperLevel(const cv::Mat& patch, double percentile) {
  std::array<int64_t, kGreyLevels> histogram{};
  for (int y = 0; y < patch.rows; ++y) {
    const uint8_t* row = patch.ptr<uint8_t>(y);
    for (int x = 0; x < patch.cols; ++x) ++histogram[row[x]];
  }
  const double need = std::ceil(static_cast<double>(patch.total()) * percentile / kPercent);
  int64_t count = 0;
  for (int v = 0; v < kGreyLevels; ++v) {
    count += histogram[v];
    if (static_cast<double>(count) >= need) return v;
  }
  return kGreyLevels;  // unreachable for a percentile of at most 100 (searchsorted's past-the-end)
}

}  // namespace

cv::Mat BoxInput(const cv::Mat& gray_page, const cv::Rect2f& box_in_page, const BoxInputOptions& options) {
  SC_CHECK(!gray_page.empty() && gray_page.type() == CV_8UC1, "BoxInput needs a non-empty CV_8UC1 page");
  cv::Mat input(options.height, options.width, CV_32F, cv::Scalar(0));
  // The rectangle's floats widened to doubles and combined in box_input.py's
  // order ((x + w) + margin), so that floor/ceil land on the same pixels.
  const double x = box_in_page.x, y = box_in_page.y, w = box_in_page.width, h = box_in_page.height;
  const double mx = options.margin_x * h, my = options.margin_y * h;
  const int x0 = static_cast<int>(std::floor(x - mx)), y0 = static_cast<int>(std::floor(y - my));
  const int x1 = static_cast<int>(std::ceil(x + w + mx)), y1 = static_cast<int>(std::ceil(y + h + my));
  if (x1 <= x0 || y1 <= y0) return input;  // no area: nothing to read (Python would fail in resize)

  const cv::Mat crop = CutOut(gray_page, x0, y0, x1, y1);
  const int columns = BoxInputColumns(x1 - x0, y1 - y0, options);
  cv::Mat patch;
  cv::resize(crop, patch, cv::Size(columns, options.height), 0, 0, cv::INTER_AREA);
  const float paper = static_cast<float>(std::max(PaperLevel(patch, options.paper_percentile), 1));

  // numpy: clip(1.0 - patch.astype(float32) / float32(paper), 0, 1), every
  // operation in float32; the same operations per grey level, looked up.
  std::array<float, kGreyLevels> ink{};
  for (int v = 0; v < kGreyLevels; ++v) ink[v] = std::clamp(1.0f - static_cast<float>(v) / paper, 0.0f, 1.0f);
  for (int r = 0; r < options.height; ++r) {
    const uint8_t* in = patch.ptr<uint8_t>(r);
    float* out = input.ptr<float>(r);
    for (int c = 0; c < columns; ++c) out[c] = ink[in[c]];
  }
  return input;
}

}  // namespace scorecheck
