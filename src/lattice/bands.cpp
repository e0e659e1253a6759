#include "lattice/bands.h"

#include <algorithm>
#include <array>
#include <cmath>
#include <optional>

#include <opencv2/imgproc.hpp>

#include "core/image_constants.h"

namespace scorecheck::lattice {
namespace {

// A working pixel covers half a pixel to either side of its centre (OpenCV's
// pixel centres are whole numbers).
constexpr double kHalfPixel = 0.5;

// The least-squares line through points (u, w) as a run along u, in full
// resolution (`k` full pixels per working pixel, `offset` the centre shift).
Run FitEdge(const std::vector<cv::Point2d>& points, bool horizontal, double k, double offset) {
  Run run;
  if (points.empty()) return run;
  double su = 0, sw = 0, suu = 0, suw = 0;
  double lo = points.front().x, hi = points.front().x;
  for (const cv::Point2d& p : points) {
    su += p.x;
    sw += p.y;
    suu += p.x * p.x;
    suw += p.x * p.y;
    lo = std::min(lo, p.x);
    hi = std::max(hi, p.x);
  }
  const double n = static_cast<double>(points.size()), mu = su / n, mw = sw / n, var = suu / n - mu * mu;
  const double slope = var > kTiny ? (suw / n - mu * mw) / var : 0;
  auto full = [&](double u, double w) {
    const double x = horizontal ? u : w, y = horizontal ? w : u;
    return cv::Point2f(static_cast<float>(k * x + offset), static_cast<float>(k * y + offset));
  };
  run.pos = static_cast<float>(k * mw + offset);
  run.from = static_cast<float>(k * lo + offset - k / 2);
  run.to = static_cast<float>(k * hi + offset + k / 2);
  run.thickness = static_cast<float>(k);
  run.a = full(lo, mw + slope * (lo - mu));
  run.b = full(hi, mw + slope * (hi - mu));
  return run;
}

}  // namespace

cv::Mat DarknessMap(const cv::Mat& gray, int window) {
  cv::Mat paper, dark, darkness;
  cv::dilate(gray, paper, cv::getStructuringElement(cv::MORPH_RECT, cv::Size(window, window)));
  cv::subtract(paper, gray, dark);
  cv::max(paper, kDarkestPaper, paper);  // a table or a deep shadow is no paper to be darker than
  cv::divide(dark, paper, darkness, kWhite);
  return darkness;
}

namespace {

// Whether `gray` is lighter just outside an edge than just inside, by
// `min_step` of the outside's level (median over the edge's points: (u,
// w) along and across it, working pixels). `outward`: +1 when outside
// lies at larger w.
bool Stepped(const cv::Mat& gray, const std::vector<cv::Point2d>& points, bool horizontal, int outward, int reach,
             double min_step) {
  std::vector<double> steps;
  for (const cv::Point2d& p : points) {
    const int u = static_cast<int>(std::lround(p.x));
    const int out = static_cast<int>(std::lround(p.y + outward * reach)), in = static_cast<int>(std::lround(p.y - outward * reach));
    const int limit = horizontal ? gray.rows : gray.cols;
    if (out < 0 || in < 0 || out >= limit || in >= limit) continue;
    const double outside = horizontal ? gray.at<uchar>(out, u) : gray.at<uchar>(u, out);
    const double inside = horizontal ? gray.at<uchar>(in, u) : gray.at<uchar>(u, in);
    steps.push_back(outside > 0 ? (outside - inside) / outside : 0);
  }
  if (steps.empty()) return true;  // at the image's edge: nothing to tell
  std::nth_element(steps.begin(), steps.begin() + steps.size() / 2, steps.end());
  return steps[steps.size() / 2] >= min_step;
}

// The lines across a band (rows when `rows`) that are dark along most of it:
// at least 0.8 of the darkest line's count of pixels of component `id`
// within `area`, first and last.
// That share, kCoreShareNum / kCoreShareDen, compared in whole pixel counts:
// a bar's own lines are dark nearly all along it, a box beside it only along
// part.
constexpr int kCoreShareNum = 4, kCoreShareDen = 5;
struct Core {
  int first = 0, last = -1;
};
Core CoreOf(const cv::Mat& labels, int id, const cv::Rect& area, bool rows) {
  Core core;
  const int lines = rows ? area.height : area.width;
  std::vector<int> count(static_cast<size_t>(std::max(0, lines)), 0);
  for (int y = area.y; y < area.br().y; ++y) {
    const int* label = labels.ptr<int>(y);
    for (int x = area.x; x < area.br().x; ++x)
      if (label[x] == id) ++count[static_cast<size_t>(rows ? y - area.y : x - area.x)];
  }
  const int most = count.empty() ? 0 : *std::max_element(count.begin(), count.end());
  const int origin = rows ? area.y : area.x;
  for (int j = 0; j < lines; ++j)
    if (most > 0 && kCoreShareDen * count[static_cast<size_t>(j)] >= kCoreShareNum * most) {
      if (core.last < core.first) core.first = origin + j;
      core.last = origin + j;
    }
  return core;
}

}  // namespace

namespace {

// The solid dark regions are opened with a run this share of min_length_mm
// long (and kMinOpenLengthPx working pixels), at least kMinThickPx thick:
// half, so a band cut short by a rule or a gap still opens, while the
// component as a whole must reach the full length.
constexpr double kOpenLengthShare = 0.5;
constexpr int kMinOpenLengthPx = 4, kMinThickPx = 2;
// A band's own darkness is sampled every this many working pixels each way:
// a band is thousands of pixels, and its median needs no more.
constexpr int kLevelSampleStride = 2;
// A band's edges are traced this part of its size in from each end (a
// tenth): a photo's blur rounds its corners.
constexpr int kCornerInsetDivisor = 10;
// An edge point ends at the band's core within this (mm, at least a working
// pixel): a ragged edge is no box beside the bar.
constexpr double kCoreSlackMm = 1.0;
// All of an edge's points count when fewer than one in this many end at the
// core: then there are no boxes beside it, only a band of uneven darkness.
constexpr size_t kCoreEdgesDivisor = 4;
// A band's edge is a step when the page is lighter just outside it than just
// inside, measured kStepReachMm (line_runs.h; at least a working pixel) to
// either side.
// A run this nearly across a band (its run along the band under this, full
// pixels) is carried on straight, its slope taken as none.
constexpr float kLeastAlong = 1e-3f;
// A band's edge is a rule when rules along it cover at least kMinRuleCover of
// it; it stays a rule of its own unless one of them covers kWholeRule of it.
constexpr float kMinRuleCover = 0.5f, kWholeRule = 0.95f;

// A component of the solid dark pixels FindBands() looks at, working pixels.
struct Blob {
  int id = 0, left = 0, top = 0, width = 0, height = 0;
};

// The points of a band's edges, (u, w) along and across each, working pixels.
struct BandEdges {
  std::vector<cv::Point2d> tops, bottoms, lefts, rights;
};

// The pixels of `darkness` dark enough for bands, solid at least min_thickness
// one way and min_length the other.
cv::Mat SolidDark(const cv::Mat& darkness, const Scale& scale, const BandOptions& options) {
  cv::Mat dark = darkness >= options.min_darkness * kWhite;
  // Solid at least min_thickness one way and min_length the other: printed
  // strokes, handwriting and filled dice icons are thinner or shorter.
  const int thick =
      std::max(kMinThickPx, static_cast<int>(std::lround(options.min_thickness_mm * scale.work_px_per_mm)));
  const int length = std::max(
      kMinOpenLengthPx, static_cast<int>(std::lround(options.min_length_mm * scale.work_px_per_mm * kOpenLengthShare)));
  cv::Mat across, along, solid;
  cv::morphologyEx(dark, across, cv::MORPH_OPEN, cv::getStructuringElement(cv::MORPH_RECT, cv::Size(length, thick)));
  cv::morphologyEx(dark, along, cv::MORPH_OPEN, cv::getStructuringElement(cv::MORPH_RECT, cv::Size(thick, length)));
  cv::bitwise_or(across, along, solid);
  return solid;
}

// Half the band's own darkness (its median), where its edges lie.
double HalfLevel(const cv::Mat& labels, const cv::Mat& darkness, const Blob& b, const BandOptions& options) {
  std::vector<double> inside;
  for (int y = b.top; y < b.top + b.height; y += kLevelSampleStride)
    for (int x = b.left; x < b.left + b.width; x += kLevelSampleStride)
      if (labels.at<int>(y, x) == b.id) inside.push_back(darkness.at<uchar>(y, x));
  std::nth_element(inside.begin(), inside.begin() + inside.size() / 2, inside.end());
  return inside.empty() ? options.min_darkness * kWhite : inside[inside.size() / 2] / 2;
}

// The crossing of darkness level `half` between outside pixel `out` and inside
// pixel `in` (adjacent, of darkness `d_out` and `d_in`).
double Crossing(int out, int in, double d_out, double d_in, double half) {
  if (d_in <= d_out || d_in < half || d_out > half) return (out + in) / 2.0;
  return out + (in - out) * (half - d_out) / (d_in - d_out);
}

// `kept`, or `all` when too few points of an edge end at the band's core.
void CoreOrAll(std::vector<cv::Point2d>& kept, std::vector<cv::Point2d>& all) {
  if (kCoreEdgesDivisor * kept.size() < all.size()) kept = std::move(all);
}

// The top and bottom edge points of `b`, one per column within `inset_x` of
// its ends; lying along x (`along_x`), those ending at its `core` only.
void TopAndBottom(const cv::Mat& labels, const cv::Mat& darkness, const Blob& b, int inset_x, bool along_x,
                  const Core& core, int slack, double half, BandEdges& edges) {
  auto off_core = [&](int at) { return core.last >= core.first && (at < core.first || at > core.last); };
  std::vector<cv::Point2d> all_tops, all_bottoms;
  for (int x = b.left + inset_x; x < b.left + b.width - inset_x; ++x) {
    if (!along_x && off_core(x)) continue;
    int first = -1, last = -1;
    for (int y = b.top; y < b.top + b.height; ++y)
      if (labels.at<int>(y, x) == b.id) {
        if (first < 0) first = y;
        last = y;
      }
    if (first < 1 || last + 1 >= darkness.rows) continue;
    const cv::Point2d top_edge(
        x, Crossing(first - 1, first, darkness.at<uchar>(first - 1, x), darkness.at<uchar>(first, x), half));
    const cv::Point2d bottom_edge(
        x, Crossing(last + 1, last, darkness.at<uchar>(last + 1, x), darkness.at<uchar>(last, x), half));
    all_tops.push_back(top_edge);
    all_bottoms.push_back(bottom_edge);
    if (!along_x || first >= core.first - slack) edges.tops.push_back(top_edge);
    if (!along_x || last <= core.last + slack) edges.bottoms.push_back(bottom_edge);
  }
  CoreOrAll(edges.tops, all_tops);
  CoreOrAll(edges.bottoms, all_bottoms);
}

// The left and right edge points of `b`, one per row within `inset_y` of its
// ends; lying along y (not `along_x`), those ending at its `core` only.
void LeftAndRight(const cv::Mat& labels, const cv::Mat& darkness, const Blob& b, int inset_y, bool along_x,
                  const Core& core, int slack, double half, BandEdges& edges) {
  auto off_core = [&](int at) { return core.last >= core.first && (at < core.first || at > core.last); };
  std::vector<cv::Point2d> all_lefts, all_rights;
  for (int y = b.top + inset_y; y < b.top + b.height - inset_y; ++y) {
    if (along_x && off_core(y)) continue;
    const int* row = labels.ptr<int>(y);
    const uchar* dark_row = darkness.ptr<uchar>(y);
    int first = -1, last = -1;
    for (int x = b.left; x < b.left + b.width; ++x)
      if (row[x] == b.id) {
        if (first < 0) first = x;
        last = x;
      }
    if (first < 1 || last + 1 >= darkness.cols) continue;
    const cv::Point2d left_edge(y, Crossing(first - 1, first, dark_row[first - 1], dark_row[first], half));
    const cv::Point2d right_edge(y, Crossing(last + 1, last, dark_row[last + 1], dark_row[last], half));
    all_lefts.push_back(left_edge);
    all_rights.push_back(right_edge);
    if (along_x || first >= core.first - slack) edges.lefts.push_back(left_edge);
    if (along_x || last <= core.last + slack) edges.rights.push_back(right_edge);
  }
  CoreOrAll(edges.lefts, all_lefts);
  CoreOrAll(edges.rights, all_rights);
}

// The band of `b` with its edges fitted through `edges`, each marked where
// the page steps there (`gray`).
Band FitBand(const BandEdges& edges, const Blob& b, const cv::Mat& gray, const Scale& scale,
             const BandOptions& options) {
  const double k = scale.pool, offset = (k - 1) / 2;
  Band band;
  band.box = cv::Rect2f(static_cast<float>(k * (b.left - kHalfPixel) + offset),
                        static_cast<float>(k * (b.top - kHalfPixel) + offset),
                        static_cast<float>(k * b.width), static_cast<float>(k * b.height));
  // MinPool() grows every dark region by (k - 1) / 2 full pixels each side.
  const double grown = (k - 1) / 2;
  band.top = FitEdge(edges.tops, true, k, offset + grown);
  band.bottom = FitEdge(edges.bottoms, true, k, offset - grown);
  band.left = FitEdge(edges.lefts, false, k, offset + grown);
  band.right = FitEdge(edges.rights, false, k, offset - grown);
  // The edge runs span the whole band, corners included.
  band.top.from = band.bottom.from = band.box.x;
  band.top.to = band.bottom.to = band.box.br().x;
  band.left.from = band.right.from = band.box.y;
  band.left.to = band.right.to = band.box.br().y;
  const int step_reach = std::max(1, static_cast<int>(std::lround(kStepReachMm * scale.work_px_per_mm)));
  band.stepped = {Stepped(gray, edges.tops, true, -1, step_reach, options.min_edge_step),
                  Stepped(gray, edges.bottoms, true, +1, step_reach, options.min_edge_step),
                  Stepped(gray, edges.lefts, false, -1, step_reach, options.min_edge_step),
                  Stepped(gray, edges.rights, false, +1, step_reach, options.min_edge_step)};
  return band;
}

// The band the component `b` of `labels` makes, its edges traced in
// `darkness`; none when too few of its lines end at an edge.
std::optional<Band> BandOf(const cv::Mat& labels, const cv::Mat& darkness, const cv::Mat& gray, const Blob& b,
                           const Scale& scale, const BandOptions& options) {
  // Each edge: where the darkness crosses half the band's own level, in
  // each line across the band (away from the rounded corners a photo's
  // blur leaves), to a fraction of a working pixel.
  const double half = HalfLevel(labels, darkness, b, options);
  // Where the band lies across itself: the lines along it (rows of a bar,
  // columns of a tinted column) dark nearly its whole length. Tinted
  // boxes that touch a bar in some columns only (a striped row's darker
  // cells right under a header bar) join its component; an edge fitted
  // through them and the bar's own edge alike ran slanted through the row
  // beside, and the row's rule was dropped as too close to it. Its edges
  // along it are fitted where it ends at that core, its ends across the
  // core's lines only (the boxes' sides are no ends of the bar).
  const int inset_x = b.width / kCornerInsetDivisor, inset_y = b.height / kCornerInsetDivisor;
  const bool along_x = b.width >= b.height;
  const Core core =
      along_x ? CoreOf(labels, b.id, cv::Rect(b.left + inset_x, b.top, b.width - 2 * inset_x, b.height), true)
              : CoreOf(labels, b.id, cv::Rect(b.left, b.top + inset_y, b.width, b.height - 2 * inset_y), false);
  const int slack = std::max(1, static_cast<int>(std::lround(kCoreSlackMm * scale.work_px_per_mm)));
  BandEdges edges;
  TopAndBottom(labels, darkness, b, inset_x, along_x, core, slack, half, edges);
  LeftAndRight(labels, darkness, b, inset_y, along_x, core, slack, half, edges);
  // Too few lines ending at the core: no band with boxes beside it, but a
  // band of uneven darkness; all its lines count (CoreOrAll()).
  if (edges.tops.size() < 2 || edges.lefts.size() < 2) return std::nullopt;
  return FitBand(edges, b, gray, scale, options);
}

// Carries each rule of `runs` that ends on a band's edge across it (within
// `tol`, at least `min_rule` long) on through the band.
void CarryRulesThrough(const std::vector<Band>& bands, float tol, float min_rule, Runs& runs) {
  // A rule that stops at a band and goes on past it is one rule across it
  // (a column rule through a section row), whichever way the band runs: a
  // page turned a quarter has its row bands upright. Rules only: a stroke of
  // a letter beside the band is no line to carry across it.
  for (const Band& band : bands) {
    const bool horizontal = band.horizontal();
    const float lo = horizontal ? band.box.x : band.box.y, hi = horizontal ? band.box.br().x : band.box.br().y;
    const float near_side = horizontal ? band.top.pos : band.left.pos;
    const float far_side = horizontal ? band.bottom.pos : band.right.pos;
    std::vector<Run>& across = horizontal ? runs.vertical : runs.horizontal;
    for (Run& run : across) {
      if (run.pos < lo - tol || run.pos > hi + tol || run.length() < min_rule) continue;
      const bool ends_on_near = std::abs(run.to - near_side) <= tol;
      const bool starts_at_far = std::abs(run.from - far_side) <= tol;
      if (!ends_on_near && !starts_at_far) continue;
      // Carried straight on along its own slope.
      const cv::Point2f direction = run.b - run.a;
      const float d_along = horizontal ? direction.y : direction.x, d_across = horizontal ? direction.x : direction.y;
      const float slope = std::abs(d_along) > kLeastAlong ? d_across / d_along : 0;
      auto point = [&](const cv::Point2f& from_point, float at) {
        return horizontal ? cv::Point2f(from_point.x + slope * (at - from_point.y), at)
                          : cv::Point2f(at, from_point.y + slope * (at - from_point.x));
      };
      if (ends_on_near) {
        run.to = std::max(run.to, far_side);
        run.b = point(run.b, run.to);
      }
      if (starts_at_far) {
        run.from = std::min(run.from, near_side);
        run.a = point(run.a, run.from);
      }
    }
  }
}

// Adds a band's edge `edge` (along the rows when `horizontal`) to `runs`,
// as a rule at the place of the rules of `seen` along it (within `same` of
// it and their half thickness) when they cover much of it but none the whole.
void AddEdge(bool horizontal, const Run& edge, const Runs& seen, float same, Runs& runs) {
  std::vector<Run>& lines = horizontal ? runs.horizontal : runs.vertical;
  // How much of the edge the rule covers (pieces may overlap), and where.
  std::vector<std::pair<float, float>> pieces;
  float weighted_pos = 0, weights = 0, thickness = 0, longest = 0;
  for (const Run& line : horizontal ? seen.horizontal : seen.vertical) {
    const float from = std::max(line.from, edge.from), to = std::min(line.to, edge.to);
    if (std::abs(line.pos - edge.pos) > same + line.thickness / 2 || to <= from) continue;
    pieces.emplace_back(from, to);
    longest = std::max(longest, to - from);
    weighted_pos += (to - from) * line.pos;
    weights += to - from;
    thickness = std::max(thickness, line.thickness);
  }
  std::sort(pieces.begin(), pieces.end());
  float overlap = 0, reached = edge.from;
  for (const auto& [from, to] : pieces) {
    overlap += std::max(0.0f, to - std::max(from, reached));
    reached = std::max(reached, to);
  }
  if (overlap < kMinRuleCover * edge.length()) {
    lines.push_back(edge);
    return;
  }
  if (longest >= kWholeRule * edge.length()) return;
  Run rule = edge;
  const float shift = weighted_pos / weights - edge.pos;
  rule.pos += shift;
  const cv::Point2f across = horizontal ? cv::Point2f(0, shift) : cv::Point2f(shift, 0);
  rule.a += across;
  rule.b += across;
  rule.thickness = thickness;
  lines.push_back(rule);
}

}  // namespace

std::vector<Band> FindBands(const cv::Mat& darkness, const cv::Mat& gray, const Scale& scale, const BandOptions& options) {
  std::vector<Band> bands;
  if (darkness.empty()) return bands;
  const cv::Mat solid = SolidDark(darkness, scale, options);
  cv::Mat labels, stats, centroids;
  const int n = cv::connectedComponentsWithStats(solid, labels, stats, centroids, kEightConnected, CV_32S);
  const double min_length = options.min_length_mm * scale.work_px_per_mm;
  const double max_thickness = options.max_thickness_mm * scale.work_px_per_mm;
  for (int i = 1; i < n; ++i) {
    const int left = stats.at<int>(i, cv::CC_STAT_LEFT), top = stats.at<int>(i, cv::CC_STAT_TOP);
    const int width = stats.at<int>(i, cv::CC_STAT_WIDTH), height = stats.at<int>(i, cv::CC_STAT_HEIGHT);
    if (left == 0 || top == 0 || left + width >= solid.cols || top + height >= solid.rows) continue;
    if (std::max(width, height) < min_length || std::min(width, height) > max_thickness) continue;
    if (std::optional<Band> band = BandOf(labels, darkness, gray, {i, left, top, width, height}, scale, options))
      bands.push_back(*band);
  }
  return bands;
}

void AddBandEdges(const std::vector<Band>& bands, float tol, float same, float min_rule, Runs& runs) {
  CarryRulesThrough(bands, tol, min_rule, runs);
  // An edge drawn as a rule too is the rule's: the ridge finds a line's
  // centre to a pixel, the band's edge takes in the rule's thickness (half
  // of it beyond the centre). The rule may come in pieces, cut where thick
  // rules cross it, or where a hairline of paper parts the band's boxes (a
  // rule along a striped row, broken at every column): along the edge it is
  // one rule, at the rule's place. Left in pieces shorter than the table, it
  // stacked with no other row line and the striped table was lost.
  const Runs seen = runs;
  for (const Band& band : bands) {
    if (band.stepped[kBandTop]) AddEdge(true, band.top, seen, same, runs);
    if (band.stepped[kBandBottom]) AddEdge(true, band.bottom, seen, same, runs);
    if (band.stepped[kBandLeft]) AddEdge(false, band.left, seen, same, runs);
    if (band.stepped[kBandRight]) AddEdge(false, band.right, seen, same, runs);
  }
}

void DropEdgesOnBands(const std::vector<Band>& bands, float near, Runs& runs) {
  for (bool horizontal : {true, false})
    std::erase_if(horizontal ? runs.horizontal : runs.vertical, [&](const Run& run) {
      for (const Band& band : bands)
        for (const Run* edge : horizontal ? std::array{&band.top, &band.bottom} : std::array{&band.left, &band.right})
          if (std::abs(edge->pos - run.pos) <= near && std::min(edge->to, run.to) > std::max(edge->from, run.from))
            return true;
      return false;
    });
}

bool BandOptions::Check() const {
  const auto Share = [](double x) { return x >= 0 && x <= 1; };  // a share or a probability
  return Share(min_darkness) && paper_window_mm > 0 && min_thickness_mm > 0 && max_thickness_mm >= min_thickness_mm &&
         min_length_mm > 0 && min_edge_step >= 0;
}

}  // namespace scorecheck::lattice
