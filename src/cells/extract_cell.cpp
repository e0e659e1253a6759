#include "cells/extract_cell.h"

#include <algorithm>
#include <array>
#include <cmath>

#include <opencv2/imgproc.hpp>

#include "image/load_image.h"

namespace scorecheck {
namespace {

// The paper's gray on a page from NormalizeLighting.
constexpr int kPaper = 250;
// How far from a border its ruled line is looked for, as a share of the
// cell's height.
constexpr double kLineBand = 0.12;
// That band in pixels, for `cell`.
int LineBand(const cv::Rect2f& cell) { return std::max(3, static_cast<int>(cell.height * kLineBand)); }
// A pen stroke along a side's line whose pixels lie this far (pixels, on
// average) into the cell from the line's own middle leans into the cell.
constexpr double kLeanIn = 0.5;

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

// Takes out of `lines` the pieces where a pen stroke crosses the line: a run
// of line pixels across the line with ink off the line on both sides of it.
// Digits overrun their box; cut at the line, the part beyond it becomes a
// blob of its own, mostly outside the cell, and is dropped (a 7 whose stem
// crossed the top line lost its bar). Kept, the stroke stays one blob.
void KeepCrossingStrokes(cv::Mat& lines, const cv::Mat& mask, bool horizontal) {
  const cv::Mat off_line = mask & ~lines;
  const int across = horizontal ? lines.rows : lines.cols, along = horizontal ? lines.cols : lines.rows;
  auto at = [horizontal](const cv::Mat& m, int a, int t) -> uchar {
    return horizontal ? m.at<uchar>(a, t) : m.at<uchar>(t, a);
  };
  auto clear = [horizontal](cv::Mat& m, int a, int t) { (horizontal ? m.at<uchar>(a, t) : m.at<uchar>(t, a)) = 0; };
  auto ink_at = [&](int a, int t) { return a >= 0 && a < across && at(off_line, a, t); };
  for (int t = 0; t < along; ++t)
    for (int a = 0; a < across;) {
      if (!at(lines, a, t)) {
        ++a;
        continue;
      }
      int end = a;
      while (end < across && at(lines, end, t)) ++end;
      if ((ink_at(a - 1, t) || ink_at(a - 2, t)) && (ink_at(end, t) || ink_at(end + 1, t)))
        for (int k = a; k < end; ++k) clear(lines, k, t);
      a = end;
    }
}

// The pixels of a side's ruled line where a pen stroke of this cell runs
// along it (a 1 written on the left line): the line is darker over a wider
// span there than where it runs alone (on average by `pen_widening` pixels,
// or a quarter of its width), or holds more ink (by `pen_heavier` of its
// own), over a stretch of at least `pen_along_side` of the cell's height.
// The stroke is this cell's when it leans into the cell (`inward`: +1 when
// the cell lies to the right of this line, -1 to its left) or the cell's
// other ink comes nearer to it than the neighbour's. `mask` is the
// crop's ink, `columns` the side's band in it, `line_pixels` the band's line
// pixels, `gray` the band of the page. Returns a mask of the band (CV_8U, 255
// = keep: pen, not line); empty when there is no such stroke of this cell.
cv::Mat PenAlongSide(const cv::Mat& mask, const cv::Range& columns, const cv::Mat& line_pixels, const cv::Mat& gray,
                     const cv::Rect2f& cell, const CellOptions& options, int inward, bool written_beyond) {
  const double min_share = options.pen_along_side;
  const int widening = options.pen_widening;
  // Widths count the line's darker pixels only (a quarter of the way from
  // paper to the line's core and beyond): its pale, anti-aliased edges sit at
  // the ink threshold and come and go along the line (a line turned by a
  // fraction of a pixel on a rotated scan); a pen beside it is darker, even
  // a faint one (half way, a faint 1 beside the line went with it).
  std::array<int, 256> levels{};  // line pixels by gray level
  int line_count = 0;
  for (int y = 0; y < line_pixels.rows; ++y)
    for (int x = 0; x < line_pixels.cols; ++x)
      if (line_pixels.at<uchar>(y, x)) ++levels[gray.at<uchar>(y, x)], ++line_count;
  if (line_count == 0) return {};
  int core = 0;  // the line's 10th-percentile gray
  for (int below = 0; below + levels[core] <= line_count / 10;) below += levels[core++];
  const int dark = kPaper - (kPaper - core) / 4;
  std::vector<int> width(line_pixels.rows, 0);
  std::vector<int> mass(line_pixels.rows, 0);       // the row's ink: its line pixels' depth below the paper
  std::vector<double> middle(line_pixels.rows, 0);  // mean column of the row's dark pixels
  std::vector<int> seen, seen_mass;
  for (int y = 0; y < line_pixels.rows; ++y) {
    double columns_sum = 0;
    const uchar* on_line = line_pixels.ptr<uchar>(y);
    const uchar* level = gray.ptr<uchar>(y);
    for (int x = 0; x < line_pixels.cols; ++x) {
      if (!on_line[x]) continue;
      mass[y] += std::max(0, kPaper - level[x]);
      if (level[x] < dark) ++width[y], columns_sum += x;
    }
    if (width[y] == 0) continue;
    middle[y] = columns_sum / width[y];
    seen.push_back(width[y]);
    seen_mass.push_back(mass[y]);
  }
  if (seen.size() < 4) return {};
  // The line alone: its narrower rows (a digit along it covers far fewer
  // than three quarters of the crop's rows).
  std::nth_element(seen.begin(), seen.begin() + seen.size() / 4, seen.end());
  const int alone = seen[seen.size() / 4];
  std::nth_element(seen_mass.begin(), seen_mass.begin() + seen_mass.size() / 4, seen_mass.end());
  const int alone_mass = seen_mass[seen_mass.size() / 4];
  // The stretch: rows wider than the line alone, on average by `widening`
  // (a faint or wavering stroke widens some rows by a pixel only), or
  // holding more ink than it alone (a thin 1 laid over the line's edge
  // widens its dark core by a pixel but nearly doubles its ink: "18" read 8,
  // card 0271 of seed 900024).
  const int wider = alone + 1;
  const double heavier_share = options.pen_heavier;
  const bool by_mass = heavier_share > 0 && alone_mass > 0;
  // By ink only between the row lines' bands: where a row line crosses, the
  // line holds more ink anyway (a phantom 1 in an empty box of a blurred page).
  const int line_band = LineBand(cell);
  const int between_from = static_cast<int>(cell.y) + line_band;
  const int between_to = static_cast<int>(cell.y + cell.height) - line_band;
  auto heavier = [&](int y) {
    return by_mass && y >= between_from && y < between_to && mass[y] >= alone_mass * (1 + heavier_share / 2);
  };
  auto beside_line = [&](int y) { return width[y] >= wider || heavier(y); };
  int best_from = 0, best_length = 0;
  for (int y = 0; y < line_pixels.rows;) {
    if (!beside_line(y)) {
      ++y;
      continue;
    }
    int end = y, gap = 0;
    for (int k = y; k < line_pixels.rows && gap <= 1; ++k) {
      if (beside_line(k)) end = k + 1, gap = 0;
      else ++gap;
    }
    if (end - y > best_length) best_from = y, best_length = end - y;
    y = end;
  }
  if (best_length < min_share * cell.height) return {};
  double excess = 0, excess_mass = 0;
  for (int y = best_from; y < best_from + best_length; ++y) {
    excess += std::max(0, width[y] - alone);
    if (y >= between_from && y < between_to) excess_mass += std::max(0, mass[y] - alone_mass);
  }
  const bool widens = excess >= std::max(widening, alone / 4) * best_length;
  const bool darkens = by_mass && excess_mass >= heavier_share * alone_mass * best_length;
  if (!widens && !darkens) return {};
  // The line runs alone at its own width above and below the stretch. A
  // line leaning out of the side's band narrows towards one end instead: its
  // "wider" stretch runs to the end of the crop.
  const int alone_rows = std::max(3, static_cast<int>(0.1 * cell.height));
  double alone_middle = 0;
  int alone_count = 0;
  std::vector<int> alone_left, alone_right;  // the line's extent in those rows
  auto runs_alone = [&](int from, int to) {
    int count = 0;
    for (int y = std::max(0, from); y < std::min(line_pixels.rows, to); ++y) {
      if (width[y] == 0 || beside_line(y)) continue;
      ++count;
      alone_middle += middle[y];
      std::vector<cv::Point> points;
      cv::findNonZero(line_pixels.row(y), points);
      const auto [left, right] = std::minmax_element(points.begin(), points.end(),
                                                     [](const cv::Point& a, const cv::Point& b) { return a.x < b.x; });
      alone_left.push_back(left->x);
      alone_right.push_back(right->x);
    }
    alone_count += count;
    return count >= alone_rows;
  };
  // Anywhere before and after the stretch, not only next to it: a 1 written
  // down to the bottom border widens the line right up to where the row line
  // crosses it, and the line runs alone only in the margin beyond ("18" read
  // 8 on a low-resolution page).
  if (!runs_alone(0, best_from) || !runs_alone(best_from + best_length, line_pixels.rows)) return {};
  double pen_middle = 0;
  for (int y = best_from; y < best_from + best_length; ++y) pen_middle += middle[y];
  const double lean = pen_middle / best_length - alone_middle / alone_count;
  // Whose stroke: this cell's when it leans into it, or when the cell's other
  // ink comes nearer to it than ink on the far side (a 1 written on the line
  // before the rest of the number, mostly outside). Not by the nearer ink
  // alone: beside the first score column lie the printed labels. Per row of
  // the stretch, from the line's edge on one side, past ink touching it (the
  // stroke's own), the paper up to the next ink.
  const int reach = static_cast<int>(0.5 * cell.height);
  auto gap = [&](int direction) {
    int nearest = reach;
    for (int y = best_from; y < best_from + best_length; ++y) {
      int edge = -1;
      for (int x = 0; x < line_pixels.cols; ++x)
        if (line_pixels.at<uchar>(y, x) && (edge < 0 || (direction > 0) == (x > edge))) edge = x;
      if (edge < 0) continue;
      int x = columns.start + edge + direction;
      const uchar* row = mask.ptr<uchar>(y);
      auto inside = [&](int at) { return at >= 0 && at < mask.cols && std::abs(at - (columns.start + edge)) <= reach; };
      while (inside(x) && row[x]) x += direction;
      const int paper_from = x;
      while (inside(x) && !row[x]) x += direction;
      if (inside(x)) nearest = std::min(nearest, std::abs(x - paper_from));
    }
    return nearest;
  };
  // Nobody writes beyond the line (printed labels, the grid's edge): the
  // stroke is this cell's whichever way it leans. Judged by the nearer ink,
  // a 1 on the first column's left line went to the label beside it ("17"
  // read 7, card 0216 of seed 900023).
  const int ours = gap(inward), theirs = gap(-inward);
  // A lean under half a pixel (kLeanIn) is the line's own blur, not a pen
  // beside it; ink on the far side within a tenth of the height is the rest
  // of the neighbour's digit (the curve of a 0 overrunning its right line).
  const bool leans_in = lean * inward >= kLeanIn && theirs >= 0.1 * cell.height;
  if (written_beyond && !leans_in && ours >= theirs) return {};
  // A stroke leaning into the cell: keep what lies beyond the line's own
  // extent, the pen; the line's pixels in between would add a bar to a digit
  // whose curve touches the line (a "0" read "10"). A stroke leaning out (a
  // 1 written mostly left of the left line) keeps the line's pixels too: what
  // lies beyond them is outside, and the bar is most of the 1 we see. So does
  // a stroke that darkens the line, unless it leans in by kLeanIn: it lies
  // over the line, and beyond it only its edge shows (card 0271 of seed
  // 900024). Found by its width alone, a stroke leaning in by less is still
  // cut at the line: the curve of a blurred 2 along it read "1" otherwise
  // (card 0204 of seed 900023).
  std::nth_element(alone_left.begin(), alone_left.begin() + alone_left.size() / 2, alone_left.end());
  std::nth_element(alone_right.begin(), alone_right.begin() + alone_right.size() / 2, alone_right.end());
  const int line_from = alone_left[alone_left.size() / 2], line_to = alone_right[alone_right.size() / 2] + 1;
  cv::Mat keep = cv::Mat::zeros(line_pixels.size(), CV_8U);
  const cv::Range stretch(best_from, best_from + best_length);
  keep(stretch, cv::Range::all()).setTo(255, line_pixels(stretch, cv::Range::all()));
  const bool over_line = darkens && lean * inward < kLeanIn;
  if (lean * inward > 0 && !over_line) keep(stretch, cv::Range(line_from, line_to)).setTo(0);
  return keep;
}

// Removes the ruled lines along the cell's four borders: long straight runs
// within a band around each border, except where a stroke crosses them. A
// stroke across the middle of the cell (a cross-out) is not near a border and
// stays. Returns the pixels kept on a side's line because a pen stroke runs
// along it there (PenAlongSide; empty mask when none).
cv::Mat RemoveBorderLines(cv::Mat& mask, const cv::Mat& gray, const cv::Rect2f& cell, const CellOptions& options,
                          WrittenBeside beside) {
  cv::Mat pen = cv::Mat::zeros(mask.size(), CV_8U);
  const int band = LineBand(cell);
  auto clear_lines = [&](bool horizontal) {
    const int length = static_cast<int>((horizontal ? cell.width : cell.height) * 0.45);
    const cv::Mat kernel = cv::getStructuringElement(cv::MORPH_RECT, horizontal ? cv::Size(length, 1) : cv::Size(1, length));
    cv::Mat lines;
    cv::morphologyEx(mask, lines, cv::MORPH_OPEN, kernel);
    // Keep only line pixels close to the border positions: a band
    // [from, to) of rows (columns) around each.
    // Rows only: twice the band, and the border rows themselves (see below).
    cv::Mat near = cv::Mat::zeros(mask.size(), CV_8U), wide = cv::Mat::zeros(mask.size(), CV_8U);
    std::vector<cv::Range> bands;
    std::vector<int> border_rows;
    const int extent = horizontal ? mask.rows : mask.cols;
    for (float edge : {horizontal ? cell.y : cell.x, horizontal ? cell.y + cell.height : cell.x + cell.width}) {
      const int at = static_cast<int>(edge);
      const int from = std::max(0, at - band), to = std::min(extent, at + band);
      if (to <= from) continue;
      bands.emplace_back(from, to);
      if (!horizontal) {
        near.colRange(bands.back()).setTo(255);
        continue;
      }
      near.rowRange(bands.back()).setTo(255);
      wide.rowRange(std::max(0, at - 2 * band), std::min(extent, at + 2 * band)).setTo(255);
      if (at >= 0 && at < extent) border_rows.push_back(at);
    }
    // A row line thicker than the band (a blurred low-resolution page
    // upsampled to 8 px/mm: lines of 10-12 px) is followed out of it, up to
    // twice the band from the border. Cut at the band's edge, its outer rows
    // stayed as ink, and every stroke touching the line from inside looked as
    // if it crossed it: the line under a "202" written low was kept as a bar,
    // read 0. Only the pieces lying on the border row itself are followed; a
    // stroke beside the line is cut at the band as before. Column lines are
    // left to the remnant rules: a 1 on the left line is one piece with it.
    if (horizontal) {
      cv::Mat thick = lines & wide, pieces;
      const int piece_count = cv::connectedComponents(thick, pieces, 8, CV_32S);
      std::vector<uchar> on_border(piece_count, 0);
      for (int y : border_rows) {
        const int* p = pieces.ptr<int>(y);
        for (int x = 0; x < pieces.cols; ++x) on_border[p[x]] = 1;
      }
      on_border[0] = 0;
      lines &= near;
      for (int y = 0; y < pieces.rows; ++y) {
        const int* p = pieces.ptr<int>(y);
        uchar* l = lines.ptr<uchar>(y);
        for (int x = 0; x < pieces.cols; ++x)
          if (on_border[p[x]]) l[x] = 255;
      }
    } else {
      lines &= near;
    }
    // Widen by a pixel: anti-aliased line edges are ink too.
    cv::dilate(lines, lines, cv::getStructuringElement(cv::MORPH_RECT, horizontal ? cv::Size(1, 3) : cv::Size(3, 1)));
    KeepCrossingStrokes(lines, mask, horizontal);
    if (!horizontal && options.pen_along_side > 0)
      for (size_t b = 0; b < bands.size(); ++b) {
        const cv::Range& columns = bands[b];
        cv::Mat side = lines.colRange(columns);
        const cv::Mat keep = PenAlongSide(mask, columns, side, gray.colRange(columns), cell, options,
                                          b == 0 ? 1 : -1, b == 0 ? beside.left : beside.right);
        if (keep.empty()) continue;
        pen.colRange(columns) |= keep;
        side.setTo(0, keep);
      }
    mask.setTo(0, lines);
  };
  clear_lines(true);
  clear_lines(false);
  return pen;
}

// A dash striking the box out: one stroke holding most of the cell's ink,
// lying within 35 degrees of the horizontal, long across the cell and many
// times longer than thick (by the spread of its pixels along and across its
// principal axis, so a slanted or curved stroke counts as well as a flat
// one). No digit is that thin a stroke lying down: on misread numbers of
// development corpora the spread ratio stayed under 4.5, on dashes above 9.
bool IsDash(const cv::Mat& blob_mask, const cv::Rect& box, double cell_width, int ink_pixels,
            const CellOptions& options) {
  const cv::Moments m = cv::moments(blob_mask(box), true);
  if (m.m00 < 0.6 * ink_pixels || m.m00 <= 0) return false;
  const double a = m.mu20 / m.m00, c = m.mu02 / m.m00, b = m.mu11 / m.m00;
  const double root = std::sqrt(std::max(0.0, (a - c) * (a - c) / 4 + b * b));
  const double along = (a + c) / 2 + root, across = std::max(1e-6, (a + c) / 2 - root);
  const double tilt = std::abs(0.5 * std::atan2(2 * b, a - c));  // principal axis from the horizontal, radians
  const double length = std::sqrt(12 * along);                    // a bar of uniform ink that long
  if (tilt > 35 * CV_PI / 180 || length < options.min_dash_width * cell_width) return false;
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
  const double centre = blob.x + 0.5 * blob.width;
  return centre > cell.x + 0.1 * cell.width && centre < cell.x + 0.9 * cell.width;
}

// How much more of `blob`'s pixels lie near one of its bounding box's
// diagonals than if they were spread evenly over the box: 0 for even ink,
// 1 when all of it lies near them. The bands along the diagonals cover about
// two thirds of the box, so a number written across it has 80 % of its
// pixels near them and passed for a cross-out ("195" read X on blurred
// piecepack pages); an X has nearly all.
double DiagonalShare(const cv::Mat& blob_mask, const cv::Rect& box) {
  const double w = box.width, h = box.height, tolerance = 0.14 * std::min(w, h) + 2;
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
    if (areas[i] < 0.02 * ink) continue;
    strokes |= blob_masks[i];
    box |= blobs[i];
  }
  if (box.empty()) return 0;
  cv::Mat distance, widest;
  cv::distanceTransform(strokes, distance, cv::DIST_L2, 3);
  cv::dilate(distance, widest, cv::Mat());
  const double w = box.width, h = box.height;
  std::vector<cv::Point2f> falling, rising;
  for (int y = box.y; y < box.y + box.height; ++y)
    for (int x = box.x; x < box.x + box.width; ++x) {
      const float d = distance.at<float>(y, x);
      if (d <= 0 || d < widest.at<float>(y, x) - 1e-3f) continue;
      const double px = x - box.x, py = y - box.y;
      (std::abs(h * px - w * py) <= std::abs(h * px + w * py - w * h) ? falling : rising).emplace_back(px, py);
    }
  const size_t ridge = falling.size() + rising.size();
  if (ridge == 0) return 0;
  const double tolerance = 0.05 * std::min(w, h) + 1;
  size_t on_line = 0;
  for (const std::vector<cv::Point2f>* points : {&falling, &rising}) {
    if (points->size() < 2) continue;
    cv::Vec4f line;  // direction (vx, vy), a point (x0, y0)
    cv::fitLine(*points, line, cv::DIST_HUBER, 0, 0.01, 0.01);
    for (const cv::Point2f& p : *points)
      on_line += std::abs((p.x - line[2]) * line[1] - (p.y - line[3]) * line[0]) < tolerance;
  }
  return static_cast<double>(on_line) / ridge;
}

}  // namespace

