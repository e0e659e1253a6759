#include "lattice/find_lattice.h"

#include <algorithm>
#include <array>
#include <cmath>
#include <numeric>
#include <optional>
#include <sstream>

#include <opencv2/calib3d.hpp>
#include <opencv2/imgproc.hpp>

#include "core/error.h"

namespace scorecheck {
namespace {

constexpr double kPi = 3.14159265358979323846;

// A straight run of line pixels in full-resolution page pixels. `pos` is y for
// a horizontal run and x for a vertical one; [from, to] is its extent along
// the run.
struct Run {
  float pos = 0, from = 0, to = 0, thickness = 0;
  cv::Point2f a, b;  // the least-squares line through its pixels, from its start to its end (x, y)
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

// Thin dark structures across direction `horizontal`: the contrast minus the
// larger of the contrasts `gap` pixels to either side. A ruled line has paper
// on both sides; the body of printed text (blurred words are solid bars in a
// low-resolution photo) and of handwriting is dark on at least one side, and
// its edges too.
cv::Mat Ridges(const cv::Mat& contrast, bool horizontal, int gap) {
  cv::Mat ends = cv::Mat::zeros(horizontal ? cv::Size(1, 2 * gap + 1) : cv::Size(2 * gap + 1, 1), CV_8U);
  ends.at<uchar>(0) = 1;
  ends.at<uchar>(2 * gap) = 1;
  cv::Mat sides, ridges;
  cv::dilate(contrast, sides, ends);
  cv::subtract(contrast, sides, ridges);
  return ridges;
}

// Pixels on straight runs at least `length` long in which at least `fill` of
// the pixels are dark: a rank opening. A plain opening breaks a faint line at
// every noise dip; here small gaps are bridged, while letters of a word (gaps
// between them) and handwriting (short strokes) never fill a run. The dark
// mask is thickened across the run by one pixel each side, so a line skewed by
// a few degrees still fills a straight window.
cv::Mat RunMask(const cv::Mat& contrast, bool horizontal, int length, double threshold, double fill, int gap) {
  cv::Mat thick, dark, sum;
  cv::dilate(Ridges(contrast, horizontal, gap), thick,
             cv::getStructuringElement(cv::MORPH_RECT, horizontal ? cv::Size(1, 3) : cv::Size(3, 1)));
  cv::threshold(thick, dark, threshold, 1, cv::THRESH_BINARY);
  const cv::Size window = horizontal ? cv::Size(length, 1) : cv::Size(1, length);
  cv::boxFilter(dark, sum, CV_16U, window, cv::Point(-1, -1), false, cv::BORDER_CONSTANT);
  cv::Mat centres = sum >= fill * length;
  cv::Mat covered, near_dark;
  cv::dilate(centres, covered, cv::getStructuringElement(cv::MORPH_RECT, window));
  // A window may reach past the run's end by its unfilled share; trim the run
  // to within two pixels of dark ones (gaps that short stay bridged).
  cv::dilate(dark, near_dark, cv::getStructuringElement(cv::MORPH_RECT, horizontal ? cv::Size(5, 1) : cv::Size(1, 5)));
  return covered & near_dark;
}

// The runs (connected components) of a mask as full-resolution runs, each
// with the least-squares line through its pixels.
std::vector<Run> RunsOf(const cv::Mat& mask, bool horizontal, const Scale& scale) {
  cv::Mat labels, stats, centroids;
  // BBDT is the fastest labelling here (2 ms for a page at 4 px/mm).
  const int n = cv::connectedComponentsWithStats(mask, labels, stats, centroids, 8, CV_32S, cv::CCL_BBDT);
  // Sums of w, u*u and u*w (u along the run, w across it) per component; the
  // labels image is mostly background, so this costs little more than a scan.
  std::vector<cv::Vec3d> sums(n, cv::Vec3d(0, 0, 0));
  for (int y = 0; y < labels.rows; ++y) {
    const int* row = labels.ptr<int>(y);
    for (int x = 0; x < labels.cols; ++x) {
      if (row[x] == 0) continue;
      const double u = horizontal ? x : y, w = horizontal ? y : x;
      cv::Vec3d& s = sums[row[x]];
      s[0] += u * u;
      s[1] += u * w;
      s[2] += w;
    }
  }
  std::vector<Run> runs;
  const double k = scale.pool, offset = (k - 1) / 2;
  for (int i = 1; i < n; ++i) {
    const int left = stats.at<int>(i, cv::CC_STAT_LEFT), top = stats.at<int>(i, cv::CC_STAT_TOP);
    const int width = stats.at<int>(i, cv::CC_STAT_WIDTH), height = stats.at<int>(i, cv::CC_STAT_HEIGHT);
    const int area = stats.at<int>(i, cv::CC_STAT_AREA);
    const int length = horizontal ? width : height;
    const int start = horizontal ? left : top;
    const double cu = centroids.at<double>(i, horizontal ? 0 : 1), cw = centroids.at<double>(i, horizontal ? 1 : 0);
    // Centred moments from the raw sums; the centroid's u is cu.
    const double count = area, suu = sums[i][0] - count * cu * cu, suw = sums[i][1] - cu * sums[i][2];
    const double slope = suu > 1e-9 ? suw / suu : 0;
    Run run;
    run.pos = static_cast<float>(k * cw + offset);
    run.from = static_cast<float>(k * start + offset - k / 2);
    run.to = static_cast<float>(k * (start + length - 1) + offset + k / 2);
    // The mask was thickened by one working pixel each side.
    run.thickness = static_cast<float>(k * std::max(1.0, static_cast<double>(area) / length - 2));
    const double u0 = start, u1 = start + length - 1;
    const double w0 = cw + slope * (u0 - cu), w1 = cw + slope * (u1 - cu);
    auto point = [&](double u, double w) {
      const double x = horizontal ? u : w, y = horizontal ? w : u;
      return cv::Point2f(static_cast<float>(k * x + offset), static_cast<float>(k * y + offset));
    };
    run.a = point(u0, w0);
    run.b = point(u1, w1);
    runs.push_back(run);
  }
  return runs;
}

// The page's skew in degrees from the slopes of the long runs (positive: lines
// fall to the right, i.e. the page is turned clockwise). The length-weighted
// median of both directions is robust to handwriting attached to a line and
// to the odd stray stroke.
double SkewOf(const Runs& runs, float min_length, double max_skew_deg) {
  std::vector<std::pair<double, double>> angles;  // degrees, weight
  for (bool horizontal : {true, false})
    for (const Run& run : horizontal ? runs.horizontal : runs.vertical) {
      if (run.length() < min_length) continue;
      // A vertical line leaning right at the bottom (dx/dy > 0) belongs to a
      // page turned counter-clockwise: negative skew.
      const cv::Point2f d = run.b - run.a;
      const double degrees = horizontal ? std::atan2(d.y, d.x) * 180 / kPi : -std::atan2(d.x, d.y) * 180 / kPi;
      if (std::abs(degrees) <= max_skew_deg) angles.push_back({degrees, run.length()});
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

// Runs turned by the affine `turn` (a multiple of 90 degrees).
Runs TurnRuns(const Runs& runs, const cv::Matx23d& turn) {
  Runs turned;
  auto apply = [&](cv::Point2d p) { return turn * cv::Vec3d(p.x, p.y, 1); };
  for (bool horizontal : {true, false})
    for (const Run& run : horizontal ? runs.horizontal : runs.vertical) {
      // The axis-aligned extent, turned.
      const cv::Vec2d a = apply(horizontal ? cv::Point2d(run.from, run.pos) : cv::Point2d(run.pos, run.from));
      const cv::Vec2d b = apply(horizontal ? cv::Point2d(run.to, run.pos) : cv::Point2d(run.pos, run.to));
      Run out = run;
      const bool now_horizontal = std::abs(a[1] - b[1]) < std::abs(a[0] - b[0]);
      out.pos = static_cast<float>(now_horizontal ? a[1] : a[0]);
      out.from = static_cast<float>(now_horizontal ? std::min(a[0], b[0]) : std::min(a[1], b[1]));
      out.to = static_cast<float>(now_horizontal ? std::max(a[0], b[0]) : std::max(a[1], b[1]));
      const cv::Vec2d fa = apply(run.a), fb = apply(run.b);
      // Keep a before b along the turned run.
      const bool reversed = now_horizontal ? fa[0] > fb[0] : fa[1] > fb[1];
      out.a = cv::Point2f(static_cast<float>(reversed ? fb[0] : fa[0]), static_cast<float>(reversed ? fb[1] : fa[1]));
      out.b = cv::Point2f(static_cast<float>(reversed ? fa[0] : fb[0]), static_cast<float>(reversed ? fa[1] : fb[1]));
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

// One line of a table: runs at the same position merged.
struct Line {
  float pos = 0;
  float coverage = 0;   // share of the table's extent covered
  float thickness = 0;
  bool inferred = false;
  std::vector<std::pair<float, float>> spans;  // the runs' extents along the line, sorted
  cv::Point2f a, b;  // the fitted line through its runs, two points on it (x, y)
};

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

// True when a run of `line` reaches `at` (within `tol`), and, with `reach`
// > 0, goes on past it by `reach` on both sides.
bool Passes(const Line& line, float at, float tol, float reach) {
  return std::any_of(line.spans.begin(), line.spans.end(), [&](const auto& s) {
    return at - reach >= s.first - tol && at + reach <= s.second + tol;
  });
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
void KeepRuled(std::vector<Line>& horizontal, std::vector<Line>& vertical, float tol, float reach) {
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
  if (lines.empty() || starts.empty()) return;
  for (const Line& line : lines) thickness = std::max(thickness, line.thickness);
  Line frame;
  frame.inferred = true;
  frame.thickness = thickness;
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

struct Candidate {
  std::optional<Lattice> lattice;
  std::string why;       // when rejected
  int rows = 0, columns = 0;
  std::array<cv::Point2f, 4> corners;  // the frame lines' fitted crossings: top-left, top-right, bottom-right, bottom-left
};

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
  cv::Rect2f box = table.box;
  std::vector<Line> rows, columns;
  // Twice: the first pass finds the frame lines, the second measures coverage
  // against the frame rather than against runs that overshoot it.
  for (int pass = 0; pass < 2; ++pass) {
    rows = Spanning(TableLines(runs.horizontal, true, box.y, box.br().y, box.x, box.br().x, merge, tol), options.min_line_span);
    columns = Spanning(TableLines(runs.vertical, false, box.x, box.br().x, box.y, box.br().y, merge, tol), options.min_line_span);
    KeepRuled(rows, columns, meet, reach);
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

std::vector<Candidate> BuildAll(const Runs& runs, const LatticeOptions& options, const Scale& scale) {
  std::vector<Table> tables = GroupTables(runs, static_cast<float>(scale.Full(options.min_line_mm)),
                                          static_cast<float>(scale.Full(2.0)));
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
  std::vector<Candidate> candidates;
  for (const Table& table : innermost)
    for (const cv::Rect2f& part : SplitTable(runs, table.box, static_cast<float>(scale.Full(1)),
                                             static_cast<float>(scale.Full(options.min_line_mm)),
                                             static_cast<float>(scale.Full(3)))) {
      Table piece = table;
      piece.box = part;
      Candidate c = BuildLattice(runs, piece, options, scale);
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

// Quarter-turn votes: positive when the tables' rows run across the page as
// seen (more horizontal than vertical lines), negative when turned.
double QuarterVote(const Runs& runs, const LatticeOptions& options, const Scale& scale) {
  const float tol = static_cast<float>(scale.Full(2.0)), merge = static_cast<float>(scale.Full(0.8));
  double vote = 0;
  for (const Table& table : GroupTables(runs, static_cast<float>(scale.Full(options.min_line_mm)), tol)) {
    const cv::Rect2f& box = table.box;
    auto rows = Spanning(TableLines(runs.horizontal, true, box.y, box.br().y, box.x, box.br().x, merge, tol), options.min_line_span);
    auto columns = Spanning(TableLines(runs.vertical, false, box.x, box.br().x, box.y, box.br().y, merge, tol), options.min_line_span);
    KeepRuled(rows, columns, static_cast<float>(scale.Full(1.25)), static_cast<float>(scale.Full(0.3)));
    const auto h = rows.size(), v = columns.size();
    if (static_cast<int>(std::max(h, v)) - 1 < options.min_rows) continue;
    vote += (h > v ? 1.0 : h < v ? -1.0 : 0.0) * static_cast<double>(h + v);
  }
  return vote;
}

// Clockwise quarter turns of a w x h image.
cv::Matx33d QuarterTurn(int quarters, cv::Size size) {
  const double w = size.width, h = size.height;
  switch (((quarters % 4) + 4) % 4) {
    case 1: return {0, -1, h - 1, 1, 0, 0, 0, 0, 1};
    case 2: return {-1, 0, w - 1, 0, -1, h - 1, 0, 0, 1};
    case 3: return {0, 1, 0, -1, 0, w - 1, 0, 0, 1};
  }
  return cv::Matx33d::eye();
}

cv::Matx33d ToMatx33(const cv::Mat& affine) {
  const cv::Matx23d m(affine);
  return {m(0, 0), m(0, 1), m(0, 2), m(1, 0), m(1, 1), m(1, 2), 0, 0, 1};
}

cv::Matx23d ToMatx23(const cv::Matx33d& m) { return {m(0, 0), m(0, 1), m(0, 2), m(1, 0), m(1, 1), m(1, 2)}; }

// One look at the page: line runs, skew, orientation and candidate grids.
struct Detection {
  double skew = 0;                 // degrees, counter-clockwise turn applied first
  int quarters = 0;                // clockwise quarter turns applied next
  cv::Matx33d turned_from_input = cv::Matx33d::eye();  // full-resolution pixels
  std::vector<Candidate> candidates;  // in turned pixels
};

// Finds the grids on `work` (the page at the working resolution; `size` is
// the full-resolution page it stands for).
Detection Detect(const cv::Mat& work, cv::Size size, const LatticeOptions& options, const Scale& scale) {
  Detection d;
  cv::Mat contrast = ContrastMap(work, scale.WorkOdd(2.5));
  const int run = scale.WorkOdd(options.min_run_mm);
  // Wider than half the thickest printed line (1.2 mm) with its blur.
  const int gap = std::max(2, static_cast<int>(std::lround(1.0 * scale.work_px_per_mm)));
  const double threshold = options.min_contrast * 255;
  auto find_runs = [&] {
    return Runs{RunsOf(RunMask(contrast, true, run, threshold, options.run_fill, gap), true, scale),
                RunsOf(RunMask(contrast, false, run, threshold, options.run_fill, gap), false, scale)};
  };
  Runs runs = find_runs();
  d.skew = SkewOf(runs, static_cast<float>(scale.Full(options.min_line_mm)), options.max_skew_deg);
  cv::Matx33d deskew = cv::Matx33d::eye();
  // Below 0.1 degrees a line drifts less than 0.4 mm across a page.
  if (std::abs(d.skew) >= 0.1) {
    const double k = scale.pool, offset = (k - 1) / 2;
    const cv::Point2f centre_work(work.cols / 2.0f, work.rows / 2.0f);
    const cv::Point2f centre_full(static_cast<float>(k * centre_work.x + offset), static_cast<float>(k * centre_work.y + offset));
    cv::Mat turned;
    cv::warpAffine(contrast, turned, cv::getRotationMatrix2D(centre_work, d.skew, 1), contrast.size(), cv::INTER_LINEAR,
                   cv::BORDER_CONSTANT, cv::Scalar(0));
    contrast = turned;
    runs = find_runs();
    deskew = ToMatx33(cv::getRotationMatrix2D(centre_full, d.skew, 1));
  } else {
    d.skew = 0;
  }

  // Tables in the orientation where rows run across. Whether the page is
  // upside down is for the printed text to say (the grid stage reads it): a
  // column's width or side says nothing about what it holds.
  if (options.find_orientation && QuarterVote(runs, options, scale) < 0) d.quarters = 1;
  auto build = [&](int q) { return BuildAll(TurnRuns(runs, ToMatx23(QuarterTurn(q, size))), options, scale); };
  d.candidates = build(d.quarters);
  d.turned_from_input = QuarterTurn(d.quarters, size) * deskew;
  return d;
}

// A perspective correction (in turned pixels) that makes the found grids'
// frames rectangles, or none when they are rectangles already (every corner
// within `tolerance` of its rectangle's) or the correction looks wrong.
// A photo whose paper outline was not found keeps the camera's perspective:
// rows then fan out a few degrees, more than one skew angle can take out.
std::optional<cv::Matx33d> PerspectiveFix(const std::vector<Candidate>& candidates, float tolerance) {
  std::vector<cv::Point2f> from, to;
  float worst = 0;
  for (const Candidate& c : candidates) {
    if (!c.lattice) continue;
    const auto& q = c.corners;
    const float left = (q[0].x + q[3].x) / 2, right = (q[1].x + q[2].x) / 2;
    const float top = (q[0].y + q[1].y) / 2, bottom = (q[2].y + q[3].y) / 2;
    const std::array<cv::Point2f, 4> rect = {cv::Point2f(left, top), cv::Point2f(right, top), cv::Point2f(right, bottom),
                                             cv::Point2f(left, bottom)};
    for (int i = 0; i < 4; ++i) {
      // A corner far off its rectangle is a fit gone wrong, not perspective.
      // Far is measured against the grid's longer side: a one-player sheet
      // (tall and narrow) seen from its foot has its top corners come in by
      // more than a tenth of its width.
      const float off = static_cast<float>(cv::norm(q[i] - rect[i]));
      if (off > 0.1f * std::max(right - left, bottom - top)) return std::nullopt;
      worst = std::max(worst, off);
      from.push_back(q[i]);
      to.push_back(rect[i]);
    }
  }
  if (from.empty() || worst <= tolerance) return std::nullopt;
  const cv::Mat h = cv::findHomography(from, to, 0);
  if (h.empty()) return std::nullopt;
  return cv::Matx33d(h);
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
  SC_CHECK(row >= 0 && column >= 0 && row + 1 < static_cast<int>(row_y.size()) &&
               column + 1 < static_cast<int>(column_x.size()),
           "Lattice::Cell: row " << row << ", column " << column << " outside a " << rows() << " x " << columns()
                                 << " lattice");
  return cv::Rect2f(column_x[column], row_y[row], column_x[column + 1] - column_x[column], row_y[row + 1] - row_y[row]);
}


bool LatticeOptions::Check() const {
  return min_frame_margin_mm >= 0 && px_per_mm >= 0 && work_px_per_mm > 0 && min_contrast > 0 && min_contrast < 1 &&
         min_run_mm > 0 &&
         run_fill > 0 && run_fill <= 1 && min_line_mm >= min_run_mm && min_line_span > 0 && min_line_span <= 1 &&
         max_skew_deg >= 0 && max_skew_deg < 45 && min_rows >= 1 && min_rows <= max_rows && min_columns >= 1 &&
         min_columns <= max_columns && min_regular_rows >= 0 && min_regular_rows <= 1 && max_row_repairs >= 0 &&
         max_row_repairs <= 1 && max_perspective_rounds >= 0;
}

LatticeResult TurnedHalf(const LatticeResult& result) {
  LatticeResult turned = result;
  if (result.upright.empty()) return turned;
  const cv::Size size = result.upright.size();
  cv::rotate(result.upright, turned.upright, cv::ROTATE_180);
  turned.upright_from_page = QuarterTurn(2, size) * result.upright_from_page;
  turned.rotation_deg = (result.rotation_deg + 180) % 360;
  const float right = static_cast<float>(size.width - 1), bottom = static_cast<float>(size.height - 1);
  for (Lattice& grid : turned.grids) {
    auto flip = [](std::vector<float>& positions, float far) {
      std::reverse(positions.begin(), positions.end());
      for (float& p : positions) p = far - p;
    };
    flip(grid.row_y, bottom);
    flip(grid.column_x, right);
    std::reverse(grid.row_inferred.begin(), grid.row_inferred.end());
    std::reverse(grid.column_inferred.begin(), grid.column_inferred.end());
    grid.frame = cv::Rect2f(grid.column_x.front(), grid.row_y.front(), grid.column_x.back() - grid.column_x.front(),
                            grid.row_y.back() - grid.row_y.front());
  }
  SortGrids(turned.grids);
  return turned;
}

cv::Point2d UprightFromPage(const LatticeResult& result, cv::Point2d page_px) {
  const cv::Vec3d p = result.upright_from_page * cv::Vec3d(page_px.x, page_px.y, 1);
  return {p[0] / p[2], p[1] / p[2]};
}

cv::Point2d PageFromUpright(const LatticeResult& result, cv::Point2d upright_px) {
  const cv::Vec3d p = result.upright_from_page.inv() * cv::Vec3d(upright_px.x, upright_px.y, 1);
  return {p[0] / p[2], p[1] / p[2]};
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

  const cv::Mat work = MinPool(ToGray(page_bgr), scale.pool);
  Detection detection = Detect(work, size, options, scale);
  cv::Matx33d fix_in_input = cv::Matx33d::eye();
  // Straighten the page and look again, until the frames are rectangles or
  // a look is worse: a steep photo of two stacked grids (card 0104 of seed
  // 900022) needed four looks, each straightening part of what the last one
  // left; a page already straight stops after the first. A look is better
  // when it finds more grids, or as many with more lines seen (not put
  // back): straight lines fill the runs that slanted ones break.
  auto score = [](const Detection& d) {
    int grids = 0, seen = 0;
    for (const Candidate& c : d.candidates) {
      if (!c.lattice) continue;
      ++grids;
      seen += static_cast<int>(std::count(c.lattice->row_inferred.begin(), c.lattice->row_inferred.end(), false));
      seen += static_cast<int>(std::count(c.lattice->column_inferred.begin(), c.lattice->column_inferred.end(), false));
    }
    return std::pair(grids, seen);
  };
  for (int round = 0; round < options.max_perspective_rounds; ++round) {
    const auto fix = PerspectiveFix(detection.candidates, static_cast<float>(scale.Full(0.5)));
    if (!fix) break;
    const cv::Matx33d fix_input = detection.turned_from_input.inv() * *fix * detection.turned_from_input * fix_in_input;
    const double k = scale.pool, offset = (k - 1) / 2;
    const cv::Matx33d full_from_work(k, 0, offset, 0, k, offset, 0, 0, 1);
    cv::Mat straight;
    cv::warpPerspective(work, straight, cv::Mat(full_from_work.inv() * fix_input * full_from_work), work.size(),
                        cv::INTER_LINEAR, cv::BORDER_REPLICATE);
    Detection next = Detect(straight, size, options, scale);
    if (score(next) < score(detection)) break;
    detection = std::move(next);
    fix_in_input = fix_input;
    result.perspective_corrected = true;
  }

  // The page turned upright, and the grids that pass as scorecards.
  result.rotation_deg = 90 * (detection.quarters % 4);
  result.skew_deg = detection.skew;
  result.upright_from_page = detection.turned_from_input * fix_in_input;
  const cv::Size upright_size = detection.quarters % 2 ? cv::Size(size.height, size.width) : size;
  if (result.perspective_corrected) {
    cv::warpPerspective(page_bgr, result.upright, cv::Mat(result.upright_from_page), upright_size, cv::INTER_LINEAR,
                        cv::BORDER_REPLICATE);
  } else if (detection.skew != 0) {
    // Half the time of a perspective warp.
    cv::warpAffine(page_bgr, result.upright, cv::Mat(ToMatx23(result.upright_from_page)), upright_size, cv::INTER_LINEAR,
                   cv::BORDER_REPLICATE);
  } else if (detection.quarters % 4 == 0) {
    result.upright = page_bgr.clone();
  } else {
    cv::rotate(page_bgr, result.upright, detection.quarters % 4 == 1   ? cv::ROTATE_90_CLOCKWISE
                                         : detection.quarters % 4 == 2 ? cv::ROTATE_180
                                                                       : cv::ROTATE_90_COUNTERCLOCKWISE);
  }

  const Candidate* best_rejected = nullptr;
  // A printed grid sits inside the page's margins; lines that run to the
  // page's edge are ruled paper (a notebook's lines and margin rule).
  const double edge = options.min_frame_margin_mm * scale.px_per_mm;
  bool off_the_edge = false;
  for (const Candidate& c : detection.candidates) {
    if (c.lattice) {
      const cv::Rect2f& frame = c.lattice->frame;
      if (frame.x < edge || frame.y < edge || frame.x + frame.width > upright_size.width - 1 - edge ||
          frame.y + frame.height > upright_size.height - 1 - edge) {
        off_the_edge = true;
        continue;
      }
      result.grids.push_back(*c.lattice);
    } else if (!best_rejected || c.rows + c.columns > best_rejected->rows + best_rejected->columns) {
      best_rejected = &c;
    }
  }
  SortGrids(result.grids);
  std::ostringstream detail;
  if (result.grids.empty()) {
    if (detection.candidates.empty()) detail << "no ruled table (no long lines crossing each other)";
    else if (off_the_edge) detail << "no scorecard grid: ruled lines run to the page's edge (ruled paper, not a scorecard)";
    else detail << "no scorecard grid: " << best_rejected->why;
    result.detail = detail.str();
    return result;
  }
  result.status = LatticeStatus::kFound;
  detail << result.grids.size() << (result.grids.size() == 1 ? " grid" : " grids");
  for (size_t i = 0; i < result.grids.size(); ++i)
    detail << (i ? ", " : ": ") << result.grids[i].rows() << "x" << result.grids[i].columns();
  detail << "; turned " << result.rotation_deg << " deg, skew " << std::round(result.skew_deg * 100) / 100 << " deg";
  if (result.perspective_corrected) detail << ", perspective corrected";
  result.detail = detail.str();
  return result;
}

}  // namespace scorecheck
