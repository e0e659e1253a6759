// The card JSON format: every cell form parses, and every kind of bad input
// is an Error with a message naming where and what.

#include "card/card_json.h"

#include <gtest/gtest.h>
#include <nlohmann/json.hpp>

#include "core/error.h"
#include "support/test_support.h"

namespace scorecheck {
namespace {

using testing::ShippedRulesets;

Card Parse(const std::string& text) { return ParseCardJson(text, ShippedRulesets()); }

std::string ErrorOf(const std::string& text) {
  try {
    Parse(text);
  } catch (const Error& e) {
    return e.what();
  }
  return "(no error)";
}

TEST(CardJsonTest, ParsesEveryCellForm) {
  const Card card = Parse(R"({"ruleset": "triple", "image": "x.jpg", "notes": "ignored",
    "columns": [{"index": 0, "cells": {"aces": 3, "twos": null, "fives": "crossed",
                                        "yahtzee_bonus": {"checks": 1}, "upper_subtotal": 60}},
                {"index": 2, "cells": {"yahtzee_bonus": {"checks": 2, "points": 600},
                                        "fours": {"value": 12, "confidence": 0.25}}}]})");
  ASSERT_EQ(card.grids.size(), 1u);
  const CardGrid& grid = card.grids[0];
  EXPECT_EQ(grid.ruleset, "triple");
  ASSERT_EQ(grid.columns.size(), 2u);
  EXPECT_EQ(grid.columns[0].At("aces"), CellValue::Number(3));
  EXPECT_TRUE(grid.columns[0].At("twos").empty());
  EXPECT_TRUE(grid.columns[0].At("sixes").empty());
  EXPECT_EQ(grid.columns[0].At("fives"), CellValue::Crossed());
  EXPECT_EQ(grid.columns[0].At("yahtzee_bonus"), CellValue::Checks(1));
  EXPECT_EQ(grid.columns[1].index, 2);
  EXPECT_EQ(grid.columns[1].At("yahtzee_bonus"), CellValue::Checks(2, 600));
  EXPECT_EQ(grid.columns[1].At("fours").number, 12);
  EXPECT_DOUBLE_EQ(*grid.columns[1].At("fours").confidence, 0.25);
}

TEST(CardJsonTest, ParsesAPageOfGrids) {
  const Card card = Parse(R"({"ruleset": "piecepack", "grids": [
    {"columns": [{"cells": {"aces": 2}}]},
    {"columns": [{"cells": {"aces": 4}}, {"cells": {"chance": "crossed"}}]},
    {"ruleset": "classic", "columns": [{"cells": {"chance": 20}}]}]})");
  ASSERT_EQ(card.grids.size(), 3u);
  EXPECT_EQ(card.grids[1].ruleset, "piecepack");
  EXPECT_EQ(card.grids[1].columns[1].index, 1);  // position when "index" is absent
  EXPECT_EQ(card.grids[2].ruleset, "classic");
}

TEST(CardJsonTest, RoundTripsThroughCardToJson) {
  const std::string text = R"({"grids": [{"ruleset": "rock", "columns": [{"index": 0, "cells": {"fours": 12,
    "chance": "crossed", "yahtzee_bonus": {"checks": 2, "points": 150}, "grand_total": {"value": 300, "confidence": 0.5}}}]}]})";
  const Card card = Parse(text);
  const Card again = Parse(CardToJson(card, ShippedRulesets()).dump());
  EXPECT_EQ(again.grids[0].columns[0].cells, card.grids[0].columns[0].cells);
}

TEST(CardJsonTest, ABonusCellKeepsTheLeastOfItsTicksAndPointsConfidence) {
  // The card format has one confidence per cell; a scanner's ticks and points
  // are read apart, so the cell written out is as unsure as its least sure part.
  Card card = Parse(R"({"ruleset": "rock", "columns": [{"cells": {"yahtzee_bonus": {"checks": 1, "points": 50}}}]})");
  CellValue& bonus = card.grids[0].columns[0].cells["yahtzee_bonus"];
  bonus.confidence = 0.9;
  bonus.points_confidence = 0.2;
  const Card again = Parse(CardToJson(card, ShippedRulesets()).dump());
  EXPECT_DOUBLE_EQ(*again.grids[0].columns[0].At("yahtzee_bonus").confidence, 0.2);
}

