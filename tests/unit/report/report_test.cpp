// The report: the first line says OK or how many findings and the grand
// totals written vs recomputed; the JSON keeps the README's field names.

#include "report/report.h"

#include <gtest/gtest.h>

#include <string>

#include "support/test_support.h"

namespace scorecheck {
namespace {

using namespace scorecheck::testing;

TEST(ReportTest, SummaryOfACleanCard) {
  const Card card = MakeCard("classic", {CorrectColumn("classic")});
  EXPECT_EQ(SummaryLine(card, Check(card), ShippedRulesets()), "OK (grand total 409)");
}

TEST(ReportTest, SummaryGivesWrittenAndRecomputedGrandTotal) {
  const Card card = MakeCard("classic", {CorrectColumn("classic"), With(CorrectColumn("classic"), "grand_total", CellValue::Number(400))});
  EXPECT_EQ(SummaryLine(card, Check(card), ShippedRulesets()),
            "1 error; column 2: grand total written 400, recomputed 409");
}

TEST(ReportTest, SummaryCountsWarnings) {
  const Card card = MakeCard("classic", {Without(CorrectColumn("classic"), "yahtzee_bonus")});
  const std::string line = SummaryLine(card, Check(card), ShippedRulesets());
  EXPECT_EQ(line.rfind("2 errors", 0), 0u) << line;  // lower and grand total
  // Chance left empty, totals right: one INCOMPLETE warning.
  Cells cells = With(Without(CorrectColumn("classic"), "chance"), "lower_total", CellValue::Number(289));
  cells = With(cells, "grand_total", CellValue::Number(387));
  const Card warned = MakeCard("classic", {cells});
  EXPECT_EQ(SummaryLine(warned, Check(warned), ShippedRulesets()), "1 warning");
  const Card finished = MakeCard("classic", {Without(cells, "grand_total")});
  EXPECT_EQ(SummaryLine(finished, Check(finished), ShippedRulesets()), "OK (grand total 387)");
}

TEST(ReportTest, TextListsEveryFindingWithItsColumn) {
  const Card card = MakeCard("triple", {CorrectColumn("triple", 0), CorrectColumn("triple", 1),
                                        With(CorrectColumn("triple", 2), "fours", CellValue::Number(13))});
  const std::string text = TextReport(card, Check(card), ShippedRulesets());
  EXPECT_NE(text.find("column 3 (×3)  Fours: 13 is not a possible score"), std::string::npos) << text;
  // Finding codes are for machines (the JSON report), not people.
  EXPECT_EQ(text.find("ILLEGAL_VALUE"), std::string::npos) << text;
  EXPECT_NE(text.find("entries read as raw"), std::string::npos) << text;
}

TEST(ReportTest, JsonHasTheDocumentedShape) {
  const Card card = MakeCard("classic", {With(CorrectColumn("classic"), "upper_subtotal", CellValue::Number(60))});
  const auto json = ReportJson(card, Check(card), ShippedRulesets());
  EXPECT_EQ(json["source"], "test");
  ASSERT_EQ(json["grids"].size(), 1u);
  const auto& grid = json["grids"][0];
  EXPECT_EQ(grid["ruleset"], "classic");
  const auto& column = grid["columns"][0];
  EXPECT_EQ(column["index"], 0);
  EXPECT_EQ(column["multiplier"], 1);
  EXPECT_EQ(column["entry_convention"], "raw");
  EXPECT_EQ(column["cells"][0]["row"], "aces");
  EXPECT_EQ(column["cells"][0]["state"], "number");
  EXPECT_EQ(column["cells"][0]["value"], 3);
  EXPECT_TRUE(column["cells"][0]["checks"].is_null());
  for (const char* key : {"upper_subtotal", "upper_bonus", "upper_total", "lower_total", "grand_total"})
    EXPECT_TRUE(column["computed"].contains(key)) << key;
  const auto& finding = grid["findings"][0];
  EXPECT_EQ(finding["code"], "TOTAL_MISMATCH");
  EXPECT_EQ(finding["severity"], "error");
  EXPECT_EQ(finding["row"], "upper_subtotal");
  EXPECT_EQ(finding["column"], 0);
  EXPECT_EQ(finding["written"], 60);
  EXPECT_EQ(finding["expected"], 63);
  EXPECT_TRUE(finding["message"].is_string());
  EXPECT_EQ(json["status"], "errors");
}

TEST(ReportTest, TicksAndNullRowsInJson) {
  Cells cells = With(CorrectColumn("rock"), "chance", CellValue::Number(20));
  const Card card = MakeCard("rock", {cells});
  const auto json = ReportJson(card, Check(card), ShippedRulesets());
  bool found_null_row = false;
  for (const auto& finding : json["grids"][0]["findings"])
    if (finding["code"] == "TOO_MANY_SCORES") found_null_row = finding["row"].is_null();
  EXPECT_TRUE(found_null_row);
  for (const auto& cell : json["grids"][0]["columns"][0]["cells"])
    if (cell["row"] == "yahtzee_bonus") {
      EXPECT_EQ(cell["state"], "checks");
      EXPECT_EQ(cell["checks"], 1);
      EXPECT_EQ(cell["value"], 50);
    }
}

}  // namespace
}  // namespace scorecheck

