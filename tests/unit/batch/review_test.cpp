#include "batch/review.h"

#include <gtest/gtest.h>

namespace scorecheck {
namespace {

using Json = nlohmann::ordered_json;

Json Report() {
  const Json card = {
      {"file", "a.jpg"},
      {"status", "review"},
      {"columns", {{{"grid", 1}, {"column", 1}, {"name_crop", "cards/a.jpg.crops/g1-c1-name.png"}},
                   {{"grid", 1}, {"column", 2}}}},
      {"uncertain",
       {{{"grid", 1}, {"column", 2}, {"row", "sixes"}, {"row_name", "Sixes"}, {"reading", "18"}, {"value", 18},
         {"confidence", 0.45}, {"crop", "cards/a.jpg.crops/g1-c2-sixes.png"}}}}};
  const Json bad = {{"file", "b.jpg"}, {"status", "unreadable"}, {"reason", "no grid"}};
  return {{"cards", {card, bad}}};
}

TEST(ReviewTest, NamesThenUncertainCellsLeavingOutWhatIsAnswered) {
  std::vector<ReviewQuestion> questions = ReviewQuestions(Report(), {});
  ASSERT_EQ(questions.size(), 3u);
  EXPECT_EQ(questions[0].kind, ReviewQuestion::Kind::kName);
  EXPECT_EQ(questions[0].crop, "cards/a.jpg.crops/g1-c1-name.png");
  EXPECT_EQ(questions[1].column, 2);
  EXPECT_EQ(questions[2].kind, ReviewQuestion::Kind::kCell);
  EXPECT_EQ(questions[2].row_name, "Sixes");
  EXPECT_EQ(questions[2].read_value, CellValue::Number(18));
  EXPECT_DOUBLE_EQ(*questions[2].confidence, 0.45);

  Corrections answered;
  answered.Set({"a.jpg", 1, 1, "", {}, std::string("Ann")});
  answered.Set({"a.jpg", 1, 2, "sixes", CellValue::Number(12), std::nullopt});
  questions = ReviewQuestions(Report(), answered);
  ASSERT_EQ(questions.size(), 1u);
  EXPECT_EQ(questions[0].kind, ReviewQuestion::Kind::kName);
  EXPECT_EQ(questions[0].column, 2);
}

TEST(ReviewTest, TypedAnswersToACell) {
  const ReviewQuestion cell = ReviewQuestions(Report(), {})[2];
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
  const ReviewQuestion name = ReviewQuestions(Report(), {})[0];
  const ReviewAnswer answer = ParseReviewAnswer("  Ann Smith ", name);
  ASSERT_EQ(answer.kind, ReviewAnswer::Kind::kAnswer);
  EXPECT_EQ(answer.correction.name, "Ann Smith");
  EXPECT_TRUE(answer.correction.row.empty());
  EXPECT_EQ(ParseReviewAnswer("", name).kind, ReviewAnswer::Kind::kSkip);
}

}  // namespace
}  // namespace scorecheck
