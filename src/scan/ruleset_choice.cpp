#include "scan/ruleset_choice.h"

#include <cmath>

#include "verify/finding.h"

namespace scorecheck {

double RulesetPlausibility(double entries, double behind, const Verification& verified, double favourite_weight,
                           const ChoiceOptions& choice) {
  double plausibility = entries - favourite_weight * behind;
  // A one-game classic card of thirteen boxes was taken for R.O.C.K. (five
  // boxes a card) on its one column alone: the value choice does not see
  // the limit. One box too many is a slip a player makes (then the finding
  // is the card's error, and a R.O.C.K. card with a sixth box is still
  // R.O.C.K.); each box past that one weighs as an illegal entry.
  for (const GridCheck& grid : verified.grids)
    for (const Finding& finding : grid.findings)
      if (finding.code == codes::kTooManyScores && finding.written && finding.expected && *finding.written > *finding.expected + 1)
        plausibility += (*finding.written - *finding.expected - 1) * std::log(choice.illegal_factor);
  return plausibility;
}

}  // namespace scorecheck
