#include "cells/ink_mask.h"

#include <algorithm>
#include <vector>

#include <opencv2/imgproc.hpp>

#include "image/load_image.h"

namespace scorecheck {
namespace {

// Weak-ink regions that contain some strong ink (hysteresis).
cv::Mat Hysteresis(const cv::Mat& gray, int strong, int weak) {
  cv::Mat weak_mask = gray < weak, strong_mask = gray < strong;
  cv::Mat labels;
  const int count = cv::connectedComponents(weak_mask, labels, 8, CV_32S);
  std::vector<uchar> keep(count, 0);
  for (int y = 0; y < labels.rows; ++y) {
    const int* l = labels.ptr<int>(y);
    const uchar* s = strong_mask.ptr<uchar>(y);
    for (int x = 0; x < labels.cols; ++x)
      if (s[x]) keep[l[x]] = 1;
  }
  keep[0] = 0;
  cv::Mat mask(gray.size(), CV_8U);
  for (int y = 0; y < labels.rows; ++y) {
    const int* l = labels.ptr<int>(y);
    uchar* m = mask.ptr<uchar>(y);
    for (int x = 0; x < labels.cols; ++x) m[x] = keep[l[x]] ? 255 : 0;
  }
  return mask;
}

}  // namespace

// Ink pixels: weak-ink regions that contain some strong ink (hysteresis), so
// faint pencil strokes are kept whole and paper texture is not. The levels
// follow the darkest ink in the cell: a thin pencil line in a blurred photo
// never gets as dark as ballpoint.
cv::Mat InkMask(const cv::Mat& gray, const cv::Rect& inner, const CellOptions& options) {
  // Measure the ink away from the ruled lines: they are the darkest thing in
  // the cell and would set the levels for a faint pencil number.
  const int inset = std::max(4, inner.height / 8);
  cv::Rect interior(inner.x + inset, inner.y + inset, inner.width - 2 * inset, inner.height - 2 * inset);
  interior &= cv::Rect(0, 0, gray.cols, gray.rows);
  if (interior.empty()) interior = inner & cv::Rect(0, 0, gray.cols, gray.rows);
  cv::Mat sorted = gray(interior).clone().reshape(1, 1);
  cv::sort(sorted, sorted, cv::SORT_ASCENDING);
  const int darkest = sorted.empty() ? 255 : sorted.at<uchar>(0, sorted.cols / 200);  // 0.5th percentile
  const int wanted_strong = darkest + (kPaper - darkest) * 45 / 100, wanted_weak = darkest + (kPaper - darkest) * 75 / 100;
  int max_strong = options.max_strong_ink, max_weak = options.max_weak_ink;
  // Faint writing: ink paler than the strong cap lets through, yet clear of
  // the paper. The caps guard against paper noise, so on quiet paper they
  // may rise to a few of its noise widths below it. Light pencil on a
  // low-resolution photo (ink at 215-235, paper at 250 +-4) kept only its
  // darkest pixels under the fixed caps: "19" read 9, "134" read 34 (card
  // 0204 of seed 900023, 41 cells). Only for faint ink: darker writing
  // fattened under the higher weak cap and closed the loop of a 4.
  if (options.faint_strong_sigmas > 0 && !sorted.empty() && wanted_strong > options.max_strong_ink) {
    const int median = sorted.at<uchar>(0, sorted.cols / 2), quartile = sorted.at<uchar>(0, sorted.cols / 4);
    // Ink next to an empty box's paper noise stands out by a dozen levels.
    if (median - darkest >= options.faint_min_contrast) {
      // The paper's noise width from its darker quartile (the brighter one is
      // clipped at white); at least 3 levels: JPEG-flattened paper reads as 1.
      const double noise = std::max(3.0, (median - quartile) / 0.674);
      auto raised = [&](int cap, double sigmas, int ceiling) {
        return std::max(cap, std::min(ceiling, static_cast<int>(median - sigmas * noise)));
      };
      max_strong = raised(max_strong, options.faint_strong_sigmas, options.max_faint_strong_ink);
      max_weak = raised(max_weak, options.faint_weak_sigmas, options.max_faint_weak_ink);
    }
  }
  return Hysteresis(gray, std::clamp(wanted_strong, options.strong_ink, max_strong),
                    std::clamp(wanted_weak, options.weak_ink, max_weak));
}

cv::Mat NormalizeLighting(const cv::Mat& page_bgr) {
  // The darkest channel keeps blue ink and pencil dark while paper stays light.
  const cv::Mat gray = DarkestChannel(page_bgr);
  // Paper brightness: a heavy closing (removes ink and lines) on a small copy.
  cv::Mat small, background;
  const double scale = 0.25;
  cv::resize(gray, small, cv::Size(), scale, scale, cv::INTER_AREA);
  cv::morphologyEx(small, background, cv::MORPH_CLOSE, cv::getStructuringElement(cv::MORPH_ELLIPSE, cv::Size(15, 15)));
  cv::GaussianBlur(background, background, cv::Size(0, 0), 4);
  cv::resize(background, background, gray.size(), 0, 0, cv::INTER_LINEAR);
  cv::Mat normalized;
  cv::divide(gray, cv::max(background, 1), normalized, 255.0, CV_8U);
  return normalized;
}

}  // namespace scorecheck
