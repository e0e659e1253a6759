#include "lattice/table_lines.h"

#include <algorithm>
#include <cmath>
#include <numeric>
#include <optional>
#include <sstream>
#include <utility>

#include "core/image_constants.h"

namespace scorecheck::lattice {
namespace {

// A rule standing beyond a side put back, this far at most (mm), along this
// share of the rows' height at least, is the table's side (see
// TakeSideRulesBeyondTheRows).
constexpr double kSideRuleReachMm = 20;
constexpr float kSideRuleCover = 0.9f;
// Rows of another table run on from such a rule by more than this part of
// the reach (a quarter: past a row line's overshoot beyond its own frame).
constexpr int kRunOnPart = 4;
// Two lines cross nowhere when the cross product of their directions (px^2)
// is under this: parallel.
constexpr float kParallel = 1e-6f;
// A line whose runs' ends spread less than this along it (variance, px^2)
// has no slope to fit: it stands straight.
constexpr double kFlatSpread = 1e-6;
// A missing frame is put back where this part of the lines across it reach
// (a quarter, not half): a line across is found too short where print
// touches it or a tint cuts it, never too long
// (samples/frame-where-a-quarter-reach).
constexpr size_t kFrameReachPart = 4;

float Median(std::vector<float> values) {
  if (values.empty()) return 0;
  std::nth_element(values.begin(), values.begin() + values.size() / 2, values.end());
  return values[values.size() / 2];
}

// Where the lines `across` start and where they end, each in order; a line
// put back (no spans) has neither.
std::pair<std::vector<float>, std::vector<float>> Reach(const std::vector<Line>& across) {
  std::vector<float> starts, ends;
  for (const Line& line : across) {
    if (line.spans.empty()) continue;
    starts.push_back(line.spans.front().first);
    float end = line.spans.front().second;
    for (const auto& span : line.spans) end = std::max(end, span.second);
    ends.push_back(end);
  }
  std::sort(starts.begin(), starts.end());
  std::sort(ends.begin(), ends.end());
  return {starts, ends};
}

// Drops lines of `lines` outside the extent of the lines `across` them: a
// table's lines end at its frame, so a line that at most one line across
// reaches is background that touched the table (the stripes of a gingham
// tablecloth around an unrectified photo, or a rule above the grid).
void TrimToFrame(std::vector<Line>& lines, const std::vector<Line>& across, float slack) {
  const auto [starts, ends] = Reach(across);
  if (starts.size() < 2) return;
  const float first = starts[1], last = ends[ends.size() - 2];
  std::erase_if(lines, [&](const Line& line) { return line.pos < first - slack || line.pos > last + slack; });
}

// Adds a first or last line to `lines` where a quarter of the lines `across`
// them start or end (kFrameReachPart), when that is more than `slack` beyond
// the present first or last line.
void PutBackFrame(std::vector<Line>& lines, const std::vector<Line>& across, float slack) {
  const auto [starts, ends] = Reach(across);
  if (starts.empty()) return;
  float thickness = 0;
  for (const Line& line : lines) thickness = std::max(thickness, line.thickness);
  Line frame;
  frame.inferred = true;
  frame.thickness = thickness;
  if (lines.empty()) {  // no line this way at all: both ends of the lines across
    for (const float at : {Median(starts), Median(ends)}) {
      frame.pos = at;
      lines.push_back(frame);
    }
    return;
  }
  const size_t quarter = starts.size() / kFrameReachPart;
  if (const float start = starts[quarter]; lines.front().pos - start > slack) {
    frame.pos = start;
    lines.insert(lines.begin(), frame);
  }
  if (const float end = ends[ends.size() - 1 - quarter]; end - lines.back().pos > slack) {
    frame.pos = end;
    lines.push_back(frame);
  }
}

// A side put back where the rows end, with a rule standing beyond it, a
// little outside, from the first row line to the last (`tol`) and no
// further, along nine tenths of them at least: that rule is the side, and
// the rows stopped short of it where small print touches them (how-to text under each label,
// blurred into the row line in a low-resolution photo, cut 11 mm off every
// row and the labels' first letters off the grid). Not a rule that rows of
// another table run on from: the frame of a grid beside this one.
void TakeSideRulesBeyondTheRows(std::vector<Line>& columns, const std::vector<Line>& rows, const Runs& runs,
                                float max_reach, float tol) {
  if (columns.size() < 2 || rows.size() < 2) return;
  const std::vector<Run>& vertical = runs.vertical;
  const float top = rows.front().pos, bottom = rows.back().pos;
  // Rows of another table that run on from the rule away from this one:
  // it is that table's side (a grid beside this one, its frame 10 mm off).
  auto rows_run_on = [&](float at, float away) {
    int met = 0;
    for (const Line& row : rows)
      met += std::any_of(runs.horizontal.begin(), runs.horizontal.end(), [&](const Run& run) {
        if (std::abs(run.pos - row.pos) > tol) return false;
        return away < 0 ? run.from < at - max_reach / kRunOnPart && run.to >= at - tol
                        : run.to > at + max_reach / kRunOnPart && run.from <= at + tol;
      });
    return met >= 2;
  };
  auto side_rule = [&](float from, float to) -> std::optional<Line> {
    std::optional<Line> nearest;
    for (const Run& run : vertical) {
      if (run.pos < std::min(from, to) || run.pos > std::max(from, to)) continue;
      if (nearest && std::abs(run.pos - from) >= std::abs(nearest->pos - from)) continue;
      Line line;
      line.pos = run.pos;
      float covered = 0, first = bottom, last = top;
      for (const Run& piece : vertical)
        if (std::abs(piece.pos - run.pos) <= tol / 2 && piece.to > top && piece.from < bottom) {
          covered += std::min(piece.to, bottom) - std::max(piece.from, top);
          first = std::min(first, piece.from);
          last = std::max(last, piece.to);
          line.spans.push_back({piece.from, piece.to});
          line.thickness = std::max(line.thickness, piece.thickness);
          if (piece.length() > line.b.y - line.a.y) line.a = piece.a, line.b = piece.b;
        }
      // From the first row line to the last, not past them: a line running
      // on beyond the table (a page's edge, a border around the page) is
      // no side of it.
      if (std::abs(first - top) > tol || std::abs(last - bottom) > tol || covered < kSideRuleCover * (bottom - top)) continue;
      if (rows_run_on(run.pos, to - from)) continue;
      std::sort(line.spans.begin(), line.spans.end());
      line.coverage = covered / (bottom - top);
      nearest = line;
    }
    return nearest;
  };
  if (columns.front().inferred)
    if (const auto rule = side_rule(columns.front().pos - tol, columns.front().pos - max_reach)) columns.front() = *rule;
  if (columns.back().inferred)
    if (const auto rule = side_rule(columns.back().pos + tol, columns.back().pos + max_reach)) columns.back() = *rule;
}

std::vector<float> Gaps(const std::vector<Line>& lines) {
  std::vector<float> gaps;
  for (size_t i = 1; i < lines.size(); ++i) gaps.push_back(lines[i].pos - lines[i - 1].pos);
  return gaps;
}

// Where the lines through a0-a1 and b0-b1 cross (a0 when parallel).
cv::Point2f Crossing(cv::Point2f a0, cv::Point2f a1, cv::Point2f b0, cv::Point2f b1) {
  const cv::Point2f da = a1 - a0, db = b1 - b0;
  const float det = da.x * db.y - da.y * db.x;
  if (std::abs(det) < kParallel) return a0;
  const float t = ((b0.x - a0.x) * db.y - (b0.y - a0.y) * db.x) / det;
  return a0 + t * da;
}

// A gap between two row lines narrower than this share of the pitch is a
// strip of paper, not a row (a split row is half one).
constexpr float kStrip = 0.35f;
// Rows are regularised from this many lines on: two gaps to take a pitch from.
constexpr size_t kMinRowLines = 3;
// Two row lines closer than this share of the pitch are not both row lines.
constexpr float kCloseRowLines = 0.65f;
// A gap of up to kMaxGapPitches pitches, within kMissingTol of a whole number
// of them, hides faint row lines (a gap of two pitches one line).
constexpr int kMaxGapPitches = 4;
constexpr float kMissingTol = 0.15f;
// A row gap is regular within this share of the row pitch
// (LatticeOptions::min_regular_rows counts them).
constexpr float kRegularGap = 0.25f;

// Row lines: drops a line too close to its neighbours (a stray stroke along a
// line), then puts back lines missing from the regular pitch. Returns the
// share of regular gaps; `repairs` counts the lines dropped or put back.
double RegulariseRows(std::vector<Line>& rows, int& repairs) {
  repairs = 0;
  if (rows.size() < kMinRowLines) return 0;
  for (bool changed = true; changed && rows.size() >= kMinRowLines;) {
    changed = false;
    const float pitch = Median(Gaps(rows));
    // A strip of paper between two lines, one row from the end: the
    // table ends there, and the row beyond is a bar printed near it (a
    // title above the frame), not one of its rows.
    // Dropping the strip's far line and the bar beyond (two lines) leaves
    // enough for a pitch.
    const size_t n = rows.size(), last = n - 1;
    if (n >= kMinRowLines + 2 && rows[2].pos - rows[1].pos < kStrip * pitch) {
      rows.erase(rows.begin(), rows.begin() + 2);
      repairs += 2;
      changed = true;
      continue;
    }
    if (n >= kMinRowLines + 2 && rows[last - 1].pos - rows[last - 2].pos < kStrip * pitch) {
      rows.erase(rows.end() - 2, rows.end());
      repairs += 2;
      changed = true;
      continue;
    }
    for (size_t i = 1; i < rows.size(); ++i) {
      if (rows[i].pos - rows[i - 1].pos >= kCloseRowLines * pitch) continue;
      // One of the two is not a row line: the baseline of a header row's
      // text when column headers fill their cells (and so meet the column
      // lines), or a rule just outside the frame. Drop the one whose removal
      // leaves its neighbours, or the end gap, closest to the pitch.
      auto cost = [&](size_t j) {
        const float gap = j == 0 ? rows[2].pos - rows[1].pos
                          : j == last  ? rows[last - 1].pos - rows[last - 2].pos
                                       : rows[j + 1].pos - rows[j - 1].pos;
        return std::abs(gap / pitch - 1);
      };
      const size_t drop = cost(i) < cost(i - 1) ? i : i - 1;
      rows.erase(rows.begin() + static_cast<long>(drop));
      ++repairs;
      changed = true;
      break;
    }
  }
  const float pitch = Median(Gaps(rows));
  std::vector<Line> filled;
  for (size_t i = 0; i < rows.size(); ++i) {
    if (i > 0) {
      const float gap = rows[i].pos - rows[i - 1].pos;
      const int n = static_cast<int>(std::lround(gap / pitch));
      // A gap of two or more pitches (within 15 %) hides a faint line.
      if (n >= 2 && n <= kMaxGapPitches && std::abs(gap / (n * pitch) - 1) <= kMissingTol)
        for (int m = 1; m < n; ++m) {
          Line line;
          line.pos = rows[i - 1].pos + gap * m / n;
          line.thickness = rows[i].thickness;
          line.inferred = true;
          filled.push_back(line);
          ++repairs;
        }
    }
    filled.push_back(rows[i]);
  }
  rows = std::move(filled);
  const std::vector<float> gaps = Gaps(rows);
  const float final_pitch = Median(gaps);
  const auto regular =
      std::count_if(gaps.begin(), gaps.end(), [&](float g) { return std::abs(g / final_pitch - 1) <= kRegularGap; });
  return static_cast<double>(regular) / gaps.size();
}

// Lengths BuildLattice() works with, mm, besides the lattice stage's own
// (kLineTolMm, kMergeMm, kMeetMm, kRuleReachMm, kEndsTolMm in line_runs.h; the
// table's frame is trimmed within kMeetMm).
// An upright line runs on through a row line when it is seen within this
// (mm) beyond half the row line's width on each side of it: a quarter of a
// millimetre, the blur where a thick rule is cut by the row line across it.
constexpr double kCrossNearMm = 0.25;
// A frame line is put back when the lines across it typically end more than
// this (mm) beyond the present outer line: more than a line's own ragged end.
constexpr double kFrameSlackMm = 3;
// A row frame line is put back only when the columns end more than this share
// of the row pitch (and kRowFrameSlackMm) beyond the outer row: less is a
// column rule's overshoot, not an open row.
constexpr float kRowFrameSlackPitch = 0.3f;
constexpr double kRowFrameSlackMm = 1.5;
// A table is ruled both ways with this many column rules (its sides and one
// between); with its two sides only, when those keep all the rows.
constexpr size_t kMinColumnRules = 3;

// True when the upright line `column` runs on through the row line `row`: on
// both sides of it, to within half its width and `near`.
bool CrossesRow(const Line& column, const Line& row, float near) {
  const float within = row.thickness / 2 + near;
  bool above = false, below = false;
  for (const auto& [from, to] : column.spans) {
    above |= from <= row.pos && to >= row.pos - within;
    below |= to >= row.pos && from <= row.pos + within;
  }
  return above && below;
}

// Keeps the upright lines of `columns` that run on through at least two of the
// row lines `rows` they reach, and through half of them at least.
void KeepRulesThroughRows(std::vector<Line>& columns, const std::vector<Line>& rows, float near) {
  std::erase_if(columns, [&](const Line& column) {
    if (column.spans.empty()) return true;
    float end = column.spans.front().second;
    for (const auto& span : column.spans) end = std::max(end, span.second);
    int reaching = 0, crossed = 0;
    for (const Line& row : rows)
      if (row.pos > column.spans.front().first && row.pos < end) ++reaching, crossed += CrossesRow(column, row, near);
    return crossed < 2 || 2 * crossed < reaching;
  });
}

// One pass of BuildLattice() over the lines in `box`: its `rows` and
// `columns`, ruled both ways (`ruled`) or rows only; false when fewer than
// two lines each way are left.
bool LinesOfPass(const Runs& runs, const cv::Rect2f& box, const LatticeOptions& options, const Scale& scale,
                 std::vector<Line>& rows, std::vector<Line>& columns, bool& ruled) {
  const float tol = static_cast<float>(scale.Full(kLineTolMm));
  const float merge = static_cast<float>(scale.Full(kMergeMm));
  const float meet = static_cast<float>(scale.Full(kMeetMm)), reach = static_cast<float>(scale.Full(kRuleReachMm));
  const float ends_tol = static_cast<float>(scale.Full(kEndsTolMm));
  rows = Spanning(TableLines(runs.horizontal, true, box.y, box.br().y, box.x, box.br().x, merge, tol),
                  options.min_line_span);
  columns = Spanning(TableLines(runs.vertical, false, box.x, box.br().x, box.y, box.br().y, merge, tol),
                     options.min_line_span);
  // Ruled both ways, the rows kept by the upright lines they meet. Unless
  // two upright lines at most stay, and the rows' common ends keep more
  // rows: the sides of striped rows alone, stacked at the table's edges,
  // touch every row line but cross none; one rule between labels and
  // scores and a stack of letters' strokes beside it are no frame either
  // (the rows past the strokes were dropped).
  std::vector<Line> ruled_rows = rows, ruled_columns = columns;
  if (columns.size() >= 2)
    KeepRuled(ruled_rows, ruled_columns, meet, reach, static_cast<float>(scale.Full(options.double_frame_mm)));
  // Rows ruled, columns not (or one rule between labels and scores): the
  // rows' common ends are the frame; the grid stage finds the columns in
  // what the rows hold.
  std::vector<Line> open_rows = rows, open_columns = columns;
  KeepCommonEnds(open_rows, ends_tol);
  // An upright line is a rule when it runs on through row lines: on both
  // sides of each, to within half the row line's width and a quarter of a
  // millimetre (a thick rule is cut where each row line crosses it). A
  // stack of letters down the labels, a parenthesis or an "l" in each
  // row, stops short of the row lines it reaches, most of them (kept, it
  // trimmed the rows to where it began).
  KeepRulesThroughRows(open_columns, open_rows, static_cast<float>(scale.Full(kCrossNearMm)));
  PutBackFrame(open_columns, open_rows, static_cast<float>(scale.Full(kFrameSlackMm)));
  ruled = ruled_columns.size() >= kMinColumnRules ||
          (ruled_columns.size() == 2 && ruled_rows.size() >= open_rows.size());
  rows = ruled ? std::move(ruled_rows) : std::move(open_rows);
  columns = ruled ? std::move(ruled_columns) : std::move(open_columns);
  return rows.size() >= 2 && columns.size() >= 2;
}

// `lines` with the spans of the line of `reach` at each one's position
// (within `tol`): seen to their full reach.
std::vector<Line> Reaching(std::vector<Line> lines, const std::vector<Line>& reach, float tol) {
  for (Line& line : lines)
    for (const Line& whole : reach)
      if (!whole.spans.empty() && std::abs(whole.pos - line.pos) <= tol) {
        line.spans = whole.spans;
        break;
      }
  return lines;
}

// Why a table of `c.rows` rows and `c.columns` columns, `regular` of its rows
// of the usual height after `repairs` of its `seen_rows` row lines were put
// back or dropped, is no scorecard; empty when it may be one.
std::string Rejection(const Candidate& c, const LatticeOptions& options, double regular, int repairs,
                      int seen_rows) {
  std::ostringstream why;
  if (c.rows < options.min_rows) {
    why << "a table of " << c.rows << (c.rows == 1 ? " row" : " rows") << " (a scorecard has at least "
        << options.min_rows << ")";
  } else if (c.rows > options.max_rows) {
    why << "a table of " << c.rows << " rows (ruled paper, not a scorecard)";
  } else if (c.columns < options.min_columns || c.columns > options.max_columns) {
    why << "a table of " << c.columns << (c.columns == 1 ? " column" : " columns") << " (a scorecard has "
        << options.min_columns << "-"
        << options.max_columns << ")";
  } else if (regular < options.min_regular_rows) {
    why << "rows of uneven height (" << std::lround(regular * kPercent) << " % of them of the usual height)";
  } else if (repairs > options.max_row_repairs * seen_rows) {
    // Rows of uneven heights come out regular only after many lines are
    // dropped or put back: a table, not a printed scorecard.
    why << "rows of uneven height (" << repairs << " of " << seen_rows << " row lines missing or extra)";
  }
  return why.str();
}

// Lines put back have no fit of their own: straight across the frame.
void FitPutBackLines(std::vector<Line>& rows, std::vector<Line>& columns) {
  for (Line& row : rows)
    if (row.spans.empty()) {
      row.a = cv::Point2f(columns.front().pos, row.pos);
      row.b = cv::Point2f(columns.back().pos, row.pos);
    }
  for (Line& column : columns)
    if (column.spans.empty()) {
      column.a = cv::Point2f(column.pos, rows.front().pos);
      column.b = cv::Point2f(column.pos, rows.back().pos);
    }
}

// The corners for the perspective test: crossings of the outermost lines
// that were seen. A frame line put back has no slope of its own; standing
// upright where the real one leans, it makes the corners a wrong quad.
decltype(Candidate::corners) SeenCorners(const std::vector<Line>& rows, const std::vector<Line>& columns) {
  auto seen = [](const Line& line) { return !line.spans.empty(); };
  auto first_seen = [&](auto begin, auto end) -> const Line& {
    const auto it = std::find_if(begin, end, seen);
    return it != end ? *it : *begin;
  };
  const Line &top = first_seen(rows.begin(), rows.end()), &bottom = first_seen(rows.rbegin(), rows.rend()),
             &left = first_seen(columns.begin(), columns.end()), &right = first_seen(columns.rbegin(), columns.rend());
  return {Crossing(top.a, top.b, left.a, left.b), Crossing(top.a, top.b, right.a, right.b),
          Crossing(bottom.a, bottom.b, right.a, right.b), Crossing(bottom.a, bottom.b, left.a, left.b)};
}

// The lattice of `rows` and `columns`: their positions, the frame, and the
// seen row lines' typical thickness.
Lattice LatticeOf(const std::vector<Line>& rows, const std::vector<Line>& columns) {
  Lattice lattice;
  std::vector<float> thickness;
  for (const Line& row : rows) {
    lattice.row_y.push_back(row.pos);
    lattice.row_inferred.push_back(row.inferred);
    if (!row.inferred) thickness.push_back(row.thickness);
  }
  for (const Line& column : columns) {
    lattice.column_x.push_back(column.pos);
    lattice.column_inferred.push_back(column.inferred);
  }
  lattice.frame = cv::Rect2f(lattice.column_x.front(), lattice.row_y.front(),
                             lattice.column_x.back() - lattice.column_x.front(),
                             lattice.row_y.back() - lattice.row_y.front());
  lattice.line_px = std::max(1.0f, Median(thickness));
  return lattice;
}

}  // namespace

Candidate BuildLattice(const Runs& runs, const Table& table, const LatticeOptions& options, const Scale& scale) {
  Candidate c;
  const float tol = static_cast<float>(scale.Full(kLineTolMm));
  const float meet = static_cast<float>(scale.Full(kMeetMm));
  const float frame_slack = static_cast<float>(scale.Full(kFrameSlackMm));
  cv::Rect2f box = table.box;
  std::vector<Line> rows, columns;
  std::vector<Line> reach_rows, reach_columns;  // as the first pass saw them: to their ends, past the frame
  // Twice: the first pass finds the frame lines, the second measures coverage
  // against the frame rather than against runs that overshoot it.
  bool ruled = false;  // ruled both ways, as the last pass saw it
  for (int pass = 0; pass < 2; ++pass) {
    if (!LinesOfPass(runs, box, options, scale, rows, columns, ruled)) {
      c.why = "lines do not cross";
      return c;
    }
    if (pass == 0) {
      reach_rows = rows;
      reach_columns = columns;
    }
    // The second pass's box reaches as far as most rows do: a table that
    // rules its inner columns only (labels | how-to | scores, no sides) has
    // no upright line at its sides, and measured between its inner rules,
    // every line of text across the middle column spanned it.
    std::vector<Line> sides = columns;
    PutBackFrame(sides, rows, frame_slack);
    box = cv::Rect2f(sides.front().pos, rows.front().pos, sides.back().pos - sides.front().pos,
                     rows.back().pos - rows.front().pos);
  }
  // Rows outside the extent of the upright lines are background that
  // touched the table, where those lines rule it. Where they do not (rows
  // ruled, columns not), the rows' common ends are the frame already, and
  // its sides may be seen in part only: a thick frame's sides, found from
  // the third row on, had cut the first two rows and the last four off.
  if (ruled) TrimToFrame(rows, columns, meet);
  TrimToFrame(columns, rows, meet);
  if (rows.size() < 2 || columns.size() < 2) {
    c.why = "lines do not cross";
    return c;
  }
  // A frame line too thick for the ridge filter (over ~1 mm) is missed, and
  // a table without a frame has none: the lines across end where it would
  // be, so it is put back there. Where they end is seen to their full reach
  // (the first pass's lines): the second pass cuts them at the outer lines
  // across, and a column rule that goes on past the last row line is the
  // side of an open last row.
  const float pitch = Median(Gaps(rows));
  PutBackFrame(rows, Reaching(columns, reach_columns, tol),
               std::max(kRowFrameSlackPitch * pitch, static_cast<float>(scale.Full(kRowFrameSlackMm))));
  PutBackFrame(columns, Reaching(rows, reach_rows, tol), frame_slack);
  TakeSideRulesBeyondTheRows(columns, rows, runs, static_cast<float>(scale.Full(kSideRuleReachMm)), tol);
  const int seen_rows = static_cast<int>(rows.size());
  int repairs = 0;
  const double regular = RegulariseRows(rows, repairs);
  c.rows = static_cast<int>(rows.size()) - 1;
  c.columns = static_cast<int>(columns.size()) - 1;
  c.why = Rejection(c, options, regular, repairs, seen_rows);
  if (!c.why.empty()) return c;

  FitPutBackLines(rows, columns);
  c.corners = SeenCorners(rows, columns);
  Lattice lattice = LatticeOf(rows, columns);
  c.columns = lattice.columns();
  c.lattice = std::move(lattice);
  return c;
}


// The lines among `runs` inside the band [lo - tol, hi + tol] across them,
// overlapping [from, to] along them. Runs are grouped around the longest ones:
// a run within `merge` of a longer run's position is part of its line (a line
// broken by a gap, or thickened by writing along it).
std::vector<Line> TableLines(const std::vector<Run>& runs, bool horizontal, float lo, float hi, float from, float to,
                             float merge, float tol) {
  std::vector<Run> inside;
  for (const Run& run : runs)
    if (run.pos >= lo - tol && run.pos <= hi + tol && std::min(run.to, to) > std::max(run.from, from)) inside.push_back(run);
  std::sort(inside.begin(), inside.end(), [](const Run& a, const Run& b) { return a.length() > b.length(); });
  std::vector<std::vector<Run>> groups;
  for (const Run& run : inside) {
    auto group = std::find_if(groups.begin(), groups.end(),
                              [&](const std::vector<Run>& g) { return std::abs(g.front().pos - run.pos) <= merge; });
    if (group == groups.end()) groups.push_back({run});
    else group->push_back(run);
  }
  std::vector<Line> lines;
  const float extent = std::max(1.0f, to - from);
  for (const std::vector<Run>& group : groups) {
    Line line;
    double weighted = 0, weight = 0, thickness = 0;
    for (const Run& run : group) {
      weighted += run.pos * run.length();
      thickness += run.thickness * run.length();
      weight += run.length();
      line.spans.push_back({run.from, run.to});
    }
    std::sort(line.spans.begin(), line.spans.end());
    float covered = 0, end = from;
    for (const auto& [a, b] : line.spans) {
      const float clipped = std::min(b, to);
      if (clipped <= end) continue;
      covered += clipped - std::max(a, end);
      end = clipped;
    }
    line.pos = static_cast<float>(weighted / weight);
    // The line's slope from its runs' fitted ends, weighted by length: a
    // photo's perspective leaves lines tilted a little, each its own way.
    double su = 0, sw = 0, suu = 0, suw = 0, sn = 0;
    for (const Run& run : group)
      for (const cv::Point2f& p : {run.a, run.b}) {
        const double u = horizontal ? p.x : p.y, w = horizontal ? p.y : p.x, m = run.length();
        su += m * u;
        sw += m * w;
        suu += m * u * u;
        suw += m * u * w;
        sn += m;
      }
    const double mu = su / sn, mw = sw / sn, var = suu / sn - mu * mu;
    const double slope = var > kFlatSpread ? (suw / sn - mu * mw) / var : 0;
    auto at = [&](double u) {
      const double w = mw + slope * (u - mu);
      return horizontal ? cv::Point2f(static_cast<float>(u), static_cast<float>(w)) : cv::Point2f(static_cast<float>(w), static_cast<float>(u));
    };
    line.a = at(line.spans.front().first);
    line.b = at(std::max_element(line.spans.begin(), line.spans.end(), [](auto x, auto y) { return x.second < y.second; })->second);
    line.coverage = covered / extent;
    line.thickness = static_cast<float>(thickness / weight);
    lines.push_back(std::move(line));
  }
  std::sort(lines.begin(), lines.end(), [](const Line& a, const Line& b) { return a.pos < b.pos; });
  return lines;
}

// A rule is cut where a thick rule crosses it: there the ridge filter sees
// the crossing rule's ink on both of its sides. Two pieces of `line` are one
// again when the gap between them lies on a line of `across` that reaches
// it (within `tol` of that line's edges).
void BridgeCrossings(std::vector<Line>& lines, const std::vector<Line>& across, float tol) {
  for (Line& line : lines) {
    std::vector<std::pair<float, float>> whole;
    for (const auto& span : line.spans) {
      if (!whole.empty()) {
        const float gap_from = whole.back().second, gap_to = span.first;
        const bool bridged = gap_to <= gap_from || std::any_of(across.begin(), across.end(), [&](const Line& a) {
          const float half = a.thickness / 2 + tol;
          return a.pos - half <= gap_from && a.pos + half >= gap_to && Passes(a, line.pos, tol, 0);
        });
        if (bridged) {
          whole.back().second = std::max(whole.back().second, span.second);
          continue;
        }
      }
      whole.push_back(span);
    }
    line.spans = std::move(whole);
  }
}

// Keeps the ruled lines among the candidates. Printed text makes runs along
// its baseline and cap line that can cover most of a row of label and how-to
// cells, but they stay inside the cells: they never cross a column line. A
// ruled line meets at least two lines across it (within `tol`: near a thick
// line the ridge filter leaves a gap), and goes through (by `reach` each side)
// at least half of the inner lines across that reach it; the first and last
// lines across are the frame, which it need not pass, and so are lines
// within `frame_gap` of them (the inner line of a double frame: with no rules
// inside, it would be the only inner line, and every row would end at it).
// Lines meeting nothing go first, so that text runs of one direction do not
// count against the ruled lines of the other.
void KeepRuled(std::vector<Line>& horizontal, std::vector<Line>& vertical, float tol, float reach, float frame_gap) {
  const std::vector<Line> horizontal_seen = horizontal;
  BridgeCrossings(horizontal, vertical, tol);
  BridgeCrossings(vertical, horizontal_seen, tol);
  auto meet = [&](const Line& a, const Line& b) { return Passes(a, b.pos, tol, 0) && Passes(b, a.pos, tol, 0); };
  for (int phase = 0; phase < 2; ++phase)
    for (bool changed = true; changed;) {
      changed = false;
      for (auto* pair : {&horizontal, &vertical}) {
        std::vector<Line>& lines = *pair;
        const std::vector<Line>& across = pair == &horizontal ? vertical : horizontal;
        const auto before = lines.size();
        std::erase_if(lines, [&](const Line& line) {
          if (phase == 0) return std::count_if(across.begin(), across.end(), [&](const Line& o) { return meet(line, o); }) < 2;
          int reaching = 0, crossed = 0;
          for (size_t i = 1; i + 1 < across.size(); ++i) {
            if (across[i].pos - across.front().pos <= frame_gap || across.back().pos - across[i].pos <= frame_gap) continue;
            if (!Passes(across[i], line.pos, tol, 0)) continue;
            ++reaching;
            crossed += Passes(line, across[i].pos, 0, reach);
          }
          return 2 * crossed < reaching;
        });
        changed |= lines.size() != before;
      }
    }
}

bool Passes(const Line& line, float at, float tol, float reach) {
  return std::any_of(line.spans.begin(), line.spans.end(), [&](const auto& s) {
    return at - reach >= s.first - tol && at + reach <= s.second + tol;
  });
}

std::vector<Line> Spanning(std::vector<Line> lines, double min_span) {
  std::erase_if(lines, [&](const Line& l) { return l.coverage < min_span; });
  return lines;
}

void KeepCommonEnds(std::vector<Line>& lines, float tol) {
  std::vector<float> starts, ends;
  auto end_of = [](const Line& line) {
    float end = line.spans.front().second;
    for (const auto& span : line.spans) end = std::max(end, span.second);
    return end;
  };
  for (const Line& line : lines)
    if (!line.spans.empty()) {
      starts.push_back(line.spans.front().first);
      ends.push_back(end_of(line));
    }
  if (starts.empty()) return;
  const float start = Median(starts), end = Median(ends);
  std::erase_if(lines, [&](const Line& line) {
    return line.spans.empty() || std::abs(line.spans.front().first - start) > tol || std::abs(end_of(line) - end) > tol;
  });
}

}  // namespace scorecheck::lattice
