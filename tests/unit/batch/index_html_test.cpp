#include "batch/index_html.h"

#include <gtest/gtest.h>

#include "batch/batch_report.h"
#include "support/test_support.h"

namespace scorecheck {
namespace {

using Json = nlohmann::ordered_json;

Json Report() {
  const Json column = {{"grid", 1},       {"column", 1},      {"ruleset", "rock"}, {"written_total", 90},
                       {"recomputed_total", 84}, {"errors", 1}, {"warnings", 0},     {"uncertain", 0},
                       {"status", "errors"}, {"name_crop", "cards/a b/#1.jpg.crops/g1-c1-name.png"}};
  Json tie = column;
  tie["written_total"] = 84;
  tie["status"] = "review";
  tie.erase("name_crop");
  const Json card = {{"file", "a b/#1.jpg"}, {"status", "errors"}, {"summary", "1 error"}, {"sheet", "R.O.C.K."},
                     {"overlay", "cards/a b/#1.jpg.overlay.jpg"}, {"thumbnail", "cards/a b/#1.jpg.thumb.jpg"},
                     {"columns", {column}},
                     {"findings",
                      {{{"grid", 1}, {"column", 1}, {"severity", "error"}, {"code", "TOTAL_MISMATCH"},
                        {"message", "Grand total written 90; the entries add to 84"}},
                       {{"grid", 1}, {"column", 1}, {"severity", "warning"}, {"code", "UNCERTAIN_READ"},
                        {"message", "Fours: read as 12 with confidence 0.4"}}}},
                     {"uncertain",
                      {{{"grid", 1}, {"column", 1}, {"row", "fours"}, {"row_name", "Fours"}, {"reading", "12"},
                        {"confidence", 0.4}, {"crop", "cards/a b/#1.jpg.crops/g1-c1-fours.png"}}}}};
  const Json other = {{"file", "two.jpg"}, {"status", "review"}, {"columns", {tie}}};
  const Json bad = {{"file", "<bad>.jpg"}, {"status", "unreadable"}, {"reason", "no scorecard grid found"}};
  return BatchReportJson({card, other, bad}, testing::ShippedRulesets());
}

TEST(IndexHtmlTest, TiesAreShownAsTiesWithTheRulesOwnTieBreak) {
  const Json context = IndexHtmlContext(Report());
  const Json& players = context["leaderboards"][0]["players"];
  ASSERT_EQ(players.size(), 2u);
  EXPECT_EQ(players[0]["rank"], "=1");
  EXPECT_EQ(players[1]["rank"], "=1");
  EXPECT_EQ(players[0]["difference"], "+6");
  EXPECT_TRUE(players[0]["wrong"]);
  EXPECT_FALSE(players[1]["wrong"]);
  EXPECT_NE(context["leaderboards"][0]["tie_note"].get<std::string>().find("cutting cards"), std::string::npos);
}

TEST(IndexHtmlTest, PicturePathsBecomeUrls) {
  EXPECT_EQ(UrlPath("cards/a b/#1.jpg.thumb.jpg"), "cards/a%20b/%231.jpg.thumb.jpg");
  const Json context = IndexHtmlContext(Report());
  EXPECT_EQ(context["cards"][0]["thumbnail_url"], "cards/a%20b/%231.jpg.thumb.jpg");
  EXPECT_EQ(context["cards"][0]["uncertain"][0]["crop_url"], "cards/a%20b/%231.jpg.crops/g1-c1-fours.png");
  EXPECT_EQ(context["cards"][0]["uncertain"][0]["confidence"], "40%");
  // The uncertain cell is shown with its crop, not again among the findings.
  ASSERT_EQ(context["cards"][0]["findings"].size(), 1u);
}

TEST(IndexHtmlTest, TheShippedTemplateShowsCountsLeaderboardAndUnreadableFiles) {
  const std::string html = IndexHtml(Report(), testing::SourcePath("templates"));
  EXPECT_NE(html.find("<b id=\"count-cards\">3</b>"), std::string::npos);
  EXPECT_NE(html.find("<b id=\"count-errors\">1</b>"), std::string::npos);
  EXPECT_NE(html.find("<b id=\"count-unreadable\">1</b>"), std::string::npos);
  EXPECT_NE(html.find("Leaderboard: R.O.C.K. Yahtzee"), std::string::npos);
  EXPECT_NE(html.find("&lt;bad&gt;.jpg</span>: no scorecard grid found"), std::string::npos);
  EXPECT_NE(html.find("Grand total written 90; the entries add to 84"), std::string::npos);
  EXPECT_EQ(html.find("{{"), std::string::npos);
  EXPECT_NE(html.find("font: 16px/1.45"), std::string::npos);  // the style sheet, inlined
}

}  // namespace
}  // namespace scorecheck
