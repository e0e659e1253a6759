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

/// One line of printed text found in a block.
struct TextLine {
  std::string text;       ///< UTF-8, as read (may hold OCR noise)
  cv::Rect box;           ///< in the block image's pixels
  double confidence = 0;  ///< 0..1, the OCR engine's own
};

/// Options for TextReader::Create().
struct TextReaderOptions {
  std::string language = "eng";  ///< Tesseract language data; default "eng"
  std::string data_dir;          ///< tessdata folder; empty = Tesseract's default (Debian: /usr/share/tesseract-ocr/5/tessdata)
};

/// Reads lines of printed text. Not thread-safe: one reader per thread.
class TextReader {
 public:
  virtual ~TextReader() = default;
  /// Every text line of `block` (8-bit gray or BGR; dark text on light
  /// paper), top to bottom. An empty block gives no lines.
  virtual std::vector<TextLine> ReadLines(const cv::Mat& block) = 0;

  /// Tesseract with `options`. Throws scorecheck::Error naming the language
  /// data when it cannot start (e.g. tesseract-ocr-eng not installed).
  static std::unique_ptr<TextReader> Create(const TextReaderOptions& options = {});
};

/// Tesseract's LSTM runs 4 OpenMP threads per line, which makes a label
/// column ~4x slower on a loaded or 2-core machine, and only the
/// OMP_THREAD_LIMIT environment variable stops it; the OpenMP runtime reads it
/// when the program loads, before main(). So a program that reads text calls
/// this first thing in main(): when OMP_THREAD_LIMIT is unset, it sets it to 1
/// and starts the program again in place (execv of /proc/self/exe, same
/// arguments). A user's own setting is kept. Returns only when nothing needs
/// doing or the restart failed (then text is read more slowly, but read).
void LimitOcrThreads(char** argv);

}  // namespace scorecheck
