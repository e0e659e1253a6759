// A grid that lost a row at its edge: the card says which rows of the
// ruleset have no box, per grid, so that verify asks a person about them.

#include <gtest/gtest.h>

#include "scan/scan_card.h"
#include "support/test_support.h"

namespace scorecheck {
namespace {

ScannedCell Box(int grid, const std::string& row, CellPart part = CellPart::kValue) {
  ScannedCell cell;
  cell.where.grid = grid;
  cell.where.row_id = row;
  cell.where.part = part;
  return cell;
}

TEST(RowsWithoutBoxesTest, NamesTheRulesetsRowsAGridHasNoBoxFor) {
  const Ruleset& classic = testing::ShippedRulesets().Get("classic");
  std::vector<ScannedCell> cells;
  for (const RowSpec& row : classic.rows)
    if (row.id != "lower_total" && row.id != "grand_total") cells.push_back(Box(0, row.id));
  // The second grid has every row, the ticks' row by its points alone.
  for (const RowSpec& row : classic.rows)
    cells.push_back(Box(1, row.id, row.id == "yahtzee_bonus" ? CellPart::kPoints : CellPart::kValue));
  EXPECT_EQ(RowsWithoutBoxes(cells, 0, classic), (std::vector<std::string>{"lower_total", "grand_total"}));
  EXPECT_TRUE(RowsWithoutBoxes(cells, 1, classic).empty());
  // A grid with no boxes at all lacks every row.
  EXPECT_EQ(RowsWithoutBoxes(cells, 2, classic).size(), classic.rows.size());
}

}  // namespace
}  // namespace scorecheck
