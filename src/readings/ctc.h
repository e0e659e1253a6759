#pragma once
// CTC decoding for the box reader (issue 62): pure functions on the model's
// per-step log-probabilities. At each step the model gives the log-probability
// of "blank" (class 0: no new digit) and of each digit d (class d + 1). A
// digit string's probability is the sum over every alignment (per-step class
// sequence) that collapses to it: repeats merged, then blanks removed.

#include <array>
#include <string>
#include <vector>

namespace scorecheck {

/// Per-step log-probabilities (after log-softmax): [0] blank, [d + 1] digit d.
using CtcSteps = std::vector<std::array<float, 11>>;

/// The longest digit string a CTC decoder here takes: it codes a prefix as a
/// base-11 number of its digits + 1 in 64 bits, and 11^18 fits (11^19 does
/// not).
inline constexpr int kMostCodedDigits = 18;

/// A decoded digit string and its log-probability, summed over alignments.
struct CtcString {
  std::string digits;  ///< '0'..'9' only; empty for "no digits" (all blank)
  double log_prob = 0;  ///< natural log of its probability
};

/// Exact log-probability that `log_probs` spell `digits` (the CTC forward
/// algorithm, in log space, double precision). The empty string is the
/// all-blank alignment. -infinity when it cannot be spelt (too few steps).
/// Throws Error when `digits` holds something other than '0'..'9'.
double CtcLabelLogProb(const CtcSteps& log_probs, const std::string& digits);

/// Prefix beam search: the most probable digit strings, best first (ties by
/// digit string), at most `beam_width` of them, each with its log-probability
/// summed over the alignments the beam kept (exact when nothing was pruned:
/// beam_width at least the number of strings of up to max_digits digits).
/// Strings longer than `max_digits` are dropped as soon as they appear; their
/// probability is not returned. The empty string takes part like any other.
/// Throws Error when beam_width < 1 or max_digits is not 0..18.
std::vector<CtcString> CtcBeamSearch(const CtcSteps& log_probs, int beam_width, int max_digits);

}  // namespace scorecheck
