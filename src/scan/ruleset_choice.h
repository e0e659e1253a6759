#pragma once
// Which of the rulesets a printed page cannot tell apart is the card's: the
// one under which its entries are most plausible, the page's own lead
// counted in.

#include <string>
#include <utility>
#include <vector>

#include "card/card.h"
#include "rules/ruleset.h"
#include "scan/choose_values.h"
#include "verify/verify.h"

namespace scorecheck {

/// The log weight of `boxes` boxes a ruleset cannot hold (scored past its
/// limit, left empty, without a column to play them in): the first is a
/// player's slip (0), each further one weighs as an illegal entry
/// (ChoiceOptions::illegal_factor).
double PastTheFirstSlip(int boxes, const ChoiceOptions& choice);

/// The log plausibility of a card under one candidate ruleset: `entries` (the
/// rule-aware value choice's log weight under it), less `favourite_weight`
/// times `behind` (how far the printed page favours another ruleset over
/// it, in tie margins: 0 for the page's favourite and for a ruleset it ties
/// with, 1 a whole tie margin, more for one the page tells apart), less
/// what its own findings `verified` say the value choice does not weigh:
/// past the ruleset's limit of boxes scored (TOO_MANY_SCORES), one box is a
/// player's slip, and every further box is an entry its rules cannot hold,
/// weighed as an illegal entry (ChoiceOptions::illegal_factor); boxes left
/// empty in a column whose total is written (INCOMPLETE), past the first,
/// weighed alike: a finished game under rules of thirteen turns fills every
/// box; and a multiplied column's total written unmultiplied
/// (MULTIPLIER_WRONG, the base × 1, or multiplied twice), which the value
/// choice took as adding up: the first weighed as a slip
/// (ChoiceOptions::mismatch_factor), each further one as a total no slip
/// away (far_mismatch_factor).
double RulesetPlausibility(double entries, double behind, const Verification& verified, double favourite_weight,
                           const ChoiceOptions& choice);

/// The rulesets of `others` (id and plausibility, RulesetPlausibility) the
/// entries tell from the one chosen, of plausibility `chosen`: less
/// plausible than it by `margin` (log weight) or more. The page cannot tell
/// them apart; the handwriting on it can (a R.O.C.K. card's five boxes
/// read by classic rules leave eight empty; a bonus of 35 under 83 points
/// is not FiveZee's).
std::vector<std::string> ToldByEntries(double chosen, const std::vector<std::pair<std::string, double>>& others,
                                       double margin);

/// The entry boxes of `ruleset`'s games on `card` left empty in a finished
/// game that the verifier does not count (INCOMPLETE counts a column's empty
/// boxes when its own final total is written): a game whose columns are
/// multiplied (Triple: ×1 ×2 ×3) is one game played in all of them, and
/// once one of its columns has its final total written it is finished, its
/// other columns' boxes filled too. Per grid with a final total written,
/// the empty entry boxes of its other columns on `card`, those never written
/// in (two games of classic on a three-column page) included; columns the
/// page does not print are BoxesWithoutAColumn's. 0 for a ruleset whose
/// columns are separate games.
int EmptyBoxesOfAFinishedGame(const Ruleset& ruleset, const Card& card);

/// The boxes of a game of `ruleset` that a page of `printed_columns` score
/// columns per grid has no column for: a game whose columns are multiplied
/// (Triple: ×1 ×2 ×3) is played in every one of them, its entry rows in
/// each; on a page of fewer columns none of its games can be finished.
/// Each grid's missing columns times the ruleset's entry rows; 0 for a
/// ruleset whose columns are separate games.
int BoxesWithoutAColumn(const Ruleset& ruleset, const std::vector<int>& printed_columns);

}  // namespace scorecheck
