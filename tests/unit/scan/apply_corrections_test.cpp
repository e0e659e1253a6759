#include "scan/apply_corrections.h"

#include <gtest/gtest.h>

#include "support/fake_scan.h"

namespace scorecheck {
namespace {

ScanResult Scanned(const testing::Cells& column0) { return testing::FakeScan("classic", column0); }

TEST(ApplyCorrectionsTest, AnAnsweredCellIsTypedAndTheCardIsCheckedAgain) {
  // Sixes misread 15 (illegal, totals off); the person says 18.
  testing::Cells column = testing::CorrectColumn("classic");
  const CellValue sixes = testing::At(column, "sixes");
  column = testing::With(column, "sixes", CellValue::Number(15));
  ScanResult scan = Scanned(column);
  ASSERT_GT(scan.verification.ErrorCount(), 0);
  const std::vector<std::string> problems = ApplyCorrections(
      scan, {{"card.jpg", 1, 1, "sixes", sixes, std::nullopt, ""}}, testing::ShippedRulesets());
  EXPECT_TRUE(problems.empty());
  EXPECT_EQ(scan.verification.ErrorCount(), 0) << testing::Describe(scan.verification);
  EXPECT_EQ(scan.card.grids[0].columns[0].At("sixes"), sixes);
  EXPECT_FALSE(scan.card.grids[0].columns[0].At("sixes").confidence) << "a person's answer is never uncertain";
  int marked = 0;
  for (const ScannedCell& cell : scan.cells) marked += cell.by_person.has_value();
  EXPECT_EQ(marked, 1);
}

TEST(ApplyCorrectionsTest, AnEmptyColumnAPersonFillsIsAddedAndAnsweredEmptyCellsGo) {
  ScanResult scan = Scanned(testing::CorrectColumn("classic"));
  ApplyCorrections(scan,
                   {{"card.jpg", 1, 2, "chance", CellValue::Number(22), std::nullopt, ""},
                    {"card.jpg", 1, 1, "chance", CellValue::Empty(), std::nullopt, ""}},
                   testing::ShippedRulesets());
  ASSERT_EQ(scan.card.grids[0].columns.size(), 2u);
  EXPECT_EQ(scan.card.grids[0].columns[1].index, 1);
  EXPECT_EQ(scan.card.grids[0].columns[1].At("chance"), CellValue::Number(22));
  EXPECT_TRUE(scan.card.grids[0].columns[0].At("chance").empty());
}

TEST(ApplyCorrectionsTest, AnswersThatFitNoCellAreListedAndLeftOut) {
  ScanResult scan = Scanned(testing::CorrectColumn("classic"));
  const auto problems = ApplyCorrections(scan,
                                         {{"c.jpg", 2, 1, "aces", CellValue::Number(1), std::nullopt, ""},
                                          {"c.jpg", 1, 9, "aces", CellValue::Number(1), std::nullopt, ""},
                                          {"c.jpg", 1, 1, "sevens", CellValue::Number(1), std::nullopt, ""},
                                          {"c.jpg", 1, 1, "", {}, std::string("Ann"), ""}},
                                         testing::ShippedRulesets());
  ASSERT_EQ(problems.size(), 3u);
  EXPECT_EQ(problems[0], "grid 2 column 1: the card has no such grid");
  EXPECT_EQ(problems[1], "grid 1 column 9: the card has no such column");
  EXPECT_NE(problems[2].find("no row \"sevens\""), std::string::npos);
  for (const ScannedCell& cell : scan.cells) EXPECT_FALSE(cell.by_person);
}

}  // namespace
}  // namespace scorecheck
