// The doubt model (readings/doubt_model.h): a logistic regression over
// standardised measures, read from JSON, refusing a file that is not one
// with a line naming it.

#include "readings/doubt_model.h"

#include <cmath>
#include <filesystem>
#include <fstream>
#include <string>

#include <gtest/gtest.h>

#include "core/error.h"

namespace scorecheck {
namespace {

DoubtModel TwoMeasures() {
  DoubtModel model;
  model.features = {"a", "b"};
  model.mean = {1, 10};
  model.scale = {2, 5};
  model.weights = {1.5, -0.5};
  model.bias = 0.25;
  return model;
}

TEST(DoubtModelTest, IsALogisticRegressionOverStandardisedMeasures) {
  const DoubtModel model = TwoMeasures();
  // At the means every standardised measure is 0: the bias alone.
  EXPECT_NEAR(model.ProbabilityRight({1, 10}), 1 / (1 + std::exp(-0.25)), 1e-12);
  // a two spreads above its mean, b one below: 0.25 + 1.5 * 2 - 0.5 * -1.
  EXPECT_NEAR(model.ProbabilityRight({5, 5}), 1 / (1 + std::exp(-3.75)), 1e-12);
  EXPECT_LT(model.ProbabilityRight({-3, 10}), model.ProbabilityRight({1, 10}));
  EXPECT_THROW(model.ProbabilityRight({1}), Error);
}

TEST(DoubtModelTest, CheckRefusesVectorsOfOtherLengthsAndSpreadsOfNothing) {
  EXPECT_TRUE(TwoMeasures().Check());
  DoubtModel shorter = TwoMeasures();
  shorter.weights.pop_back();
  EXPECT_FALSE(shorter.Check());
  DoubtModel flat = TwoMeasures();
  flat.scale[1] = 0;
  EXPECT_FALSE(flat.Check());
}

class DoubtModelFileTest : public ::testing::Test {
 protected:
  void SetUp() override {
    dir_ = std::filesystem::temp_directory_path() / ("doubt_model_test_" + std::to_string(::getpid()));
    std::filesystem::create_directories(dir_);
  }
  void TearDown() override { std::filesystem::remove_all(dir_); }
  std::string Write(const std::string& name, const std::string& text) {
    const std::string path = (dir_ / name).string();
    std::ofstream(path) << text;
    return path;
  }
  // The message LoadDoubtModel() throws for `path`, or "" when it loads.
  static std::string Refusal(const std::string& path) {
    try {
      LoadDoubtModel(path);
    } catch (const Error& e) {
      return e.what();
    }
    return "";
  }
  std::filesystem::path dir_;
};

TEST_F(DoubtModelFileTest, ReadsTheFitsOutput) {
  const std::string path = Write("doubt.json", R"({"features": ["a", "b"], "mean": [1, 10], "scale": [2, 5],
      "weights": [1.5, -0.5], "bias": 0.25, "card": {"what": "a test"}})");
  const DoubtModel model = LoadDoubtModel(path);
  EXPECT_EQ(model.features, TwoMeasures().features);
  EXPECT_NEAR(model.ProbabilityRight({5, 5}), TwoMeasures().ProbabilityRight({5, 5}), 1e-12);
}

TEST_F(DoubtModelFileTest, RefusesWhatIsNotAModelNamingTheFile) {
  const std::string missing = (dir_ / "missing.json").string();
  EXPECT_NE(Refusal(missing).find(missing), std::string::npos);
  const std::string text = Write("text.json", "not json");
  EXPECT_NE(Refusal(text).find(text + ": not a doubt model"), std::string::npos);
  const std::string no_bias = Write("no_bias.json", R"({"features": ["a"], "mean": [0], "scale": [1], "weights": [1]})");
  EXPECT_NE(Refusal(no_bias).find(no_bias), std::string::npos);
  const std::string uneven =
      Write("uneven.json", R"({"features": ["a", "b"], "mean": [0], "scale": [1], "weights": [1], "bias": 0})");
  EXPECT_NE(Refusal(uneven).find(uneven + ": the doubt model's vectors differ"), std::string::npos);
}

}  // namespace
}  // namespace scorecheck
