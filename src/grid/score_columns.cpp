#include "grid/score_columns.h"

#include <algorithm>
#include <cmath>
#include <optional>

namespace scorecheck {

// A part with no ink is taken to be centred in its box (the middle, as a
// share of its width).
constexpr double kMiddleOfBox = 0.5;

namespace {

// Two numbers side by side in a part are at least this many pixels of paper
// apart, however low the resolution: one pixel is the gap between two
// digits' blurred strokes.
constexpr int kMinNumbersApartPx = 2;

// Rows of `ink` that write anywhere in [from, to) of the strip.
int RowsIn(const ColumnInk& ink, int from, int to) {
  const int width = static_cast<int>(ink.rows_at.size());
  from = std::clamp(from, 0, width);
  to = std::clamp(to, from, width);
  int rows = 0;
  for (const std::vector<bool>& row : ink.written)
    rows += std::any_of(row.begin() + from, row.begin() + to, [](bool w) { return w; });
  return rows;
}

// The share of the rows written in parts [0, parts) of `meets` in which a
// part holds two numbers side by side, a stretch of paper wider than the
// gap between two digits (`wide_gap` pixels) between them.
double TwoNumbersShare(const ColumnInk& ink, const std::vector<int>& meets, int parts, int wide_gap) {
  int two_numbers = 0, with_ink = 0;
  for (int i = 0; i < parts; ++i)
    for (const std::vector<bool>& row : ink.written) {
      int groups = 0, paper = wide_gap;
      for (int x = meets[i]; x < meets[i + 1]; ++x) {
        if (!row[x]) {
          ++paper;
          continue;
        }
        if (paper >= wide_gap) ++groups;
        paper = 0;
      }
      with_ink += groups > 0;
      two_numbers += groups >= 2;
    }
  return with_ink > 0 ? static_cast<double>(two_numbers) / with_ink : 0.0;
}

// Where `k` parts of the strip meet, its ends included: the place near each
// equal split (within `slack`) that fewest rows cross (the middle of the
// emptiest stretch).
std::vector<int> MeetPlaces(const ColumnInk& ink, int k, double part, int slack) {
  const int width = static_cast<int>(ink.rows_at.size());
  std::vector<int> meets = {0};
  for (int i = 1; i < k; ++i) {
    const int at = static_cast<int>(std::lround(i * part));
    int low = at, fewest = ink.rows_at[std::clamp(at, 0, width - 1)];
    for (int x = std::max(0, at - slack); x <= std::min(width - 1, at + slack); ++x)
      if (ink.rows_at[x] < fewest) fewest = ink.rows_at[x], low = x;
    int end = low;
    while (end + 1 < width && end + 1 <= at + slack && ink.rows_at[end + 1] == fewest) ++end;
    meets.push_back((low + end) / 2);
  }
  meets.push_back(width);
  return meets;
}

// Numbers are written in their box, not against one side of it: a part
// whose ink leans on the place where it meets the next is half of one
// column's numbers. True when none of the `k` parts of `meets` does.
bool InTheirBoxes(const ColumnInk& ink, const std::vector<int>& meets, int k, const ScoreColumnOptions& options) {
  bool in_their_boxes = true;
  for (int i = 0; i < k && in_their_boxes; ++i) {
    double mass = 0, moment = 0;
    for (int x = meets[i]; x < meets[i + 1]; ++x) mass += ink.rows_at[x], moment += ink.rows_at[x] * (x - meets[i]);
    const double centre = mass > 0 ? moment / mass / std::max(1, meets[i + 1] - meets[i]) : kMiddleOfBox;
    in_their_boxes = centre >= options.min_ink_centre && centre <= 1 - options.min_ink_centre;
  }
  return in_their_boxes;
}

// How badly the split of the strip into `k` parts (their meeting places in
// `meets`) breaks the rule of one number to a box; none when it is no split
// into written columns. `crowded`: the strip holds several numbers side by
// side in most rows.
std::optional<double> SplitFault(const ColumnInk& ink, int k, int gap, int wide_gap, bool crowded,
                                 const ScoreColumnOptions& options, std::vector<int>& meets) {
  const int width = static_cast<int>(ink.rows_at.size());
  const double part = static_cast<double>(width) / k;
  const int slack = static_cast<int>(std::lround(options.slack * part));
  meets = MeetPlaces(ink, k, part, slack);
  // A gap between columns is a strip, not a line: the gap between the two
  // digits of numbers written in the middle of one column lines up too.
  std::vector<int> crossing(k - 1);
  for (int i = 1; i < k; ++i) crossing[i - 1] = RowsIn(ink, meets[i] - gap / 2, meets[i] + gap / 2 + 1);
  std::vector<int> rows;
  for (int i = 0; i < k; ++i) rows.push_back(RowsIn(ink, meets[i], meets[i + 1]));
  if (!InTheirBoxes(ink, meets, k, options)) return std::nullopt;
  const int fullest = *std::max_element(rows.begin(), rows.end());
  // Columns nobody wrote in stand after the written ones (players take
  // the columns from the left): a six-player pad used by five.
  int written = k;
  while (written > 0 && rows[written - 1] == 0) --written;
  const bool like = written >= 2 && std::all_of(rows.begin(), rows.begin() + written, [&](int r) {
    return r >= options.min_rows && r >= options.min_balance * fullest;
  });
  if (!like) return std::nullopt;
  // One number to a box: a part that holds two numbers side by side in
  // most of its rows is two columns.
  const double two_numbers = TwoNumbersShare(ink, meets, written, wide_gap);
  if (two_numbers > options.max_two_numbers) return std::nullopt;
  double worst = 0;
  for (int i = 0; i + 1 < written; ++i)
    worst = std::max(worst, static_cast<double>(crossing[i]) / std::max(1, std::min(rows[i], rows[i + 1])));
  if (worst >= options.max_crossing && !crowded) return std::nullopt;
  // The split that breaks one number to a box least wins: fewest rows
  // written across where parts meet, and fewest parts holding two
  // numbers; on a tie, fewer columns.
  return worst + two_numbers;
}

}  // namespace

std::vector<float> EqualScoreSplits(const cv::Mat& flat, const Lattice& grid, int column, double px_per_mm,
                                    const ScoreColumnOptions& options, float sibling_px) {
  std::vector<float> best_lines;
  if (column < 0 || column >= grid.columns() || px_per_mm <= 0) return best_lines;
  const float left = grid.column_x[column], right = grid.column_x[column + 1];
  const double narrowest = std::max(options.min_column_mm * px_per_mm, options.sibling_share * sibling_px);
  const int most = std::min(options.max_columns, static_cast<int>((right - left) / narrowest));
  if (most < 2) return best_lines;
  const ColumnInk ink = WrittenInColumn(flat, grid, column, px_per_mm, options.ink);
  if (ink.rows_at.empty()) return best_lines;
  const int width = static_cast<int>(ink.rows_at.size());
  const int gap = std::max(1, static_cast<int>(std::lround(options.gap_mm * px_per_mm)));
  const int wide_gap =
      std::max(kMinNumbersApartPx, static_cast<int>(std::lround(options.numbers_apart_mm * px_per_mm)));
  // A column that holds several numbers side by side in most of its rows is
  // several columns, however cramped: narrow boxes filled with large
  // numbers are written across where they meet in many rows, and the split
  // that breaks the rule of one number to a box least is taken even then.
  const bool crowded = TwoNumbersShare(ink, {0, width}, 1, wide_gap) > options.max_two_numbers;
  double best_fault = 0;
  for (int k = 2; k <= most; ++k) {
    std::vector<int> meets;
    const std::optional<double> fault = SplitFault(ink, k, gap, wide_gap, crowded, options, meets);
    if (!fault) continue;
    if (best_lines.empty() || *fault < best_fault) {
      best_fault = *fault;
      best_lines.clear();
      for (int i = 1; i < k; ++i) best_lines.push_back(static_cast<float>(ink.x + meets[i]));
    }
  }
  return best_lines;
}

bool ScoreColumnOptions::Check() const {
  const auto Share = [](double x) { return x >= 0 && x <= 1; };  // a share or a probability
  return ink.Check() && min_column_mm > 0 && max_columns >= 1 && Share(slack) && Share(max_crossing) &&
         Share(min_balance) && min_rows >= 1 && gap_mm >= 0 && numbers_apart_mm >= 0 && Share(max_two_numbers) &&
         Share(min_ink_centre) && Share(sibling_share);
}

}  // namespace scorecheck
