// The real digit model (models/digits.onnx) through DigitReader: held-out
// single digits read right, and two held-out digits written as one touching
// shape score low on every digit (the model's "reject" output takes the
// probability), so the segmentation that keeps them apart wins.
// Needs digits.png (opencv-doc); only its TEST half (i = 250..499) is used.

#include "readings/digit_reader.h"

#include "core/error.h"
#include "synth/handwriting.h"

#include <gtest/gtest.h>
#include <opencv2/imgproc.hpp>

#include <algorithm>
#include <cstdlib>
#include <filesystem>
#include <optional>
#include <random>
#include <string>
#include <thread>
#include <vector>

#include <unistd.h>

namespace scorecheck {
namespace {

class DigitReaderTest : public ::testing::Test {
 protected:
  void SetUp() override {
    // SCORECHECK_TEST_DIGIT_MODEL: try another model file (e.g. a development run's)
    const char* other = std::getenv("SCORECHECK_TEST_DIGIT_MODEL");
    model_ = other ? other : std::string(SCORECHECK_SOURCE_DIR) + "/models/digits.onnx";
    if (!std::filesystem::exists(model_)) GTEST_SKIP() << model_ << " is missing";
    try {
      bank_ = DigitBank::LoadTestHalf();
    } catch (const Error& e) {
      GTEST_SKIP() << e.what();
    }
    reader_ = DigitReader::Create({model_, "", "", ""});
  }

  // digits.png test-half digit (class c, index i in 250..499), 20x20, ink bright.
  cv::Mat TestDigit(int c, int i) const { return bank_->Glyph(c, i - kDigitsPngTestBegin); }

  static float Best(const DigitScores& s) { return *std::max_element(s.begin(), s.end()); }

