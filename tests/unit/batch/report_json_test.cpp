// report.json written a card at a time from the records a batch keeps and the
// card files it saved: the same bytes as the whole report dumped at once.

#include "batch/report_json.h"

#include <filesystem>

#include <gtest/gtest.h>

#include "batch/batch_report.h"
#include "core/error.h"
#include "core/json_text.h"
#include "core/text.h"
#include "support/scratch_dir.h"
#include "support/test_support.h"

namespace scorecheck {
namespace {

namespace fs = std::filesystem;
using Json = nlohmann::ordered_json;

class ReportJsonTest : public ::testing::Test {
 protected:
  void SetUp() override {
    fs::create_directories(dir_ / "cards");
    // A batch's own records (a photo of our sheet, a scan of another
    // printer's, a text file), committed as a fuzzing seed.
    cards_ = ParseJsonText<Json>(ReadTextFile(SCORECHECK_SOURCE_DIR "/fuzz/corpus/report/batch-report.json"))["cards"];
    ASSERT_EQ(cards_.size(), 3u);
    ASSERT_TRUE(cards_[0].contains("report"));
    ASSERT_TRUE(cards_[1].contains("report"));
  }
  // As RunBatch() keeps them: the first two cards saved in one card file (as
  // a two-page file's) and kept without their detail, the third (unreadable,
  // no card file) kept whole.
  BatchRecords Kept() const {
    WriteFileAtomic((dir_ / "cards" / "two-pages.json").string(),
                    Json{{"source", "two-pages.tif"}, {"cards", {cards_[0], cards_[1]}}}.dump(1) + "\n");
    BatchRecords batch;
    for (size_t i = 0; i < cards_.size(); ++i) {
      batch.records.push_back(cards_[i]);
      if (i < 2) {
        batch.records.back().erase("report");
        batch.saved.push_back(SavedRecord{"cards/two-pages.json", i});
      } else {
        batch.saved.push_back(std::nullopt);
      }
    }
    return batch;
  }

  std::string Written(const BatchRecords& batch, const Json& extra) const {
    const std::string path = (dir_ / "report.json").string();
    WriteReportJson(path, Summary(), batch, dir_.string(), extra);
    return ReadTextFile(path);
  }

  Json Summary() const { return BatchSummary(cards_.get<std::vector<Json>>(), testing::ShippedRulesets()); }

  testing::ScratchDir scratch_{"report-json"};
  const fs::path& dir_ = scratch_.path();
  Json cards_;
};

TEST_F(ReportJsonTest, TheSameBytesAsTheWholeReportDumpedAtOnce) {
  const Json extra = {{"inputs", {"photos/", "more photos/é"}}, {"corrections", "answers.json"}};
  Json whole = {{"summary", Summary()}, {"cards", cards_}};
  whole.update(extra);
  EXPECT_EQ(Written(Kept(), extra), whole.dump(2) + "\n");
}

TEST_F(ReportJsonTest, AnEmptyBatchHasAnEmptyCardList) {
  Json whole = {{"summary", Summary()}, {"cards", Json::array()}, {"inputs", Json::array()}};
  EXPECT_EQ(Written(BatchRecords{}, {{"inputs", Json::array()}}), whole.dump(2) + "\n");
}

TEST_F(ReportJsonTest, ACardFileGoneMeansTheKeptRecordIsWritten) {
  const BatchRecords batch = Kept();
  fs::remove(dir_ / "cards" / "two-pages.json");
  const Json written = ParseJsonText<Json>(Written(batch, Json::object()));
  ASSERT_EQ(written["cards"].size(), 3u);
  for (size_t i = 0; i < 3; ++i) EXPECT_EQ(written["cards"][i], batch.records[i]) << i;
  EXPECT_FALSE(written["cards"][0].contains("report"));
}

TEST_F(ReportJsonTest, ACardFileHoldingAnotherFilesCardIsNotTaken) {
  BatchRecords batch = Kept();
  batch.saved[1]->index = 0;  // the file's first card is another file's
  const Json written = ParseJsonText<Json>(Written(batch, Json::object()));
  EXPECT_EQ(written["cards"][0], cards_[0]);
  EXPECT_EQ(written["cards"][1], batch.records[1]);
  EXPECT_EQ(written["cards"][2], cards_[2]);
}

TEST_F(ReportJsonTest, ADamagedCardInItsCardFileIsNotTaken) {
  const BatchRecords batch = Kept();
  Json damaged = cards_[0];
  damaged["columns"] = "not a list";
  WriteFileAtomic((dir_ / "cards" / "two-pages.json").string(), Json{{"cards", {damaged, cards_[1]}}}.dump(1) + "\n");
  const Json written = ParseJsonText<Json>(Written(batch, Json::object()));
  EXPECT_EQ(written["cards"][0], batch.records[0]);
  EXPECT_EQ(written["cards"][1], cards_[1]);
}

TEST_F(ReportJsonTest, AnUnwritableReportIsAnErrorAndLeavesNothing) {
  WriteFileAtomic((dir_ / "taken").string(), std::string("a file, not a folder"));
  EXPECT_THROW(WriteReportJson((dir_ / "taken" / "report.json").string(), Summary(), Kept(), dir_.string(), {}),
               Error);
  EXPECT_FALSE(fs::exists(dir_ / "taken" / "report.json"));
}

}  // namespace
}  // namespace scorecheck
