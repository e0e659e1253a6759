#pragma once
// Writing pictures (overlays, crops) so that no reader ever sees half a file.

#include <string>

#include <opencv2/core.hpp>

namespace scorecheck {

/// Encodes `image` by `path`'s extension (.png, .jpg; none = PNG) and writes
/// it through a temporary file and a rename (WriteFileAtomic). JPEG quality
/// `jpeg_quality` (0..100; default 85). Throws Error naming the path when the
/// image cannot be encoded or written.
void WriteImageAtomic(const std::string& path, const cv::Mat& image, int jpeg_quality = 85);

}  // namespace scorecheck
