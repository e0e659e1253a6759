// BoxReader (models/cells.onnx through OpenCV dnn) on a tiny randomly
// initialised CellNet committed for the purpose, tests/data/cells_tiny.onnx
// (CellNet(0.125, "ctx"), ~40 KB: dilated convolutions and residual sums too; regenerate with
//   /usr/bin/python3 tools/cells/reference_outputs.py --random-init 0.125 62
//     --checkpoint /tmp/cells_tiny.pt --onnx tests/data/cells_tiny.onnx
//     --out tests/data/cells_tiny_reference.json):
// batching, calibration, decoding, errors. And "the ONNX model agrees with
// PyTorch": the raw logits of a few fixed inputs, written by
// tools/cells/reference_outputs.py, against OpenCV dnn's, for the tiny model
// and, when committed, for models/cells.onnx with tests/data/cells_reference.json.
//
// Environment: SCORECHECK_TEST_BOX_MODEL replaces the tiny model in the
// batching tests; SCORECHECK_TEST_CELLS_MODEL and SCORECHECK_TEST_CELLS_REFERENCE
// replace models/cells.onnx and tests/data/cells_reference.json.

#include "readings/box_reader.h"

#include "core/error.h"

#include <gtest/gtest.h>
#include <nlohmann/json.hpp>
#include <opencv2/imgproc.hpp>

#include <cmath>
#include <cstdlib>
#include <cstring>
#include <filesystem>
#include <fstream>
#include <numeric>
#include <random>
#include <string>
#include <vector>

