#include "support/test_support.h"

#include <sstream>

namespace scorecheck::testing {

const RulesetLibrary& ShippedRulesets() {
  static const RulesetLibrary library = RulesetLibrary::LoadFolder(SourcePath("templates/rulesets"));
  return library;
}

std::string SourcePath(const std::string& relative) { return std::string(SCORECHECK_SOURCE_DIR) + "/" + relative; }

Card MakeCard(const std::string& ruleset, std::initializer_list<Cells> columns) {
  Card card;
  card.source = "test";
  CardGrid grid;
  grid.ruleset = ruleset;
  int index = 0;
  for (const Cells& cells : columns) {
    CardColumn column;
    column.index = index++;
    for (const auto& [row, value] : cells) column.cells[row] = value;
    grid.columns.push_back(column);
  }
  card.grids.push_back(grid);
  return card;
}

Cells CorrectColumn(const std::string& ruleset_id, int index, EntryConvention convention) {
  const Ruleset& ruleset = ShippedRulesets().Get(ruleset_id);
  const int k = ruleset.Multiplier(index);
  const int scale = convention == EntryConvention::kMultiplied ? k : 1;
  // Three of each face makes exactly the usual threshold of 63; rulesets with
  // the 83 threshold get four of each (84). A card limited to a few scored
  // boxes (rock: 5) gets five each of the high faces (90) and a Yahtzee.
  std::vector<std::pair<std::string, int>> upper = {{"aces", 3}, {"twos", 6}, {"threes", 9},
                                                    {"fours", 12}, {"fives", 15}, {"sixes", 18}};
  if (ruleset.upper_bonus.threshold > 63) upper = {{"aces", 4}, {"twos", 8}, {"threes", 12},
                                                   {"fours", 16}, {"fives", 20}, {"sixes", 24}};
  if (ruleset.max_scored_boxes) upper = {{"threes", 15}, {"fours", 20}, {"fives", 25}, {"sixes", 30}};
  Cells cells;
  int upper_sum = 0;
  for (const auto& [row, value] : upper) {
    cells.push_back({row, CellValue::Number(value * scale)});
    upper_sum += value;
  }
  const int bonus = upper_sum >= ruleset.upper_bonus.threshold ? ruleset.upper_bonus.points : 0;
  const int bonus_scale = ruleset.upper_bonus.scales_with_multiplier ? scale : 1;
  cells.push_back({"upper_subtotal", CellValue::Number(upper_sum * scale)});
  cells.push_back({"upper_bonus", CellValue::Number(bonus * bonus_scale)});
  const int upper_total = upper_sum * scale + bonus * bonus_scale;
  cells.push_back({"upper_total", CellValue::Number(upper_total)});

  int lower = 0;
  for (const RowSpec& row : ruleset.rows) {
    if (row.kind != RowKind::kEntry || row.section != "lower") continue;
    if (ruleset.max_scored_boxes && row.score.count != 5) continue;
    // A plausible legal score for each lower box: its largest fixed score, or 22.
    int value = row.score.fixed_points ? *row.score.fixed_points : 22;
    cells.push_back({row.id, CellValue::Number(value * scale)});
    lower += value * scale;
  }
  if (ruleset.yahtzee_bonus) {
    const int points = ruleset.yahtzee_bonus->PointsFor(1) * (ruleset.yahtzee_bonus->scales_with_multiplier ? scale : 1);
    cells.push_back({"yahtzee_bonus", CellValue::Checks(1, points)});
    lower += points;
  }
  cells.push_back({"lower_total", CellValue::Number(lower)});
  if (ruleset.FindRow("upper_total_copy")) cells.push_back({"upper_total_copy", CellValue::Number(upper_total)});
  const bool multiply = ruleset.FindRow("grand_total")->times_multiplier && convention == EntryConvention::kRaw;
  cells.push_back({"grand_total", CellValue::Number((upper_total + lower) * (multiply ? k : 1))});
  return cells;
}

Cells With(Cells cells, const std::string& row, CellValue value) {
  for (auto& [id, cell] : cells)
    if (id == row) {
      cell = value;
      return cells;
    }
  cells.push_back({row, value});
  return cells;
}

CellValue At(const Cells& cells, const std::string& row) {
  for (const auto& [id, cell] : cells)
    if (id == row) return cell;
  return CellValue::Empty();
}

Cells Without(Cells cells, const std::string& row) {
  std::erase_if(cells, [&](const auto& entry) { return entry.first == row; });
  return cells;
}

Verification Check(const Card& card, const VerifyOptions& options) {
  return VerifyCard(card, ShippedRulesets(), options);
}

std::vector<Finding> FindingsWith(const Verification& verification, const std::string& code) {
  std::vector<Finding> found;
  for (const GridCheck& grid : verification.grids)
    for (const Finding& f : grid.findings)
      if (f.code == code) found.push_back(f);
  return found;
}

bool HasFinding(const Verification& verification, const std::string& code, const std::string& row, int column) {
  for (const Finding& f : FindingsWith(verification, code))
    if (f.column == column && (row.empty() ? !f.row : f.row == row)) return true;
  return false;
}

std::string Describe(const Verification& verification) {
  std::ostringstream text;
  for (const GridCheck& grid : verification.grids)
    for (const Finding& f : grid.findings)
      text << f.code << " " << f.row.value_or("-") << " col " << f.column << ": " << f.message << "\n";
  return text.str().empty() ? "(no findings)" : text.str();
}

}  // namespace scorecheck::testing
