#include "readings/digit_reader.h"

#include <algorithm>
#include <cmath>
#include <filesystem>
#include <optional>
#include <string>
#include <unordered_map>

#include <opencv2/dnn.hpp>

#include "core/error.h"
#include "core/image_constants.h"
#include "readings/digit_preprocess.h"

namespace scorecheck {
namespace {

struct ModelPaths {
  std::string digits, numbers, boxes, doubt;  // numbers, boxes, doubt: empty for none
};

// A reader of `paths` that loads them when first asked to read.
std::unique_ptr<DigitReader> LazyReaderOf(const ModelPaths& paths);

// The axis of the whole-number model's output [1, classes, 1, steps] that
// counts its steps.
constexpr int kStepsAxis = 3;

class OnnxDigitReader : public DigitReader {
 public:
  explicit OnnxDigitReader(const ModelPaths& paths) : paths_(paths) {
    const std::string& path = paths.digits;
    try {
      net_ = cv::dnn::readNetFromONNX(path);
    } catch (const cv::Exception& e) {
      throw Error(path + ": cannot load the digit model: " + e.err);
    }
    SC_CHECK(!net_.empty(), path << ": cannot load the digit model");
    // 10 outputs: the ten digits. 11: the ten digits and "reject" (not exactly
    // one digit: touching digits, a fragment), trained by train_digits.py --reject.
    net_.setInput(digits::digitBlob({cv::Mat::zeros(digits::kCanvas, digits::kCanvas, CV_32F)}));
    const int outputs = static_cast<int>(net_.forward().total());
    SC_CHECK(outputs == kDigitCount || outputs == kDigitsAndReject,
             path << ": the digit model has " << outputs << " outputs, expected 10 (digits) or 11 (digits, reject)");
    if (!paths.numbers.empty()) LoadNumberModel(paths.numbers);
    if (!paths.boxes.empty()) box_reader_ = BoxReader::Create(paths.boxes);
    if (!paths.doubt.empty()) doubt_ = LoadDoubtModel(paths.doubt);
  }

  // Its twin loads the same files when its thread first reads (a few ms,
  // spent on that thread).
  std::unique_ptr<DigitReader> Another() const override { return LazyReaderOf(paths_); }

  const DoubtModel* Doubt() override { return doubt_ ? &*doubt_ : nullptr; }

  std::vector<BoxReading> ReadBoxes(const cv::Mat& page, const std::vector<cv::Rect2f>& boxes_in_page) override {
    if (!box_reader_) return {};
    return box_reader_->Read(page, boxes_in_page);
  }

  NumberSteps ReadNumber(const cv::Mat& ink) override {
    if (number_net_.empty()) return {};
    const cv::Mat canvas = NormalizeNumber(ink);
    const int shape[kBlobAxes] = {1, 1, kNumberCanvasHeight, kNumberCanvasWidth};
    number_net_.setInput(cv::Mat(kBlobAxes, shape, CV_32F, const_cast<float*>(canvas.ptr<float>())).clone());
    return Steps(number_net_.forward());
  }

  DigitScores Classify(const cv::Mat& glyph) override {
    // The segmentation search asks for the same glyph more than once (a piece
    // cut upright and along the slant, the same cut in two segmentations):
    // 7.5% of requests on 40 development scans. A forward pass costs ~1 ms
    // (15M multiply-adds), the lookup a few µs.
    const cv::Mat normalized = digits::normalizeDigit(glyph);
    std::string key(reinterpret_cast<const char*>(normalized.data), normalized.total() * normalized.elemSize());
    if (auto it = known_.find(key); it != known_.end()) return it->second;
    // One glyph per forward(): with OpenCV 4.6's CPU backend batches were
    // slower per digit (tools/digits/README.md).
    net_.setInput(digits::digitBlob({normalized}));
    const cv::Mat prob = net_.forward();
    // With a reject output the ten digit probabilities of the 11-way softmax are
    // kept as they are (not renormalised): a likely reject lowers every digit.
    DigitScores scores{};
    const float* p = prob.ptr<float>();
    for (int d = 0; d < kDigitCount; ++d) scores[d] = p[d];
    if (known_.size() >= kMaxKnown) known_.clear();  // bounded: a few MB
    known_.emplace(std::move(key), scores);
    return scores;
  }

 private:
  void LoadNumberModel(const std::string& path) {
    try {
      number_net_ = cv::dnn::readNetFromONNX(path);
    } catch (const cv::Exception& e) {
      throw Error(path + ": cannot load the whole-number model: " + e.err);
    }
    SC_CHECK(!number_net_.empty(), path << ": cannot load the whole-number model");
    const int shape[kBlobAxes] = {1, 1, kNumberCanvasHeight, kNumberCanvasWidth};
    number_net_.setInput(cv::Mat(kBlobAxes, shape, CV_32F, cv::Scalar(0)));
    const cv::Mat logits = number_net_.forward();
    SC_CHECK(logits.dims == kBlobAxes && logits.size[0] == 1 && logits.size[1] == kCtcClasses && logits.size[2] == 1,
             path << ": the whole-number model's output is not [1, 11, 1, steps] (blank and ten digits per step)");
  }

