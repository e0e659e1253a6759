// How far a read cell is trusted (scan/cell_doubt.h) with the shipped doubt
// model (models/doubt.json): it was fitted to the measures the scanner
// computes, its review threshold is the scanner's, it trusts a sure reading
// on a sharp photo more than an unsure one or the same on a blurred photo,
// and a value the rules chose stays below the threshold however likely.

#include "scan/cell_doubt.h"

#include <filesystem>
#include <fstream>
#include <string>

#include <gtest/gtest.h>
#include <nlohmann/json.hpp>

#include "scan/scan_card.h"
#include "verify/verify.h"

namespace scorecheck {
namespace {

const std::string kModel = std::string(SCORECHECK_SOURCE_DIR) + "/models/doubt.json";

// A number read `confidence` surely, the only reading, 12 as written.
ScannedCell ReadNumber(double confidence) {
  ScannedCell cell;
  cell.where.row_id = "threes";
  cell.reading.status = ReadingStatus::kNumber;
  cell.reading.value = cell.chosen = 12;
  cell.reading.confidence = cell.reading.number_confidence = confidence;
  cell.reading.alternatives = {{12, confidence}, {17, (1 - confidence) / 2}};
  cell.quad_in_image = {{100, 100}, {180, 100}, {180, 140}, {100, 140}};
  return cell;
}

DoubtContext SharpPhoto() {
  DoubtContext page;
  page.quality.edge_width = 0.06;
  page.quality.ink_contrast = 120;
  page.quality.row_pitch_px = 40;
  page.source = GridSource::kLabels;
  return page;
}

class CellDoubtTest : public ::testing::Test {
 protected:
  void SetUp() override {
    if (!std::filesystem::exists(kModel)) GTEST_SKIP() << kModel << " is missing";
    model_ = LoadDoubtModel(kModel);
  }
  DoubtModel model_;
};

TEST_F(CellDoubtTest, TheShippedModelTakesTheMeasuresTheScannerComputes) {
  EXPECT_EQ(model_.features, CellDoubtFeatureNames());
  EXPECT_EQ(CellDoubtFeatures(ReadNumber(0.9), RowKind::kEntry, SharpPhoto()).size(), CellDoubtFeatureNames().size());
}

TEST_F(CellDoubtTest, TheScannersReviewThresholdIsTheOneTheFitChoseForTheBudget) {
  std::ifstream in(kModel);
  const nlohmann::json card = nlohmann::json::parse(in).at("card");
  EXPECT_DOUBLE_EQ(card.at("review_below").get<double>(), kReviewBelow);
}

TEST_F(CellDoubtTest, ASureReadingOnASharpPhotoIsTrustedMore) {
  const double sure = Believed(model_, ReadNumber(0.99), RowKind::kEntry, SharpPhoto(), kReviewBelow);
  const double unsure = Believed(model_, ReadNumber(0.4), RowKind::kEntry, SharpPhoto(), kReviewBelow);
  DoubtContext blurred = SharpPhoto();
  blurred.quality.edge_width = 0.3;
  const double on_blur = Believed(model_, ReadNumber(0.99), RowKind::kEntry, blurred, kReviewBelow);
  EXPECT_GT(sure, unsure);
  EXPECT_GT(sure, on_blur);
  for (double p : {sure, unsure, on_blur}) {
    EXPECT_GT(p, 0);
    EXPECT_LT(p, 1);
  }
}

TEST_F(CellDoubtTest, AValueTheRulesChoseStaysBelowTheThreshold) {
  ScannedCell chosen = ReadNumber(0.99);
  const double read = Believed(model_, chosen, RowKind::kEntry, SharpPhoto(), kReviewBelow);
  ASSERT_GE(read, kReviewBelow) << "the test needs a reading trusted enough to be sent nowhere";
  chosen.rules_chose = true;
  chosen.corrected = true;
  EXPECT_LT(Believed(model_, chosen, RowKind::kEntry, SharpPhoto(), kReviewBelow), kReviewBelow);
}

TEST_F(CellDoubtTest, TheCardsConfidenceIsTheModelsWhenItHasWeighedTheCell) {
  ScannedCell cell = ReadNumber(0.6);
  cell.chosen_confidence = 0.6;
  EXPECT_DOUBLE_EQ(CardConfidence(cell), 0.6);
  cell.probability_right = 0.993;
  EXPECT_DOUBLE_EQ(CardConfidence(cell), 0.993);
  cell.stray = true;
  EXPECT_DOUBLE_EQ(CardConfidence(cell), 0);
}

}  // namespace
}  // namespace scorecheck
