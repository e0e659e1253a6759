#include "grid/tinted_columns.h"

#include <algorithm>
#include <cmath>

#include "core/robust_stats.h"

namespace scorecheck {
namespace {

// The stretches right beside a step reach from the edge's blur (`edge` from
// it) out to this many edges: where a sharp step has already changed.
constexpr int kNearReachEdges = 3;

// values[from, to).
std::vector<double> Part(const std::vector<double>& values, int from, int to) {
  return {values.begin() + from, values.begin() + to};
}

// The share of the rows whose own paper steps at `x` the way `up` says, by
// at least `least` levels: across the edge's blur (`edge` either side),
// each row on its own. A tint's edge runs down every row but the few
// written across it; the median of the rows may also step where numbers
// written in some rows end and light falls off across others.
double StepsInRows(const std::vector<std::vector<double>>& by_row, int x, int edge, bool up, double least) {
  const size_t rows = by_row[x].size();
  if (rows == 0) return 0;
  int stepping = 0;
  std::vector<double> before, after;
  for (size_t r = 0; r < rows; ++r) {
    before.clear();
    after.clear();
    for (int k = x - kNearReachEdges * edge; k < x - edge; ++k) before.push_back(by_row[k][r]);
    for (int k = x + edge; k < x + kNearReachEdges * edge; ++k) after.push_back(by_row[k][r]);
    const double step = Median(after) - Median(before);
    stepping += (up ? step : -step) >= least;
  }
  return static_cast<double>(stepping) / rows;
}

// A part beside a step is at least this many pixels wide, however low the
// resolution: a median of fewer says nothing.
constexpr int kMinPartPx = 3;
// A row's paper is looked at this share of its height in from its lines (and
// kMinRowInsetPx at least): clear of the ruled lines and the bands along them.
constexpr float kRowInsetShare = 0.2f;
constexpr int kMinRowInsetPx = 2;
// A stretch's spread counts as at least this many grey levels: flat paper's
// own rounding, so a perfectly even stretch does not make every step
// infinitely clear.
constexpr double kLeastNoise = 1.0;

// The paper's level at each x of the strip [x0, x0 + width) of `gray`,
// against each row's own (see TintColumnLines()): by_row[x][row].
std::vector<std::vector<double>> PaperByRow(const cv::Mat& gray, const Lattice& grid, int x0, int width,
                                            const TintColumnOptions& options) {
  std::vector<std::vector<double>> by_row(width);
  std::vector<uchar> down, across(width);
  for (int r = 0; r < grid.rows(); ++r) {
    const float height = grid.row_y[r + 1] - grid.row_y[r];
    const int inset = std::max(kMinRowInsetPx, static_cast<int>(kRowInsetShare * height));
    const int y0 = std::max(0, static_cast<int>(grid.row_y[r]) + inset);
    const int y1 = std::min(gray.rows, static_cast<int>(grid.row_y[r + 1]) - inset);
    if (y1 - y0 < 2) continue;
    for (int x = 0; x < width; ++x) {
      down.clear();
      for (int y = y0; y < y1; y += 2) down.push_back(gray.at<uchar>(y, x0 + x));
      const auto bright = down.begin() + static_cast<long>(options.paper_share * (down.size() - 1));
      std::nth_element(down.begin(), bright, down.end());
      across[x] = *bright;
    }
    std::vector<uchar> sorted = across;
    std::nth_element(sorted.begin(), sorted.begin() + width / 2, sorted.end());
    const double row_level = sorted[width / 2];
    for (int x = 0; x < width; ++x) by_row[x].push_back(across[x] - row_level);
  }
  return by_row;
}

// How far the paper's `level` steps at `x` (stretches `part` wide beside an
// edge's blur `edge` wide either side); 0 when it is no tint's edge.
double StepAt(const std::vector<double>& level, const std::vector<std::vector<double>>& by_row, int x, int part,
              int edge, const TintColumnOptions& options) {
  const int half_part = part / 2;
  const double left = Median(Part(level, x - edge - part, x - edge));
  const double right = Median(Part(level, x + edge, x + edge + part));
  const double noise = std::max({kLeastNoise, RobustSpread(Part(level, x - edge - part, x - edge)),
                                 RobustSpread(Part(level, x + edge, x + edge + part))});
  const double left_slope = (Median(Part(level, x - edge - half_part, x - edge)) -
                             Median(Part(level, x - edge - part, x - edge - half_part))) / half_part;
  const double right_slope = (Median(Part(level, x + edge + half_part, x + edge + part)) -
                              Median(Part(level, x + edge, x + edge + half_part))) / half_part;
  // A trend both stretches share (ink in one stretch tilts it alone).
  const double slope = options.detrend && left_slope * right_slope > 0
                           ? std::copysign(std::min(std::abs(left_slope), std::abs(right_slope)), left_slope)
                           : 0.0;
  const double step = std::abs(right - left - slope * (part + 2 * edge));
  // Sharp: most of the change within the edge's blur, not a ramp of
  // light across the page (a soft shadow's edge changes as much, over
  // three centimetres).
  // The trend is carried across the distance between their middles.
  const double near = std::abs(Median(Part(level, x + edge, x + kNearReachEdges * edge)) -
                               Median(Part(level, x - kNearReachEdges * edge, x - edge)) -
                               slope * (kNearReachEdges + 1) * edge);
  if (step >= options.min_step && step >= options.step_noise * noise && near >= options.sharpness * step &&
      StepsInRows(by_row, x, edge, right - left > 0, options.row_step * near) >= options.min_row_share)
    return step;
  return 0;
}

// Where the paper's `level` crosses half way between the two sides of the
// step at `centre`, to a pixel: the crossing nearest the middle.
float HalfWay(const std::vector<double>& level, int centre, int part, int edge) {
  const int width = static_cast<int>(level.size());
  const double left = Median(Part(level, centre - edge - part, centre - edge));
  const double right = Median(Part(level, centre + edge, centre + edge + part));
  const double half = (left + right) / 2;
  // The crossing nearest the middle (a number written across the edge
  // may cross the half level too, further off).
  float at = static_cast<float>(centre);
  float nearest = static_cast<float>(part);
  for (int k = std::max(0, centre - part / 2); k + 1 < std::min(width, centre + part / 2); ++k)
    if ((level[k] - half) * (level[k + 1] - half) <= 0 && level[k] != level[k + 1]) {
      const float crossing = static_cast<float>(k + (half - level[k]) / (level[k + 1] - level[k]));
      if (std::abs(crossing - centre) < nearest) nearest = std::abs(crossing - centre), at = crossing;
    }
  return at;
}

}  // namespace

std::vector<float> TintColumnLines(const cv::Mat& gray, const Lattice& grid, int column, double px_per_mm,
                                   const TintColumnOptions& options) {
  std::vector<float> lines;
  if (gray.empty() || gray.type() != CV_8U || column < 0 || column >= grid.columns() || grid.rows() < 1) return lines;
  const int part = std::max(kMinPartPx, static_cast<int>(std::lround(options.min_part_mm * px_per_mm)));
  const int edge = std::max(1, static_cast<int>(std::lround(options.edge_mm * px_per_mm / 2)));
  // Inside the column's own lines, clear of their blur.
  const int margin = static_cast<int>(std::lround(options.line_margin_mm * px_per_mm));
  const int x0 = std::max(0, static_cast<int>(std::ceil(grid.column_x[column])) + margin);
  const int x1 = std::min(gray.cols, static_cast<int>(std::floor(grid.column_x[column + 1])) - margin);
  const int width = x1 - x0;
  if (width < 2 * (part + edge)) return lines;

  // The paper's level at each x, against its row's own: the bright end
  // down the row's inside (paper_share; ink only darkens, a tint moves
  // all; the ruled lines and the bands along them left out, every other
  // pixel line), less the median across the row; then the
  // median of that down the rows. Writing covers a few rows at any x; a
  // tint, all of them; a striped or shaded row, the whole row (half the
  // rows striped, the plain median down the rows flipped between stripe
  // and paper at every x).
  const std::vector<std::vector<double>> by_row = PaperByRow(gray, grid, x0, width, options);
  if (by_row.front().empty()) return lines;
  std::vector<double> level(width);
  for (int x = 0; x < width; ++x) level[x] = Median(by_row[x]);
  // Each x a step: the stretches beside it (`part` wide, beyond the edge's
  // own blur) differ by min_step and by step_noise times their own spread,
  // over and above the light's own trend. Light falling off across a
  // photographed page ramps along both stretches as it does between them:
  // the trend is the slope both stretches share (each stretch's far half
  // against its near half; the gentler of the two), carried across. Kept:
  // the strongest step within a part's width.
  std::vector<double> strength(width, 0);
  const int beside = std::max(part, kNearReachEdges * edge) + edge;
  for (int x = beside; x + beside <= width; ++x)
    strength[x] = StepAt(level, by_row, x, part, edge, options);
  for (int x = 0; x < width; ++x) {
    if (strength[x] == 0) continue;
    bool strongest = true;
    for (int k = std::max(0, x - part); k <= std::min(width - 1, x + part) && strongest; ++k)
      strongest = strength[k] <= strength[x];
    if (!strongest) continue;
    // A sharp edge steps as much from anywhere within its blur: the middle
    // of those places.
    int end = x;
    while (end + 1 < width && strength[end + 1] == strength[x]) ++end;
    const int centre = (x + end) / 2;
    x = end + part;
    // Where the level crosses half way between the two sides, to a pixel.
    lines.push_back(static_cast<float>(x0) + HalfWay(level, centre, part, edge));
  }
  return lines;
}

namespace {

// How the rows of `ink` write about the line at `x` (ColumnInk's own x): the
// rows written across it (ink unbroken from `reach` left of it to `reach`
// right), and those written wholly between `from` and it, and wholly between
// it and `to`, not across it.
struct WritingAtLine {
  int across = 0, left = 0, right = 0;
};

WritingAtLine WritingAt(const ColumnInk& ink, int x, int reach, int from, int to) {
  WritingAtLine at;
  for (const std::vector<bool>& row : ink.written) {
    const int width = static_cast<int>(row.size());
    bool across = x - reach >= 0 && x + reach < width;
    for (int k = x - reach; across && k <= x + reach; ++k) across = row[k];
    if (across) {
      ++at.across;
      continue;
    }
    bool left = false, right = false;
    for (int k = std::max(0, from); k < std::min(width, to); ++k) {
      if (!row[k] || std::abs(k - x) <= reach) continue;
      (k < x ? left : right) = true;
    }
    at.left += left;
    at.right += right;
  }
  return at;
}

}  // namespace

std::vector<float> EdgesTheWritingKeepsTo(const cv::Mat& flat, const Lattice& grid, int column, std::vector<float> lines,
                                          double px_per_mm, const TintColumnOptions& options) {
  if (lines.empty() || flat.empty()) return lines;
  const ColumnInk ink = WrittenInColumn(flat, grid, column, px_per_mm, options.ink);
  if (ink.written.empty()) return lines;
  const int reach = std::max(1, static_cast<int>(std::lround(options.edge_mm * px_per_mm / 2)));
  const int width = static_cast<int>(ink.written.front().size());
  const auto Local = [&](float x) { return static_cast<int>(std::lround(x)) - ink.x; };  // ColumnInk's x
  std::vector<float> kept;
  for (size_t i = 0; i < lines.size(); ++i) {
    const int from = i == 0 ? 0 : Local(lines[i - 1]);
    const int to = i + 1 == lines.size() ? width : Local(lines[i + 1]);
    const WritingAtLine at = WritingAt(ink, Local(lines[i]), reach, from, to);
    if (at.across > options.max_written_across && at.across > std::min(at.left, at.right)) continue;
    kept.push_back(lines[i]);
  }
  return kept;
}

Lattice SplitTintedColumns(const cv::Mat& gray, const cv::Mat& flat, Lattice grid, double px_per_mm,
                           const TintColumnOptions& options) {
  return WithColumnLines(std::move(grid), [&](const Lattice& lattice, int column) {
    return EdgesTheWritingKeepsTo(flat, lattice, column, TintColumnLines(gray, lattice, column, px_per_mm, options),
                                  px_per_mm, options);
  });
}

bool TintColumnOptions::Check() const {
  const auto Share = [](double x) { return x >= 0 && x <= 1; };  // a share or a probability
  return min_step >= 0 && Share(paper_share) && step_noise >= 0 && edge_mm > 0 && Share(sharpness) &&
         Share(min_row_share) && row_step >= 0 && min_part_mm > 0 && line_margin_mm >= 0 && ink.Check() &&
         max_written_across >= 0;
}

}  // namespace scorecheck