const char* InkKindName(InkKind kind) {
  switch (kind) {
    case InkKind::kEmpty: return "empty";
    case InkKind::kNumber: return "number";
    case InkKind::kCrossed: return "crossed";
    case InkKind::kTicks: return "ticks";
  }
  return "";
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

// True when `box`, a mark wholly outside the cell (`cell`, in a crop
// `crop_width` wide), is a digit of the number in it written just beyond a
// side line: digit-tall, level with the row, close to a line with a written
// column on its far side (beside printed labels or the grid's edge, the
// PenAlongSide test covers strokes on the line), not running on out of the
// crop, and the cell's own ink (`kept`) pushed against that line and level
// with it. A writer who runs a number over the side starts or ends it
// there; the neighbour's digits sit in their own box. (Synthetic cards
// overrun a side by up to a quarter of the digit height: the leading 1 of
// a "10" landed wholly left of the left line and read "0".)
bool BelongsBeyondSide(const cv::Rect& box, const std::vector<std::pair<cv::Rect, int>>& kept, const cv::Rect2f& cell,
                       int crop_width, WrittenBeside beside, const CellOptions& options) {
  const double h = cell.height;
  if (box.height < 0.45 * h || box.width < 3 || box.width > 0.6 * h) return false;
  if (box.y < cell.y - 0.2 * h || box.y + box.height > cell.y + cell.height + 0.2 * h) return false;
  // Beyond the line, or over it by no more than a pen's width.
  const double over = 0.06 * h;
  const bool left = box.x < cell.x && box.x + box.width <= cell.x + over;
  const bool right = box.x + box.width > cell.x + cell.width && box.x >= cell.x + cell.width - over;
  if (left == right) return false;
  if (left ? (!beside.left || box.x <= 0) : (!beside.right || box.x + box.width >= crop_width)) return false;
  const double beyond = left ? cell.x - (box.x + box.width) : box.x - (cell.x + cell.width);
  const double from_line = std::max(0.0, beyond);
  if (from_line > options.beyond_side * h) return false;
  // Our ink nearest that line.
  const cv::Rect* nearest = nullptr;
  for (const auto& [other, label] : kept)
    if (!nearest || (left ? other.x < nearest->x : other.x + other.width > nearest->x + nearest->width))
      nearest = &other;
  const double ink_from_line = left ? nearest->x - cell.x : cell.x + cell.width - (nearest->x + nearest->width);
  if (ink_from_line > options.beyond_side_ink * h) return false;
  const int level = std::min(box.y + box.height, nearest->y + nearest->height) - std::max(box.y, nearest->y);
  return level >= 0.5 * std::min(box.height, nearest->height);
}

CellInk ExtractCell(const cv::Mat& normalized, const cv::Rect2f& cell_in_page, CellPart part, const CellOptions& options,
                    WrittenBeside beside) {
  CellInk result;
  const float margin = static_cast<float>(cell_in_page.height * options.margin);
  cv::Rect crop(static_cast<int>(std::floor(cell_in_page.x - margin)), static_cast<int>(std::floor(cell_in_page.y - margin)),
                static_cast<int>(std::ceil(cell_in_page.width + 2 * margin)),
                static_cast<int>(std::ceil(cell_in_page.height + 2 * margin)));
  crop &= cv::Rect(0, 0, normalized.cols, normalized.rows);
  result.crop_in_page = crop;
  result.cell_in_crop = cv::Rect2f(cell_in_page.x - crop.x, cell_in_page.y - crop.y, cell_in_page.width, cell_in_page.height);
  if (crop.width < 4 || crop.height < 4) return result;

  const cv::Mat gray = normalized(crop);
  const cv::Rect inner_box(static_cast<int>(result.cell_in_crop.x), static_cast<int>(result.cell_in_crop.y),
                           static_cast<int>(result.cell_in_crop.width), static_cast<int>(result.cell_in_crop.height));
  cv::Mat mask = InkMask(gray, inner_box, options);
  const cv::Mat pen_on_side =
      RemoveBorderLines(mask, gray, result.cell_in_crop, options, beside);
  const bool any_pen = cv::countNonZero(pen_on_side) > 0;  // most cells have none: no per-blob masks then

  // Components that belong to this cell: most of their pixels inside it.
  cv::Mat labels, stats, centroids;
  const int count = cv::connectedComponentsWithStats(mask, labels, stats, centroids, 8, CV_32S);
  const double cell_area = cell_in_page.area();
  const cv::Rect inner(static_cast<int>(result.cell_in_crop.x), static_cast<int>(result.cell_in_crop.y),
                       static_cast<int>(result.cell_in_crop.width), static_cast<int>(result.cell_in_crop.height));
  int ink_pixels = 0;
  std::vector<std::pair<cv::Rect, int>> kept;
  std::vector<std::pair<cv::Rect, int>> beyond_sides;  // marks wholly beyond a side line: see below
  for (int i = 1; i < count; ++i) {
    const int area = stats.at<int>(i, cv::CC_STAT_AREA);
    if (area < options.min_blob_fraction * cell_area) continue;
    const cv::Rect box(stats.at<int>(i, cv::CC_STAT_LEFT), stats.at<int>(i, cv::CC_STAT_TOP),
                       stats.at<int>(i, cv::CC_STAT_WIDTH), stats.at<int>(i, cv::CC_STAT_HEIGHT));
    const cv::Rect inside = box & inner;
    // A stroke beside a side line that PenAlongSide found to be ours counts
    // as inside, wherever it lies (a 1 written on the left line, mostly left
    // of it).
    const int pen_pixels = any_pen ? cv::countNonZero(pen_on_side(box) & (labels(box) == i)) : 0;
    if (inside.empty() && pen_pixels == 0) {
      // Wholly in the margin: another cell's ink, or a digit of ours written
      // just beyond a side line, claimed below if our ink comes up to it.
      beyond_sides.push_back({box, i});
      continue;
    }
    const cv::Rect2f& c = result.cell_in_crop;
    const int here = inside.empty() ? 0 : cv::countNonZero(labels(inside) == i);
    const int pen_here =
        inside.empty() || pen_pixels == 0 ? 0 : cv::countNonZero(pen_on_side(inside) & (labels(inside) == i));
    const int inside_count = here + pen_pixels - pen_here;
    if (inside_count < 0.5 * area) {  // the neighbour's digit overrunning into our margin, or ours (see above)
      beyond_sides.push_back({box, i});
      continue;
    }
    // The same, when the crop cuts it off: ink that runs off the crop's top or
    // bottom edge, the far side of our margin, and reaches no further into the
    // cell than its nearer half is the top of the digit below written high
    // (or the foot of the one above), however much of what we see is inside.
    const bool from_below = box.y + box.height >= mask.rows && box.y > c.y + 0.5 * c.height;
    const bool from_above = box.y <= 0 && box.y + box.height < c.y + 0.5 * c.height;
    if (from_below || from_above) continue;
    // What the line removal left of a ruled line: thin and along a border.
    const float band = static_cast<float>(0.18 * c.height);
    const bool near_top_or_bottom = std::abs(box.y - c.y) < band || std::abs(box.y + box.height - (c.y + c.height)) < band;
    const float side_band = static_cast<float>(options.side_remnant_band * c.height);
    const bool near_side =
        std::abs(box.x - c.x) < side_band || std::abs(box.x + box.width - (c.x + c.width)) < side_band;
    const bool flat_near_edge = box.height < 0.1 * c.height && box.width > 0.2 * c.width && near_top_or_bottom;
    const bool upright_near_edge =
        box.width < 0.06 * c.width && box.height > options.remnant_height * c.height && near_side;
    // A sliver one or two pixels thick along a border is the edge of a
    // blurred line the removal missed; no pen stroke is that thin at 8 px/mm.
    // Kept, it stretches the mark's box into a corner and makes a number look
    // like a cross-out.
    const bool sliver = (box.height <= 2 && near_top_or_bottom) || (box.width <= 2 && near_side);
    // A thin upright piece through both row lines (to within the line band
    // of each) and running off the crop's top or bottom edge is a column
    // line, wherever it lies: no digit runs that far out of its box. A page
    // straightened from a steep photo by the lattice stage leaves its column
    // lines a few pixels off the lattice's, outside the side band (phantom
    // "1"s in empty columns). Its edge alone, a pixel wide, is one too: no
    // pen stroke is a pixel wide over half the cell's height.
    const float line_band = static_cast<float>(kLineBand * c.height);
    const bool column_line =
        ((box.y <= 0 || box.y + box.height >= mask.rows) && box.y <= c.y + line_band &&
         box.y + box.height >= c.y + c.height - line_band && box.width < 0.06 * c.width) ||
        (box.width <= 1 && box.height >= 0.5 * c.height);
    // Unless the line was left there because a pen stroke runs along it.
    if ((flat_near_edge || upright_near_edge || sliver || column_line) && pen_pixels == 0)
      continue;
    kept.push_back({box, i});
    ink_pixels += area;
  }
  if (options.beyond_side > 0 && !kept.empty())
    for (const auto& [box, label] : beyond_sides)
      if (BelongsBeyondSide(box, kept, result.cell_in_crop, mask.cols, beside, options)) {
        kept.push_back({box, label});
        ink_pixels += stats.at<int>(label, cv::CC_STAT_AREA);
      }
  std::sort(kept.begin(), kept.end(), [](const auto& a, const auto& b) { return a.first.x < b.first.x; });
  result.ink = cv::Mat::zeros(gray.size(), CV_8U);
  for (const auto& [box, label] : kept) {
    cv::Mat blob_mask = labels == label;
    result.blobs.push_back(box);
    result.blob_masks.push_back(blob_mask);
    cv::Mat inverted = 255 - gray;
    inverted.copyTo(result.ink, blob_mask);
  }
  if (ink_pixels < options.empty_fraction * cell_area || kept.empty()) {
    result.kind = InkKind::kEmpty;
    result.confidence = ink_pixels == 0 ? 1.0 : 0.8;
    return result;
  }

  cv::Rect all = kept.front().first;
  for (const auto& [box, label] : kept) all |= box;
  const double w = cell_in_page.width, h = cell_in_page.height;

  if (part == CellPart::kChecks) {
    // Each tick is one stroke; strokes that overlap sideways are one tick.
    int ticks = 0, right = -1;
    for (const auto& [box, label] : kept) {
      if (box.height < 0.25 * h) continue;
      if (box.x > right - 0.2 * box.width) ++ticks;
      right = std::max(right, box.x + box.width);
    }
    result.kind = ticks > 0 ? InkKind::kTicks : InkKind::kEmpty;
    result.ticks = ticks;
    result.confidence = ticks > 0 ? 0.9 : 0.6;
    return result;
  }

  // Cross-outs: one flat stroke across the cell, or a dash (slanted, short
  // or blurred thick), or one or two strokes along the diagonals of a box
  // covering most of it.
  const cv::Rect2f& c = result.cell_in_crop;
  for (size_t b = 0; b < kept.size(); ++b) {
    const cv::Rect& box = kept[b].first;
    const bool flat_across = box.width > 0.6 * w && box.height < 0.3 * h;
    // A stroke striking a box out is alone in it; beside a mark as tall as a
    // digit it is a digit written flat (the long wavy 2 of a "25" or "21").
    // Not beside a remnant of a side's line or the end of a neighbour's digit
    // reaching in over the side: a digit stands inside the box, and holds
    // ink (a 1 beside a long 2 about a third as much).
    if (options.digit_beside_dash > 0) {
      const int dash_ink = cv::countNonZero(result.blob_masks[b]);
      bool digit_beside = false;
      for (size_t o = 0; o < kept.size() && !digit_beside; ++o)
        digit_beside = o != b && kept[o].first.height >= options.digit_beside_dash * h &&
                       StandsInBox(kept[o].first, c) && cv::countNonZero(result.blob_masks[o]) >= 0.15 * dash_ink;
      if (digit_beside) continue;
    }
    if (flat_across || IsDash(result.blob_masks[b], box, w, ink_pixels, options)) {
      result.kind = InkKind::kCrossed;
      result.confidence = 0.9;
      // A number written small and flat across the box passes as well ("103"
      // read X); its centre line curves, so the reader gets a say.
      result.straightness = CentreLineStraightness(result.blobs, result.blob_masks);
      return result;
    }
  }
  if (all.width > 0.55 * w && all.height > 0.5 * h) {
    cv::Mat union_mask = cv::Mat::zeros(gray.size(), CV_8U);
    for (const cv::Mat& blob : result.blob_masks) union_mask |= blob;
    const double share = DiagonalShare(union_mask, all);
    // 0.6 above even ink is about 0.86 of the pixels near the diagonals. On
    // dev seed 900008 numbers read "X" went from 50 to 3 cells, cross-outs
    // read as something else from 18 to 24 (most on one blurred page).
    // Two strokes of an X (or halves of one stroke) lie over each other;
    // two marks side by side in the box, each with a fair share of the ink,
    // are digits ("25" with a long wavy 2). A cross beside a remnant of a
    // side's line is still a cross.
    bool side_by_side = false;
    if (result.blobs.size() == 2) {
      const cv::Rect &a = result.blobs[0], &b = result.blobs[1];
      const int ink_a = cv::countNonZero(result.blob_masks[0]), ink_b = cv::countNonZero(result.blob_masks[1]);
      side_by_side = std::min(a.x + a.width, b.x + b.width) - std::max(a.x, b.x) <
                         options.cross_overlap * std::min(a.width, b.width) &&
                     StandsInBox(a, c) && StandsInBox(b, c) && std::min(ink_a, ink_b) >= 0.15 * std::max(ink_a, ink_b);
    }
    if (share > 0.6 && result.blobs.size() <= 2 && !side_by_side) {
      result.kind = InkKind::kCrossed;
      result.confidence = std::min(1.0, share);
      result.straightness = CentreLineStraightness(result.blobs, result.blob_masks);
      return result;
    }
  }
  result.kind = InkKind::kNumber;
  return result;
}

}  // namespace scorecheck