TEST(CardJsonTest, RulesetsAndRowsAsPrintedInAnyCase) {
  const Card card = Parse(R"({"ruleset": "Classic", "columns": [{"cells": {"Ones": 3, "3 of a kind": 20,
                               "FULL HOUSE": 25, "chance": 17}}]})");
  EXPECT_EQ(card.grids[0].ruleset, "classic");
  EXPECT_EQ(card.grids[0].columns[0].At("aces"), CellValue::Number(3));
  EXPECT_EQ(card.grids[0].columns[0].At("three_kind"), CellValue::Number(20));
  EXPECT_EQ(card.grids[0].columns[0].At("full_house"), CellValue::Number(25));
  EXPECT_EQ(Parse(R"({"ruleset": "Triple Yahtzee", "columns": [{}]})").grids[0].ruleset, "triple");
  // A typo gets the nearest name; one row given twice under two names is refused.
  EXPECT_NE(ErrorOf(R"({"ruleset": "clasic", "columns": [{}]})").find("did you mean \"classic\"?"),
            std::string::npos);
  EXPECT_NE(ErrorOf(R"({"ruleset": "classic", "columns": [{"cells": {"fours": 8, "sixs": 12}}]})")
                .find("did you mean \"sixes\"?"),
            std::string::npos)
      << ErrorOf(R"({"ruleset": "classic", "columns": [{"cells": {"fours": 8, "sixs": 12}}]})");
  EXPECT_NE(ErrorOf(R"({"ruleset": "classic", "columns": [{"cells": {"aces": 3, "Ones": 3}}]})").find("given twice"),
            std::string::npos);
}

TEST(CardJsonTest, BadInputNamesWhereAndWhat) {
  EXPECT_NE(ErrorOf("{\"ruleset\": \"classic\", \"columns\": [").find("malformed JSON"), std::string::npos);
  EXPECT_NE(ErrorOf("{\"ruleset\": \"classic\", \"columns\": [").find("line 1"), std::string::npos);
  EXPECT_NE(ErrorOf("[1, 2]").find("JSON object"), std::string::npos);
  EXPECT_NE(ErrorOf(R"({"ruleset": "yatzy", "columns": [{}]})").find("unknown ruleset \"yatzy\""), std::string::npos);
  EXPECT_NE(ErrorOf(R"({"columns": [{}]})").find("names no ruleset"), std::string::npos);
  EXPECT_NE(ErrorOf(R"({"ruleset": "classic", "columns": [{"cells": {"sevens": 7}}]})")
                .find("\"sevens\" is no row of Yahtzee"),
            std::string::npos);
  EXPECT_NE(ErrorOf(R"({"ruleset": "classic", "columns": [{"cells": {"aces": "three"}}]})")
                .find("card.columns[0].cells.aces: \"three\" is not a score"),
            std::string::npos);
  EXPECT_NE(ErrorOf(R"({"ruleset": "classic", "columns": [{"cells": {"aces": -3}}]})").find("negative"),
            std::string::npos);
  EXPECT_NE(ErrorOf(R"({"ruleset": "classic", "columns": [{"cells": {"aces": 1e12}}]})").find("too large"),
            std::string::npos);
  EXPECT_NE(ErrorOf(R"({"ruleset": "classic", "columns": [{"cells": {"aces": 2.5}}]})").find("not a whole number"),
            std::string::npos);
  // A number too large for any integer once went through an undefined cast
  // (found by fuzz/card_json_fuzz); a page holds at most eight games.
  EXPECT_NE(ErrorOf(R"({"ruleset": "classic", "columns": [{"cells": {"aces": 1.5e93}}]})").find("too large"),
            std::string::npos);
  std::string grids;
  for (int i = 0; i < 9; ++i) grids += std::string(i ? "," : "") + R"({"columns": [{}]})";
  EXPECT_NE(ErrorOf(R"({"ruleset": "rock", "grids": [)" + grids + "]}").find("at most 8 grids"), std::string::npos);
  EXPECT_NE(ErrorOf(std::string(100, '[') + std::string(100, ']')).find("nested deeper"), std::string::npos);
  EXPECT_NE(ErrorOf(R"({"ruleset": "classic", "columns": [{"cells": {"aces": true}}]})").find("not a score"),
            std::string::npos);
  EXPECT_NE(ErrorOf(R"({"ruleset": "classic", "columns": [{"cells": {"yahtzee_bonus": {"checks": -1}}}]})")
                .find("negative"),
            std::string::npos);
  EXPECT_NE(ErrorOf(R"({"ruleset": "triple", "columns": [{}, {}, {}, {}]})").find("at most 3"), std::string::npos);
  EXPECT_NE(ErrorOf(R"({"ruleset": "rock", "columns": [{"index": 1}]})").find("out of range"), std::string::npos);
  EXPECT_NE(ErrorOf(R"({"ruleset": "classic", "columns": [{"index": 1}, {"index": 1}]})").find("appears twice"),
            std::string::npos);
  EXPECT_NE(ErrorOf(R"({"ruleset": "classic"})").find("needs \"columns\""), std::string::npos);
  EXPECT_NE(ErrorOf(R"({"ruleset": "classic", "columns": []})").find("empty"), std::string::npos);
  EXPECT_NE(ErrorOf(R"({"ruleset": "classic", "columns": [{"cells": {"aces": {"value": 3, "confidence": 4}}}]})")
                .find("confidence"),
            std::string::npos);
  EXPECT_NE(ErrorOf(R"({"ruleset": 7, "columns": [{}]})").find("must be a string"), std::string::npos);
}

}  // namespace
}  // namespace scorecheck
