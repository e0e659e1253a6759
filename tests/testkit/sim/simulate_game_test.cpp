// The game simulator: deterministic, fills what the rules say, and plays the
// way the rules allow (legal values, rock's five turns, bonus ticks).

#include "sim/simulate_game.h"

#include <gtest/gtest.h>

#include "support/test_support.h"

namespace scorecheck {
namespace {

using namespace scorecheck::testing;

TEST(SimulateGameTest, SameSeedSameGrid) {
  for (const std::string& id : ShippedRulesets().Ids()) {
    std::mt19937 a(7), b(7), c(8);
    const CardGrid first = SimulateGame(ShippedRulesets().Get(id), a);
    const CardGrid second = SimulateGame(ShippedRulesets().Get(id), b);
    const CardGrid other = SimulateGame(ShippedRulesets().Get(id), c);
    ASSERT_EQ(first.columns.size(), second.columns.size());
    bool differs = false;
    for (size_t i = 0; i < first.columns.size(); ++i) {
      EXPECT_EQ(first.columns[i].cells, second.columns[i].cells) << id;
      differs |= first.columns[i].cells != other.columns[i].cells;
    }
    EXPECT_TRUE(differs) << id << ": another seed should give another game";
  }
}

TEST(SimulateGameTest, FillsEveryBoxExceptOnRock) {
  std::mt19937 rng(1);
  for (const std::string& id : ShippedRulesets().Ids()) {
    const Ruleset& ruleset = ShippedRulesets().Get(id);
    const CardGrid grid = SimulateGame(ruleset, rng);
    EXPECT_EQ(static_cast<int>(grid.columns.size()), ruleset.default_columns) << id;
    for (const CardColumn& column : grid.columns) {
      int filled = 0, entries = 0;
      for (const RowSpec& row : ruleset.rows)
        if (row.kind == RowKind::kEntry) {
          ++entries;
          filled += !column.At(row.id).empty();
        }
      if (ruleset.max_scored_boxes) {
        EXPECT_EQ(filled, *ruleset.max_scored_boxes) << id;
      } else {
        EXPECT_EQ(filled, entries) << id;
      }
      EXPECT_EQ(column.At("grand_total").state, CellState::kNumber) << id;
    }
  }
}

TEST(SimulateGameTest, CrossesOutOnlyWhereAllowedAndWritesBonusTicks) {
  std::mt19937 rng(3);
  GameOptions options;
  options.cross_out_zero = 1.0;
  int crossed = 0, ticks = 0;
  for (int game = 0; game < 200; ++game)
    for (const char* id : {"classic", "piecepack"}) {
      const CardGrid grid = SimulateGame(ShippedRulesets().Get(id), rng, options);
      for (const CardColumn& column : grid.columns) {
        for (const auto& [row, cell] : column.cells) crossed += cell.state == CellState::kCrossed;
        if (std::string(id) == "classic") {
          EXPECT_NE(column.At("chance").state, CellState::kCrossed);
          ticks += column.At("yahtzee_bonus").checks;
        }
      }
    }
  EXPECT_GT(crossed, 0);
  EXPECT_GT(ticks, 0) << "200 games x 6 columns should roll some extra Yahtzees";
}

}  // namespace
}  // namespace scorecheck
