#include "lattice/table_lines.h"

#include <algorithm>
#include <cmath>
#include <limits>
#include <numeric>

// Tables of line runs: which runs make one table, where a table falls apart
// into parts (grids side by side or stacked), and which parts are one grid
// again (sections parted by a row the column rules do not cross).

namespace scorecheck::lattice {
namespace {

// A section's column rules run from its top to its bottom (this share of
// its height; a part's box reaches a working pixel past its lines).
constexpr double kSectionRuleSpan = 0.8;
// A scorecard's section holds at least this many rows (the upper section's
// six boxes; the lower's seven).
constexpr int kMinSectionRows = 5;
// Pieces of a table are one when at most this many row pitches apart (one
// row between them).
constexpr double kSectionRowPitches = 1.5;
// Two grids alone are sections of one when at most this many row pitches
// apart: a section row and the header printed again over the lower section
// between them (a triple sheet's two sections, 11 rows each, stood 1.8
// pitches apart). Grids stacked as close are told apart by their rows
// together (max_card_rows).
constexpr double kSectionsApartPitches = 2.5;
// A line across a gap between two stretches of a table's lines runs through
// it when it spans this share of the table, and rows follow each other at
// about their median pitch (kMinRowStep to kRowSteps times it).
constexpr double kThrough = 0.8;
constexpr float kRowSteps = 1.5f;
constexpr float kMinRowStep = 0.5f;  // ... and at least this many
// A stretch is dense where at least 1 / kDensePart as many runs pass as at
// the busiest place (a quarter): a grid's rows all pass where it is, a stray
// rule alone between two grids.
constexpr int kDensePart = 4;
// Parallel runs at most this far apart (mm) stack into a table ruled one way
// only (a scorecard's rows are well under it).
constexpr double kStackGapMm = 15;
// A rule crossing a line cuts a hole in it as wide as the rule and its blur,
// this much to either side (mm): a photo's blur at the page's resolution.
constexpr double kCutBlurMm = 0.5;
// A table holds another when the other lies inside it and covers less than
// this share of its area (a table of nearly the same box is the same one).
constexpr float kHeldArea = 0.9f;

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
  const int needed = std::max(2, *std::max_element(count.begin(), count.end()) / kDensePart);
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

// The runs among `runs` (along one axis) on a line: with the others at
// their position (within `tol`), at least `min_length` long in all. A rule
// cut where thick rules cross it, row by row, is a line; a stroke of
// handwriting is not, and does not make a table's one column rule look
// like two. (The runs stay as they are: two grids stacked a millimetre
// apart still leave their gap.)
std::vector<Run> OnLines(const std::vector<Run>& runs, float tol, float min_length) {
  std::vector<Run> kept;
  for (const Run& run : runs) {
    float along = 0;
    for (const Run& other : runs)
      if (std::abs(other.pos - run.pos) <= tol) along += other.length();
    if (along >= min_length) kept.push_back(run);
  }
  return kept;
}

// The longest stretch of [lo, hi] that the runs at `pos` (within `tol`)
// cover, holes shorter than `max_hole` bridged: one rule, cut where thick
// rules cross it, is as long as it was printed.
std::pair<float, float> LongestCovered(const std::vector<Run>& runs, float pos, float tol, float lo, float hi, float max_hole) {
  std::vector<std::pair<float, float>> pieces;
  for (const Run& run : runs)
    if (std::abs(run.pos - pos) <= tol && run.to > lo && run.from < hi)
      pieces.push_back({std::max(lo, run.from), std::min(hi, run.to)});
  std::sort(pieces.begin(), pieces.end());
  std::pair<float, float> longest{0, 0}, current{0, -1};
  for (const auto& [a, b] : pieces) {
    if (current.second < current.first || a > current.second + max_hole) current = {a, b};
    else current.second = std::max(current.second, b);
    if (current.second - current.first > longest.second - longest.first) longest = current;
  }
  return longest;
}

// A line cut where a thick rule crosses it has a hole no wider than this many
// bins: the rule (to 1.5 mm) and its blur. Two tables side by side leave more
// paper between their lines.
constexpr float kCutHoleBins = 2;
// Rows are followed on past a stretch's ends no further than this many bins
// beyond the table's box.
constexpr float kFollowBeyondBins = 2;

// The lengths SplitTable() works with, full-resolution pixels.
struct SplitLengths {
  float bin;          // the histogram's bin, and the slack around lines and parts
  float min_stretch;  // a stretch of lines at least this long
  float min_gap;      // gaps shorter than this bridged
  float cut_hole;     // holes in one line where rules cross it
  int max_rows;       // the rows a card prints at most
};

// The positions of the lines of `across` within [from, to] spanning
// kThrough of [lo, hi], in order.
std::vector<float> LinesThrough(const std::vector<Run>& across, float lo, float hi, float from, float to,
                                const SplitLengths& l) {
  std::vector<float> lines;
  for (const Run& run : across)
    if (run.pos >= from - l.bin && run.pos <= to + l.bin) {
      const auto [a, b] = LongestCovered(across, run.pos, l.bin, lo, hi, l.cut_hole);
      if (b - a >= kThrough * (hi - lo)) lines.push_back(run.pos);
    }
  std::sort(lines.begin(), lines.end());
  return lines;
}

// Joins the stacked stretches of `found` that a rule of `inside` (not at the
// table's sides [lo, hi]) runs through, the gap between them included, while
// together they hold no more rows (at `pitch`) than a card prints.
void JoinRuledThrough(std::vector<std::pair<float, float>>& found, const std::vector<Run>& inside, float lo,
                      float hi, float from, float to, float pitch, const SplitLengths& l) {
  for (size_t i = 1; i < found.size();) {
    const float gap_from = found[i - 1].second, gap_to = found[i].first;
    const float before = gap_from - found[i - 1].first, after = found[i].second - gap_to;
    const bool ruled_through = std::any_of(inside.begin(), inside.end(), [&](const Run& run) {
      if (run.pos <= lo + l.min_gap || run.pos >= hi - l.min_gap) return false;
      const auto [a, b] = LongestCovered(inside, run.pos, l.bin, from, to, l.cut_hole);
      return a <= gap_from - kThrough * before && b >= gap_to + kThrough * after;
    });
    if (ruled_through && found[i].second - found[i - 1].first <= l.max_rows * pitch) {
      found[i - 1].second = found[i].second;
      found.erase(found.begin() + static_cast<long>(i));
    } else {
      ++i;
    }
  }
}

// From `at`, line after line of `lines` one step apart at most (`min_step`
// to `step`), towards `dir`, not past `limit`: the last line reached, and
// how many.
std::pair<float, int> Follow(const std::vector<float>& lines, float at, int dir, float limit, float min_step,
                             float step) {
  std::pair<float, int> reached{at, 0};
  for (bool moved = true; moved;) {
    moved = false;
    for (const float line : lines) {
      const float ahead = dir * (line - reached.first);
      if (ahead >= min_step && ahead <= step && dir * (limit - line) > 0) {
        reached = {line, reached.second + 1};
        moved = true;
      }
    }
  }
  return reached;
}

// Extends the stretches of `found` (within [from, to]) along `lines` that go
// on at their pitch beyond the ends and across the gaps between them.
void FollowRows(std::vector<std::pair<float, float>>& found, const std::vector<float>& lines, float from, float to,
                float min_step, float step, const SplitLengths& l) {
  // Beyond the ends: a header row above a tinted row the column rules
  // stop at is two lines on. (So is a bar printed within a row's height
  // of the table: it reads as one more row.)
  if (const auto before = Follow(lines, found.front().first, -1, from - kFollowBeyondBins * l.bin, min_step, step);
      before.second >= 2)
    found.front().first = before.first - l.bin;
  if (const auto after = Follow(lines, found.back().second, 1, to + kFollowBeyondBins * l.bin, min_step, step);
      after.second >= 2)
    found.back().second = after.first + l.bin;
  // Between two stretches: rows inside the gap (not the frames at its
  // sides: two grids stacked a row apart), one step from the next.
  for (size_t i = 1; i < found.size();) {
    const auto across_gap = Follow(lines, found[i - 1].second + l.bin, 1, found[i].first - l.bin, min_step, step);
    if (across_gap.second >= 2 && across_gap.first >= found[i].first - step) {
      found[i - 1].second = found[i].second;
      found.erase(found.begin() + static_cast<long>(i));
    } else {
      ++i;
    }
  }
}

// The stretches of [from, to] that the lines of `all` within [lo, hi] cover
// densely, joined where the lines `across` go on through the gaps
// (`stacked`: the stretches lie one above the other).
std::vector<std::pair<float, float>> Stretches(const std::vector<Run>& all, const std::vector<Run>& across, float lo,
                                               float hi, float from, float to, bool stacked, const SplitLengths& l) {
  std::vector<Run> inside;
  for (const Run& run : all)
    if (run.pos >= lo && run.pos <= hi) inside.push_back(run);
  auto found = DenseStretches(OnLines(inside, l.bin, l.min_stretch), from, to, l.bin, l.min_stretch, l.min_gap);
  if (found.empty()) found.push_back({from, to});
  // The lines across spanning kThrough of the table, in order, and their
  // pitch: rows ruled on where the column rules stop are rows of the
  // table when they follow each other at about that pitch (a title bar
  // printed more than a row and a half off the table is no row of it).
  const std::vector<float> lines = LinesThrough(across, lo, hi, from, to, l);
  std::vector<float> gaps;
  for (size_t i = 1; i < lines.size(); ++i)
    if (lines[i] - lines[i - 1] > l.bin) gaps.push_back(lines[i] - lines[i - 1]);
  if (gaps.empty()) return found;
  std::nth_element(gaps.begin(), gaps.begin() + static_cast<long>(gaps.size() / 2), gaps.end());
  const float pitch = gaps[gaps.size() / 2];
  const float step = kRowSteps * pitch, min_step = std::max(l.bin, kMinRowStep * pitch);
  // Stacked stretches joined by a rule inside the table (not at its
  // sides) running through one, the gap and the next: one table's rule,
  // the gap where its other lines broke off (a thick frame's edges lost
  // along tinted rows), not the space between two grids, whose rules stop
  // at their own frames (a faint edge reaching from one grid a row into
  // the next, by a tinted column's side, runs through neither), and no
  // more rows together than a card prints. Side by side, a title bar or a
  // "Player: ___" rule across both grids is such a line: only stacked
  // stretches are joined so.
  if (stacked) JoinRuledThrough(found, inside, lo, hi, from, to, pitch, l);
  FollowRows(found, lines, from, to, min_step, step, l);
  return found;
}

// A table split where its lines leave gaps, both ways. A gap that rows
// ruled across the table go on through, at their pitch, is no gap between
// tables: where only shaded bands give column edges (the bands' sides are
// rules too), the rows between and around the bands are the same table's.
std::vector<cv::Rect2f> SplitTable(const Runs& runs, const cv::Rect2f& box, float bin, float min_stretch, float min_gap,
                                   int max_rows) {
  // Where a thick rule crosses a line, the ridge filter cuts the line: no
  // wider than the rule (to 1.5 mm) and its blur. Two tables side by side
  // leave more paper between their lines.
  const SplitLengths l{bin, min_stretch, min_gap, kCutHoleBins * bin, max_rows};
  const auto xs = Stretches(runs.horizontal, runs.vertical, box.y, box.br().y, box.x, box.br().x, false, l);
  const auto ys = Stretches(runs.vertical, runs.horizontal, box.x, box.br().x, box.y, box.br().y, true, l);
  std::vector<cv::Rect2f> parts;
  for (const auto& [y0, y1] : ys)
    for (const auto& [x0, x1] : xs) parts.emplace_back(x0 - bin, y0 - bin, x1 - x0 + 2 * bin, y1 - y0 + 2 * bin);
  return parts;
}

// Groups of indices, joined two at a time (union-find).
struct UnionFind {
  std::vector<int> parent;
  explicit UnionFind(int n) : parent(n) { std::iota(parent.begin(), parent.end(), 0); }
  int Find(int i) {
    while (parent[i] != i) i = parent[i] = parent[parent[i]];
    return i;
  }
  void Join(int a, int b) { parent[Find(a)] = Find(b); }
};

// Pieces of lines, each as long as its line (`runs`, at the piece's own
// position), and which line each is part of (`line`).
struct PiecesOfLines {
  std::vector<Run> runs;
  std::vector<int> line;
};

// Whether `rb`, starting where `ra` ends, goes on with the same line (see
// JoinCutPieces()).
bool SameLineOnward(const Run& ra, const Run& rb, const std::vector<Run>& across, const TableLengths& l) {
  const float hole = rb.from - ra.to;
  // Lines long enough alone: end to end within ends_tol, a run across the
  // gap (a thick rule crossed by thick rules).
  const bool long_cut = ra.length() >= l.min_length && rb.length() >= l.min_length &&
                        std::abs(ra.pos - rb.pos) <= l.tol && hole >= 0 && hole <= l.ends_tol &&
                        std::any_of(across.begin(), across.end(), [&](const Run& cut) {
                          return cut.pos >= ra.to - l.tol && cut.pos <= rb.from + l.tol &&
                                 ra.pos >= cut.from - l.tol && ra.pos <= cut.to + l.tol;
                        });
  if (long_cut) return true;
  // Any pieces: in line, and meeting, or apart by the width of a rule that
  // crosses between them (and its blur). Letters stacked down a column of
  // labels, a row apart, leave more paper between them.
  if (std::abs(ra.pos - rb.pos) > l.same_line || hole < -l.tol) return false;
  if (hole <= 0) return true;
  return std::any_of(across.begin(), across.end(), [&](const Run& cut) {
    return hole <= cut.thickness + 2 * l.cut_blur && cut.pos >= ra.to - l.cut_blur && cut.pos <= rb.from + l.cut_blur &&
           ra.pos >= cut.from - l.tol && ra.pos <= cut.to + l.tol;
  });
}

// The lines the pieces `all` make where lines of `across` cut them (see
// SameLineOnward()). A tinted column's edge is cut at every row rule, into
// pieces a row long: joined, they are the column's edge from its top to its
// bottom; a row rule ends a pixel or two off where a tint's edge meets it.
PiecesOfLines JoinCutPieces(const std::vector<Run>& all, const std::vector<Run>& across, const TableLengths& l) {
  const int n = static_cast<int>(all.size());
  std::vector<int> by_start(n);
  std::iota(by_start.begin(), by_start.end(), 0);
  std::sort(by_start.begin(), by_start.end(), [&](int a, int b) { return all[a].from < all[b].from; });
  UnionFind lines(n);
  for (int a = 0; a < n; ++a) {
    const Run& ra = all[a];
    auto next = std::lower_bound(by_start.begin(), by_start.end(), ra.to - l.tol,
                                 [&](int i, float at) { return all[i].from < at; });
    for (; next != by_start.end() && all[*next].from - ra.to <= l.ends_tol; ++next)
      if (*next != a && all[*next].to > ra.to && SameLineOnward(ra, all[*next], across, l)) lines.Join(a, *next);
  }
  PiecesOfLines pieces{all, std::vector<int>(n)};
  std::vector<float> from(n, std::numeric_limits<float>::max()), to(n, std::numeric_limits<float>::lowest());
  for (int i = 0; i < n; ++i) {
    const int line = pieces.line[i] = lines.Find(i);
    from[line] = std::min(from[line], all[i].from);
    to[line] = std::max(to[line], all[i].to);
  }
  for (int i = 0; i < n; ++i) {
    pieces.runs[i].from = from[pieces.line[i]];
    pieces.runs[i].to = to[pieces.line[i]];
  }
  return pieces;
}

// The tables `groups` make of the lines `h` (indices into runs.horizontal)
// and `v` (into runs.vertical), numbered h first: each group's box and counts.
std::vector<Table> TablesOfGroups(const Runs& runs, const std::vector<int>& h, const std::vector<int>& v,
                                  UnionFind& groups) {
  const int n = static_cast<int>(h.size() + v.size());
  std::vector<Table> tables;
  std::vector<int> table_of(n, -1);
  for (int i = 0; i < n; ++i) {
    const int root = groups.Find(i);
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
  return tables;
}

}  // namespace

std::vector<Table> GroupTables(const Runs& cut, const TableLengths& l) {
  // A rule is cut where a rule crosses it (the ridge filter sees the
  // crossing rule's ink on both of its sides; a step sees no step where a
  // rule runs across it): its pieces are one line, as long as all of them.
  const PiecesOfLines across = JoinCutPieces(cut.horizontal, cut.vertical, l);
  const PiecesOfLines upright = JoinCutPieces(cut.vertical, cut.horizontal, l);
  const float min_length = l.min_length, tol = l.tol, stack_gap = l.stack_gap, ends_tol = l.ends_tol;
  const Runs runs{across.runs, upright.runs};
  std::vector<int> h, v;
  for (int i = 0; i < static_cast<int>(runs.horizontal.size()); ++i)
    if (runs.horizontal[i].length() >= min_length) h.push_back(i);
  for (int i = 0; i < static_cast<int>(runs.vertical.size()); ++i)
    if (runs.vertical[i].length() >= min_length) v.push_back(i);
  UnionFind groups(static_cast<int>(h.size() + v.size()));
  for (size_t a = 0; a < h.size(); ++a) {
    const Run& hr = runs.horizontal[h[a]];
    for (size_t b = 0; b < v.size(); ++b) {
      const Run& vr = runs.vertical[v[b]];
      if (vr.pos >= hr.from - tol && vr.pos <= hr.to + tol && hr.pos >= vr.from - tol && hr.pos <= vr.to + tol)
        groups.Join(static_cast<int>(a), static_cast<int>(h.size() + b));
    }
  }
  auto join_lines = [&](const std::vector<int>& ids, const PiecesOfLines& pieces, int base) {
    std::vector<int> first(pieces.line.size(), -1);
    for (size_t k = 0; k < ids.size(); ++k) {
      int& piece = first[pieces.line[ids[k]]];
      if (piece < 0) piece = base + static_cast<int>(k);
      else groups.Join(base + static_cast<int>(k), piece);
    }
  };
  join_lines(h, across, 0);
  join_lines(v, upright, static_cast<int>(h.size()));
  // A table typed in a word processor rules its rows and not its columns:
  // parallel runs stacked close, starting and ending together, are one table
  // too (either way: a page turned a quarter has its rows upright).
  auto stack = [&](const std::vector<int>& ids, const std::vector<Run>& all, int base) {
    for (size_t a = 0; a < ids.size(); ++a)
      for (size_t b = a + 1; b < ids.size(); ++b) {
        const Run &ra = all[ids[a]], &rb = all[ids[b]];
        if (std::abs(ra.pos - rb.pos) <= stack_gap && std::abs(ra.from - rb.from) <= ends_tol &&
            std::abs(ra.to - rb.to) <= ends_tol)
          groups.Join(base + static_cast<int>(a), base + static_cast<int>(b));
      }
  };
  stack(h, runs.horizontal, 0);
  stack(v, runs.vertical, static_cast<int>(h.size()));
  std::vector<Table> tables = TablesOfGroups(runs, h, v, groups);
  std::erase_if(tables, [&](const Table& t) {
    return (t.horizontal < 2 || t.vertical < 2) && std::max(t.horizontal, t.vertical) < l.min_stacked;
  });
  return tables;
}

std::vector<Table> FindTables(const Runs& runs, const LatticeOptions& options, const Scale& scale) {
  const auto px = [&](double mm) { return static_cast<float>(scale.Full(mm)); };
  return GroupTables(runs, TableLengths{px(options.min_line_mm), px(kLineTolMm), px(kStackGapMm), px(kEndsTolMm),
                                        px(kMergeMm), px(kCutBlurMm), options.min_rows + 1});
}

namespace {

// A table is split into parts with bins of kSplitBinMm, stretches parted by
// gaps of kSplitGapMm at least (mm): a rule's width, and more paper than a
// thick rule cuts out of a line crossing it.
constexpr double kSplitBinMm = 1, kSplitGapMm = 3;
// Sections of one grid lie at most this far apart (mm): a section row and a
// header printed again under it, at the rows' widest pitch.
constexpr double kMaxSectionGapMm = 30;
// Column rules are gathered from runs within kMergeMm of a longer one's
// position, lines matched within kLineTolMm: as BuildLattice() does.
// Sections of one grid overlap each other across at least this share of the
// narrower one's width: a section row spans the whole table.
constexpr float kMinSectionOverlap = 0.8f;
// Two grids that overlap over more than this share of the smaller frame are
// the same grid, found from two parts of one table.
constexpr float kSameGridOverlap = 0.5f;

// Each of `tables` split into parts where its lines leave gaps (`parts`), and
// each part built as a grid (`built`).
void SplitAndBuild(const Runs& runs, const std::vector<Table>& tables, const LatticeOptions& options,
                   const Scale& scale, std::vector<cv::Rect2f>& parts, std::vector<Candidate>& built) {
  for (const Table& table : tables)
    for (const cv::Rect2f& part : SplitTable(runs, table.box, static_cast<float>(scale.Full(kSplitBinMm)),
                                             static_cast<float>(scale.Full(options.min_line_mm)),
                                             static_cast<float>(scale.Full(kSplitGapMm)), options.max_card_rows)) {
      parts.push_back(part);
      built.push_back(BuildLattice(runs, Table{part}, options, scale));
    }
}

// Whether parts `upper` and `lower` rule the same columns from their top to
// their bottom as sections of one table do (see CandidatesOf()).
bool SameSections(const Runs& runs, const cv::Rect2f& upper_part, const cv::Rect2f& lower_part, const Scale& scale) {
  const float merge = static_cast<float>(scale.Full(kMergeMm)), tol = static_cast<float>(scale.Full(kLineTolMm));
  const std::vector<Line> upper =
      Spanning(TableLines(runs.vertical, false, upper_part.x, upper_part.br().x, upper_part.y, upper_part.br().y,
                          merge, tol),
               kSectionRuleSpan);
  const std::vector<Line> lower =
      Spanning(TableLines(runs.vertical, false, lower_part.x, lower_part.br().x, lower_part.y, lower_part.br().y,
                          merge, tol),
               kSectionRuleSpan);
  const auto aligned = std::count_if(upper.begin(), upper.end(), [&](const Line& a) {
    return std::any_of(lower.begin(), lower.end(), [&](const Line& b) { return std::abs(a.pos - b.pos) <= tol; });
  });
  auto ruled_rows = [&](const cv::Rect2f& part) {
    return static_cast<int>(
               Spanning(TableLines(runs.horizontal, true, part.y, part.br().y, part.x, part.br().x, merge, tol),
                        kSectionRuleSpan)
                   .size()) -
           1;
  };
  // One column rule lined up is enough when the sections' rows are
  // ruled across the same width too (their ends within `tol` at both
  // sides): a table of labels and one score column has one inner rule,
  // and its sections end where each other's do (a 12-row lower section
  // found alone, the 9 rows above it "no scorecard").
  const bool same_ends =
      std::abs(upper_part.x - lower_part.x) <= tol && std::abs(upper_part.br().x - lower_part.br().x) <= tol;
  return (aligned >= 2 || (aligned == 1 && same_ends)) && ruled_rows(upper_part) >= kMinSectionRows &&
         ruled_rows(lower_part) >= kMinSectionRows;
}

// Whether part `j`, below part `i`, is more of the grid `i` is part of (see
// within), as the parts were built (`built`).
bool OneGrid(const Runs& runs, const std::vector<cv::Rect2f>& parts, const std::vector<Candidate>& built, size_t i,
             size_t j, const LatticeOptions& options, const Scale& scale) {
  const float max_gap = static_cast<float>(scale.Full(kMaxSectionGapMm));
  const float tol = static_cast<float>(scale.Full(kLineTolMm));
  // Two parts that are grids alone are sections of one only across a
  // section row (a tinted "LOWER SECTION" row that stops the column
  // rules, with a header printed again under it), and only when together
  // they make no more rows than a scorecard prints (two piecepack grids
  // stacked a row apart make more).
  const float gap = parts[j].y - parts[i].br().y;
  const bool both_grids = built[i].rows >= options.min_rows && built[j].rows >= options.min_rows;
  if (both_grids) {
    if (!built[i].lattice || !built[j].lattice) return false;
    const float pitch =
        std::min(built[i].lattice->frame.height / built[i].rows, built[j].lattice->frame.height / built[j].rows);
    if (gap > kSectionsApartPitches * pitch) return false;
  }
  if (gap > max_gap) return false;
  const float overlap = std::min(parts[i].br().x, parts[j].br().x) - std::max(parts[i].x, parts[j].x);
  if (overlap < kMinSectionOverlap * std::min(parts[i].width, parts[j].width)) return false;
  const bool between = std::any_of(parts.begin(), parts.end(), [&](const cv::Rect2f& other) {
    return !other.empty() && other.y > parts[i].y && other.y < parts[j].y &&
           std::min(other.br().x, parts[i].br().x) > std::max(other.x, parts[i].x);
  });
  if (between) return false;
  // Pieces of one table that are no grid alone (a header block of a bar
  // or two, a few rows), a row or so apart, as wide as each other, are
  // one table whatever their column rules: a striped table's only
  // upright edges are its bands' ends, which line up with nothing (the
  // head over the first row stood apart and took the row with it); a
  // table ruled between labels and scores only has one rule, and came
  // apart where the strokes of its letters thin out.
  auto pitch_of = [&](size_t k) { return parts[k].height / static_cast<float>(std::max(1, built[k].rows)); };
  const float piece_pitch = built[i].rows >= built[j].rows ? pitch_of(i) : pitch_of(j);
  const bool pieces = !both_grids && std::max(built[i].rows, built[j].rows) >= 2 &&
                      gap <= kSectionRowPitches * piece_pitch && std::abs(parts[i].width - parts[j].width) <= 2 * tol;
  // Otherwise, sections of one table rule the same columns from their
  // top to their bottom: at least two column rules of each line up (the
  // strokes that lines of text stack up above a paragraph's do not), and
  // each holds a section's rows (a few lines of text above and below a
  // gap do not).
  return pieces || SameSections(runs, parts[i], parts[j], scale);
}

// The grids of `parts` left (not emptied), each once: parts of one table
// may yield the same grid twice.
std::vector<Candidate> DistinctGrids(const std::vector<cv::Rect2f>& parts, std::vector<Candidate>& built) {
  std::vector<Candidate> candidates;
  for (size_t i = 0; i < parts.size(); ++i) {
    if (parts[i].empty()) continue;
    Candidate c = std::move(built[i]);
    // Parts of one table may yield the same grid twice.
    const bool again = c.lattice && std::any_of(candidates.begin(), candidates.end(), [&](const Candidate& o) {
      if (!o.lattice) return false;
      const cv::Rect2f overlap = o.lattice->frame & c.lattice->frame;
      return overlap.area() > kSameGridOverlap * std::min(o.lattice->frame.area(), c.lattice->frame.area());
    });
    if (!again) candidates.push_back(std::move(c));
  }
  return candidates;
}

// The grids `tables` make: each table's parts (split where its lines leave
// gaps), each built, the parts of one grid joined.
std::vector<Candidate> CandidatesOf(const Runs& runs, const std::vector<Table>& tables, const LatticeOptions& options,
                                    const Scale& scale) {
  std::vector<cv::Rect2f> parts;
  std::vector<Candidate> built;
  SplitAndBuild(runs, tables, options, scale, parts, built);
  // A section whose column rules stop at a section row ("LOWER SECTION", a
  // dark bar) is too short to be a scorecard alone: with the part as wide
  // above or below it, within a few rows, it is one grid. Parts that are
  // grids alone (two stacked piecepack grids) stay apart.
  for (size_t i = 0; i < parts.size(); ++i)
    for (size_t j = 0; j < parts.size(); ++j) {
      if (i == j || parts[i].empty() || parts[j].empty() || parts[j].y <= parts[i].y) continue;
      if (!OneGrid(runs, parts, built, i, j, options, scale)) continue;
      const cv::Rect2f both = parts[i] | parts[j];
      Candidate merged = BuildLattice(runs, Table{both}, options, scale);
      // No grid prints more rows than a scorecard: a grid and the upper
      // section of the next one stacked under it (its column rules broken
      // at its header row) are two grids' parts, not one grid.
      // Pieces that are no grid yet together stay one piece, for the next
      // piece to join (a header block, a section cut where a stroke crossed
      // its tinted columns, then the section under them).
      const bool pieces = !built[i].lattice && !built[j].lattice;
      if ((!merged.lattice && !pieces) || merged.rows > options.max_card_rows) continue;
      parts[i] = both;
      built[i] = std::move(merged);
      parts[j] = cv::Rect2f();
    }
  return DistinctGrids(parts, built);
}

}  // namespace

std::vector<Candidate> BuildAll(const Runs& runs, const LatticeOptions& options, const Scale& scale) {
  const std::vector<Table> tables = FindTables(runs, options, scale);
  // A table around other tables is no grid of its own: the page's edges, or
  // a border ruled around the page, hold the grids without touching them.
  const float slack = static_cast<float>(scale.Full(2.0));
  std::vector<Table> innermost, holders;
  for (size_t i = 0; i < tables.size(); ++i) {
    const cv::Rect2f outer(tables[i].box.x - slack, tables[i].box.y - slack, tables[i].box.width + 2 * slack,
                           tables[i].box.height + 2 * slack);
    bool holds = false;
    for (size_t j = 0; j < tables.size() && !holds; ++j)
      holds = j != i && (outer & tables[j].box) == tables[j].box &&
              tables[j].box.area() < kHeldArea * tables[i].box.area();
    (holds ? holders : innermost).push_back(tables[i]);
  }
  std::vector<Candidate> candidates = CandidatesOf(runs, innermost, options, scale);
  const auto any_grid = [](const std::vector<Candidate>& found) {
    return std::any_of(found.begin(), found.end(), [](const Candidate& c) { return c.lattice.has_value(); });
  };
  // Unless what they hold is no grid: a table's rules and the stripe edges
  // beside them, stacked into a "table" of a few rows of its own, are held
  // by the page's edges around the whole table, whose lines make the grid.
  if (!any_grid(candidates) && !holders.empty()) {
    std::vector<Candidate> held = CandidatesOf(runs, holders, options, scale);
    if (any_grid(held)) return held;
  }
  return candidates;
}

}  // namespace scorecheck::lattice
