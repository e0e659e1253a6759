#include "readings/tesseract_digits.h"

#include <algorithm>
#include <cctype>

#include <opencv2/imgproc.hpp>
#include <tesseract/baseapi.h>

#include "core/error.h"
#include "core/image_constants.h"
#include "labels/text_reader.h"

namespace scorecheck {
namespace {

// The resolution the prepared image is said to have, dots per inch:
// Tesseract's own working resolution for print.
constexpr int kStatedDpi = 300;
// A digit string longer than this is no score (a card's totals have at most
// four digits) but marks read as digits; it stays text, and std::stoi stays
// far inside int's range.
constexpr size_t kMostValueDigits = 6;
// TesseractDigitsOptions::digit_height_px's range, pixels: under 8 Tesseract
// finds no text line; over 400 a larger image only costs time.
constexpr int kLeastDigitHeightPx = 8, kMostDigitHeightPx = 400;

tesseract::PageSegMode ToPsm(TesseractLayout layout) {
  return layout == TesseractLayout::kSingleWord ? tesseract::PSM_SINGLE_WORD : tesseract::PSM_SINGLE_LINE;
}

class TesseractDigitsImpl : public TesseractDigits {
 public:
  explicit TesseractDigitsImpl(const TesseractDigitsOptions& options) : options_(options) {
    const char* datapath = options.tessdata_dir.empty() ? nullptr : options.tessdata_dir.c_str();
    // LSTM only: the legacy engine is not in every packaged traineddata, and
    // LSTM is what Tesseract 5 recommends for anything but odd fonts.
    SC_CHECK(api_.Init(datapath, options.language.c_str(), tesseract::OEM_LSTM_ONLY) == 0,
             "Tesseract cannot load " << options.language << ".traineddata"
                                      << (datapath ? std::string(" from ") + datapath : std::string()));
    api_.SetPageSegMode(ToPsm(options.layout));
    api_.SetVariable("tessedit_char_whitelist", "0123456789");
    // Without a dictionary nothing pulls a digit string toward an English word.
    api_.SetVariable("load_system_dawg", "0");
    api_.SetVariable("load_freq_dawg", "0");
    // Tesseract's own notes ("Image too small to scale!!" for a sliver it
    // takes for a text line) would land on the user's terminal beside our
    // one-line messages; they say nothing the result does not.
    api_.SetVariable("debug_file", "/dev/null");
  }
  ~TesseractDigitsImpl() override { api_.End(); }

  TesseractReading Read(const cv::Mat& ink) override {
    TesseractReading reading;
    const cv::Mat image = PrepareForTesseract(ink, options_);
    if (image.empty()) return reading;
    KeepOcrOnThisThread();
    api_.SetImage(image.data, image.cols, image.rows, 1, static_cast<int>(image.step));
    // The prepared image has no meaningful dpi; saying 300 keeps Tesseract
    // from guessing (and warning) on every cell.
    api_.SetSourceResolution(kStatedDpi);
    std::unique_ptr<char[]> text(api_.GetUTF8Text());
    if (text)
      for (const char* c = text.get(); *c; ++c)
        if (std::isdigit(static_cast<unsigned char>(*c))) reading.text += *c;
    reading.confidence = std::clamp(api_.MeanTextConf() / kPercent, 0.0, 1.0);
    api_.Clear();
    if (!reading.text.empty() && reading.text.size() <= kMostValueDigits) reading.value = std::stoi(reading.text);
    return reading;
  }

 private:
  TesseractDigitsOptions options_;
  tesseract::TessBaseAPI api_;
};

}  // namespace

bool TesseractDigitsOptions::Check() const {
  return !language.empty() && digit_height_px >= kLeastDigitHeightPx && digit_height_px <= kMostDigitHeightPx &&
         padding_px >= 0 && ink_threshold >= 0 && ink_threshold < kWhite && min_mark_height >= 0 &&
         min_mark_height <= 1;
}

cv::Mat PrepareForTesseract(const cv::Mat& ink, const TesseractDigitsOptions& options) {
  SC_CHECK(ink.empty() || ink.type() == CV_8UC1, "PrepareForTesseract needs 8-bit single-channel ink");
  if (ink.empty()) return {};
  // Drop specks (a dot of dust, the tip of a neighbour's digit) the way our
  // reader drops them, so that both readers see the same marks: Tesseract
  // otherwise reads them as digits or lets them stretch the crop.
  cv::Mat labels, stats, centroids;
  const int count =
      cv::connectedComponentsWithStats(ink > options.ink_threshold, labels, stats, centroids, kEightConnected);
  int tallest = 0;
  for (int i = 1; i < count; ++i) tallest = std::max(tallest, stats.at<int>(i, cv::CC_STAT_HEIGHT));
  cv::Mat keep = cv::Mat::zeros(ink.size(), CV_8U);
  for (int i = 1; i < count; ++i)
    if (stats.at<int>(i, cv::CC_STAT_HEIGHT) >= options.min_mark_height * tallest ||
        stats.at<int>(i, cv::CC_STAT_WIDTH) >= tallest / 2.0)  // a flat bar may be part of a digit (a 5's top)
      keep.setTo(kWhite, labels == i);
  // One pixel of slack keeps the anti-aliased rim of the kept strokes.
  cv::dilate(keep, keep, cv::Mat());
  cv::Mat clean = cv::Mat::zeros(ink.size(), CV_8U);
  ink.copyTo(clean, keep);
  const cv::Rect box = cv::boundingRect(clean > options.ink_threshold);
  if (box.area() == 0) return {};
  // Scale the gray ink first and binarise after, so the upscaled strokes have
  // smooth edges instead of blown-up staircase pixels.
  const double scale = static_cast<double>(options.digit_height_px) / box.height;
  cv::Mat scaled;
  cv::resize(clean(box), scaled, cv::Size(), scale, scale, scale > 1 ? cv::INTER_CUBIC : cv::INTER_AREA);
  cv::Mat black_on_white = options.binarize ? cv::Mat(scaled <= options.ink_threshold) : cv::Mat(kWhite - scaled);
  cv::copyMakeBorder(black_on_white, black_on_white, options.padding_px, options.padding_px, options.padding_px,
                     options.padding_px, cv::BORDER_CONSTANT, cv::Scalar(kWhite));
  return black_on_white;
}

std::unique_ptr<TesseractDigits> TesseractDigits::Create(const TesseractDigitsOptions& options) {
  SC_CHECK(options.Check(), "invalid Tesseract digit options");
  return std::make_unique<TesseractDigitsImpl>(options);
}

}  // namespace scorecheck
