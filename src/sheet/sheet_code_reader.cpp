#include "sheet/sheet_code_reader.h"

#define ZX_USE_UTF8 1
#include <ZXing/ReadBarcode.h>

#include <opencv2/imgproc.hpp>

namespace scorecheck {

std::optional<SheetCodeRead> ReadSheetCode(const cv::Mat& image) {
  if (image.empty() || image.depth() != CV_8U) return std::nullopt;
  cv::Mat gray;
  if (image.channels() == 3) cv::cvtColor(image, gray, cv::COLOR_BGR2GRAY);
  else if (image.channels() == 4) cv::cvtColor(image, gray, cv::COLOR_BGRA2GRAY);
  else gray = image;
  if (!gray.isContinuous()) gray = gray.clone();

  ZXing::DecodeHints hints;
  hints.setFormats(ZXing::BarcodeFormat::QRCode);
  hints.setTryHarder(true);
  hints.setTryRotate(true);
  const ZXing::ImageView view(gray.data, gray.cols, gray.rows, ZXing::ImageFormat::Lum, static_cast<int>(gray.step));
  const ZXing::Result result = ZXing::ReadBarcode(view, hints);
  if (!result.isValid()) return std::nullopt;
  SheetCodeRead read;
  read.payload = result.text();
  const auto& position = result.position();
  for (int i = 0; i < 4; ++i) read.corners[i] = cv::Point2f(static_cast<float>(position[i].x), static_cast<float>(position[i].y));
  return read;
}

}  // namespace scorecheck
