#pragma once
// The scan pipeline, stage after stage: image -> page -> grid -> cells ->
// readings -> card -> verification. Stops at the first stage that fails and
// says why; a bad photo never throws.

#include <memory>
#include <optional>
#include <string>
#include <vector>

#include <opencv2/core.hpp>

#include "card/card.h"
#include "grid/locate_grid.h"
#include "image/load_image.h"
#include "page/find_page.h"
#include "readings/read_cell.h"
#include "rules/ruleset_library.h"
#include "scan/choose_values.h"
#include "scan/photo_quality.h"
#include "scan/ruleset_choice.h"
#include "scan/stray_marks.h"
#include "verify/verify.h"

namespace scorecheck {

/// Tuning for ScanCard(); each stage's options with their defaults.
struct ScanOptions {
  ImageLoadOptions image;
  PageOptions page;
  GridOptions grid;
  CellOptions cells;
  ReadOptions read;
  PhotoQualityOptions quality;  ///< when a photo is refused as too poor to read
  VerifyOptions verify;
  double min_confidence = kReviewBelow;  ///< readings below this are UNCERTAIN_READ (also verify.min_confidence;
                                         ///< choice.review_below when lower)
  double guessed_box_empty = 0.5;  ///< how sure, at most, an empty reading is of a box that may hold writing
                                   ///< the scanner could not see: its edges are guesses (a table ruled nowhere,
                                   ///< Grid::ruled_nowhere), or its ink may have been lost (CellInk::
                                   ///< may_hold_writing), in a column written in: not at all, either way;
                                   ///< default 0.5
  double unsmeared_box = 0.5;  ///< how sure, at most, any reading is of a box of a column written in on a
                               ///< photo whose smear by the camera's motion, longer than a photo's edges
                               ///< may spread, was taken out (ReadThroughSmear): the sharpened strokes are
                               ///< the deconvolution's best guess, and a stroke too faint to pay for its
                               ///< edges is gone, so what is read there, a number or nothing, is for a
                               ///< person to look at (samples/smear-taken-out); default 0.5
  double time_limit_seconds = 0;  ///< give up on an image (kGaveUp) after this long; 0 = never
  bool rule_aware = true;       ///< prefer legal, adding-up alternatives among plausible readings
  ChoiceOptions choice;         ///< how the rule-aware choice weighs them
  StrayMarkOptions stray;       ///< when a column's few marks are not a game
  RulesetChoiceOptions ruleset_choice;  ///< which offered ruleset the entries make the card's
  int read_threads = 1;         ///< threads a sheet's boxes are read on, each with its own reader
                                ///< (DigitReader::Another): a scan of one photo, the machine's cores; each
                                ///< worker of a batch, 1. The cells come out the same on any number
  bool Check() const;  ///< true when every field is in range
};

/// kRetake: a scorecard was found, but the photo is too poor to read (too
/// dark, blurred, small or cut off); the detail says "take the photo again: ...".
enum class ScanStatus { kOk, kImageFailed, kNoPage, kNoGrid, kGaveUp, kRetake };

/// One read cell, for reports and overlays.
struct ScannedCell {
  GridCell where;               ///< grid, column, row, part, rectangle on the rectified page
  InkKind ink = InkKind::kEmpty;
  Reading reading;              ///< as read, before rule-aware choice
  int chosen = 0;               ///< value used on the card (kNumber, crossed_as_number or inferred)
  bool corrected = false;       ///< the rule-aware step chose another alternative
  bool crossed_as_number = false;  ///< a kCrossed mark the rule-aware step reads as the number `chosen`
  bool inferred = false;        ///< a kIllegible mark given the value `chosen` its column's totals imply
  bool rules_chose = false;     ///< the rules chose `chosen`, the reader did not read it (Choice::rules_chose)
  std::optional<double> probability_right;  ///< the doubt model's probability that the card holds what was
                                            ///< written here (scan/cell_doubt.h); none without that model or
                                            ///< for a box read as empty
  std::optional<double> chosen_confidence;  ///< how sure the rule-aware step is of `chosen` (Choice::confidence:
                                            ///< surer than the reader when the column's written totals confirm
                                            ///< it, below min_confidence when the rules chose it); for kNumber
                                            ///< readings, crossed_as_number and inferred; none without that step
  std::optional<double> believed_at_most;  ///< a ceiling on its confidence, whatever the steps above say: a box
                                           ///< read as empty that may hold writing not seen
                                           ///< (ScanOptions::guessed_box_empty)
  bool may_hold_writing = false;  ///< read as empty, writing may stand there unseen (CellInk::may_hold_writing)
  bool stray = false;           ///< one of the few unsure marks of a column nobody plays (HoldsOnlyStrayMarks):
                                ///< on the card an unreadable mark, so the column is left out of the checks
  std::vector<cv::Point2f> quad_in_image;  ///< the cell's corners in the original image
  std::optional<CellValue> by_person;      ///< what a person said the cell holds (review; ApplyCorrections):
                                           ///< the card holds this instead of the reading
};

/// The rows of `ruleset` that no cell of grid `grid` among `cells` is a box
/// of (CardGrid::rows_not_found), in the ruleset's order.
std::vector<std::string> RowsWithoutBoxes(const std::vector<ScannedCell>& cells, int grid, const Ruleset& ruleset);

/// What the cell holds on the card: the reading's status, except kNumber for
/// a cross-out the rule-aware step reads as a number and for an unreadable
/// mark it gives the value the totals imply, and kIllegible for a stray mark.
ReadingStatus CardStatus(const ScannedCell& cell);
/// Whether players write in the cells beside `cell`: not beside the first
/// score column (the printed labels) nor the last (the grid's edge).
WrittenBeside WrittenBesideCell(const Grid& grid, const GridCell& cell);
/// How sure the reading behind CardStatus is: the doubt model's probability
/// that it is right when there is one (probability_right), else the rule-aware step's
/// confidence in the chosen number when it has one (chosen_confidence; below
/// ScanOptions::min_confidence for a value the rules chose rather than read,
/// Choice::rules_chose), else the reading's confidence; 0 for a stray mark.
double CardConfidence(const ScannedCell& cell);

/// The whole result.
struct ScanResult {
  ScanStatus status = ScanStatus::kImageFailed;
  std::string detail;           ///< why, when not ok
  Page page;
  Grid grid;
  RulesetDecision ruleset;      ///< the card's ruleset, decided once the boxes are read (DecideRuleset)
  PhotoQuality quality;         ///< how good the photo of the grid is (measured once the grid is found)
  std::vector<ScannedCell> cells;
  Card card;
  Verification verification;
  bool ok() const { return status == ScanStatus::kOk; }
};

/// Scans the image in `path`. `reader` classifies digits; `text_reader`
/// reads printed labels of sheets without a sheet code (nullptr: one is
/// started for the image when needed; pass one to reuse it across a batch).
ScanResult ScanCard(const std::string& path, const RulesetLibrary& rulesets, DigitReader& reader,
                    const ScanOptions& options = {}, TextReader* text_reader = nullptr);

/// Every card in an image already loaded (BGR 8-bit): one per sheet that
/// holds a scorecard (two cards photographed side by side are two), in
/// reading order and named CardInPicture(source, k, count); or the one
/// failure saying why none was read. A sheet given up on for time
/// (ScanOptions::time_limit_seconds, for the whole picture) or holding a
/// scorecard too poorly photographed to read is listed among the cards, as
/// kGaveUp or kRetake. Only the pages found in the image are kept: a caller
/// that moves its image in (std::move) has its pixels freed once they are
/// rectified (36 MB for a 12 MP photo).
std::vector<ScanResult> ScanImageCards(cv::Mat image, const std::string& source, const RulesetLibrary& rulesets,
                                       DigitReader& reader, const ScanOptions& options = {},
                                       TextReader* text_reader = nullptr);

/// The name of card `index` of `count` in the picture `source`: "photo.jpg#2"
/// (the picture's own name when it holds one card).
std::string CardInPicture(const std::string& source, size_t index, size_t count);

/// The first card of ScanImageCards(): the card when the image holds one.
ScanResult ScanImage(cv::Mat image, const std::string& source, const RulesetLibrary& rulesets,
                     DigitReader& reader, const ScanOptions& options = {}, TextReader* text_reader = nullptr);

}  // namespace scorecheck
