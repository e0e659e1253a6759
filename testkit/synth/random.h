#pragma once
// Random draws shared by the synthetic handwriting and capture code. Every
// draw comes from the caller's std::mt19937, so a card is a function of its
// seed alone.

#include <algorithm>
#include <cstdint>
#include <random>

#include <opencv2/core.hpp>

namespace scorecheck::synth_random {

inline constexpr double kPi = 3.14159265358979323846;

inline double Uniform(std::mt19937& rng, double lo, double hi) {
  return std::uniform_real_distribution<double>(lo, hi)(rng);
}

inline double Normal(std::mt19937& rng, double mean, double sd) {
  return std::normal_distribution<double>(mean, sd)(rng);
}

inline double ClampedNormal(std::mt19937& rng, double mean, double sd, double lo, double hi) {
  return std::clamp(Normal(rng, mean, sd), lo, hi);
}

inline bool Chance(std::mt19937& rng, double p) { return Uniform(rng, 0.0, 1.0) < p; }

inline int UniformInt(std::mt19937& rng, int lo, int hi) { return std::uniform_int_distribution<int>(lo, hi)(rng); }

/// OpenCV's generator seeded from ours, for bulk noise (cv::RNG::fill), so that
/// the output depends only on the caller's rng.
inline cv::RNG CvRng(std::mt19937& rng) {
  const std::uint64_t high = rng();
  return cv::RNG((high << 32) | rng());
}

}  // namespace scorecheck::synth_random
