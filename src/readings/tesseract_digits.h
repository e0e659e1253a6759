#pragma once
// Tesseract as a stand-alone reader of a cell's number, for comparison with
// our DigitReader (tools/eval --compare-tesseract). Not part of the scan
// pipeline (the scan reads printed labels through labels/text_reader.h).
// Tesseract's types stay in tesseract_digits.cpp (STYLE.md,
// "Tesseract/Leptonica types never leave one adapter file").

#include <memory>
#include <optional>
#include <string>

#include <opencv2/core.hpp>

namespace scorecheck {

/// How Tesseract segments the image it is given (its page segmentation mode).
enum class TesseractLayout {
  kSingleLine,  ///< PSM 7: the image is one line of text
  kSingleWord,  ///< PSM 8: the image is one word
};

/// Options for TesseractDigits::Create().
struct TesseractDigitsOptions {
  std::string tessdata_dir;  ///< folder holding eng.traineddata; empty = Tesseract's default (TESSDATA_PREFIX or the packaged one)
  std::string language = "eng";  ///< traineddata to load; default "eng"
  TesseractLayout layout = TesseractLayout::kSingleLine;  ///< PSM; default single line (PSM 7)
  int digit_height_px = 28;  ///< ink is scaled so its height is this many pixels; default 28 (24-48 read alike on tools/synth cells)
  int padding_px = 14;       ///< white margin added on every side after scaling, pixels; default 14 (half the height)
  int ink_threshold = 60;    ///< ink values (0..255, ink bright) above this are ink; default 60
  double min_mark_height = 0.4;  ///< marks lower than this share of the tallest (and narrow) are specks, dropped; default 0.4
  bool binarize = false;     ///< black and white (true) or the scaled gray ink, inverted (false); default false:
                             ///< Tesseract's LSTM reads gray, and read 20.1% of tools/synth number cells vs 17.9%
  bool Check() const;
};

/// What Tesseract read in one cell.
struct TesseractReading {
  std::string text;           ///< the recognised digits, whitespace removed (may be empty)
  std::optional<int> value;   ///< text as a number, when it is one (1-6 digits)
  double confidence = 0;      ///< Tesseract's mean word confidence, 0..1
};

/// One Tesseract engine, reused for every cell (creating one costs ~0.3 s).
/// Not thread-safe: one per thread.
class TesseractDigits {
 public:
  virtual ~TesseractDigits() = default;
  /// Reads the number in `ink`: CV_8U, ink bright, background 0, as
  /// CellInk::ink (ruled lines already removed). The ink is cropped to its
  /// bounding box (specks dropped), scaled, made dark on white (binarised
  /// if options say so) and padded first.
  /// An image without ink gives an empty reading.
  virtual TesseractReading Read(const cv::Mat& ink) = 0;

  /// Starts Tesseract with a digits-only whitelist. Each Read() keeps
  /// Tesseract's OpenMP threads on the reading thread (KeepOcrOnThisThread in
  /// labels/text_reader.h: they make single cells ~7x slower on a busy
  /// machine). Throws Error when the options are invalid or the traineddata
  /// cannot be loaded.
  static std::unique_ptr<TesseractDigits> Create(const TesseractDigitsOptions& options = {});
};

/// The black-on-white image TesseractDigits::Read() gives Tesseract for `ink`
/// (exposed for tests and debugging). Empty when `ink` has no ink.
cv::Mat PrepareForTesseract(const cv::Mat& ink, const TesseractDigitsOptions& options);

}  // namespace scorecheck
