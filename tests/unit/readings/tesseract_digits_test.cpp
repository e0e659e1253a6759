// The Tesseract adapter used by tools/eval's reader comparison: the image it
// prepares, and that it reads plainly printed digits (so a poor score on
// handwriting is Tesseract's, not a broken adapter's).

#include <gtest/gtest.h>
#include <opencv2/imgproc.hpp>

#include "core/error.h"
#include "readings/tesseract_digits.h"

namespace scorecheck {
namespace {

// Ink as the cells stage gives it: bright on 0.
cv::Mat PrintedInk(const std::string& text, cv::Size size = {160, 70}) {
  cv::Mat ink = cv::Mat::zeros(size, CV_8U);
  cv::putText(ink, text, {12, 52}, cv::FONT_HERSHEY_SIMPLEX, 1.5, cv::Scalar(255), 4, cv::LINE_AA);
  return ink;
}

TEST(TesseractDigitsTest, PreparesAPaddedBlackOnWhiteImageOfTheInkAlone) {
  cv::Mat ink = PrintedInk("47");
  cv::circle(ink, {150, 8}, 1, cv::Scalar(255), cv::FILLED);  // a speck far from the digits
  TesseractDigitsOptions options;
  options.binarize = true;
  const cv::Mat prepared = PrepareForTesseract(ink, options);
  ASSERT_EQ(prepared.type(), CV_8UC1);
  // Digits scaled to the set height, padding all round; the speck did not
  // stretch the crop to the right edge.
  EXPECT_EQ(prepared.rows, options.digit_height_px + 2 * options.padding_px);
  EXPECT_LT(prepared.cols, 2 * options.digit_height_px + 2 * options.padding_px);
  const cv::Rect ink_box = cv::boundingRect(prepared < 128);
  EXPECT_EQ(ink_box.y, options.padding_px);
  EXPECT_EQ(ink_box.x, options.padding_px);
  EXPECT_EQ(cv::countNonZero((prepared != 0) & (prepared != 255)), 0) << "binarised";
  EXPECT_TRUE(PrepareForTesseract(cv::Mat::zeros(40, 40, CV_8U), options).empty());
}

TEST(TesseractDigitsTest, ReadsPrintedDigits) {
  std::unique_ptr<TesseractDigits> tesseract;
  try {
    tesseract = TesseractDigits::Create();
  } catch (const Error& e) {
    GTEST_SKIP() << e.what();  // no tessdata on this machine
  }
  for (const std::string text : {"7", "25", "140"}) {
    const TesseractReading reading = tesseract->Read(PrintedInk(text));
    EXPECT_EQ(reading.text, text);
    ASSERT_TRUE(reading.value.has_value()) << text;
    EXPECT_EQ(*reading.value, std::stoi(text));
    EXPECT_GT(reading.confidence, 0.5) << text;
  }
  EXPECT_FALSE(tesseract->Read(cv::Mat::zeros(50, 80, CV_8U)).value.has_value());
}

TEST(TesseractDigitsTest, RejectsInvalidOptions) {
  TesseractDigitsOptions options;
  options.digit_height_px = 2;
  EXPECT_FALSE(options.Check());
  EXPECT_THROW(TesseractDigits::Create(options), Error);
}

}  // namespace
}  // namespace scorecheck
