// Players, not columns: each ruleset's rankings as ../shared/RULES.md reads
// it ("Players, games and who won"), ties and unfinished games included.

#include "batch/standings.h"

#include <tuple>

#include <gtest/gtest.h>

#include "support/test_support.h"

namespace scorecheck {
namespace {

using Json = nlohmann::ordered_json;

Json Column(const std::string& ruleset, int grid, int column, int recomputed, Json written, std::string name = "") {
  Json c = {{"grid", grid},         {"column", column}, {"ruleset", ruleset}, {"written_total", written},
            {"recomputed_total", recomputed}, {"errors", 0}, {"warnings", 0}, {"uncertain", 0},
            {"status", "clean"}};
  if (!name.empty()) c["name"] = name;
  return c;
}

Json Card(const std::string& file, std::vector<Json> columns) {
  return {{"file", file}, {"status", "clean"}, {"columns", columns}};
}

// "file:total:rank" per entry ("-" for unranked, "=" before a tied rank).
std::string Board(const Standing& standing) {
  std::string text;
  for (const Standing::Entry& e : standing.entries) {
    if (!text.empty()) text += " ";
    text += e.label + ":" + std::to_string(e.recomputed_total) + ":" +
            (e.rank ? (e.tied ? "=" : "") + std::to_string(*e.rank) : "-");
  }
  return text;
}

TEST(StandingsTest, RockOneRankingOfCardsTiesShareARankUnfinishedAreNotRanked) {
  const std::vector<Json> records = {Card("a.jpg", {Column("rock", 1, 1, 150, 150)}),
                                     Card("b.jpg", {Column("rock", 1, 1, 180, 180)}),
                                     Card("c.jpg", {Column("rock", 1, 1, 190, nullptr)}),
                                     Card("d.jpg", {Column("rock", 1, 1, 150, 160)})};
  const std::vector<Standing> standings = Standings(records, testing::ShippedRulesets());
  ASSERT_EQ(standings.size(), 1u);
  EXPECT_EQ(standings[0].title, "");
  // 150 and 150: both second, in batch order; c.jpg's 190 has no written grand total: shown, not ranked.
  EXPECT_EQ(Board(standings[0]), "b.jpg:180:1 a.jpg:150:=2 d.jpg:150:=2 c.jpg:190:-");
  EXPECT_EQ(standings[0].entries[2].written_total, 160);
  EXPECT_FALSE(standings[0].entries[3].written_total.has_value());
  EXPECT_EQ(PlayerCount(standings), 4);
}

TEST(StandingsTest, ClassicRanksEachGameNumberAcrossCardsAndTheSumOfEachPlayersGames) {
  const std::vector<Json> records = {
      Card("ann.jpg", {Column("classic", 1, 1, 200, 200, "Ann"), Column("classic", 1, 2, 150, 150)}),
      Card("bob.jpg", {Column("classic", 1, 1, 210, 210), Column("classic", 1, 2, 120, 120),
                       Column("classic", 1, 3, 99, 99)})};
  const std::vector<Standing> standings = Standings(records, testing::ShippedRulesets());
  ASSERT_EQ(standings.size(), 4u);
  EXPECT_EQ(standings[0].title, "Game 1");
  EXPECT_EQ(Board(standings[0]), "bob.jpg:210:1 Ann:200:2");
  EXPECT_EQ(standings[1].title, "Game 2");
  EXPECT_EQ(Board(standings[1]), "Ann:150:1 bob.jpg:120:2");
  EXPECT_EQ(standings[2].title, "Game 3");
  EXPECT_EQ(Board(standings[2]), "bob.jpg:99:1");
  EXPECT_EQ(standings[3].title, "All games");
  EXPECT_EQ(Board(standings[3]), "bob.jpg:429:1 Ann:350:2");
  EXPECT_EQ(standings[3].entries[0].columns.size(), 3u);
  EXPECT_EQ(PlayerCount(standings), 2);  // two cards, two players, however many games
}

TEST(StandingsTest, TripleIsOnePlayerPerCardByTheSumOfItsThreeColumns) {
  std::vector<Json> records;
  for (const auto& [file, a, b, c] : std::vector<std::tuple<std::string, int, int, int>>{
           {"1.jpg", 200, 380, 600}, {"2.jpg", 250, 400, 530}, {"3.jpg", 210, 420, 650}, {"4.jpg", 100, 200, 300}})
    records.push_back(Card(file, {Column("triple", 1, 1, a, a), Column("triple", 1, 2, b, b),
                                  Column("triple", 1, 3, c, c)}));
  const std::vector<Standing> standings = Standings(records, testing::ShippedRulesets());
  ASSERT_EQ(standings.size(), 1u);
  EXPECT_EQ(Board(standings[0]), "3.jpg:1280:1 1.jpg:1180:=2 2.jpg:1180:=2 4.jpg:600:4");
  EXPECT_EQ(PlayerCount(standings), 4);  // four cards are four players, not twelve
  EXPECT_EQ(standings[0].entries[0].written_total, 1280);
}

TEST(StandingsTest, PiecepackRanksEachGridsColumnsAndEachPlayersSumOverThePage) {
  const std::vector<Json> records = {Card(
      "table.jpg", {Column("piecepack", 1, 1, 100, 100), Column("piecepack", 1, 2, 120, 120, "Zoë"),
                    Column("piecepack", 1, 3, 90, 90), Column("piecepack", 2, 1, 130, 130),
                    Column("piecepack", 2, 2, 80, 80), Column("piecepack", 2, 3, 130, nullptr)})};
  const std::vector<Standing> standings = Standings(records, testing::ShippedRulesets());
  ASSERT_EQ(standings.size(), 3u);
  EXPECT_EQ(standings[0].title, "table.jpg, grid 1");
  EXPECT_EQ(Board(standings[0]), "Zoë:120:1 table.jpg column 1:100:2 table.jpg column 3:90:3");
  EXPECT_EQ(standings[1].title, "table.jpg, grid 2");
  // The name given at the head of column 2 names its player in every grid of the page.
  EXPECT_EQ(Board(standings[1]), "table.jpg column 1:130:1 Zoë:80:2 table.jpg column 3:130:-");
  EXPECT_EQ(standings[2].title, "table.jpg, all grids");
  EXPECT_EQ(Board(standings[2]), "table.jpg column 1:230:1 Zoë:200:2 table.jpg column 3:220:-");
  EXPECT_EQ(PlayerCount(standings), 3);
}

TEST(StandingsTest, UnusedColumnsAndUnreadableCardsAreNoPlayers) {
  const std::vector<Json> records = {
      Card("a.jpg", {Column("fivezee", 1, 1, 150, 150), Column("fivezee", 1, 2, 0, nullptr)}),
      {{"file", "b.jpg"}, {"status", "unreadable"}, {"reason", "not a photo or a scan"}}};
  std::vector<Json> played = records;
  played[0]["columns"][1]["recomputed_total"] = nullptr;  // a column nobody wrote in
  const std::vector<Standing> standings = Standings(played, testing::ShippedRulesets());
  ASSERT_EQ(standings.size(), 1u);
  EXPECT_EQ(Board(standings[0]), "a.jpg:150:1");
}

TEST(StandingsTest, ReportJsonEntriesSayWhereTheTotalsComeFrom) {
  const std::vector<Json> records = {Card(
      "t.jpg", {Column("triple", 1, 1, 10, 10), Column("triple", 1, 2, 20, 20), Column("triple", 1, 3, 30, 31)})};
  const Json entry = EntryJson(Standings(records, testing::ShippedRulesets())[0].entries[0]);
  EXPECT_EQ(entry["rank"], 1);
  EXPECT_EQ(entry["recomputed_total"], 60);
  EXPECT_EQ(entry["written_total"], 61);
  EXPECT_EQ(entry["difference"], 1);
  EXPECT_EQ(entry["columns"], Json::parse("[[1,1],[1,2],[1,3]]"));
}

}  // namespace
}  // namespace scorecheck
