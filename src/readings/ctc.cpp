#include "readings/ctc.h"

#include <algorithm>
#include <cmath>
#include <cstdint>
#include <limits>
#include <unordered_map>

#include "core/error.h"
#include "core/image_constants.h"
#include "readings/box_reader.h"

namespace scorecheck {
namespace {

constexpr double kNegInf = -std::numeric_limits<double>::infinity();

// log(exp(a) + exp(b)), exact for -infinity on either side.
double LogAdd(double a, double b) {
  if (a == kNegInf) return b;
  if (b == kNegInf) return a;
  const double hi = std::max(a, b), lo = std::min(a, b);
  return hi + std::log1p(std::exp(lo - hi));
}

}  // namespace

double CtcLabelLogProb(const CtcSteps& log_probs, const std::string& digits) {
  for (char c : digits) SC_CHECK(c >= '0' && c <= '9', "CTC label '" << digits << "' holds a non-digit");
  // Extended labels: blank, l1, blank, l2, ..., lL, blank (2L + 1 states).
  const int labels = static_cast<int>(digits.size()), states = 2 * labels + 1;
  auto class_of = [&](int s) { return s % 2 == 0 ? 0 : digits[s / 2] - '0' + 1; };
  const int steps = static_cast<int>(log_probs.size());
  if (steps == 0) return labels == 0 ? 0.0 : kNegInf;

  std::vector<double> alpha(states, kNegInf), next(states);
  alpha[0] = log_probs[0][0];
  if (labels > 0) alpha[1] = log_probs[0][class_of(1)];
  for (int t = 1; t < steps; ++t) {
    for (int s = 0; s < states; ++s) {
      double a = alpha[s];
      if (s >= 1) a = LogAdd(a, alpha[s - 1]);
      // Skip over a blank between two different digits (not between repeats:
      // "11" needs a blank between its ones).
      if (s >= 2 && s % 2 == 1 && class_of(s) != class_of(s - 2)) a = LogAdd(a, alpha[s - 2]);
      next[s] = a == kNegInf ? kNegInf : a + log_probs[t][class_of(s)];
    }
    alpha.swap(next);
  }
  return labels == 0 ? alpha[0] : LogAdd(alpha[states - 1], alpha[states - 2]);
}

std::vector<CtcString> CtcBeamSearch(const CtcSteps& log_probs, int beam_width, int max_digits) {
  SC_CHECK(beam_width >= 1, "CTC beam width " << beam_width << " must be at least 1");
  SC_CHECK(max_digits >= 0 && max_digits <= kMostCodedDigits, "CTC max digits " << max_digits << " must be 0..18");
  // A prefix is coded as a base-11 number of its digits + 1 (0: the empty
  // prefix), so that the search allocates no strings: 18 digits fit in 64 bits.
  // Per prefix: log-probability of the alignments so far that spell it and
  // end in a blank (blank) or in its last digit (digit). The split is what
  // lets a repeated digit be told from a held one: "1" then "1" extends the
  // prefix only after a blank.
  struct Prefix {
    uint64_t code = 0;
    int length = 0;
    double blank = kNegInf, digit = kNegInf;
    double Total() const { return LogAdd(blank, digit); }
  };
  std::vector<Prefix> beam = {Prefix{0, 0, 0.0, kNegInf}}, next;
  std::unordered_map<uint64_t, size_t> index;  // code -> position in next
  // The prefix `code` in next, added if new. The reference is used before the
  // next call (a push_back may move the vector).
  auto entry = [&](uint64_t code, int length) -> Prefix& {
    const auto [it, added] = index.try_emplace(code, next.size());
    if (added) next.push_back(Prefix{code, length});
    return next[it->second];
  };
  for (const auto& step : log_probs) {
    next.clear();
    next.reserve(beam.size() * kCtcClasses);  // each prefix makes at most itself and ten longer ones
    index.clear();
    for (const Prefix& prefix : beam) {
      const double total = prefix.Total();
      // Blank: the prefix stays, now ending in a blank.
      Prefix& same = entry(prefix.code, prefix.length);
      same.blank = LogAdd(same.blank, total + step[0]);
      const int last = prefix.length == 0 ? -1 : static_cast<int>(prefix.code % kCtcClasses) - 1;
      const bool can_grow = prefix.length < max_digits;
      for (int d = 0; d < kDigitCount; ++d) {
        const double p = step[d + 1];
        const uint64_t longer = prefix.code * kCtcClasses + d + 1;
        if (d == last) {
          // The held digit: the prefix stays; after a blank: a new digit.
          Prefix& held = entry(prefix.code, prefix.length);
          held.digit = LogAdd(held.digit, prefix.digit + p);
          if (can_grow && prefix.blank != kNegInf) {
            Prefix& grown = entry(longer, prefix.length + 1);
            grown.digit = LogAdd(grown.digit, prefix.blank + p);
          }
        } else if (can_grow) {
          Prefix& grown = entry(longer, prefix.length + 1);
          grown.digit = LogAdd(grown.digit, total + p);
        }
      }
    }
    beam.swap(next);
    if (static_cast<int>(beam.size()) > beam_width) {
      std::partial_sort(beam.begin(), beam.begin() + beam_width, beam.end(), [](const Prefix& a, const Prefix& b) {
        const double ta = a.Total(), tb = b.Total();
        return ta != tb ? ta > tb : a.code < b.code;
      });
      beam.resize(beam_width);
    }
  }
  std::vector<CtcString> strings;
  strings.reserve(beam.size());
  for (const Prefix& prefix : beam) {
    const double total = prefix.Total();
    if (total == kNegInf) continue;
    std::string digits(prefix.length, '0');
    uint64_t code = prefix.code;
    for (int i = prefix.length - 1; i >= 0; --i, code /= kCtcClasses)
      digits[i] = static_cast<char>('0' + code % kCtcClasses - 1);
    strings.push_back({std::move(digits), total});
  }
  std::sort(strings.begin(), strings.end(), [](const CtcString& a, const CtcString& b) {
    return a.log_prob != b.log_prob ? a.log_prob > b.log_prob : a.digits < b.digits;
  });
  return strings;
}

}  // namespace scorecheck
