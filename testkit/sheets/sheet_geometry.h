#pragma once
// Where everything of a random sheet sits, in millimetres from the page's
// top-left corner: grids, their printed rows and columns, every rule with its
// width, and the inside of every score box. Pure data from a RandomSheetStyle;
// the renderer draws it and the card writer writes into its boxes.

#include <string>
#include <vector>

#include "rules/ruleset.h"
#include "sheet/sheet_layout.h"
#include "sheets/sheet_style.h"

namespace scorecheck {

/// One printed row (band) of a random grid.
struct RandomRow {
  enum class Kind { kHeader, kSection, kScore };
  Kind kind = Kind::kScore;
  std::string row_id;               ///< kScore: canonical row id
  CellPart part = CellPart::kValue; ///< kScore: which part of the row it holds
  std::string label;                ///< label cell text (kSection: the section title)
  std::string how_to;               ///< how-to text (kHeader: the how-to column's header)
  bool total = false;               ///< a bonus or total row
  int face = 0;                     ///< 1..6 on upper-section entry rows (dice icons), else 0
  bool tinted = false;              ///< filled with the style's tint across the row
  double y = 0, h = 0;              ///< vertical band, mm
};

/// What a column of the table holds.
enum class TableColumnKind { kLabel, kHowTo, kScore };

/// One column of the table, left to right.
struct TableColumn {
  TableColumnKind kind = TableColumnKind::kLabel;
  int score_index = -1;  ///< kScore: 0-based score column
  double x0 = 0, x1 = 0; ///< horizontal band, mm
};

/// One grid of a random sheet.
struct RandomGrid {
  RectMm frame;                        ///< the table's outline (frame lines centred on it)
  std::vector<TableColumn> columns;    ///< left to right
  std::vector<RandomRow> rows;         ///< top to bottom
  /// Width of the horizontal rule at the top of row r (r = rows.size(): the
  /// bottom edge), mm; 0 = no rule.
  std::vector<double> row_rule_mm;
  /// Width of the vertical rule at the left of table column c (c =
  /// columns.size(): the right edge), mm; 0 = no rule. Section rows span the
  /// table: no vertical rule crosses them.
  std::vector<double> column_rule_mm;

  /// Score columns in the grid.
  int score_columns() const;
  /// Index into `columns` of score column `score_index`, or -1.
  int TableColumnOf(int score_index) const;
  /// The inside of the score box at printed row `row` (a kScore row) and
  /// score column `score_index`, between its rules, mm.
  RectMm CellInside(size_t row, int score_index) const;
};

/// A whole random page.
struct RandomSheetGeometry {
  double width_mm = 210, height_mm = 297;
  RectMm title_box;                      ///< where the title is printed (empty without one)
  std::vector<RectMm> field_line_boxes;  ///< one per style.field_lines
  RectMm footer_box;                     ///< under the grids (empty without a footer)
  std::vector<RandomGrid> grids;         ///< top to bottom, then left to right (RULES.md)
};

/// Lays the style's sheet out. The style should come from StyleFromSeed() or
/// FitStyle() (an unfitted style may run off the page). Never throws for a
/// fitted style.
RandomSheetGeometry LayOutRandomSheet(const RandomSheetStyle& style, const Ruleset& ruleset);

}  // namespace scorecheck
