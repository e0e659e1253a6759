// CTC decoding against brute force: every alignment of a few random steps
// enumerated, collapsed to its digit string and summed. CtcLabelLogProb must
// give each string's exact sum, and a beam wide enough to prune nothing must
// give the exact ranking.

#include "readings/ctc.h"

#include "core/error.h"

#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <limits>
#include <map>
#include <random>
#include <string>
#include <vector>

namespace scorecheck {
namespace {

// Random steps: normal logits (spread `spread`) through a log-softmax.
CtcSteps RandomSteps(int steps, unsigned seed, double spread = 2.0) {
  std::mt19937 rng(seed);
  std::normal_distribution<double> normal(0.0, spread);
  CtcSteps out(steps);
  for (auto& step : out) {
    std::array<double, 11> logits;
    double top = -1e300;
    for (double& v : logits) top = std::max(top, v = normal(rng));
    double sum = 0;
    for (double v : logits) sum += std::exp(v - top);
    for (int c = 0; c < 11; ++c) step[c] = static_cast<float>(logits[c] - top - std::log(sum));
  }
  return out;
}

// Every alignment (11^T of them) collapsed: digit string -> probability.
std::map<std::string, double> BruteForce(const CtcSteps& steps) {
  const int t_count = static_cast<int>(steps.size());
  std::map<std::string, double> sums;
  std::vector<int> path(t_count, 0);
  while (true) {
    std::string s;
    double log_p = 0;
    int previous = 0;
    for (int t = 0; t < t_count; ++t) {
      log_p += steps[t][path[t]];
      if (path[t] != 0 && path[t] != previous) s += static_cast<char>('0' + path[t] - 1);
      previous = path[t];
    }
    sums[s] += std::exp(log_p);
    int t = 0;
    while (t < t_count && ++path[t] == 11) path[t++] = 0;
    if (t == t_count) break;
  }
  return sums;
}

std::vector<CtcString> Ranked(const std::map<std::string, double>& sums, int max_digits) {
  std::vector<CtcString> ranked;
  for (const auto& [s, p] : sums)
    if (static_cast<int>(s.size()) <= max_digits) ranked.push_back({s, std::log(p)});
  std::sort(ranked.begin(), ranked.end(), [](const CtcString& a, const CtcString& b) { return a.log_prob > b.log_prob; });
  return ranked;
}

TEST(CtcTest, LabelLogProbIsTheSumOverAlignments) {
  for (int steps = 1; steps <= 6; ++steps) {
    const CtcSteps log_probs = RandomSteps(steps, 100 + steps);
    const std::map<std::string, double> sums = BruteForce(log_probs);
    double total = 0;
    for (const auto& [s, p] : sums) {
      total += p;
      EXPECT_NEAR(CtcLabelLogProb(log_probs, s), std::log(p), 1e-9) << "T=" << steps << " '" << s << "'";
    }
    EXPECT_NEAR(total, 1.0, 1e-5);  // the float steps sum to 1 to float precision
  }
}

TEST(CtcTest, StringsThatCannotBeSpeltHaveNoProbability) {
  const CtcSteps log_probs = RandomSteps(4, 7);
  const double minus_infinity = -std::numeric_limits<double>::infinity();
  EXPECT_EQ(CtcLabelLogProb(log_probs, "12345"), minus_infinity);  // more digits than steps
  EXPECT_EQ(CtcLabelLogProb(log_probs, "111"), minus_infinity);    // 1 _ 1 _ 1 needs 5 steps
  EXPECT_GT(CtcLabelLogProb(log_probs, "121"), minus_infinity);    // 1 2 1 fits in 3
  EXPECT_EQ(CtcLabelLogProb({}, ""), 0.0);
  EXPECT_EQ(CtcLabelLogProb({}, "3"), minus_infinity);
  EXPECT_THROW(CtcLabelLogProb(log_probs, "1a"), Error);
}

TEST(CtcTest, EmptyStringIsAllBlank) {
  const CtcSteps log_probs = RandomSteps(5, 9);
  double all_blank = 0;
  for (const auto& step : log_probs) all_blank += step[0];
  EXPECT_NEAR(CtcLabelLogProb(log_probs, ""), all_blank, 1e-12);
}

TEST(CtcTest, WideBeamIsExact) {
  for (int steps = 3; steps <= 5; ++steps) {
    // Peaked steps, so that a few strings stand out from the rest.
    const CtcSteps log_probs = RandomSteps(steps, 200 + steps, 3.0);
    const int max_digits = steps == 5 ? 2 : steps;  // T=5: only up to 2 digits, the rest dropped
    const std::vector<CtcString> expected = Ranked(BruteForce(log_probs), max_digits);
    const std::vector<CtcString> beam = CtcBeamSearch(log_probs, 1000000, max_digits);
    ASSERT_EQ(beam.size(), expected.size()) << "T=" << steps;
    for (size_t i = 0; i < expected.size(); ++i) {
      if (i < 30) {
        EXPECT_EQ(beam[i].digits, expected[i].digits) << "T=" << steps << " rank " << i;
      }
      EXPECT_NEAR(beam[i].log_prob, CtcLabelLogProb(log_probs, beam[i].digits), 1e-9) << beam[i].digits;
    }
    for (size_t i = 0; i < 30 && i < expected.size(); ++i)
      EXPECT_NEAR(beam[i].log_prob, expected[i].log_prob, 1e-9) << "T=" << steps << " rank " << i;
  }
}

TEST(CtcTest, NarrowBeamFindsTheClearWinnerAndRepeats) {
  // Steps sure of 1, 1, blank, 1, 7, 7: "117" (the held 1 merges, the blank
  // separates the second one).
  CtcSteps log_probs(6);
  const int sure[6] = {2, 2, 0, 2, 8, 8};
  for (int t = 0; t < 6; ++t) {
    for (int c = 0; c < 11; ++c) log_probs[t][c] = std::log(0.01f);
    log_probs[t][sure[t]] = std::log(0.9f);
  }
  const std::vector<CtcString> beam = CtcBeamSearch(log_probs, 8, 4);
  ASSERT_FALSE(beam.empty());
  EXPECT_LE(beam.size(), 8u);
  EXPECT_EQ(beam[0].digits, "117");
  EXPECT_NEAR(beam[0].log_prob, CtcLabelLogProb(log_probs, "117"), 1e-3);
  for (size_t i = 1; i < beam.size(); ++i) EXPECT_GE(beam[i - 1].log_prob, beam[i].log_prob);
  // Two digits at most: "117" cannot be returned.
  for (const CtcString& s : CtcBeamSearch(log_probs, 8, 2)) EXPECT_LE(s.digits.size(), 2u);
  EXPECT_THROW(CtcBeamSearch(log_probs, 0, 4), Error);
}

}  // namespace
}  // namespace scorecheck
