#pragma once
// A domain-randomised scorecard style: every layout parameter of a printed
// sheet (columns, widths, rules, shading, fonts, wordings, page) drawn from a
// style seed, each from its own random stream, so that changing how one
// parameter is drawn leaves every other parameter of every seed as it was.
// The scanner is measured on such sheets to see how it does on designs it was
// never tuned on (tools/synth --style-seeds; reserved seeds: tools/corpus/SEEDS.md).

#include <cstdint>
#include <map>
#include <string>
#include <utility>
#include <vector>

#include "rules/ruleset.h"
#include "sheet/sheet_layout.h"

namespace scorecheck {

/// Where the "how to score" notes are printed.
enum class HowToPlacement {
  kNone,           ///< no notes
  kLeftOfScores,   ///< own column between the labels and the score columns
  kRightOfScores,  ///< own column after the score columns
  kUnderLabel,     ///< small type under the label, in the label cell
};

/// Header rows with the column headers.
enum class HeaderRows {
  kNone,         ///< no header row
  kTop,          ///< one, above the first row
  kTopAndLower,  ///< repeated above the lower section
};

enum class RowShading {
  kNone,
  kTotals,   ///< total and bonus rows tinted, across the whole row
  kStriped,  ///< every other score row tinted, across the whole row
};

enum class FrameStyle {
  kNone,    ///< no outer frame (the outermost rules are left out too)
  kSingle,  ///< a frame as heavy as the rules
  kThick,   ///< a heavier frame
  kDouble,  ///< two thin lines
};

/// Vertical rules inside the table.
enum class VerticalRules {
  kAll,        ///< between every pair of columns
  kLabelOnly,  ///< only between the label area and the score area
  kNone,       ///< none: rows ruled only
};

/// Capitals in the labels.
enum class LabelCase { kAsIs, kUpper };

/// A colour, 0..1 per channel.
struct Rgb {
  double r = 0, g = 0, b = 0;
  bool operator==(const Rgb&) const = default;
};

/// Every parameter of a random sheet. Lengths in millimetres. StyleFromSeed()
/// fills it; FitStyle() (called by it) makes it printable.
struct RandomSheetStyle {
  std::uint64_t seed = 0;                 ///< the style seed it was drawn from
  std::string ruleset_id;                 ///< which ruleset the sheet prints

  // Page.
  PageSize page = PageSize::kA4;          ///< A4 or Letter
  bool landscape = false;                 ///< page turned wide
  double margin_left_mm = 10;             ///< left edge to the printable area
  double margin_right_mm = 10;            ///< right edge to the printable area
  double margin_top_mm = 10;              ///< top edge to the title or grid
  double margin_bottom_mm = 10;           ///< bottom edge to the footer or grid
  double grid_x_position = 0.5;           ///< where the grid sits in the free width: 0 left .. 1 right
  double grid_y_position = 0;             ///< where the grid sits in the free height: 0 top .. 1 bottom

  // Grids and columns.
  int grids = 1;                          ///< grids on the page (piecepack 1, 2 or 4)
  int columns = 1;                        ///< score columns per grid
  double score_column_mm = 20;            ///< width of one score column
  double label_column_mm = 45;            ///< width of the label column
  double how_to_column_mm = 40;           ///< width of a how-to column (kLeft/RightOfScores)
  double row_mm = 8;                      ///< height of a score row
  double header_row_factor = 1.2;         ///< header row height / row height
  HowToPlacement how_to = HowToPlacement::kNone;

  // Rows.
  HeaderRows header = HeaderRows::kTop;
  bool header_dark_bar = false;           ///< header rows as a dark bar with white text
  bool section_rows = false;              ///< "UPPER SECTION" / "LOWER SECTION" rows spanning the table
  bool split_bonus_row = true;            ///< Yahtzee bonus as ticks row + points row (else one box)
  std::vector<std::string> column_headers;     ///< per score column
  std::string header_label_text;          ///< header row's label cell
  std::string header_how_to_text;         ///< header row's how-to cell
  std::pair<std::string, std::string> section_titles;  ///< texts of the section rows

