#include "grid/rows_by_order.h"

#include <algorithm>
#include <cmath>
#include <set>
#include <string>

namespace scorecheck {

std::optional<std::vector<int>> ScoreRowsByOrder(const Lattice& grid, const std::vector<bool>& header, int wanted) {
  if (grid.rows() <= 0 || wanted <= 0) return std::nullopt;
  auto is_header = [&](int r) { return r < static_cast<int>(header.size()) && header[r]; };
  std::vector<float> heights;
  for (int r = 0; r < grid.rows(); ++r) heights.push_back(grid.row_y[r + 1] - grid.row_y[r]);
  const float median = MedianRowPitch(grid);
  // A row under half the pitch is a sliver between two rules (a double rule,
  // a section's edge), no row anyone writes in.
  constexpr float kSliver = 0.5f;
  // Score rows share one pitch, within a few percent once the page is
  // straightened (44-48 px in a photo at 6 px/mm); header and section rows
  // are often taller or lower (a header split by its own rule into rows of
  // 42 and 33 pixels over score rows of 48).
  constexpr float kOnPitch = 0.1f;
  std::vector<int> rows;
  for (int r = 0; r < grid.rows(); ++r)
    if (!is_header(r) && heights[r] >= kSliver * median) rows.push_back(r);
  if (static_cast<int>(rows.size()) == wanted) return rows;
  // The top row told a header by itself alone (no row below prints what it
  // does) may as well hold a player's first handwritten scores: ink in its
  // cells is all that told it. When leaving it out leaves one row short, it
  // is the first score row.
  const bool top_told_alone = is_header(0) && std::count(header.begin(), header.end(), true) == 1;
  if (top_told_alone && heights[0] >= kSliver * median && static_cast<int>(rows.size()) + 1 == wanted) {
    rows.insert(rows.begin(), 0);
    return rows;
  }
  std::vector<int> on_pitch;
  for (int r : rows)
    if (std::abs(heights[r] - median) <= kOnPitch * median) on_pitch.push_back(r);
  if (static_cast<int>(on_pitch.size()) == wanted) return on_pitch;
  const bool headers_told = std::any_of(header.begin(), header.end(), [](bool h) { return h; });
  if (static_cast<int>(rows.size()) == wanted + 1 && !headers_told) return std::vector<int>(rows.begin() + 1, rows.end());
  return std::nullopt;
}

bool EveryRowPlacedPastHeaders(const RulesetMatch& match, const Ruleset& ruleset, const std::vector<PrintedRowText>& printed) {
  if (match.missing_rows > 0) return false;
  std::set<std::string> rows;
  std::vector<bool> placed(printed.size(), false);
  for (const RowMatch& row : match.rows) {
    rows.insert(row.row_id);
    if (row.printed_row >= 0 && row.printed_row < static_cast<int>(printed.size())) placed[row.printed_row] = true;
  }
  if (rows.size() < ruleset.rows.size()) return false;
  for (size_t r = 0; r < printed.size(); ++r)
    if (!placed[r] && !printed[r].header_print) return false;
  return true;
}

}  // namespace scorecheck
