#pragma once
// JPEG decoding through libjpeg itself rather than OpenCV's reader, for what
// OpenCV hides: libjpeg's warnings about corrupt data (OpenCV lets libjpeg
// print them on the user's terminal and hands back a half-grey picture), and
// the EXIF orientation, read here from the file's own APP1 segment.

#include <cstdint>
#include <string>

#include <opencv2/core.hpp>

namespace scorecheck {

/// A decoded JPEG, or why not.
struct DecodedJpeg {
  cv::Mat image;           ///< 8-bit BGR (gray for a gray JPEG), as stored: orientation not applied
  int exif_orientation = 1;  ///< EXIF Orientation, 1..8 (1: as stored)
  std::string damage;      ///< non-empty when libjpeg found the image data corrupt: what it said
  std::string error;       ///< non-empty when the data could not be decoded at all
  bool too_large = false;  ///< ... because its frame has more pixels than allowed
};

/// Decodes `bytes` (a whole JPEG file) of at most `max_pixels`. Never prints,
/// never throws for the content.
DecodedJpeg DecodeJpeg(const std::string& bytes, std::int64_t max_pixels);

/// `image` turned and flipped upright per EXIF `orientation` (1..8).
cv::Mat ApplyExifOrientation(const cv::Mat& image, int orientation);

}  // namespace scorecheck