namespace scorecheck {
namespace {

// A scan of one grid of `columns` score columns, read as `ruleset` from its
// printed labels, `confidence` sure, its page found by `method`.
ScanResult LabelsScan(const std::string& ruleset, double confidence, int columns, PageMethod method) {
  ScanResult scan;
  scan.ruleset.id = ruleset;
  scan.grid.source = GridSource::kLabels;
  scan.ruleset.confidence = confidence;
  scan.grid.grid_count = 1;
  scan.grid.columns = {columns};
  scan.page.method = method;
  return scan;
}

TEST(ScanSummaryTest, SaysWhichRulesetFromWhatAndHowSure) {
  ScanResult scan = LabelsScan("fivezee", 0.734, 6, PageMethod::kOutline);
  EXPECT_EQ(ScanSummary(scan, testing::ShippedRulesets()),
            "  sheet: Jumbo FiveZee (fivezee) from its printed labels, 73% sure; 1 grid of 6 columns; page found by its "
            "outline\n");
  scan.ruleset.id = "piecepack";
  scan.grid.source = GridSource::kSheetCode;
  scan.grid.grid_count = 4;
  scan.grid.columns = {6, 6, 6, 6};
  scan.page.method = PageMethod::kMarkers;
  EXPECT_EQ(ScanSummary(scan, testing::ShippedRulesets()),
            "  sheet: Piecepack Yahtzee (piecepack) from its sheet code; 4 grids of 6 columns; page found by its corner "
            "markers\n");
}

TEST(ScanSummaryTest, NamesTheRulesetsThePrintedPageCannotTellApart) {
  ScanResult scan = LabelsScan("classic", 0.5, 1, PageMethod::kWholeImage);
  scan.ruleset.undecided = {"fivezee", "rock"};
  EXPECT_EQ(ScanSummary(scan, testing::ShippedRulesets()),
            "  sheet: Yahtzee (classic Hasbro rules) (classic) from its printed labels, 50% sure, but the printed page "
            "does not tell it from Jumbo FiveZee (fivezee) or R.O.C.K. Yahtzee (rock); 1 grid of 1 column; page taken as "
            "the whole image\n");
}

// Rulesets the page could not tell apart and the entries did are named as
// told, by the entries; those nothing told apart stay undecided.
TEST(ScanSummaryTest, NamesTheRulesetsTheEntriesToldApart) {
  ScanResult scan = LabelsScan("rock", 0.5, 1, PageMethod::kOutline);
  scan.ruleset.undecided = {"fivezee"};
  scan.ruleset.told_by_entries = {"classic"};
  EXPECT_EQ(ScanSummary(scan, testing::ShippedRulesets()),
            "  sheet: R.O.C.K. Yahtzee (rock) from its printed labels, 50% sure, but the printed page does not tell it "
            "from Jumbo FiveZee (fivezee), told by its entries from Yahtzee (classic Hasbro rules) (classic); 1 grid of 1 "
            "column; page found by its outline\n");
}

}  // namespace
}  // namespace scorecheck
