#pragma once
// Recomputes every total, bonus and multiplier of a card from its written
// entries and reports every finding (RULES.md "Precise semantics"). Never
// stops at the first problem and never throws for a wrong card: wrong sums are
// Findings. Throws Error only for a card whose ruleset is unknown.

#include <map>
#include <string>
#include <vector>

#include "card/card.h"
#include "rules/ruleset.h"
#include "rules/ruleset_library.h"
#include "verify/finding.h"

namespace scorecheck {

/// The confidence below which a person is asked to look at a read cell
/// (UNCERTAIN_READ, amber on the overlay, the report's cells to look at),
/// 0..1. A cell's confidence is the doubt model's probability that the card
/// holds what was written (scan/cell_doubt.h), so the threshold is a review
/// budget, chosen by tools/doubt/fit_doubt.py on development cards kept out
/// of the model's fit and written in models/doubt.json's card (`review_below`;
/// a test holds the two equal): the lowest threshold that lets no more wrong
/// boxes through unflagged than the readers' own doubts did before the model
/// (there 76 against 83, with 6.9 boxes per card to look at against 6.4). A
/// user who would rather look at more boxes than miss one raises it
/// (--min-confidence 0.98: 30 wrong boxes unflagged, 8.7 to look at).
inline constexpr double kReviewBelow = 0.9;
/// UNCERTAIN_READ's message prints a confidence with two decimals: a value
/// meant to be below a threshold is put at least this far below it, or it
/// would read as the threshold itself.
inline constexpr double kShownConfidenceStep = 0.01;

/// Tuning for VerifyCard(). Defaults follow RULES.md.
struct VerifyOptions {
  /// Forces how entries of multiplied columns are read (triple); kAuto detects
  /// it per column. Default: kAuto (the ruleset file's own setting applies).
  EntryConvention triple_entries = EntryConvention::kAuto;
  /// Cells read with a confidence below this get UNCERTAIN_READ (0..1).
  /// Typed cells carry no confidence and are never uncertain. Default kReviewBelow.
  double min_confidence = kReviewBelow;
  /// An error found in a cell read with a confidence below this is reported
  /// as a warning: the card may be right and the reading wrong (0..1; 0:
  /// never). Typed cells carry no confidence and are never affected. A
  /// Yahtzee bonus claimed without its precondition goes by the ticks'
  /// confidence alone, not the points'. Default 0.05: cells the reader
  /// could hardly read (on a development corpus of 300 cards: clean cards
  /// with a false error 82 -> 76; real errors found 163 -> 160 of 173, the
  /// other 3 reported as warnings).
  double unconfirmed_below = 0.05;
  /// Not when the cell's other readings (CellValue::other_readings, when
  /// known) miss the value that clears the error: then it is wrong whatever
  /// the cell says (seeds 900024 and 900025: 4 of the 5 real errors this
  /// hid found again, no error-free card more alarmed; without any such
  /// warning all 5, and one error-free card more alarmed).
  /// ... nor when the cell is a total that carries an earlier error (written
  /// as the sum of the values written above it, which a misreading would
  /// hardly match) and that error is not itself in doubt. Default true.
  bool trust_carried_totals = true;
  /// A column in which at least this share of the read cells is uncertain
  /// (confidence below min_confidence) is hard to read as a whole (a blurred
  /// page, four grids to a photo): there an error is in doubt already when its
  /// cell's confidence is below `unconfirmed_in_hard_column` rather than
  /// unconfirmed_below (the same exceptions apply). Above 1: never. Defaults
  /// 0.4 and 0.3: on seeds 900025 + 900026 (600 cards) 4 false errors fewer
  /// on 2 cards, 12 -> 11 of 431 error-free cards with a false alarm, no
  /// player error lost (0.3 and 0.3 the same).
  double hard_column_share = 0.4;
  double unconfirmed_in_hard_column = 0.3;
  bool Check() const;  ///< true when every field is in range
};

/// The recomputed state of one score column.
struct ColumnCheck {
  int index = 0;                  ///< score column, 0-based
  int multiplier = 1;             ///< the column's multiplier (triple: 1, 2, 3)
  EntryConvention convention = EntryConvention::kRaw;  ///< raw or multiplied, as used
  std::string convention_reason;  ///< why that convention (empty when k = 1)
  bool used = false;              ///< false when every cell is empty (then ignored)
  std::map<std::string, int> computed;  ///< every bonus and total row id -> recomputed value
};

/// The result for one grid.
struct GridCheck {
  std::string ruleset;                ///< ruleset id
  std::vector<ColumnCheck> columns;   ///< one per column present on the card
  std::vector<Finding> findings;      ///< by column, then sheet row order
};

/// The result for a card.
struct Verification {
  std::vector<GridCheck> grids;  ///< same order as Card::grids

  int ErrorCount() const;
  int WarningCount() const;
  /// True when there is no finding at all (errors or warnings).
  bool clean() const { return ErrorCount() + WarningCount() == 0; }
};

/// Verifies one grid against `ruleset`.
GridCheck VerifyGrid(const CardGrid& grid, const Ruleset& ruleset, const VerifyOptions& options = {});

/// Verifies every grid of `card`. Throws Error for an unknown ruleset id.
Verification VerifyCard(const Card& card, const RulesetLibrary& rulesets, const VerifyOptions& options = {});

/// The legal values of an entry box in words, e.g. "0, 4, 8, 12, 16 or 20",
/// "0 or 5-30"; `scale` multiplies them (multiplied triple columns).
std::string DescribeLegalValues(const RowSpec& row, int scale = 1);

}  // namespace scorecheck
