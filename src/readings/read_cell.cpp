#include "readings/read_cell.h"

// GCC 12 at -O2 warns falsely about std::string copies in this file
// (-Wrestrict, GCC bug 105329); nothing here overlaps.
#pragma GCC diagnostic ignored "-Wrestrict"

#include <algorithm>
#include <cmath>
#include <iomanip>
#include <map>
#include <sstream>

#include "core/image_constants.h"
#include "readings/segmenter.h"
#include "readings/value_score.h"

namespace scorecheck {
namespace {

// The number's ink for the whole-number reader: the cell's ink components,
// nothing else of the crop.
cv::Mat NumberInk(const CellInk& ink) {
  cv::Mat mask = cv::Mat::zeros(ink.ink.size(), CV_8U);
  for (const cv::Mat& blob : ink.blob_masks) mask |= blob;
  cv::Mat number = cv::Mat::zeros(ink.ink.size(), CV_8U);
  ink.ink.copyTo(number, mask);
  return number;
}


// A digit whose softened probability is at most this starts no candidate of
// the digit beam: too unlikely to matter in a product of probabilities.
constexpr double kNegligibleDigit = 1e-4;
// The digit beam keeps this many candidates for each alternative a reading
// keeps: enough that a value needing a less likely digit early survives.
constexpr int kBeamPerAlternative = 4;

// The reading of a mark the shape test took for a cross-out (`reading` holds
// its confidence): a number when the digit reader is sure enough of it.
Reading ReadCrossed(const CellInk& ink, DigitReader& reader, const ReadOptions& options, Reading reading) {
  // The shape test says cross-out; a mark the digit reader is sure of is
  // a number all the same (a 1 leaning over a long-tailed 2 looks like an X).
  // Curved strokes are writing, so then a fair reading is enough: a big
  // number crammed into a small box fills its diagonals too.
  CellInk as_number = ink;
  as_number.kind = InkKind::kNumber;
  const Reading number = ReadCell(as_number, reader, options);
  const double enough = ink.straightness > options.straight_cross || ink.struck_out ? options.sure_number
                                                                                  : options.curved_cross_number;
  // On the alternatives' scale, which these thresholds were set on (before
  // the digit scores were softened: since, fewer crosses read as numbers,
  // and crossed cells of seeds 900025 + 900026 read as right or better).
  if (number.status == ReadingStatus::kNumber && number.alternatives.front().score >= enough) return number;
  reading.status = ReadingStatus::kCrossed;
  reading.raw = "X";
  // Keep the mark read as a number: a "30" whose strokes fill the box's
  // diagonals passes the shape test, and the totals can still tell.
  if (number.status == ReadingStatus::kNumber) {
    reading.alternatives = number.alternatives;
    reading.segmentations = number.segmentations;
    reading.whole_steps = number.whole_steps;
    reading.whole_weight = number.whole_weight;
    reading.whole_floor = number.whole_floor;
    reading.digit_temperature = number.digit_temperature;
    reading.hidden_one = number.hidden_one;
    reading.number_confidence = number.number_confidence;
  }
  return reading;
}

// The values the digits of `segmentation` spell, the likeliest first, each
// scored by the product of its softened digit probabilities.
std::vector<Candidate> SpelledValues(const ScoredSegmentation& segmentation, const ReadOptions& options) {
  std::vector<Candidate> beam = {{0, 1.0}};
  for (size_t g = 0; g < segmentation.glyphs.size(); ++g) {
    const DigitScores digit_scores = SoftenDigit(segmentation.glyphs[g].scores, options.digit_temperature);
    std::vector<Candidate> next;
    for (const Candidate& partial : beam)
      for (int d = 0; d < kDigitCount; ++d) {
        if (digit_scores[d] <= kNegligibleDigit) continue;
        // Nobody writes a leading zero ("07").
        const double lead = (g == 0 && d == 0 && segmentation.glyphs.size() > 1) ? options.leading_zero_factor : 1.0;
        next.push_back({partial.value * kDigitCount + d, partial.score * digit_scores[d] * lead});
      }
    std::sort(next.begin(), next.end(), [](const Candidate& a, const Candidate& b) { return a.score > b.score; });
    if (static_cast<int>(next.size()) > options.max_alternatives * kBeamPerAlternative)
      next.resize(options.max_alternatives * kBeamPerAlternative);
    beam = next;
  }
  return beam;
}

// Adds each of `segmentations` to `reading`, and the values it spells to
// `scores` (value -> best score); `best_value` is the best scored of them,
// `best_digits` the digits it was read in.
void ScoreSegmentations(const std::vector<ScoredSegmentation>& segmentations, const ReadOptions& options,
                        Reading& reading, std::map<int, double>& scores, int& best_value, int& best_digits) {
  // Numbers: a beam over each segmentation's digits. A candidate's score is
  // the product of its digit probabilities times the segmentation's prior
  // factors (at most 1), so a lone clean reading keeps its old meaning.
  double best_score = -1;
  for (const ScoredSegmentation& segmentation : segmentations) {
    double factor_log = segmentation.log_score;
    for (const ReadGlyph& glyph : segmentation.glyphs)
      factor_log -= std::log(std::max(kLeastGlyphProbability, BestProbability(glyph.scores)));
    const double factor = std::exp(std::min(0.0, factor_log));
    Segmentation kept;
    kept.factor = factor;
    for (const ReadGlyph& glyph : segmentation.glyphs) kept.digits.push_back(glyph.scores);
    reading.segmentations.push_back(std::move(kept));
    for (const Candidate& candidate : SpelledValues(segmentation, options)) {
      const double score = candidate.score * factor;
      double& kept_score = scores[candidate.value];
      kept_score = std::max(kept_score, score);
      if (score > best_score) {
        best_score = score;
        best_value = candidate.value;
        best_digits = static_cast<int>(segmentation.glyphs.size());
      }
    }
  }
}

// The reading's alternatives, the likeliest first, at most max_alternatives:
// the segmenter's values (`scores`) and, when the whole-number reader reads
// (its steps set in `reading`, `unsoftened` as read), its values too, each
// scored by both.
std::vector<Candidate> Alternatives(const CellInk& ink, DigitReader& reader, const ReadOptions& options,
                                    std::map<int, double>& scores, Reading& reading, NumberSteps& unsoftened) {
  std::vector<Candidate> alternatives;
  if (options.whole_number_weight > 0) reading.whole_steps = reader.ReadNumber(NumberInk(ink));
  unsoftened = reading.whole_steps;
  reading.whole_steps = SoftenSteps(unsoftened, options.whole_number_temperature);
  if (reading.whole_steps.empty()) {
    for (const auto& [value, score] : scores) alternatives.push_back({value, score});
  } else {
    // Both readers' values, each scored by both: the segmenter's beam may
    // lack the value the whole-number reader sees (a lost digit), and the
    // other way round.
    reading.whole_weight = options.whole_number_weight;
    reading.whole_floor = options.whole_number_floor;
    for (const SpelledNumber& spelled :
         LikeliestNumbers(reading.whole_steps, options.whole_number_candidates, options.max_digits))
      if (spelled.digits.size() == 1 || spelled.digits[0] != '0') scores.emplace(std::stoi(spelled.digits), 0.0);
    for (const auto& [value, score] : scores) alternatives.push_back({value, ValueScore(reading, value)});
  }
  std::sort(alternatives.begin(), alternatives.end(),
            [](const Candidate& a, const Candidate& b) { return a.score > b.score; });
  if (static_cast<int>(alternatives.size()) > options.max_alternatives) alternatives.resize(options.max_alternatives);
  return alternatives;
}
}  // namespace

Reading ReadCell(const CellInk& ink, DigitReader& reader, const ReadOptions& options) {
  Reading reading;
  reading.confidence = ink.confidence;
  switch (ink.kind) {
    case InkKind::kEmpty: reading.status = ReadingStatus::kEmpty; reading.raw = ""; return reading;
    case InkKind::kCrossed: return ReadCrossed(ink, reader, options, reading);
    case InkKind::kTicks:
      reading.status = ReadingStatus::kChecks;
      reading.checks = ink.ticks;
      reading.raw = std::string(ink.ticks, 'v');
      return reading;
    case InkKind::kNumber: break;
  }

  reading.digit_temperature = options.digit_temperature;
  reading.hidden_one = options.hidden_one_factor;
  const std::vector<ScoredSegmentation> segmentations = SegmentNumber(ink, reader, options);
  if (segmentations.empty()) {
    reading.status = ReadingStatus::kIllegible;
    reading.raw = "?";
    reading.confidence = 0;
    return reading;
  }

  std::map<int, double> scores;  // value -> best score
  int best_value = -1, best_digits = 0;
  ScoreSegmentations(segmentations, options, reading, scores, best_value, best_digits);
  NumberSteps unsoftened;
  const std::vector<Candidate> alternatives = Alternatives(ink, reader, options, scores, reading, unsoftened);
  reading.status = ReadingStatus::kNumber;
  reading.alternatives = alternatives;
  reading.value = alternatives.front().value;
  reading.number_confidence = alternatives.front().score;
  // How sure, on the scale of a probability: the same mix, steps as read.
  if (!reading.whole_steps.empty() || reading.digit_temperature > 1)
    reading.number_confidence = MixedScore(reading, unsoftened, std::to_string(reading.value), 1);
  reading.confidence = reading.number_confidence;
  // The raw text keeps every digit as read, leading zeros too ("07").
  std::ostringstream raw;
  raw << std::setw(best_value == reading.value ? best_digits : 1) << std::setfill('0') << reading.value;
  reading.raw = raw.str();
  return reading;
}

bool ReadOptions::Check() const {
  const auto Share = [](double x) { return x >= 0 && x <= 1; };  // a share or a probability
  return max_alternatives >= 1 && max_digits >= 1 && max_atoms >= 1 && max_segmentations >= 1 && split_aspect > 0 &&
         split3_aspect >= split_aspect && must_split_aspect >= split3_aspect && Share(sure_whole) &&
         Share(split_doubtful) && split_doubtful_aspect > 0 && cut_candidates >= 1 && cut_cost >= 0 &&
         cut_stroke_cost >= 0 && max_digit_aspect > 0 && width_weight >= 0 && Share(min_digit_height) &&
         height_weight >= 0 && Share(max_overlap) && overlap_weight >= 0 && Share(merge_overlap) && merge_weight >= 0 &&
         min_log_score <= 0 && hopeless_cost >= 0 && drop_cost >= 0 && drop_share_weight >= 0 &&
         drop_height_weight >= 0 && Share(prior_one_digit) && Share(prior_two_digits) && Share(prior_three_digits) &&
         Share(prior_more_digits) && Share(leading_zero_factor) && Share(sure_number) && Share(curved_cross_number) &&
         Share(straight_cross) && max_slant >= min_slant && slant_step > 0 && Share(sure_cut) && min_slant >= 0 &&
         whole_number_weight >= 0 && Share(whole_number_floor) && whole_number_temperature > 0 &&
         digit_temperature > 0 && hidden_one_factor >= 0 && whole_number_candidates >= 1 && bonus_points_step > 0;
}

}  // namespace scorecheck
