#pragma once
// A score column nobody plays holds no marks. Scanned, it may still hold one
// or two: a fibre or a speck of dust on the scanner glass, a hair, a digit
// overrunning from the next column. Read as numbers they make a game of one
// entry, reported as an illegal value or a wrong total on a card without
// errors (seeds 900023-900025: 9 of 615 error-free cards had such a finding,
// on 4 of them their only one). A column being played holds many marks, or
// at least one written plainly enough to read surely.

#include <vector>

#include "readings/read_cell.h"

namespace scorecheck {

/// Tuning for HoldsOnlyStrayMarks().
struct StrayMarkOptions {
  int max_marks = 2;        ///< a column with more marks than this ...
  double max_share = 1.0 / 3;  ///< ... and than this share of its boxes is being played: a game fills most of
                               ///< its boxes. A tinted column nobody played, blurred in a low-resolution
                               ///< photo, left four unsure ghosts of its edges in twenty boxes ("11", "74",
                               ///< "1"), and their totals were a false alarm; default 1/3
  double sure_mark = 0.9;   ///< a number read at least this surely was written; default 0.9 (the
                            ///< dust fibres of seeds 900023-900025 read as a 1 at 0.54-0.83)
  bool Check() const;  ///< true when every field is in range
};

/// True when the readings of one score column (every cell, in any order)
/// hold at least one mark and only stray ones: no more than max_marks or
/// max_share of the column's boxes, whichever is more, each a number read
/// below sure_mark or ink that reads as nothing. A cross-out or tick marks
/// are a player's and keep the column in play.
bool HoldsOnlyStrayMarks(const std::vector<const Reading*>& column, const StrayMarkOptions& options = {});

}  // namespace scorecheck
