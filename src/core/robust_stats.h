#pragma once
// Robust summaries of measurements that a few strays (a digit over a line, a
// header row among printed rows) must not move. Shared by the stages.

#include <algorithm>
#include <cmath>
#include <vector>

namespace scorecheck {

/// How far a quartile of a normal distribution lies from its median, in
/// standard deviations.
constexpr double kNormalQuartileSigmas = 0.674;
/// A normal distribution's standard deviation over its median absolute
/// deviation from the median (1 / 0.6745).
constexpr double kNormalSigmasPerMad = 1.4826;

/// The standard deviation of a normal spread whose median lies
/// `median_to_quartile` from one of its quartiles.
inline double SigmaFromQuartile(double median_to_quartile) { return median_to_quartile / kNormalQuartileSigmas; }

/// The median of `values` (the upper one of an even count); 0 when empty.
inline double Median(std::vector<double> values) {
  if (values.empty()) return 0;
  const auto middle = values.begin() + static_cast<long>(values.size() / 2);
  std::nth_element(values.begin(), middle, values.end());
  return *middle;
}

/// Scaled median absolute deviation: a standard deviation that a few strays
/// do not move. Very large for fewer than three values (nothing to go on).
inline double RobustSpread(const std::vector<double>& values) {
  if (values.size() < 3) return 1e9;
  const double centre = Median(values);
  std::vector<double> deviations;
  for (double v : values) deviations.push_back(std::abs(v - centre));
  return kNormalSigmasPerMad * Median(deviations);
}

}  // namespace scorecheck
