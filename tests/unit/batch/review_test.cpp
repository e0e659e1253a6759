#include "batch/review.h"

#include <gtest/gtest.h>

#include "support/test_support.h"

namespace scorecheck {
namespace {

using Json = nlohmann::ordered_json;

Json Column(const std::string& ruleset, int grid, int column) {
  return {{"grid", grid},          {"column", column}, {"ruleset", ruleset}, {"written_total", 100},
          {"recomputed_total", 100}, {"errors", 0},     {"warnings", 0},      {"uncertain", 0},
          {"status", "clean"},       {"name_crop", "cards/x.crops/g" + std::to_string(grid) + "-c" +
                                                       std::to_string(column) + "-name.png"}};
}

// A piecepack page (each column a player) with a cell to look at.
Json Report() {
  Json first = Column("piecepack", 1, 1);
  first["name_crop"] = "cards/a.jpg.crops/g1-c1-name.png";
  const Json card = {
      {"file", "a.jpg"},
      {"status", "review"},
      {"columns", {first, Column("piecepack", 1, 2)}},
      {"uncertain",
       {{{"grid", 1}, {"column", 2}, {"row", "sixes"}, {"row_name", "Sixes"}, {"reading", "18"}, {"value", 18},
         {"confidence", 0.45}, {"crop", "cards/a.jpg.crops/g1-c2-sixes.png"}}}}};
  const Json bad = {{"file", "b.jpg"}, {"status", "unreadable"}, {"reason", "no grid"}};
  return {{"cards", {card, bad}}};
}

TEST(ReviewTest, NamesThenUncertainCellsLeavingOutWhatIsAnswered) {
  std::vector<ReviewQuestion> questions = ReviewQuestions(Report(), {}, testing::ShippedRulesets());
  ASSERT_EQ(questions.size(), 3u);
  EXPECT_EQ(questions[0].kind, ReviewQuestion::Kind::kName);
  EXPECT_EQ(questions[0].crop, "cards/a.jpg.crops/g1-c1-name.png");
  EXPECT_EQ(questions[1].column, 2);
  EXPECT_EQ(questions[2].kind, ReviewQuestion::Kind::kCell);
  EXPECT_EQ(questions[2].row_name, "Sixes");
  EXPECT_EQ(questions[2].read_value, CellValue::Number(18));
  EXPECT_DOUBLE_EQ(*questions[2].confidence, 0.45);

  Corrections answered;
  answered.Set({"a.jpg", 1, 1, "", {}, std::string("Ann"), ""});
  answered.Set({"a.jpg", 1, 2, "sixes", CellValue::Number(12), std::nullopt, ""});
  questions = ReviewQuestions(Report(), answered, testing::ShippedRulesets());
  ASSERT_EQ(questions.size(), 1u);
  EXPECT_EQ(questions[0].kind, ReviewQuestion::Kind::kName);
  EXPECT_EQ(questions[0].column, 2);
}

TEST(ReviewTest, ANameIsAskedOncePerPlayer) {
  // A classic card of three games and a triple card: one player each, asked once, for the whole card.
  Json classic = {{"file", "k.jpg"}, {"status", "clean"},
                  {"columns", {Column("classic", 1, 1), Column("classic", 1, 2), Column("classic", 1, 3)}}};
  Json triple = {{"file", "t.jpg"}, {"status", "clean"},
                 {"columns", {Column("triple", 1, 1), Column("triple", 1, 2), Column("triple", 1, 3)}}};
  // A piecepack page of two grids of two columns: two players, asked in the first grid.
  Json page = {{"file", "p.jpg"}, {"status", "clean"},
               {"columns", {Column("piecepack", 1, 1), Column("piecepack", 1, 2), Column("piecepack", 2, 1),
                            Column("piecepack", 2, 2)}}};
  const Json report = {{"cards", {classic, triple, page}}};
  const std::vector<ReviewQuestion> questions = ReviewQuestions(report, {}, testing::ShippedRulesets());
  ASSERT_EQ(questions.size(), 4u);
  EXPECT_EQ(questions[0].file, "k.jpg");
  EXPECT_TRUE(questions[0].whole_card);
  EXPECT_EQ(questions[1].file, "t.jpg");
  EXPECT_EQ(questions[2].file, "p.jpg");
  EXPECT_FALSE(questions[2].whole_card);
  EXPECT_EQ(questions[2].grid, 1);
  EXPECT_EQ(questions[3].column, 2);
  EXPECT_EQ(questions[3].grid, 1);
}

TEST(ReviewTest, TypedAnswersToACell) {
  const ReviewQuestion cell = ReviewQuestions(Report(), {}, testing::ShippedRulesets())[2];
  auto value = [&](const std::string& typed) {
    const ReviewAnswer answer = ParseReviewAnswer(typed, cell);
    EXPECT_EQ(answer.kind, ReviewAnswer::Kind::kAnswer) << typed;
    EXPECT_EQ(answer.correction.row, "sixes");
    EXPECT_EQ(answer.correction.column, 2);
    return answer.correction.value;
  };
  EXPECT_EQ(value(""), CellValue::Number(18));  // Enter keeps the reading
  EXPECT_EQ(value(" 24 "), CellValue::Number(24));
  EXPECT_EQ(value("x"), CellValue::Crossed());
  EXPECT_TRUE(value("-").empty());
  EXPECT_EQ(value("3t"), CellValue::Checks(3));
  EXPECT_EQ(value("2t 200"), CellValue::Checks(2, 200));
  EXPECT_EQ(ParseReviewAnswer("s", cell).kind, ReviewAnswer::Kind::kSkip);
  EXPECT_EQ(ParseReviewAnswer("q", cell).kind, ReviewAnswer::Kind::kQuit);
  for (const char* nonsense : {"abc", "1.5", "123456", "t", "3t x", "-3"})
    EXPECT_EQ(ParseReviewAnswer(nonsense, cell).kind, ReviewAnswer::Kind::kNotUnderstood) << nonsense;
}

TEST(ReviewTest, TypedNames) {
  const ReviewQuestion name = ReviewQuestions(Report(), {}, testing::ShippedRulesets())[0];
  const ReviewAnswer answer = ParseReviewAnswer("  Ann Smith ", name);
  ASSERT_EQ(answer.kind, ReviewAnswer::Kind::kAnswer);
  EXPECT_EQ(answer.correction.name, "Ann Smith");
  EXPECT_TRUE(answer.correction.row.empty());
  // Enter: no name, saved so that it is not asked again; s skips (asked next time).
  const ReviewAnswer none = ParseReviewAnswer("", name);
  EXPECT_EQ(none.kind, ReviewAnswer::Kind::kAnswer);
  EXPECT_EQ(none.correction.name, std::string());
  EXPECT_EQ(ParseReviewAnswer("s", name).kind, ReviewAnswer::Kind::kSkip);
}

}  // namespace
}  // namespace scorecheck
