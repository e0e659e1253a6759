#pragma once
// Printed text reader for the label stage: the row labels, column headers and
// title of a sheet printed by someone else. One call reads a whole block (a
// grid's label column, say), not one cell at a time: Tesseract's start-up and
// page analysis cost more than the text itself. Tesseract and Leptonica types
// stay inside text_reader.cpp.

#include <memory>
#include <string>
#include <vector>

#include <opencv2/core.hpp>

namespace scorecheck {

/// One word of a TextLine.
struct TextWord {
  std::string text;  ///< UTF-8, as read
  cv::Rect box;      ///< in the block image's pixels
};

/// One line of printed text found in a block.
struct TextLine {
  std::string text;              ///< UTF-8, as read (may hold OCR noise)
  cv::Rect box;                  ///< in the block image's pixels
  double confidence = 0;         ///< 0..1, the OCR engine's own
  std::vector<TextWord> words;   ///< its words, left to right: from ReadScattered (empty otherwise, and from a
                                 ///< reader that does not tell them)
};

/// Options for TextReader::Create().
struct TextReaderOptions {
  std::string language = "eng";  ///< Tesseract language data; default "eng"
  std::string data_dir;          ///< tessdata folder; empty = Tesseract's default (Debian: /usr/share/tesseract-ocr/5/tessdata)

  /// True when a language is named. Create() throws otherwise.
  bool Check() const { return !language.empty(); }
};

/// Reads lines of printed text. Not thread-safe: one reader per thread.
class TextReader {
 public:
  virtual ~TextReader() = default;
  /// Every text line of `block` (8-bit gray or BGR; dark text on light
  /// paper), top to bottom. An empty block gives no lines.
  virtual std::vector<TextLine> ReadLines(const cv::Mat& block) = 0;
  /// The same for a whole page, its print scattered in columns and blocks
  /// among other marks: every word found wherever it stands, words side by
  /// side in one line. By default, ReadLines().
  virtual std::vector<TextLine> ReadScattered(const cv::Mat& page) { return ReadLines(page); }

  /// Tesseract with `options`. Throws scorecheck::Error naming the language
  /// data when it cannot start (e.g. tesseract-ocr-eng not installed).
  static std::unique_ptr<TextReader> Create(const TextReaderOptions& options = {});
  /// The same, started at the first ReadLines() (which then throws that
  /// Error when it cannot start): our own sheets, read by their sheet code,
  /// never pay for starting Tesseract (about 60 ms).
  static std::unique_ptr<TextReader> CreateLazy(const TextReaderOptions& options = {});
};

/// Tesseract's LSTM runs 4 OpenMP threads per line, which makes a label
/// column up to 8x slower on a 2-core machine (the threads spin against each
/// other and against a batch's other workers). This makes the calling
/// thread's OpenMP regions run on that thread alone (OpenMP's
/// max-active-levels set to 0, a setting of the calling thread), which the
/// Tesseract adapters call before reading, on the thread that reads. Cheap;
/// call it as often as needed.
void KeepOcrOnThisThread();

}  // namespace scorecheck
