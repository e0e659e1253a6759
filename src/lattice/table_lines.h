#pragma once
// Lattice stage, internal: line runs grouped into tables, and each table's
// row and column lines (the ruled ones, the frame put back where it is too
// thick to be seen, missing rows put back from the pitch). Used by
// find_lattice.cpp only. table_lines.cpp holds one table's lines,
// tables.cpp the grouping of runs into tables.

#include <array>
#include <cstddef>
#include <optional>
#include <string>
#include <vector>

#include <opencv2/core.hpp>

#include "lattice/find_lattice.h"
#include "lattice/line_runs.h"

namespace scorecheck::lattice {

/// Long runs that cross each other form one table.
struct Table {
  cv::Rect2f box;
  int horizontal = 0, vertical = 0;  ///< long runs in it
};

/// One line of a table: runs at the same position merged.
struct Line {
  float pos = 0;
  float coverage = 0;   ///< share of the table's extent covered
  float thickness = 0;
  bool inferred = false;
  std::vector<std::pair<float, float>> spans;  ///< the runs' extents along the line, sorted
  cv::Point2f a, b;  ///< the fitted line through its runs, two points on it (x, y)
};

/// The corners of a table's frame, in the order of Candidate::corners.
enum Corner : std::size_t { kTopLeft, kTopRight, kBottomRight, kBottomLeft };

/// One table looked at as a scorecard grid.
struct Candidate {
  std::optional<Lattice> lattice;
  std::string why;       ///< when rejected
  int rows = 0, columns = 0;
  std::array<cv::Point2f, 4> corners;  ///< the frame lines' fitted crossings: top-left, top-right, bottom-right, bottom-left
};

/// The lengths GroupTables() works with, full-resolution pixels.
struct TableLengths {
  float min_length;  ///< lines at least this long make tables
  float tol;         ///< lines cross within this
  float stack_gap;   ///< parallel lines at most this far apart stack into a table ruled one way
  float ends_tol;    ///< ... their ends agreeing within this
  float same_line;   ///< pieces of one line lie within this of each other's position
  float cut_blur;    ///< a rule crossing a line cuts a hole as wide as the rule and this much to either side
  int min_stacked;   ///< parallel lines a table ruled one way needs
};

/// Lines at least `min_length` long that cross each other (within `tol`)
/// form one table; so do parallel lines less than `stack_gap` apart whose
/// ends agree within `ends_tol` (rows ruled, columns not). A line is its
/// pieces: runs in line that meet, or that a rule across cuts apart (its
/// width and `cut_blur` to either side), however short each; and two runs
/// long enough alone, end to end within `ends_tol` across a run the other
/// way (a thick rule crossed by thick rules). A table needs two runs each
/// way, or `min_stacked` parallel ones.
std::vector<Table> GroupTables(const Runs& runs, const TableLengths& lengths);

/// GroupTables() with the lengths `options` give: lines of min_line_mm, 2 mm
/// to cross, rows stacked at most 15 mm apart with ends within 3 mm, and
/// min_rows + 1 of them for a table ruled one way only; pieces of a line
/// within 0.8 mm of its position, a crossing's blur 0.5 mm.
std::vector<Table> FindTables(const Runs& runs, const LatticeOptions& options, const Scale& scale);

/// The lines among `runs` inside the band [lo - tol, hi + tol] across them,
/// overlapping [from, to] along them; runs within `merge` of a longer run's
/// position are part of its line.
std::vector<Line> TableLines(const std::vector<Run>& runs, bool horizontal, float lo, float hi, float from, float to,
                             float merge, float tol);

/// Keeps the ruled lines among the candidates (those that cross the lines
/// across them). A line cut where a thick rule crosses it is whole again first.
void KeepRuled(std::vector<Line>& horizontal, std::vector<Line>& vertical, float tol, float reach, float frame_gap);

/// A table ruled one way only: keeps the lines of `lines` that start and end
/// where most of them do (within `tol`); a text baseline or a rule under a
/// title does not.
void KeepCommonEnds(std::vector<Line>& lines, float tol);

/// True when a run of `line` reaches `at` (within `tol`), and, with `reach`
/// > 0, goes on past it by `reach` on both sides.
bool Passes(const Line& line, float at, float tol, float reach = 0);

/// `lines` covering at least `min_span` of their table.
std::vector<Line> Spanning(std::vector<Line> lines, double min_span);

/// One table (its box) looked at as a scorecard grid: its spanning, ruled
/// lines, the frame put back, the rows made regular, and why not when it is
/// no grid.
Candidate BuildLattice(const Runs& runs, const Table& table, const LatticeOptions& options, const Scale& scale);

/// Every table of `runs` (split where its lines leave gaps; sections too
/// short alone joined again) as a candidate grid. In tables.cpp.
std::vector<Candidate> BuildAll(const Runs& runs, const LatticeOptions& options, const Scale& scale);

}  // namespace scorecheck::lattice
