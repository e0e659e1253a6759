#include "lattice/stacked_grids.h"

#include <algorithm>
#include <cmath>

namespace scorecheck {
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
