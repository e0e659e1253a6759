#include "scan/cell_doubt.h"

#include <algorithm>
#include <cmath>

#include "core/error.h"
#include "readings/whole_number.h"
#include "scan/scan_card.h"
#include "verify/verify.h"

namespace scorecheck {
namespace {

// Probabilities are taken as log-odds, bounded so that a reader's "certain"
// stays a finite measure: 1e-4 is 9.2 log-odds either way.
constexpr double kLeastProbability = 1e-4;
// A ratio or score of nothing is taken as this log (e^-12 ~ 6e-6: far below
// any alternative kept).
constexpr double kLogOfNothing = -12;
// Numbers on a card have 1..4 digits (ReadOptions::max_digits).
constexpr int kMostDigits = 4;
// The whole-number reader's likeliest spellings looked at: its first.
constexpr int kSpellings = 1;

double LogOdds(double p) {
  p = std::clamp(p, kLeastProbability, 1 - kLeastProbability);
  return std::log(p / (1 - p));
}

double LogOr(double x) { return x > 0 ? std::max(kLogOfNothing, std::log(x)) : kLogOfNothing; }

int DigitCount(int value) { return value <= 0 ? 1 : static_cast<int>(std::to_string(value).size()); }

// The confidence the card had before the doubt model: the rule-aware step's
// in the chosen value, else the reading's.
double ConfidenceBefore(const ScannedCell& cell) {
  return cell.chosen_confidence ? *cell.chosen_confidence : cell.reading.confidence;
}

}  // namespace

const std::vector<std::string>& CellDoubtFeatureNames() {
  static const std::vector<std::string> kNames = {
      "confidence_before",   // log-odds of the card's confidence before this step
      "reading_confidence",  // log-odds of the reader's confidence in its own reading
      "number_confidence",   // log-odds of the reader's confidence in its top number
      "is_number", "is_crossed", "is_ticks", "is_illegible",  // what the card holds there
      "corrected", "crossed_as_number", "inferred", "rules_chose",  // what the rule-aware step did
      "top_score",           // log of the top alternative's score
      "runner_up_ratio",     // log of the second alternative's score over the top one's
      "chosen_score",        // log of the reader's score of the chosen value (ValueScore)
      "alternatives",        // how many alternatives the reader listed
      "whole_agrees",        // the whole-number reader's likeliest spelling is the chosen value
      "whole_probability",   // log-odds of that spelling's probability
      "has_whole",           // the whole-number reader read this cell
      "digits_2", "digits_3", "digits_4",  // the chosen value's length (1 digit: all 0)
      "row_total", "row_upper_bonus", "row_yahtzee_bonus",  // the row's kind (an entry: all 0)
      "has_points",          // ticks with points written beside them
      "box_height",          // log of the box's height in the photo's own pixels
      "edge_width",          // the photo's edge width, share of the row pitch (PhotoQuality)
      "ink_contrast",        // log of the grey levels between paper and ink
      "own_sheet",           // one of our own sheets, found by its code
  };
  return kNames;
}

void CheckDoubtModel(const DoubtModel& model) {
  SC_CHECK(model.features == CellDoubtFeatureNames(),
           "the doubt model was fitted to other measures than this scanner computes; fit it again "
           "(tools/doubt/fit_doubt.py)");
}

DoubtContext DoubtContextOf(const ScanResult& scan) { return {scan.quality, scan.grid.source}; }

bool DoubtWeighs(const ScannedCell& cell) { return !cell.stray && CardStatus(cell) != ReadingStatus::kEmpty; }

std::vector<double> CellDoubtFeatures(const ScannedCell& cell, RowKind row, const DoubtContext& page) {
  const Reading& reading = cell.reading;
  const ReadingStatus status = CardStatus(cell);
  const bool number = status == ReadingStatus::kNumber;
  const std::vector<Candidate>& alternatives = reading.alternatives;
  const double top = alternatives.empty() ? 0 : alternatives[0].score;
  const double runner_up = alternatives.size() > 1 ? alternatives[1].score : 0;
  double whole_agrees = 0, whole_probability = 0;
  if (!reading.whole_steps.empty()) {
    const std::vector<SpelledNumber> spelled = LikeliestNumbers(reading.whole_steps, kSpellings, kMostDigits);
    if (!spelled.empty()) {
      whole_agrees = number && spelled[0].digits == std::to_string(cell.chosen);
      whole_probability = spelled[0].probability;
    }
  }
  const int digits = number ? DigitCount(cell.chosen) : 0;
  double box_height = 0;
  // The box's corners in the photo: top left, top right, bottom right, bottom left.
  constexpr size_t kCorners = 4, kTopLeft = 0, kBottomLeft = 3;
  if (cell.quad_in_image.size() == kCorners)
    box_height = cv::norm(cell.quad_in_image[kBottomLeft] - cell.quad_in_image[kTopLeft]);
  return {
      LogOdds(ConfidenceBefore(cell)),
      LogOdds(reading.confidence),
      LogOdds(reading.number_confidence),
      static_cast<double>(number),
      static_cast<double>(status == ReadingStatus::kCrossed),
      static_cast<double>(status == ReadingStatus::kChecks),
      static_cast<double>(status == ReadingStatus::kIllegible),
      static_cast<double>(cell.corrected),
      static_cast<double>(cell.crossed_as_number),
      static_cast<double>(cell.inferred),
      static_cast<double>(cell.rules_chose),
      LogOr(top),
      top > 0 ? LogOr(runner_up / top) : kLogOfNothing,
      number ? LogOr(ValueScore(reading, cell.chosen)) : kLogOfNothing,
      static_cast<double>(alternatives.size()),
      whole_agrees,
      LogOdds(whole_probability),
      static_cast<double>(!reading.whole_steps.empty()),
      static_cast<double>(digits == 2),
      static_cast<double>(digits == 3),
      static_cast<double>(digits >= 4),
      static_cast<double>(row == RowKind::kTotal),
      static_cast<double>(row == RowKind::kUpperBonus),
      static_cast<double>(row == RowKind::kYahtzeeBonus),
      static_cast<double>(status == ReadingStatus::kChecks && reading.points.has_value()),
      LogOr(box_height),
      page.quality.edge_width,
      LogOr(page.quality.ink_contrast),
      static_cast<double>(page.source == GridSource::kSheetCode),
  };
}

double Believed(const DoubtModel& model, const ScannedCell& cell, RowKind row, const DoubtContext& page,
                double review_below) {
  const double p = model.ProbabilityRight(CellDoubtFeatures(cell, row, page));
  return cell.rules_chose ? std::max(0.0, std::min(p, review_below - kShownConfidenceStep)) : p;
}

}  // namespace scorecheck
