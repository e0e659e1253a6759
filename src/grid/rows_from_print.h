#pragma once
// Rows a page does not rule. A copy of a copy loses light grey rules
// altogether (the copier's toner stays off below its threshold), and a
// word processor's table may print none; the lattice stage then finds no
// table. The rows are still where the labels are printed: each line of
// print that reads as a known label stands in its row, one row pitch from
// the next. RowsFromPrint() makes of them a table of rows, ruled nowhere,
// for the grid stage to read as it reads a ruled one: its columns are
// found in what the rows hold (unruled_columns, column_headers), its labels
// matched to the rulesets' rows.

#include <opencv2/core.hpp>

#include "labels/match_labels.h"
#include "labels/text_reader.h"
#include "lattice/find_lattice.h"

namespace scorecheck {

/// Tuning for RowsFromPrint().
struct PrintRowOptions {
  double typical_row_mm = 8;     ///< the page is first read as if its rows were this tall (mm): scorecards print
                                 ///< rows 6-11 mm tall, and the OCR reads print well over a range of sizes
                                 ///< about that; default 8
  double read_label = 0.75;      ///< a printed line reads as a label from this likeness to a known label
                                 ///< (0..1; unrelated text is up to half alike); default 0.75
  int min_labels = 8;            ///< a table of rows needs this many lines read as labels, a pitch or a few
                                 ///< apart: a ruleset has 13-20 rows, and a copy's OCR misses some; a page of
                                 ///< rules or a letter naming a few categories has fewer; default 8
  int max_label_words = 4;       ///< a label is at most this many words of its printed line (the line runs
                                 ///< on over the numbers written beside it); default 4
  double max_pitch_spread = 0.3;  ///< the gap between two labels, over the rows it spans, is within this
                                  ///< share of the row pitch: rows of one table are about alike, a section's
                                  ///< taller row included; default 0.3
  int max_rows_between = 3;      ///< labels more rows apart than this part two tables (or a title from its
                                 ///< table); default 3
  bool Check() const;  ///< true when every field is in range
};

/// A table of rows ruled nowhere on `flat` (a page flattened for text,
/// FlattenForText; it is read whole by `reader`): one Lattice of
/// LatticeResult::grids, its row lines halfway between the printed labels'
/// lines, every line marked inferred, its two sides around the print in
/// the labels' rows. The page is taken as it is (upright, unturned:
/// upright_from_page the identity, `upright` = `page`). kNoGrid, saying
/// why, when too few lines read as labels.
LatticeResult RowsFromPrint(const cv::Mat& page, const cv::Mat& flat, double px_per_mm, const KnownLabels& known,
                            TextReader& reader, const PrintRowOptions& options = {});

}  // namespace scorecheck
