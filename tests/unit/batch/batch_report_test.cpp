#include "batch/batch_report.h"

#include <gtest/gtest.h>

#include "batch/card_record.h"
#include "support/test_support.h"

namespace scorecheck {
namespace {

using Json = nlohmann::ordered_json;

Json Column(const std::string& ruleset, int column, int recomputed, Json written, const std::string& status = "clean") {
  return {{"grid", 1},          {"column", column},  {"ruleset", ruleset}, {"written_total", written},
          {"recomputed_total", recomputed}, {"errors", status == "errors" ? 1 : 0}, {"warnings", 0},
          {"uncertain", 0},     {"status", status}};
}

Json Card(const std::string& file, const std::string& status, std::vector<Json> columns) {
  return {{"file", file}, {"status", status}, {"columns", columns}};
}

std::vector<Json> Records() {
  return {Card("a/1.jpg", "errors", {Column("rock", 1, 150, 160, "errors")}),
          Card("b/1.jpg", "clean", {Column("rock", 1, 180, 180)}),
          FailedCardOutput("c.jpg", "no scorecard grid found").record,
          Card("d.jpg", "clean", {Column("rock", 1, 150, 150), Column("classic", 1, 240, 240),
                                  Column("classic", 2, 200, 200)})};
}

TEST(BatchReportTest, CountsEveryOutcome) {
  const Json summary = BatchSummary(Records(), testing::ShippedRulesets());
  EXPECT_EQ(summary["cards"], 4);
  EXPECT_EQ(summary["clean"], 2);
  EXPECT_EQ(summary["errors"], 1);
  EXPECT_EQ(summary["review"], 0);
  EXPECT_EQ(summary["unreadable"], 1);
  EXPECT_EQ(summary["players"], 4);  // three rock cards, and d.jpg's player of two classic games
  ASSERT_EQ(summary["unreadable_files"].size(), 1u);
  EXPECT_EQ(summary["unreadable_files"][0]["file"], "c.jpg");
  EXPECT_EQ(summary["unreadable_files"][0]["reason"], "no scorecard grid found");
}

TEST(BatchReportTest, LeaderboardsOfPlayersPerRulesetWithTiesSharingARank) {
  const Json summary = BatchSummary(Records(), testing::ShippedRulesets());
  ASSERT_EQ(summary["leaderboards"].size(), 4u);  // rock; classic's Game 1, Game 2 and all games
  const Json& rock = summary["leaderboards"][0];
  EXPECT_EQ(rock["ruleset"], "rock");
  EXPECT_EQ(rock["tie_break"], "the rules break a tie by cutting cards");
  ASSERT_EQ(rock["players"].size(), 3u);
  EXPECT_EQ(rock["players"][0]["file"], "b/1.jpg");
  EXPECT_EQ(rock["players"][0]["rank"], 1);
  EXPECT_FALSE(rock["players"][0]["tied"]);
  // 150 and 150: both second, both tied, in batch order (no winner invented).
  EXPECT_EQ(rock["players"][1]["file"], "a/1.jpg");
  EXPECT_EQ(rock["players"][2]["file"], "d.jpg");
  for (int i : {1, 2}) {
    EXPECT_EQ(rock["players"][i]["rank"], 2);
    EXPECT_TRUE(rock["players"][i]["tied"]);
  }
  EXPECT_EQ(rock["players"][1]["difference"], 10);  // written 160, recomputed 150
  EXPECT_EQ(rock["players"][2]["difference"], 0);
  const Json& classic = summary["leaderboards"][1];
  EXPECT_EQ(classic["title"], "Game 1");
  EXPECT_EQ(classic["players"][0]["recomputed_total"], 240);
  EXPECT_EQ(classic["tie_break"], "");
  EXPECT_EQ(summary["leaderboards"][3]["title"], "All games");
  EXPECT_EQ(summary["leaderboards"][3]["players"][0]["recomputed_total"], 440);
}

TEST(BatchReportTest, CsvHasARowPerPlayedColumnAndPerUnreadableFile) {
  std::vector<Json> records = Records();
  records[2]["reason"] = "not an image, says \"libpng\", sorry";
  records[0]["columns"][0]["name"] = "Zoë, \"Z\"";
  const std::string csv = CardsCsv(records, testing::ShippedRulesets());
  // UTF-8 with its byte-order mark, so that a spreadsheet shows "Zoë" as Zoë.
  EXPECT_EQ(csv.rfind("\xEF\xBB\xBF"
                      "file,grid,column,player,ruleset,written_total,recomputed_total,errors,warnings,uncertain,status,reason"
                      "\r\n",
                      0),
            0u);
  EXPECT_NE(csv.find("a/1.jpg,1,1,\"Zoë, \"\"Z\"\"\",rock,160,150,1,0,0,errors,\r\n"), std::string::npos) << csv;
  EXPECT_NE(csv.find("d.jpg,1,1,,rock,150,150,0,0,0,clean,\r\n"), std::string::npos) << csv;
  EXPECT_NE(csv.find("c.jpg,,,,,,,,,,unreadable,\"not an image, says \"\"libpng\"\", sorry\"\r\n"), std::string::npos)
      << csv;
  int lines = 0;
  for (char c : csv) lines += c == '\n';
  EXPECT_EQ(lines, 1 + 5 + 1);
}

}  // namespace
}  // namespace scorecheck
