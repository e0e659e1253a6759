#include "lattice/faint_rows.h"

#include <algorithm>
#include <cmath>

#include "core/robust_stats.h"

namespace scorecheck {
namespace {

float MedianPitch(const Lattice& grid) {
  std::vector<double> gaps;
  for (size_t i = 1; i < grid.row_y.size(); ++i) gaps.push_back(grid.row_y[i] - grid.row_y[i - 1]);
  return static_cast<float>(Median(gaps));
}

bool Near(const std::vector<float>& lines, float at, float tolerance) {
  return std::any_of(lines.begin(), lines.end(), [&](float y) { return std::abs(y - at) <= tolerance; });
}

// The same table: as many column lines, each where the grid's is.
bool SameColumns(const Lattice& a, const Lattice& b, float tolerance) {
  if (a.column_x.size() != b.column_x.size()) return false;
  for (size_t i = 0; i < a.column_x.size(); ++i)
    if (std::abs(a.column_x[i] - b.column_x[i]) > tolerance) return false;
  return true;
}

bool Inferred(const Lattice& grid, size_t line) { return line < grid.row_inferred.size() && grid.row_inferred[line]; }

}  // namespace

bool HasLongRows(const Lattice& grid, float min_pitches) {
  if (grid.rows() < 2) return false;
  const float pitch = MedianPitch(grid);
  for (size_t i = 1; i < grid.row_y.size(); ++i)
    if (grid.row_y[i] - grid.row_y[i - 1] >= min_pitches * pitch) return true;
  return false;
}

Lattice WithFaintRows(const Lattice& grid, const std::vector<Lattice>& faint, float tolerance_px, float min_pitches) {
  if (!HasLongRows(grid, min_pitches)) return grid;
  const float pitch = MedianPitch(grid);
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
            seen = seen || !Inferred(other, j);
          }
        if (!seen) continue;
        for (size_t j : inside) {
          filled.row_y.push_back(other.row_y[j]);
          filled.row_inferred.push_back(Inferred(other, j));
        }
        break;
      }
    }
    filled.row_y.push_back(grid.row_y[i]);
    filled.row_inferred.push_back(Inferred(grid, i));
  }
  return filled;
}

}  // namespace scorecheck
