#pragma once
// Readings stage, inside: cutting touching digits apart. Used by the
// segmenter (segmenter.h); not part of the stage's contract.

#include <algorithm>
#include <cmath>
#include <vector>

#include <opencv2/core.hpp>

#include "readings/read_cell.h"

namespace scorecheck {

/// Touching ink is cut into two pieces or three (three touching digits of a
/// total), no more; with three, a digit's even share of the width is a third.
inline constexpr int kThreeParts = 3;

/// Coordinates for cutting touching digits in `box` along a slant:
/// u = x - shear * (y - centre) - origin, so that a cut at a fixed u is a
/// straight line leaning with the writing (shear 0: a vertical cut).
struct CutFrame {
  CutFrame(const cv::Rect& atom_box, double cut_shear) : box(atom_box), shear(cut_shear) {
    centre = box.y + box.height / 2.0;
    const double lean = std::abs(shear) * box.height / 2.0;
    origin = box.x - lean;
    width = std::max(1, static_cast<int>(std::ceil(box.width + 2 * lean)));
  }
  int U(int x, int y) const { return static_cast<int>(std::floor(x - shear * (y - centre) - origin)); }
  int X(int u, int y) const { return static_cast<int>(std::floor(u + origin + shear * (y - centre))); }
  // The pixels of `mask` in box with u in [from, to).
  cv::Mat Slice(const cv::Mat& mask, int from, int to) const {
    cv::Mat piece = cv::Mat::zeros(mask.size(), CV_8U);
    for (int y = box.y; y < box.y + box.height; ++y) {
      const uchar* in = mask.ptr<uchar>(y);
      uchar* out = piece.ptr<uchar>(y);
      for (int x = box.x; x < box.x + box.width; ++x) {
        const int u = U(x, y);
        if (in[x] && u >= from && u < to) out[x] = 255;
      }
    }
    return piece;
  }
  cv::Rect box;
  double shear = 0;
  double centre = 0;
  double origin = 0;
  int width = 1;
};

/// The writing's slant as a shear s (x' = x - s * (y - centre)) that makes
/// the ink's columns of `mask` most concentrated; 0 with little ink or
/// options.max_slant 0.
double EstimateSlant(const cv::Mat& mask, const ReadOptions& options);

/// The components of `mask` inside `box` that are not small slivers of a
/// neighbouring digit left over by a straight cut (mask size).
cv::Mat DropSlivers(const cv::Mat& mask, const cv::Rect& box);

/// How many separate strokes of `mask` the cut at `u` of `frame` crosses,
/// the fewest of it and its two neighbours.
int StrokesCrossed(const CutFrame& frame, const cv::Mat& mask, int u);

/// Cut positions (u, with 0 and frame.width at the ends) for cutting the ink
/// of `mask` in `frame` into `parts` (2 or 3) digits of a number whose digit
/// height is `digit_height`.
std::vector<std::vector<int>> CutCandidates(const CutFrame& frame, const cv::Mat& mask, int parts, int digit_height,
                                            const ReadOptions& options);

}  // namespace scorecheck
