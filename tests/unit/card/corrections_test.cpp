#include "card/corrections.h"

#include <gtest/gtest.h>

#include "core/error.h"

namespace scorecheck {
namespace {

TEST(CorrectionsTest, CellsAndNamesRoundTrip) {
  Corrections corrections;
  corrections.Set({"a/1.jpg", 1, 2, "sixes", CellValue::Number(18), std::nullopt});
  corrections.Set({"a/1.jpg", 1, 2, "yahtzee", CellValue::Crossed(), std::nullopt});
  corrections.Set({"a/1.jpg", 1, 2, "yahtzee_bonus", CellValue::Checks(2, 200), std::nullopt});
  corrections.Set({"a/1.jpg", 1, 2, "chance", CellValue::Empty(), std::nullopt});
  corrections.Set({"b.jpg page 2", 2, 1, "", {}, std::string("Ann \"the ace\"")});
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
  corrections.Set({"a.jpg", 1, 1, "aces", CellValue::Number(3), std::nullopt});
  corrections.Set({"a.jpg", 1, 2, "aces", CellValue::Number(4), std::nullopt});
  corrections.Set({"a.jpg", 1, 1, "aces", CellValue::Number(2), std::nullopt});
  ASSERT_EQ(corrections.items.size(), 2u);
  EXPECT_EQ(corrections.items[0].value, CellValue::Number(2));
  const Correction target{"a.jpg", 1, 2, "aces", {}, std::nullopt};
  ASSERT_NE(corrections.Find(target), nullptr);
  EXPECT_EQ(corrections.Find(target)->value, CellValue::Number(4));
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
