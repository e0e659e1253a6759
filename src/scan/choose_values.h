#pragma once
// Rule-aware decoding of one score column: among the readings the digit
// reader finds plausible for each cell, the combination that is most likely
// once the rules are taken into account: an entry should be a legal score for
// its box (0/25 for a full house, multiples of 4 for fours, raw or ×k in a
// triple column), and a written total should equal the sum of what it adds
// up. A beam search in sheet order: every total refers to earlier rows only.
// A mark the shape test took for a cross-out keeps its number reading, and is
// read as that number when the crossed box is what stops the column adding up.
// An entry box whose ink could not be read at all takes the value the
// column's totals imply, when one legal value makes them add up.
//
// It never hides a real player error: a reading the reader is sure of is kept
// as read, legal or not, and a total that does not add up only costs a
// factor (players do slip), so a confident wrong total stays wrong. And the
// rules choose, they do not bend: a value chosen against the reader's first
// reading, and a total that adds up only through one, is marked for a person
// to look at (Choice::rules_chose), never passed off as a confident reading.

#include <string>
#include <vector>

#include "readings/read_cell.h"
#include "rules/ruleset.h"
#include "sheet/sheet_layout.h"

namespace scorecheck {

/// One cell of a score column, as read.
struct ColumnCell {
  std::string row_id;                ///< ruleset row id
  CellPart part = CellPart::kValue;  ///< ticks and points of a split bonus row are two cells
  Reading reading;
};

/// Tuning for ChooseColumnValues().
struct ChoiceOptions {
  double sure_reading = 0.97;     ///< a top reading at least this sure is kept as read; default 0.97 (the
                                  ///< reader is wrong about 1 in 50 of its readings at 0.9, a 4 taken for a 9).
                                  ///< On the alternatives' scale: with the digit scores softened
                                  ///< (ReadOptions::digit_temperature 1.5) hardly a reading reaches it (0.9 chose
                                  ///< the same on 600 cards), and a sure reading is kept because its
                                  ///< alternatives score too little (plausible, plausible_expected)
  double plausible = 0.1;         ///< alternatives scoring below this share of the top one are not considered; default 0.1
  double plausible_expected = 0.001;  ///< the same for a value the rules expect (a legal score, a total's
                                      ///< sum) scored directly although not among the top readings: the
                                      ///< rules make it likely already; default 0.001
  double illegal_factor = 0.05;   ///< weight of an entry value its box cannot score, against a legal one; default 0.05
  double far_illegal_factor = 0.002;  ///< the same for a value more than `far_from_legal` from every score the
  int far_from_legal = 10;            ///< box can take: a player who slips writes 13 for 12, not 93 for a four of
                                      ///< a kind; that is a tens digit misread (a 2 taken for a 9). Defaults
                                      ///< 0.002 and 10 (development corpus of 300 cards: 9 false errors fewer
                                      ///< on 3 cards, one error-free card quiet, recall unchanged)
  double mismatch_factor = 0.05;  ///< weight of a bonus that does not match the rows it depends on, or of a total
                                  ///< a slip away from their sum (see far_mismatch_factor); default 0.05 (with
                                  ///< the digit scores softened at 1.5, seeds 900025 + 900026: 0.04 finds 308 of
                                  ///< 331 player errors with 9 of 431 error-free cards alarmed, 0.05 315 and 12,
                                  ///< 0.06 319 and 19 (without the bonus-points check), 0.1 322 and 31). Higher
                                  ///< keeps more written totals as written: more player errors found, more misread
                                  ///< totals reported as errors. With far_mismatch_factor at 0.005, seed 900008:
                                  ///< 0.02 finds 177 of 191 player errors with 17 of 202 error-free cards alarmed,
                                  ///< 0.03 179 and 21, 0.04 183 and 22 (9 more lowres cells of 4,711 read wrong).
                                  ///< A missed error is the worse failure (a referee trusts the total), a false
                                  ///< alarm costs a look at the overlay, hence 0.04. Earlier measurements:
                                  ///< (on a development corpus of 300 cards, 0.01 hid player errors as misreadings:
                                  ///< recall 94 -> 86%; 0.04 kept misread totals as written: 1 in 300 cells more wrong;
                                  ///< with the pen-trained digit model, on two corpora of 300: 17 more player errors
                                  ///< found than at 0.01, 18 more error-free cards with a false alarm; with the
                                  ///< whole-number reader, seed 900008: 0.01 finds 5 fewer of 191 player errors
                                  ///< and quiets 7 of 37 error-free cards with a false alarm)
  double far_mismatch_factor = 0.005;  ///< the same for a written total that is no slip away from what it should
                                       ///< hold: a player who adds wrong is off by 1 or 10, or by one in one
                                       ///< digit, or by a row left out or added twice, or swaps two neighbouring
                                       ///< digits; a total off by 600, or missing its leading digit, is a
                                       ///< misread (a 1 taken for a 7, a lost 1). Default 0.005 (development
                                       ///< corpus of 300 cards, measured with mismatch_factor at 0.02: against
                                       ///< 0.02, error-free cards with a false alarm 37 -> 18 of 202, player
                                       ///< errors found unchanged at 177 of 191; 0.002: 16 and 174; 0.01: 33 and 177;
                                       ///< again with mismatch_factor at 0.04: 0.003 finds 179 with 21 alarmed,
                                       ///< 0.005 183 and 22, 0.01 184 and 35)
  double unread_guess = 0.08;     ///< weight of giving an unreadable entry box one of its legal values, against
                                  ///< leaving it unread (scoring nothing); default 0.08: above mismatch_factor, so
                                  ///< a total that only adds up with that value settles it, and far below 1, so
                                  ///< nothing short of a total does; times mismatch_factor below
                                  ///< far_mismatch_factor, so a guess that leaves its total a slip off does not
                                  ///< beat leaving the mark unread (was 0.1 with mismatch_factor 0.04: the same
                                  ///< 0.004 against 0.005)
  bool check_bonus_points = true;  ///< a Yahtzee bonus's points should be what its ticks earn (else they cost
                                   ///< mismatch_factor), points alone a whole number of bonuses (else
                                   ///< illegal_factor): a 100 read 700, 120 or 90 was kept as read. Default true
                                   ///< (seeds 900025 + 900026, digit temperature 1.5: error-free cards with a
                                   ///< false alarm 12 -> 9 of 431, player errors found unchanged at 308 of 331)
  bool bonus_follows_written_subtotal = true;  ///< an upper bonus agreeing with the written upper subtotal adds
                                               ///< up too: a subtotal slip across the threshold is one slip,
                                               ///< not two (the player's bonus follows their subtotal). Default
                                               ///< true (same seeds: 307 -> 308 found, no card more alarmed)
  int beam_width = 256;           ///< partial columns kept while decoding; default 256
  bool unlisted_entry_legal = true;  ///< an entry is surer than the reader says when its box's rules leave the
                                     ///< reader's doubt only illegal values (Choice::confidence), where a
                                     ///< written total confirms it or its column's decoding bends no rule;
                                     ///< default true (own60: UNCERTAIN_READ on right cells 141 -> 60, cells
                                     ///< wrong and not flagged 2 -> 3 of 8)
  bool unlisted_below_last = true;  ///< for a cell read as the reader's top reading, a value it did not list is
                                    ///< no likelier than its last alternative (Choice::confidence): a reader's
                                    ///< doubt about ink it reads badly is no evidence for another value.
                                    ///< Default true (own60: UNCERTAIN_READ on right cells 50 -> 43, cells
                                    ///< wrong and unflagged unchanged at 3 of 8)
  bool confirm_by_totals = true;  ///< Choice::confidence of a number read as the reader's top reading that the
                                  ///< totals or the rules vouch for is the decoding's posterior (see
                                  ///< Choice::confidence); false: the reader's own confidence. Default true
  double review_below = 0.5;      ///< a value the rules chose (Choice::rules_chose) is given less than this, on
                                  ///< the readers' own scale of confidence (0..1), where 0.5 sent a person to look
                                  ///< before the doubt model weighed the cells (the model takes these confidences
                                  ///< as one of its measures, so this stays as it was when it was fitted).
                                  ///< ScanCard() lowers it to ScanOptions::min_confidence when that is lower;
                                  ///< default 0.5

