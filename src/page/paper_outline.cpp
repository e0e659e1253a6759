#include "page/paper_outline.h"

#include <algorithm>
#include <array>
#include <cmath>
#include <utility>
#include <vector>

#include <opencv2/imgproc.hpp>

#include "page/edge_lines.h"

namespace scorecheck {
namespace {

using namespace paper;

// Paper's tone with colour taken off: min(B, G, R) less `colour_weight` times
// (max - min). White or grey paper keeps its tone; a pale tablecloth check
// as bright as the paper (a gingham's light squares) turns darker.
cv::Mat Whiteness(const cv::Mat& bgr, double colour_weight) {
  std::vector<cv::Mat> channels;
  cv::split(bgr, channels);
  cv::Mat low, high, colour, white;
  cv::min(channels[0], channels[1], low);
  cv::min(low, channels[2], low);
  cv::max(channels[0], channels[1], high);
  cv::max(high, channels[2], high);
  cv::subtract(high, low, colour);
  cv::subtract(low, colour * colour_weight, white);  // saturates at 0
  return white;
}

struct Candidate {
  std::array<cv::Point2d, 4> corners;  // work pixels, around the quad
  std::array<int, 4> lines;            // side k lies on lines[k], from corner k-1 to corner k
  std::array<SideSpan, 4> spans;       // the visible part of each side, along its line
  double score = 0;                    // mean side coverage
  double rank = 0;                     // score weighted by area
  int border_sides = 0;
};

}  // namespace

double SharedArea(std::vector<cv::Point2f> a, std::vector<cv::Point2f> b) {
  if (a.size() < 3 || b.size() < 3) return 0;
  if (cv::contourArea(a, true) < 0) std::reverse(a.begin(), a.end());
  if (cv::contourArea(b, true) < 0) std::reverse(b.begin(), b.end());
  std::vector<cv::Point2f> common;
  const double shared = cv::intersectConvexConvex(a, b, common, true);
  const double smaller = std::min(cv::contourArea(a), cv::contourArea(b));
  return smaller > 0 ? std::max(shared, 0.0) / smaller : 1.0;
}

bool OutlineOptions::Check() const {
  return work_long_side_px >= 100 && min_area > 0 && min_area < 1 && min_line_share > 0 && max_lines >= 4 &&
         min_side_coverage >= 0 && min_side_coverage <= 1 && border_coverage >= 0 && border_coverage <= 1 &&
         min_side_contrast >= 0 && max_corner_outside >= 0 && min_corner_coverage >= 0 && min_corner_coverage <= 1 &&
         max_roughness >= 0 && colour_weight >= 0 && small_outline >= 0 && larger_outline >= 1 &&
         max_shared_area >= 0 && max_shared_area < 1;
}

namespace {

// The outline of `c` in the image `gray` was shrunk from by `scale`.
PaperOutline ToOutline(const Candidate& c, double scale) {
  PaperOutline outline;
  // Clockwise as seen (y down), starting at the corner nearest the image's
  // top-left; back to image pixels (pixel centres: work x = (image x + 0.5) *
  // scale - 0.5).
  std::array<cv::Point2d, 4> corners = c.corners;
  double signed_area = 0;
  for (int k = 0; k < 4; ++k) signed_area += Cross(corners[k], corners[(k + 1) % 4]);
  if (signed_area < 0) std::reverse(corners.begin(), corners.end());
  const auto first = std::min_element(corners.begin(), corners.end(),
                                      [](cv::Point2d u, cv::Point2d v) { return u.x + u.y < v.x + v.y; });
  std::rotate(corners.begin(), first, corners.end());
  for (int k = 0; k < 4; ++k) {
    outline.corners_in_image[k] = cv::Point2f(static_cast<float>((corners[k].x + 0.5) / scale - 0.5),
                                              static_cast<float>((corners[k].y + 0.5) / scale - 0.5));
  }
  outline.found = true;
  outline.score = c.score;
  outline.border_sides = c.border_sides;
  outline.detail = "paper outline, " + std::to_string(static_cast<int>(std::lround(c.score * 100))) +
                   " % of its sides seen" +
                   (c.border_sides ? ", " + std::to_string(c.border_sides) + " on the image border" : "");
  return outline;
}

// SharedArea of two quads in work pixels.
double SharedArea(const std::array<cv::Point2d, 4>& a, const std::array<cv::Point2d, 4>& b) {
  auto polygon = [](const std::array<cv::Point2d, 4>& q) {
    std::vector<cv::Point2f> points;
    for (const cv::Point2d& p : q) points.emplace_back(static_cast<float>(p.x), static_cast<float>(p.y));
    return points;
  };
  return scorecheck::SharedArea(polygon(a), polygon(b));
}

// Edge segments shorter than this share of the work image's short side are
// not looked for: a sheet's edge spans most of it, and shorter finds are the
// paper's grain, print and table texture.
constexpr double kMinSegmentShare = 0.015;
// A line is kept for quads when its tone changes across its whole length by at
// least this share of OutlineOptions::min_side_contrast: half, since a side is
// judged again on its own stretch, which may be all the paper edge there is.
constexpr double kLineContrastShare = 0.5;
// Opposite sides may open by up to this many degrees: the perspective of a
// tilted phone opens them by up to ~30, and a curled sheet a little more.
constexpr double kMaxOppositeAngleDeg = 40.0;
// Neighbouring sides meet at least this many degrees from parallel: a sheet's
// right angle stays well clear of it in any perspective a photo is taken in.
constexpr double kMinCornerAngleDeg = 45.0;
// Opposite sides lie at least this share of the short side apart: a sheet that
// fills less of the picture is too small to read.
constexpr double kMinSeparationShare = 0.2;
// A side visible along less than this share of the short side counts as not
// seen at all: too short a stretch to tell a paper edge from a streak.
constexpr double kMinVisibleShare = 0.1;
// A corner is judged on each side's stretch from this near to this far from
// it, as shares of the side's length: beyond the corner's own blur, and no
// further than the last 15 % of the side (OutlineOptions::min_corner_coverage),
// where a curled or torn corner still runs straight.
constexpr double kCornerNearShare = 0.04, kCornerReachShare = 0.15;
// A side may be seen running on past a corner in view along at most this
// share of that stretch: half, so a shadow or a stray fibre does not spoil it.
constexpr double kMaxPastCornerCoverage = 0.5;
// A side leaving the image, or meeting a border side, must be seen within this
// share of the short side of the border: a few work pixels, as wide as an
// edge's blur.
constexpr double kBorderTipShare = 0.02;
// A side meeting a border side must be seen along at least kMinLastCoverage of
// its last kLastStretchShare before the border: densely over its last fifth,
// as paper running out of the picture is.
constexpr double kLastStretchShare = 0.2, kMinLastCoverage = 0.5;
// A border side's strip is paper when its tone is at least this share of the
// paper's tone just inside the seen sides: lighting falls off towards the
// frame, but a table is far darker.
constexpr double kBorderPaperTone = 0.75;

// The image border's four sides (`box`, pixel edges in work pixels), bright
// side in: each stands in for a paper edge outside the frame.
void AddBorderLines(const cv::Rect2d& box, std::vector<EdgeLine>& lines) {
  const cv::Point2d corners_of_box[4] = {
      {box.x, box.y}, {box.br().x, box.y}, {box.br().x, box.br().y}, {box.x, box.br().y}};
  for (int k = 0; k < 4; ++k) {
    EdgeLine border;
    border.border = true;
    border.origin = corners_of_box[k];
    border.dir =
        (corners_of_box[(k + 1) % 4] - corners_of_box[k]) / cv::norm(corners_of_box[(k + 1) % 4] - corners_of_box[k]);
    border.bright = {-border.dir.y, border.dir.x};  // inwards: the box goes clockwise in image coordinates
    lines.push_back(border);
  }
}

// The lines quads are made of: the longest edge lines in `gray` that may be
// paper edges, then the image border's sides.
std::vector<EdgeLine> QuadLines(const cv::Mat& gray, const cv::Rect2d& box, double short_side,
                                const OutlineOptions& options) {
  std::vector<EdgeLine> lines = FindEdgeLines(gray, kMinSegmentShare * short_side);
  MeasureDarkWidths(lines, options.min_line_share * short_side);
  // Printed lines (paper on both sides) are most of what the detector finds
  // on a scorecard; dropped before the longest lines are kept, so the paper's
  // own edges are not crowded out. Half the side threshold: a side is judged
  // again on its own stretch.
  // So are the stripes of a chequered cloth (uneven on their bright side),
  // which can outnumber everything else in the picture.
  std::erase_if(lines, [&](const EdgeLine& l) {
    return l.support < options.min_line_share * short_side ||
           SideContrast(l, -1e18, 1e18, gray) < kLineContrastShare * options.min_side_contrast ||
           SeenRoughness(l, gray) > options.max_roughness;
  });
  std::sort(lines.begin(), lines.end(), [](const EdgeLine& x, const EdgeLine& y) { return x.support > y.support; });
  if (static_cast<int>(lines.size()) > options.max_lines) lines.resize(options.max_lines);
  // The image border stands in for a paper edge outside the frame.
  AddBorderLines(box, lines);
  return lines;
}

// The middle of what is known of `l`: of its stretch within `box` for a border
// side, else from where it was first seen to where it was last seen.
cv::Point2d Middle(const EdgeLine& l, const cv::Rect2d& box) {
  if (l.border) {
    const auto [lo, hi] = ClipToBox(l, box);
    return l.origin + l.dir * ((lo + hi) / 2);
  }
  return l.origin + l.dir * ((l.seen.front().first + l.seen.back().second) / 2);
}

// The pairs of `lines` (indices, the first lower) that may be opposite sides.
std::vector<std::pair<int, int>> OppositePairs(const std::vector<EdgeLine>& lines, const cv::Rect2d& box,
                                               double short_side) {
  // Opposite sides: nearly parallel (perspective of a tilted phone opens them
  // by up to ~30 degrees), brighter sides facing each other, far apart.
  const double parallel = std::cos(kMaxOppositeAngleDeg * CV_PI / 180);
  const double min_separation = kMinSeparationShare * short_side;
  std::vector<std::pair<int, int>> pairs;
  const int n = static_cast<int>(lines.size());
  for (int a = 0; a < n; ++a) {
    for (int b = a + 1; b < n; ++b) {
      const EdgeLine &la = lines[a], &lb = lines[b];
      if (std::abs(Dot(la.dir, lb.dir)) < parallel) continue;
      if (Dot(la.bright, Middle(lb, box) - la.origin) < min_separation) continue;
      if (Dot(lb.bright, Middle(la, box) - lb.origin) < min_separation) continue;
      pairs.emplace_back(a, b);
    }
  }
  return pairs;
}

// The quad on `lines[ids[k]]` (around it) in `c`, its corners and border sides
// set, and its `area`; false unless its corners are near right angles, at most
// two sides lie on the border, and it is convex, every line's bright side
// facing in, corners near the frame, and large enough.
bool ShapeQuad(const std::vector<EdgeLine>& lines, const int ids[4], const cv::Mat& gray, const cv::Rect2d& box,
               double perpendicular, const OutlineOptions& options, Candidate& c, double& area) {
  int border_sides = 0;
  bool square = true;
  for (int k = 0; k < 4; ++k) {
    border_sides += lines[ids[k]].border;
    square &= std::abs(Dot(lines[ids[k]].dir, lines[ids[(k + 1) % 4]].dir)) <= perpendicular;
  }
  if (!square || border_sides > 2) return false;
  c.border_sides = border_sides;
  bool ok = true;
  for (int k = 0; k < 4 && ok; ++k) ok = Intersect(lines[ids[k]], lines[ids[(k + 1) % 4]], c.corners[k]);
  if (!ok) return false;
  // Convex, every line's bright side facing in, corners near the frame.
  const double image_area = static_cast<double>(gray.cols) * gray.rows;
  const double slack_x = options.max_corner_outside * gray.cols, slack_y = options.max_corner_outside * gray.rows;
  cv::Point2d centre(0, 0);
  for (const cv::Point2d& corner : c.corners) centre += corner * 0.25;
  area = 0;
  int turns = 0;  // +1 per clockwise corner, -1 per anticlockwise one
  for (int k = 0; k < 4 && ok; ++k) {
    const cv::Point2d &u = c.corners[k], &v = c.corners[(k + 1) % 4], &w = c.corners[(k + 2) % 4];
    ok = Dot(lines[ids[k]].bright, centre - lines[ids[k]].origin) > 0 && u.x > box.x - slack_x &&
         u.x < box.br().x + slack_x && u.y > box.y - slack_y && u.y < box.br().y + slack_y;
    turns += Cross(v - u, w - v) > 0 ? 1 : -1;
    area += Cross(u, v) / 2;
  }
  area = std::abs(area);
  return ok && std::abs(turns) == 4 && area >= options.min_area * image_area;
}

// How much of each side of `c` was seen as an edge, summed into `total` (a
// border side counting as OutlineOptions::border_coverage), with each side's
// line and visible span set in `c`; false when a seen side is covered too
// little. Side k runs from corner k-1 to corner k along line k.
bool MeasureSides(const std::vector<EdgeLine>& lines, const int ids[4], const cv::Rect2d& box, double short_side,
                  const OutlineOptions& options, Candidate& c, double& total) {
  const double min_visible = kMinVisibleShare * short_side;
  bool ok = true;
  total = 0;
  for (int k = 0; k < 4 && ok; ++k) {
    const EdgeLine& line = lines[ids[k]];
    c.lines[k] = ids[k];
    if (line.border) {
      total += options.border_coverage;
      continue;
    }
    const cv::Point2d &from = c.corners[(k + 3) % 4], &to = c.corners[k];
    c.spans[k] = Visible(line, Dot(from - line.origin, line.dir), Dot(to - line.origin, line.dir), box);
    const double coverage = c.spans[k].length() < min_visible ? 0 : Coverage(line, c.spans[k]);
    ok = coverage >= options.min_side_coverage;
    total += coverage;
  }
  return ok;
}

// True when the seen sides of `c` meeting at its corner k end there (see
// EdgesEndAtCorners()).
bool EdgesEndAtCorner(const std::vector<EdgeLine>& lines, const int ids[4], const Candidate& c, int k,
                      const cv::Rect2d& box, double short_side, const OutlineOptions& options) {
  const cv::Point2d& corner = c.corners[k];
  const bool in_view = box.contains(corner);
  bool ok = true;
  for (int side : {k, (k + 1) % 4}) {
    const EdgeLine& line = lines[ids[side]];
    if (line.border) continue;
    double at = Dot(corner - line.origin, line.dir);
    const double other_end = Dot(c.corners[side == k ? (k + 3) % 4 : (k + 1) % 4] - line.origin, line.dir);
    const double inward = other_end > at ? 1 : -1, length = std::abs(other_end - at);
    const double near = kCornerNearShare * length, reach = kCornerReachShare * length;
    if (in_view) {
      const SideSpan before = Ordered(at + inward * near, at + inward * reach);
      const SideSpan after = Ordered(at - inward * near, at - inward * reach);
      ok = Coverage(line, before) >= options.min_corner_coverage &&
           Coverage(line, Clip(after, line, box)) <= kMaxPastCornerCoverage;
    } else {
      const auto [in_lo, in_hi] = ClipToBox(line, box);
      at = inward > 0 ? std::max(at, in_lo) : std::min(at, in_hi);
      const SideSpan before = Ordered(at, at + inward * reach);
      const SideSpan tip = Ordered(at, at + inward * kBorderTipShare * short_side);
      ok = Coverage(line, before) >= options.min_corner_coverage && Coverage(line, tip) > 0;
    }
    if (!ok) break;
  }
  return ok;
}

// True when every corner of `c` is where its sides' edges end.
bool EdgesEndAtCorners(const std::vector<EdgeLine>& lines, const int ids[4], const Candidate& c,
                       const cv::Rect2d& box, double short_side, const OutlineOptions& options) {
  // A paper corner is where two edges end: each side seen up to the
  // corner, and not seen running on past it (a wood streak or a printed
  // rule met by the extension of a paper edge makes a corner of neither).
  // A corner outside the frame: the side must then be seen right up to
  // where it leaves the image (the paper running out of the picture).
  bool ok = true;
  for (int k = 0; k < 4 && ok; ++k) ok = EdgesEndAtCorner(lines, ids, c, k, box, short_side, options);
  return ok;
}

// Every quad of two `pairs` of opposite `lines` that is shaped like paper and
// whose sides and corners were seen as paper edges, scored and ranked.
std::vector<Candidate> PaperQuads(const std::vector<EdgeLine>& lines, const std::vector<std::pair<int, int>>& pairs,
                                  const cv::Mat& gray, const cv::Rect2d& box, double short_side,
                                  const OutlineOptions& options) {
  const double perpendicular = std::cos(kMinCornerAngleDeg * CV_PI / 180);
  const double image_area = static_cast<double>(gray.cols) * gray.rows;
  std::vector<Candidate> candidates;
  for (size_t p = 0; p < pairs.size(); ++p) {
    for (size_t q = p + 1; q < pairs.size(); ++q) {
      const int ids[4] = {pairs[p].first, pairs[q].first, pairs[p].second, pairs[q].second};  // around the quad
      if (ids[0] == ids[1] || ids[0] == ids[3] || ids[2] == ids[1] || ids[2] == ids[3]) continue;
      Candidate c;
      double area = 0, total = 0;
      if (!ShapeQuad(lines, ids, gray, box, perpendicular, options, c, area)) continue;
      if (!MeasureSides(lines, ids, box, short_side, options, c, total)) continue;
      if (!EdgesEndAtCorners(lines, ids, c, box, short_side, options)) continue;
      c.score = total / 4;
      c.rank = c.score * std::sqrt(area / image_area);
      candidates.push_back(c);
    }
  }
  return candidates;
}

// True when each seen side of `c` is a real paper edge: a change of tone
// across it and even paper just inside it, whose tone goes to `inside`.
bool SeenSidesChangeTone(const Candidate& c, const std::vector<EdgeLine>& lines, const cv::Mat& gray,
                         const OutlineOptions& options, std::vector<double>& inside) {
  bool ok = true;
  for (int k = 0; k < 4 && ok; ++k) {
    const EdgeLine& line = lines[c.lines[k]];
    if (line.border) continue;
    const double contrast = SideContrast(line, c.spans[k].lo, c.spans[k].hi, gray);
    ok = contrast >= options.min_side_contrast && Roughness(line, c.spans[k], gray) <= options.max_roughness;
    inside.push_back(StripMedian(line, c.spans[k], gray));
  }
  return ok;
}

// True when the neighbours of the border side k of `c` were seen up to the
// border.
bool NeighboursSeenToBorder(const Candidate& c, const std::vector<EdgeLine>& lines, int k, const cv::Rect2d& box,
                            double short_side) {
  bool ok = true;
  // The neighbours' last stretch before this border must be seen.
  for (int neighbour : {(k + 3) % 4, (k + 1) % 4}) {
    const EdgeLine& next = lines[c.lines[neighbour]];
    if (next.border) continue;
    const SideSpan& span = c.spans[neighbour];
    const double end = Dot(c.corners[neighbour == (k + 3) % 4 ? (k + 3) % 4 : k] - next.origin, next.dir);
    // Clipped to the image but not trimmed: the edge must be seen up to a
    // few pixels from the border, and densely over its last fifth.
    const bool at_lo = std::abs(end - span.lo) < std::abs(end - span.hi);
    const auto [in_lo, in_hi] = ClipToBox(next, box);
    const double reach = kLastStretchShare * span.length(), gap = kBorderTipShare * short_side;
    const SideSpan last = at_lo ? SideSpan{std::max(in_lo, end), span.lo + reach}
                                : SideSpan{span.hi - reach, std::min(in_hi, end)};
    const SideSpan tip = at_lo ? SideSpan{last.lo, last.lo + gap} : SideSpan{last.hi - gap, last.hi};
    ok &= Coverage(next, last) >= kMinLastCoverage && Coverage(next, tip) > 0;
  }
  return ok;
}

// True when each border side of `c` lies where the paper runs into the
// border: its neighbours seen up to there, and paper's tone along it (the
// median of `inside`, which this reorders).
bool BorderSidesArePaper(const Candidate& c, const std::vector<EdgeLine>& lines, const cv::Mat& gray,
                         const cv::Rect2d& box, double short_side, std::vector<double>& inside) {
  bool ok = true;
  for (int k = 0; k < 4 && ok; ++k) {
    const EdgeLine& line = lines[c.lines[k]];
    if (!line.border) continue;
    ok &= NeighboursSeenToBorder(c, lines, k, box, short_side);
    if (!ok || inside.empty()) break;
    std::nth_element(inside.begin(), inside.begin() + inside.size() / 2, inside.end());
    const double paper = inside[inside.size() / 2];
    const SideSpan along = Visible(line, Dot(c.corners[(k + 3) % 4] - line.origin, line.dir),
                                   Dot(c.corners[k] - line.origin, line.dir), box);
    ok = StripMedian(line, along, gray) >= kBorderPaperTone * paper;
  }
  return ok;
}

// Every sheet's outline in `gray`, the image shrunk by `scale`: the quads that
// pass as paper, best ranked first, each one apart from those before it.
std::vector<PaperOutline> OutlinesIn(const cv::Mat& gray, double scale, const OutlineOptions& options) {
  const double short_side = std::min(gray.cols, gray.rows);
  const cv::Rect2d box(-0.5, -0.5, gray.cols, gray.rows);
  const std::vector<EdgeLine> lines = QuadLines(gray, box, short_side, options);
  const std::vector<std::pair<int, int>> pairs = OppositePairs(lines, box, short_side);
  std::vector<Candidate> candidates = PaperQuads(lines, pairs, gray, box, short_side, options);
  // The best ranked quad whose sides are real paper edges: a change of tone
  // across each seen side, and a border side only where the paper runs into
  // the border (its neighbours seen up to there, paper tone along it).
  std::sort(candidates.begin(), candidates.end(),
            [](const Candidate& x, const Candidate& y) { return x.rank > y.rank; });
  std::vector<const Candidate*> chosen;
  for (const Candidate& c : candidates) {
    // Another sheet lies beside those found, not on them: a frame printed on
    // a sheet is enclosed by it.
    if (std::any_of(chosen.begin(), chosen.end(), [&](const Candidate* other) {
          return SharedArea(other->corners, c.corners) > options.max_shared_area;
        }))
      continue;
    std::vector<double> inside;  // the paper's tone just inside each seen side
    if (SeenSidesChangeTone(c, lines, gray, options, inside) &&
        BorderSidesArePaper(c, lines, gray, box, short_side, inside))
      chosen.push_back(&c);
  }
  std::vector<PaperOutline> outlines;
  for (const Candidate* c : chosen) outlines.push_back(ToOutline(*c, scale));
  return outlines;
}

double Area(const PaperOutline& outline) {
  return cv::contourArea(std::vector<cv::Point2f>(outline.corners_in_image.begin(), outline.corners_in_image.end()));
}

// True when every corner of `inner` lies inside `outer` or within `slack`
// pixels of it.
bool Encloses(const PaperOutline& outer, const PaperOutline& inner, double slack) {
  const std::vector<cv::Point2f> polygon(outer.corners_in_image.begin(), outer.corners_in_image.end());
  return std::all_of(inner.corners_in_image.begin(), inner.corners_in_image.end(),
                     [&](cv::Point2f corner) { return cv::pointPolygonTest(polygon, corner, true) > -slack; });
}

}  // namespace

std::vector<PaperOutline> FindPaperOutlines(const cv::Mat& image, const OutlineOptions& options,
                                            const cv::Mat& colour) {
  if (image.empty()) return {};
  const double scale =
      std::min(1.0, static_cast<double>(options.work_long_side_px) / std::max(image.cols, image.rows));
  cv::Mat small;
  cv::resize(image, small, cv::Size(), scale, scale, cv::INTER_AREA);
  cv::Mat gray = small;
  if (small.channels() == 3) cv::cvtColor(small, gray, cv::COLOR_BGR2GRAY);
  std::vector<PaperOutline> outlines = OutlinesIn(gray, scale, options);
  // Grey loses the edge of white paper against the pale checks of a coloured
  // cloth, so a frame printed on the sheet can pass for it (four grids on one
  // sheet, the left two framed). An outline that fills little of the picture
  // (most sheets fill half of it or more) is looked for again with colour
  // taken off, and that one replaces it only when it encloses it and is
  // clearly larger (the paper encloses every frame printed on it). Not the
  // other way round: chroma noise can hide a faint edge of white paper on a
  // white desk.
  const double image_area = static_cast<double>(image.cols) * image.rows;
  const bool any_small = std::any_of(outlines.begin(), outlines.end(), [&](const PaperOutline& o) {
    return Area(o) < options.small_outline * image_area;
  });
  // A colour `image` is already shrunk to the working size; `colour` is shrunk here.
  const cv::Mat& source = image.channels() == 3 ? image : colour;
  if (!any_small || source.empty() || source.channels() != 3) return outlines;
  const double colour_scale =
      std::min(1.0, static_cast<double>(options.work_long_side_px) / std::max(source.cols, source.rows));
  cv::Mat colour_small = small;
  if (&source != &image) cv::resize(source, colour_small, cv::Size(), colour_scale, colour_scale, cv::INTER_AREA);
  std::vector<PaperOutline> in_colour =
      OutlinesIn(Whiteness(colour_small, options.colour_weight), colour_scale, options);
  const cv::Point2f to_image(static_cast<float>(image.cols) / source.cols, static_cast<float>(image.rows) / source.rows);
  for (PaperOutline& outline : in_colour) {
    for (cv::Point2f& corner : outline.corners_in_image)
      corner = cv::Point2f((corner.x + 0.5f) * to_image.x - 0.5f, (corner.y + 0.5f) * to_image.y - 0.5f);
    outline.detail += ", colour taken off";
  }
  const double slack = 0.02 * std::min(image.cols, image.rows);
  for (PaperOutline& outline : outlines) {
    if (Area(outline) >= options.small_outline * image_area) continue;
    for (const PaperOutline& larger : in_colour) {
      if (Encloses(larger, outline, slack) && Area(larger) >= options.larger_outline * Area(outline)) {
        outline = larger;
        break;
      }
    }
  }
  // Two small outlines the same larger one replaced are one sheet.
  std::vector<PaperOutline> sheets;
  for (const PaperOutline& outline : outlines)
    if (std::none_of(sheets.begin(), sheets.end(), [&](const PaperOutline& kept) {
          return Encloses(kept, outline, slack) || Encloses(outline, kept, slack);
        }))
      sheets.push_back(outline);
  return sheets;
}

PaperOutline FindPaperOutline(const cv::Mat& image, const OutlineOptions& options, const cv::Mat& colour) {
  std::vector<PaperOutline> outlines = FindPaperOutlines(image, options, colour);
  if (!outlines.empty()) return outlines.front();
  PaperOutline none;
  none.detail = image.empty() ? "empty image" : "no quad of paper edges";
  return none;
}

}  // namespace scorecheck
