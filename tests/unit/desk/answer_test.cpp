// What the desk takes as an answer: a correction about a box or a played
// column the card has; anything else is refused with one line.

#include "desk/answer.h"

#include <gtest/gtest.h>

#include "core/error.h"
#include "desk_test_report.h"

namespace scorecheck {
namespace {

using Json = nlohmann::ordered_json;

std::vector<Json> Records() { return testing::DeskTestReport()["cards"].get<std::vector<Json>>(); }

std::string Refusal(const std::string& body) {
  try {
    ParseDeskAnswer(body, Records(), testing::ShippedRulesets());
  } catch (const Error& e) {
    return e.what();
  }
  return "";
}

TEST(DeskAnswerTest, ABoxAndANameTheCardHasAreTaken) {
  const Correction cell = ParseDeskAnswer(
      R"({"file": "0006-classic-photo.jpg", "grid": 1, "column": 2, "row": "fours", "value": 12})", Records(), testing::ShippedRulesets());
  EXPECT_EQ(cell.column, 2);
  EXPECT_EQ(cell.row, "fours");
  EXPECT_EQ(cell.value.number, 12);
  const Correction crossed = ParseDeskAnswer(
      R"({"file": "0006-classic-photo.jpg", "grid": 1, "column": 6, "row": "chance", "value": "crossed"})", Records(), testing::ShippedRulesets());
  EXPECT_EQ(crossed.value.state, CellState::kCrossed);
  const Correction name =
      ParseDeskAnswer(R"({"file": "0003-rock-scan.jpg", "grid": 1, "column": 1, "name": "Zoë"})", Records(), testing::ShippedRulesets());
  EXPECT_EQ(name.name.value_or(""), "Zoë");
}

// A row whose box the scanner did not find has no box on the picture; the
// card lists it among the cells to look at, and a person's answer is taken.
TEST(DeskAnswerTest, ACellToLookAtWithNoBoxIsTaken) {
  std::vector<Json> records = Records();
  const std::string answer = R"({"file": "0006-classic-photo.jpg", "grid": 1, "column": 1, "row": "grand_total", )"
                             R"("value": 224})";
  for (Json& record : records) {
    if (record["file"] != "0006-classic-photo.jpg") continue;
    Json boxes = Json::array();
    for (const Json& box : record["boxes"])
      if (box["row"] != "grand_total") boxes.push_back(box);
    record["boxes"] = boxes;
    EXPECT_THROW(ParseDeskAnswer(answer, records, testing::ShippedRulesets()), Error);
    record["uncertain"].push_back(
        {{"grid", 1}, {"column", 1}, {"row", "grand_total"}, {"reading", "not found on the sheet"}});
  }
  EXPECT_EQ(ParseDeskAnswer(answer, records, testing::ShippedRulesets()).value.number, 224);
}

TEST(DeskAnswerTest, ACardTheScannerCouldNotReadMayBeTypedIn) {
  const Correction typed = ParseDeskAnswer(
      R"({"file": "notes.jpg", "card": {"ruleset": "rock", "columns": [{"index": 0, "cells": {"aces": 3}}]}})",
      Records(), testing::ShippedRulesets());
  EXPECT_NE(typed.typed_card.find("\"aces\":3"), std::string::npos) << typed.typed_card;
  const std::string wrong_row =
      Refusal(R"({"file": "notes.jpg", "card": {"ruleset": "rock", "columns": [{"index": 0, "cells": {"ace": 3}}]}})");
  EXPECT_EQ(wrong_row.rfind("the card typed in: ", 0), 0u) << wrong_row;
  EXPECT_NE(wrong_row.find("\"ace\" is no row of"), std::string::npos) << wrong_row;
  EXPECT_EQ(Refusal(R"({"file": "0003-rock-scan.jpg", "card": {"ruleset": "rock", "columns": []}})"),
            "0003-rock-scan.jpg was read by the scanner: put its boxes right instead of typing it in");
  EXPECT_NE(Refusal(R"({"file": "notes.jpg", "card": [1]})"), "");
  EXPECT_NE(Refusal(R"({"file": "notes.jpg", "grid": 1, "card": {"ruleset": "rock"}})"), "");
}

TEST(DeskAnswerTest, WhatIsNotAnAnswerAboutTheCardIsRefusedWithOneLine) {
  EXPECT_EQ(Refusal(R"({"file": "nope.jpg", "grid": 1, "column": 1, "row": "aces", "value": 3})"),
            "the report has no card \"nope.jpg\"");
  EXPECT_EQ(Refusal(R"({"file": "0006-classic-photo.jpg", "grid": 1, "column": 7, "row": "aces", "value": 3})"),
            "0006-classic-photo.jpg has no box at grid 1, column 7, row aces");
  EXPECT_EQ(Refusal(R"({"file": "0006-classic-photo.jpg", "grid": 2, "column": 1, "row": "aces", "value": 3})"),
            "0006-classic-photo.jpg has no box at grid 2, column 1, row aces");
  EXPECT_EQ(Refusal(R"({"file": "0006-classic-photo.jpg", "grid": 1, "column": 1, "row": "sevens", "value": 3})"),
            "0006-classic-photo.jpg has no box at grid 1, column 1, row sevens");
  EXPECT_EQ(Refusal(R"({"file": "0003-rock-scan.jpg", "grid": 1, "column": 2, "name": "Ann"})"),
            "0003-rock-scan.jpg has no played column at grid 1, column 2");
  EXPECT_EQ(Refusal(R"({"file": "notes.jpg", "grid": 1, "column": 1, "row": "aces", "value": 3})"),
            "notes.jpg could not be read, so it has no boxes to answer");
  EXPECT_NE(Refusal(R"({"file": "0003-rock-scan.jpg", "grid": 1, "column": 1, "row": "aces", "value": -3})"), "");
  EXPECT_NE(Refusal(R"({"file": "0003-rock-scan.jpg", "grid": 1, "column": 1, "row": "aces"})"), "");
  EXPECT_NE(Refusal(R"({"file": "0003-rock-scan.jpg", "grid": 1, "column": 1, "row": "aces", "value": 3, "x": 1})"), "");
  EXPECT_NE(Refusal(R"([1, 2])"), "");
  EXPECT_NE(Refusal("{\"file\": "), "");
  EXPECT_NE(Refusal(""), "");
  const std::string long_name(kMaxAnswerBytes, 'a');
  EXPECT_EQ(Refusal(R"({"file": "0003-rock-scan.jpg", "grid": 1, "column": 1, "name": ")" + long_name + "\"}"),
            "the answer is " + std::to_string(kMaxAnswerBytes + 66) + " bytes long; one answer is at most " +
                std::to_string(kMaxAnswerBytes));
}

}  // namespace
}  // namespace scorecheck
