#include "readings/tesseract_digits.h"

#include <algorithm>
#include <cctype>

#include <opencv2/imgproc.hpp>
#include <tesseract/baseapi.h>

#include "core/error.h"
#include "labels/text_reader.h"

namespace scorecheck {
namespace {

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
    api_.SetSourceResolution(300);
    std::unique_ptr<char[]> text(api_.GetUTF8Text());
    if (text)
      for (const char* c = text.get(); *c; ++c)
        if (std::isdigit(static_cast<unsigned char>(*c))) reading.text += *c;
    reading.confidence = std::clamp(api_.MeanTextConf() / 100.0, 0.0, 1.0);
    api_.Clear();
    if (!reading.text.empty() && reading.text.size() <= 6) reading.value = std::stoi(reading.text);
    return reading;
  }

 private:
  TesseractDigitsOptions options_;
  tesseract::TessBaseAPI api_;
};

}  // namespace

bool TesseractDigitsOptions::Check() const {
  return !language.empty() && digit_height_px >= 8 && digit_height_px <= 400 && padding_px >= 0 &&
         ink_threshold >= 0 && ink_threshold < 255 && min_mark_height >= 0 && min_mark_height <= 1;
}

cv::Mat PrepareForTesseract(const cv::Mat& ink, const TesseractDigitsOptions& options) {
  SC_CHECK(ink.empty() || ink.type() == CV_8UC1, "PrepareForTesseract needs 8-bit single-channel ink");
  if (ink.empty()) return {};
  // Drop specks (a dot of dust, the tip of a neighbour's digit) the way our
  // reader drops them, so that both readers see the same marks: Tesseract
  // otherwise reads them as digits or lets them stretch the crop.
  cv::Mat labels, stats, centroids;
  const int count = cv::connectedComponentsWithStats(ink > options.ink_threshold, labels, stats, centroids, 8);
  int tallest = 0;
  for (int i = 1; i < count; ++i) tallest = std::max(tallest, stats.at<int>(i, cv::CC_STAT_HEIGHT));
  cv::Mat keep = cv::Mat::zeros(ink.size(), CV_8U);
  for (int i = 1; i < count; ++i)
    if (stats.at<int>(i, cv::CC_STAT_HEIGHT) >= options.min_mark_height * tallest ||
        stats.at<int>(i, cv::CC_STAT_WIDTH) >= 0.5 * tallest)  // a flat bar may be part of a digit (a 5's top)
      keep.setTo(255, labels == i);
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
  cv::Mat black_on_white = options.binarize ? cv::Mat(scaled <= options.ink_threshold) : cv::Mat(255 - scaled);
  cv::copyMakeBorder(black_on_white, black_on_white, options.padding_px, options.padding_px, options.padding_px,
                     options.padding_px, cv::BORDER_CONSTANT, cv::Scalar(255));
  return black_on_white;
}

std::unique_ptr<TesseractDigits> TesseractDigits::Create(const TesseractDigitsOptions& options) {
  SC_CHECK(options.Check(), "invalid Tesseract digit options");
  return std::make_unique<TesseractDigitsImpl>(options);
}

}  // namespace scorecheck
