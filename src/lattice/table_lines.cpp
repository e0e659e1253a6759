#include "lattice/table_lines.h"

#include <algorithm>
#include <cmath>
#include <numeric>
#include <sstream>

namespace scorecheck::lattice {
namespace {

// A section's column rules run from its top to its bottom (this share of
// its height; a part's box reaches a working pixel past its lines).
constexpr double kSectionRuleSpan = 0.8;
// A scorecard's section holds at least this many rows (the upper section's
// six boxes; the lower's seven).
constexpr int kMinSectionRows = 5;

// The stretches of [lo, hi) that `runs` (along the axis) cover densely:
// where at least a quarter as many runs pass as at the busiest place, gaps
// shorter than `min_gap` bridged. Two grids side by side are one table when a
// stray line (the "Player: ____" rule above them) touches both; their own
// rows leave a gap between them.
std::vector<std::pair<float, float>> DenseStretches(const std::vector<Run>& runs, float lo, float hi, float bin,
                                                   float min_stretch, float min_gap) {
  const int bins = std::max(1, static_cast<int>(std::ceil((hi - lo) / bin)));
  std::vector<int> count(bins + 1, 0);
  for (const Run& run : runs) {
    const int a = std::max(0, static_cast<int>((run.from - lo) / bin)), b = std::min(bins, static_cast<int>((run.to - lo) / bin));
    for (int i = a; i < b; ++i) ++count[i];
  }
  const int needed = std::max(2, *std::max_element(count.begin(), count.end()) / 4);
  std::vector<std::pair<int, int>> dense;  // bin ranges
  for (int i = 0; i < bins;) {
    if (count[i] < needed) {
      ++i;
      continue;
    }
    int j = i;
    while (j < bins && count[j] >= needed) ++j;
    if (!dense.empty() && (i - dense.back().second) * bin < min_gap) dense.back().second = j;
    else dense.push_back({i, j});
    i = j;
  }
  std::vector<std::pair<float, float>> stretches;
  for (const auto& [i, j] : dense)
    if ((j - i) * bin >= min_stretch) stretches.push_back({lo + i * bin, lo + j * bin});
  return stretches;
}

// A table split where its lines leave gaps, both ways.
std::vector<cv::Rect2f> SplitTable(const Runs& runs, const cv::Rect2f& box, float bin, float min_stretch, float min_gap) {
  auto stretches = [&](const std::vector<Run>& all, float lo, float hi, float from, float to) {
    std::vector<Run> inside;
    for (const Run& run : all)
      if (run.pos >= lo && run.pos <= hi) inside.push_back(run);
    auto found = DenseStretches(inside, from, to, bin, min_stretch, min_gap);
    if (found.empty()) found.push_back({from, to});
    return found;
  };
  const auto xs = stretches(runs.horizontal, box.y, box.br().y, box.x, box.br().x);
  const auto ys = stretches(runs.vertical, box.x, box.br().x, box.y, box.br().y);
  std::vector<cv::Rect2f> parts;
  for (const auto& [y0, y1] : ys)
    for (const auto& [x0, x1] : xs) parts.emplace_back(x0 - bin, y0 - bin, x1 - x0 + 2 * bin, y1 - y0 + 2 * bin);
  return parts;
}

// True when a run of `line` reaches `at` (within `tol`), and, with `reach`
// > 0, goes on past it by `reach` on both sides.
bool Passes(const Line& line, float at, float tol, float reach) {
  return std::any_of(line.spans.begin(), line.spans.end(), [&](const auto& s) {
    return at - reach >= s.first - tol && at + reach <= s.second + tol;
  });
}

float Median(std::vector<float> values) {
  if (values.empty()) return 0;
  std::nth_element(values.begin(), values.begin() + values.size() / 2, values.end());
  return values[values.size() / 2];
}

// Drops lines of `lines` outside the extent of the lines `across` them: a
// table's lines end at its frame, so a line that at most one line across
// reaches is background that touched the table (the stripes of a gingham
// tablecloth around an unrectified photo, or a rule above the grid).
void TrimToFrame(std::vector<Line>& lines, const std::vector<Line>& across, float slack) {
  std::vector<float> starts, ends;
  for (const Line& line : across) {
    if (line.spans.empty()) continue;
    starts.push_back(line.spans.front().first);
    float end = line.spans.front().second;
    for (const auto& span : line.spans) end = std::max(end, span.second);
    ends.push_back(end);
  }
  if (starts.size() < 2) return;
  std::sort(starts.begin(), starts.end());
  std::sort(ends.begin(), ends.end());
  const float first = starts[1], last = ends[ends.size() - 2];
  std::erase_if(lines, [&](const Line& line) { return line.pos < first - slack || line.pos > last + slack; });
}

// Adds a first or last line to `lines` where the lines `across` them
// typically start or end, when that is more than `slack` beyond the present
// first or last line.
void PutBackFrame(std::vector<Line>& lines, const std::vector<Line>& across, float slack) {
  std::vector<float> starts, ends;
  float thickness = 0;
  for (const Line& line : across) {
    if (line.spans.empty()) continue;  // put back itself
    starts.push_back(line.spans.front().first);
    float end = line.spans.front().second;
    for (const auto& span : line.spans) end = std::max(end, span.second);
    ends.push_back(end);
  }
  if (starts.empty()) return;
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
  if (const float start = Median(starts); lines.front().pos - start > slack) {
    frame.pos = start;
    lines.insert(lines.begin(), frame);
  }
  if (const float end = Median(ends); end - lines.back().pos > slack) {
    frame.pos = end;
    lines.push_back(frame);
  }
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
  if (std::abs(det) < 1e-6f) return a0;
  const float t = ((b0.x - a0.x) * db.y - (b0.y - a0.y) * db.x) / det;
  return a0 + t * da;
}

// Row lines: drops a line too close to its neighbours (a stray stroke along a
// line), then puts back lines missing from the regular pitch. Returns the
// share of regular gaps; `repairs` counts the lines dropped or put back.
double RegulariseRows(std::vector<Line>& rows, int& repairs) {
  repairs = 0;
  if (rows.size() < 3) return 0;
  for (bool changed = true; changed && rows.size() >= 3;) {
    changed = false;
    const float pitch = Median(Gaps(rows));
    for (size_t i = 1; i < rows.size(); ++i) {
      if (rows[i].pos - rows[i - 1].pos >= 0.65f * pitch) continue;
      // One of the two is not a row line: the baseline of a header row's
      // text when column headers fill their cells (and so meet the column
      // lines), or a rule just outside the frame. Drop the one whose removal
      // leaves its neighbours, or the end gap, closest to the pitch.
      const size_t n = rows.size();
      auto cost = [&](size_t j) {
        const float gap = j == 0 ? rows[2].pos - rows[1].pos
                          : j == n - 1 ? rows[n - 2].pos - rows[n - 3].pos
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
      if (n >= 2 && n <= 4 && std::abs(gap / (n * pitch) - 1) <= 0.15f)
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
  const auto regular = std::count_if(gaps.begin(), gaps.end(), [&](float g) { return std::abs(g / final_pitch - 1) <= 0.25f; });
  return static_cast<double>(regular) / gaps.size();
}

Candidate BuildLattice(const Runs& runs, const Table& table, const LatticeOptions& options, const Scale& scale) {
  Candidate c;
  const float tol = static_cast<float>(scale.Full(2.0));
  const float merge = static_cast<float>(scale.Full(0.8));
  const float meet = static_cast<float>(scale.Full(1.25)), reach = static_cast<float>(scale.Full(0.3));
  const float ends_tol = static_cast<float>(scale.Full(3));
  cv::Rect2f box = table.box;
  std::vector<Line> rows, columns;
  // Twice: the first pass finds the frame lines, the second measures coverage
  // against the frame rather than against runs that overshoot it.
  for (int pass = 0; pass < 2; ++pass) {
    rows = Spanning(TableLines(runs.horizontal, true, box.y, box.br().y, box.x, box.br().x, merge, tol), options.min_line_span);
    columns = Spanning(TableLines(runs.vertical, false, box.x, box.br().x, box.y, box.br().y, merge, tol), options.min_line_span);
    if (columns.size() >= 2) {
      KeepRuled(rows, columns, meet, reach);
    } else {
      // Rows ruled, columns not (or one rule between labels and scores):
      // the rows' common ends are the frame; the grid stage finds the
      // columns in what the rows hold.
      KeepCommonEnds(rows, ends_tol);
      std::erase_if(columns, [&](const Line& column) {
        return std::count_if(rows.begin(), rows.end(), [&](const Line& row) { return Passes(column, row.pos, meet, 0); }) < 2;
      });
      PutBackFrame(columns, rows, static_cast<float>(scale.Full(3)));
    }
    if (rows.size() < 2 || columns.size() < 2) {
      c.why = "lines do not cross";
      return c;
    }
    box = cv::Rect2f(columns.front().pos, rows.front().pos, columns.back().pos - columns.front().pos,
                     rows.back().pos - rows.front().pos);
  }
  TrimToFrame(rows, columns, meet);
  TrimToFrame(columns, rows, meet);
  if (rows.size() < 2 || columns.size() < 2) {
    c.why = "lines do not cross";
    return c;
  }
  // A frame line too thick for the ridge filter (over ~1 mm) is missed; the
  // lines across end on it, so it is put back where they end.
  const float pitch = Median(Gaps(rows));
  PutBackFrame(rows, columns, std::max(0.3f * pitch, static_cast<float>(scale.Full(1.5))));
  PutBackFrame(columns, rows, static_cast<float>(scale.Full(3)));
  const int seen_rows = static_cast<int>(rows.size());
  int repairs = 0;
  const double regular = RegulariseRows(rows, repairs);
  c.rows = static_cast<int>(rows.size()) - 1;
  c.columns = static_cast<int>(columns.size()) - 1;

  std::ostringstream why;
  if (c.rows < options.min_rows) {
    why << "a table of " << c.rows << " rows (a scorecard has at least " << options.min_rows << ")";
  } else if (c.rows > options.max_rows) {
    why << "a table of " << c.rows << " rows (ruled paper, not a scorecard)";
  } else if (c.columns < options.min_columns || c.columns > options.max_columns) {
    why << "a table of " << c.columns << " columns (a scorecard has " << options.min_columns << "-"
        << options.max_columns << ")";
  } else if (regular < options.min_regular_rows) {
    why << "irregular rows (" << std::lround(regular * 100) << " % at the common pitch)";
  } else if (repairs > options.max_row_repairs * seen_rows) {
    // Rows of uneven heights come out regular only after many lines are
    // dropped or put back: a table, not a printed scorecard.
    why << "irregular rows (" << repairs << " of " << seen_rows << " row lines dropped or put back)";
  }
  if (!why.str().empty()) {
    c.why = why.str();
    return c;
  }

  // Lines put back have no fit of their own: straight across the frame.
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
  // The corners for the perspective test: crossings of the outermost lines
  // that were seen. A frame line put back has no slope of its own; standing
  // upright where the real one leans, it makes the corners a wrong quad.
  auto seen = [](const Line& line) { return !line.spans.empty(); };
  auto first_seen = [&](auto begin, auto end) -> const Line& {
    const auto it = std::find_if(begin, end, seen);
    return it != end ? *it : *begin;
  };
  const Line &top = first_seen(rows.begin(), rows.end()), &bottom = first_seen(rows.rbegin(), rows.rend()),
             &left = first_seen(columns.begin(), columns.end()), &right = first_seen(columns.rbegin(), columns.rend());
  c.corners = {Crossing(top.a, top.b, left.a, left.b), Crossing(top.a, top.b, right.a, right.b),
               Crossing(bottom.a, bottom.b, right.a, right.b), Crossing(bottom.a, bottom.b, left.a, left.b)};

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
                             lattice.column_x.back() - lattice.column_x.front(), lattice.row_y.back() - lattice.row_y.front());
  lattice.line_px = std::max(1.0f, Median(thickness));
  c.columns = lattice.columns();
  c.lattice = std::move(lattice);
  return c;
}

}  // namespace

std::vector<Table> GroupTables(const Runs& runs, float min_length, float tol, float stack_gap, float ends_tol,
                               int min_stacked) {
  std::vector<int> h, v;
  for (int i = 0; i < static_cast<int>(runs.horizontal.size()); ++i)
    if (runs.horizontal[i].length() >= min_length) h.push_back(i);
  for (int i = 0; i < static_cast<int>(runs.vertical.size()); ++i)
    if (runs.vertical[i].length() >= min_length) v.push_back(i);
  const int n = static_cast<int>(h.size() + v.size());
  std::vector<int> parent(n);
  std::iota(parent.begin(), parent.end(), 0);
  auto find = [&](int i) {
    while (parent[i] != i) i = parent[i] = parent[parent[i]];
    return i;
  };
  for (size_t a = 0; a < h.size(); ++a) {
    const Run& hr = runs.horizontal[h[a]];
    for (size_t b = 0; b < v.size(); ++b) {
      const Run& vr = runs.vertical[v[b]];
      if (vr.pos >= hr.from - tol && vr.pos <= hr.to + tol && hr.pos >= vr.from - tol && hr.pos <= vr.to + tol)
        parent[find(static_cast<int>(a))] = find(static_cast<int>(h.size() + b));
    }
  }
  // A table typed in a word processor rules its rows and not its columns:
  // parallel runs stacked close, starting and ending together, are one table
  // too (either way: a page turned a quarter has its rows upright).
  auto stack = [&](const std::vector<int>& ids, const std::vector<Run>& all, int base) {
    for (size_t a = 0; a < ids.size(); ++a)
      for (size_t b = a + 1; b < ids.size(); ++b) {
        const Run &ra = all[ids[a]], &rb = all[ids[b]];
        if (std::abs(ra.pos - rb.pos) <= stack_gap && std::abs(ra.from - rb.from) <= ends_tol &&
            std::abs(ra.to - rb.to) <= ends_tol)
          parent[find(base + static_cast<int>(a))] = find(base + static_cast<int>(b));
      }
  };
  stack(h, runs.horizontal, 0);
  stack(v, runs.vertical, static_cast<int>(h.size()));
  std::vector<Table> tables;
  std::vector<int> table_of(n, -1);
  for (int i = 0; i < n; ++i) {
    const int root = find(i);
    if (table_of[root] < 0) {
      table_of[root] = static_cast<int>(tables.size());
      tables.emplace_back();
    }
    Table& table = tables[table_of[root]];
    const bool horizontal = i < static_cast<int>(h.size());
    const Run& run = horizontal ? runs.horizontal[h[i]] : runs.vertical[v[i - h.size()]];
    const cv::Rect2f box = horizontal ? cv::Rect2f(run.from, run.pos, run.length(), 0)
                                      : cv::Rect2f(run.pos, run.from, 0, run.length());
    const bool first = table.horizontal + table.vertical == 0;
    if (first) table.box = box;
    else {
      const float x0 = std::min(table.box.x, box.x), y0 = std::min(table.box.y, box.y);
      const float x1 = std::max(table.box.br().x, box.br().x), y1 = std::max(table.box.br().y, box.br().y);
      table.box = cv::Rect2f(x0, y0, x1 - x0, y1 - y0);
    }
    (horizontal ? table.horizontal : table.vertical)++;
  }
  std::erase_if(tables, [&](const Table& t) {
    return (t.horizontal < 2 || t.vertical < 2) && std::max(t.horizontal, t.vertical) < min_stacked;
  });
  return tables;
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
    const double slope = var > 1e-6 ? (suw / sn - mu * mw) / var : 0;
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

// Keeps the ruled lines among the candidates. Printed text makes runs along
// its baseline and cap line that can cover most of a row of label and how-to
// cells, but they stay inside the cells: they never cross a column line. A
// ruled line meets at least two lines across it (within `tol`: near a thick
// line the ridge filter leaves a gap), and goes through (by `reach` each side)
// at least half of the inner lines across that reach it; the first and last
// lines across are the frame, which it need not pass. Lines meeting nothing
// go first, so that text runs of one direction do not count against the
// ruled lines of the other.
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

void KeepRuled(std::vector<Line>& horizontal, std::vector<Line>& vertical, float tol, float reach) {
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

std::vector<Line> Spanning(std::vector<Line> lines, double min_span) {
  std::erase_if(lines, [&](const Line& l) { return l.coverage < min_span; });
  return lines;
}

std::vector<Table> FindTables(const Runs& runs, const LatticeOptions& options, const Scale& scale) {
  return GroupTables(runs, static_cast<float>(scale.Full(options.min_line_mm)), static_cast<float>(scale.Full(2.0)),
                     static_cast<float>(scale.Full(15)), static_cast<float>(scale.Full(3)), options.min_rows + 1);
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

std::vector<Candidate> BuildAll(const Runs& runs, const LatticeOptions& options, const Scale& scale) {
  std::vector<Table> tables = FindTables(runs, options, scale);
  // A table around other tables is no grid of its own: the page's edges, or
  // a border ruled around the page, hold the grids without touching them.
  const float slack = static_cast<float>(scale.Full(2.0));
  std::vector<Table> innermost;
  for (size_t i = 0; i < tables.size(); ++i) {
    const cv::Rect2f outer(tables[i].box.x - slack, tables[i].box.y - slack, tables[i].box.width + 2 * slack,
                           tables[i].box.height + 2 * slack);
    bool holds = false;
    for (size_t j = 0; j < tables.size() && !holds; ++j)
      holds = j != i && (outer & tables[j].box) == tables[j].box && tables[j].box.area() < 0.9f * tables[i].box.area();
    if (!holds) innermost.push_back(tables[i]);
  }
  // Every table's parts (split where its lines leave gaps), each built.
  std::vector<cv::Rect2f> parts;
  std::vector<Candidate> built;
  for (const Table& table : innermost)
    for (const cv::Rect2f& part : SplitTable(runs, table.box, static_cast<float>(scale.Full(1)),
                                             static_cast<float>(scale.Full(options.min_line_mm)),
                                             static_cast<float>(scale.Full(3)))) {
      parts.push_back(part);
      built.push_back(BuildLattice(runs, Table{part}, options, scale));
    }
  // A section whose column rules stop at a section row ("LOWER SECTION", a
  // dark bar) is too short to be a scorecard alone: with the part as wide
  // above or below it, within a few rows, it is one grid. Parts that are
  // grids alone (two stacked piecepack grids) stay apart.
  const float max_gap = static_cast<float>(scale.Full(30));
  const float merge = static_cast<float>(scale.Full(0.8)), tol = static_cast<float>(scale.Full(2.0));
  for (size_t i = 0; i < parts.size(); ++i)
    for (size_t j = 0; j < parts.size(); ++j) {
      if (i == j || parts[i].empty() || parts[j].empty() || parts[j].y <= parts[i].y) continue;
      if (built[i].rows >= options.min_rows && built[j].rows >= options.min_rows) continue;
      if (parts[j].y - parts[i].br().y > max_gap) continue;
      const float overlap = std::min(parts[i].br().x, parts[j].br().x) - std::max(parts[i].x, parts[j].x);
      if (overlap < 0.8f * std::min(parts[i].width, parts[j].width)) continue;
      const bool between = std::any_of(parts.begin(), parts.end(), [&](const cv::Rect2f& other) {
        return !other.empty() && other.y > parts[i].y && other.y < parts[j].y &&
               std::min(other.br().x, parts[i].br().x) > std::max(other.x, parts[i].x);
      });
      if (between) continue;
      // Sections of one table rule the same columns from their top to their
      // bottom: at least two column rules of each line up (the strokes that
      // lines of text stack up above a paragraph's do not).
      const std::vector<Line> upper = Spanning(TableLines(runs.vertical, false, parts[i].x, parts[i].br().x, parts[i].y,
                                                          parts[i].br().y, merge, tol), kSectionRuleSpan);
      const std::vector<Line> lower = Spanning(TableLines(runs.vertical, false, parts[j].x, parts[j].br().x, parts[j].y,
                                                          parts[j].br().y, merge, tol), kSectionRuleSpan);
      const auto aligned = std::count_if(upper.begin(), upper.end(), [&](const Line& a) {
        return std::any_of(lower.begin(), lower.end(), [&](const Line& b) { return std::abs(a.pos - b.pos) <= tol; });
      });
      // And each holds a section's rows: a few lines of text above and below
      // a gap do not.
      auto ruled_rows = [&](const cv::Rect2f& part) {
        return static_cast<int>(Spanning(TableLines(runs.horizontal, true, part.y, part.br().y, part.x, part.br().x, merge, tol),
                                         kSectionRuleSpan).size()) - 1;
      };
      if (aligned < 2 || ruled_rows(parts[i]) < kMinSectionRows || ruled_rows(parts[j]) < kMinSectionRows) continue;
      const cv::Rect2f both = parts[i] | parts[j];
      Candidate merged = BuildLattice(runs, Table{both}, options, scale);
      if (!merged.lattice) continue;
      parts[i] = both;
      built[i] = std::move(merged);
      parts[j] = cv::Rect2f();
    }
  std::vector<Candidate> candidates;
  for (size_t i = 0; i < parts.size(); ++i) {
    if (parts[i].empty()) continue;
    Candidate c = std::move(built[i]);
    // Parts of one table may yield the same grid twice.
    const bool again = c.lattice && std::any_of(candidates.begin(), candidates.end(), [&](const Candidate& o) {
      if (!o.lattice) return false;
      const cv::Rect2f overlap = o.lattice->frame & c.lattice->frame;
      return overlap.area() > 0.5f * std::min(o.lattice->frame.area(), c.lattice->frame.area());
    });
    if (!again) candidates.push_back(std::move(c));
  }
  return candidates;
}
}  // namespace scorecheck::lattice
