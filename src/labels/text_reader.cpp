// The Tesseract adapter: the only file that sees Tesseract or Leptonica.
#include "labels/text_reader.h"

#include <cctype>
#include <cstdlib>
#include <string>
#include <vector>

#include <omp.h>
#include <opencv2/imgproc.hpp>
#include <leptonica/allheaders.h>
#include <tesseract/baseapi.h>

#include "core/error.h"

namespace scorecheck {
namespace {

// The words of the text line that `line` (an iterator at its start)
// stands at, left to right; `line` itself does not move.
std::vector<TextWord> WordsOfLine(const tesseract::ResultIterator& line) {
  std::vector<TextWord> words;
  tesseract::ResultIterator it(line);
  do {
    std::unique_ptr<char[]> text(it.GetUTF8Text(tesseract::RIL_WORD));
    int left = 0, top = 0, right = 0, bottom = 0;
    if (!text || !it.BoundingBox(tesseract::RIL_WORD, &left, &top, &right, &bottom)) continue;
    words.push_back({text.get(), cv::Rect(left, top, right - left, bottom - top)});
  } while (!it.IsAtFinalElement(tesseract::RIL_TEXTLINE, tesseract::RIL_WORD) && it.Next(tesseract::RIL_WORD));
  return words;
}

class TesseractTextReader : public TextReader {
 public:
  explicit TesseractTextReader(const TextReaderOptions& options) {
    const char* data_dir = options.data_dir.empty() ? nullptr : options.data_dir.c_str();
    // Set as Tesseract starts (afterwards they change nothing):
    // - no dictionaries: labels are short, and the dictionary would "correct"
    //   them towards words that are not on the sheet;
    // - its notes ("Image too small to scale!!" for a sliver it takes for a
    //   text line) to nowhere: on the user's terminal, beside our one-line
    //   messages, they say nothing the result does not. Leptonica's likewise.
    setMsgSeverity(L_SEVERITY_NONE);
    const std::vector<std::string> names = {"load_system_dawg", "load_freq_dawg", "debug_file"},
                                   values = {"0", "0", "/dev/null"};
    if (api_.Init(data_dir, options.language.c_str(), tesseract::OEM_LSTM_ONLY, nullptr, 0, &names, &values, false) != 0)
      throw Error("cannot start Tesseract with language \"" + options.language + "\"" +
                  (data_dir ? " in " + options.data_dir : std::string()) +
                  " (is the tesseract-ocr-" + options.language + " package installed?)");
    // Tesseract 5 reads every line it is unsure of a second time inverted
    // (white print on a dark bar); our header bars reach it already made
    // dark on light, so that second pass cost a tenth of the OCR's time
    // and changed no reading of 150 development cards.
    api_.SetVariable("tessedit_do_invert", "0");
  }
  ~TesseractTextReader() override { api_.End(); }

  // A label column is one block of lines of different sizes.
  std::vector<TextLine> ReadLines(const cv::Mat& block) override { return Read(block, tesseract::PSM_SINGLE_BLOCK); }
  // A page read whole: words wherever they stand, dust among them left out.
  std::vector<TextLine> ReadScattered(const cv::Mat& page) override { return Read(page, tesseract::PSM_SPARSE_TEXT); }

 private:
  std::vector<TextLine> Read(const cv::Mat& block, tesseract::PageSegMode mode) {
    std::vector<TextLine> lines;
    if (block.empty()) return lines;
    KeepOcrOnThisThread();
    cv::Mat gray;
    if (block.channels() == 3)
      cv::cvtColor(block, gray, cv::COLOR_BGR2GRAY);
    else if (block.channels() == 4)
      cv::cvtColor(block, gray, cv::COLOR_BGRA2GRAY);
    else
      gray = block;
    if (gray.depth() != CV_8U) gray.convertTo(gray, CV_8U);
    gray = gray.isContinuous() ? gray : gray.clone();
    api_.SetPageSegMode(mode);
    api_.SetImage(gray.data, gray.cols, gray.rows, 1, static_cast<int>(gray.step));
    if (api_.Recognize(nullptr) != 0) return lines;
    std::unique_ptr<tesseract::ResultIterator> it(api_.GetIterator());
    if (!it) return lines;
    const auto level = tesseract::RIL_TEXTLINE;
    do {
      std::unique_ptr<char[]> text(it->GetUTF8Text(level));
      int left = 0, top = 0, right = 0, bottom = 0;
      if (!text || !it->BoundingBox(level, &left, &top, &right, &bottom)) continue;
      TextLine line;
      line.text = text.get();
      while (!line.text.empty() && std::isspace(static_cast<unsigned char>(line.text.back()))) line.text.pop_back();
      if (line.text.empty()) continue;
      line.box = cv::Rect(left, top, right - left, bottom - top);
      line.confidence = it->Confidence(level) / 100.0;
      if (mode == tesseract::PSM_SPARSE_TEXT) line.words = WordsOfLine(*it);  // only a page read whole needs them
      lines.push_back(std::move(line));
    } while (it->Next(level));
    api_.Clear();
    return lines;
  }

  tesseract::TessBaseAPI api_;
};

// Starts Tesseract when first asked to read.
class LazyTextReader : public TextReader {
 public:
  explicit LazyTextReader(const TextReaderOptions& options) : options_(options) {}
  std::vector<TextLine> ReadLines(const cv::Mat& block) override {
    if (!reader_) reader_ = std::make_unique<TesseractTextReader>(options_);
    return reader_->ReadLines(block);
  }
  std::vector<TextLine> ReadScattered(const cv::Mat& page) override {
    if (!reader_) reader_ = std::make_unique<TesseractTextReader>(options_);
    return reader_->ReadScattered(page);
  }

 private:
  TextReaderOptions options_;
  std::unique_ptr<TesseractTextReader> reader_;
};

}  // namespace

void KeepOcrOnThisThread() { omp_set_max_active_levels(0); }

std::unique_ptr<TextReader> TextReader::Create(const TextReaderOptions& options) {
  SC_CHECK(options.Check(), "the text reader needs a language (Tesseract's language data)");
  return std::make_unique<TesseractTextReader>(options);
}

std::unique_ptr<TextReader> TextReader::CreateLazy(const TextReaderOptions& options) {
  SC_CHECK(options.Check(), "the text reader needs a language (Tesseract's language data)");
  return std::make_unique<LazyTextReader>(options);
}

}  // namespace scorecheck
