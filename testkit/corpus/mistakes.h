#pragma once
// Realistic player mistakes for the synthetic corpus, and an oracle that says
// which findings a correct checker must report for a grid. The oracle is
// written apart from verify/ (it follows RULES.md directly) so that the
// corpus can test the verifier rather than copy it.

#include <optional>
#include <random>
#include <string>
#include <vector>

#include "card/card.h"
#include "rules/ruleset.h"

namespace scorecheck {

enum class MistakeKind {
  kAdditionSlip,              ///< a subtotal/total off by 1 or 10, carried down
  kTransposedDigits,          ///< two digits of a total swapped, carried down
  kBonusForgotten,            ///< bonus due but left blank
  kBonusBelowThreshold,       ///< bonus claimed although the subtotal is short
  kNotMultiplied,             ///< triple: a ×k column's grand total not multiplied
  kCopiedTotalWrong,          ///< a total copied down wrongly (upper total repeated, grand total)
  kIllegalEntry,              ///< an entry no dice can give (13 in Fours)
  kBonusWithoutPrecondition,  ///< a Yahtzee bonus with a 0 in the Yahtzee box
  kSixScoredBoxes,            ///< rock: a sixth scored box
};

const char* MistakeKindName(MistakeKind kind);

/// What was changed.
struct Mistake {
  MistakeKind kind = MistakeKind::kAdditionSlip;
  int column = 0;           ///< score column index
  std::string row;          ///< the row first changed
  std::string description;  ///< for people: "upper_subtotal 66 written as 56"
};

/// A finding the checker must report: identity (code, row, column) in a grid.
struct ExpectedFinding {
  std::string code;
  std::optional<std::string> row;
  int column = 0;
  bool operator<(const ExpectedFinding& other) const;
  bool operator==(const ExpectedFinding& other) const;
};

/// Per score column, how its entries are written (triple). Index = column index.
using Conventions = std::vector<EntryConvention>;

/// Puts one mistake a player could make into a correct `grid` and carries it
/// down the card the way the player would have. Picks a kind that fits the
/// ruleset and the game; nullopt if none fits.
std::optional<Mistake> InjectMistake(CardGrid& grid, const Ruleset& ruleset, const Conventions& conventions,
                                     std::mt19937& rng);

/// The error findings (code, row, column) RULES.md requires for `grid`,
/// sorted. Covers what InjectMistake can produce: totals, bonus, multiplier,
/// illegal entries, Yahtzee-bonus preconditions, rock's box limit.
std::vector<ExpectedFinding> ExpectedFindings(const CardGrid& grid, const Ruleset& ruleset,
                                              const Conventions& conventions);

}  // namespace scorecheck