  // Shading and colour.
  RowShading row_shading = RowShading::kNone;
  bool tinted_columns = false;            ///< every other score column tinted
  Rgb tint{0.9, 0.9, 0.9};                ///< fill of tinted rows / columns (light)
  Rgb bar{0.1, 0.1, 0.1};                 ///< fill of dark header bars
  Rgb rule_colour{0, 0, 0};               ///< colour of every rule
  Rgb text_colour{0, 0, 0};               ///< colour of printed text

  // Rules.
  double rule_mm = 0.25;                  ///< inner rules between rows and columns
  double section_rule_mm = 0.5;           ///< rules under headers and between sections
  double frame_mm = 0.6;                  ///< the frame line (each line of a double frame)
  FrameStyle frame = FrameStyle::kSingle;
  VerticalRules verticals = VerticalRules::kAll;

  // Text.
  std::string font = "DejaVu Sans";       ///< fontconfig family (DejaVu / Liberation only)
  bool bold_labels = false;               ///< labels in bold
  LabelCase label_case = LabelCase::kAsIs;
  double label_size = 0.5;                ///< label text height / row height
  double label_align = 0;                 ///< 0 left, 0.5 centred, 1 right
  double header_align = 0.5;              ///< column header alignment in its cell
  std::map<std::string, std::string> labels;   ///< row id -> printed label
  std::map<std::string, std::string> how_tos;  ///< row id -> how-to note
  std::string bonus_points_label;         ///< label of the split bonus's points row
  std::string bonus_points_how_to;        ///< its how-to note
  bool dice_icons = false;                ///< drawn dice beside the upper-section labels
  bool dice_filled = false;               ///< dark dice with white pips (else outlined)

  // Around the grid.
  std::string title;                      ///< above the grid; empty = none
  bool title_bar = false;                 ///< title in white on a dark bar
  std::vector<std::string> field_lines;   ///< "Name: ____" lines between the title and the grid
  std::string footer;                     ///< under the grid; empty = none
};

/// The families a style may print with: DejaVu (Sans, Serif, Sans Mono, Sans
/// Condensed) and Liberation (Sans, Serif, Mono, Sans Narrow). No handwriting.
const std::vector<std::string>& StyleFonts();

/// Draws a style for `ruleset` from `style_seed`, then makes it printable
/// with FitStyle(). Deterministic in (style_seed, ruleset); never throws for
/// a valid ruleset.
RandomSheetStyle StyleFromSeed(std::uint64_t style_seed, const Ruleset& ruleset);

/// Adjusts a drawn style, deterministically, until it prints: column counts
/// the ruleset allows, grids that fit the page (landscape, narrower columns,
/// lower rows, how-to notes moved or dropped when there is no room).
RandomSheetStyle FitStyle(RandomSheetStyle style, const Ruleset& ruleset);

/// Space the grids may take on the page, mm: the page less its margins and
/// the title, field-line and footer bands.
struct GridArea {
  double x = 0, y = 0, w = 0, h = 0;
};
GridArea GridAreaOf(const RandomSheetStyle& style);

/// Page size in mm, landscape applied.
std::pair<double, double> PageSizeMm(const RandomSheetStyle& style);

/// The number of printed rows (header, section and score rows) of one grid.
int PrintedRowCount(const RandomSheetStyle& style, const Ruleset& ruleset);

/// A coarse class of the style for grouping figures (tools/eval):
/// "single-column" when a grid has one score column; else "open" when it has
/// no outer frame or no vertical rules between its score columns (none at
/// all, or only the one between labels and scores); else "banded" when it
/// has dark header bars, striped or tinted-total rows, or tinted columns;
/// else "ruled". The first rule that applies wins.
/// (Our own sheet is "own"; that is decided by the card, not the style.)
std::string StyleFamily(const RandomSheetStyle& style);

/// Names of the enums, for truth files and test messages.
const char* HowToPlacementName(HowToPlacement placement);
const char* HeaderRowsName(HeaderRows header);
const char* RowShadingName(RowShading shading);
const char* FrameStyleName(FrameStyle frame);
const char* VerticalRulesName(VerticalRules verticals);

}  // namespace scorecheck
