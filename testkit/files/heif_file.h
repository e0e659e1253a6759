#pragma once
// An iPhone-like HEIC file: the picture HEVC-coded by libheif, stored as the
// camera held it, with the rotation that shows it upright in its irot box.

#include <string>

#include <opencv2/core.hpp>

namespace scorecheck::testkit {

/// The HEIC bytes of `upright` (8-bit BGR) stored turned so that a viewer
/// applying the file's orientation `exif_orientation` (1 = as is, 6 = turn 90
/// degrees clockwise to view, 3 = 180, 8 = 270) sees `upright` again. Throws
/// std::runtime_error when libheif has no HEVC encoder.
std::string HeifFile(const cv::Mat& upright, int exif_orientation = 1, int quality = 90);

}  // namespace scorecheck::testkit
