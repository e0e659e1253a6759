#pragma once
// A mask of some of the pieces a connected-components labelling found.

#include <vector>

#include <opencv2/core.hpp>

namespace scorecheck {

/// 255 where `labels` (CV_32S, from cv::connectedComponents) holds a label
/// whose entry in `keep` is non-zero, 0 elsewhere; CV_8U, `labels`' size.
/// `keep` has an entry for every label, the background's (0) included.
cv::Mat MaskOfLabels(const cv::Mat& labels, const std::vector<uchar>& keep);

}  // namespace scorecheck
