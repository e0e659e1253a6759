#include "readings/box_reader.h"

#include <algorithm>
#include <cmath>
#include <cstring>
#include <filesystem>
#include <fstream>
#include <type_traits>

#include <nlohmann/json.hpp>
#include <opencv2/dnn.hpp>
#include <opencv2/imgproc.hpp>

#include "core/error.h"

namespace scorecheck {
namespace {

// The longest digit string decoded: any nine digits still fit an int
// (std::stoi of the string), ten may not.
constexpr int kMostDigits = 9;
// The "ctc" output has at least three axes: [N, classes, T], or [N, classes,
// 1, T] with the unit axis OpenCV may keep.
constexpr int kCtcMinAxes = 3;
// The model's outputs: the heads ctc, state and ticks.
constexpr size_t kBoxHeads = 3;
// A page in colour has three channels (BGR), or four with alpha (BGRA).
constexpr int kBgrChannels = 3, kBgraChannels = 4;

}  // namespace

bool BoxReaderOptions::Check() const {
  return batch >= 1 && beam_width >= 1 && max_digits >= 1 && max_digits <= kMostDigits && values_kept >= 0 &&
         input.Check();
}

BoxModelCard LoadBoxModelCard(const std::string& model_path, const BoxInputOptions& input) {
  namespace fs = std::filesystem;
  BoxModelCard card{{}, input};
  const fs::path path = fs::path(model_path).replace_extension(".json");
  std::error_code ec;
  if (!fs::exists(path, ec)) return card;
  std::ifstream in(path);
  SC_CHECK(in, path.string() << ": cannot read the model card");
  nlohmann::json json;
  try {
    json = nlohmann::json::parse(in);
  } catch (const nlohmann::json::exception& e) {
    throw Error(path.string() + ": the model card is not JSON: " + e.what());
  }
  if (!json.is_object()) return card;
  // The number `section`.`key`, when there, or an Error naming it.
  auto read = [&](const char* section, const char* key, auto& value) {
    if (!json.contains(section) || !json[section].is_object() || !json[section].contains(key)) return;
    const nlohmann::json& v = json[section][key];
    SC_CHECK(v.is_number(), path.string() << ": " << section << "." << key << " must be a number");
    value = v.get<std::remove_reference_t<decltype(value)>>();
  };
  SC_CHECK(!json.contains("calibration") || json["calibration"].is_object(),
           path.string() << ": \"calibration\" is not an object");
  read("calibration", "ctc_temperature", card.calibration.ctc_temperature);
  read("calibration", "state_temperature", card.calibration.state_temperature);
  read("calibration", "ticks_temperature", card.calibration.ticks_temperature);
  SC_CHECK(card.calibration.ctc_temperature > 0 && card.calibration.state_temperature > 0 &&
               card.calibration.ticks_temperature > 0,
           path.string() << ": the calibration temperatures must be positive numbers");
  read("input", "height", card.input.height);
  read("input", "width", card.input.width);
  read("input", "min_width", card.input.min_width);
  read("input", "margin_x", card.input.margin_x);
  read("input", "margin_y", card.input.margin_y);
  read("input", "paper_percentile", card.input.paper_percentile);
  SC_CHECK(card.input.Check(), path.string() << ": \"input\" is out of range");
  return card;
}

namespace {

// Softmax of logits / temperature, in double.
template <size_t N>
std::array<double, N> Softmax(const std::array<float, N>& logits, double temperature) {
  std::array<double, N> p{};
  double top = -INFINITY;
  for (size_t i = 0; i < N; ++i) top = std::max(top, logits[i] / temperature);
  double sum = 0;
  for (size_t i = 0; i < N; ++i) sum += p[i] = std::exp(logits[i] / temperature - top);
  for (double& v : p) v /= sum;
  return p;
}

}  // namespace

BoxReading CalibrateBox(const BoxLogits& logits, const BoxCalibration& calibration, const BoxReaderOptions& options) {
  BoxReading reading;
  reading.state = Softmax(logits.state, calibration.state_temperature);
  reading.ticks = Softmax(logits.ticks, calibration.ticks_temperature);
  reading.ctc.resize(logits.ctc.size());
  for (size_t t = 0; t < logits.ctc.size(); ++t) {
    // log-softmax in double, stored as float (the model's own precision).
    const double temperature = calibration.ctc_temperature;
    double top = -INFINITY;
    for (float v : logits.ctc[t]) top = std::max(top, v / temperature);
    double sum = 0;
    for (float v : logits.ctc[t]) sum += std::exp(v / temperature - top);
    const double log_sum = top + std::log(sum);
    for (int c = 0; c < kCtcClasses; ++c) reading.ctc[t][c] = static_cast<float>(logits.ctc[t][c] / temperature - log_sum);
  }
  for (const CtcString& s : CtcBeamSearch(reading.ctc, options.beam_width, options.max_digits)) {
    if (static_cast<int>(reading.numbers.size()) >= options.values_kept) break;
    if (s.digits.empty()) continue;
    reading.numbers.push_back({std::stoi(s.digits), s.digits, std::exp(s.log_prob)});
  }
  return reading;
}

double BoxReading::NumberProbability(int value) const {
  if (value < 0) return 0;
  return std::exp(CtcLabelLogProb(ctc, std::to_string(value)));
}

BoxState BoxReading::BestState() const {
  return static_cast<BoxState>(std::max_element(state.begin(), state.end()) - state.begin());
}

struct BoxReader::Net {
  cv::dnn::Net net;
  std::vector<cv::String> output_names = {"ctc", "state", "ticks"};
};

namespace {

// The CTC steps of the "ctc" output [n, 11, 1, T] (or without the unit axis),
// checked to hold n boxes.
int StepsOf(const cv::Mat& ctc, int n, const std::string& path) {
  SC_CHECK(ctc.dims >= kCtcMinAxes && ctc.size[0] == n && ctc.size[1] == kCtcClasses &&
               ctc.total() % (n * kCtcClasses) == 0,
           path << ": the box model's \"ctc\" output is not [N, 11, 1, T]");
  return static_cast<int>(ctc.total() / (n * kCtcClasses));
}

// An [n, classes, 1, 1] head (OpenCV may drop the unit axes), checked.
void CheckHead(const cv::Mat& head, int n, int classes, const char* name, const std::string& path) {
  SC_CHECK(head.dims >= 2 && head.size[0] == n && head.size[1] == classes &&
               head.total() == static_cast<size_t>(n) * classes && head.isContinuous(),
           path << ": the box model's \"" << name << "\" output is not [N, " << classes << ", 1, 1]");
}

}  // namespace

std::unique_ptr<BoxReader> BoxReader::Create(const std::string& model_path, const BoxReaderOptions& options) {
  SC_CHECK(options.Check(), "invalid box reader options");
  std::error_code ec;
  SC_CHECK(std::filesystem::exists(model_path, ec), "the box model " << model_path << " is missing");
  auto net = std::make_unique<Net>();
  try {
    net->net = cv::dnn::readNetFromONNX(model_path);
  } catch (const cv::Exception& e) {
    throw Error(model_path + ": cannot load the box model: " + e.err);
  }
  SC_CHECK(!net->net.empty(), model_path << ": cannot load the box model");
  const BoxModelCard card = LoadBoxModelCard(model_path, options.input);
  BoxReaderOptions used = options;
  used.input = card.input;
  auto reader = std::unique_ptr<BoxReader>(new BoxReader(std::move(net), used, card.calibration));
  // One blank box through the model: its outputs must be the three heads.
  std::vector<cv::Mat> outs;
  const int shape[kBlobAxes] = {1, 1, used.input.height, used.input.width};
  reader->net_->net.setInput(cv::Mat(kBlobAxes, shape, CV_32F, cv::Scalar(0)));
  try {
    reader->net_->net.forward(outs, reader->net_->output_names);
  } catch (const cv::Exception& e) {
    throw Error(model_path + ": the box model does not run on a " + std::to_string(used.input.height) + " x " +
                std::to_string(used.input.width) + " input with outputs ctc, state, ticks: " + e.err);
  }
  SC_CHECK(outs.size() == kBoxHeads, model_path << ": the box model does not have the outputs ctc, state, ticks");
  reader->steps_ = StepsOf(outs[0], 1, model_path);
  CheckHead(outs[1], 1, kBoxStates, "state", model_path);
  CheckHead(outs[2], 1, kBoxMaxTicks + 1, "ticks", model_path);
  return reader;
}

BoxReader::BoxReader(std::unique_ptr<Net> net, const BoxReaderOptions& options, const BoxCalibration& calibration)
    : net_(std::move(net)), options_(options), calibration_(calibration) {}

BoxReader::~BoxReader() = default;

void BoxReader::Forward(const std::vector<cv::Mat>& inputs, size_t begin, size_t end, std::vector<BoxLogits>& out) {
  const int n = static_cast<int>(end - begin), h = options_.input.height, w = options_.input.width;
  const int shape[kBlobAxes] = {n, 1, h, w};
  cv::Mat blob(kBlobAxes, shape, CV_32F);
  float* dst = blob.ptr<float>();
  for (size_t i = begin; i < end; ++i, dst += h * w) {
    const cv::Mat& input = inputs[i];
    SC_CHECK(input.type() == CV_32FC1 && input.rows == h && input.cols == w,
             "box reader input " << i << " is not a " << h << " x " << w << " CV_32F image");
    for (int r = 0; r < h; ++r) std::memcpy(dst + r * w, input.ptr<float>(r), w * sizeof(float));
  }
  net_->net.setInput(blob);
  std::vector<cv::Mat> outs;
  net_->net.forward(outs, net_->output_names);
  SC_CHECK(outs.size() == kBoxHeads, "the box model returned " << outs.size() << " outputs, expected 3");
  const cv::Mat& ctc = outs[0];
  // The outputs are read as dense NCHW; each is checked to have the batch as
  // its first axis and the expected element count (box_reader_test checks
  // that a batch of 70 reads as 70 batches of one).
  SC_CHECK(ctc.isContinuous() && StepsOf(ctc, n, "box model") == steps_,
           "the box model's \"ctc\" output changed shape with the batch");
  CheckHead(outs[1], n, kBoxStates, "state", "box model");
  CheckHead(outs[2], n, kBoxMaxTicks + 1, "ticks", "box model");
  const float* c = ctc.ptr<float>();
  const float* s = outs[1].ptr<float>();
  const float* k = outs[2].ptr<float>();
  for (int b = 0; b < n; ++b) {
    BoxLogits logits;
    logits.ctc.resize(steps_);
    const float* box_ctc = c + static_cast<size_t>(b) * kCtcClasses * steps_;
    for (int t = 0; t < steps_; ++t)
      for (int cls = 0; cls < kCtcClasses; ++cls) logits.ctc[t][cls] = box_ctc[cls * steps_ + t];
    std::copy(s + b * kBoxStates, s + (b + 1) * kBoxStates, logits.state.begin());
    std::copy(k + b * (kBoxMaxTicks + 1), k + (b + 1) * (kBoxMaxTicks + 1), logits.ticks.begin());
    out.push_back(std::move(logits));
  }
}

std::vector<BoxLogits> BoxReader::Logits(const std::vector<cv::Mat>& inputs) {
  std::vector<BoxLogits> out;
  out.reserve(inputs.size());
  for (size_t begin = 0; begin < inputs.size(); begin += options_.batch)
    Forward(inputs, begin, std::min(inputs.size(), begin + options_.batch), out);
  return out;
}

std::vector<BoxReading> BoxReader::ReadInputs(const std::vector<cv::Mat>& inputs) {
  std::vector<BoxReading> readings;
  readings.reserve(inputs.size());
  for (const BoxLogits& logits : Logits(inputs)) readings.push_back(CalibrateBox(logits, calibration_, options_));
  return readings;
}

std::vector<BoxReading> BoxReader::Read(const cv::Mat& page, const std::vector<cv::Rect2f>& boxes_in_page) {
  cv::Mat gray_page = page;
  if (page.channels() == kBgrChannels) cv::cvtColor(page, gray_page, cv::COLOR_BGR2GRAY);
  else if (page.channels() == kBgraChannels) cv::cvtColor(page, gray_page, cv::COLOR_BGRA2GRAY);
  std::vector<cv::Mat> inputs;
  inputs.reserve(boxes_in_page.size());
  for (const cv::Rect2f& box : boxes_in_page) inputs.push_back(BoxInput(gray_page, box, options_.input));
  return ReadInputs(inputs);
}

}  // namespace scorecheck
