#pragma once
// Score columns that are not ruled apart. A sheet may rule only the frame
// and the line beside the labels, and leave its "x1 x2 x3" or player columns
// open; the numbers written in them are large for their boxes and cross from
// one column into the next in some rows, so no strip of paper parts them in
// every row (the test UnruledColumnLines makes). What still parts them is
// that a table's score columns are as wide as each other: a score area
// holding k columns has its ink in k like blocks, with the places where k
// equal parts meet written in by few rows, and one number to a box in a row
// (two numbers side by side are two columns' numbers). Columns nobody wrote
// in may follow the written ones (a six-player pad used by four).

#include <vector>

#include <opencv2/core.hpp>

#include "grid/unruled_columns.h"
#include "lattice/find_lattice.h"

namespace scorecheck {

/// Tuning for EqualScoreSplits().
struct ScoreColumnOptions {
  UnruledColumnOptions ink;       ///< what is ink, row by row (WrittenInColumn)
  double min_column_mm = 9;       ///< a score column is at least this wide; default 9
  int max_columns = 6;            ///< at most this many columns in one score area; default 6
  double slack = 0.15;            ///< a meeting place is looked for within this share of a column's width
                                  ///< either side of the equal split (the area's sides may sit in the
                                  ///< paper beside it); default 0.15
  double max_crossing = 0.34;     ///< rows that write across a meeting place, at most this share of the rows
                                  ///< that write in the columns either side; default 0.34
  double min_balance = 0.3;       ///< every column holds at least this share of the rows of the fullest one
                                  ///< (like columns, not a block of ink and its tail); default 0.3
  int min_rows = 3;               ///< every column is written in at least this many rows; default 3
  double gap_mm = 1.2;            ///< rows crossing a meeting place are counted over a strip this wide, mm:
                                  ///< wider than the gap between two digits of one number; default 1.2
  double numbers_apart_mm = 2.5; ///< ink this far apart across paper in one row of a column is two numbers
                                 ///< (digits of one stand closer); default 2.5
  double max_two_numbers = 0.5;  ///< a split whose columns hold two numbers in more than this share of their
                                 ///< rows written in splits too little; default 0.5
  double min_ink_centre = 0.2;    ///< each column's ink has its centre at least this share of its width from
                                  ///< either side; default 0.2
  double sibling_share = 0.75;    ///< a table's score columns are alike: each part at least this share of the
                                  ///< other score columns of the table (`sibling_px`, their median width), when
                                  ///< it has any: numbers written leftwards in an open "Triple" column are not
                                  ///< two columns half as wide as "Single" and "Double"; default 0.75
  bool Check() const;  ///< true when every field is in range
};

/// The x positions (grid image pixels) of the lines between the equal
/// columns that score column `column` of `grid` holds, or none when it holds
/// one. `flat`: 8-bit gray, paper at 255 (FlattenForText). `sibling_px`:
/// the median width of the table's other score columns (pixels), 0 when it
/// has none.
std::vector<float> EqualScoreSplits(const cv::Mat& flat, const Lattice& grid, int column, double px_per_mm,
                                    const ScoreColumnOptions& options = {}, float sibling_px = 0);

}  // namespace scorecheck
