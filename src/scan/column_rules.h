#pragma once
// Rule-aware choice, inside: a partly decoded score column (one hypothesis of
// the beam) and what the rules expect of its next cell: the sum a total
// should hold, the bonus the upper entries earn, the points ticks earn, how
// far a value lies from a legal score, and whether a wrong total is a
// player's slip. Used by ChooseColumnValues() and its confidence; not part
// of the stage's contract.

#include <limits>
#include <string>
#include <vector>

#include "rules/ruleset.h"

namespace scorecheck {

/// In Partial::values: a cross-out kept as one (its number reading passed over),
/// or an unreadable mark left unread.
constexpr int kStaysCrossed = -1;
constexpr int kStaysUnread = -2;

/// In Partial::contribution: a row whose cell has not been decoded yet (or
/// that the column does not hold).
constexpr int kNotYet = std::numeric_limits<int>::min();

/// A partial decoding: the values chosen so far and how likely they are.
/// The beam copies one per candidate of every cell, so a total's parts are
/// looked up by row position, not by id.
struct Partial {
  double weight = 1;
  std::vector<int> values;        ///< per cell so far (kStaysCrossed for a cross-out)
  std::vector<int> contribution;  ///< per ruleset row (sheet order): what it adds to a total, or kNotYet
  int rules_bent = 0;             ///< values chosen so far the rules did not expect: illegal entries, totals
                                  ///< that do not add up, bonuses not due, unreadable marks given a value
};

/// The ruleset's rows by position (Ruleset::rows), for Partial::contribution.
struct RowPositions {
  explicit RowPositions(const Ruleset& ruleset) : rows(ruleset.rows), parts(rows.size()) {
    for (size_t i = 0; i < rows.size(); ++i) {
      for (const std::string& part : rows[i].sum_of)
        if (const RowSpec* found = ruleset.FindRow(part)) parts[i].push_back(Of(found));
      if (rows[i].section != "upper") continue;
      if (rows[i].kind == RowKind::kEntry) upper_entries.push_back(static_cast<int>(i));
      if (rows[i].kind == RowKind::kTotal && !rows[i].times_multiplier) upper_totals.push_back(static_cast<int>(i));
    }
  }
  int Of(const RowSpec* row) const { return static_cast<int>(row - rows.data()); }

  const std::vector<RowSpec>& rows;
  std::vector<std::vector<int>> parts;  ///< per row: the positions of the rows it adds (sum_of)
  std::vector<int> upper_entries;       ///< upper-section entry rows, sheet order
  std::vector<int> upper_totals;        ///< upper-section totals not times the column's multiplier, sheet order
};

/// What the rows a total adds (`parts`, positions) hold in `partial`.
int SumOf(const std::vector<int>& parts, const Partial& partial);

/// What the rows a total adds (`parts`, positions) hold in `partial`, the
/// ones written (not 0).
std::vector<int> PartsOf(const std::vector<int>& parts, const Partial& partial);

/// The bonus a column's upper entries earn, raw and (for a ×k column whose
/// entries are written multiplied) scaled, and with `follow_written` the bonus
/// the written upper subtotal earns too (one slip, not two).
std::vector<int> ExpectedUpperBonus(const Partial& partial, const Ruleset& ruleset, const RowPositions& positions,
                                    int k, bool follow_written);

/// The points a Yahtzee-bonus box's number (its row at `position` in
/// Ruleset::rows) may hold in `partial`: what its ticks earn when they were
/// read before it (a split row: ticks, then points; `from_ticks` set), else
/// any whole number of bonuses (up to 12 of them).
/// Raw, and times k in a ×k column whose bonus scales.
std::vector<int> BonusPointsDue(const Partial& partial, int position, const Ruleset& ruleset, int k,
                                bool& from_ticks);

/// How far `value` lies from the nearest score `row` can take in a ×k column
/// (raw or multiplied).
int DistanceToLegal(const RowSpec& row, int k, int value);

/// True when a player adding up to `expected` could have written `written`
/// by a slip: off by 1 or 10 (a carry, also across a digit count: 99 for
/// 100), by one in a single digit of as many digits (a wrong sum of two
/// digits, a carry into the hundreds), by one of the rows it adds (`parts`,
/// times `scale` in a ×k total: a row left out or added twice), or with two
/// neighbouring digits swapped (a total copied as 162 for 126).
bool IsSlip(int written, int expected, const std::vector<int>& parts, int scale = 1);

}  // namespace scorecheck
