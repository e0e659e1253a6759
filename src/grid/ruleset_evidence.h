#pragma once
// What the printed numbers of a sheet say about its ruleset. Sheets of
// different variants print the same row labels; their bonus rules differ:
// "Bonus if 63 or over" (classic), "83 or over" (Jumbo FiveZee, R.O.C.K.),
// "over 62" (Roll-Em); "Score 100 per ✓" or "50 per". The rows the labels
// matched say where to look; each ruleset's own rules say what to find.

#include <string>
#include <vector>

#include "labels/match_labels.h"
#include "rules/ruleset.h"

namespace scorecheck {

/// The whole numbers written in `text` ("Bonus if 63 or over" -> 63).
std::vector<int> NumbersIn(const std::string& text);

/// -2..2: for the upper-bonus row and the Yahtzee-bonus row that `match`
/// found in `row_text` (one text per printed row: label and how-to text),
/// +1 when the row prints `ruleset`'s own number (the bonus threshold, or
/// one less: "over 62"; the points of a bonus tick), -1 when it prints
/// another ruleset's number of that kind and not this one's, 0 when it
/// prints neither. `all`: every ruleset, for the other rulesets' numbers.
double BonusNumberEvidence(const std::vector<std::string>& row_text, const RulesetMatch& match, const Ruleset& ruleset,
                           const std::vector<const Ruleset*>& all);

/// 0..1: the share of `columns_per_grid` (score columns found in each grid)
/// that equal the count `ruleset`'s sheets print (its default_columns). A
/// one-column sheet is how R.O.C.K. prints its card, while classic and Jumbo
/// FiveZee pads print six games: the count is weak evidence, for when the
/// words on the page say nothing more.
double ColumnCountEvidence(const std::vector<int>& columns_per_grid, const Ruleset& ruleset);

}  // namespace scorecheck