  // The model's logits [1, 11, 1, steps] -> per-step probabilities (softmax).
  static NumberSteps Steps(const cv::Mat& logits) {
    const int classes = logits.size[1], count = logits.size[kStepsAxis];
    const float* data = logits.ptr<float>();
    NumberSteps steps(count);
    for (int t = 0; t < count; ++t) {
      float top = data[t];
      for (int c = 1; c < classes; ++c) top = std::max(top, data[c * count + t]);
      double sum = 0;
      for (int c = 0; c < classes; ++c) sum += steps[t][c] = std::exp(data[c * count + t] - top);
      for (int c = 0; c < classes; ++c) steps[t][c] = static_cast<float>(steps[t][c] / sum);
    }
    return steps;
  }

  static constexpr size_t kMaxKnown = 2048;  // a page's glyphs are read within ~1,000 requests
  ModelPaths paths_;
  cv::dnn::Net net_;
  cv::dnn::Net number_net_;  // empty: no whole-number model
  std::unique_ptr<BoxReader> box_reader_;  // none: no box model
  std::optional<DoubtModel> doubt_;        // none: the readers' own confidences stand
  std::unordered_map<std::string, DigitScores> known_;  // normalized glyph bytes -> scores
};

// A model named by an option, checked to exist; "" for none (empty or "none").
std::string NamedOrNone(const std::string& named, const char* what) {
  if (named.empty() || named == "none") return "";
  SC_CHECK(std::filesystem::exists(named), "the " << what << " " << named << " is missing");
  return named;
}

// A model named by an option (NamedOrNone), or when the option is empty
// `file` beside `model` (the digit model, or a box model) if it is there.
std::string BesideOrNamed(const std::string& named, const std::string& model, const std::string& file,
                          const char* what) {
  if (!named.empty()) return NamedOrNone(named, what);
  const std::filesystem::path beside = std::filesystem::path(model).parent_path() / file;
  std::error_code ec;
  return std::filesystem::exists(beside, ec) ? beside.string() : "";
}

// The doubt model `options` name: one named, else the one fitted to the
// readers in use. For the glyph readers that is doubt.json beside the digit
// model; for a box reader (`box_model`, "" for none) NAME_doubt.json beside
// its NAME.onnx, if there is one (the glyph readers' would weigh measures it
// does not give).
std::string DoubtModelPath(const DigitReaderOptions& options, const std::string& box_model) {
  if (box_model.empty() || !options.doubt_model_path.empty())
    return BesideOrNamed(options.doubt_model_path, options.model_path, "doubt.json", "doubt model");
  const std::filesystem::path path(box_model);
  return BesideOrNamed("", box_model, path.stem().string() + "_doubt.json", "doubt model");
}

// The models `options` name, checked to exist.
ModelPaths FindModels(const DigitReaderOptions& options) {
  SC_CHECK(!options.model_path.empty() && std::filesystem::exists(options.model_path),
           "the digit model " << (options.model_path.empty() ? "models/digits.onnx" : options.model_path)
                              << " is missing");
  const std::string boxes = NamedOrNone(options.box_model_path, "box model");
  return {options.model_path,
          BesideOrNamed(options.number_model_path, options.model_path, "numbers.onnx", "whole-number model"), boxes,
          DoubtModelPath(options, boxes)};
}

// Loads the models when first asked to read.
class LazyDigitReader : public DigitReader {
 public:
  explicit LazyDigitReader(ModelPaths paths) : paths_(std::move(paths)) {}
  DigitScores Classify(const cv::Mat& glyph) override { return Loaded().Classify(glyph); }
  NumberSteps ReadNumber(const cv::Mat& ink) override { return Loaded().ReadNumber(ink); }
  std::vector<BoxReading> ReadBoxes(const cv::Mat& page, const std::vector<cv::Rect2f>& boxes_in_page) override {
    return Loaded().ReadBoxes(page, boxes_in_page);
  }
  const DoubtModel* Doubt() override { return Loaded().Doubt(); }
  std::unique_ptr<DigitReader> Another() const override { return LazyReaderOf(paths_); }

 private:
  DigitReader& Loaded() {
    if (!reader_) reader_ = std::make_unique<OnnxDigitReader>(paths_);
    return *reader_;
  }
  ModelPaths paths_;
  std::unique_ptr<DigitReader> reader_;
};

std::unique_ptr<DigitReader> LazyReaderOf(const ModelPaths& paths) { return std::make_unique<LazyDigitReader>(paths); }

}  // namespace

std::unique_ptr<DigitReader> DigitReader::Create(const DigitReaderOptions& options) {
  return std::make_unique<OnnxDigitReader>(FindModels(options));
}

std::unique_ptr<DigitReader> DigitReader::CreateLazy(const DigitReaderOptions& options) {
  return std::make_unique<LazyDigitReader>(FindModels(options));
}

std::string FindDigitModel(const std::string& templates_dir) {
  namespace fs = std::filesystem;
  const fs::path base = fs::path(templates_dir).parent_path();
  for (const fs::path& candidate : {base / "models" / "digits.onnx", base / "share" / "scorecheck" / "models" / "digits.onnx"}) {
    std::error_code ec;
    if (fs::exists(candidate, ec)) return candidate.string();
  }
  return "";
}

}  // namespace scorecheck
