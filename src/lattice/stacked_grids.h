#pragma once
// Lattice stage, an alternative reading of the grids found: grids stacked one
// over the other whose column lines line up are read as one. Whether two such
// grids are two games' grids (piecepack prints two or four per page) or the
// upper and lower sections of one (a section bar, a header printed again, a
// rule drawn double between them) the lines cannot tell; the labels can. The
// lattice keeps its own reading, and the grid stage asks for this one when
// the labels fit no ruleset as the grids stand.

#include <optional>
#include <vector>

#include "lattice/find_lattice.h"

namespace scorecheck {

/// `grids` (one page's, upright pixels) with every grid joined to the one
/// right below it when both rule the same columns (as many column lines,
/// each within `column_tolerance_px` of the other's) and they stand at most
/// `max_gap_rows` of their median row pitch apart (the space between them
/// becomes a row of its own, a section bar's; lines closer than a third of a
/// pitch are one line), and together make no more than `max_rows` rows (a
/// card's: two games' grids stacked make more). Top to bottom, then left to
/// right, as FindLattices() orders them. Nothing when no two grids join.
std::optional<std::vector<Lattice>> JoinStackedGrids(const std::vector<Lattice>& grids, float column_tolerance_px,
                                                     int max_rows, float max_gap_rows = 2.5f);

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
