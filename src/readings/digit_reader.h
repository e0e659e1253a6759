#pragma once
// Reading handwritten digits. DigitReader is the seam: the scanner uses the
// ONNX models (models/digits.onnx for one digit at a time, and beside it
// models/numbers.onnx for a whole number at once; both trained by
// tools/digits), tests may use a fake. Create() builds the ones named in the
// options.

#include <array>
#include <memory>
#include <string>
#include <vector>

#include <opencv2/core.hpp>

#include "readings/box_reader.h"
#include "readings/doubt_model.h"
#include "readings/whole_number.h"

namespace scorecheck {

/// Probabilities of the ten digits for one glyph. They sum to 1 with a
/// ten-class model; with a model that also has a "reject" output (not exactly
/// one digit) they are the digits' share of the 11-way softmax, so they sum to
/// 1 - P(reject) and a glyph that is not one digit scores low on every digit.
using DigitScores = std::array<float, 10>;
/// Outputs of a digit model with a reject output: the ten digits, then
/// "not exactly one digit".
inline constexpr int kDigitsAndReject = 11;

/// Options for DigitReader::Create().
struct DigitReaderOptions {
  std::string model_path;  ///< models/digits.onnx; empty = search beside the templates
  std::string number_model_path;  ///< the whole-number model; empty = numbers.onnx beside model_path if it
                                  ///< is there; "none" = read digit by digit only
  std::string box_model_path;     ///< the learned box reader (models/cells.onnx, tools/cells) to read whole boxes
                                  ///< with; empty or "none" = read the cells glyph by glyph (the default while
                                  ///< the box reader reads worse than they do: issue 62)
  std::string doubt_model_path;   ///< how far to trust the readings (readings/doubt_model.h); empty =
                                  ///< doubt.json beside model_path if it is there, or with a box model
                                  ///< NAME.onnx its NAME_doubt.json; "none" = the readers' own
                                  ///< confidences, as they are
};

/// Classifies single handwritten digits.
class DigitReader {
 public:
  virtual ~DigitReader() = default;
  /// Scores one glyph: CV_8U, ink bright, background exactly 0, any size.
  virtual DigitScores Classify(const cv::Mat& glyph) = 0;
  /// Reads a whole number (one or more digits, touching or not) in one pass:
  /// `ink` as for Classify(), the number's ink only. Empty steps when there
  /// is no whole-number model. Pure, so that a wrapper cannot forget to
  /// pass it on.
  virtual NumberSteps ReadNumber(const cv::Mat& ink) = 0;
  /// Reads whole boxes with the learned box reader: one calibrated BoxReading
  /// per box of `boxes_in_page` (pixels of `page`: grey, BGR or BGRA), in order.
  /// Empty when there is no box model: the cells are then read glyph by glyph.
  /// Pure, as ReadNumber().
  virtual std::vector<BoxReading> ReadBoxes(const cv::Mat& page, const std::vector<cv::Rect2f>& boxes_in_page) = 0;
  /// The doubt model fitted to these readers (the probability that a read
  /// cell is right), or nullptr for none: the readers' own confidences then
  /// stand. Pure, as ReadNumber().
  virtual const DoubtModel* Doubt() = 0;
  /// A second reader of the same models, for another thread: a reader holds
  /// its networks' working memory and may be used by one thread at a time.
  /// It reads every glyph, number and box as this one does. nullptr when this
  /// reader has no such twin (a test's fake): its cells are then read on one
  /// thread.
  virtual std::unique_ptr<DigitReader> Another() const { return nullptr; }
  /// The ONNX reader. Throws Error when the model file is missing or unreadable.
  static std::unique_ptr<DigitReader> Create(const DigitReaderOptions& options);
  /// The same, loading the models when first asked to read (a run that
  /// refuses its only file never loads them); the files are checked now.
  static std::unique_ptr<DigitReader> CreateLazy(const DigitReaderOptions& options);
};

/// Finds models/digits.onnx: beside the templates folder's parent (the source
/// tree or an install prefix). Empty when not found.
std::string FindDigitModel(const std::string& templates_dir);

}  // namespace scorecheck
