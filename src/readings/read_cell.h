#pragma once
// Readings stage: a cell's ink becomes a reading: a number with a confidence
// and its best alternatives, a cross-out, ticks, or nothing. Numbers are
// segmented by recognition: the pieces of ink are joined into digits, cut
// apart where digits touch, or dropped as stray marks, in every plausible
// way; the classifier and shape priors score each way, and the best few
// give the alternatives. A second model reads the whole number in one pass
// (whole_number.h), without cuts; it scores the same values and adds its own
// (a digit lost in a cut).

#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "cells/extract_cell.h"
#include "readings/digit_reader.h"

namespace scorecheck {

enum class ReadingStatus {
  kEmpty,
  kNumber,
  kCrossed,
  kChecks,
  kIllegible,  ///< ink that could not be read as any of the above
};

/// One candidate value and how likely the reader finds it.
struct Candidate {
  int value = 0;
  double score = 0;  ///< product of the digit probabilities
};

/// One way the reader cut a number into digits: each digit's scores, and the
/// segmentation's prior factor (at most 1). Kept so that any value can be
/// scored afterwards, not only the top few (see ValueScore()).
struct Segmentation {
  std::vector<DigitScores> digits;
  double factor = 1;
};

/// What is in a cell, as read.
struct Reading {
  ReadingStatus status = ReadingStatus::kEmpty;
  int value = 0;                      ///< kNumber: the chosen value
  int checks = 0;                     ///< kChecks: tick count
  std::optional<int> points;          ///< kChecks: points written beside the ticks in the same box, as read
  double points_confidence = 0;       ///< ... how sure the reader is of them (`confidence` is the ticks')
  double confidence = 0;              ///< 0..1: how sure the whole reading is (kNumber: number_confidence)
  double number_confidence = 0;       ///< kNumber, kCrossed: how sure the top number reading is: its score, or
                                      ///< with a whole-number reader the same mix of both readers' scores of it
                                      ///< with that reader's steps as they are, not softened (the alternatives'
                                      ///< scores, softened, are far below 1 even when both readers agree)
  std::vector<Candidate> alternatives;  ///< kNumber: best first (the raw reading is alternatives[0]);
                                      ///< kCrossed: the mark read as a number, for the rule-aware choice
  std::string raw;                    ///< the reader's own top reading as text, before any correction
  std::vector<Segmentation> segmentations;  ///< kNumber, kCrossed: the segmentations the alternatives came from
  NumberSteps whole_steps;            ///< kNumber, kCrossed: the whole-number reader's steps (empty without that model)
  double whole_weight = 0;            ///< how the alternatives weighed them (ReadOptions::whole_number_weight), so
  double whole_floor = 0;             ///< that ValueScore() scores any value the same way
  double digit_temperature = 1;       ///< ... and how it softened the digit scores (ReadOptions::digit_temperature)
  double hidden_one = 0;              ///< ... and what it makes of a 1 the segmenter may have lost (ReadOptions::hidden_one_factor)
  std::shared_ptr<const BoxReading> box;  ///< read by the learned box reader (ReadBox): its calibrated outputs, the
                                          ///< states renormalised over those the row admits; ValueScore() of any
                                          ///< value is then P(number) x the CTC head's exact P(value)
};

/// How likely the reader finds that a reading says `value` (>= 0), on the
/// same scale as the alternatives' scores. The segmenter's score: the best
/// over its segmentations with as many digits of the product of the digit
/// scores times the segmentation's factor (0 when no segmentation has that
/// many digits). With a whole-number reader, mixed with its probability of
/// the value (see ReadOptions::whole_number_weight).
double ValueScore(const Reading& reading, int value);

/// `scores` softened: each probability, and the reject output's share (what
/// the ten leave), raised to 1 / `temperature`, then renormalised over the
/// eleven. As they are when `temperature` is 1 or less.
DigitScores SoftenDigit(const DigitScores& scores, double temperature);

/// Tuning for ReadCell(). Lengths are relative to the number's digit height
/// (its tallest ink component); costs are in log-probability units, the same
/// as the classifier's log scores they are added to.
struct ReadOptions {
  int max_alternatives = 5;          ///< candidates kept per cell
  int max_digits = 4;                ///< readings with more digits are illegible (score boxes stay below 1000)
  int max_atoms = 8;                 ///< ink components considered; the smallest beyond this are ignored
  int max_segmentations = 6;         ///< segmentations kept during the search and for the alternatives
  double split_aspect = 0.7;         ///< components wider than this (width / digit height) are also tried as touching digits;
                                     ///< default 0.7 (at 0.8 a 1 touching a 6, aspect 0.72-0.79, was never cut apart)
  double split3_aspect = 1.2;        ///< ... and as three touching digits above this (a 1 and two digits
                                     ///< squeezed into a narrow box are no wider than many pairs); default 1.2
  double must_split_aspect = 2.0;    ///< ... and are never one digit above this
  double sure_whole = 0.95;          ///< a component read as one digit at least this surely and no wider than
                                     ///< max_digit_aspect is not cut (cuts are most of a cell's glyphs); above 1:
                                     ///< cut all the same
  bool narrow_end_cuts = true;       ///< three touching digits are also cut with a narrow digit (a 1) at
                                     ///< either end, not only in even thirds; default true
  bool narrow_pair_end_cuts = true;  ///< ... and with two narrow digits, at both ends or side by side at one
                                     ///< ("151", "118"); default true
  bool narrow_pair_cuts = true;      ///< two touching digits are also cut in their end quarters (a narrow 1
                                     ///< touching its neighbour); default true
  double split_doubtful = 0.9;       ///< a narrower component read as one digit below this probability is tried as
  double split_doubtful_aspect = 0.4;  ///< touching digits too when wider than this (two 1s, a 1 leaning on a 4);
                                       ///< default 0.9 (was 0.5: a 1 leaning into a 6 or a 3, read as that digit
                                       ///< at 0.65, "160" read 60). Seed 900024: 5 cells more, false-alarm cards
                                       ///< 19 -> 17 of 202 (0.8: 3 cells, 18); seed 900023: 3 cells more; ~8% more
                                       ///< glyphs classified
  int cut_candidates = 3;            ///< cut columns tried for two touching digits
  double cut_cost = 0.3;             ///< cost per cut through touching digits
  double cut_stroke_cost = 1.0;      ///< extra cost per stroke a cut crosses beyond the first
  double max_digit_aspect = 1.1;     ///< one digit wider than this (width / digit height) is penalised...
  double width_weight = 3.0;         ///< ... by this per unit of extra aspect
  double min_digit_height = 0.72;    ///< one digit shorter than this share of the digit height is penalised...
  double height_weight = 8.0;        ///< ... by this per unit of missing height
  double max_overlap = 0.35;         ///< neighbouring digits overlapping sideways by more than this share of the narrower...
  double overlap_weight = 4.0;       ///< ... cost this per unit of extra overlap
  double merge_overlap = 0.5;        ///< ink components overlapping sideways by less than this share of the narrower...
  double merge_weight = 4.0;         ///< ... cost this per unit of missing overlap to read as one digit
  double min_log_score = -9.0;       ///< a segmentation scoring below this (log) is not a reading; none left: illegible
  double hopeless_cost = 5.0;        ///< a reading whose prior costs alone exceed this is not classified
  double drop_cost = 0.5;            ///< fixed cost of ignoring an ink component as a stray mark...
  double drop_share_weight = 8.0;    ///< ... plus this times its share of the cell's ink...
  double drop_height_weight = 2.0;   ///< ... plus this times its height relative to the digit height
  double prior_one_digit = 0.35;     ///< prior share of one-digit numbers
  double prior_two_digits = 0.45;    ///< prior share of two-digit numbers
  double prior_three_digits = 0.3;   ///< prior share of three-digit numbers
  double prior_more_digits = 0.002;  ///< prior share of longer numbers
  double leading_zero_factor = 0.02; ///< score factor for a number written with a leading zero ("07")
  double sure_number = 0.9;          ///< a "cross-out" read as a number this surely is a number
  double curved_cross_number = 0.15; ///< ... and so is one read this surely whose strokes are not straight
  double straight_cross = 0.85;      ///< a cross-out's strokes are straight: CellInk::straightness above this
  double max_slant = 0.6;            ///< steepest writing slant looked for, as a shear (0.6 = 31 degrees); 0 = never deslant
  double slant_step = 0.05;          ///< shear step of the slant search
  double sure_cut = 0.95;            ///< an upright cut whose pieces all read at least this surely spares the slanted
                                     ///< cuts; above 1 they are always tried
  double min_slant = 0.08;           ///< writing leaning less than this shear is only cut straight down
  double whole_number_weight = 0.3;  ///< the whole-number reader's say (when there is that model): a value scores
                                     ///< segmenter^(1 - w) * whole^w; 0 = the segmenter alone
  double whole_number_floor = 1e-3;  ///< ... where the segmenter's score is taken as at least this (it has no
                                     ///< segmentation with as many digits when it lost a digit); 3e-3 on a
                                     ///< development corpus of 300 cards: 5 fewer of 191 player errors found, 2 fewer
                                     ///< of 202 error-free cards with a false alarm
  double whole_number_temperature = 3;  ///< its step probabilities are softened by this (p^(1/T), renormalised;
                                        ///< 1 or less: as they are). At 1 it is so sure of its mistakes that the
                                        ///< rule-aware choice can no longer pick the value the totals ask for (136
                                        ///< hard development cards: 25% read exactly at 1, 51% at 3)
  double digit_temperature = 1.5;    ///< the digit classifier's scores are softened by this (SoftenDigit) for the
                                     ///< alternatives and ValueScore(), not for the confidence. The classifier is
                                     ///< sure of its mistakes on card digits (a 2 read 9 at 0.95 leaves the 2 a
                                     ///< few thousandths), so the rule-aware choice could not pick what the totals
                                     ///< ask for. Seeds 900025 + 900026 (600 cards): at 1, 30 of 431 error-free
                                     ///< cards with a false alarm and 319 of 331 player errors found; 1.25: 19
                                     ///< and 317; 1.5: 12 and 307; 2.5: 12 and 285 (decoder's mismatch_factor
                                     ///< then retuned, see ChoiceOptions)
  double hidden_one_factor = 1;      ///< ValueScore() of a value with a 1 the segmenter's readings lack (a 1 that
                                     ///< touches or overlaps its neighbour is read as part of it: "10" read 0,
                                     ///< "318" read 38) is at least the value without that 1 times the reject share
                                     ///< of the neighbour's glyph times this; 0 = off. Default 1 (seeds 900025,
                                     ///< 900026, 900028, 900 cards: error-free cards with a false alarm 23 -> 18
                                     ///< of 638, player errors found 499 -> 497 of 526; 2: 17 and 497 with a
                                     ///< triple column decoded wrong; a flat share without the reject output,
                                     ///< 0.05: 19 and 492, a clean "5" taken for "15" to hide a slip of 10)
  int whole_number_candidates = 6;   ///< the whole-number reader's likeliest readings added to the segmenter's
  int bonus_points_step = 50;        ///< points written in a Yahtzee-bonus box are a multiple of this
                                     ///< (100 a tick, rock's 50 and 150, triple's x2 x3); default 50
  bool Check() const;  ///< true when every field is in range
};

/// Reads a classified cell. Ink that makes no plausible number (more than
/// max_digits digit-sized marks, or nothing that reads) is kIllegible. The
/// alternatives' scores are digit-probability products times the
/// segmentation's prior factors (at most 1), so 0.9 still means "sure";
/// with a whole-number reader they are mixed with its softened scores and
/// only compare values, while number_confidence still says how sure.
Reading ReadCell(const CellInk& ink, DigitReader& reader, const ReadOptions& options = {});

/// Reads a box that takes tick marks, the points they are worth, or both: a
/// Yahtzee-bonus row printed as one row (other printers' sheets), where a
/// player ticks, writes "100", or ticks and writes "100" beside. `as_value`
/// and `as_ticks` are the same cell extracted as CellPart::kValue and
/// CellPart::kChecks. A mark is a number when one of its number readings is a
/// whole number of bonuses (a positive multiple of options.bonus_points_step);
/// ticks and points when the marks at one end of the box are ticks (strokes
/// the digit reader does not take for digits) and the rest reads as such a
/// number, more likely than the whole reads as one (kChecks with `points`);
/// ticks alone when no reading is a whole number of bonuses and the tick test
/// finds some; otherwise whatever ReadCell(as_value) makes of it.
Reading ReadTicksOrPoints(const CellInk& as_value, const CellInk& as_ticks, DigitReader& reader,
                          const ReadOptions& options = {});

}  // namespace scorecheck
