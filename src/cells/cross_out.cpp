#include "cells/cross_out.h"

#include <algorithm>
#include <cmath>

#include <opencv2/imgproc.hpp>

#include "core/image_constants.h"

namespace scorecheck {
namespace {

// Fewer centre-line points than this are too few to fit two strokes to.
constexpr size_t kMinRidgePoints = 10;
// Two unit directions whose cross product (the sine of the angle between
// them) is under this are parallel: no crossing point to solve for.
constexpr double kParallelSine = 1e-6;
// A stroke's extent along its line, pixels, is at least this: a guard
// against dividing by a stroke of no length.
constexpr double kMinStrokeSpan = 1e-6;
// The middle half of the mark's rows (columns): a quarter of them off each
// end, where a scribble's turns and a digit's serifs lie.
constexpr int kOuterQuarter = 4;

// The centre line of `strokes` (CV_8U) inside `box`: the ridge of the
// distance to the paper, so that a thick stroke counts as thin. With
// `half_widths`, each point's distance to the paper too.
std::vector<cv::Point2f> Ridge(const cv::Mat& strokes, const cv::Rect& box, std::vector<float>* half_widths = nullptr) {
  cv::Mat distance, widest;
  cv::distanceTransform(strokes, distance, cv::DIST_L2, kSmallKernel);
  cv::dilate(distance, widest, cv::Mat());
  std::vector<cv::Point2f> ridge;
  for (int y = box.y; y < box.y + box.height; ++y)
    for (int x = box.x; x < box.x + box.width; ++x) {
      const float d = distance.at<float>(y, x);
      if (d <= 0 || d < widest.at<float>(y, x) - kRidgeSlack) continue;
      ridge.emplace_back(static_cast<float>(x), static_cast<float>(y));
      if (half_widths) half_widths->push_back(d);
    }
  return ridge;
}

// A straight stroke fitted to centre-line points: its direction, a point on
// it, how many of the points lie on it, and their extent along it.
struct Stroke {
  double angle = 0;       // radians from the horizontal, in (-pi/2, pi/2]
  cv::Point2d at;         // a point on the line
  size_t on_line = 0;     // points within the tolerance
  double from = 0, to = 0;  // extent of those points along the direction, from `at`
};

// The straight line through `points` (a robust fit), with those within
// `tolerance` of it.
Stroke FitStroke(const std::vector<cv::Point2f>& points, double tolerance) {
  Stroke stroke;
  if (points.size() < 2) return stroke;
  cv::Vec4f line;  // direction (vx, vy), a point (x0, y0)
  cv::fitLine(points, line, cv::DIST_HUBER, 0, kFitLineAccuracy, kFitLineAccuracy);
  double dx = line[0], dy = line[1];
  if (dx < 0 || (dx == 0 && dy < 0)) dx = -dx, dy = -dy;
  stroke.angle = std::atan2(dy, dx);
  stroke.at = cv::Point2d(line[kLineX0], line[kLineY0]);
  stroke.from = kFarAway;
  stroke.to = -kFarAway;
  for (const cv::Point2f& p : points) {
    const double ox = p.x - stroke.at.x, oy = p.y - stroke.at.y;
    if (std::abs(ox * dy - oy * dx) >= tolerance) continue;
    ++stroke.on_line;
    const double t = ox * dx + oy * dy;
    stroke.from = std::min(stroke.from, t);
    stroke.to = std::max(stroke.to, t);
  }
  return stroke;
}

// Takes out of `strokes` the parts much thinner than its own strokes (the
// median of `half_widths`, its ridge's distances to the paper), and shrinks
// `box` to what is left; false when nothing is taken out. In a blurred photo
// a pixel-wide edge of a column line the line removal left hangs on an X's
// arm (strokes five pixels wide); it stretched the mark's box and pulled
// both fits off the X's strokes, and the X was read a "0". Strokes under
// three pixels wide lose nothing.
bool TakeOutThinParts(cv::Mat& strokes, cv::Rect& box, std::vector<float> half_widths) {
  if (half_widths.empty()) return false;
  std::nth_element(half_widths.begin(), half_widths.begin() + half_widths.size() / 2, half_widths.end());
  const int side = static_cast<int>(std::lround(half_widths[half_widths.size() / 2]));
  if (side < 2) return false;
  cv::morphologyEx(strokes, strokes, cv::MORPH_OPEN, cv::getStructuringElement(cv::MORPH_RECT, cv::Size(side, side)));
  box = cv::boundingRect(strokes);
  return true;
}

}  // namespace

bool IsStrokeCross(const std::vector<cv::Rect>& blobs, const std::vector<cv::Mat>& blob_masks,
                   const CellOptions& options) {
  if (options.cross_stroke_length <= 0 || blobs.empty()) return false;
  cv::Mat strokes = cv::Mat::zeros(blob_masks.front().size(), CV_8U);
  cv::Rect box;
  for (size_t i = 0; i < blobs.size(); ++i) {
    strokes |= blob_masks[i];
    box |= blobs[i];
  }
  std::vector<float> half_widths;
  std::vector<cv::Point2f> ridge = Ridge(strokes, box, &half_widths);
  if (TakeOutThinParts(strokes, box, std::move(half_widths))) {
    if (box.empty()) return false;
    ridge = Ridge(strokes, box);
  }
  if (ridge.size() < kMinRidgePoints) return false;
  // The centre-line points nearer the box's falling diagonal, and those
  // nearer its rising one: an X's two strokes, whatever its aspect (in a
  // wide flat X a flat line through the crossing holds parts of both).
  const double w = box.width, h = box.height;
  std::vector<cv::Point2f> falling, rising;
  for (const cv::Point2f& p : ridge) {
    const double px = p.x - box.x, py = p.y - box.y;
    (std::abs(h * px - w * py) <= std::abs(h * px + w * py - w * h) ? falling : rising).push_back(p);
  }
  // A hand-drawn stroke bows: by up to a few hundredths of its length
  // (synthetic strokes: 3% of the length, one standard deviation).
  constexpr double kBowShare = 0.035, kMinBowPx = 2.0;
  const double diagonal = std::hypot(w, h);
  const double tolerance = std::max(kMinBowPx, kBowShare * diagonal);
  const Stroke first = FitStroke(falling, tolerance), second = FitStroke(rising, tolerance);
  if (static_cast<double>(first.on_line + second.on_line) < options.cross_on_strokes * ridge.size()) return false;
  // Both long: an X's strokes run corner to corner of the mark.
  for (const Stroke* s : {&first, &second})
    if (s->to - s->from < options.cross_stroke_length * diagonal) return false;
  // Leaning opposite ways, and alike: an X is near mirror-symmetric; an
  // upright crossed by a flat stroke (a 4, a +) is not. Neither flat nor
  // upright within 3 degrees, so that the sign of the lean means something.
  const double a = first.angle, b = second.angle;
  constexpr double kNearAxisDeg = 3;
  const double near_axis = kNearAxisDeg * CV_PI / kHalfTurnDeg;
  if (a * b >= 0 || std::min(std::abs(a), std::abs(b)) < near_axis ||
      std::max(std::abs(a), std::abs(b)) > CV_PI / 2 - near_axis)
    return false;
  // Alike: the steeper stroke's slope at most this many times the other's
  // (an X drawn in a wide box leans 20 and 60 degrees, slopes 0.36 and 1.7).
  constexpr double kMostSlopeRatio = 3.5;
  const double ta = std::abs(std::tan(a)), tb = std::abs(std::tan(b));
  if (std::max(ta, tb) > kMostSlopeRatio * std::min(ta, tb)) return false;
  // Crossing near their middles: strokes that meet at an end (a 7, a V, an
  // L) or one stopping at the other (a T) are not a cross. Solve
  // at_a + s * d_a = at_b + t * d_b.
  const double dax = std::cos(a), day = std::sin(a), dbx = std::cos(b), dby = std::sin(b);
  const double det = dbx * day - dax * dby;
  if (std::abs(det) < kParallelSine) return false;
  const double rx = second.at.x - first.at.x, ry = second.at.y - first.at.y;
  constexpr double kMiddleFrom = 0.2;  // the crossing lies within each stroke's middle three fifths
  const double s = (dbx * ry - dby * rx) / det, t = (dax * ry - day * rx) / det;
  for (const auto& [stroke, along] : {std::pair{&first, s}, std::pair{&second, t}}) {
    const double share = (along - stroke->from) / std::max(kMinStrokeSpan, stroke->to - stroke->from);
    if (share < kMiddleFrom || share > 1 - kMiddleFrom) return false;
  }
  // Crossing on the ink, which is one piece there: a pen drawing an X goes
  // over its first stroke. Two straight-ish pieces that would cross in the
  // gap between them, or one digit's piece among others, are writing (a small
  // flat "205" in three blurred blobs passed every test above).
  const cv::Point2d crossing = first.at + s * cv::Point2d(dax, day);
  cv::Mat labels;
  cv::connectedComponents(strokes, labels, kEightConnected, CV_32S);
  int label = 0;
  const int reach = static_cast<int>(std::ceil(tolerance));
  for (int dy = -reach; dy <= reach && label == 0; ++dy)
    for (int dx = -reach; dx <= reach && label == 0; ++dx) {
      const int x = static_cast<int>(std::lround(crossing.x)) + dx, y = static_cast<int>(std::lround(crossing.y)) + dy;
      if (x >= 0 && y >= 0 && x < labels.cols && y < labels.rows) label = labels.at<int>(y, x);
    }
  if (label == 0) return false;
  constexpr double kOnePieceShare = 0.8;  // of the mark's ink in the piece through the crossing
  return cv::countNonZero(labels == label) >= kOnePieceShare * cv::countNonZero(strokes);
}

bool IsScribble(const cv::Mat& mask, const cv::Rect& box, double cell_width, double cell_height,
                const CellOptions& options) {
  if (options.scribble_strokes <= 0) return false;
  // A scribble covers the box: half its width and two fifths of its height
  // at least (a digit's loop is smaller).
  constexpr double kLeastWidth = 0.5, kLeastHeight = 0.4;
  if (box.width < kLeastWidth * cell_width || box.height < kLeastHeight * cell_height) return false;
  // Strokes crossed by a row (a column) of the mark's middle half, the median
  // over those rows (columns). A number's row crosses at most two or three
  // strokes per digit, a digit about as wide as 0.6 of its height ("1111":
  // 2 per height, "1000": 3); a scribble's zigzags many more.
  auto median_runs = [&](bool rows) {
    const int lines = rows ? box.height : box.width, length = rows ? box.width : box.height;
    std::vector<int> runs;
    for (int k = lines / kOuterQuarter; k < lines - lines / kOuterQuarter; ++k) {
      int count = 0;
      bool inside = false;
      for (int i = 0; i < length; ++i) {
        const bool ink = rows ? mask.at<uchar>(box.y + k, box.x + i) : mask.at<uchar>(box.y + i, box.x + k);
        count += ink && !inside;
        inside = ink;
      }
      runs.push_back(count);
    }
    if (runs.empty()) return 0;
    std::nth_element(runs.begin(), runs.begin() + runs.size() / 2, runs.end());
    return runs[runs.size() / 2];
  };
  const double across = median_runs(true) * static_cast<double>(box.height) / box.width;  // per digit height
  return across >= options.scribble_strokes || median_runs(false) >= options.scribble_strokes + 1;
}

}  // namespace scorecheck
