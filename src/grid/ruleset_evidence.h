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

/// 0..1: what the printed how-to text says for `ruleset`. A row's own words
/// are the words of its how-to text that no other ruleset in `all` prints for
/// that row, nor its labels ("column" and "multiplier" for Triple Yahtzee's
/// grand total, "exceeds" for Roll-Em's bonus, "25" for its three of a kind,
/// "3rd" for R.O.C.K.'s Yahtzee bonus); phrasing every variant may print
/// ("Score 35 if 83 or over", "Check for each bonus") says nothing. The share
/// of the rows `match` found that have own words where `row_text` (one text
/// per printed row) prints one of them; 0 when no row has own words.
double HowToEvidence(const std::vector<std::string>& row_text, const RulesetMatch& match, const Ruleset& ruleset,
                     const std::vector<const Ruleset*>& all);

/// 0..1: the share of `columns_per_grid` (score columns found in each grid)
/// that is the only count `ruleset`'s sheets can print (R.O.C.K.: one game
/// a card). Weak evidence, for when the words on the page say nothing more: a
/// count that several rulesets allow says nothing (a three-column sheet
/// without "×1 ×2 ×3" headers is a classic pad as often as a Triple Yahtzee
/// one), so only a ruleset that allows no other count gains.
double ColumnCountEvidence(const std::vector<int>& columns_per_grid, const Ruleset& ruleset);

}  // namespace scorecheck
