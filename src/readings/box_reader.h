#pragma once
// The learned box reader (issue 62): models/cells.onnx (trained by
// tools/cells, network in tools/cells/cell_net.py) reads a whole score box in
// one pass and says three things of it: what state the box is in (empty, a
// number, crossed out, tick marks, tick marks with points), how many ticks it
// holds, and, through a CTC head, which digits are written in it.
//
// BoxReader runs the model (OpenCV dnn, boxes batched) and turns its raw
// logits into calibrated probabilities: each head's logits divided by the
// temperature found by calibration (the model's JSON card, beside it), then
// (log-)softmax; the CTC steps are decoded by prefix beam search (ctc.h).

#include <array>
#include <memory>
#include <string>
#include <vector>

#include <opencv2/core.hpp>

#include "readings/box_input.h"
#include "readings/ctc.h"

namespace scorecheck {

/// The box states, in the order of the model's "state" output.
enum class BoxState { kEmpty, kNumber, kCrossed, kTicks, kTicksPoints };
inline constexpr int kBoxStates = 5;     ///< outputs of the state head
inline constexpr int kBoxMaxTicks = 6;   ///< the ticks head scores 0..kBoxMaxTicks ticks
inline constexpr int kCtcClasses = 11;   ///< blank, then the digits 0..9
/// Axes of a network's image input and of its outputs as OpenCV dnn gives
/// them: batch, channels (classes), height, width (steps).
inline constexpr int kBlobAxes = 4;

/// Options for BoxReader. Check() once before use.
struct BoxReaderOptions {
  int batch = 64;        ///< boxes per forward pass (OpenCV dnn, one thread or the app's); default 64
  int beam_width = 8;    ///< prefixes kept by the CTC beam search; default 8
  int max_digits = 4;    ///< longest digit string decoded (1..9); default 4 (scores up to 9999)
  int values_kept = 6;   ///< digit strings kept per box in BoxReading::numbers, best first; default 6
  BoxInputOptions input;  ///< how a box becomes the model's input, for a model whose card does not say
                          ///< (the first models: 32 x 128); a card's "input" replaces it
  bool Check() const;    ///< true when every field is in range
};

/// Softmax temperatures fitted on held-out boxes (tools/cells), read from the
/// model's JSON card: {"calibration": {"ctc_temperature": ..,
/// "state_temperature": .., "ticks_temperature": ..}}. Each is 1 (the raw
/// model) when absent. Logits are divided by them before the softmax.
struct BoxCalibration {
  double ctc_temperature = 1;    ///< CTC head, every step; > 0, default 1
  double state_temperature = 1;  ///< state head; > 0, default 1
  double ticks_temperature = 1;  ///< ticks head; > 0, default 1
};

/// What the JSON card beside a model (same stem, .json) says of its use.
struct BoxModelCard {
  BoxCalibration calibration;  ///< "calibration": all 1 when absent
  BoxInputOptions input;       ///< "input": {"height", "width", "min_width", "margin_x", "margin_y",
                               ///< "paper_percentile"}, each absent one as given to LoadBoxModelCard()
};

/// The card beside `model_path`; with no card, the calibration of the raw
/// model and `input`. Throws Error when the card is unreadable JSON, a
/// temperature is not a positive number or the input is out of range.
BoxModelCard LoadBoxModelCard(const std::string& model_path, const BoxInputOptions& input = {});

/// The model's raw outputs for one box (no temperature, no softmax).
struct BoxLogits {
  std::vector<std::array<float, kCtcClasses>> ctc;  ///< per step (left to right): blank, digits 0..9
  std::array<float, kBoxStates> state{};            ///< in BoxState order
  std::array<float, kBoxMaxTicks + 1> ticks{};      ///< tick counts 0..6
};

/// What the model says of one box, calibrated.
struct BoxReading {
  std::array<double, kBoxStates> state{};            ///< probabilities of the states (BoxState order); sum 1
  std::array<double, kBoxMaxTicks + 1> ticks{};      ///< probabilities of 0..6 ticks; sum 1
  CtcSteps ctc;                                      ///< per-step log-probabilities (temperature applied, log-softmax)
  /// A digit string the beam search found, as a number.
  struct Value {
    int value = 0;         ///< the string's value ("07" is 7)
    std::string digits;    ///< the string as read; may have a leading zero
    double probability = 0;  ///< P(this string) from the CTC head (summed over the alignments the beam kept), not times P(state)
  };
  /// The likeliest non-empty digit strings (at most values_kept), best first.
  /// The empty string (all blank) is not listed: its probability is
  /// exp(CtcLabelLogProb(ctc, "")).
  std::vector<Value> numbers;
  /// The CTC head's probability of `value` written without leading zeros
  /// (exact: every alignment, CtcLabelLogProb), not times P(state). 0 for a
  /// negative value.
  double NumberProbability(int value) const;
  /// The likeliest state.
  BoxState BestState() const;
};

/// Raw logits -> calibrated reading: temperatures, (log-)softmax, beam search
/// (options.beam_width, max_digits, values_kept). Pure; BoxReader's last step.
BoxReading CalibrateBox(const BoxLogits& logits, const BoxCalibration& calibration,
                        const BoxReaderOptions& options = {});

/// Runs models/cells.onnx on score boxes. Not thread-safe (one dnn::Net);
/// it never changes cv::setNumThreads (the app decides).
class BoxReader {
 public:
  /// Loads the model and its calibration card. Throws Error when the model
  /// is missing, cannot be loaded, or its outputs are not "ctc" [N, 11, 1, T],
  /// "state" [N, 5, 1, 1] and "ticks" [N, 7, 1, 1]; or when options fail Check().
  static std::unique_ptr<BoxReader> Create(const std::string& model_path, const BoxReaderOptions& options = {});
  ~BoxReader();
  BoxReader(const BoxReader&) = delete;
  BoxReader& operator=(const BoxReader&) = delete;

  /// Reads the boxes `boxes_in_page` (page pixels) of `page` (CV_8UC1, or
  /// BGR / BGRA, taken to grey first), in that order: BoxInput() for each,
  /// then ReadInputs().
  std::vector<BoxReading> Read(const cv::Mat& page, const std::vector<cv::Rect2f>& boxes_in_page);
  /// The same from ready inputs (BoxInput()'s CV_32F images of input()'s shape).
  /// Throws Error for an input of another type or size.
  std::vector<BoxReading> ReadInputs(const std::vector<cv::Mat>& inputs);
  /// The raw model outputs for ready inputs, batched in chunks of
  /// options.batch (for tests and calibration tools).
  std::vector<BoxLogits> Logits(const std::vector<cv::Mat>& inputs);

  const BoxCalibration& calibration() const { return calibration_; }
  /// How this model's boxes are made (its card's "input", else the options').
  const BoxInputOptions& input() const { return options_.input; }
  const BoxReaderOptions& options() const { return options_; }
  int steps() const { return steps_; }  ///< CTC steps per box (32 for cell_net.py)

 private:
  struct Net;
  BoxReader(std::unique_ptr<Net> net, const BoxReaderOptions& options, const BoxCalibration& calibration);
  void Forward(const std::vector<cv::Mat>& inputs, size_t begin, size_t end, std::vector<BoxLogits>& out);

  std::unique_ptr<Net> net_;
  BoxReaderOptions options_;
  BoxCalibration calibration_;
  int steps_ = 0;
};

}  // namespace scorecheck
