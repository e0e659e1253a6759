// The synthetic card generator: the same seed makes the same card (pixels and
// truth), the truth is a valid card whose findings the verifier reproduces,
// and the cell quads land where the ink is.

#include "corpus/synth_card.h"

#include <filesystem>

#include <gtest/gtest.h>

#include "testkit/pixel_hash.h"
#include <opencv2/imgproc.hpp>

#include "card/card_json.h"
#include "support/test_support.h"

namespace scorecheck {
namespace {

using namespace scorecheck::testing;

bool HaveDigits() { return std::filesystem::exists(kDigitsPngPath); }

const DigitBank& Digits() {
  static const DigitBank bank = DigitBank::LoadTestHalf();
  return bank;
}

using testing::PixelHash;

TEST(SynthCardTest, SameSeedSameCard) {
  if (!HaveDigits()) GTEST_SKIP() << "opencv-doc's digits.png is not installed";
  SynthCardOptions options;
  options.ruleset = "triple";
  options.profile = CaptureProfile::kLowres;
  options.seed = 99;
  options.dpi = 150;  // a quicker render; the generator runs at 300
  const SynthCard a = MakeSynthCard(ShippedRulesets(), Digits(), options, "a.jpg");
  const SynthCard b = MakeSynthCard(ShippedRulesets(), Digits(), options, "a.jpg");
  EXPECT_EQ(a.truth.dump(), b.truth.dump());
  EXPECT_EQ(PixelHash(a.capture.image), PixelHash(b.capture.image));
  options.seed = 100;
  const SynthCard c = MakeSynthCard(ShippedRulesets(), Digits(), options, "a.jpg");
  EXPECT_NE(PixelHash(a.capture.image), PixelHash(c.capture.image));
}

TEST(SynthCardTest, TruthIsACardAndTheVerifierAgrees) {
  if (!HaveDigits()) GTEST_SKIP() << "opencv-doc's digits.png is not installed";
  int with_mistake = 0, random_style = 0;
  for (int i = 0; i < 12; ++i) {
    SynthCardOptions options;
    options.ruleset = ShippedRulesets().Ids()[i % 6];
    options.profile = CaptureProfile::kLowres;
    options.seed = 1000 + i;
    if (i % 2 == 1) options.style_seed = 700 + i;  // every ruleset on both kinds of sheet
    options.dpi = 120;
    options.mistake_rate = 0.5;
    const SynthCard made = MakeSynthCard(ShippedRulesets(), Digits(), options, "x.jpg");
    // The truth file parses as a card; its findings are what the verifier says.
    const Card card = ParseCardJson(made.truth.dump(), ShippedRulesets());
    const Verification verification = VerifyCard(card, ShippedRulesets());
    std::vector<std::tuple<int, std::string, std::string, int>> found, expected;
    for (size_t g = 0; g < verification.grids.size(); ++g)
      for (const Finding& f : verification.grids[g].findings)
        if (f.severity == Severity::kError) found.emplace_back(g, f.code, f.row.value_or(""), f.column);
    for (const auto& f : made.truth["expected_findings"])
      expected.emplace_back(f["grid"].get<int>(), f["code"].get<std::string>(),
                            f["row"].is_null() ? "" : f["row"].get<std::string>(), f["column"].get<int>());
    std::sort(found.begin(), found.end());
    std::sort(expected.begin(), expected.end());
    EXPECT_EQ(found, expected) << options.ruleset << " seed " << options.seed;
    EXPECT_EQ(made.truth["mistake"].is_null(), expected.empty()) << options.ruleset << " seed " << options.seed;
    with_mistake += !made.truth["mistake"].is_null();
    random_style += made.truth["style"] == "random";
    EXPECT_EQ(made.truth["style"] == "own", !made.layout.qr_payload.empty());
    EXPECT_EQ(made.truth["style_seed"].is_null(), !options.style_seed);
    EXPECT_EQ(made.truth["style_family"] == "own", !options.style_seed);
  }
  EXPECT_GT(with_mistake, 0);
  EXPECT_EQ(random_style, 6);
}

TEST(SynthCardTest, CellQuadsSitOnTheInk) {
  if (!HaveDigits()) GTEST_SKIP() << "opencv-doc's digits.png is not installed";
  SynthCardOptions options;
  options.ruleset = "rock";
  options.profile = CaptureProfile::kRotated;
  options.seed = 5;
  options.dpi = 150;
  const SynthCard made = MakeSynthCard(ShippedRulesets(), Digits(), options, "r.png");
  cv::Mat gray;
  cv::cvtColor(made.capture.image, gray, cv::COLOR_BGR2GRAY);
  int numbers = 0;
  for (const auto& cell : made.truth["cells"]) {
    std::vector<cv::Point> quad;
    for (const auto& p : cell["quad"]) quad.emplace_back(static_cast<int>(p[0].get<double>()), static_cast<int>(p[1].get<double>()));
    cv::Mat mask = cv::Mat::zeros(gray.size(), CV_8U);
    cv::fillConvexPoly(mask, quad, 255);
    cv::erode(mask, mask, cv::Mat(), cv::Point(-1, -1), 2);  // keep off the ruled lines
    double darkest = 255;
    cv::minMaxLoc(gray, &darkest, nullptr, nullptr, nullptr, mask);
    if (cell["state"] == "number") {
      ++numbers;
      EXPECT_LT(darkest, 140) << cell.dump();  // ink inside
    } else if (cell["state"] == "empty") {
      EXPECT_GT(darkest, 90) << cell.dump();  // paper only (noise allowed)
    }
  }
  EXPECT_GE(numbers, 5);  // five scored boxes and their totals
}

// On random sheets too: ink inside every number cell's quad. (That the boxes
// hold nothing printed is tested on the empty sheets, sheets/random_sheet_test.)
TEST(SynthCardTest, CellQuadsSitOnTheInkOfRandomSheets) {
  if (!HaveDigits()) GTEST_SKIP() << "opencv-doc's digits.png is not installed";
  for (const std::uint64_t style_seed : {11u, 12u, 13u, 14u}) {
    SynthCardOptions options;
    options.ruleset = ShippedRulesets().Ids()[style_seed % 6];
    options.profile = CaptureProfile::kScan;
    options.seed = 40 + style_seed;
    options.style_seed = style_seed;
    options.dpi = 150;
    const SynthCard made = MakeSynthCard(ShippedRulesets(), Digits(), options, "s.png");
    cv::Mat gray;
    cv::cvtColor(made.capture.image, gray, cv::COLOR_BGR2GRAY);
    int numbers = 0;
    for (const auto& cell : made.truth["cells"]) {
      std::vector<cv::Point> quad;
      for (const auto& p : cell["quad"])
        quad.emplace_back(static_cast<int>(p[0].get<double>()), static_cast<int>(p[1].get<double>()));
      cv::Mat mask = cv::Mat::zeros(gray.size(), CV_8U);
      cv::fillConvexPoly(mask, quad, 255);
      cv::erode(mask, mask, cv::Mat(), cv::Point(-1, -1), 2);
      double darkest = 255;
      cv::minMaxLoc(gray, &darkest, nullptr, nullptr, nullptr, mask);
      // Against the cell's own paper (white or tinted) rather than a fixed
      // level: a pencil writer on a 150 dpi scan is light.
      const double paper = cv::mean(gray, mask)[0];
      if (cell["state"] == "number") {
        ++numbers;
        EXPECT_GT(paper - darkest, 50) << "style " << style_seed << " " << cell.dump();
      }  // (empty cells may hold a neighbour's overrun: WriteOptions::touch_border)
    }
    EXPECT_GE(numbers, 5) << "style " << style_seed;
  }
}

}  // namespace
}  // namespace scorecheck
