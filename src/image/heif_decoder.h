#pragma once
// HEIC/HEIF photos (an iPhone's default) decoded with libheif: the primary
// image, turned and mirrored as its file says (its irot/imir boxes).

#include <cstdint>
#include <string>

#include <opencv2/core.hpp>

namespace scorecheck {

struct DecodedHeif {
  cv::Mat image;        ///< 8-bit BGR, upright; empty on failure
  bool too_large = false;
  std::string error;    ///< why not, in words; empty when decoded
};

/// Decodes the primary image of a HEIF file held in `bytes`; refuses one of
/// more than `max_pixels` before decoding it.
DecodedHeif DecodeHeif(const std::string& bytes, std::int64_t max_pixels);

}  // namespace scorecheck
