#pragma once
// Plays whole games with real dice and a simple greedy strategy, and writes
// them onto a card grid with correct totals. The property tests and the
// synthetic-corpus generator use it as ground truth.

#include <map>
#include <random>
#include <set>
#include <string>

#include "card/card.h"
#include "rules/ruleset.h"

namespace scorecheck {

/// How a simulated player plays and writes the card.
struct GameOptions {
  int columns = 0;  ///< score columns used; 0 = the ruleset's printed default
  EntryConvention convention = EntryConvention::kRaw;  ///< how ×k columns are written (kAuto = random per column)
  double cross_out_zero = 0.0;  ///< chance of crossing a zero-scoring box out instead of writing 0 (0..1)
  bool write_totals = true;     ///< fill in subtotal, bonus and totals
  bool write_bonus_points = true;  ///< write the points beside Yahtzee-bonus ticks
};

/// How FillTotals() adds.
enum class Arithmetic {
  kCorrect,  ///< from the entries, bonus by the threshold rule: the truth
  kPlayer,   ///< from the values as written above (a player carrying a slip down the card)
};

/// Writes the bonus and every total of `column` (multiplier `k`, entries
/// written in `convention`), except the rows in `keep`, which stay as they
/// are. Yahtzee-bonus ticks are kept; their points are (re)written when
/// `bonus_points` is true.
void FillTotals(const Ruleset& ruleset, CardColumn& column, int k, EntryConvention convention, Arithmetic arithmetic,
                const std::set<std::string>& keep = {}, bool bonus_points = true);

/// The value every bonus and total row should hold (kCorrect arithmetic).
std::map<std::string, int> CorrectTotals(const Ruleset& ruleset, const CardColumn& column, int k,
                                         EntryConvention convention);

/// One played grid with correct totals. Columns of rulesets with multipliers
/// are one game spread over all columns (triple); otherwise each column is a
/// separate game. The same `rng` state gives the same grid.
CardGrid SimulateGame(const Ruleset& ruleset, std::mt19937& rng, const GameOptions& options = {});

}  // namespace scorecheck
