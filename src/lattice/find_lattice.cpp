#include "lattice/find_lattice.h"

#include <algorithm>
#include <cmath>
#include <numeric>
#include <optional>
#include <sstream>
#include <stdexcept>

#include <opencv2/imgproc.hpp>
#include <opencv2/imgcodecs.hpp>  // DEBUG-REMOVE

namespace scorecheck {
namespace {

constexpr double kPi = 3.14159265358979323846;

// A straight run of line pixels in full-resolution page pixels. `pos` is y for
// a horizontal run and x for a vertical one; [from, to] is its extent along
// the run.
struct Run {
  float pos = 0, from = 0, to = 0, thickness = 0;
  float length() const { return to - from; }
};

struct Runs {
  std::vector<Run> horizontal, vertical;
};

// Everything derived from the options and the page resolution, in pixels.
struct Scale {
  int pool = 1;             // full-resolution pixels per working pixel, each way
  double px_per_mm = 8;     // full resolution
  double work_px_per_mm = 4;
  double Full(double mm) const { return mm * px_per_mm; }
  int WorkOdd(double mm) const { return std::max(3, static_cast<int>(std::lround(mm * work_px_per_mm)) | 1); }
};

cv::Mat ToGray(const cv::Mat& page) {
  cv::Mat gray;
  if (page.channels() == 3) cv::cvtColor(page, gray, cv::COLOR_BGR2GRAY);
  else if (page.channels() == 4) cv::cvtColor(page, gray, cv::COLOR_BGRA2GRAY);
  else gray = page;
  return gray;
}

// Down to the working resolution by the minimum of each k x k block: a thin
// dark line keeps its full darkness (an average would halve a 1-px line's
// contrast, and 0.12 mm lines are 1 px at 8 px/mm).
cv::Mat MinPool(const cv::Mat& gray, int k) {
  if (k <= 1) return gray.clone();
  cv::Mat eroded;
  cv::erode(gray, eroded, cv::getStructuringElement(cv::MORPH_RECT, cv::Size(k, k)), cv::Point(0, 0));
  cv::Mat pooled(gray.rows / k, gray.cols / k, CV_8U);
  for (int y = 0; y < pooled.rows; ++y) {
    const uchar* src = eroded.ptr<uchar>(y * k);
    uchar* dst = pooled.ptr<uchar>(y);
    for (int x = 0; x < pooled.cols; ++x) dst[x] = src[x * k];
  }
  return pooled;
}

// Relative darkness against the local paper, 0..255: (paper - gray) / paper.
// The paper is a closing (local max, then min) over a window wider than any
// printed line, so uneven light and shadows cancel out, and grey bands taller
// than the window (shaded header rows) give nothing.
cv::Mat ContrastMap(const cv::Mat& gray, int window) {
  cv::Mat paper, dark, contrast;
  cv::morphologyEx(gray, paper, cv::MORPH_CLOSE, cv::getStructuringElement(cv::MORPH_RECT, cv::Size(window, window)));
  cv::subtract(paper, gray, dark);
  // Below this the "paper" is a table or a deep shadow; its noise must not
  // become strong relative contrast.
  cv::max(paper, 64, paper);
  cv::divide(dark, paper, contrast, 255.0);
  return contrast;
}

// Pixels on straight runs at least `length` long in which at least `fill` of
// the pixels are dark: a rank opening. A plain opening breaks a faint line at
// every noise dip; here small gaps are bridged, while letters of a word (gaps
// between them) and handwriting (short strokes) never fill a run. The dark
// mask is thickened across the run by one pixel each side, so a line skewed by
// a few degrees still fills a straight window.
cv::Mat RunMask(const cv::Mat& contrast, bool horizontal, int length, double threshold, double fill) {
  cv::Mat thick, dark, sum;
  cv::dilate(contrast, thick, cv::getStructuringElement(cv::MORPH_RECT, horizontal ? cv::Size(1, 3) : cv::Size(3, 1)));
  cv::threshold(thick, dark, threshold, 1, cv::THRESH_BINARY);
  const cv::Size window = horizontal ? cv::Size(length, 1) : cv::Size(1, length);
  cv::boxFilter(dark, sum, CV_16U, window, cv::Point(-1, -1), false, cv::BORDER_CONSTANT);
  cv::Mat centres = sum >= fill * length;
  cv::Mat covered;
  cv::dilate(centres, covered, cv::getStructuringElement(cv::MORPH_RECT, window));
  return covered;
}

// Slopes of the long runs, as the page's skew in degrees (positive: lines fall
// to the right, i.e. the page is turned clockwise). Each component is fitted
// by least squares; the length-weighted median of both directions is robust
// to handwriting attached to a line and to the odd stray stroke.
double EstimateSkew(const cv::Mat& mask_h, const cv::Mat& mask_v, int min_length, double max_skew_deg) {
  std::vector<std::pair<double, double>> angles;  // degrees, weight
  for (bool horizontal : {true, false}) {
    const cv::Mat& mask = horizontal ? mask_h : mask_v;
    cv::Mat labels, stats, centroids;
    const int n = cv::connectedComponentsWithStats(mask, labels, stats, centroids, 8, CV_32S);
    std::vector<int> long_index(n, -1);
    int longs = 0;
    for (int i = 1; i < n; ++i) {
      const int length = stats.at<int>(i, horizontal ? cv::CC_STAT_WIDTH : cv::CC_STAT_HEIGHT);
      if (length >= min_length) long_index[i] = longs++;
    }
    if (longs == 0) continue;
    // Sums of u (along the run), w (across) about the component's centroid.
    std::vector<cv::Vec3d> sums(longs);  // su2, suw, count
    for (int y = 0; y < labels.rows; ++y) {
      const int* row = labels.ptr<int>(y);
      for (int x = 0; x < labels.cols; ++x) {
        if (row[x] == 0 || long_index[row[x]] < 0) continue;
        const double cx = centroids.at<double>(row[x], 0), cy = centroids.at<double>(row[x], 1);
        const double u = horizontal ? x - cx : y - cy, w = horizontal ? y - cy : x - cx;
        cv::Vec3d& s = sums[long_index[row[x]]];
        s[0] += u * u;
        s[1] += u * w;
        s[2] += 1;
      }
    }
    for (int i = 1; i < n; ++i) {
      if (long_index[i] < 0) continue;
      const cv::Vec3d& s = sums[long_index[i]];
      if (s[0] <= 0) continue;
      // A vertical line leaning right at the bottom (dx/dy > 0) belongs to a
      // page turned counter-clockwise: negative skew.
      const double slope = s[1] / s[0];
      const double degrees = (horizontal ? 1 : -1) * std::atan(slope) * 180 / kPi;
      if (std::abs(degrees) <= max_skew_deg) angles.push_back({degrees, std::sqrt(s[2])});
    }
  }
  if (angles.empty()) return 0;
  std::sort(angles.begin(), angles.end());
  double total = 0;
  for (const auto& a : angles) total += a.second;
  double acc = 0;
  for (const auto& a : angles) {
    acc += a.second;
    if (acc >= total / 2) return a.first;
  }
  return angles.back().first;
}

// The runs of a mask as full-resolution runs.
std::vector<Run> RunsOf(const cv::Mat& mask, bool horizontal, const Scale& scale) {
  cv::Mat labels, stats, centroids;
  const int n = cv::connectedComponentsWithStats(mask, labels, stats, centroids, 8, CV_32S);
  std::vector<Run> runs;
  const double k = scale.pool, offset = (k - 1) / 2;
  for (int i = 1; i < n; ++i) {
    const int left = stats.at<int>(i, cv::CC_STAT_LEFT), top = stats.at<int>(i, cv::CC_STAT_TOP);
    const int width = stats.at<int>(i, cv::CC_STAT_WIDTH), height = stats.at<int>(i, cv::CC_STAT_HEIGHT);
    const int area = stats.at<int>(i, cv::CC_STAT_AREA);
    const int length = horizontal ? width : height;
    Run run;
    run.pos = static_cast<float>(k * centroids.at<double>(i, horizontal ? 1 : 0) + offset);
    const int start = horizontal ? left : top;
    run.from = static_cast<float>(k * start + offset - k / 2);
    run.to = static_cast<float>(k * (start + length - 1) + offset + k / 2);
    // The mask was thickened by one working pixel each side.
    run.thickness = static_cast<float>(k * std::max(1.0, static_cast<double>(area) / length - 2));
    runs.push_back(run);
  }
  return runs;
}

// Runs turned by the affine `turn` (a multiple of 90 degrees).
Runs TurnRuns(const Runs& runs, const cv::Matx23d& turn) {
  Runs turned;
  auto apply = [&](cv::Point2d p) { return turn * cv::Vec3d(p.x, p.y, 1); };
  for (bool horizontal : {true, false})
    for (const Run& run : horizontal ? runs.horizontal : runs.vertical) {
      const cv::Vec2d a = apply(horizontal ? cv::Point2d(run.from, run.pos) : cv::Point2d(run.pos, run.from));
      const cv::Vec2d b = apply(horizontal ? cv::Point2d(run.to, run.pos) : cv::Point2d(run.pos, run.to));
      Run out = run;
      const bool now_horizontal = std::abs(a[1] - b[1]) < std::abs(a[0] - b[0]);
      out.pos = static_cast<float>(now_horizontal ? a[1] : a[0]);
      out.from = static_cast<float>(now_horizontal ? std::min(a[0], b[0]) : std::min(a[1], b[1]));
      out.to = static_cast<float>(now_horizontal ? std::max(a[0], b[0]) : std::max(a[1], b[1]));
      (now_horizontal ? turned.horizontal : turned.vertical).push_back(out);
    }
  return turned;
}

// Long runs that cross each other (within `tol`) form one table.
struct Table {
  cv::Rect2f box;
  int horizontal = 0, vertical = 0;  // long runs in it
};

std::vector<Table> GroupTables(const Runs& runs, float min_length, float tol) {
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
  std::erase_if(tables, [](const Table& t) { return t.horizontal < 2 || t.vertical < 2; });
  return tables;
}

// One line of a table: runs at the same position merged.
struct Line {
  float pos = 0;
  float coverage = 0;   // share of the table's extent covered
  float thickness = 0;
  bool inferred = false;
};

// The lines among `runs` inside the band [lo, hi] across them, covering
// [from, to] along them. Runs closer than `merge` are one line.
std::vector<Line> TableLines(const std::vector<Run>& runs, float lo, float hi, float from, float to, float merge,
                             float tol) {
  std::vector<Run> inside;
  for (const Run& run : runs) {
    if (run.pos < lo - tol || run.pos > hi + tol) continue;
    const float a = std::max(run.from, from), b = std::min(run.to, to);
    if (b - a <= 0) continue;
    Run clipped = run;
    clipped.from = a;
    clipped.to = b;
    inside.push_back(clipped);
  }
  std::sort(inside.begin(), inside.end(), [](const Run& a, const Run& b) { return a.pos < b.pos; });
  std::vector<Line> lines;
  const float extent = std::max(1.0f, to - from);
  for (size_t i = 0; i < inside.size();) {
    size_t j = i + 1;
    double weighted = inside[i].pos * inside[i].length(), weight = inside[i].length();
    while (j < inside.size() && inside[j].pos - weighted / weight <= merge) {
      weighted += inside[j].pos * inside[j].length();
      weight += inside[j].length();
      ++j;
    }
    std::vector<std::pair<float, float>> spans;
    double thickness = 0;
    for (size_t m = i; m < j; ++m) {
      spans.push_back({inside[m].from, inside[m].to});
      thickness += inside[m].thickness * inside[m].length();
    }
    std::sort(spans.begin(), spans.end());
    float covered = 0, end = -1e9f;
    for (const auto& [a, b] : spans) {
      if (b <= end) continue;
      covered += b - std::max(a, end);
      end = b;
    }
    Line line;
    line.pos = static_cast<float>(weighted / weight);
    line.coverage = covered / extent;
    line.thickness = static_cast<float>(thickness / weight);
    lines.push_back(line);
    i = j;
  }
  return lines;
}

std::vector<Line> Spanning(std::vector<Line> lines, double min_span) {
  std::erase_if(lines, [&](const Line& l) { return l.coverage < min_span; });
  return lines;
}

float Median(std::vector<float> values) {
  if (values.empty()) return 0;
  std::nth_element(values.begin(), values.begin() + values.size() / 2, values.end());
  return values[values.size() / 2];
}

std::vector<float> Gaps(const std::vector<Line>& lines) {
  std::vector<float> gaps;
  for (size_t i = 1; i < lines.size(); ++i) gaps.push_back(lines[i].pos - lines[i - 1].pos);
  return gaps;
}

struct Candidate {
  std::optional<Lattice> lattice;
  std::string why;       // when rejected
  int rows = 0, columns = 0;
  double label_ratio = 1;  // first column width / last column width
};

// Row lines: drops a line too close to its neighbours (a stray stroke along a
// line), then puts back lines missing from the regular pitch. Returns the
// share of regular gaps.
double RegulariseRows(std::vector<Line>& rows) {
  if (rows.size() < 3) return 0;
  for (bool changed = true; changed && rows.size() >= 3;) {
    changed = false;
    const float pitch = Median(Gaps(rows));
    for (size_t i = 1; i < rows.size(); ++i) {
      if (rows[i].pos - rows[i - 1].pos >= 0.45f * pitch) continue;
      // Keep the outer frame lines; else the weaker of the two goes.
      size_t drop = rows[i].coverage < rows[i - 1].coverage ? i : i - 1;
      if (drop == 0) drop = 1;
      if (drop == rows.size() - 1) drop = rows.size() - 2;
      rows.erase(rows.begin() + static_cast<long>(drop));
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

// The width all score columns share: the width with the most other columns
// (label column excluded) within 12 % of it, preferring the rightmost.
float ScoreWidth(const std::vector<float>& widths) {
  float best = widths.back();
  int best_count = 0;
  for (size_t i = widths.size(); i-- > 1;) {
    int count = 0;
    for (size_t j = 1; j < widths.size(); ++j) count += std::abs(widths[j] / widths[i] - 1) <= 0.12f;
    if (count > best_count) {
      best_count = count;
      best = widths[i];
    }
  }
  return best;
}

Candidate BuildLattice(const Runs& runs, const Table& table, const LatticeOptions& options, const Scale& scale) {
  Candidate c;
  const float tol = static_cast<float>(scale.Full(2.0));
  const float merge = static_cast<float>(scale.Full(1.2));
  cv::Rect2f box = table.box;
  std::vector<Line> rows, columns;
  // Twice: the first pass finds the frame lines, the second measures coverage
  // against the frame rather than against runs that overshoot it.
  for (int pass = 0; pass < 2; ++pass) {
    rows = Spanning(TableLines(runs.horizontal, box.y, box.br().y, box.x, box.br().x, merge, tol), options.min_line_span);
    columns = Spanning(TableLines(runs.vertical, box.x, box.br().x, box.y, box.br().y, merge, tol), options.min_line_span);
    if (rows.size() < 2 || columns.size() < 2) {
      c.why = "lines do not cross";
      return c;
    }
    box = cv::Rect2f(columns.front().pos, rows.front().pos, columns.back().pos - columns.front().pos,
                     rows.back().pos - rows.front().pos);
  }
  const double regular = RegulariseRows(rows);
  c.rows = static_cast<int>(rows.size()) - 1;
  c.columns = static_cast<int>(columns.size()) - 1;
  std::vector<float> widths;
  for (size_t i = 1; i < columns.size(); ++i) widths.push_back(columns[i].pos - columns[i - 1].pos);
  c.label_ratio = widths.front() / std::max(1.0f, widths.back());

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
  }
  if (!why.str().empty()) {
    c.why = why.str();
    return c;
  }

  // Score columns: the run of equal columns at the right; a gap of two or
  // three score widths among them hides a faint line.
  const float score_w = ScoreWidth(widths);
  std::vector<Line> split;
  int first_score = -1;
  for (size_t i = 0; i < columns.size(); ++i) {
    if (i > 0) {
      const float w = columns[i].pos - columns[i - 1].pos;
      const int n = static_cast<int>(std::lround(w / score_w));
      const bool is_score = std::abs(w / score_w - 1) <= 0.12f;
      if (is_score && first_score < 0 && i >= 2) first_score = static_cast<int>(i - 1);
      if (first_score >= 0 && n >= 2 && n <= 3 && std::abs(w / (n * score_w) - 1) <= 0.1f)
        for (int m = 1; m < n; ++m) {
          Line line;
          line.pos = columns[i - 1].pos + w * m / n;
          line.inferred = true;
          split.push_back(line);
        }
    }
    split.push_back(columns[i]);
  }
  columns = std::move(split);
  if (first_score < 0) first_score = 1;
  const float label_w = columns[1].pos - columns[0].pos;
  if (label_w < options.min_label_ratio * score_w) {
    std::ostringstream reason;
    reason << "no label column (first column " << std::lround(label_w / scale.px_per_mm) << " mm, score columns "
           << std::lround(score_w / scale.px_per_mm) << " mm)";
    c.why = reason.str();
    return c;
  }

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
  lattice.first_score_column = first_score;
  lattice.line_px = std::max(1.0f, Median(thickness));
  c.columns = lattice.columns();
  c.lattice = std::move(lattice);
  return c;
}

std::vector<Candidate> BuildAll(const Runs& runs, const LatticeOptions& options, const Scale& scale) {
  std::vector<Candidate> candidates;
  for (const Table& table : GroupTables(runs, static_cast<float>(scale.Full(options.min_line_mm)),
                                        static_cast<float>(scale.Full(2.0))))
    candidates.push_back(BuildLattice(runs, table, options, scale));
  return candidates;
}

// Quarter-turn votes: positive when the tables' rows run across the page as
// seen (more horizontal than vertical lines), negative when turned.
double QuarterVote(const Runs& runs, const LatticeOptions& options, const Scale& scale) {
  const float tol = static_cast<float>(scale.Full(2.0)), merge = static_cast<float>(scale.Full(1.2));
  double vote = 0;
  for (const Table& table : GroupTables(runs, static_cast<float>(scale.Full(options.min_line_mm)), tol)) {
    const cv::Rect2f& box = table.box;
    const auto h = Spanning(TableLines(runs.horizontal, box.y, box.br().y, box.x, box.br().x, merge, tol), options.min_line_span).size();
    const auto v = Spanning(TableLines(runs.vertical, box.x, box.br().x, box.y, box.br().y, merge, tol), options.min_line_span).size();
    if (static_cast<int>(std::max(h, v)) - 1 < options.min_rows) continue;
    vote += (h > v ? 1.0 : h < v ? -1.0 : 0.0) * static_cast<double>(h + v);
  }
  return vote;
}

// Clockwise quarter turns of a w x h image as an affine map.
cv::Matx23d QuarterTurn(int quarters, cv::Size size) {
  const double w = size.width, h = size.height;
  switch (((quarters % 4) + 4) % 4) {
    case 1: return {0, -1, h - 1, 1, 0, 0};
    case 2: return {-1, 0, w - 1, 0, -1, h - 1};
    case 3: return {0, 1, 0, -1, 0, w - 1};
  }
  return {1, 0, 0, 0, 1, 0};
}

cv::Matx23d Compose(const cv::Matx23d& second, const cv::Matx23d& first) {
  const cv::Matx33d a(second(0, 0), second(0, 1), second(0, 2), second(1, 0), second(1, 1), second(1, 2), 0, 0, 1);
  const cv::Matx33d b(first(0, 0), first(0, 1), first(0, 2), first(1, 0), first(1, 1), first(1, 2), 0, 0, 1);
  const cv::Matx33d c = a * b;
  return {c(0, 0), c(0, 1), c(0, 2), c(1, 0), c(1, 1), c(1, 2)};
}

// Top to bottom, then left to right: grids whose vertical extents overlap
// form one band.
void SortGrids(std::vector<Lattice>& grids) {
  std::sort(grids.begin(), grids.end(), [](const Lattice& a, const Lattice& b) { return a.frame.y < b.frame.y; });
  for (size_t i = 0; i < grids.size();) {
    size_t j = i + 1;
    const float middle = grids[i].frame.y + grids[i].frame.height / 2;
    while (j < grids.size() && grids[j].frame.y < middle) ++j;
    std::sort(grids.begin() + static_cast<long>(i), grids.begin() + static_cast<long>(j),
              [](const Lattice& a, const Lattice& b) { return a.frame.x < b.frame.x; });
    i = j;
  }
}

}  // namespace

cv::Rect2f Lattice::Cell(int row, int column) const {
  if (row < 0 || column < 0 || row + 1 >= static_cast<int>(row_y.size()) || column + 1 >= static_cast<int>(column_x.size()))
    throw std::out_of_range("Lattice::Cell: row " + std::to_string(row) + ", column " + std::to_string(column) +
                            " outside a " + std::to_string(rows()) + " x " + std::to_string(columns()) + " lattice");
  return cv::Rect2f(column_x[column], row_y[row], column_x[column + 1] - column_x[column], row_y[row + 1] - row_y[row]);
}

cv::Rect2f Lattice::ScoreCell(int row, int score_column) const {
  if (score_column < 0) throw std::out_of_range("Lattice::ScoreCell: negative score column");
  return Cell(row, first_score_column + score_column);
}

bool LatticeOptions::Check() const {
  return px_per_mm >= 0 && work_px_per_mm > 0 && min_contrast > 0 && min_contrast < 1 && min_run_mm > 0 &&
         run_fill > 0 && run_fill <= 1 && min_line_mm >= min_run_mm && min_line_span > 0 && min_line_span <= 1 &&
         max_skew_deg >= 0 && max_skew_deg < 45 && min_rows >= 1 && min_rows <= max_rows && min_columns >= 1 &&
         min_columns <= max_columns && min_regular_rows >= 0 && min_regular_rows <= 1 && min_label_ratio >= 1;
}

cv::Point2d UprightFromPage(const LatticeResult& result, cv::Point2d page_px) {
  const cv::Vec2d p = result.upright_from_page * cv::Vec3d(page_px.x, page_px.y, 1);
  return {p[0], p[1]};
}

cv::Point2d PageFromUpright(const LatticeResult& result, cv::Point2d upright_px) {
  cv::Matx23d inverse;
  cv::invertAffineTransform(result.upright_from_page, inverse);
  const cv::Vec2d p = inverse * cv::Vec3d(upright_px.x, upright_px.y, 1);
  return {p[0], p[1]};
}

LatticeResult FindLattices(const cv::Mat& page_bgr, const LatticeOptions& options) {
  LatticeResult result;
  if (page_bgr.empty() || page_bgr.depth() != CV_8U) {
    result.detail = page_bgr.empty() ? "empty image" : "not an 8-bit image";
    return result;
  }
  if (!options.Check()) {
    result.detail = "invalid lattice options";
    return result;
  }
  const cv::Size size = page_bgr.size();
  Scale scale;
  scale.px_per_mm = options.px_per_mm > 0 ? options.px_per_mm : std::min(size.width, size.height) / 210.0;
  scale.pool = std::max(1, static_cast<int>(std::lround(scale.px_per_mm / options.work_px_per_mm)));
  scale.work_px_per_mm = scale.px_per_mm / scale.pool;
  if (size.width / scale.pool < 32 || size.height / scale.pool < 32) {
    result.detail = "image too small for a grid";
    return result;
  }

  // 1.-2. Line contrast, runs, skew; runs again on the straightened map.
  const cv::Mat work = MinPool(ToGray(page_bgr), scale.pool);
  cv::Mat contrast = ContrastMap(work, scale.WorkOdd(2.5));
  const int run = scale.WorkOdd(options.min_run_mm);
  const double threshold = options.min_contrast * 255;
  cv::Mat mask_h = RunMask(contrast, true, run, threshold, options.run_fill);
  cv::Mat mask_v = RunMask(contrast, false, run, threshold, options.run_fill);
  const double skew = EstimateSkew(mask_h, mask_v, scale.WorkOdd(options.min_line_mm), options.max_skew_deg);
  // Below 0.05 degrees a line drifts less than a working pixel across a page.
  const bool deskew = std::abs(skew) >= 0.05;
  cv::Matx23d deskew_full(1, 0, 0, 0, 1, 0);
  if (deskew) {
    const double k = scale.pool, offset = (k - 1) / 2;
    const cv::Point2f centre_work(work.cols / 2.0f, work.rows / 2.0f);
    const cv::Point2f centre_full(static_cast<float>(k * centre_work.x + offset), static_cast<float>(k * centre_work.y + offset));
    cv::Mat turned;
    cv::warpAffine(contrast, turned, cv::getRotationMatrix2D(centre_work, skew, 1), contrast.size(), cv::INTER_LINEAR,
                   cv::BORDER_CONSTANT, cv::Scalar(0));
    contrast = turned;
    mask_h = RunMask(contrast, true, run, threshold, options.run_fill);
    mask_v = RunMask(contrast, false, run, threshold, options.run_fill);
    deskew_full = cv::Matx23d(cv::getRotationMatrix2D(centre_full, skew, 1));
  }
  Runs runs{RunsOf(mask_h, true, scale), RunsOf(mask_v, false, scale)};
  if (const char* dbg = std::getenv("LATTICE_DEBUG")) {  // DEBUG-REMOVE
    cv::imwrite(std::string(dbg) + "/contrast.png", contrast);  // DEBUG-REMOVE
    cv::imwrite(std::string(dbg) + "/mask_h.png", mask_h);  // DEBUG-REMOVE
    cv::imwrite(std::string(dbg) + "/mask_v.png", mask_v);  // DEBUG-REMOVE
  }  // DEBUG-REMOVE

  // 3.-4. Tables in the orientation where rows run across and the label
  // column is on the left.
  int quarters = 0;
  if (options.find_orientation && QuarterVote(runs, options, scale) < 0) quarters = 1;
  auto build = [&](int q) { return BuildAll(TurnRuns(runs, QuarterTurn(q, size)), options, scale); };
  std::vector<Candidate> candidates = build(quarters);
  if (options.find_orientation) {
    double label_vote = 0;
    for (const Candidate& c : candidates)
      if (c.rows >= options.min_rows && c.columns >= options.min_columns) label_vote += std::log(c.label_ratio);
    if (label_vote < 0) {
      quarters += 2;
      candidates = build(quarters);
    }
  }

  // 5. The page turned upright, and the grids that pass as scorecards.
  result.rotation_deg = 90 * (quarters % 4);
  result.skew_deg = deskew ? skew : 0;
  const cv::Size upright_size = quarters % 2 ? cv::Size(size.height, size.width) : size;
  result.upright_from_page = Compose(QuarterTurn(quarters, size), deskew_full);
  if (deskew) {
    cv::warpAffine(page_bgr, result.upright, cv::Mat(result.upright_from_page), upright_size, cv::INTER_LINEAR,
                   cv::BORDER_REPLICATE);
  } else if (quarters % 4 == 0) {
    result.upright = page_bgr.clone();
  } else {
    cv::rotate(page_bgr, result.upright, quarters % 4 == 1 ? cv::ROTATE_90_CLOCKWISE
                                         : quarters % 4 == 2 ? cv::ROTATE_180
                                                             : cv::ROTATE_90_COUNTERCLOCKWISE);
  }

  const Candidate* best_rejected = nullptr;
  for (const Candidate& c : candidates) {
    if (c.lattice) result.grids.push_back(*c.lattice);
    else if (!best_rejected || c.rows + c.columns > best_rejected->rows + best_rejected->columns) best_rejected = &c;
  }
  SortGrids(result.grids);
  std::ostringstream detail;
  if (result.grids.empty()) {
    if (candidates.empty()) detail << "no ruled table (no long lines crossing each other)";
    else detail << "no scorecard grid: " << best_rejected->why;
    result.detail = detail.str();
    return result;
  }
  result.status = LatticeStatus::kFound;
  detail << result.grids.size() << (result.grids.size() == 1 ? " grid" : " grids");
  for (size_t i = 0; i < result.grids.size(); ++i)
    detail << (i ? ", " : ": ") << result.grids[i].rows() << "x" << result.grids[i].columns();
  detail << "; turned " << result.rotation_deg << " deg, skew " << std::round(result.skew_deg * 100) / 100 << " deg";
  result.detail = detail.str();
  return result;
}

}  // namespace scorecheck
