#pragma once
// Score columns told by the headers printed over them. A sheet for six
// players used by two has four columns nobody wrote in: no ink parts them,
// and a sheet that rules no columns leaves only its headers ("#1 #2 #3",
// "Game 1 ... Game 6", "P1 P2") to count them. Headers printed side by side
// in one row, alike in size and each centred in its equal share of the
// area (or each at the same place in it: flush left, flush right), with few
// rows writing across the lines between them, are columns.

#include <vector>

#include <opencv2/core.hpp>

#include "grid/unruled_columns.h"
#include "lattice/find_lattice.h"

namespace scorecheck {

/// Tuning for HeaderColumnLines().
struct ColumnHeaderOptions {
  UnruledColumnOptions ink;         ///< what is ink, row by row (WrittenInColumn)
  double word_gap_mm = 2.5;         ///< ink closer than this is one header ("Game 1"); default 2.5 ...
  double word_gap_heights = 1.2;    ///< ... or than this many times the row's print height (median), when more: a
                                    ///< word space in large or wide type; default 1.2
  double centre_slack = 0.2;        ///< each of k headers stands centred in its k-th of the area, to this share of
                                    ///< the k-th's width; default 0.2
  double alike = 0.25;              ///< printed headers measure alike: width and height within this share of the
                                    ///< median, tops within this share of the height (written numbers do not);
                                    ///< default 0.25
  double min_column_mm = 9;         ///< a score column is at least this wide; default 9
  int max_columns = 6;              ///< at most this many headers in one area; default 6
  int min_one_sided = 3;            ///< headers in an area that may hold the labels too count at least this many
                                    ///< (two alike words, "Category" and "Scoring" over labels and how-to text,
                                    ///< are too common); default 3
  double max_crossing = 0.34;       ///< rows whose writing crosses a line between headers, at most this share of the
                                    ///< rows written in; default 0.34
  double gap_mm = 1.2;              ///< ... counted over a strip this wide, mm; default 1.2
  bool Check() const;  ///< true when every field is in range
};

/// The x positions (grid image pixels) of the lines between the columns that
/// column `column` of `grid` holds, told by the row of printed headers that
/// counts most of them; none when no row prints two or more. Each header
/// stands in the middle of its equal share of the column, or each at the
/// same place in its share (the lines then at the shares' edges); with
/// `may_hold_labels`, only runs of min_one_sided headers or more count,
/// and they may stand against one side of it only, past the labels' own
/// header: the line half a share beyond the first (last) header parts them
/// from the labels. `flat`: 8-bit gray, paper at 255 (FlattenForText).
std::vector<float> HeaderColumnLines(const cv::Mat& flat, const Lattice& grid, int column, double px_per_mm,
                                     const ColumnHeaderOptions& options = {}, bool may_hold_labels = false);

/// `grid` with every column that HeaderColumnLines() parts split there.
/// Columns parted only by lines put in from the rows' ink (inferred) are
/// looked at together, as one column that may hold the labels: where their
/// headers tell the columns, the headers' lines replace those put in among
/// them (the lines that stand clear of the headers' columns, with ink
/// between, stay).
Lattice SplitHeadedColumns(const cv::Mat& flat, Lattice grid, double px_per_mm, const ColumnHeaderOptions& options = {});

}  // namespace scorecheck
