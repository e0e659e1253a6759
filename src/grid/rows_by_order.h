#pragma once
// Grid stage: a ruleset's rows placed by their order alone, for labels too
// small or blurred for the OCR (four grids on a page photographed at low
// resolution: capitals 5 px high). Which printed rows hold scores is told by
// the lattice's shape: headers, slivers and rows off the score rows' pitch
// hold none.

#include <optional>
#include <vector>

#include "labels/match_labels.h"
#include "lattice/find_lattice.h"

namespace scorecheck {

/// The printed rows of `grid` that hold a ruleset's `wanted` rows, top to
/// bottom, when no label can be read. Every row but the headers told by
/// their print (`header`, per row; RowsPrintedLikeTheTop()) and slivers (a
/// row under half the median row height: the gap between the two lines of a
/// double rule); when more are left than wanted, the rows off the median
/// pitch by more than 10 % (a header row split by its own rule, a lower
/// section row); when one row more is left and no header was told, the top
/// row, the header row sheets print over their scores ("Game", "Player 1");
/// when one row short and the top row is the only header told, the top row
/// (its print was a player's handwriting).
/// Nothing when no count comes out right: rows cannot be placed by their
/// order then.
std::optional<std::vector<int>> ScoreRowsByOrder(const Lattice& grid, const std::vector<bool>& header, int wanted);

/// Whether the labels' alignment `match` (MatchRows) places every row of
/// `ruleset` and leaves out no printed row of `printed` but those whose
/// print says header: placed so, its rows are the rows' order itself, and
/// may stand for the lattice's shape when the labels read too little to be
/// taken (a bonus printed as a ticks row and a points row is one row more
/// than the ruleset's rows, which the shape alone cannot place).
bool EveryRowPlacedPastHeaders(const RulesetMatch& match, const Ruleset& ruleset, const std::vector<PrintedRowText>& printed);

}  // namespace scorecheck