namespace scorecheck {
namespace {

namespace fs = std::filesystem;

std::string SourcePath(const std::string& relative) { return std::string(SCORECHECK_SOURCE_DIR) + "/" + relative; }

std::string EnvOr(const char* name, const std::string& fallback) {
  const char* value = std::getenv(name);
  return value && *value ? value : fallback;
}

std::string TinyModel() { return EnvOr("SCORECHECK_TEST_BOX_MODEL", SourcePath("tests/data/cells_tiny.onnx")); }

// A page with ruled boxes and drawn numbers, and its boxes.
cv::Mat Page(std::vector<cv::Rect2f>* boxes) {
  cv::Mat page(400, 600, CV_8UC1, cv::Scalar(230));
  for (int x = 20; x < 600; x += 95) cv::line(page, {x, 0}, {x, 399}, 50, 2);
  for (int y = 10; y < 400; y += 48) cv::line(page, {0, y}, {599, y}, 50, 2);
  int n = 0;
  for (int y = 10; y + 48 < 400; y += 48)
    for (int x = 20; x + 95 < 600; x += 95, ++n) {
      if (n % 3 != 0) cv::putText(page, std::to_string(n * 7 % 400), {x + 12, y + 38}, cv::FONT_HERSHEY_SCRIPT_SIMPLEX,
                                  1.1, 25, 2, cv::LINE_AA);
      boxes->push_back(cv::Rect2f(x + 1.5f, y + 1.5f, 93.f, 46.f));
    }
  return page;
}

// 70 inputs: boxes of the page, noise, zeros.
std::vector<cv::Mat> SeventyInputs() {
  std::vector<cv::Rect2f> boxes;
  const cv::Mat page = Page(&boxes);
  std::vector<cv::Mat> inputs;
  for (const cv::Rect2f& box : boxes) inputs.push_back(BoxInput(page, box));
  cv::RNG rng(62);
  while (inputs.size() < 69) {
    cv::Mat noise(32, 128, CV_32F);
    rng.fill(noise, cv::RNG::UNIFORM, 0.0f, 1.0f);
    inputs.push_back(noise);
  }
  inputs.push_back(cv::Mat::zeros(32, 128, CV_32F));
  return inputs;
}

float MaxDifference(const BoxLogits& a, const BoxLogits& b) {
  float d = 0;
  for (size_t t = 0; t < a.ctc.size(); ++t)
    for (int c = 0; c < kCtcClasses; ++c) d = std::max(d, std::abs(a.ctc[t][c] - b.ctc[t][c]));
  for (int i = 0; i < kBoxStates; ++i) d = std::max(d, std::abs(a.state[i] - b.state[i]));
  for (int i = 0; i <= kBoxMaxTicks; ++i) d = std::max(d, std::abs(a.ticks[i] - b.ticks[i]));
  return d;
}

TEST(BoxReaderTest, BatchOfSeventyReadsAsSeventyBatchesOfOne) {
  const std::vector<cv::Mat> inputs = SeventyInputs();
  ASSERT_EQ(inputs.size(), 70u);
  BoxReaderOptions one;
  one.batch = 1;
  auto single = BoxReader::Create(TinyModel(), one);
  auto batched = BoxReader::Create(TinyModel());  // batch 64: chunks of 64 and 6
  EXPECT_EQ(batched->steps(), 32);
  const std::vector<BoxLogits> a = single->Logits(inputs), b = batched->Logits(inputs);
  ASSERT_EQ(a.size(), 70u);
  ASSERT_EQ(b.size(), 70u);
  float worst = 0;
  for (size_t i = 0; i < a.size(); ++i) {
    ASSERT_EQ(a[i].ctc.size(), 32u);
    ASSERT_EQ(b[i].ctc.size(), 32u);
    worst = std::max(worst, MaxDifference(a[i], b[i]));
  }
  // Exactly 0 with Debian's OpenCV 4.6 on x86-64 (each image of a batch goes
  // through the same convolution loops alone). The tolerance allows another
  // build to block a batch differently: float rounding, far below any decision.
  EXPECT_LE(worst, 1e-5f);
  // And the boxes are not mixed up: with the tiny model the boxes' outputs
  // differ far more than that (a model of another's choosing may not).
  if (EnvOr("SCORECHECK_TEST_BOX_MODEL", "").empty()) {
    EXPECT_GT(MaxDifference(a[0], a[69]), 1e-2f);
  }
  const std::vector<BoxReading> ra = single->ReadInputs(inputs), rb = batched->ReadInputs(inputs);
  for (size_t i = 0; i < ra.size(); ++i)
    for (int s = 0; s < kBoxStates; ++s) EXPECT_NEAR(ra[i].state[s], rb[i].state[s], 1e-5);
}

TEST(BoxReaderTest, ProbabilitiesSumToOne) {
  auto reader = BoxReader::Create(TinyModel());
  for (const BoxReading& r : reader->ReadInputs(SeventyInputs())) {
    EXPECT_NEAR(std::accumulate(r.state.begin(), r.state.end(), 0.0), 1.0, 1e-9);
    EXPECT_NEAR(std::accumulate(r.ticks.begin(), r.ticks.end(), 0.0), 1.0, 1e-9);
    ASSERT_EQ(r.ctc.size(), 32u);
    for (const auto& step : r.ctc) {
      double sum = 0;
      for (float v : step) sum += std::exp(v);
      EXPECT_NEAR(sum, 1.0, 1e-5);
    }
    EXPECT_LE(r.numbers.size(), 6u);
    for (size_t i = 1; i < r.numbers.size(); ++i) EXPECT_GE(r.numbers[i - 1].probability, r.numbers[i].probability);
    for (const BoxReading::Value& v : r.numbers) {
      EXPECT_FALSE(v.digits.empty());
      EXPECT_LE(v.digits.size(), 4u);
      EXPECT_EQ(v.value, std::stoi(v.digits));
      // The beam sums over the alignments it kept: never more than all of them.
      if (v.digits.size() == 1 || v.digits[0] != '0') {
        EXPECT_LE(v.probability, r.NumberProbability(v.value) * (1 + 1e-9));
      }
    }
  }
}

TEST(BoxReaderTest, UnprunedBeamProbabilityIsTheNumberProbability) {
  // A beam wider than the 11,111 strings of up to 4 digits prunes nothing:
  // the beam's probability of the top value is then CtcLabelLogProb's.
  BoxReaderOptions wide;
  wide.beam_width = 20000;
  auto reader = BoxReader::Create(TinyModel(), wide);
  std::vector<cv::Mat> inputs = SeventyInputs();
  inputs.resize(4);
  int checked = 0;
  for (const BoxReading& r : reader->ReadInputs(inputs)) {
    ASSERT_FALSE(r.numbers.empty());
    const BoxReading::Value& top = r.numbers[0];
    int strings_of_value = 0;
    for (const BoxReading::Value& v : r.numbers) strings_of_value += v.value == top.value;
    if (strings_of_value != 1 || (top.digits.size() > 1 && top.digits[0] == '0')) continue;
    EXPECT_NEAR(std::log(r.NumberProbability(top.value)), std::log(top.probability), 1e-9) << top.digits;
    ++checked;
  }
  EXPECT_GT(checked, 0);
}

TEST(BoxReaderTest, ReadIsBoxInputThenReadInputs) {
  std::vector<cv::Rect2f> boxes;
  const cv::Mat page = Page(&boxes);
  auto reader = BoxReader::Create(TinyModel());
  std::vector<cv::Mat> inputs;
  for (const cv::Rect2f& box : boxes) inputs.push_back(BoxInput(page, box));
  const std::vector<BoxReading> a = reader->Read(page, boxes), b = reader->ReadInputs(inputs);
  ASSERT_EQ(a.size(), boxes.size());
  for (size_t i = 0; i < a.size(); ++i) {
    EXPECT_EQ(a[i].state, b[i].state);
    EXPECT_EQ(a[i].ctc, b[i].ctc);
  }
  EXPECT_TRUE(reader->Read(page, {}).empty());
}

TEST(BoxReaderTest, CalibrateBoxAppliesTheTemperatures) {
  BoxLogits logits;
  logits.state = {2.f, 0.f, -1.f, 0.5f, 1.f};
  logits.ticks = {0.f, 1.f, 2.f, 3.f, 2.f, 1.f, 0.f};
  logits.ctc.assign(3, {});
  logits.ctc[0] = {0.f, 0.f, 4.f, 0.f, 0.f, 0.f, 0.f, 0.f, 0.f, 0.f, 0.f};  // "1"
  logits.ctc[1] = {4.f, 0.f, 0.f, 0.f, 0.f, 0.f, 0.f, 0.f, 0.f, 0.f, 0.f};
  logits.ctc[2] = {0.f, 0.f, 0.f, 0.f, 0.f, 0.f, 0.f, 0.f, 4.f, 0.f, 0.f};  // "7"
  const BoxCalibration hot{2.0, 4.0, 0.5};
  const BoxReading r = CalibrateBox(logits, hot);
  double z = 0;
  for (float v : logits.state) z += std::exp(v / 4.0);
  EXPECT_NEAR(r.state[0], std::exp(2.0 / 4.0) / z, 1e-12);
  z = 0;
  for (float v : logits.ticks) z += std::exp(v / 0.5);
  EXPECT_NEAR(r.ticks[3], std::exp(3.0 / 0.5) / z, 1e-12);
  EXPECT_NEAR(r.ctc[0][2], 2.0 - std::log(std::exp(2.0) + 10.0), 1e-6);
  EXPECT_EQ(r.BestState(), BoxState::kEmpty);
  ASSERT_FALSE(r.numbers.empty());
  EXPECT_EQ(r.numbers[0].value, 17);
  EXPECT_EQ(r.numbers[0].digits, "17");
  EXPECT_EQ(r.NumberProbability(-3), 0.0);
  // values_kept bounds the list.
  BoxReaderOptions two;
  two.values_kept = 2;
  EXPECT_EQ(CalibrateBox(logits, hot, two).numbers.size(), 2u);
}

class TempDir {
 public:
  TempDir() : path_(fs::temp_directory_path() / ("box_reader_test_" + std::to_string(std::random_device{}()))) {
    fs::create_directories(path_);
  }
  ~TempDir() { fs::remove_all(path_); }
  fs::path operator/(const std::string& name) const { return path_ / name; }

