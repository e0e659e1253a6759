#pragma once
// Which of the rulesets a printed page cannot tell apart is the card's: the
// one under which its entries are most plausible, the page's own lead
// counted in.

#include <string>
#include <utility>
#include <vector>

#include "card/card.h"
#include "grid/locate_grid.h"
#include "rules/ruleset.h"
#include "scan/choose_values.h"
#include "verify/verify.h"

namespace scorecheck {

/// Tuning for DecideRuleset().
struct RulesetChoiceOptions {
  double label_favourite_log_weight = 3.0;  ///< head start (log weight) of the print's favourite over a ruleset
                                            ///< per tie margin of its lead on the page: one total or bonus that
                                            ///< fits only the other ruleset outweighs a whole tie margin
                                            ///< (ChoiceOptions::mismatch_factor is e^-4); default 3.0
  double entries_tell_illegal = 2;  ///< a ruleset the page cannot tell from the one chosen is told apart by the
                                    ///< entries when they are less plausible under it by this many illegal
                                    ///< entries' weight (ChoiceOptions::illegal_factor) or more; default 2
  double overruled_sureness = 0.8;  ///< the share of the print's sureness (Grid::favourite_sureness) kept when the
                                    ///< entries overrule its favourite: the page spoke against the choice, a
                                    ///< fifth of the way to a coin toss; default 0.8
  bool Check() const;  ///< true when every field is in range
};

/// Which ruleset a card is read by, decided once (DecideRuleset).
struct RulesetDecision {
  std::string id;
  double confidence = 0;  ///< 1 from a sheet code; the print's sureness otherwise, less when the entries overrule it
  std::vector<std::string> undecided;        ///< other rulesets the printed page fits as well, which the entries do
                                             ///< not tell apart either
  std::vector<std::string> told_by_entries;  ///< rulesets the printed page fits as well that the entries tell apart
                                             ///< (far less plausible under them)
};

/// The entries of one card read under one offered ruleset.
struct RulesetTrial {
  double plausibility = 0;  ///< the entries' own log plausibility under it (RulesetPlausibility, no head start)
  int errors = 0;           ///< the verifier's errors and warnings under it
  int warnings = 0;
};

/// The card's ruleset, from everything the page and its entries say. Of the
/// rulesets the grid stage offers (`offered`, the print's favourite first),
/// the favourite and those RulesetCandidate::weighed have a trial each
/// (`trials`, in that order): the most plausible one wins, the favourite's
/// head start (label_favourite_log_weight per tie margin of its lead on the
/// page) counted in; without the rule-aware value choice (`rule_aware`
/// false), fewest errors, then warnings. The page's ties (page_ties) that
/// lose are undecided, unless the entries are less plausible under them by
/// entries_tell_illegal illegal entries' weight (told_by_entries).
/// samples/ruleset-told-by-entries/: a Triple sheet whose labels are
/// classic's, a classic sheet whose print fits R.O.C.K. and Triple too.
RulesetDecision DecideRuleset(const std::vector<RulesetCandidate>& offered, double favourite_sureness,
                              const std::vector<RulesetTrial>& trials, bool rule_aware,
                              const RulesetChoiceOptions& options, const ChoiceOptions& choice);

/// The rulesets of `offered` whose trial DecideRuleset needs: the favourite
/// and those weighed, in order.
std::vector<std::string> RulesetsToTry(const std::vector<RulesetCandidate>& offered);

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
