#include "grid/snap_to_lines.h"

#include <algorithm>
#include <cmath>
#include <limits>
#include <map>

#include <opencv2/imgproc.hpp>

#include "image/load_image.h"

namespace scorecheck {
namespace {

// A stretch along a line shorter than this (px) is too short to tell which
// row of pixels the line lies on.
constexpr int kMinStretchPx = 8;
// A grid whose rows are this low (px) or lower has no lines to snap to.
constexpr int kMinRowHeightPx = 4;

constexpr float kUnknown = std::numeric_limits<float>::quiet_NaN();

// Positions (sorted) that lie within `tolerance` of each other are one line.
std::vector<float> Cluster(std::vector<float> positions, float tolerance) {
  std::sort(positions.begin(), positions.end());
  std::vector<float> lines;
  for (float p : positions)
    if (lines.empty() || p - lines.back() > tolerance) lines.push_back(p);
  return lines;
}

int IndexOf(const std::vector<float>& lines, float position) {
  const auto it = std::min_element(lines.begin(), lines.end(),
                                   [&](float a, float b) { return std::abs(a - position) < std::abs(b - position); });
  return static_cast<int>(it - lines.begin());
}

// Where the printed line expected at `expected` (across the axis) lies, over
// the stretch [from, to) along it: the pixel row (or column, for an upright
// line) where most pixels are a thin dark ridge, darker than the paper `gap`
// pixels to either side. A ridge, not just darkness: a shaded total row is
// dark up to its edge but has no ridge. Offset from `expected` in pixels, or
// NaN when no row is dark along enough of the stretch.
float LineOffset(const cv::Mat& gray, bool horizontal, float expected, float from, float to, float reach, int gap,
                 const SnapOptions& options) {
  const int lo = static_cast<int>(std::floor(expected - reach)), hi = static_cast<int>(std::ceil(expected + reach));
  const int across_size = horizontal ? gray.rows : gray.cols, along_size = horizontal ? gray.cols : gray.rows;
  const int a0 = std::max(0, static_cast<int>(std::ceil(from))), a1 = std::min(along_size, static_cast<int>(to));
  if (lo - gap < 0 || hi + gap >= across_size || a1 - a0 < kMinStretchPx) return kUnknown;
  auto at = [&](int across, int along) {
    return horizontal ? gray.at<uchar>(across, along) : gray.at<uchar>(along, across);
  };
  std::vector<float> fill(hi - lo + 1, 0);
  for (int c = lo; c <= hi; ++c) {
    int dark = 0;
    for (int a = a0; a < a1; ++a) {
      const int before = at(c - gap, a), after = at(c + gap, a);
      const int paper = std::max(before, after);
      dark += std::min(before, after) - at(c, a) > options.min_contrast * paper;
    }
    fill[c - lo] = static_cast<float>(dark) / (a1 - a0);
  }
  // The strongest row, nearer rows preferred a little (a stroke of writing
  // along the line's neighbour should not win over the line itself): a row
  // at the edge of the search counts three quarters of its fill.
  constexpr float kFarPenalty = 0.25f;
  int best = -1;
  float best_score = 0;
  for (int c = lo; c <= hi; ++c) {
    const float score = fill[c - lo] * (1.0f - kFarPenalty * std::abs(c - expected) / reach);
    if (fill[c - lo] >= options.min_fill && score > best_score) best = c, best_score = score;
  }
  if (best < 0) return kUnknown;
  // A line is a few pixels thick: its centre is the fill-weighted mean of the
  // rows around the best one that are at least half as full.
  constexpr float kLineBody = 0.5f;
  double sum = 0, weight = 0;
  for (int c = best; c >= lo && fill[c - lo] >= kLineBody * fill[best - lo]; --c)
    sum += c * fill[c - lo], weight += fill[c - lo];
  for (int c = best + 1; c <= hi && fill[c - lo] >= kLineBody * fill[best - lo]; ++c)
    sum += c * fill[c - lo], weight += fill[c - lo];
  return static_cast<float>(sum / weight) - expected;
}

// The shapes of a printed grid's lines against its row height, the one
// length every sheet has. The layout puts the sides of neighbouring cells on
// one line to within a fraction of a pixel; a fifth of a row apart they are
// two lines (kSameLineShare). A ruled line is a few pixels thick: its
// darkness is measured against the paper a tenth of a row to either side
// (kPaperGapShare, at least kMinPaperGapPx). A line is looked for along a
// cell's side clear of the lines across it, which are dark on every row: an
// eighth of the width and a sixth of the height in from the corners
// (kInsetAcross, kInsetAlong). A snapped cell under half a row high or wide
// was snapped onto writing, not lines (kMinSideShare).
constexpr float kSameLineShare = 0.2f;
constexpr double kPaperGapShare = 0.1;
constexpr int kMinPaperGapPx = 3;
constexpr float kInsetAcross = 0.12f, kInsetAlong = 0.15f;
constexpr float kMinSideShare = 0.5f;

float Median(std::vector<float> values) {
  if (values.empty()) return kUnknown;
  std::nth_element(values.begin(), values.begin() + values.size() / 2, values.end());
  return values[values.size() / 2];
}

// Offsets measured per (line, stretch) made consistent: a measurement far from
// those of its neighbours (the same line over the next stretches, the next
// lines over the same stretch) is a stroke of writing and is replaced by their
// median, as is a missing one; with no neighbour measured, the grid's median.
std::map<std::pair<int, int>, float> Settle(const std::map<std::pair<int, int>, float>& measured, int line_reach,
                                            int stretch_reach, float max_jump) {
  std::vector<float> all;
  for (const auto& [key, offset] : measured)
    if (!std::isnan(offset)) all.push_back(offset);
  const float fallback = all.empty() ? 0.0f : Median(all);
  std::map<std::pair<int, int>, float> settled;
  for (const auto& [key, offset] : measured) {
    std::vector<float> around;
    for (int dl = -line_reach; dl <= line_reach; ++dl)
      for (int ds = -stretch_reach; ds <= stretch_reach; ++ds) {
        if (dl == 0 && ds == 0) continue;
        const auto it = measured.find({key.first + dl, key.second + ds});
        if (it != measured.end() && !std::isnan(it->second)) around.push_back(it->second);
      }
    const float neighbours = Median(around);
    if (std::isnan(offset)) settled[key] = std::isnan(neighbours) ? fallback : neighbours;
    else if (!std::isnan(neighbours) && std::abs(offset - neighbours) > max_jump) settled[key] = neighbours;
    else settled[key] = offset;
  }
  return settled;
}

}  // namespace

std::vector<GridCell> SnapToRuledLines(const cv::Mat& page, std::vector<GridCell> cells, const SnapOptions& options) {
  if (!options.enabled || page.empty() || cells.empty()) return cells;
  const cv::Mat gray = DarkestChannel(page);
  std::map<int, std::vector<size_t>> by_grid;
  for (size_t i = 0; i < cells.size(); ++i) by_grid[cells[i].grid].push_back(i);

  for (const auto& [grid, members] : by_grid) {
    std::vector<float> ys, xs, heights;
    for (size_t i : members) {
      const cv::Rect2f& r = cells[i].cell_in_page;
      ys.insert(ys.end(), {r.y, r.y + r.height});
      xs.insert(xs.end(), {r.x, r.x + r.width});
      heights.push_back(r.height);
    }
    const float row_height = Median(heights);
    if (!(row_height > kMinRowHeightPx)) continue;
    const std::vector<float> row_lines = Cluster(ys, kSameLineShare * row_height);
    const std::vector<float> column_lines = Cluster(xs, kSameLineShare * row_height);
    const float reach = static_cast<float>(options.search * row_height);
    const int gap = std::max(kMinPaperGapPx, static_cast<int>(std::lround(kPaperGapShare * row_height)));

    // Each horizontal line over each column, each vertical line over each row.
    struct Sides {
      int top, bottom, left, right;
    };
    std::vector<Sides> sides;
    std::map<std::pair<int, int>, float> row_offsets, column_offsets;  // (line, stretch) -> offset
    for (size_t i : members) {
      const cv::Rect2f& r = cells[i].cell_in_page;
      const Sides s{IndexOf(row_lines, r.y), IndexOf(row_lines, r.y + r.height), IndexOf(column_lines, r.x),
                    IndexOf(column_lines, r.x + r.width)};
      sides.push_back(s);
      // Stay clear of the lines across, which are dark on every row.
      const float inset_x = kInsetAcross * r.width, inset_y = kInsetAlong * r.height;
      for (int line : {s.top, s.bottom})
        if (!row_offsets.count({line, s.left}))
          row_offsets[{line, s.left}] = LineOffset(gray, true, row_lines[line], r.x + inset_x, r.x + r.width - inset_x,
                                                   reach, gap, options);
      for (int line : {s.left, s.right})
        if (!column_offsets.count({line, s.top}))
          column_offsets[{line, s.top}] = LineOffset(gray, false, column_lines[line], r.y + inset_y,
                                                     r.y + r.height - inset_y, reach, gap, options);
    }
    const float max_jump = static_cast<float>(options.max_jump * row_height);
    const auto row_shift = Settle(row_offsets, 2, 1, max_jump);
    const auto column_shift = Settle(column_offsets, 1, 2, max_jump);
    for (size_t k = 0; k < members.size(); ++k) {
      const Sides& s = sides[k];
      const float top = row_lines[s.top] + row_shift.at({s.top, s.left});
      const float bottom = row_lines[s.bottom] + row_shift.at({s.bottom, s.left});
      const float left = column_lines[s.left] + column_shift.at({s.left, s.top});
      const float right = column_lines[s.right] + column_shift.at({s.right, s.top});
      if (bottom - top < kMinSideShare * row_height || right - left < kMinSideShare * row_height)
        continue;  // keep the layout's
      cells[members[k]].cell_in_page = cv::Rect2f(left, top, right - left, bottom - top);
    }
  }
  return cells;
}

bool SnapOptions::Check() const {
  const auto Share = [](double x) { return x >= 0 && x <= 1; };  // a share or a probability
  return search >= 0 && Share(min_fill) && min_contrast >= 0 && max_jump >= 0;
}

}  // namespace scorecheck
