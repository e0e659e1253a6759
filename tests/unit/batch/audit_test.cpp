#include "batch/audit.h"

#include <gtest/gtest.h>

#include "support/test_support.h"

namespace scorecheck {
namespace {

using Json = nlohmann::ordered_json;

// A card record of one rock column: written and recomputed grand totals, an
// error finding when they differ, the grand total as evidence.
Json Card(const std::string& file, Json written, int recomputed, const std::string& name = "") {
  const bool wrong = !written.is_null() && written.get<int>() != recomputed;
  Json column = {{"grid", 1},       {"column", 1},         {"ruleset", "rock"}, {"written_total", written},
                 {"recomputed_total", recomputed}, {"errors", wrong ? 1 : 0}, {"warnings", 0},
                 {"status", wrong ? "errors" : "clean"}, {"name_crop", "cards/" + file + ".crops/g1-c1-name.png"}};
  if (!name.empty()) column["name"] = name;
  Json findings = Json::array();
  if (wrong)
    findings.push_back({{"grid", 1}, {"column", 1}, {"severity", "error"}, {"code", "TOTAL_MISMATCH"},
                        {"message", "Grand total written " + written.dump() + "; the entries add to " +
                                        std::to_string(recomputed)}});
  return {{"file", file},
          {"status", wrong ? "errors" : "clean"},
          {"columns", {column}},
          {"findings", findings},
          {"evidence",
           {{{"grid", 1}, {"column", 1}, {"row", "grand_total"}, {"row_name", "Grand total"},
             {"reading", written.is_null() ? "empty" : written.dump()}, {"confidence", 0.97},
             {"crop", "cards/" + file + ".crops/g1-c1-grand_total.png"}}}}};
}

TEST(AuditTest, ARecomputedTotalThatChangesTheWinnerIsSaidPlainly) {
  // Ann wrote 160 but her entries add to 140; Bob's 150 is right.
  const Json audit = Audit({Card("ann.jpg", 160, 140, "Ann"), Card("bob.jpg", 150, 150),
                            Card("cy.jpg", 120, 120)},
                           testing::ShippedRulesets(), "report/");
  ASSERT_EQ(audit["games"].size(), 1u);
  const Json& game = audit["games"][0];
  EXPECT_EQ(game["players"][0]["label"], "bob.jpg");
  EXPECT_EQ(game["players"][1]["label"], "Ann");
  EXPECT_EQ(game["by_recomputed"], Json({"bob.jpg"}));
  EXPECT_EQ(game["by_written"], Json({"Ann"}));
  EXPECT_TRUE(game["changes"]);
  EXPECT_EQ(game["verdict"],
            "Winner after recomputation: bob.jpg with 150. The written totals gave the win to Ann: the result "
            "changes.");
  ASSERT_EQ(game["findings"].size(), 1u);
  EXPECT_EQ(game["findings"][0]["player"], "Ann");
  // Evidence for the two contenders (Ann is also the runner-up); none for Cy.
  ASSERT_EQ(game["evidence"].size(), 2u);
  EXPECT_EQ(game["evidence"][0]["crop"], "report/cards/bob.jpg.crops/g1-c1-grand_total.png");
  EXPECT_EQ(game["evidence"][0]["confidence"], "97%");
  const std::string text = AuditText(audit);
  EXPECT_NE(text.find("the result changes"), std::string::npos) << text;
  EXPECT_NE(text.find("report/cards/bob.jpg.crops/g1-c1-grand_total.png"), std::string::npos) << text;
}

TEST(AuditTest, TiesAreTiesWithTheRulesOwnTieBreakAndNoWinner) {
  const Json audit = Audit({Card("a.jpg", 150, 150), Card("b.jpg", 150, 150), Card("c.jpg", 99, 99)},
                           testing::ShippedRulesets());
  const Json& game = audit["games"][0];
  EXPECT_EQ(game["by_recomputed"].size(), 2u);
  EXPECT_FALSE(game["changes"]);
  const std::string verdict = game["verdict"];
  EXPECT_NE(verdict.find("a.jpg and b.jpg tie on 150"), std::string::npos) << verdict;
  EXPECT_NE(verdict.find("cutting cards"), std::string::npos) << verdict;
  EXPECT_NE(verdict.find("names no winner"), std::string::npos) << verdict;
  // The runner-up (c) decides whether the tie is for the win: its cells are shown too.
  EXPECT_EQ(game["evidence"].size(), 3u);
}

TEST(AuditTest, UnreadableCardsAreListedAndEveryRulesetIsItsOwnGame) {
  Json classic = Card("k.jpg", 200, 200);
  classic["columns"][0]["ruleset"] = "classic";
  const Json audit = Audit({Card("a.jpg", nullptr, 120), classic,
                            {{"file", "x.jpg"}, {"status", "unreadable"}, {"reason", "no scorecard grid found"}}},
                           testing::ShippedRulesets());
  EXPECT_EQ(audit["games"].size(), 2u);
  // a.jpg's grand total is not written: shown, not ranked, and no winner named.
  EXPECT_NE(audit["games"][0]["verdict"].get<std::string>().find("No grand total is written"), std::string::npos);
  EXPECT_TRUE(audit["games"][0]["players"][0]["rank"].is_null());
  EXPECT_NE(AuditText(audit).find("a.jpg"), std::string::npos);
  EXPECT_NE(AuditText(audit).find("not ranked"), std::string::npos);
  ASSERT_EQ(audit["unreadable"].size(), 1u);
  EXPECT_NE(AuditText(audit).find("Could not be read: x.jpg: no scorecard grid found"), std::string::npos);
}

TEST(AuditTest, ATripleCardIsOnePlayerAndAClassicCardIsRankedPerGame) {
  Json triple = Card("t.jpg", 100, 100);
  triple["columns"][0]["ruleset"] = "triple";
  for (int c : {2, 3}) {
    Json column = triple["columns"][0];
    column["column"] = c;
    triple["columns"].push_back(column);
  }
  Json classic = Card("k.jpg", 200, 200);
  classic["columns"][0]["ruleset"] = "classic";
  Json game2 = classic["columns"][0];
  game2["column"] = 2;
  game2["recomputed_total"] = game2["written_total"] = 90;
  classic["columns"].push_back(game2);
  const Json audit = Audit({triple, classic}, testing::ShippedRulesets());
  ASSERT_EQ(audit["games"].size(), 4u);  // triple; classic Game 1, Game 2, all games
  EXPECT_EQ(audit["games"][0]["players"].size(), 1u);
  EXPECT_EQ(audit["games"][0]["players"][0]["recomputed_total"], 300);
  EXPECT_EQ(audit["games"][0]["verdict"], "Winner after recomputation: t.jpg with 300. The written totals give the same result.");
  EXPECT_EQ(audit["games"][1]["title"], "Game 1");
  EXPECT_EQ(audit["games"][3]["title"], "All games");
  EXPECT_EQ(audit["games"][3]["players"][0]["recomputed_total"], 290);
  EXPECT_NE(AuditText(audit).find("Triple Yahtzee: 1 player\n"), std::string::npos) << AuditText(audit);
}

TEST(AuditTest, TheHtmlPageShowsTheVerdictAndThePictures) {
  const Json audit = Audit({Card("ann.jpg", 160, 140, "Ann"), Card("bob.jpg", 150, 150)}, testing::ShippedRulesets());
  const std::string html = AuditHtml(audit, testing::SourcePath("templates"));
  EXPECT_NE(html.find("the result changes"), std::string::npos);
  EXPECT_NE(html.find("src=\"cards/bob.jpg.crops/g1-c1-grand_total.png\""), std::string::npos);
  EXPECT_NE(html.find("class=\"verdict changes\""), std::string::npos);
  EXPECT_EQ(html.find("{{"), std::string::npos);
}

}  // namespace
}  // namespace scorecheck
