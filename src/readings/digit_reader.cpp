#include "readings/digit_reader.h"

#include <filesystem>
#include <string>
#include <unordered_map>

#include <opencv2/dnn.hpp>

#include "core/error.h"
#include "readings/digit_preprocess.h"

namespace scorecheck {
namespace {

class OnnxDigitReader : public DigitReader {
 public:
  explicit OnnxDigitReader(const std::string& path) {
    try {
      net_ = cv::dnn::readNetFromONNX(path);
    } catch (const cv::Exception& e) {
      throw Error(path + ": cannot load the digit model: " + e.err);
    }
    SC_CHECK(!net_.empty(), path << ": cannot load the digit model");
    // 10 outputs: the ten digits. 11: the ten digits and "reject" (not exactly
    // one digit: touching digits, a fragment), trained by train_digits.py --reject.
    net_.setInput(digits::digitBlob({cv::Mat::zeros(28, 28, CV_32F)}));
    const int outputs = static_cast<int>(net_.forward().total());
    SC_CHECK(outputs == 10 || outputs == 11,
             path << ": the digit model has " << outputs << " outputs, expected 10 (digits) or 11 (digits, reject)");
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
    for (int d = 0; d < 10; ++d) scores[d] = p[d];
    if (known_.size() >= kMaxKnown) known_.clear();  // bounded: a few MB
    known_.emplace(std::move(key), scores);
    return scores;
  }

 private:
  static constexpr size_t kMaxKnown = 2048;  // a page's glyphs are read within ~1,000 requests
  cv::dnn::Net net_;
  std::unordered_map<std::string, DigitScores> known_;  // normalized glyph bytes -> scores
};

}  // namespace

std::unique_ptr<DigitReader> DigitReader::Create(const DigitReaderOptions& options) {
  SC_CHECK(!options.model_path.empty() && std::filesystem::exists(options.model_path),
           "the digit model " << (options.model_path.empty() ? "models/digits.onnx" : options.model_path)
                              << " is missing");
  return std::make_unique<OnnxDigitReader>(options.model_path);
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
