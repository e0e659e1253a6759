// Where a scan's time goes, for tools/bench and docs/speed.md: per image, the
// decode, the page stage alone, the whole scan, and inside the scan the digit
// network's and Tesseract's share (calls and milliseconds), with the digits
// the card holds (what one forward pass per written digit would cost).
// Models load before the first image and the first image's Tesseract start is
// counted in its scan, as in `scorecheck scan`. One thread, as a batch worker.
//
// Usage: scan_costs IMAGE...
#include <chrono>
#include <cstdio>
#include <memory>

#include <opencv2/core.hpp>

#include "image/load_image.h"
#include "labels/text_reader.h"
#include "page/find_page.h"
#include "readings/digit_reader.h"
#include "rules/ruleset_library.h"
#include "scan/scan_card.h"

namespace {

using namespace scorecheck;
using Clock = std::chrono::steady_clock;

double MsSince(Clock::time_point start) {
  return std::chrono::duration<double, std::milli>(Clock::now() - start).count();
}

// Calls and time of a reader's work.
struct Cost {
  int calls = 0;
  double ms = 0;
};

class TimedDigitReader : public DigitReader {
 public:
  explicit TimedDigitReader(std::unique_ptr<DigitReader> inner) : inner_(std::move(inner)) {}
  DigitScores Classify(const cv::Mat& glyph) override {
    const auto start = Clock::now();
    const DigitScores scores = inner_->Classify(glyph);
    Add(glyphs, start);
    return scores;
  }
  NumberSteps ReadNumber(const cv::Mat& ink) override {
    const auto start = Clock::now();
    NumberSteps steps = inner_->ReadNumber(ink);
    Add(numbers, start);
    return steps;
  }
  std::vector<BoxReading> ReadBoxes(const cv::Mat& page, const std::vector<cv::Rect2f>& boxes) override {
    const auto start = Clock::now();
    std::vector<BoxReading> read = inner_->ReadBoxes(page, boxes);
    if (!read.empty()) Add(this->boxes, start);
    return read;
  }
  const DoubtModel* Doubt() override { return inner_->Doubt(); }
  Cost glyphs, numbers, boxes;

 private:
  static void Add(Cost& cost, Clock::time_point start) {
    ++cost.calls;
    cost.ms += MsSince(start);
  }
  std::unique_ptr<DigitReader> inner_;
};

class TimedTextReader : public TextReader {
 public:
  explicit TimedTextReader(std::unique_ptr<TextReader> inner) : inner_(std::move(inner)) {}
  std::vector<TextLine> ReadLines(const cv::Mat& block) override {
    const auto start = Clock::now();
    std::vector<TextLine> lines = inner_->ReadLines(block);
    ++text.calls;
    text.ms += MsSince(start);
    return lines;
  }
  Cost text;

 private:
  std::unique_ptr<TextReader> inner_;
};

// Digits in the numbers read (the card's written digits, as read).
int DigitsRead(const ScanResult& scan) {
  int digits = 0;
  for (const ScannedCell& cell : scan.cells)
    if (cell.reading.status == ReadingStatus::kNumber)
      digits += static_cast<int>(std::to_string(cell.reading.value).size());
  return digits;
}

}  // namespace

int main(int argc, char** argv) {
  if (argc < 2) {
    std::fprintf(stderr, "usage: scan_costs IMAGE...\n");
    return 2;
  }
  cv::setNumThreads(1);
  const RulesetLibrary rulesets = RulesetLibrary::LoadFolder(std::string(SCORECHECK_TEMPLATES_DIR) + "/rulesets");
  DigitReaderOptions reader_options;
  reader_options.model_path = FindDigitModel(SCORECHECK_TEMPLATES_DIR);
  TimedDigitReader digits(DigitReader::Create(reader_options));
  TimedTextReader text(TextReader::CreateLazy());
  std::printf("%-40s %7s %7s %7s | %15s %15s %15s %15s | %6s\n", "image", "decode", "page", "scan", "box net",
              "digit net", "number net", "tesseract", "digits");
  for (int i = 1; i < argc; ++i) {
    auto start = Clock::now();
    LoadedImage image = LoadImage(argv[i]);
    const double decode_ms = MsSince(start);
    if (!image.ok()) {
      std::printf("%-40s %s\n", argv[i], image.detail.c_str());
      continue;
    }
    start = Clock::now();
    (void)FindPage(image.bgr);
    const double page_ms = MsSince(start);
    digits.glyphs = digits.numbers = digits.boxes = text.text = Cost{};
    start = Clock::now();
    const ScanResult scan = ScanImage(std::move(image.bgr), argv[i], rulesets, digits, {}, &text);
    const double scan_ms = MsSince(start);
    std::printf("%-40s %7.1f %7.1f %7.1f | %5d %7.1f ms %5d %7.1f ms %5d %7.1f ms %5d %7.1f ms | %6d%s\n",
                std::string(argv[i]).substr(std::string(argv[i]).find_last_of('/') + 1).c_str(), decode_ms, page_ms,
                scan_ms, digits.boxes.calls, digits.boxes.ms, digits.glyphs.calls, digits.glyphs.ms, digits.numbers.calls, digits.numbers.ms,
                text.text.calls, text.text.ms, DigitsRead(scan), scan.ok() ? "" : ("  " + scan.detail).c_str());
  }
  return 0;
}