  /// True when every field is in range: factors and shares in 0..1 (the
  /// factors above 0), far_from_legal at least 0, beam_width at least 1.
  bool Check() const;
};

/// The value chosen for one cell.
struct Choice {
  int value = 0;           ///< for kNumber readings (and crossed_as_number, inferred); 0 otherwise
  bool corrected = false;  ///< not the reader's top reading
  bool crossed_as_number = false;  ///< a kCrossed mark read as the number `value` after all
  bool inferred = false;   ///< a kIllegible mark given the value `value` the column's totals imply
  /// The rules chose `value`, the reader did not read it: `corrected`, or a
  /// total that adds up only through a corrected cell among the rows it adds
  /// (a total fitted to its parts counting as those parts). Rules choose,
  /// they do not bend: such a cell's `confidence` is below
  /// ChoiceOptions::review_below, so a person looks at it (UNCERTAIN_READ),
  /// and a written total is never changed to agree, nor agrees through a
  /// change, unseen.
  bool rules_chose = false;
  /// How sure the decoding is of `value` (0..1), for kNumber readings,
  /// crossed_as_number and inferred (other cells: the reader's confidence).
  /// For a cell that `rules_chose`: the reader's probability of `value` (its
  /// confidence, scaled down by the alternatives' scores for a value other
  /// than its top reading; 0 when inferred) for a corrected cell, the
  /// reader's confidence for a total that adds up through one, and in any
  /// case below ChoiceOptions::review_below. Otherwise the reader's confidence, unless
  /// written totals or the box's rules confirm the value. A total that adds
  /// up in the chosen decoding, with at least two boxes that add something,
  /// confirms itself and its parts (a part fitted to it vouches for the
  /// others only as far as it could not have been fitted otherwise); a copy
  /// of one box (a single box that adds something) is confirmed when that box
  /// is, never the other way round. Such a cell's confidence is the
  /// posterior share of `value` among the column hypotheses the beam kept,
  /// against them plus one more: the cell holding a value the reader did not
  /// list, as likely as the reader doubts `value` ((1 - q) / q times the
  /// chosen decoding's weight, q its confidence, but at most its last
  /// alternative's score against the top's) times
  /// ChoiceOptions::mismatch_factor (or that weaker factor) for every
  /// confirming total it would break, and for an entry times illegal_factor
  /// where the rules hold (see unlisted_entry_legal); never less than the
  /// reader's confidence. So a reading the totals confirm is surer than the
  /// reader alone says, and one whose alternative adds up as well stays
  /// about as doubtful as that alternative is likely.
  double confidence = 0;
};

/// The decoding of one column.
struct ColumnChoice {
  std::vector<Choice> cells;  ///< one per cell of the column, same order
  double log_weight = 0;      ///< log of the chosen combination's weight: 0 when every top reading is
                              ///< legal and adds up; lower the more the rules had to be bent or readings
                              ///< passed over. Compares rulesets on the same readings.
};

/// Decodes `column` (the cells in sheet order). `multiplier` is the column's
/// (triple: 1, 2, 3); entries may be written raw or already multiplied.
ColumnChoice ChooseColumnValues(const std::vector<ColumnCell>& column, const Ruleset& ruleset, int multiplier,
                                const ChoiceOptions& options = {});

}  // namespace scorecheck
