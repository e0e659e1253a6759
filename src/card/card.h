#pragma once
// A filled scorecard as data: what is written in each cell of each score
// column of each grid. Produced by typing (card JSON) or by the scanner, and
// consumed by verify/.

#include <algorithm>
#include <map>
#include <optional>
#include <string>
#include <vector>

namespace scorecheck {

/// What a cell holds.
enum class CellState {
  kEmpty,    ///< nothing written
  kNumber,   ///< a written number
  kCrossed,  ///< struck out: scores 0 and closes the box
  kChecks,   ///< tick marks (Yahtzee-bonus row), optionally with points beside them
};

/// "empty", "number", "crossed" or "checks".
const char* CellStateName(CellState state);

/// The content of one cell.
struct CellValue {
  CellState state = CellState::kEmpty;
  int number = 0;             ///< kNumber: the value written
  int checks = 0;             ///< kChecks: how many ticks
  std::optional<int> points;  ///< kChecks: points written beside the ticks, if any
  /// How sure a reader was (0..1); none = typed by a person. 0 = a mark the
  /// reader could not read: empty, it counts as nothing; a number, it was
  /// inferred from the column's totals.
  std::optional<double> confidence;
  /// kChecks with points, read by a scanner: how sure it is of the points;
  /// `confidence` is then the ticks' own. A claim made by the ticks (a bonus
  /// without its precondition) does not depend on how well the points read.
  std::optional<double> points_confidence;
  /// kNumber read by a scanner: the other values its reader found plausible,
  /// likeliest first (empty when typed). A finding a misreading may explain
  /// is only that when the cell could read as the value that clears it.
  std::vector<int> other_readings;

  static CellValue Empty() { return {}; }
  static CellValue Number(int value) { return {CellState::kNumber, value, 0, std::nullopt, std::nullopt, std::nullopt, {}}; }
  static CellValue Crossed() { return {CellState::kCrossed, 0, 0, std::nullopt, std::nullopt, std::nullopt, {}}; }
  static CellValue Checks(int count, std::optional<int> points = std::nullopt) {
    return {CellState::kChecks, 0, count, points, std::nullopt, std::nullopt, {}};
  }
  /// How sure a reader was of everything in the cell: ticks and points.
  std::optional<double> LeastConfidence() const {
    if (confidence && points_confidence) return std::min(*confidence, *points_confidence);
    return confidence ? confidence : points_confidence;
  }
  bool empty() const { return state == CellState::kEmpty; }
  bool operator==(const CellValue&) const = default;
};

/// One score column (a game, or a ×k column in triple).
struct CardColumn {
  int index = 0;                             ///< 0-based, left to right within the grid
  std::map<std::string, CellValue> cells;    ///< row id -> content; absent = empty

  /// The content of row `row_id` (empty when absent).
  CellValue At(const std::string& row_id) const;
  /// True when no cell holds anything.
  bool unused() const;
};

/// One printed grid: a ruleset and its score columns.
struct CardGrid {
  std::string ruleset;               ///< ruleset id
  std::vector<CardColumn> columns;   ///< sorted by index; missing indexes are unused columns
  /// Rows of the ruleset for which a scanner found no box on the sheet (a
  /// row lost at the grid's edge): what is written there was not read.
  /// Empty for a typed card.
  std::vector<std::string> rows_not_found;
  /// Whether `row_id` is one of rows_not_found.
  bool NotFound(const std::string& row_id) const;
};

/// A card: one page, one or more grids (grids top to bottom, then left to right).
struct Card {
  std::string source;             ///< where it came from (file path), for reports
  std::vector<CardGrid> grids;
};

}  // namespace scorecheck
