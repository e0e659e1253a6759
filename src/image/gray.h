#pragma once
// One grey picture of a colour one, the way every stage that measures
// brightness takes it.

#include <opencv2/core.hpp>

namespace scorecheck {

/// `image` in grey: BGR or BGRA converted (the alpha dropped), a grey image
/// itself (shared, not copied).
cv::Mat Gray(const cv::Mat& image);

}  // namespace scorecheck
