#pragma once
// Finds and decodes the QR sheet code printed on scorecheck's own sheets.
// ZXing (Debian's libzxing) does the decoding: Debian's OpenCV is built
// without a QR decoder. ZXing types stay inside sheet_code_reader.cpp.

#include <array>
#include <optional>
#include <string>

#include <opencv2/core.hpp>

namespace scorecheck {

/// A decoded QR code.
struct SheetCodeRead {
  std::string payload;                   ///< the text it holds
  std::array<cv::Point2f, 4> corners{};  ///< top-left, top-right, bottom-right, bottom-left of the code, image pixels
};

/// Looks for a QR code in `image` (gray or BGR, 8-bit) and decodes it; nullopt
/// when there is none or it cannot be read. Rotated codes are found too.
std::optional<SheetCodeRead> ReadSheetCode(const cv::Mat& image);

}  // namespace scorecheck
