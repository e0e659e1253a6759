#pragma once
// Plays whole games with real dice and a simple greedy strategy, and writes
// them onto a card grid with correct totals. The property tests and the
// synthetic-corpus generator use it as ground truth.

#include <random>

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

/// One played grid with correct totals. Columns of rulesets with multipliers
/// are one game spread over all columns (triple); otherwise each column is a
/// separate game. The same `rng` state gives the same grid.
CardGrid SimulateGame(const Ruleset& ruleset, std::mt19937& rng, const GameOptions& options = {});

}  // namespace scorecheck