  std::string model_;
  std::optional<DigitBank> bank_;
  std::unique_ptr<DigitReader> reader_;
};

// Two digits upscaled x3, the second overlapping the first by `overlap` of the
// narrower ink width, then slanted: one glyph as a bad segmentation sees it.
cv::Mat TouchingPair(const cv::Mat& a, const cv::Mat& b, double overlap, double shear) {
  auto ink_columns = [](const cv::Mat& d) {
    cv::Mat big;
    cv::resize(d, big, cv::Size(), 3, 3, cv::INTER_LINEAR);
    const cv::Rect box = cv::boundingRect(big > 50);
    return big.colRange(box.x, box.x + box.width).clone();
  };
  const cv::Mat pa = ink_columns(a), pb = ink_columns(b);
  const int shift = pa.cols - static_cast<int>(overlap * std::min(pa.cols, pb.cols));
  cv::Mat pair = cv::Mat::zeros(pa.rows, shift + pb.cols, CV_8U);
  pa.copyTo(pair(cv::Rect(0, 0, pa.cols, pa.rows)));
  cv::Mat right = pair(cv::Rect(shift, 0, pb.cols, pb.rows));
  cv::max(right, pb, right);
  const int pad = static_cast<int>(std::abs(shear) * pair.rows) + 2;
  const cv::Mat m = (cv::Mat_<double>(2, 3) << 1, shear, pad - shear * pair.rows / 2.0, 0, 1, 0);
  cv::Mat slanted;
  cv::warpAffine(pair, slanted, m, cv::Size(pair.cols + 2 * pad, pair.rows), cv::INTER_LINEAR);
  return slanted;
}

TEST_F(DigitReaderTest, ReadsHeldOutDigits) {
  int correct = 0, n = 0, confident = 0;
  for (int c = 0; c < 10; ++c)
    for (int i = 250; i < 500; i += 5, ++n) {
      const DigitScores s = reader_->Classify(TestDigit(c, i));
      correct += std::max_element(s.begin(), s.end()) - s.begin() == c;
      confident += Best(s) >= 0.5f;
      float sum = 0;
      for (float p : s) {
        EXPECT_GE(p, 0.0f);
        sum += p;
      }
      EXPECT_LE(sum, 1.0f + 1e-4f);
    }
  EXPECT_GE(correct, 0.98 * n) << correct << " of " << n;
  EXPECT_GE(confident, 0.98 * n) << confident << " of " << n;
}

TEST_F(DigitReaderTest, TouchingPairsScoreLowOnEveryDigit) {
  std::mt19937 rng(11);
  std::uniform_int_distribution<int> digit(0, 9), index(250, 499);
  std::uniform_real_distribution<double> overlap(0.0, 0.45), shear(-0.3, 0.3);
  int low = 0, confident_singles = 0;
  const int n = 200;
  for (int k = 0; k < n; ++k) {
    const int ca = digit(rng), cb = digit(rng), ia = index(rng), ib = index(rng);
    const cv::Mat a = TestDigit(ca, ia), b = TestDigit(cb, ib);
    low += Best(reader_->Classify(TouchingPair(a, b, overlap(rng), shear(rng)))) < 0.5f;
    confident_singles += Best(reader_->Classify(a)) >= 0.5f;
  }
  // The ten-class model (no reject output) left 140 of these 200 pairs at >= 0.5,
  // i.e. read them as one confident digit; with the reject output most fall below.
  EXPECT_GE(low, 0.7 * n) << low << " of " << n << " pairs below 0.5";
  EXPECT_GE(confident_singles, 0.97 * n);
}

TEST(DigitReaderCreateTest, MissingModelThrows) {
  EXPECT_THROW(DigitReader::Create({"/nonexistent/digits.onnx", "", "", ""}), Error);
  EXPECT_THROW(DigitReader::CreateLazy({"/nonexistent/digits.onnx", "", "", ""}), Error);  // checked at once, loaded later
}

// The doubt model beside the digit model was fitted to the glyph readers'
// measures: it weighs their readings, but not a box reader's, which has its
// own beside it (NAME_doubt.json beside NAME.onnx) or none, unless one is named.
TEST_F(DigitReaderTest, EachReaderHasItsOwnDoubtModel) {
  namespace fs = std::filesystem;
  const std::string doubt = fs::path(model_).parent_path() / "doubt.json";
  if (!fs::exists(doubt)) GTEST_SKIP() << "no doubt model beside " << model_;
  const fs::path dir = fs::temp_directory_path() / ("scorecheck_doubt_" + std::to_string(::getpid()));
  fs::create_directories(dir);
  const std::string box_model = (dir / "boxes.onnx").string();
  fs::copy_file(std::string(SCORECHECK_SOURCE_DIR) + "/tests/data/cells_tiny.onnx", box_model,
                fs::copy_options::overwrite_existing);
  EXPECT_NE(DigitReader::Create({model_, "", "", ""})->Doubt(), nullptr);
  EXPECT_EQ(DigitReader::Create({model_, "", box_model, ""})->Doubt(), nullptr);
  EXPECT_EQ(DigitReader::CreateLazy({model_, "", box_model, ""})->Doubt(), nullptr);
  EXPECT_NE(DigitReader::Create({model_, "", box_model, doubt})->Doubt(), nullptr);
  fs::copy_file(doubt, dir / "boxes_doubt.json", fs::copy_options::overwrite_existing);
  EXPECT_NE(DigitReader::Create({model_, "", box_model, ""})->Doubt(), nullptr);
  EXPECT_EQ(DigitReader::Create({model_, "", box_model, "none"})->Doubt(), nullptr);
  fs::remove_all(dir);
}

// The lazy reader reads as the other does, the whole-number model included.
TEST_F(DigitReaderTest, ALazyReaderReadsTheSame) {
  const std::unique_ptr<DigitReader> lazy = DigitReader::CreateLazy({model_, "", "", ""});
  for (int c = 0; c < 10; ++c) {
    const cv::Mat glyph = TestDigit(c, 300);
    EXPECT_EQ(lazy->Classify(glyph), reader_->Classify(glyph)) << c;
  }
  cv::Mat pair = cv::Mat::zeros(20, 40, CV_8U);
  TestDigit(1, 260).copyTo(pair(cv::Rect(0, 0, 20, 20)));
  TestDigit(7, 260).copyTo(pair(cv::Rect(20, 0, 20, 20)));
  const NumberSteps a = lazy->ReadNumber(pair), b = reader_->ReadNumber(pair);
  ASSERT_EQ(a.size(), b.size());
  for (size_t t = 0; t < a.size(); ++t) EXPECT_EQ(a[t], b[t]) << t;
}

// A reader's twin, made for another thread, reads every glyph as the reader
// does, while the reader reads on this one; a twin's twin too.
TEST_F(DigitReaderTest, ATwinOnAnotherThreadReadsTheSame) {
  for (const std::unique_ptr<DigitReader>& made :
       {DigitReader::Create({model_, "", "", ""}), DigitReader::CreateLazy({model_, "", "", ""})}) {
    std::unique_ptr<DigitReader> twin = made->Another();
    ASSERT_NE(twin, nullptr);
    std::unique_ptr<DigitReader> twins_twin = twin->Another();
    ASSERT_NE(twins_twin, nullptr);
    std::vector<DigitScores> here(10), there(10), further(10);
    std::thread other([&] {
      for (int i = 0; i < 10; ++i) there[i] = twin->Classify(TestDigit(i, 310 + i));
    });
    for (int i = 0; i < 10; ++i) here[i] = made->Classify(TestDigit(i, 310 + i));
    other.join();
    for (int i = 0; i < 10; ++i) further[i] = twins_twin->Classify(TestDigit(i, 310 + i));
    for (int i = 0; i < 10; ++i) {
      EXPECT_EQ(here[i], there[i]) << i;
      EXPECT_EQ(here[i], further[i]) << i;
    }
  }
}

}  // namespace
}  // namespace scorecheck
