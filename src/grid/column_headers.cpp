#include "grid/column_headers.h"

#include <algorithm>
#include <cmath>

#include <opencv2/imgproc.hpp>

#include "core/robust_stats.h"

namespace scorecheck {
namespace {

struct Block {
  int from = 0, to = 0;  // x across the column strip, [from, to)
  int top = 0, bottom = 0;  // y of its ink, grid image pixels
};

// The blocks of ink row `row` writes (`written`: per x), words closer than
// `join` pixels joined, each with the height of its ink in `ink` (the row's
// band of the binarised strip, ruled lines painted out).
std::vector<Block> BlocksOfRow(const std::vector<bool>& written, const cv::Mat& ink, int band_y, int join) {
  std::vector<Block> blocks;
  const int width = static_cast<int>(written.size());
  for (int x = 0; x < width; ++x) {
    if (!written[x]) continue;
    if (!blocks.empty() && x - blocks.back().to < join) blocks.back().to = x + 1;
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

// True when `blocks` are headers of `width` / k equal columns: each centred
// in its share, and alike in size and place as printed words are.
bool Headers(const std::vector<Block>& blocks, int width, double px_per_mm, const ColumnHeaderOptions& options) {
  const int k = static_cast<int>(blocks.size());
  if (k < 2 || k > options.max_columns) return false;
  const double part = static_cast<double>(width) / k;
  if (part < options.min_column_mm * px_per_mm) return false;
  std::vector<double> widths, heights, tops;
  for (int i = 0; i < k; ++i) {
    const Block& b = blocks[i];
    if (std::abs((b.from + b.to) / 2.0 - (i + 0.5) * part) > options.centre_slack * part) return false;
    if (b.bottom <= b.top) return false;
    widths.push_back(b.to - b.from);
    heights.push_back(b.bottom - b.top);
    tops.push_back(b.top);
  }
  const double w = Median(widths), h = Median(heights), top = Median(tops);
  for (int i = 0; i < k; ++i)
    if (std::abs(widths[i] - w) > options.alike * w || std::abs(heights[i] - h) > options.alike * h ||
        std::abs(tops[i] - top) > options.alike * h)
      return false;
  return true;
}

}  // namespace

std::vector<float> HeaderColumnLines(const cv::Mat& flat, const Lattice& grid, int column, double px_per_mm,
                                     const ColumnHeaderOptions& options) {
  std::vector<float> lines;
  if (column < 0 || column >= grid.columns() || px_per_mm <= 0) return lines;
  if (grid.column_x[column + 1] - grid.column_x[column] < 2 * options.min_column_mm * px_per_mm) return lines;
  const ColumnInk ink = WrittenInColumn(flat, grid, column, px_per_mm, options.ink);
  if (ink.written.empty()) return lines;
  const int width = static_cast<int>(ink.rows_at.size());
  const int join = std::max(1, static_cast<int>(std::lround(options.word_gap_mm * px_per_mm)));
  const int inset = static_cast<int>(std::ceil(grid.line_px / 2 + 0.3 * px_per_mm));
  // Rows that write across x (a strip gap_mm wide), and rows that write at all.
  const int half_gap = std::max(1, static_cast<int>(std::lround(options.gap_mm * px_per_mm / 2)));
  auto crossed = [&](int x) {
    int rows = 0;
    for (const std::vector<bool>& row : ink.written)
      rows += std::any_of(row.begin() + std::max(0, x - half_gap), row.begin() + std::min(width, x + half_gap + 1),
                          [](bool w) { return w; });
    return rows;
  };
  const int written_rows = static_cast<int>(std::count_if(ink.written.begin(), ink.written.end(), [](const std::vector<bool>& row) {
    return std::any_of(row.begin(), row.end(), [](bool w) { return w; });
  }));
  // Lines between columns are crossed by few rows' writing: digits of one
  // number written apart, alike in size as printed headers are, make two
  // "headers" only in their own row, and the numbers of other rows cross
  // the line between them.
  auto parted = [&](const std::vector<Block>& blocks) {
    for (size_t i = 1; i < blocks.size(); ++i) {
      const int between = (blocks[i - 1].to + blocks[i].from) / 2;
      if (crossed(between) > options.max_crossing * written_rows) return false;
    }
    return true;
  };
  std::vector<Block> best;
  for (int r = 0; r < grid.rows(); ++r) {
    const int y0 = static_cast<int>(grid.row_y[r]) + inset, y1 = static_cast<int>(grid.row_y[r + 1]) - inset;
    const cv::Rect band = cv::Rect(ink.x, y0, width, y1 - y0) & cv::Rect(0, 0, flat.cols, flat.rows);
    if (band.width != width || band.height < 2) continue;
    cv::Mat binary;
    cv::threshold(flat(band), binary, options.ink.ink_level, 255, cv::THRESH_BINARY_INV);
    const std::vector<Block> blocks = BlocksOfRow(ink.written[r], binary, band.y, join);
    if (blocks.size() > best.size() && Headers(blocks, width, px_per_mm, options) && parted(blocks)) best = blocks;
  }
  for (size_t i = 1; i < best.size(); ++i)
    lines.push_back(static_cast<float>(ink.x + (best[i - 1].from + best[i - 1].to + best[i].from + best[i].to) / 4.0));
  return lines;
}

Lattice SplitHeadedColumns(const cv::Mat& flat, Lattice grid, double px_per_mm, const ColumnHeaderOptions& options) {
  return WithColumnLines(std::move(grid), [&](const Lattice& lattice, int column) {
    return HeaderColumnLines(flat, lattice, column, px_per_mm, options);
  });
}

}  // namespace scorecheck
