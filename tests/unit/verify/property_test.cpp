// Property test: simulated games with real dice, written with correct totals,
// verify clean; one changed total or entry then produces the right finding at
// the right row and column.

#include <random>

#include <gtest/gtest.h>

#include "rules/score_roll.h"
#include "sim/simulate_game.h"
#include "support/test_support.h"
#include "verify/verify.h"

namespace scorecheck {
namespace {

using namespace scorecheck::testing;

constexpr int kGamesPerRuleset = 150;

class PropertyTest : public ::testing::TestWithParam<std::string> {
 protected:
  const Ruleset& ruleset() const { return ShippedRulesets().Get(GetParam()); }

  // Verifies with the convention the simulator wrote, so a mutation cannot be
  // explained away by switching conventions.
  Verification VerifyWritten(const CardGrid& grid, EntryConvention convention) const {
    Card card;
    card.grids.push_back(grid);
    VerifyOptions options;
    options.triple_entries = convention;
    return VerifyCard(card, ShippedRulesets(), options);
  }
};

// A value that no convention allows in `row` of a ×k column.
int IllegalValueFor(const RowSpec& row, int k) {
  for (int v = 1;; ++v) {
    const bool raw = row.IsLegalRaw(v);
    const bool multiplied = v % k == 0 && row.IsLegalRaw(v / k);
    if (!raw && !multiplied) return v;
  }
}

// The first total that adds `row_id` directly.
const RowSpec* TotalOf(const Ruleset& ruleset, const std::string& row_id) {
  for (const RowSpec& row : ruleset.rows)
    if (std::find(row.sum_of.begin(), row.sum_of.end(), row_id) != row.sum_of.end()) return &row;
  return nullptr;
}

TEST_P(PropertyTest, CorrectGamesVerifyCleanAndEverySlipIsFound) {
  std::mt19937 rng(20261121);
  std::uniform_real_distribution<double> unit(0, 1);
  int mutations = 0;
  for (int game = 0; game < kGamesPerRuleset; ++game) {
    GameOptions options;
    const EntryConvention convention = game % 2 ? EntryConvention::kMultiplied : EntryConvention::kRaw;
    options.convention = convention;
    options.cross_out_zero = 0.3;
    const CardGrid grid = SimulateGame(ruleset(), rng, options);
    const Verification clean = VerifyWritten(grid, convention);
    ASSERT_TRUE(clean.clean()) << "game " << game << "\n" << Describe(clean);

    // Pick a used column and a row to change.
    std::uniform_int_distribution<int> pick_column(0, static_cast<int>(grid.columns.size()) - 1);
    const int c = pick_column(rng);
    const CardColumn& column = grid.columns[c];
    std::vector<const RowSpec*> totals, entries;
    for (const RowSpec& row : ruleset().rows) {
      const CellValue cell = column.At(row.id);
      if (cell.state != CellState::kNumber) continue;
      if (row.kind == RowKind::kTotal) totals.push_back(&row);
      if (row.kind == RowKind::kEntry) entries.push_back(&row);
    }
    ASSERT_FALSE(totals.empty());
    ASSERT_FALSE(entries.empty());
    const int k = ruleset().Multiplier(column.index);

    // 1. A written total off by 1..10.
    {
      const RowSpec* row = totals[std::uniform_int_distribution<size_t>(0, totals.size() - 1)(rng)];
      const int old_value = column.At(row->id).number;
      const int magnitude = std::uniform_int_distribution<int>(1, 10)(rng);
      const bool down = unit(rng) < 0.5 && old_value >= magnitude;
      CardGrid changed = grid;
      changed.columns[c].cells[row->id] = CellValue::Number(down ? old_value - magnitude : old_value + magnitude);
      const Verification v = VerifyWritten(changed, convention);
      EXPECT_TRUE(HasFinding(v, "TOTAL_MISMATCH", row->id, column.index) ||
                  HasFinding(v, "MULTIPLIER_WRONG", row->id, column.index))
          << GetParam() << " game " << game << " total " << row->id << "\n" << Describe(v);
      ++mutations;
    }
    // 2. An entry changed to a value no dice can give.
    {
      const RowSpec* row = entries[std::uniform_int_distribution<size_t>(0, entries.size() - 1)(rng)];
      CardGrid changed = grid;
      changed.columns[c].cells[row->id] = CellValue::Number(IllegalValueFor(*row, k));
      const Verification v = VerifyWritten(changed, convention);
      EXPECT_TRUE(HasFinding(v, "ILLEGAL_VALUE", row->id, column.index))
          << GetParam() << " game " << game << " entry " << row->id << "\n" << Describe(v);
      ++mutations;
    }
    // 3. An entry changed to another legal value: the total that adds it no
    // longer matches.
    {
      const RowSpec* row = entries[std::uniform_int_distribution<size_t>(0, entries.size() - 1)(rng)];
      const int scale = convention == EntryConvention::kMultiplied ? k : 1;
      const int old_value = column.At(row->id).number;
      int new_value = old_value;
      for (int raw : row->legal_raw)
        if (raw * scale != old_value) {
          new_value = raw * scale;
          break;
        }
      CardGrid changed = grid;
      changed.columns[c].cells[row->id] = CellValue::Number(new_value);
      const RowSpec* total = TotalOf(ruleset(), row->id);
      const Verification v = VerifyWritten(changed, convention);
      EXPECT_TRUE(HasFinding(v, "TOTAL_MISMATCH", total->id, column.index))
          << GetParam() << " game " << game << " entry " << row->id << " -> " << new_value << "\n" << Describe(v);
      ++mutations;
    }
  }
  EXPECT_EQ(mutations, 3 * kGamesPerRuleset);
}

INSTANTIATE_TEST_SUITE_P(AllRulesets, PropertyTest,
                         ::testing::Values("classic", "piecepack", "triple", "rock", "fivezee", "rollem"),
                         [](const auto& info) { return info.param; });

}  // namespace
}  // namespace scorecheck
