#pragma once
// Lattice stage: rows a grid lost to rules too faint for the first look.
// Light grey rules under a photo's falling light can stay under the line
// contrast in some rows and not in others; the grid is found by its other
// lines, and the rows whose rules were missed come out as one row several
// pitches tall, holding several labels. The page looked at again for fainter
// rules (as FindLattices does when it finds no grid at all) sees them; the
// lines that look finds inside those tall rows are taken, nothing else.

#include <vector>

#include "lattice/find_lattice.h"

namespace scorecheck {

/// Whether `grid` has a row at least `min_pitches` times its median row
/// pitch tall.
bool HasLongRows(const Lattice& grid, float min_pitches = 2.5f);

/// `grid` with the row lines that the same grid, looked at again for
/// fainter rules (one of `faint`: its column lines, and the lines at both
/// ends of the long row, each within `tolerance_px` of the grid's), has
/// inside each of its rows `min_pitches` pitches tall or more. Taken only
/// where that look saw a line inside the row, not only put lines back from
/// the pitch; those it put back there come too, marked inferred. `grid`
/// unchanged when no such grid or line is found.
Lattice WithFaintRows(const Lattice& grid, const std::vector<Lattice>& faint, float tolerance_px,
                      float min_pitches = 2.5f);

/// `grids` (one page's), each grid with long rows given the rows its twins
/// show inside them (WithFaintRows): the page's other grids as wide and as
/// tall as it (to `tolerance_px`), moved onto its frame. A grid is lent only
/// lines its twin saw.
std::vector<Lattice> WithRowsOfTwins(const std::vector<Lattice>& grids, float tolerance_px, float min_pitches = 2.5f);

}  // namespace scorecheck
