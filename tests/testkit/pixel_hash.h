#pragma once
// A hash of an image's pixels (FNV-1a), for the test kit's determinism tests:
// the same seed must draw the same pixels.

#include <cstddef>

#include <opencv2/core.hpp>

namespace scorecheck::testing {

inline std::size_t PixelHash(const cv::Mat& image) {
  std::size_t hash = 1469598103934665603ull;
  for (int r = 0; r < image.rows; ++r) {
    const uchar* row = image.ptr(r);
    for (size_t i = 0; i < image.cols * image.elemSize(); ++i) hash = (hash ^ row[i]) * 1099511628211ull;
  }
  return hash;
}

}  // namespace scorecheck::testing
