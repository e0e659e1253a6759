// legibility: how often the digit model reads the synthetic handwriting's
// single digits as the digit written. Not a test; a measuring tool for the
// handwriting renderer (testkit/synth/handwriting.cpp): a glyph the renderer
// spoils (a loop lost, a stroke thinned away) is a cell no reader could get
// right, and shows up here before it blurs a corpus's figures.
//
//   legibility [--per-level N] [--height PX] [--pen PX] [--dump DIR] [--model FILE]
//
// For each messiness level 0, 0.25, 0.5, 0.75, 1 it writes N single digits
// (0..9 in turn, glyphs drawn at random from the test half of digits.png,
// seed 7) at PX px high with a PX px pen on white, one per page (a cell 2 PX
// high, at least 100 px, with a 10 px margin), and
// classifies the ink with models/digits.onnx; it prints the share read right
// per level and per digit, and the same for the 20x20 glyphs as they are (the
// ceiling the renderer could reach). --dump writes every misread page there.

#include <algorithm>
#include <array>
#include <cmath>
#include <filesystem>
#include <iomanip>
#include <iostream>
#include <memory>
#include <random>
#include <sstream>
#include <string>

#include <CLI/CLI.hpp>
#include <opencv2/core.hpp>
#include <opencv2/imgcodecs.hpp>
#include <opencv2/imgproc.hpp>

#include "readings/digit_reader.h"
#include "synth/handwriting.h"

namespace scorecheck {
namespace {

struct LegibilityOptions {
  int per_level = 2000;
  double height_px = 50.0;
  double pen_px = 4.0;
  std::string dump;
  std::string model;
};

int Best(const DigitScores& scores) { return static_cast<int>(std::max_element(scores.begin(), scores.end()) - scores.begin()); }

std::string Share(int right, int total) {
  std::ostringstream out;
  out << std::fixed << std::setprecision(2) << 100.0 * right / std::max(1, total) << "% (" << right << "/" << total << ")";
  return out.str();
}

int Run(const LegibilityOptions& options) {
  const DigitBank bank = DigitBank::LoadTestHalf();
  DigitReaderOptions reader_options;
  reader_options.model_path = options.model.empty() ? FindDigitModel(SCORECHECK_TEMPLATES_DIR) : options.model;
  reader_options.number_model_path = "none";
  const std::unique_ptr<DigitReader> reader = DigitReader::Create(reader_options);

  // The ceiling: the glyphs themselves, as the model's training digits looked.
  int glyphs_right = 0, glyphs = 0;
  for (int digit = 0; digit < 10; ++digit)
    for (int i = 0; i < bank.size(digit); ++i, ++glyphs) glyphs_right += Best(reader->Classify(bank.Glyph(digit, i))) == digit;
  std::cout << "glyphs as they are:  " << Share(glyphs_right, glyphs) << "\n";

  // A page twice the digit's height, so that a big digit is not clipped.
  const int cell = std::max(100, static_cast<int>(std::ceil(2 * options.height_px)));
  for (double messiness : {0.0, 0.25, 0.5, 0.75, 1.0}) {
    std::mt19937 rng(7);
    std::array<int, 10> right{}, total{};
    for (int t = 0; t < options.per_level; ++t) {
      const int digit = t % 10;
      WriterStyle writer;
      writer.messiness = messiness;
      writer.digit_height_px = options.height_px;
      writer.pen_width_px = options.pen_px;
      cv::Mat page(cell + 20, cell + 20, CV_8UC3, cv::Scalar(255, 255, 255));
      WriteNumber(page, cv::Rect2f(10, 10, cell, cell), digit, writer, bank, rng);
      cv::Mat grey;
      cv::cvtColor(page, grey, cv::COLOR_BGR2GRAY);
      cv::Mat ink = 255 - grey;
      ink.setTo(0, ink < 30);  // the reader wants a background of exactly 0
      const int read = Best(reader->Classify(ink));
      ++total[digit];
      right[digit] += read == digit;
      if (read != digit && !options.dump.empty())
        cv::imwrite(options.dump + "/m" + std::to_string(static_cast<int>(messiness * 100)) + "-" + std::to_string(t) +
                        "-want" + std::to_string(digit) + "-read" + std::to_string(read) + ".png",
                    page);
    }
    int all_right = 0, all = 0;
    std::cout << "messiness " << std::setw(4) << messiness << ": ";
    for (int digit = 0; digit < 10; ++digit) all_right += right[digit], all += total[digit];
    std::cout << Share(all_right, all) << "  by digit:";
    for (int digit = 0; digit < 10; ++digit) std::cout << " " << digit << "=" << right[digit] << "/" << total[digit];
    std::cout << "\n";
  }
  return 0;
}

}  // namespace
}  // namespace scorecheck

int main(int argc, char** argv) {
  CLI::App app{"How legible the synthetic handwriting's digits are to the digit model"};
  scorecheck::LegibilityOptions options;
  app.add_option("--per-level", options.per_level, "Digits written per messiness level")->check(CLI::PositiveNumber);
  app.add_option("--height", options.height_px, "Digit height, px")->check(CLI::Range(8.0, 300.0));
  app.add_option("--pen", options.pen_px, "Pen width, px")->check(CLI::Range(0.5, 30.0));
  app.add_option("--dump", options.dump, "Write every misread page to DIR");
  app.add_option("--model", options.model, "The digit model (default: models/digits.onnx beside the templates)");
  CLI11_PARSE(app, argc, argv);
  cv::setNumThreads(1);
  try {
    if (!options.dump.empty()) std::filesystem::create_directories(options.dump);
    return scorecheck::Run(options);
  } catch (const std::exception& e) {
    std::cerr << "legibility: " << e.what() << "\n";
    return 2;
  }
}
