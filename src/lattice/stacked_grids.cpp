#include "lattice/stacked_grids.h"

#include <algorithm>
#include <cmath>

namespace scorecheck {
namespace {

// `upper` and `lower` as one grid: the columns where both put them (their
// mean), the rows of both, the space between them a row of its own unless it
// is no more than the gap inside a double rule.
Lattice Joined(const Lattice& upper, const Lattice& lower, float pitch) {
  Lattice joined;
  joined.line_px = std::max(upper.line_px, lower.line_px);
  for (size_t i = 0; i < upper.column_x.size(); ++i) {
    joined.column_x.push_back((upper.column_x[i] + lower.column_x[i]) / 2);
    joined.column_inferred.push_back(upper.ColumnLineInferred(static_cast<int>(i)) &&
                                     lower.ColumnLineInferred(static_cast<int>(i)));
  }
  for (size_t r = 0; r < upper.row_y.size(); ++r) {
    joined.row_y.push_back(upper.row_y[r]);
    joined.row_inferred.push_back(upper.RowLineInferred(static_cast<int>(r)));
  }
  size_t from = 0;
  if (std::abs(lower.row_y.front() - upper.row_y.back()) < pitch / 3) {
    joined.row_y.back() = (upper.row_y.back() + lower.row_y.front()) / 2;
    joined.row_inferred.back() = joined.row_inferred.back() && lower.RowLineInferred(0);
    from = 1;
  }
  for (size_t r = from; r < lower.row_y.size(); ++r) {
    joined.row_y.push_back(lower.row_y[r]);
    joined.row_inferred.push_back(lower.RowLineInferred(static_cast<int>(r)));
  }
  joined.frame = cv::Rect2f(cv::Point2f(joined.column_x.front(), joined.row_y.front()),
                            cv::Point2f(joined.column_x.back(), joined.row_y.back()));
  return joined;
}

}  // namespace

std::optional<std::vector<Lattice>> JoinStackedGrids(const std::vector<Lattice>& grids, float column_tolerance_px,
                                                     int max_rows, float max_gap_rows) {
  std::vector<Lattice> joined = grids;
  bool any = false;
  for (bool again = true; again;) {
    again = false;
    for (size_t i = 0; i < joined.size() && !again; ++i)
      for (size_t j = 0; j < joined.size() && !again; ++j) {
        const Lattice& upper = joined[i];
        const Lattice& lower = joined[j];
        if (i == j || upper.rows() < 1 || lower.rows() < 1) continue;
        if (!SameColumns(upper, lower, column_tolerance_px)) continue;
        const float pitch = std::min(MedianRowPitch(upper), MedianRowPitch(lower));
        // Below it: the two may put the line they share a pixel or two apart
        // either way (each stroke of a double rule), no more.
        const float gap = lower.row_y.front() - upper.row_y.back();
        if (pitch <= 0 || gap < -pitch / 3 || gap > max_gap_rows * pitch) continue;
        if (upper.rows() + lower.rows() + (gap < pitch / 3 ? 0 : 1) > max_rows) continue;
        // Nothing else between them: a grid in between is the one below.
        const bool between = std::any_of(joined.begin(), joined.end(), [&](const Lattice& other) {
          return &other != &upper && &other != &lower && other.frame.y > upper.frame.y && other.frame.y < lower.frame.y &&
                 std::min(other.frame.br().x, upper.frame.br().x) > std::max(other.frame.x, upper.frame.x);
        });
        if (between) continue;
        joined[i] = Joined(upper, lower, pitch);
        joined.erase(joined.begin() + static_cast<std::ptrdiff_t>(j));
        any = again = true;
      }
  }
  if (!any) return std::nullopt;
  SortGrids(joined);
  return joined;
}

namespace {

// Rows [from, to] of `grid`'s lines (to inclusive) as a grid of their own.
Lattice RowsOf(const Lattice& grid, size_t from, size_t to) {
  Lattice part = grid;
  part.row_y.assign(grid.row_y.begin() + static_cast<std::ptrdiff_t>(from), grid.row_y.begin() + static_cast<std::ptrdiff_t>(to) + 1);
  part.row_inferred.clear();
  for (size_t i = from; i <= to; ++i) part.row_inferred.push_back(grid.RowLineInferred(static_cast<int>(i)));
  part.frame = cv::Rect2f(cv::Point2f(part.column_x.front(), part.row_y.front()), cv::Point2f(part.column_x.back(), part.row_y.back()));
  return part;
}

}  // namespace

std::vector<Lattice> SplitTallGrids(const std::vector<Lattice>& grids, int max_rows, float min_gap_pitches, int min_rows) {
  std::vector<Lattice> parts;
  std::vector<Lattice> pending = grids;
  bool any = false;
  while (!pending.empty()) {
    Lattice grid = std::move(pending.back());
    pending.pop_back();
    const float pitch = MedianRowPitch(grid);
    size_t tallest = 0;  // the row between lines tallest - 1 and tallest
    if (grid.rows() > max_rows && pitch > 0)
      for (size_t i = static_cast<size_t>(min_rows) + 1; i + static_cast<size_t>(min_rows) < grid.row_y.size(); ++i)
        if (tallest == 0 || grid.row_y[i] - grid.row_y[i - 1] > grid.row_y[tallest] - grid.row_y[tallest - 1]) tallest = i;
    if (tallest == 0 || grid.row_y[tallest] - grid.row_y[tallest - 1] < min_gap_pitches * pitch) {
      parts.push_back(std::move(grid));
      continue;
    }
    pending.push_back(RowsOf(grid, 0, tallest - 1));
    pending.push_back(RowsOf(grid, tallest, grid.row_y.size() - 1));
    any = true;
  }
  if (!any) return grids;
  SortGrids(parts);
  return parts;
}

}  // namespace scorecheck
