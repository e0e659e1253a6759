#include "grid/column_headers.h"

#include <algorithm>
#include <cmath>

#include <opencv2/imgproc.hpp>

#include "core/image_constants.h"
#include "core/robust_stats.h"
#include "grid/rule_lengths.h"

namespace scorecheck {
namespace {

// Headers not centred in their columns are each inside their share of the
// columns to within kRuleWidthMm (a rule's width), and at the same place in it
// (flush left or flush right alike) to within kSamePlaceRuleWidths of those
// (2 mm).
constexpr double kRuleWidthMm = 0.5;
constexpr int kSamePlaceRuleWidths = 4;

struct Block {
  int from = 0, to = 0;  // x across the column strip, [from, to)
  int top = 0, bottom = 0;  // y of its ink, grid image pixels
};

// The blocks of ink row `row` writes (`written`: per x), words closer than
// `join` pixels joined, but never across a place in `parted` (strip x
// where the rows' ink parts columns: a label and the number written
// after it are two blocks however close), each with the height of its
// ink in `ink` (the row's band of the binarised strip, ruled lines
// painted out).
std::vector<Block> BlocksOfRow(const std::vector<bool>& written, const cv::Mat& ink, int band_y, int join,
                               const std::vector<int>& parted) {
  std::vector<Block> blocks;
  const int width = static_cast<int>(written.size());
  auto parted_between = [&](int from, int to) {
    return std::any_of(parted.begin(), parted.end(), [&](int at) { return at >= from && at <= to; });
  };
  for (int x = 0; x < width; ++x) {
    if (!written[x]) continue;
    if (!blocks.empty() && x - blocks.back().to < join && !parted_between(blocks.back().to, x)) blocks.back().to = x + 1;
    else blocks.push_back({x, x + 1, 0, 0});
  }
  for (Block& block : blocks) {
    const cv::Mat part = ink(cv::Rect(block.from, 0, block.to - block.from, ink.rows));
    cv::Mat per_row;
    cv::reduce(part, per_row, 1, cv::REDUCE_MAX);
    int top = -1, bottom = -1;
    for (int y = 0; y < per_row.rows; ++y)
      if (per_row.at<uchar>(y) > 0) {
        if (top < 0) top = y;
        bottom = y + 1;
      }
    block.top = band_y + std::max(0, top);
    block.bottom = band_y + std::max(0, bottom);
  }
  return blocks;
}

// A run of headers in one row: blocks[first..last], alike in size and place
// as printed words are, their centres evenly spaced (`pitch` apart), each
// the middle of its equal column, the columns standing against a side of
// the area: both sides (the area is the score columns), or one (the area
// holds the labels too, parted from the scores by no line: the run's
// columns end at the area's right side and begin a pitch's half left of the
// first header, or the mirror of that). Headers printed at the start (or
// the end) of their columns ("G1" flush left in a column 34 mm wide) stand
// alike in each, not in its middle: then the columns are the run's pitch
// wide from the side they stand against, each header inside its own
// (`tiled_from`: the first column's left edge, area x; -1 when centred).
struct HeaderRun {
  int first = 0, last = -1;
  double pitch = 0;
  bool at_left = false, at_right = false;
  double tiled_from = -1;
  double share = 0;  // the tiled columns' width
  int count() const { return last - first + 1; }
};

// blocks[first..last] as a HeaderRun in an area `width` wide; count() == 0 when they are none.
// One-sided runs only where `one_sided` (the area may hold the labels too),
// leaving a column's width at least on the other side; there, runs of
// min_one_sided headers or more only.
HeaderRun RunOf(const std::vector<Block>& blocks, int first, int last, int width, double px_per_mm, bool one_sided,
                const ColumnHeaderOptions& options) {
  HeaderRun run{first, last};
  const int k = last - first + 1;
  if (k < 2 || k > options.max_columns) return {};
  auto centre = [&](int i) { return (blocks[i].from + blocks[i].to) / 2.0; };
  run.pitch = (centre(last) - centre(first)) / (k - 1);
  const double min_column = options.min_column_mm * px_per_mm;
  if (run.pitch < min_column) return {};
  const double slack = options.centre_slack * run.pitch;
  run.at_left = std::abs(centre(first) - run.pitch / 2) <= slack;
  run.at_right = std::abs(centre(last) + run.pitch / 2 - width) <= slack;
  if (!run.at_left && !run.at_right) {
    // Not centred: each header inside its share of columns `pitch` wide
    // from `from`, to within a rule's width, and each at the same place in
    // it: flush left or flush right alike, to within 2 mm.
    // (A label column's header flush left, "Category", and two players'
    // headers centred in theirs are inside their shares too, and shares
    // as wide as the label column are no player's columns.)
    const double edge = kRuleWidthMm * px_per_mm;
    auto tiled = [&](double from, double share) {
      double left_lo = kFarAway, left_hi = -kFarAway, right_lo = kFarAway, right_hi = -kFarAway;
      for (int i = first; i <= last; ++i) {
        const double left = from + (i - first) * share;
        if (blocks[i].from < left - edge || blocks[i].to > left + share + edge) return false;
        left_lo = std::min(left_lo, blocks[i].from - left), left_hi = std::max(left_hi, blocks[i].from - left);
        right_lo = std::min(right_lo, left + share - blocks[i].to), right_hi = std::max(right_hi, left + share - blocks[i].to);
      }
      return left_hi - left_lo <= kSamePlaceRuleWidths * edge || right_hi - right_lo <= kSamePlaceRuleWidths * edge;
    };
    const double from_right = width - k * run.pitch;
    if (std::abs(from_right) <= slack && tiled(0, static_cast<double>(width) / k)) {
      // The run fills the area: its equal shares.
      run.at_left = run.at_right = true;
      run.tiled_from = 0;
      run.share = static_cast<double>(width) / k;
    } else {
      run.at_left = tiled(0, run.pitch);
      run.at_right = from_right > 0 && tiled(from_right, run.pitch);
      if (run.at_left == run.at_right) return {};
      run.tiled_from = run.at_left ? 0 : from_right;
      run.share = run.pitch;
    }
  }
  // In an area that may hold the labels, as few headers as "Category" and
  // "Scoring" over labels and how-to text are no equal columns.
  if (one_sided && k < options.min_one_sided) return {};
  if (!(run.at_left && run.at_right)) {
    const double outer = run.tiled_from >= 0 ? (run.at_right ? run.tiled_from : run.tiled_from + k * run.share)
                         : run.at_right     ? centre(first) - run.pitch / 2
                                            : centre(last) + run.pitch / 2;
    if (!one_sided || outer < min_column || outer > width - min_column) return {};
  }
  std::vector<double> widths, heights, tops;
  for (int i = first; i <= last; ++i) {
    const Block& b = blocks[i];
    if (std::abs(centre(i) - centre(first) - (i - first) * run.pitch) > slack) return {};
    if (b.bottom <= b.top) return {};
    widths.push_back(b.to - b.from);
    heights.push_back(b.bottom - b.top);
    tops.push_back(b.top);
  }
  const double w = Median(widths), h = Median(heights), top = Median(tops);
  for (int i = 0; i < k; ++i)
    if (std::abs(widths[i] - w) > options.alike * w || std::abs(heights[i] - h) > options.alike * h ||
        std::abs(tops[i] - top) > options.alike * h)
      return {};
  return run;
}

// The lines a row of headers tells inside one column; `open_left`
// (`open_right`): the run stands against the other side only, and the first
// (last) line, half a column beyond its outer header, parts it from what
// stands beside it (the labels).
struct HeadedLines {
  std::vector<float> lines;
  bool open_left = false, open_right = false;
  std::vector<std::pair<float, float>> beside;  // the header row's other blocks (grid image x, from-to)
};

// Rows of `ink` that write across strip x `x` (a strip `half_gap` either side).
int RowsCrossing(const ColumnInk& ink, int x, int half_gap) {
  const int width = static_cast<int>(ink.rows_at.size());
  const int from = std::clamp(x - half_gap, 0, width), to = std::clamp(x + half_gap + 1, from, width);
  int rows = 0;
  for (const std::vector<bool>& row : ink.written)
    rows += std::any_of(row.begin() + from, row.begin() + to, [](bool w) { return w; });
  return rows;
}

// Whether `run`'s columns part where few rows' writing crosses (at most
// max_crossing of the `written_rows`): between its headers, or, headers
// standing alike in their shares but not in their middles, at the shares'
// edges.
bool Parted(const std::vector<Block>& blocks, const HeaderRun& run, const ColumnInk& ink, int half_gap,
            int written_rows, const ColumnHeaderOptions& options) {
  for (int i = run.first + 1; i <= run.last; ++i) {
    const int between = run.tiled_from >= 0
                            ? static_cast<int>(std::lround(run.tiled_from + (i - run.first) * run.share))
                            : (blocks[i - 1].to + blocks[i].from) / 2;
    if (RowsCrossing(ink, between, half_gap) > options.max_crossing * written_rows) return false;
  }
  return true;
}

// The blocks of row `r`'s ink in `band` (its binarised `binary`), words
// closer than `join` pixels joined, or closer than a word space of this
// print when that is wider.
std::vector<Block> HeaderBlocks(const ColumnInk& ink, int r, const cv::Mat& binary, const cv::Rect& band, int join,
                                const std::vector<int>& put_in_at, const ColumnHeaderOptions& options) {
  std::vector<Block> blocks = BlocksOfRow(ink.written[r], binary, band.y, join, put_in_at);
  // A word space grows with the print: in large or wide type ("Game #1"
  // in a monospaced face 3 mm tall) it is wider than word_gap_mm.
  if (!blocks.empty()) {
    std::vector<double> heights;
    for (const Block& block : blocks) heights.push_back(block.bottom - block.top);
    const int wider = static_cast<int>(std::lround(options.word_gap_heights * Median(heights)));
    if (wider > join) blocks = BlocksOfRow(ink.written[r], binary, band.y, wider, put_in_at);
  }
  return blocks;
}

// The lines `best` (a run of `best_blocks`, strip x from `ink_x`) tells, set
// in `found` with the blocks beside it.
void LinesOfRun(const HeaderRun& best, const std::vector<Block>& best_blocks, int ink_x, HeadedLines& found) {
  std::vector<float>& lines = found.lines;
  auto centre = [&](int i) { return ink_x + (best_blocks[i].from + best_blocks[i].to) / 2.0; };
  if (best.tiled_from >= 0) {
    // The shares' edges, from the side the headers stand against.
    const double from = ink_x + best.tiled_from;
    for (int j = best.at_left ? 1 : 0; j <= (best.at_right ? best.count() - 1 : best.count()); ++j)
      lines.push_back(static_cast<float>(from + j * best.share));
  } else {
    if (!best.at_left) lines.push_back(static_cast<float>(centre(best.first) - best.pitch / 2));
    for (int i = best.first + 1; i <= best.last; ++i)
      lines.push_back(static_cast<float>((centre(i - 1) + centre(i)) / 2));
    if (!best.at_right) lines.push_back(static_cast<float>(centre(best.last) + best.pitch / 2));
  }
  found.open_left = !best.at_left;
  found.open_right = !best.at_right;
  for (int i = 0; i < static_cast<int>(best_blocks.size()); ++i)
    if (i < best.first || i > best.last)
      found.beside.push_back(
          {static_cast<float>(ink_x + best_blocks[i].from), static_cast<float>(ink_x + best_blocks[i].to)});
}

HeadedLines FindHeadedLines(const cv::Mat& flat, const Lattice& grid, int column, double px_per_mm,
                            const ColumnHeaderOptions& options, bool may_hold_labels, const std::vector<float>& put_in = {}) {
  HeadedLines found;
  if (column < 0 || column >= grid.columns() || px_per_mm <= 0) return found;
  if (grid.column_x[column + 1] - grid.column_x[column] < 2 * options.min_column_mm * px_per_mm) return found;
  const ColumnInk ink = WrittenInColumn(flat, grid, column, px_per_mm, options.ink);
  if (ink.written.empty()) return found;
  const int width = static_cast<int>(ink.rows_at.size());
  const int join = std::max(1, static_cast<int>(std::lround(options.word_gap_mm * px_per_mm)));
  std::vector<int> put_in_at;  // the lines put in, strip x
  for (float x : put_in) put_in_at.push_back(static_cast<int>(std::lround(x)) - ink.x);
  const int inset = static_cast<int>(std::ceil(grid.line_px / 2 + kLineClearMm * px_per_mm));
  // Rows that write across x (a strip gap_mm wide), and rows that write at all.
  const int half_gap = std::max(1, static_cast<int>(std::lround(options.gap_mm * px_per_mm / 2)));
  const int written_rows =
      static_cast<int>(std::count_if(ink.written.begin(), ink.written.end(), [](const std::vector<bool>& row) {
        return std::any_of(row.begin(), row.end(), [](bool w) { return w; });
      }));
  // Lines between columns are crossed by few rows' writing: digits of one
  // number written apart, alike in size as printed headers are, make two
  // "headers" only in their own row, and the numbers of other rows cross
  // the line between them.
  // The row whose headers count the most columns. Of a row's blocks, the
  // run against a side of the area, past any block beside it that is no
  // header (the labels' own header, "Upper Section").
  std::vector<Block> best_blocks;
  HeaderRun best;
  for (int r = 0; r < grid.rows(); ++r) {
    const int y0 = static_cast<int>(grid.row_y[r]) + inset, y1 = static_cast<int>(grid.row_y[r + 1]) - inset;
    const cv::Rect band = cv::Rect(ink.x, y0, width, y1 - y0) & cv::Rect(0, 0, flat.cols, flat.rows);
    if (band.width != width || band.height < 2) continue;
    // Heights are measured on the ink the rows' writing was told by: the
    // rules and their rims taken out (a thick frame above the header row
    // stands above every header alike, and made them all as tall as the band).
    const cv::Rect in_mask =
        cv::Rect(0, band.y - ink.y, band.width, band.height) & cv::Rect(0, 0, ink.mask.cols, ink.mask.rows);
    if (in_mask.height != band.height) continue;
    const std::vector<Block> blocks = HeaderBlocks(ink, r, ink.mask(in_mask), band, join, put_in_at, options);
    const int n = static_cast<int>(blocks.size());
    for (int first = 0; first < n; ++first)
      for (int last = n - 1; last > first && last - first + 1 > best.count(); --last) {
        if (first > 0 && last < n - 1) continue;  // a run stands against a side, past blocks on one side only
        const HeaderRun run = RunOf(blocks, first, last, width, px_per_mm, may_hold_labels, options);
        if (run.count() == 0 || (first > 0 && !run.at_right) || (last < n - 1 && !run.at_left)) continue;
        if (!Parted(blocks, run, ink, half_gap, written_rows, options)) continue;
        best = run;
        best_blocks = blocks;
      }
  }
  if (best.count() == 0) return found;
  LinesOfRun(best, best_blocks, ink.x, found);
  return found;
}

// The lines inside a span of columns whose header row `headed` tells
// (`put_in`: the lines inside the span put in before, from the rows' ink),
// in no order.
std::vector<float> HeadedSpanLines(const cv::Mat& flat, const Lattice& grid, const HeadedLines& headed,
                                   const std::vector<float>& put_in, double px_per_mm, const ColumnHeaderOptions& options) {
  const float slack = static_cast<float>(options.min_column_mm * px_per_mm / 2);
  std::vector<float> lines = headed.lines;
  // A header's line with a line put in near it (within a fifth of a
  // column) takes that one: the strip no row writes in, where the
  // writing parts, rather than the middle between two headers.
  const float pitch = lines.size() > 1 ? (lines.back() - lines.front()) / static_cast<float>(lines.size() - 1) : 2 * slack;
  const float near = static_cast<float>(options.centre_slack) * pitch;
  std::vector<bool> took(lines.size(), false);  // the header's line took a line put in
  for (size_t i = 0; i < lines.size(); ++i) {
    float nearest = near;
    for (float at : put_in)
      if (std::abs(at - lines[i]) < nearest) nearest = std::abs(at - lines[i]), lines[i] = at, took[i] = true;
  }
  // Beyond an open side, the lines put in stand between what the
  // headers' columns are not (labels, how-to text): kept where there is
  // ink between them and the headers' outer line. The nearest of them
  // with writing between it and that line is where the last header's
  // column really ends (a column wider than the headers' pitch): it
  // takes the outer line's place, unless that line took a gap in the
  // writing where the headers put it, or a header of its own stands
  // between (then what lies between is a column of its own: "How to
  // score" over how-to text). With nothing written between, it
  // parted the labels' text from their own blank end, not from the
  // scores, and goes. Inside the headers' columns, no line put in
  // stays but those the headers' lines took.
  auto holds_ink = [&](float from, float to) {
    Lattice part = grid;
    part.column_x = {std::min(from, to), std::max(from, to)};
    part.column_inferred = {true, true};
    const ColumnInk ink = WrittenInColumn(flat, part, 0, px_per_mm, options.ink);
    return std::any_of(ink.rows_at.begin(), ink.rows_at.end(), [](int rows) { return rows > 0; });
  };
  auto beyond = [&](bool left) {
    float& outer = left ? lines.front() : lines.back();
    const float told = outer;  // where the headers put it
    std::vector<float> out;    // lines put in beyond it, nearest first
    for (float at : put_in)
      if (left ? at < told - slack : at > told + slack) out.push_back(at);
    std::sort(out.begin(), out.end(), [&](float a, float b) { return std::abs(a - told) < std::abs(b - told); });
    std::vector<float> kept;
    const bool confirmed = left ? took.front() : took.back();  // a gap in the writing where the headers put it
    auto headed_between = [&](float a, float b) {  // a header of its own between: another column
      return std::any_of(headed.beside.begin(), headed.beside.end(), [&](const std::pair<float, float>& block) {
        return block.second > std::min(a, b) && block.first < std::max(a, b);
      });
    };
    for (size_t i = 0; i < out.size(); ++i) {
      if (!holds_ink(out[i], told)) continue;
      if (i == 0 && !confirmed && !headed_between(out[i], told)) outer = out[i];
      else kept.push_back(out[i]);
    }
    return kept;
  };
  std::vector<float> extra;
  for (bool left : {true, false})
    if (left ? headed.open_left : headed.open_right) {
      const std::vector<float> kept = beyond(left);
      extra.insert(extra.end(), kept.begin(), kept.end());
    }
  lines.insert(lines.end(), extra.begin(), extra.end());
  return lines;
}

}  // namespace

std::vector<float> HeaderColumnLines(const cv::Mat& flat, const Lattice& grid, int column, double px_per_mm,
                                     const ColumnHeaderOptions& options, bool may_hold_labels) {
  return FindHeadedLines(flat, grid, column, px_per_mm, options, may_hold_labels).lines;
}

Lattice SplitHeadedColumns(const cv::Mat& flat, Lattice grid, double px_per_mm, const ColumnHeaderOptions& options) {
  // Columns parted only by lines put in from what the rows hold (the gaps
  // between handwriting, tints) are looked at together: headers printed
  // over them outrank those gaps. Numbers written close to the labels
  // leave no gap between labels and scores, one written far left in its
  // box a gap in the wrong place.
  std::vector<float> xs = {grid.column_x.front()};
  std::vector<bool> inferred = {grid.ColumnLineInferred(0)};
  for (int first = 0; first < grid.columns();) {
    int last = first;
    while (last + 1 < grid.columns() && grid.ColumnLineInferred(last + 1)) ++last;
    Lattice span = grid;
    span.column_x = {grid.column_x[first], grid.column_x[last + 1]};
    span.column_inferred = {grid.ColumnLineInferred(first), grid.ColumnLineInferred(last + 1)};
    // A span the rows' ink parted may hold the labels too; a ruled column
    // holds what its rules enclose.
    const std::vector<float> put_in(grid.column_x.begin() + first + 1, grid.column_x.begin() + last + 1);
    const HeadedLines headed = FindHeadedLines(flat, span, 0, px_per_mm, options, last > first, put_in);
    std::vector<std::pair<float, bool>> inside;  // lines inside the span, and whether put in
    if (!headed.lines.empty()) {
      for (float x : HeadedSpanLines(flat, grid, headed, put_in, px_per_mm, options)) inside.push_back({x, true});
    } else {
      for (int c = first; c <= last; ++c) {
        for (float x : HeaderColumnLines(flat, grid, c, px_per_mm, options)) inside.push_back({x, true});
        if (c < last) inside.push_back({grid.column_x[c + 1], grid.ColumnLineInferred(c + 1)});
      }
    }
    std::sort(inside.begin(), inside.end());
    for (const auto& [x, put_in] : inside) {
      xs.push_back(x);
      inferred.push_back(put_in);
    }
    xs.push_back(grid.column_x[last + 1]);
    inferred.push_back(grid.ColumnLineInferred(last + 1));
    first = last + 1;
  }
  grid.column_x = std::move(xs);
  grid.column_inferred = std::move(inferred);
  return grid;
}

bool ColumnHeaderOptions::Check() const {
  const auto Share = [](double x) { return x >= 0 && x <= 1; };  // a share or a probability
  return ink.Check() && word_gap_mm > 0 && word_gap_heights > 0 && Share(centre_slack) && Share(alike) &&
         min_column_mm > 0 && max_columns >= 1 && min_one_sided >= 1 && Share(max_crossing) && gap_mm >= 0;
}

}  // namespace scorecheck
