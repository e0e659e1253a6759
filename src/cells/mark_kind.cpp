#include "cells/mark_kind.h"

#include <algorithm>
#include <cmath>

#include <opencv2/imgproc.hpp>

#include "cells/cross_out.h"
#include "core/image_constants.h"

namespace scorecheck {
namespace {

// A dash is one stroke holding at least this share of the cell's ink: most
// of it, the rest specks and what the line removal left.
constexpr double kDashInkShare = 0.6;
// A dash lies within this many degrees of the horizontal: a stroke struck
// across a box leans with the hand, a digit's long strokes stand steeper.
constexpr double kDashMostTiltDeg = 35;
// Floor of the variance across a stroke's principal axis, pixels squared:
// keeps a one-pixel-thin straight line's elongation finite, far under any
// real stroke's variance.
constexpr double kMinAcrossVariance = 1e-6;
// A uniform bar of length L has variance L * L / 12 along it.
constexpr double kUniformVarianceDivisor = 12;
// A digit stands inside a box when its middle lies between these shares of
// the cell's width from its left line: clear of a side's line by a tenth of
// the box, which a remnant of the line or a neighbour's stroke reaching in
// over it does not get past.
constexpr double kStandsFrom = 0.1, kStandsTo = 0.9;
// Ink lies near a diagonal of its box within this share of the box's shorter
// side (plus two pixels for the stroke's own width): the bands then cover
// about two thirds of the box.
constexpr double kDiagonalBand = 0.14;
// Blobs holding less than this share of the ink are specks, no stroke.
constexpr double kSpeckInkShare = 0.02;
// A centre-line point lies on a fitted straight line within this share of
// the box's shorter side (plus a pixel): a hand-drawn straight stroke bows by
// a few hundredths of its length, a digit's curve far more.
constexpr double kStraightBand = 0.05;
// A tick is a stroke at least this share of the cell's height; strokes
// overlapping sideways by more than this share of their own width are one
// tick (strokes of a tally touch at most at their ends).
constexpr double kTickMinHeight = 0.25, kTickOverlap = 0.2;

}  // namespace

// A dash striking the box out: one stroke holding most of the cell's ink,
// lying within 35 degrees of the horizontal, long across the cell and many
// times longer than thick (by the spread of its pixels along and across its
// principal axis, so a slanted or curved stroke counts as well as a flat
// one). No digit is that thin a stroke lying down: on misread numbers of
// development corpora the spread ratio stayed under 4.5, on dashes above 9.
bool IsDash(const cv::Mat& blob_mask, const cv::Rect& box, double cell_width, int ink_pixels,
            const CellOptions& options) {
  const cv::Moments m = cv::moments(blob_mask(box), true);
  if (m.m00 < kDashInkShare * ink_pixels || m.m00 <= 0) return false;
  const double a = m.mu20 / m.m00, c = m.mu02 / m.m00, b = m.mu11 / m.m00;
  const double root = std::sqrt(std::max(0.0, (a - c) * (a - c) / (2 * 2) + b * b));
  const double along = (a + c) / 2 + root, across = std::max(kMinAcrossVariance, (a + c) / 2 - root);
  const double tilt = std::abs(std::atan2(2 * b, a - c) / 2);  // principal axis from the horizontal, radians
  const double length = std::sqrt(kUniformVarianceDivisor * along);  // a bar of uniform ink that long
  if (tilt > kDashMostTiltDeg * CV_PI / kHalfTurnDeg || length < options.min_dash_width * cell_width) return false;
  const double elongation = std::sqrt(along / across);
  if (elongation >= options.dash_elongation) return true;
  // A dash drawn with a broad pen in a small box is only 4-5 times longer
  // than thick, but it is a solid bar: it fills its convex hull. A digit
  // lying that flat has hooks and bends that do not.
  if (elongation < options.solid_dash_elongation) return false;
  std::vector<std::vector<cv::Point>> contours;
  cv::findContours(blob_mask(box).clone(), contours, cv::RETR_EXTERNAL, cv::CHAIN_APPROX_SIMPLE);
  if (contours.empty()) return false;
  const auto outer = std::max_element(contours.begin(), contours.end(), [](const auto& p, const auto& q) {
    return cv::contourArea(p) < cv::contourArea(q);
  });
  std::vector<cv::Point> hull;
  cv::convexHull(*outer, hull);
  const double hull_area = cv::contourArea(hull);
  return hull_area > 0 && m.m00 / hull_area >= options.solid_dash_solidity;
}

// True when `blob` stands inside `cell` sideways, its middle clear of either
// side: a digit does; a remnant of a side's ruled line, or the end of the
// neighbour's digit reaching in over it, does not.
bool StandsInBox(const cv::Rect& blob, const cv::Rect2f& cell) {
  const double centre = blob.x + blob.width / 2.0;
  return centre > cell.x + kStandsFrom * cell.width && centre < cell.x + kStandsTo * cell.width;
}

// How much more of `blob`'s pixels lie near one of its bounding box's
// diagonals than if they were spread evenly over the box: 0 for even ink,
// 1 when all of it lies near them. The bands along the diagonals cover about
// two thirds of the box, so a number written across it has 80 % of its
// pixels near them and passed for a cross-out ("195" read X on blurred
// piecepack pages); an X has nearly all.
double DiagonalShare(const cv::Mat& blob_mask, const cv::Rect& box) {
  const double w = box.width, h = box.height, tolerance = kDiagonalBand * std::min(w, h) + 2;
  const double length = std::hypot(w, h);
  auto near_diagonal = [&](int x, int y) {
    const double d1 = std::abs(h * x - w * y) / length;          // top-left to bottom-right
    const double d2 = std::abs(h * x + w * y - w * h) / length;  // bottom-left to top-right
    return std::min(d1, d2) < tolerance;
  };
  int ink = 0, ink_near = 0, area_near = 0;
  const cv::Mat inside = blob_mask(box);
  for (int y = 0; y < box.height; ++y) {
    const uchar* row = inside.ptr<uchar>(y);
    for (int x = 0; x < box.width; ++x) {
      const bool near = near_diagonal(x, y);
      area_near += near;
      if (row[x]) ++ink, ink_near += near;
    }
  }
  if (ink == 0) return 0;
  const double even = static_cast<double>(area_near) / (static_cast<double>(box.width) * box.height);
  if (even >= 1) return 0;
  return std::max(0.0, (static_cast<double>(ink_near) / ink - even) / (1 - even));
}

// Share of the centre line of the blobs' strokes lying on one of two straight
// lines: one fitted to the centre-line pixels nearer the box's falling
// diagonal, one to those nearer its rising one (an X, a slash or a flat
// stroke). The centre line is the ridge of the distance to the paper, so a
// thick stroke counts as thin: at 75 dpi a pen stroke is a sixth of a small
// box, and nearly every pixel of a digit lies near a diagonal, while its
// centre line curves away from any straight line. Specks (blobs under 2% of
// the ink) are left out.
double CentreLineStraightness(const std::vector<cv::Rect>& blobs, const std::vector<cv::Mat>& blob_masks) {
  std::vector<int> areas;
  int ink = 0;
  for (size_t i = 0; i < blobs.size(); ++i) ink += areas.emplace_back(cv::countNonZero(blob_masks[i](blobs[i])));
  cv::Mat strokes = cv::Mat::zeros(blob_masks.front().size(), CV_8U);
  cv::Rect box;
  for (size_t i = 0; i < blobs.size(); ++i) {
    if (areas[i] < kSpeckInkShare * ink) continue;
    strokes |= blob_masks[i];
    box |= blobs[i];
  }
  if (box.empty()) return 0;
  cv::Mat distance, widest;
  cv::distanceTransform(strokes, distance, cv::DIST_L2, kSmallKernel);
  cv::dilate(distance, widest, cv::Mat());
  const double w = box.width, h = box.height;
  std::vector<cv::Point2f> falling, rising;
  for (int y = box.y; y < box.y + box.height; ++y)
    for (int x = box.x; x < box.x + box.width; ++x) {
      const float d = distance.at<float>(y, x);
      if (d <= 0 || d < widest.at<float>(y, x) - kRidgeSlack) continue;
      const double px = x - box.x, py = y - box.y;
      (std::abs(h * px - w * py) <= std::abs(h * px + w * py - w * h) ? falling : rising).emplace_back(px, py);
    }
  const size_t ridge = falling.size() + rising.size();
  if (ridge == 0) return 0;
  const double tolerance = kStraightBand * std::min(w, h) + 1;
  size_t on_line = 0;
  for (const std::vector<cv::Point2f>* points : {&falling, &rising}) {
    if (points->size() < 2) continue;
    cv::Vec4f line;  // direction (vx, vy), a point (x0, y0)
    cv::fitLine(*points, line, cv::DIST_HUBER, 0, kFitLineAccuracy, kFitLineAccuracy);
    for (const cv::Point2f& p : *points)
      on_line += std::abs((p.x - line[kLineX0]) * line[1] - (p.y - line[kLineY0]) * line[0]) < tolerance;
  }
  return static_cast<double>(on_line) / ridge;
}

int CountTicks(const std::vector<cv::Rect>& blobs, double cell_height) {
  // Each tick is one stroke; strokes that overlap sideways are one tick.
  int ticks = 0, right = -1;
  for (const cv::Rect& box : blobs) {
    if (box.height < kTickMinHeight * cell_height) continue;
    if (box.x > right - kTickOverlap * box.width) ++ticks;
    right = std::max(right, box.x + box.width);
  }
  return ticks;
}

namespace {

// How sure a mark the shape tests find is what they say: ticks counted, or a
// box struck out by a dash or crossing strokes. kNoTicksConfidence for a box
// of the ticks' row whose ink holds no tick: likely empty, less surely.
constexpr double kShapeConfidence = 0.9, kNoTicksConfidence = 0.6;
// A stroke flat across the box: wider than kFlatAcrossWidth of the cell and
// lower than kFlatAcrossHeight of it (no digit is that wide and that flat).
constexpr double kFlatAcrossWidth = 0.6, kFlatAcrossHeight = 0.3;
// A mark holds a fair share of the ink beside another when it holds at least
// this share of the other's: a 1 beside a long 2 holds about a third as much,
// a speck or a line's remnant far less.
constexpr double kFairInkShare = 0.15;
// Ink is looked at for lying along the box's diagonals when it covers more
// than kDiagonalMarkWidth of the cell's width and kDiagonalMarkHeight of its
// height: a cross-out covers most of the box.
constexpr double kDiagonalMarkWidth = 0.55, kDiagonalMarkHeight = 0.5;
// A cross-out's ink lies near the diagonals by at least this share above even
// ink: about 0.86 of its pixels near them (a number written across the box
// has about 0.8).
constexpr double kMinDiagonalShare = 0.6;
// A piece standing on the box's top (starting above kNearTop of its height)
// or bottom (ending below kNearBottom of it), and holding less than
// kSmallPieceInk of the ink, is a neighbour's digit overrunning into the box.
constexpr double kNearTop = 0.15, kNearBottom = 0.85, kSmallPieceInk = 0.25;
// Crossing strokes or a scribble strike a box out when the mark is wider
// than this share of the cell: a single digit is narrower.
constexpr double kMinCrossWidth = 0.4;

// Sets `result` to the ticks `kept` holds (the ticks' part of a bonus row).
void ClassifyTicks(CellInk& result, const std::vector<cv::Rect>& kept, double h) {
  const int ticks = CountTicks(kept, h);
  result.kind = ticks > 0 ? InkKind::kTicks : InkKind::kEmpty;
  result.ticks = ticks;
  result.confidence = ticks > 0 ? kShapeConfidence : kNoTicksConfidence;
}

// True when a mark as tall as a digit stands beside blob `b` of `result`,
// inside the box and holding a fair share of ink.
bool DigitBeside(const CellInk& result, size_t b, double h, const CellOptions& options) {
  const std::vector<cv::Rect>& kept = result.blobs;
  const cv::Rect2f& c = result.cell_in_crop;
  const int dash_ink = cv::countNonZero(result.blob_masks[b]);
  bool digit_beside = false;
  for (size_t o = 0; o < kept.size() && !digit_beside; ++o)
    digit_beside = o != b && kept[o].height >= options.digit_beside_dash * h && StandsInBox(kept[o], c) &&
                   cv::countNonZero(result.blob_masks[o]) >= kFairInkShare * dash_ink;
  return digit_beside;
}

// True, `result` set to a cross-out, when one stroke strikes the box out:
// flat across the cell, or a dash (slanted, short or blurred thick).
bool StruckByDash(CellInk& result, int ink_pixels, const CellOptions& options) {
  const std::vector<cv::Rect>& kept = result.blobs;
  const double w = result.cell_in_crop.width, h = result.cell_in_crop.height;
  for (size_t b = 0; b < kept.size(); ++b) {
    const cv::Rect& box = kept[b];
    const bool flat_across = box.width > kFlatAcrossWidth * w && box.height < kFlatAcrossHeight * h;
    // A stroke striking a box out is alone in it; beside a mark as tall as a
    // digit it is a digit written flat (the long wavy 2 of a "25" or "21").
    // Not beside a remnant of a side's line or the end of a neighbour's digit
    // reaching in over the side: a digit stands inside the box, and holds
    // ink (a 1 beside a long 2 about a third as much).
    if (options.digit_beside_dash > 0 && DigitBeside(result, b, h, options)) continue;
    if (flat_across || IsDash(result.blob_masks[b], box, w, ink_pixels, options)) {
      result.kind = InkKind::kCrossed;
      result.confidence = kShapeConfidence;
      // A number written small and flat across the box passes as well ("103"
      // read X); its centre line curves, so the reader gets a say.
      result.straightness = CentreLineStraightness(result.blobs, result.blob_masks);
      return true;
    }
  }
  return false;
}

// True when the two blobs of `result` stand side by side in the box, each
// with a fair share of the ink: digits, not the two strokes of an X.
bool SideBySide(const CellInk& result, const CellOptions& options) {
  const cv::Rect2f& c = result.cell_in_crop;
  const cv::Rect &a = result.blobs[0], &b = result.blobs[1];
  const int ink_a = cv::countNonZero(result.blob_masks[0]), ink_b = cv::countNonZero(result.blob_masks[1]);
  return std::min(a.x + a.width, b.x + b.width) - std::max(a.x, b.x) <
             options.cross_overlap * std::min(a.width, b.width) &&
         StandsInBox(a, c) && StandsInBox(b, c) && std::min(ink_a, ink_b) >= kFairInkShare * std::max(ink_a, ink_b);
}

// True, `result` set to a cross-out, when one or two strokes lie along the
// diagonals of a box (`all`, around every blob) covering most of the cell.
bool CrossedOnDiagonals(CellInk& result, const cv::Rect& all, const CellOptions& options) {
  const double w = result.cell_in_crop.width, h = result.cell_in_crop.height;
  if (!(all.width > kDiagonalMarkWidth * w && all.height > kDiagonalMarkHeight * h)) return false;
  cv::Mat union_mask = cv::Mat::zeros(result.ink.size(), CV_8U);
  for (const cv::Mat& blob : result.blob_masks) union_mask |= blob;
  const double share = DiagonalShare(union_mask, all);
  // 0.6 above even ink is about 0.86 of the pixels near the diagonals. On
  // dev seed 900008 numbers read "X" went from 50 to 3 cells, cross-outs
  // read as something else from 18 to 24 (most on one blurred page).
  // Two strokes of an X (or halves of one stroke) lie over each other;
  // two marks side by side in the box, each with a fair share of the ink,
  // are digits ("25" with a long wavy 2). A cross beside a remnant of a
  // side's line is still a cross.
  const bool side_by_side = result.blobs.size() == 2 && SideBySide(result, options);
  if (share > kMinDiagonalShare && result.blobs.size() <= 2 && !side_by_side) {
    result.kind = InkKind::kCrossed;
    result.confidence = std::min(1.0, share);
    result.straightness = CentreLineStraightness(result.blobs, result.blob_masks);
    return true;
  }
  return false;
}

// True, `result` set to a cross-out, when two long straight strokes cross
// or a scribble strikes the box out (see within).
bool CrossedOrScribbled(CellInk& result, int ink_pixels, const CellOptions& options) {
  const std::vector<cv::Rect>& kept = result.blobs;
  const cv::Rect2f& c = result.cell_in_crop;
  const double w = c.width, h = c.height;
  // Two long straight strokes crossing (an X of any aspect: one wide and
  // flat is too flat for the test above, and its crossing strokes read
  // "76"), or a scribble. Judged on the mark without pieces of the digits
  // above or below overrunning into the box along its top or bottom (the foot
  // of the number above, the top of the one below): small beside the mark and
  // standing on that border.
  std::vector<cv::Rect> main_blobs;
  std::vector<cv::Mat> main_masks;
  for (size_t b = 0; b < kept.size(); ++b) {
    const cv::Rect& box = kept[b];
    const int ink = cv::countNonZero(result.blob_masks[b]);
    const bool on_top = box.y < c.y + kNearTop * h && box.y + box.height < c.y + h / 2;
    const bool on_bottom = box.y + box.height > c.y + kNearBottom * h && box.y > c.y + h / 2;
    if ((on_top || on_bottom) && ink < kSmallPieceInk * ink_pixels) continue;
    main_blobs.push_back(box);
    main_masks.push_back(result.blob_masks[b]);
  }
  if (main_blobs.empty()) return false;
  cv::Rect main = main_blobs.front();
  for (const cv::Rect& box : main_blobs) main |= box;
  cv::Mat union_mask = cv::Mat::zeros(result.ink.size(), CV_8U);
  for (const cv::Mat& blob : main_masks) union_mask |= blob;
  if (main.width > kMinCrossWidth * w &&
      (IsStrokeCross(main_blobs, main_masks, options) || IsScribble(union_mask, main, w, h, options))) {
    result.kind = InkKind::kCrossed;
    result.confidence = kShapeConfidence;
    result.struck_out = true;
    result.straightness = CentreLineStraightness(main_blobs, main_masks);
    return true;
  }
  return false;
}

}  // namespace

void ClassifyMark(CellInk& result, int ink_pixels, CellPart part, const CellOptions& options) {
  const std::vector<cv::Rect>& kept = result.blobs;
  cv::Rect all = kept.front();
  for (const cv::Rect& box : kept) all |= box;
  const double h = result.cell_in_crop.height;

  if (part == CellPart::kChecks) {
    ClassifyTicks(result, kept, h);
    return;
  }

  // Cross-outs: one flat stroke across the cell, or a dash (slanted, short
  // or blurred thick), or one or two strokes along the diagonals of a box
  // covering most of it.
  if (StruckByDash(result, ink_pixels, options)) return;
  if (CrossedOnDiagonals(result, all, options)) return;
  if (CrossedOrScribbled(result, ink_pixels, options)) return;
  result.kind = InkKind::kNumber;
}

}  // namespace scorecheck
