#pragma once
// Columns a table does not rule. A table typed in a word processor rules its
// rows and leaves its columns open, or rules only the line between labels and
// scores; a pad may tint its columns instead of ruling them. Such columns
// show in what the rows hold: printed words, column headers and handwriting
// stand in blocks, with a strip of paper between them that no row writes in
// (the "stream" reading of a table, as camelot and img2table do it).

#include <functional>
#include <vector>

#include <opencv2/core.hpp>

#include "lattice/find_lattice.h"

namespace scorecheck {

/// Tuning for SplitUnruledColumns().
struct UnruledColumnOptions {
  int ink_level = 200;          ///< flattened gray below this is ink (paper 255); default 200: a light pencil
                                ///< stroke is about 0.7 of its paper
  double min_rule_mm = 8;       ///< a horizontal piece of ink this long is (what is left of) a rule, not
                                ///< writing; default 8
  double min_gap_mm = 1.8;      ///< a strip no row writes in, at least this wide, parts columns: letters of a
                                ///< word and digits of a number stand closer, and a gap between words must
                                ///< fall at one place in every row to part them; default 1.8
  double near_gap_mm = 0.8;     ///< print and the numbers written beside it may stand closer than that: a
                                ///< strip this wide parts them when what stands on one side is print and on
                                ///< the other numbers (what parts two columns here is what they hold, not the
                                ///< strip between them); default 0.8
  double min_part_mm = 5;       ///< each part at least this wide (a written digit and some paper); default 5
  double speck_mm2 = 0.15;      ///< ink pieces smaller than this (mm^2) are dust and noise; default 0.15
  double dash_width_mm = 0.7;   ///< ... and in a table ruled nowhere (rows from the print), pieces narrower than
                                ///< this and shorter than dash_length_mm, across or down, are a copy's toner
                                ///< dust or the dashes left of a light rule it broke up: a written digit, a
                                ///< printed letter's body, stands taller and wider; default 0.7
  double dash_length_mm = 3;    ///< ... see dash_width_mm; a handwritten digit is 3 mm tall or more; default 3
  double min_block_share = 0.25;  ///< ... and in this share of the rows the most written block is written in
                                 ///< (a how-to column may print in a third of the rows); default 0.25
  int max_crossing_rows = 2;    ///< a strip this many rows write across still parts print from writing
                                ///< (a number written into the label beside it), not print from print;
                                ///< default 2
  double max_row_cover = 0.8;   ///< a row inked across this share of the column or more is a fill or a section's
                                ///< band ("TOP" on a tinted bar, its tint's grain left as ink), not labels or
                                ///< writing: it says nothing of where columns part; default 0.8
  int min_block_rows = 3;       ///< a block of ink makes a column when written in this many rows: a header, even
                                ///< printed again over the lower section, is not ("Game" and "1" of "Game 1"
                                ///< stood 2 mm apart in both); default 3
  double twin_share = 0.1;      ///< a column ruled on both sides within this share of the width of another so
                                ///< ruled is one column, not parted (SplitUnruledColumns); default 0.1
  double min_block_mm = 1.0;    ///< a block of ink narrower than this is a rule's stroke left standing (the
                                ///< inner line of a double frame, inside the side the lattice took), not a
                                ///< column: written numbers, stacked row on row, spread wider; default 1.0
  bool Check() const;  ///< true when every field is in range
};

/// Where each row of a column writes: ink (flattened gray below ink_level,
/// the ruled lines and what is left of them taken out, specks dropped), each
/// piece counted in the row that holds its centre.
struct ColumnInk {
  int x = 0;                                 ///< grid image x of written[r][0]
  int y = 0;                                 ///< grid image y of mask's top row
  cv::Mat mask;                              ///< the strip's ink (8-bit, 255 ink), the ruled lines and what is
                                             ///< left of them taken out, specks kept: what `written` was read from
  std::vector<std::vector<bool>> written;    ///< per row, per x across the column: ink there
  std::vector<int> rows_at;                  ///< per x: rows that write there
};

/// The ink of column `column` of `grid`, row by row. Empty when the column is
/// outside the grid or too small to look at.
ColumnInk WrittenInColumn(const cv::Mat& flat, const Lattice& grid, int column, double px_per_mm,
                          const UnruledColumnOptions& options = {});

/// The x positions (grid image pixels) inside column `column` of `grid` where
/// a column line is missing: the middles of the strips of paper that no row
/// writes in, between blocks of ink, and of strips max_crossing_rows rows
/// write across where the ink on one side is not print (ProfileColumn).
/// Empty when the column holds one block.
/// `flat`: 8-bit gray, paper at 255 (FlattenForText).
std::vector<float> UnruledColumnLines(const cv::Mat& flat, const Lattice& grid, int column, double px_per_mm,
                                      const UnruledColumnOptions& options = {});

/// `grid` with the lines `lines_in(grid, column)` gives inside each column
/// put in, marked inferred.
Lattice WithColumnLines(Lattice grid, const std::function<std::vector<float>(const Lattice&, int)>& lines_in);

/// `grid` with every column's missing lines (UnruledColumnLines) put in,
/// marked inferred. A column ruled on both sides, as wide as another so
/// ruled, is not parted. `printed_edges` (grid image x) are lines marked
/// inferred that the page prints all the same (a tint's edges,
/// SplitTintedColumns): they count as ruled, and a column one of them
/// bounds needs two such siblings.
Lattice SplitUnruledColumns(const cv::Mat& flat, Lattice grid, double px_per_mm, const UnruledColumnOptions& options = {},
                            const std::vector<float>& printed_edges = {});

}  // namespace scorecheck
