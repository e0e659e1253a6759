#include "lattice/faint_rows.h"

#include <algorithm>
#include <cmath>

namespace scorecheck {
namespace {

bool Near(const std::vector<float>& lines, float at, float tolerance) {
  return std::any_of(lines.begin(), lines.end(), [&](float y) { return std::abs(y - at) <= tolerance; });
}

}  // namespace

bool HasLongRows(const Lattice& grid, float min_pitches) {
  if (grid.rows() < 2) return false;
  const float pitch = MedianRowPitch(grid);
  for (size_t i = 1; i < grid.row_y.size(); ++i)
    if (grid.row_y[i] - grid.row_y[i - 1] >= min_pitches * pitch) return true;
  return false;
}

Lattice WithFaintRows(const Lattice& grid, const std::vector<Lattice>& faint, float tolerance_px, float min_pitches) {
  if (!HasLongRows(grid, min_pitches)) return grid;
  const float pitch = MedianRowPitch(grid);
  Lattice filled = grid;
  filled.row_y.clear();
  filled.row_inferred.clear();
  for (size_t i = 0; i < grid.row_y.size(); ++i) {
    if (i > 0 && grid.row_y[i] - grid.row_y[i - 1] >= min_pitches * pitch) {
      const float top = grid.row_y[i - 1], bottom = grid.row_y[i];
      for (const Lattice& other : faint) {
        if (!SameColumns(grid, other, tolerance_px) || !Near(other.row_y, top, tolerance_px) ||
            !Near(other.row_y, bottom, tolerance_px))
          continue;
        std::vector<size_t> inside;
        bool seen = false;
        for (size_t j = 0; j < other.row_y.size(); ++j)
          if (other.row_y[j] > top + tolerance_px && other.row_y[j] < bottom - tolerance_px) {
            inside.push_back(j);
            seen = seen || !other.RowLineInferred(static_cast<int>(j));
          }
        if (!seen) continue;
        for (size_t j : inside) {
          filled.row_y.push_back(other.row_y[j]);
          filled.row_inferred.push_back(other.RowLineInferred(static_cast<int>(j)));
        }
        break;
      }
    }
    filled.row_y.push_back(grid.row_y[i]);
    filled.row_inferred.push_back(grid.RowLineInferred(static_cast<int>(i)));
  }
  return filled;
}

std::vector<Lattice> WithRowsOfTwins(const std::vector<Lattice>& grids, float tolerance_px, float min_pitches) {
  std::vector<Lattice> lent = grids;
  for (size_t g = 0; g < grids.size(); ++g) {
    const Lattice& grid = grids[g];
    if (!HasLongRows(grid, min_pitches)) continue;
    std::vector<Lattice> twins;
    for (size_t other = 0; other < grids.size(); ++other) {
      const Lattice& twin = grids[other];
      if (other == g || std::abs(twin.frame.width - grid.frame.width) > tolerance_px ||
          std::abs(twin.frame.height - grid.frame.height) > tolerance_px)
        continue;
      Lattice moved = twin;
      const float dx = grid.frame.x - twin.frame.x, dy = grid.frame.y - twin.frame.y;
      for (float& x : moved.column_x) x += dx;
      for (float& y : moved.row_y) y += dy;
      moved.frame.x += dx;
      moved.frame.y += dy;
      twins.push_back(std::move(moved));
    }
    // The twin that shows most rows first: a twin that lost rows of its own
    // would lend only some.
    std::stable_sort(twins.begin(), twins.end(), [](const Lattice& a, const Lattice& b) { return a.rows() > b.rows(); });
    if (!twins.empty()) lent[g] = WithFaintRows(grid, twins, tolerance_px, min_pitches);
  }
  return lent;
}

}  // namespace scorecheck
