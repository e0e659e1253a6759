#include <algorithm>
#include <optional>
#include <string>
#include <utility>

#include "readings/read_cell.h"
#include "readings/segmenter.h"

namespace scorecheck {
namespace {

// How sure ticks are when counted by their shape alone, in ink the cells
// stage took for a number: as sure as the cells stage is of the ticks it
// counts itself (ClassifyMark's shape confidence).
constexpr double kShapeTicksConfidence = 0.9;

// The likeliest of `reading`'s values that is a whole number of bonuses (a
// positive multiple of `step`): its score and the value; {0, -1} when none.
std::pair<double, int> BestBonus(const Reading& reading, int step) {
  std::pair<double, int> best{0, -1};
  for (const Candidate& candidate : reading.alternatives)
    if (candidate.value > 0 && candidate.value % step == 0 && candidate.score > best.first)
      best = {candidate.score, candidate.value};
  return best;
}

// `ink` with only its blobs [from, to), as `kind`.
CellInk Part(const CellInk& ink, size_t from, size_t to, InkKind kind) {
  CellInk part = ink;
  part.kind = kind;
  part.blobs.assign(ink.blobs.begin() + from, ink.blobs.begin() + to);
  part.blob_masks.assign(ink.blob_masks.begin() + from, ink.blob_masks.begin() + to);
  cv::Mat mask = cv::Mat::zeros(ink.ink.size(), CV_8U);
  for (const cv::Mat& blob : part.blob_masks) mask |= blob;
  part.ink = cv::Mat::zeros(ink.ink.size(), CV_8U);
  ink.ink.copyTo(part.ink, mask);
  return part;
}

// How unlike digits blobs [from, to) of `ink` are: the product over them of
// what the digit reader leaves to "not one digit" (1 less its best digit
// probability). A tick reads as a doubtful 7 or 4, or as nothing; a 1
// written before "50" reads as a sure 1.
double TickLikeness(const CellInk& ink, size_t from, size_t to, DigitReader& reader) {
  double likeness = 1;
  for (size_t b = from; b < to; ++b) {
    const cv::Rect& box = ink.blobs[b];
    cv::Mat glyph = cv::Mat::zeros(box.size(), CV_8U);
    ink.ink(box).copyTo(glyph, ink.blob_masks[b](box));
    likeness *= 1 - BestProbability(reader.Classify(glyph));
  }
  return likeness;
}

}  // namespace

Reading ReadTicksOrPoints(const CellInk& as_value, const CellInk& as_ticks, DigitReader& reader,
                          const ReadOptions& options) {
  Reading as_number = ReadCell(as_value, reader, options);
  if (as_number.status != ReadingStatus::kNumber && as_number.status != ReadingStatus::kIllegible) return as_number;
  // A tick reads as a 1, a 4 or a 7, two ticks as 11 or 14, never as a whole
  // number of bonuses; points are 100, 200, ... (rock: 50, 150), and a messy
  // 100 still has it among its readings.
  const int step = std::max(1, options.bonus_points_step);
  const double whole = BestBonus(as_number, step).first;
  // Ticks and the points they are worth in the same box: the marks at one end
  // are ticks, the rest a whole number of bonuses. Read as one number, the
  // ticks joined the digits ("v100" read 1100 or 7100) or were dropped as
  // stray marks, and the ticks were lost. Weighed against the whole read as
  // a number by how little the tick marks read as digits: a 1 before "50"
  // is "150", not a tick and 50.
  std::optional<Reading> both;
  double both_score = 0;
  const size_t n = as_value.blobs.size();
  if (as_value.kind == InkKind::kNumber)
    for (size_t k = 1; k < n; ++k)
      for (const bool ticks_first : {true, false}) {
        const size_t tick_from = ticks_first ? 0 : n - k, tick_to = ticks_first ? k : n;
        const std::vector<cv::Rect> tick_boxes(as_value.blobs.begin() + tick_from, as_value.blobs.begin() + tick_to);
        const int ticks = CountTicks(tick_boxes, as_value.cell_in_crop.height);
        if (ticks == 0) continue;
        const Reading points =
            ReadCell(Part(as_value, ticks_first ? k : 0, ticks_first ? n : n - k, InkKind::kNumber), reader, options);
        if (points.status != ReadingStatus::kNumber) continue;
        const auto [score, value] = BestBonus(points, step);
        if (value < 0) continue;
        const double weighed = score * TickLikeness(as_value, tick_from, tick_to, reader);
        if (weighed <= both_score) continue;
        both_score = weighed;
        Reading reading;
        reading.status = ReadingStatus::kChecks;
        reading.checks = ticks;
        reading.points = value;
        reading.points_confidence = value == points.value ? points.number_confidence : score;
        reading.confidence = as_ticks.kind == InkKind::kTicks ? as_ticks.confidence : kShapeTicksConfidence;
        const std::string marks(ticks, 'v');
        reading.raw = ticks_first ? marks + std::to_string(value) : std::to_string(value) + marks;
        both = reading;
      }
  if (both && both_score > whole) return *both;
  if (whole > 0) return as_number;
  if (as_ticks.kind != InkKind::kTicks) return as_number;
  return ReadCell(as_ticks, reader, options);
}

}  // namespace scorecheck
