#pragma once
// Lattice stage: one table of two games' grids stacked with their columns
// lined up (the lines cannot tell them from one grid) parted again.

#include <vector>

#include "lattice/find_lattice.h"

namespace scorecheck {

/// `grids` with every grid of more rows than `max_rows` (more than one
/// card's grid prints: two games' grids stacked with their columns lined
/// up, read as one table) parted at its tallest row, the space between the
/// two, when that row is at least `min_gap_pitches` of the median pitch tall
/// and leaves `min_rows` rows or more on each side; again while a part is
/// still too tall. The space itself belongs to neither. Top to bottom, then
/// left to right.
std::vector<Lattice> SplitTallGrids(const std::vector<Lattice>& grids, int max_rows, float min_gap_pitches = 1.5f,
                                    int min_rows = 10);

}  // namespace scorecheck
