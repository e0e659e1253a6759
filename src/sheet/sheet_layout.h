#pragma once
// The geometry of a printed scorecard: where every grid, row, score column,
// registration marker and the QR code sit on the page, in millimetres from
// the page's top-left corner. Pure data computed from a Ruleset; the renderer
// draws it, the synthetic-corpus generator writes into its cells, and the
// scanner uses it to place the cells of a sheet it recognises by its QR code.

#include <optional>
#include <string>
#include <vector>

#include "rules/ruleset.h"

namespace scorecheck {

enum class PageSize { kA4, kLetter };

/// "a4" or "letter".
const char* PageSizeName(PageSize page);
std::optional<PageSize> ParsePageSize(const std::string& text);

/// How a sheet looks. Own() is `scorecheck sheet`'s style; the corpus
/// generator varies the fields to imitate sheets printed by others.
struct SheetStyle {
  std::string font = "DejaVu Sans";    ///< font family (fontconfig name)
  double outer_line_mm = 0.6;          ///< grid frame line width
  double inner_line_mm = 0.25;         ///< line width between cells
  double section_line_mm = 0.5;        ///< line under header / between sections
  bool markers = true;                 ///< ArUco registration markers in the page corners
  bool qr = true;                      ///< QR code with the ruleset and layout
  bool title = true;                   ///< ruleset name above the grids
  bool how_to_column = false;          ///< a separate "How to score" column (else a small note in the label cell)
  bool uppercase_labels = false;       ///< print labels in capitals
  int label_synonym = 0;               ///< which of the ruleset's label synonyms to print (clamped)
  bool shade_totals = true;            ///< grey fill behind total rows' label cells
  double shade_gray = 0.9;             ///< fill level for shaded cells (1 = white)
  bool split_bonus_row = true;         ///< Yahtzee bonus as two rows: ticks, then points
  std::string column_header;           ///< score column header: {n} = 1-based column, {k} = multiplier;
                                       ///< empty = the ruleset's headers (×1 ×2 ×3), else the number
  double label_width_fraction = 0.30;  ///< label column share of the grid width
  double max_score_column_mm = 26;     ///< widest score column before the grid is narrowed

  /// The style of `scorecheck sheet`.
  static SheetStyle Own() { return {}; }
};

/// What to lay out. Check() before use.
struct SheetOptions {
  int columns = 0;                 ///< score columns per grid; 0 = the ruleset's default
  int grids = 1;                   ///< grids per page (1, 2 or 4)
  PageSize page = PageSize::kA4;
  SheetStyle style = SheetStyle::Own();

  /// Empty when valid for `ruleset`, else why not (e.g. "triple has at most 3 columns").
  std::string Check(const Ruleset& ruleset) const;
};

struct RectMm {
  double x = 0, y = 0, w = 0, h = 0;  ///< top-left corner and size, millimetres
  double right() const { return x + w; }
  double bottom() const { return y + h; }
};

/// Which part of a ruleset row a printed row holds.
enum class CellPart {
  kValue,   ///< the box's number
  kChecks,  ///< Yahtzee-bonus tick marks
  kPoints,  ///< points for the ticks ("score 100 per ✓")
};

/// One printed row of a grid.
struct LayoutRow {
  enum class Kind { kHeader, kSection, kScore };
  Kind kind = Kind::kScore;
  std::string row_id;             ///< kScore: canonical row id
  CellPart part = CellPart::kValue;
  std::string label;              ///< text printed in the label cell
  std::string how_to;             ///< "how to score" text
  bool total = false;             ///< a bonus or total row (shaded)
  double y = 0, h = 0;            ///< vertical band, mm
};

/// One grid: label column, optional how-to column, score columns, rows.
struct GridLayout {
  RectMm frame;                          ///< outer frame
  double label_right = 0;                ///< x where the label column ends
  double how_right = 0;                  ///< x where the how-to column ends (= label_right without one)
  std::vector<double> column_x;          ///< score column edges, columns + 1 values
  std::vector<std::string> column_headers;
  std::vector<LayoutRow> rows;

  int columns() const { return static_cast<int>(column_x.size()) - 1; }
  /// The cell of printed row `row` in score column `column` (0-based), lines included.
  RectMm Cell(size_t row, int column) const;
  /// Index of the printed row holding `row_id`/`part`, or -1.
  int FindRow(const std::string& row_id, CellPart part = CellPart::kValue) const;
};

/// An ArUco marker (DICT_4X4_50) in a page corner.
struct MarkerLayout {
  int id = 0;   ///< 0 top-left, 1 top-right, 2 bottom-right, 3 bottom-left
  RectMm box;   ///< the marker's black square, border included
};

/// A whole page.
struct SheetLayout {
  std::string ruleset_id;
  std::string title;
  PageSize page = PageSize::kA4;
  double width_mm = 210, height_mm = 297;
  SheetStyle style;
  std::vector<GridLayout> grids;       ///< top to bottom, then left to right
  std::vector<MarkerLayout> markers;   ///< empty without markers
  std::optional<RectMm> qr_box;        ///< where the QR code is drawn
  std::string qr_payload;              ///< what it holds (see SheetCode)
};

/// The QR payload of a sheet, e.g. "SC1 PIECEPACK L1 C6 G2 A4": format 1,
/// ruleset id, layout version, columns per grid, grids per page, page size.
/// Upper case and short so the QR code uses alphanumeric mode and few, large
/// modules that a low-resolution photo still resolves.
std::string SheetCode(const Ruleset& ruleset, const SheetOptions& options);

/// What a QR payload says, or nullopt when it is not a scorecheck sheet code.
struct SheetCodeInfo {
  std::string ruleset_id;
  int layout_version = 0;
  SheetOptions options;  ///< columns, grids, page (style: Own)
};
std::optional<SheetCodeInfo> ParseSheetCode(const std::string& payload);

/// Lays out a sheet. Options must pass Check(); throws Error otherwise.
SheetLayout LayoutSheet(const Ruleset& ruleset, const SheetOptions& options);

}  // namespace scorecheck
