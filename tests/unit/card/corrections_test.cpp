#include "card/corrections.h"

#include <gtest/gtest.h>

#include "core/error.h"

namespace scorecheck {
namespace {

TEST(CorrectionsTest, CellsAndNamesRoundTrip) {
  Corrections corrections;
  corrections.Set({"a/1.jpg", 1, 2, "sixes", CellValue::Number(18), std::nullopt, ""});
  corrections.Set({"a/1.jpg", 1, 2, "yahtzee", CellValue::Crossed(), std::nullopt, ""});
  corrections.Set({"a/1.jpg", 1, 2, "yahtzee_bonus", CellValue::Checks(2, 200), std::nullopt, ""});
  corrections.Set({"a/1.jpg", 1, 2, "chance", CellValue::Empty(), std::nullopt, ""});
  corrections.Set({"b.jpg page 2", 2, 1, "", {}, std::string("Ann \"the ace\""), ""});
  const Corrections back = ParseCorrections(CorrectionsToJson(corrections));
  ASSERT_EQ(back.items.size(), 5u);
  EXPECT_EQ(back.items[0].value, CellValue::Number(18));
  EXPECT_EQ(back.items[1].value, CellValue::Crossed());
  EXPECT_EQ(back.items[2].value, CellValue::Checks(2, 200));
  EXPECT_TRUE(back.items[3].value.empty());
  EXPECT_EQ(back.items[4].name, "Ann \"the ace\"");
  EXPECT_EQ(back.items[4].grid, 2);
  EXPECT_EQ(back.For("a/1.jpg").size(), 4u);
  EXPECT_EQ(back.For("b.jpg page 2").size(), 1u);
}

TEST(CorrectionsTest, ALaterAnswerReplacesAnEarlierOne) {
  Corrections corrections;
  corrections.Set({"a.jpg", 1, 1, "aces", CellValue::Number(3), std::nullopt, ""});
  corrections.Set({"a.jpg", 1, 2, "aces", CellValue::Number(4), std::nullopt, ""});
  corrections.Set({"a.jpg", 1, 1, "aces", CellValue::Number(2), std::nullopt, ""});
  ASSERT_EQ(corrections.items.size(), 2u);
  EXPECT_EQ(corrections.items[0].value, CellValue::Number(2));
  const Correction target{"a.jpg", 1, 2, "aces", {}, std::nullopt, ""};
  ASSERT_NE(corrections.Find(target), nullptr);
  EXPECT_EQ(corrections.Find(target)->value, CellValue::Number(4));
}

TEST(CorrectionsTest, ACardTypedInWholeIsOneAnswerPerFile) {
  Corrections corrections = ParseCorrections(
      R"({"corrections": [{"file": "scan.pdf page 2", "card": {"ruleset": "rock", "columns": [{"index": 0, "cells": {"aces": 3}}]}},
                          {"file": "scan.pdf page 2", "grid": 1, "column": 1, "name": "Ann"}]})");
  ASSERT_EQ(corrections.items.size(), 2u);
  const Correction* typed = corrections.TypedCard("scan.pdf page 2");
  ASSERT_NE(typed, nullptr);
  EXPECT_NE(typed->typed_card.find("\"aces\":3"), std::string::npos) << typed->typed_card;
  EXPECT_EQ(corrections.TypedCard("scan.pdf page 1"), nullptr);
  // Typed again: the new card replaces the old; the name stays.
  Correction again = *typed;
  again.typed_card = R"({"columns":[{"cells":{"aces":4},"index":0}],"ruleset":"rock"})";  // as parsing keeps it
  corrections.Set(again);
  ASSERT_EQ(corrections.items.size(), 2u);
  EXPECT_NE(corrections.TypedCard("scan.pdf page 2")->typed_card.find("\"aces\":4"), std::string::npos);
  const std::string written = CorrectionsToJson(corrections);
  EXPECT_EQ(CorrectionsToJson(ParseCorrections(written)), written);
  EXPECT_NE(written.find("\"card\": {"), std::string::npos) << written;
}

TEST(CorrectionsTest, MalformedFilesSayWhere) {
  const std::vector<std::pair<std::string, std::string>> cases = {
      {"{", "malformed JSON"},
      {"[]", "{\"corrections\": [...]}"},
      {R"({"corrections": [{"grid": 1, "column": 1, "row": "aces", "value": 3}]})", "corrections[0].file"},
      {R"({"corrections": [{"file": "a", "grid": 0, "column": 1, "row": "aces", "value": 3}]})", "corrections[0].grid"},
      {R"({"corrections": [{"file": "a", "grid": 1, "column": 1, "row": "aces"}]})", "needs \"value\""},
      {R"({"corrections": [{"file": "a", "grid": 1, "column": 1, "row": "aces", "value": "3"}]})",
       "corrections[0].value"},
      {R"({"corrections": [{"file": "a", "grid": 1, "column": 1, "row": "aces", "value": -3}]})", "negative"},
      {R"({"corrections": [{"file": "a", "grid": 1, "column": 1, "name": "x", "row": "aces", "value": 1}]})",
       "either"},
      {R"({"corrections": [{"file": "a", "grid": 1, "column": 1, "nmae": "x"}]})", "unknown key \"nmae\""},
      {R"({"corrections": [{"file": "a", "card": [1]}]})", "corrections[0].card must be a card"},
      {R"({"corrections": [{"file": "a", "row": "aces", "card": {"ruleset": "rock"}}]})", "nothing else"},
  };
  for (const auto& [text, expected] : cases) {
    try {
      ParseCorrections(text);
      ADD_FAILURE() << "accepted: " << text;
    } catch (const Error& e) {
      EXPECT_NE(std::string(e.what()).find(expected), std::string::npos) << text << " -> " << e.what();
    }
  }
}

}  // namespace
}  // namespace scorecheck
