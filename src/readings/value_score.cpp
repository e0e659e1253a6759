#include "readings/value_score.h"

// GCC 12 at -O2 warns falsely about std::string copies in this file
// (-Wrestrict, GCC bug 105329); nothing here overlaps.
#pragma GCC diagnostic ignored "-Wrestrict"

#include <algorithm>
#include <cmath>
#include <numeric>
#include <optional>

#include "core/image_constants.h"

namespace scorecheck {

DigitScores SoftenDigit(const DigitScores& scores, double temperature) {
  if (temperature <= 1) return scores;
  // The reject output's share is what the ten digits leave (11-way softmax).
  std::array<float, kDigitsAndReject> eleven{};
  double sum = 0;
  for (int d = 0; d < kDigitCount; ++d) sum += eleven[d] = std::max(0.0f, scores[d]);
  eleven[kDigitCount] = static_cast<float>(std::max(0.0, 1.0 - sum));
  SoftenEleven(eleven, temperature);
  DigitScores softened{};
  std::copy_n(eleven.begin(), kDigitCount, softened.begin());
  return softened;
}

// ValueScore() of `digits` with the given whole-number steps (the reading's
// own, softened, or the steps as read for the confidence).
double MixedScore(const Reading& reading, const NumberSteps& steps, const std::string& digits, double temperature) {
  // The segmenter's best score of `spelled`; with `hidden_at` (a position in
  // `digits`), of `spelled` being those digits less a 1 there, hidden in the
  // glyph before or after it (see below).
  // `side` (with `hidden_at`): the share of a host glyph's credit when the 1
  // would follow its digit (`after`: the glyph before the 1's place) or
  // precede it (`before`: the glyph after); see side_share below.
  struct Sides {
    double after = 1, before = 1;
  };
  const auto segmenter = [&](const std::string& spelled, std::optional<size_t> hidden_at = std::nullopt,
                             Sides side = {}) {
    double best = 0;
    for (const Segmentation& segmentation : reading.segmentations) {
      if (segmentation.digits.size() != spelled.size()) continue;
      double score = segmentation.factor, host_reject = 0;
      for (size_t k = 0; k < spelled.size(); ++k) {
        const DigitScores soft = SoftenDigit(segmentation.digits[k], temperature);
        score *= soft[spelled[k] - '0'];
        if (hidden_at && (k + 1 == *hidden_at || k == *hidden_at))
          host_reject = std::max(host_reject, (1.0 - std::accumulate(soft.begin(), soft.end(), 0.0)) *
                                                  (k + 1 == *hidden_at ? side.after : side.before));
      }
      best = std::max(best, hidden_at ? score * reading.hidden_one * host_reject : score);
    }
    return best;
  };
  // A glyph hiding a 1 says nothing of which side of its digit the 1 is on:
  // "212" and "221" both read "22" with a doubtful second glyph, and a total
  // written with two digits swapped (a player's slip) passed for a misread of
  // its sum. The whole-number reader sees the order: the 1 on this side keeps
  // the credit, scaled down by as much as that reader finds the 1 likelier on the
  // other side. (Split between the two orders instead, an order it cannot
  // tell halved both: a "15" read "5", with "15" and "51" alike to it, was no
  // longer found for a total that needed it.)
  const bool whole = !steps.empty() && reading.whole_weight > 0;  // the whole-number reader has a say
  const double here = whole ? SequenceProbability(steps, digits) : 0;
  const auto side_share = [&](size_t one, size_t other) {
    std::string swapped = digits;
    std::swap(swapped[one], swapped[other]);
    if (!whole || swapped == digits) return 1.0;
    const double there = SequenceProbability(steps, swapped);
    return there > here ? here / there : 1.0;
  };
  double best = segmenter(digits);
  // A 1 the segmenter may have lost: one leaning into its neighbour, or
  // written over its edge, is part of that digit's glyph (a "10" whose 1
  // overlaps the 0 reads "0"; a "318" reads "38"). Such a glyph is not one
  // digit, which the classifier's reject output says: the value without the
  // 1, as the segmenter reads it, times the reject share of the glyph the 1
  // would be part of (the more doubtful of its neighbours), times hidden_one.
  // A clean "5" (reject share ~0.001) does not turn into "15".
  if (reading.hidden_one > 0 && digits.size() > 1)
    for (size_t i = 0; i < digits.size(); ++i) {
      if (digits[i] != '1') continue;
      const std::string rest = digits.substr(0, i) + digits.substr(i + 1);
      if (rest.size() > 1 && rest[0] == '0') continue;
      const Sides side{i > 0 ? side_share(i, i - 1) : 1.0, i + 1 < digits.size() ? side_share(i, i + 1) : 1.0};
      best = std::max(best, segmenter(rest, i, side));
    }
  if (!whole) return best;
  // A geometric mix: a value both readers find likely keeps its score; one
  // the segmenter cannot spell at all (a lost digit) needs the other's
  // conviction to come up.
  return std::pow(std::max(best, reading.whole_floor), 1 - reading.whole_weight) * std::pow(here, reading.whole_weight);
}

double ValueScore(const Reading& reading, int value) {
  if (reading.box)
    return value < 0 ? 0 : reading.box->state[static_cast<int>(BoxState::kNumber)] * reading.box->NumberProbability(value);
  return value < 0 ? 0 : MixedScore(reading, reading.whole_steps, std::to_string(value), reading.digit_temperature);
}

}  // namespace scorecheck
