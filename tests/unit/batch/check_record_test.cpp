// Records read back from disk: a batch's own records pass; each kind of
// damage is refused naming the field.

#include "batch/check_record.h"

#include <gtest/gtest.h>

#include "core/error.h"
#include "core/json_text.h"
#include "core/text.h"

namespace scorecheck {
namespace {

using Json = nlohmann::ordered_json;

// report.json of a batch over three files (a photo of our sheet, a scan of
// another printer's, a text file), committed as a fuzzing seed.
Json BatchReport() {
  return ParseJsonText<Json>(ReadTextFile(SCORECHECK_SOURCE_DIR "/fuzz/corpus/report/batch-report.json"));
}

std::string ErrorOf(const Json& record) {
  try {
    CheckCardRecord(record, "cards[0]");
  } catch (const Error& e) {
    return e.what();
  }
  return "";
}

TEST(CheckRecordTest, ABatchsOwnRecordsPass) {
  const Json report = BatchReport();
  ASSERT_EQ(report["cards"].size(), 3u);
  for (const Json& record : report["cards"]) EXPECT_EQ(ErrorOf(record), "") << record["file"];
}

TEST(CheckRecordTest, EachKindOfDamageNamesItsField) {
  const Json report = BatchReport();
  Json scanned;
  for (const Json& record : report["cards"])
    if (record["status"] != "unreadable" && !record["columns"].empty()) scanned = record;
  ASSERT_FALSE(scanned.is_null());
  auto damaged = [&](const std::function<void(Json&)>& change) {
    Json record = scanned;
    change(record);
    return ErrorOf(record);
  };
  EXPECT_EQ(damaged([](Json& r) { r.erase("file"); }), "cards[0]: no \"file\"");
  EXPECT_EQ(damaged([](Json& r) { r["status"] = "fine"; }),
            "cards[0].status: \"fine\" is not clean, errors, review or unreadable");
  EXPECT_EQ(damaged([](Json& r) { r["columns"][0]["grid"] = 0; }),
            "cards[0].columns[0].grid: not a whole number from 1 to 1000");
  EXPECT_EQ(damaged([](Json& r) { r["columns"][0]["recomputed_total"] = 2147483647; }),
            "cards[0].columns[0].recomputed_total: not a whole number from -1000000 to 1000000");
  EXPECT_EQ(damaged([](Json& r) { r["columns"] = Json::object(); }), "cards[0].columns: not a list");
  EXPECT_EQ(damaged([](Json& r) { r["evidence"][0]["confidence"] = 1.5; }),
            "cards[0].evidence[0].confidence: not a number from 0 to 1 or null");
  EXPECT_EQ(damaged([](Json& r) { r["overlay"] = "../../secret.jpg"; }),
            "cards[0].overlay: not a path inside the report folder");
  EXPECT_EQ(damaged([](Json& r) { r["thumbnail"] = "/etc/passwd"; }),
            "cards[0].thumbnail: not a path inside the report folder");
  EXPECT_EQ(damaged([](Json& r) { r["findings"].push_back(Json::array()); }).find("cards[0].findings["), 0u);
  EXPECT_EQ(ErrorOf(Json::array()), "cards[0]: not an object");
  EXPECT_EQ(ErrorOf(Json{{"file", "a.jpg"}, {"status", "unreadable"}}), "cards[0]: no \"reason\"");
}

}  // namespace
}  // namespace scorecheck
