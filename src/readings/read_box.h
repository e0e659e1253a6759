#pragma once
// Readings stage, from the learned box reader: what BoxReader says of a box
// (box_reader.h) becomes the Reading the card stage chooses among. The row
// decides which states a box can be in (ticks only where ticks are written);
// the model's probabilities are renormalised over those, and every reading's
// probability is the state's times the digits': what it says is what it
// means (the temperatures are fitted on held-out boxes, tools/cells).

#include "readings/box_reader.h"
#include "readings/read_cell.h"

namespace scorecheck {

/// What a box's row lets a player write in it.
enum class BoxRow {
  kEntry,           ///< a number, a cross, or nothing
  kTicksOrPoints,   ///< a Yahtzee-bonus row printed as one row: also ticks, alone or beside points
  kTicks,           ///< the tick part of a split Yahtzee-bonus row: ticks, a cross, a number, or nothing
};

/// The Reading of one box: its likeliest reading among those `row` admits,
/// with that reading's probability as its confidence; for a number also the
/// other values the digits could be (alternatives, each P(number) x
/// P(digits)), and for a cross the number the mark could be, so the rule-aware
/// step can choose among the reader's own readings. `box` is kept in the
/// Reading so that ValueScore() scores any value exactly.
Reading ReadBox(const BoxReading& box, BoxRow row, int max_alternatives = 5);

}  // namespace scorecheck