 private:
  fs::path path_;
};

TEST(BoxReaderTest, CalibrationCardBesideTheModel) {
  TempDir dir;
  const fs::path model = dir / "cells.onnx";
  fs::copy_file(TinyModel(), model);
  EXPECT_EQ(LoadBoxModelCard(model.string()).calibration.ctc_temperature, 1.0);  // no card
  std::ofstream(dir / "cells.json") << R"({"model": "cells.onnx"})";
  EXPECT_EQ(LoadBoxModelCard(model.string()).calibration.state_temperature, 1.0);  // no calibration key
  std::ofstream(dir / "cells.json") << R"({"calibration": {"ctc_temperature": 1.5, "state_temperature": 2.25}})";
  const BoxCalibration c = LoadBoxModelCard(model.string()).calibration;
  EXPECT_EQ(c.ctc_temperature, 1.5);
  EXPECT_EQ(c.state_temperature, 2.25);
  EXPECT_EQ(c.ticks_temperature, 1.0);

  // The reader applies them: the same logits, state softmax at 2.25.
  auto calibrated = BoxReader::Create(model.string());
  EXPECT_EQ(calibrated->calibration().state_temperature, 2.25);
  const std::vector<cv::Mat> inputs(1, cv::Mat::zeros(32, 128, CV_32F));
  const BoxLogits logits = calibrated->Logits(inputs)[0];
  const BoxReading reading = calibrated->ReadInputs(inputs)[0];
  double z = 0;
  for (float v : logits.state) z += std::exp(v / 2.25);
  EXPECT_NEAR(reading.state[1], std::exp(logits.state[1] / 2.25) / z, 1e-12);

  std::ofstream(dir / "cells.json") << R"({"calibration": {"ctc_temperature": 0}})";
  EXPECT_THROW(LoadBoxModelCard(model.string()), Error);
  std::ofstream(dir / "cells.json") << "{not json";
  EXPECT_THROW(BoxReader::Create(model.string()), Error);
}

TEST(BoxReaderTest, TheCardSaysHowItsBoxesAreMade) {
  TempDir dir;
  const fs::path model = dir / "cells.onnx";
  fs::copy_file(TinyModel(), model);
  EXPECT_EQ(BoxReader::Create(model.string())->input().margin_y, BoxInputOptions{}.margin_y);  // no card
  std::ofstream(dir / "cells.json") << R"({"input": {"height": 48, "width": 192, "margin_y": 0.1}})";
  const BoxModelCard card = LoadBoxModelCard(model.string());
  EXPECT_EQ(card.input.height, 48);
  EXPECT_EQ(card.input.width, 192);
  EXPECT_EQ(card.input.margin_y, 0.1);
  EXPECT_EQ(card.input.margin_x, BoxInputOptions{}.margin_x);
  // The reader makes its boxes that way (the tiny model's own shape, its margins from the card).
  std::ofstream(dir / "cells.json") << R"({"input": {"height": 32, "width": 128, "margin_y": 0.1}})";
  const auto reader = BoxReader::Create(model.string());
  EXPECT_EQ(reader->input().margin_y, 0.1);
  cv::Mat page(200, 300, CV_8UC1, cv::Scalar(255));
  cv::putText(page, "7", {30, 60}, cv::FONT_HERSHEY_SIMPLEX, 1.0, 0, 2);
  const cv::Rect2f box(20, 30, 60, 40);
  const BoxReading read = reader->Read(page, {box})[0];
  const BoxReading made = reader->ReadInputs({BoxInput(page, box, reader->input())})[0];
  EXPECT_EQ(read.state, made.state);
  std::ofstream(dir / "cells.json") << R"({"input": {"height": 0}})";
  EXPECT_THROW(LoadBoxModelCard(model.string()), Error);
}

TEST(BoxReaderTest, ClearErrors) {
  EXPECT_THROW(BoxReader::Create(SourcePath("tests/data/no_such_model.onnx")), Error);
  TempDir dir;
  std::ofstream(dir / "garbage.onnx") << "not a model";
  EXPECT_THROW(BoxReader::Create((dir / "garbage.onnx").string()), Error);
  BoxReaderOptions bad;
  bad.beam_width = 0;
  EXPECT_FALSE(bad.Check());
  EXPECT_THROW(BoxReader::Create(TinyModel(), bad), Error);
  // Another ONNX model (the digit classifier): not the box model's outputs.
  const std::string digits = SourcePath("models/digits.onnx");
  if (fs::exists(digits)) {
    EXPECT_THROW(BoxReader::Create(digits), Error);
  }
  auto reader = BoxReader::Create(TinyModel());
  EXPECT_THROW(reader->ReadInputs({cv::Mat::zeros(28, 28, CV_32F)}), Error);
  EXPECT_THROW(reader->ReadInputs({cv::Mat::zeros(32, 128, CV_8U)}), Error);
}

// base64 (RFC 4648, with padding) -> bytes.
std::string Base64Decode(const std::string& text) {
  auto value = [](char c) -> int {
    if (c >= 'A' && c <= 'Z') return c - 'A';
    if (c >= 'a' && c <= 'z') return c - 'a' + 26;
    if (c >= '0' && c <= '9') return c - '0' + 52;
    return c == '+' ? 62 : c == '/' ? 63 : -1;
  };
  std::string out;
  int bits = 0, buffer = 0;
  for (char c : text) {
    const int v = value(c);
    if (v < 0) continue;  // padding
    buffer = (buffer << 6) | v;
    bits += 6;
    if (bits >= 8) {
      bits -= 8;
      out.push_back(static_cast<char>((buffer >> bits) & 0xff));
    }
  }
  return out;
}

// The model's logits for reference_outputs.py's inputs against PyTorch's.
void ExpectAgreesWithPyTorch(const std::string& model, const std::string& reference) {
  std::ifstream in(reference);
  ASSERT_TRUE(in) << reference;
  const nlohmann::json json = nlohmann::json::parse(in);
  auto reader = BoxReader::Create(model);  // its input shape from its card
  const int rows = reader->input().height, columns = reader->input().width;
  std::vector<cv::Mat> inputs;
  for (const auto& encoded : json["inputs"]) {
    const std::string bytes = Base64Decode(encoded.get<std::string>());
    ASSERT_EQ(bytes.size(), static_cast<size_t>(rows) * columns * sizeof(float)) << "not a " << rows << " x " << columns << " input";
    cv::Mat input(rows, columns, CV_32F);
    std::memcpy(input.data, bytes.data(), bytes.size());  // little-endian float32, as this machine
    inputs.push_back(input);
  }
  ASSERT_FALSE(inputs.empty());
  const std::vector<BoxLogits> logits = reader->Logits(inputs);
  double worst = 0;
  for (size_t i = 0; i < inputs.size(); ++i) {
    const std::vector<float> ctc = json["ctc"][i].get<std::vector<float>>();
    const std::vector<float> state = json["state"][i].get<std::vector<float>>();
    const std::vector<float> ticks = json["ticks"][i].get<std::vector<float>>();
    const int steps = reader->steps();
    ASSERT_EQ(ctc.size(), static_cast<size_t>(kCtcClasses * steps));
    ASSERT_EQ(state.size(), static_cast<size_t>(kBoxStates));
    ASSERT_EQ(ticks.size(), static_cast<size_t>(kBoxMaxTicks + 1));
    for (int c = 0; c < kCtcClasses; ++c)
      for (int t = 0; t < steps; ++t) worst = std::max<double>(worst, std::abs(logits[i].ctc[t][c] - ctc[c * steps + t]));
    for (int s = 0; s < kBoxStates; ++s) worst = std::max<double>(worst, std::abs(logits[i].state[s] - state[s]));
    for (int k = 0; k <= kBoxMaxTicks; ++k) worst = std::max<double>(worst, std::abs(logits[i].ticks[k] - ticks[k]));
  }
  EXPECT_LE(worst, 1e-4) << model << " vs " << reference
                         << " (made for the model with sha256 " << json.value("onnx_sha256", "?")
                         << "; after a new export, rerun tools/cells/reference_outputs.py)";
}

TEST(BoxReaderTest, TinyModelAgreesWithPyTorch) {
  ExpectAgreesWithPyTorch(SourcePath("tests/data/cells_tiny.onnx"), SourcePath("tests/data/cells_tiny_reference.json"));
}

TEST(BoxReaderTest, ModelAgreesWithPyTorch) {
  const std::string model = EnvOr("SCORECHECK_TEST_CELLS_MODEL", SourcePath("models/cells.onnx"));
  const std::string reference = EnvOr("SCORECHECK_TEST_CELLS_REFERENCE", SourcePath("tests/data/cells_reference.json"));
  if (!fs::exists(model)) GTEST_SKIP() << model << " is missing";
  if (!fs::exists(reference)) GTEST_SKIP() << reference << " is missing (tools/cells/reference_outputs.py)";
  ExpectAgreesWithPyTorch(model, reference);
}

}  // namespace
}  // namespace scorecheck
