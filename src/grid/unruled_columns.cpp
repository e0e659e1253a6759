#include "grid/unruled_columns.h"

#include <algorithm>
#include <cmath>
#include <functional>

#include <opencv2/imgproc.hpp>

#include "core/image_constants.h"
#include "grid/column_roles.h"
#include "grid/rule_lengths.h"

namespace scorecheck {
namespace {

// A column strip narrower or lower than this (px) holds no writing to find.
constexpr int kMinStripPx = 8;
// Print beside numbers stands in at least 1 / kPrintRowsPart of the rows (a
// third), as a column of labels or how-to text does.
constexpr int kPrintRowsPart = 3;
// A tint's edge within this (px) of a column line put in is where that line
// was put.
constexpr float kSameEdgePx = 0.5f;

}  // namespace

ColumnInk WrittenInColumn(const cv::Mat& flat, const Lattice& grid, int column, double px_per_mm,
                          const UnruledColumnOptions& options) {
  ColumnInk found;
  if (column < 0 || column >= grid.columns() || grid.rows() < 1 || px_per_mm <= 0 || flat.empty()) return found;
  const float left = grid.column_x[column], right = grid.column_x[column + 1];
  const cv::Rect strip = cv::Rect(cv::Point(static_cast<int>(std::floor(left)), static_cast<int>(std::floor(grid.row_y.front()))),
                                  cv::Point(static_cast<int>(std::ceil(right)), static_cast<int>(std::ceil(grid.row_y.back())))) &
                         cv::Rect(0, 0, flat.cols, flat.rows);
  if (strip.width < kMinStripPx || strip.height < kMinStripPx) return found;
  cv::Mat ink;
  cv::threshold(flat(strip), ink, options.ink_level, kWhite, cv::THRESH_BINARY_INV);
  // The ruled lines are no writing: the row lines and the column's own sides,
  // with what the flattening leaves beside them (a shaded row comes out
  // grey up to half the flattening window, 1.25 mm, from its white
  // neighbour), and a side may be thicker than the row lines (an outer
  // frame, a double rule). The writing in a row stands clear of that.
  const int half_line = static_cast<int>(std::ceil(grid.line_px / 2 + kLineClearMm * px_per_mm));
  const int half_rim = half_line + static_cast<int>(std::ceil(1.0 * px_per_mm));
  for (float y : grid.row_y)
    cv::rectangle(ink, cv::Point(0, static_cast<int>(y) - strip.y - half_rim), cv::Point(ink.cols, static_cast<int>(y) - strip.y + half_rim),
                  cv::Scalar(0), cv::FILLED);
  for (float x : {left, right})
    cv::rectangle(ink, cv::Point(static_cast<int>(x) - strip.x - half_rim, 0), cv::Point(static_cast<int>(x) - strip.x + half_rim, ink.rows),
                  cv::Scalar(0), cv::FILLED);
  // What is left of a thick or coloured rule (its edges, the rim of a stripe
  // flattened against the white row beside it) is a long thin piece across
  // the strip: no row's writing is that long.
  cv::Mat rules;
  const int rule_length = std::max(kMinRuleRunPx, static_cast<int>(std::lround(options.min_rule_mm * px_per_mm)));
  cv::morphologyEx(ink, rules, cv::MORPH_OPEN, cv::getStructuringElement(cv::MORPH_RECT, cv::Size(rule_length, 1)));
  ink -= rules;
  cv::Mat labels, stats, centroids;
  const int n = cv::connectedComponentsWithStats(ink, labels, stats, centroids, kEightConnected, CV_32S);
  const int speck = std::max(2, static_cast<int>(std::lround(options.speck_mm2 * px_per_mm * px_per_mm)));
  // Which x each row writes at: a piece counts in the row that holds its centre.
  found.x = strip.x;
  found.y = strip.y;
  found.mask = ink;
  found.written.assign(grid.rows(), std::vector<bool>(ink.cols, false));
  // A table ruled nowhere (every row line put in) may have lost its rules
  // to a copier: what is left of them stands as dashes and dust.
  const double dash_width = grid.RuledNowhere() ? options.dash_width_mm * px_per_mm : 0;
  const double dash_length = options.dash_length_mm * px_per_mm;
  for (int i = 1; i < n; ++i) {
    if (stats.at<int>(i, cv::CC_STAT_AREA) < speck) continue;
    const int across = std::min(stats.at<int>(i, cv::CC_STAT_WIDTH), stats.at<int>(i, cv::CC_STAT_HEIGHT));
    const int along = std::max(stats.at<int>(i, cv::CC_STAT_WIDTH), stats.at<int>(i, cv::CC_STAT_HEIGHT));
    if (across < dash_width && along < dash_length) continue;
    const float centre = static_cast<float>(centroids.at<double>(i, 1)) + strip.y;
    const auto next = std::upper_bound(grid.row_y.begin(), grid.row_y.end(), centre);
    const int row = static_cast<int>(next - grid.row_y.begin()) - 1;
    if (row < 0 || row >= grid.rows()) continue;
    const int x0 = stats.at<int>(i, cv::CC_STAT_LEFT), x1 = x0 + stats.at<int>(i, cv::CC_STAT_WIDTH);
    for (int x = x0; x < x1; ++x) found.written[row][x] = true;
  }
  // A row inked across the column is a fill or a section band, not words
  // or numbers: a strip of paper between columns is not crossed by it.
  for (std::vector<bool>& row : found.written)
    if (std::count(row.begin(), row.end(), true) >= options.max_row_cover * ink.cols) row.assign(ink.cols, false);
  found.rows_at.assign(ink.cols, 0);
  for (const std::vector<bool>& row : found.written)
    for (int x = 0; x < ink.cols; ++x) found.rows_at[x] += row[x];
  return found;
}

namespace {

// The lines between blocks of ink where at most `crossing` rows write across
// a strip of paper at least min_gap wide, each block written in
// min_block_rows rows, each part at least min_part wide.
std::vector<float> LinesBetweenBlocks(const ColumnInk& found, float left, float right, int crossing, double gap_mm,
                                      double px_per_mm, const UnruledColumnOptions& options) {
  const std::vector<int>& rows_at = found.rows_at;
  const std::vector<std::vector<bool>>& written = found.written;
  const int width = static_cast<int>(rows_at.size());
  const int min_gap = std::max(1, static_cast<int>(std::lround(gap_mm * px_per_mm)));
  const float min_part = static_cast<float>(options.min_part_mm * px_per_mm);
  std::vector<std::pair<int, int>> blocks;  // [from, to) in strip pixels
  for (int x = 0; x < width;) {
    if (rows_at[x] <= crossing) {
      ++x;
      continue;
    }
    int end = x;
    while (end < width && rows_at[end] > crossing) ++end;
    if (!blocks.empty() && x - blocks.back().second < min_gap) blocks.back().second = end;
    else blocks.push_back({x, end});
    x = end;
  }
  // A block written in one row only is a header over nothing ("Box" over a
  // column of right-aligned labels), or a stray mark: no column of its own.
  // Nor is one written in a few rows beside a block written in many: three
  // numbers written against the left side of their boxes.
  auto written_in = [](const std::vector<bool>& row, const std::pair<int, int>& block) {
    return std::any_of(row.begin() + block.first, row.begin() + block.second, [](bool w) { return w; });
  };
  auto rows_of = [&](const std::pair<int, int>& block) {
    return static_cast<int>(std::count_if(written.begin(), written.end(),
                                          [&](const std::vector<bool>& row) { return written_in(row, block); }));
  };
  int most_rows = 0;
  for (const auto& block : blocks) most_rows = std::max(most_rows, rows_of(block));
  const double narrowest = options.min_block_mm * px_per_mm;
  std::erase_if(blocks, [&](const std::pair<int, int>& block) {
    const int rows = rows_of(block);
    return rows < options.min_block_rows || rows < options.min_block_share * most_rows ||
           block.second - block.first < narrowest;
  });
  // Columns stand side by side in the same rows: numbers written beside
  // their labels, how-to text beside them. Blocks that share hardly a row
  // are rows printed at different places (section titles and header words
  // flush left, over labels centred under them), not columns.
  auto rows_of_both = [&](const std::pair<int, int>& a, const std::pair<int, int>& b) {
    return static_cast<int>(std::count_if(written.begin(), written.end(), [&](const std::vector<bool>& row) {
      return written_in(row, a) && written_in(row, b);
    }));
  };
  std::vector<float> lines;
  float last = left;
  for (size_t b = 1; b < blocks.size(); ++b) {
    const float at = found.x + (blocks[b - 1].second + blocks[b].first) / 2.0f;
    if (rows_of_both(blocks[b - 1], blocks[b]) < options.min_block_rows) continue;
    if (at - last >= min_part && right - at >= min_part) {
      lines.push_back(at);
      last = at;
    }
  }
  return lines;
}

}  // namespace

std::vector<float> UnruledColumnLines(const cv::Mat& flat, const Lattice& grid, int column, double px_per_mm,
                                      const UnruledColumnOptions& options) {
  std::vector<float> lines;
  if (column < 0 || column >= grid.columns()) return lines;
  const float left = grid.column_x[column], right = grid.column_x[column + 1];
  if (right - left < 2 * options.min_part_mm * px_per_mm) return lines;
  const ColumnInk found = WrittenInColumn(flat, grid, column, px_per_mm, options);
  if (found.rows_at.empty()) return lines;
  // Blocks of ink and the strips of paper between them that no row writes in.
  lines = LinesBetweenBlocks(found, left, right, 0, options.min_gap_mm, px_per_mm, options);
  // A number written into the print beside it ("Ones1", a long total
  // starting under the label's end) crosses the strip between labels and
  // scores in a row or two. A strip that few rows cross parts print from
  // writing; it does not part print from print (two long labels with a
  // space at one place). Each side is looked at up to the next strip.
  const float min_part = static_cast<float>(options.min_part_mm * px_per_mm);
  std::vector<float> loose = LinesBetweenBlocks(found, left, right, options.max_crossing_rows, options.min_gap_mm,
                                                px_per_mm, options);
  // Numbers may also be written closer to the print than min_gap, as close
  // as two printed words stand: a narrower strip parts them too, on the same
  // test of what stands either side.
  std::vector<float> near = LinesBetweenBlocks(found, left, right, options.max_crossing_rows, options.near_gap_mm,
                                               px_per_mm, options);
  auto away_from = [&](const std::vector<float>& taken) {
    return [&](float at) {
      return std::any_of(taken.begin(), taken.end(), [&](float x) { return std::abs(x - at) < min_part; });
    };
  };
  std::erase_if(loose, away_from(lines));
  std::erase_if(near, away_from(lines));
  std::erase_if(near, away_from(loose));
  // Each side of a strip is looked at up to the next strip of any kind, so
  // that it holds one column: the print, or one column of numbers (several
  // side by side are several pieces a row, like words).
  std::vector<float> all = lines;
  all.insert(all.end(), loose.begin(), loose.end());
  all.insert(all.end(), near.begin(), near.end());
  all.push_back(left);
  all.push_back(right);
  std::sort(all.begin(), all.end());
  // Print on one side, numbers on the other: a written score is a piece or
  // two (the median row), the tail of a long label a word's letters; and
  // the numbers stand in a column of them, written in at least half as many
  // rows as the print (not a speck or two beside the labels); the print
  // stands in a third of the rows at least, as a column of labels or how-to
  // text does (not the first words of the three longest labels).
  const double text_pieces = ColumnRoleOptions{}.text_pieces;
  // Numbers written with a thin pen and blurred (a low-resolution photo)
  // come in more pieces, each still a mark or two (ColumnProfile::marks),
  // and do not line up as print does: beside a how-to column they touched
  // in a row ("79Add upper boxes"), they were taken for its print. Few
  // marks alone are not enough: a how-to column's small print, blurred,
  // runs together into a mark or two a box as well, lined up (a R.O.C.K.
  // sheet then read two score columns, dev300 0231).
  auto numbers_beside_print = [&](const ColumnProfile& print, const ColumnProfile& numbers) {
    const bool written = numbers.pieces < text_pieces || (numbers.marks < text_pieces && !numbers.printed_text);
    return print.printed_text && kPrintRowsPart * print.inked_rows >= grid.rows() && written &&
           2 * numbers.inked_rows >= print.inked_rows;
  };
  auto parts_print_from_numbers = [&](float at, const std::vector<float>& xs) {
    const auto here = std::lower_bound(xs.begin(), xs.end(), at);
    Lattice parted = grid;
    parted.column_x = {*(here - 1), at, *(here + 1)};
    const ColumnProfile on_left = ProfileColumn(flat, parted, 0, px_per_mm);
    const ColumnProfile on_right = ProfileColumn(flat, parted, 1, px_per_mm);
    return numbers_beside_print(on_left, on_right) || numbers_beside_print(on_right, on_left);
  };
  std::vector<float> kept;
  for (float at : loose)
    if (parts_print_from_numbers(at, all)) kept.push_back(at);
  for (float at : near)
    if (!away_from(kept)(at) && parts_print_from_numbers(at, all)) kept.push_back(at);
  lines.insert(lines.end(), kept.begin(), kept.end());
  std::sort(lines.begin(), lines.end());
  return lines;
}

Lattice WithColumnLines(Lattice grid, const std::function<std::vector<float>(const Lattice&, int)>& lines_in) {
  std::vector<float> xs = {grid.column_x.front()};
  std::vector<bool> inferred = {grid.ColumnLineInferred(0)};
  for (int c = 0; c < grid.columns(); ++c) {
    for (float x : lines_in(grid, c)) {
      xs.push_back(x);
      inferred.push_back(true);
    }
    xs.push_back(grid.column_x[c + 1]);
    inferred.push_back(grid.ColumnLineInferred(c + 1));
  }
  grid.column_x = std::move(xs);
  grid.column_inferred = std::move(inferred);
  return grid;
}

Lattice SplitUnruledColumns(const cv::Mat& flat, Lattice grid, double px_per_mm, const UnruledColumnOptions& options,
                            const std::vector<float>& printed_edges) {
  // A column ruled on both sides as wide as another so ruled is one column:
  // a table that rules its score columns rules every one of them, alike.
  // Numbers written with their digits apart, row under row, had parted a
  // ruled score column in two like the blocks of two columns. So does a
  // pad that tints every other column: a tint's edge is printed as a rule
  // is (a piecepack page's six tinted game columns came apart in eight
  // where numbers stood apart, rot160 0008). Tints alternate over the score
  // columns, so a column a tint's edge bounds needs two such siblings: the
  // labels with the first players' column, unruled between them, from
  // the frame to the first tint, came as wide as the how-to column from
  // the last tint to the frame, and stayed whole (photo100 0060: the first
  // game's numbers were lost in the labels).
  auto tint_edge = [&](int line) {
    return grid.ColumnLineInferred(line) &&
           std::any_of(printed_edges.begin(), printed_edges.end(),
                       [&](float x) { return std::abs(x - grid.column_x[line]) < kSameEdgePx; });
  };
  auto printed = [&](int line) { return !grid.ColumnLineInferred(line) || tint_edge(line); };
  auto ruled = [&](int c) { return printed(c) && printed(c + 1); };
  auto width = [&](int c) { return grid.column_x[c + 1] - grid.column_x[c]; };
  auto has_ruled_twin = [&](int column) {
    if (!ruled(column)) return false;
    int siblings = 0;
    for (int other = 0; other < grid.columns(); ++other)
      if (other != column && ruled(other) && std::abs(width(other) - width(column)) <= options.twin_share * width(column))
        ++siblings;
    return siblings >= (tint_edge(column) || tint_edge(column + 1) ? 2 : 1);
  };
  std::vector<bool> twin(grid.columns());
  for (int c = 0; c < grid.columns(); ++c) twin[c] = has_ruled_twin(c);
  return WithColumnLines(std::move(grid), [&](const Lattice& lattice, int column) {
    if (twin[column]) return std::vector<float>();
    return UnruledColumnLines(flat, lattice, column, px_per_mm, options);
  });
}

bool UnruledColumnOptions::Check() const {
  const auto Share = [](double x) { return x >= 0 && x <= 1; };  // a share or a probability
  const auto Level = [](double x) { return x >= 0 && x <= kWhite; };  // a grey level
  return Level(ink_level) && min_rule_mm > 0 && min_gap_mm > 0 && near_gap_mm >= 0 && min_part_mm > 0 &&
         speck_mm2 >= 0 && dash_width_mm >= 0 && dash_length_mm >= 0 && Share(min_block_share) && max_crossing_rows >= 0 && Share(max_row_cover) &&
         min_block_rows >= 1 && Share(twin_share) && min_block_mm >= 0;
}

}  // namespace scorecheck
