// Ruleset files: the shipped six load with the values RULES.md gives, and a
// malformed file fails with a message that names the problem.

#include "rules/ruleset.h"

#include <filesystem>
#include <fstream>
#include <unistd.h>

#include <gtest/gtest.h>

#include "core/error.h"
#include "core/text.h"
#include "rules/ruleset_library.h"
#include "support/test_support.h"

namespace scorecheck {
namespace {

using testing::ShippedRulesets;
using testing::SourcePath;

TEST(RulesetTest, ShipsTheSixRulesets) {
  EXPECT_EQ(ShippedRulesets().Ids(),
            (std::vector<std::string>{"classic", "fivezee", "piecepack", "rock", "rollem", "triple"}));
}

TEST(RulesetTest, EveryRulesetHasTheCanonicalRows) {
  for (const std::string& id : ShippedRulesets().Ids()) {
    const Ruleset& ruleset = ShippedRulesets().Get(id);
    for (const char* row : {"aces", "twos", "threes", "fours", "fives", "sixes", "upper_subtotal", "upper_bonus",
                            "upper_total", "three_kind", "four_kind", "full_house", "small_straight",
                            "large_straight", "yahtzee", "chance", "lower_total", "grand_total"})
      EXPECT_NE(ruleset.FindRow(row), nullptr) << id << " lacks " << row;
    EXPECT_EQ(ruleset.FindRow("yahtzee_bonus") != nullptr, ruleset.yahtzee_bonus.has_value()) << id;
  }
  EXPECT_EQ(ShippedRulesets().Get("piecepack").FindRow("yahtzee_bonus"), nullptr);
}

TEST(RulesetTest, LegalValuesAreDerivedFromTheDice) {
  const Ruleset& classic = ShippedRulesets().Get("classic");
  EXPECT_EQ(classic.FindRow("fours")->legal_raw, (std::vector<int>{0, 4, 8, 12, 16, 20}));
  EXPECT_EQ(classic.FindRow("full_house")->legal_raw, (std::vector<int>{0, 25}));
  EXPECT_EQ(classic.FindRow("yahtzee")->legal_raw, (std::vector<int>{0, 50}));
  const RowSpec* three_kind = classic.FindRow("three_kind");
  EXPECT_TRUE(three_kind->IsLegalRaw(0));
  EXPECT_FALSE(three_kind->IsLegalRaw(4));
  for (int v = 5; v <= 30; ++v) EXPECT_TRUE(three_kind->IsLegalRaw(v)) << v;
  EXPECT_FALSE(three_kind->IsLegalRaw(31));
  // Chance can never score 0.
  EXPECT_FALSE(classic.FindRow("chance")->IsLegalRaw(0));
  EXPECT_TRUE(classic.FindRow("chance")->IsLegalRaw(5));
  // Roll-Em: fixed three and four of a kind.
  const Ruleset& rollem = ShippedRulesets().Get("rollem");
  EXPECT_EQ(rollem.FindRow("three_kind")->legal_raw, (std::vector<int>{0, 25}));
  EXPECT_EQ(rollem.FindRow("four_kind")->legal_raw, (std::vector<int>{0, 30}));
}

TEST(RulesetTest, RulesetOptionsMatchRulesMd) {
  const RulesetLibrary& lib = ShippedRulesets();
  EXPECT_EQ(lib.Get("rock").upper_bonus.threshold, 83);
  EXPECT_EQ(lib.Get("fivezee").upper_bonus.threshold, 83);
  EXPECT_EQ(lib.Get("rollem").upper_bonus.threshold, 63);
  EXPECT_EQ(lib.Get("rock").yahtzee_bonus->points_per_check, (std::vector<int>{50, 100}));
  EXPECT_EQ(lib.Get("rock").yahtzee_bonus->max_checks, 2);
  EXPECT_EQ(lib.Get("rock").max_scored_boxes, 5);
  EXPECT_FALSE(lib.Get("rock").incomplete_warnings);
  EXPECT_EQ(lib.Get("rollem").yahtzee_bonus->PointsFor(3), 150);
  EXPECT_EQ(lib.Get("rock").yahtzee_bonus->PointsFor(2), 150);
  EXPECT_EQ(lib.Get("triple").multipliers, (std::vector<int>{1, 2, 3}));
  EXPECT_EQ(lib.Get("triple").yahtzee_bonus->precondition, BonusPrecondition::kAllBoxesNonzero);
  EXPECT_TRUE(lib.Get("piecepack").any_box_may_be_crossed);
  EXPECT_FALSE(lib.Get("classic").any_box_may_be_crossed);
  EXPECT_EQ(lib.Get("piecepack").max_columns, 6);
  EXPECT_EQ(lib.Get("piecepack").FindRow("sixes")->labels.front(), "Nulls = 6");
}

std::string ReadShipped(const std::string& id) { return ReadTextFile(SourcePath("templates/rulesets/" + id + ".json")); }

void ExpectParseError(const std::string& text, const std::string& needle) {
  try {
    ParseRuleset(text);
    FAIL() << "expected an error mentioning " << needle;
  } catch (const Error& e) {
    EXPECT_NE(std::string(e.what()).find(needle), std::string::npos) << e.what();
  }
}

TEST(RulesetTest, MalformedFilesAreRejectedWithAReason) {
  ExpectParseError("{not json", "malformed JSON");
  ExpectParseError("[]", "JSON object");
  ExpectParseError(R"({"columns": {"max": 1}, "rows": []})", "\"id\"");
  ExpectParseError(R"({"id": "x", "columns": {"max": 1}, "rows": [{"id": "a", "kind": "entry"}]})", "score");
  ExpectParseError(R"({"id": "x", "columns": {"max": 1},
    "rows": [{"id": "t", "kind": "total", "sum": ["a"]}, {"id": "a", "kind": "entry", "score": {"pattern": "any", "points": "sum"}}]})",
                   "not an earlier row");
  ExpectParseError(R"({"id": "x", "columns": {"max": 1},
    "rows": [{"id": "a", "kind": "entry", "score": {"pattern": "dice", "points": 3}}]})", "pattern");
  ExpectParseError(R"({"id": "x", "columns": {"max": 1},
    "rows": [{"id": "a", "kind": "entry", "score": {"pattern": "face", "face": 9}}]})", "face");
  ExpectParseError(R"({"id": "x", "columns": {"max": 2, "multipliers": [1]}, "rows": []})", "multipliers");
  ExpectParseError(R"({"id": "x", "columns": {"max": "two"}, "rows": []})", "columns.max must be a whole number");
  ExpectParseError(R"({"id": "x", "columns": {"max": true}, "rows": [], "section_labels": 3})", "whole number");
  ExpectParseError(R"({"id": "x", "columns": {"max": 1}, "rows": [], "section_labels": 3})", "wrong type");
  // A fraction or a number past an int was turned into an int unchecked:
  // undefined behaviour (found by fuzz/ruleset_fuzz).
  ExpectParseError(R"({"id": "x", "columns": {"max": 2.2e42}, "rows": []})", "columns.max must be a whole number");
  ExpectParseError(R"({"id": "x", "columns": {"max": 1.5}, "rows": []})", "columns.max must be a whole number");
  ExpectParseError(R"({"id": "x", "columns": {"max": 18446744073709551615}, "rows": []})", "whole number");
  ExpectParseError(R"({"id": "x", "columns": {"max": 2, "multipliers": [1, 3e9]}, "rows": []})",
                   "columns.multipliers must list whole numbers");
}

