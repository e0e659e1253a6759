#include "scan/apply_corrections.h"

#include <algorithm>

#include "card/card_json.h"
#include "core/error.h"

namespace scorecheck {

namespace {

// How a card a person's answers are on is verified: the scan's settings.
VerifyOptions CardVerifyOptions(const ScanOptions& options) {
  VerifyOptions verify = options.verify;
  verify.min_confidence = options.min_confidence;
  return verify;
}

}  // namespace

std::vector<std::string> ApplyCorrections(ScanResult& scan, const std::vector<Correction>& corrections,
                                          const RulesetLibrary& rulesets, const ScanOptions& options) {
  std::vector<std::string> problems;
  if (!scan.ok()) return problems;
  bool changed = false;
  for (const Correction& c : corrections) {
    if (c.row.empty()) continue;  // a player's name
    const std::string where = "grid " + std::to_string(c.grid) + " column " + std::to_string(c.column);
    if (c.grid < 1 || c.grid > static_cast<int>(scan.card.grids.size())) {
      problems.push_back(where + ": the card has no such grid");
      continue;
    }
    CardGrid& grid = scan.card.grids[static_cast<size_t>(c.grid - 1)];
    const Ruleset& ruleset = rulesets.Get(grid.ruleset);
    if (!ruleset.FindRow(c.row)) {
      problems.push_back(where + ": " + ruleset.name + " has no row \"" + c.row + "\"");
      continue;
    }
    const int index = c.column - 1;
    const bool column_on_page = std::any_of(scan.cells.begin(), scan.cells.end(), [&](const ScannedCell& cell) {
      return cell.where.grid == c.grid - 1 && cell.where.column == index;
    });
    if (!column_on_page) {
      problems.push_back(where + ": the card has no such column");
      continue;
    }
    auto column = std::find_if(grid.columns.begin(), grid.columns.end(),
                               [&](const CardColumn& col) { return col.index == index; });
    if (column == grid.columns.end()) {
      // A column read as empty that a person says holds something.
      CardColumn added;
      added.index = index;
      column = grid.columns.insert(
          std::upper_bound(grid.columns.begin(), grid.columns.end(), index,
                           [](int i, const CardColumn& col) { return i < col.index; }),
          added);
    }
    if (c.value.empty())
      column->cells.erase(c.row);
    else
      column->cells[c.row] = c.value;  // typed: no confidence, never uncertain
    // A row whose box the scanner did not find is read once a person has looked.
    std::erase(grid.rows_not_found, c.row);
    for (ScannedCell& cell : scan.cells)
      if (cell.where.grid == c.grid - 1 && cell.where.column == index && cell.where.row_id == c.row)
        cell.by_person = c.value;
    changed = true;
  }
  if (changed) scan.verification = VerifyCard(scan.card, rulesets, CardVerifyOptions(options));
  return problems;
}

ScanResult TypedCardScan(const std::string& source, const Correction& typed, const RulesetLibrary& rulesets,
                         const ScanOptions& options) {
  ScanResult scan;
  try {
    scan.card = ParseCardJson(typed.typed_card, rulesets);
  } catch (const Error& e) {
    throw Error(std::string("the card typed in: ") + e.what());
  }
  scan.card.source = source;
  scan.ruleset.id = scan.card.grids.empty() ? "" : scan.card.grids[0].ruleset;
  scan.grid.source = GridSource::kTyped;
  scan.verification = VerifyCard(scan.card, rulesets, CardVerifyOptions(options));
  scan.status = ScanStatus::kOk;
  return scan;
}

}  // namespace scorecheck