// No file makes a sheet of a thousand rows or totals past an int.
TEST(RulesetTest, SizesAndPointsAreBounded) {
  std::string rows;
  for (int i = 0; i < 101; ++i)
    rows += std::string(i ? "," : "") + R"({"id": "r)" + std::to_string(i) + R"(", "kind": "entry", "score": {"pattern": "any", "points": "sum"}})";
  ExpectParseError(R"({"id": "x", "columns": {"max": 1}, "rows": [)" + rows + "]}", "at most 100 rows");
  ExpectParseError(R"({"id": "x", "columns": {"max": 21}, "rows": []})", "columns.max must be at most 20");
  ExpectParseError(R"({"id": "x", "columns": {"max": 1, "grids_per_page": [0]}, "rows": []})", "grids_per_page");
  ExpectParseError(R"({"id": "x", "columns": {"max": 1},
    "rows": [{"id": "a", "kind": "entry", "score": {"pattern": "any", "points": 2000000000}}]})", "points must be 0..10000");
  ExpectParseError(R"({"id": "x", "columns": {"max": 1}, "upper_bonus": {"threshold": 63, "points": -5}, "rows": []})",
                   "upper_bonus");
  ExpectParseError(std::string(2 << 20, ' ') + "{}", "too large");
}

// A house rule is a copied file: a different bonus threshold, no C++ change.
TEST(RulesetTest, HouseRuleVariantIsACopiedFile) {
  namespace fs = std::filesystem;
  const fs::path folder = fs::temp_directory_path() / ("scorecheck_house_" + std::to_string(::getpid()));
  fs::create_directories(folder);
  std::string text = ReadShipped("classic");
  const auto at = text.find("\"classic\"");
  text.replace(at, 9, "\"house\"");
  const auto threshold = text.find("\"threshold\": 63");
  ASSERT_NE(threshold, std::string::npos);
  text.replace(threshold, 15, "\"threshold\": 70");
  std::ofstream(folder / "house.json") << text;
  const RulesetLibrary library = RulesetLibrary::LoadFolder(folder.string());
  EXPECT_EQ(library.Get("house").upper_bonus.threshold, 70);
  fs::remove_all(folder);
}

TEST(RulesetTest, LibraryErrorsNameTheProblem) {
  EXPECT_THROW(RulesetLibrary::LoadFolder("/nonexistent/scorecheck"), Error);
  try {
    ShippedRulesets().Get("yahtzee9");
    FAIL();
  } catch (const Error& e) {
    EXPECT_NE(std::string(e.what()).find("unknown ruleset \"yahtzee9\""), std::string::npos);
    EXPECT_NE(std::string(e.what()).find("classic"), std::string::npos);
  }
}

}  // namespace
}  // namespace scorecheck
