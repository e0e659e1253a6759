#pragma once
// Grid stage: where every score cell of the card is on the rectified page,
// and which ruleset row and column it is. For scorecheck's own sheets the QR
// sheet code names the ruleset and layout, so the cells come straight from
// SheetLayout; sheets without it go through the lattice stage (ruled lines)
// and the label reader.

#include <string>
#include <vector>

#include <opencv2/core.hpp>

#include "core/deadline.h"
#include "grid/column_roles.h"
#include "grid/column_headers.h"
#include "grid/rows_from_print.h"
#include "grid/score_columns.h"
#include "grid/tinted_columns.h"
#include "grid/unruled_columns.h"
#include "labels/match_labels.h"
#include "labels/text_reader.h"
#include "lattice/find_lattice.h"
#include "page/find_page.h"
#include "rules/ruleset_library.h"
#include "sheet/sheet_layout.h"

namespace scorecheck {

/// One score cell.
struct GridCell {
  int grid = 0;                    ///< grid on the page (top to bottom, then left to right)
  int column = 0;                  ///< score column, 0-based
  std::string row_id;              ///< canonical row id
  CellPart part = CellPart::kValue;
  cv::Rect2f cell_in_page;         ///< between the ruled lines, pixels of Grid::image (the upright page)
};

enum class GridStatus { kFound, kNoGrid };

/// Where the grid stage's reading of a page comes from.
enum class GridSource {
  kNone,              ///< no grid found
  kSheetCode,         ///< one of our own sheets: its QR sheet code names the ruleset and the layout
  kLabels,            ///< the printed labels, read
  kLabelsPartlyRead,  ///< the printed labels read in part (GridOptions::min_partly_read), the rest placed by order
  kLayout,            ///< labels unreadable: the rows in the printed order of a ruleset the grids' shape fits
  kTyped,             ///< no grid: a card a person typed in (TypedCardScan)
};

/// How reports name `source`: "sheet code", "labels", "labels partly read", "layout", "typed" ("" for kNone).
const char* GridSourceName(GridSource source);

/// A ruleset the printed page fits, as the grid stage offers it to the one
/// choice of the card's ruleset (DecideRuleset, once the boxes are read).
struct RulesetCandidate {
  std::string id;
  double behind = 0;       ///< how far the page's print favours its favourite over this ruleset, in tie margins
                           ///< (GridOptions::tie_margin): 0 for the favourite and for a tie, at most
                           ///< entries_margin / tie_margin
  bool page_ties = false;  ///< the page cannot tell it from its favourite (scores within tie_margin)
  bool weighed = false;    ///< its rows fall on the favourite's cells, and it is near enough on the page
                           ///< (entries_margin; any, when the rows are placed by the layout) for the entries
                           ///< to be weighed under it
};

/// Every score cell of the page.
struct Grid {
  GridStatus status = GridStatus::kNoGrid;
  cv::Mat image;                    ///< the page the cells are placed on: Page::rectified, or that
                                    ///< page turned upright and straightened by the lattice stage
  cv::Matx33d page_from_grid = cv::Matx33d::eye();  ///< homography: Grid::image pixel -> Page::rectified pixel
  int grid_count = 0;
  std::vector<int> columns;         ///< score columns per grid
  std::vector<GridCell> cells;      ///< grid, then column, then sheet row order; the rows are the favourite's
                                    ///< and every weighed candidate's
  std::vector<RulesetCandidate> rulesets;  ///< the page's favourite first, then the rulesets near it; the grid
                                           ///< stage scores them by the print, and does not choose
  double favourite_sureness = 0;    ///< how sure the print is of its favourite: 1 from the sheet code; from the
                                    ///< labels' likeness and lead over the runner-up otherwise
  GridSource source = GridSource::kNone;
  bool ruled_nowhere = false;       ///< its rows where labels are printed, its columns where the writing stands,
                                    ///< no rule seen (RowsFromPrint): a box's edges are guesses
  std::string lines_read;           ///< how the page's ruled lines were read ("as found", "a row added below",
                                    ///< "a row added at both ends": LocateGrid; "rows from the print":
                                    ///< RowsFromPrint); "" for a sheet code
  std::string detail;               ///< why, when not found
  bool ok() const { return status == GridStatus::kFound; }
  /// The ruleset the print favours ("" when none): the card's unless its entries say otherwise.
  const std::string& favourite() const;
};

/// Options for LocateGrid().
struct GridOptions {
  std::string ruleset = "auto";  ///< force a ruleset id; "auto" = from the sheet code or labels
  Deadline deadline;             ///< give up (GaveUp) once this passes; checked between columns read
  LatticeOptions lattice;        ///< ruled-line search on sheets without a sheet code
  LabelMatchOptions labels;      ///< printed rows -> ruleset rows
  TintColumnOptions tints;       ///< columns a table does not rule, told apart by their tint
  UnruledColumnOptions unruled;  ///< columns a table does not rule, found in what its rows hold
  ColumnHeaderOptions headers;   ///< columns a table does not rule, counted by the headers printed over them
  ScoreColumnOptions score_columns;  ///< score columns of equal width a table does not rule apart
  ColumnRoleOptions roles;       ///< which columns hold labels, how-to text and scores
  PrintRowOptions print_rows;    ///< no ruled table: rows where the labels are printed (RowsFromPrint)
  double sure_lead = 0.1;        ///< a lead of the labels' favourite over the next ruleset's score (label scores
                                 ///< run 0..1) at which the choice is sure; a tie is half sure, in between in
                                 ///< proportion (Grid::favourite_sureness); default 0.1
  double tie_margin = 0.03;      ///< rulesets whose label score is this close to the best one are alternatives the
                                 ///< page cannot tell apart (RulesetCandidate::page_ties); default 0.03
  double entries_margin = 0.15;  ///< ... and those this close, with the same cells, are alternatives the entries
                                 ///< weigh (RulesetCandidate::weighed), the page's lead counted in; a ruleset past the
                                 ///< tie margin is told apart by the page unless the entries overturn it: three
                                 ///< printed numbers' worth (number_weight); default 0.15
  double number_weight = 0.05;   ///< weight of each bonus row's printed number (its threshold or points: +1 this
                                 ///< ruleset's, -1 another's; BonusNumberEvidence) added to the label score: one
                                 ///< row's worth of a 20-row match; default 0.05
  double name_weight = 0.05;     ///< weight of each row whose label prints the game's name (+1, "FiveZee" for
                                 ///< Jumbo FiveZee) or only another game's (-1, "Yahtzee"; NameInLabelsEvidence),
                                 ///< added to the label score: a printed name weighs as a printed threshold
                                 ///< (number_weight); default 0.05
  double evidence_weight = 0.3;  ///< weight of a title, column-header or own how-to words match added to the label
                                 ///< score; default 0.3
  double column_weight = 0.02;   ///< weight of the grids' score-column count being the only one the ruleset's sheets
                                 ///< print (ColumnCountEvidence): below tie_margin, so it only orders rulesets
                                 ///< the rest of the page cannot tell apart, which stay named; default 0.02
  double fewer_columns_cost = 0.15;  ///< a ruleset with fewer score columns than the table shows fits only by
                                     ///< taking those standing where how-to text is printed for print
                                     ///< (ColumnRoles::side_print), at this cost to its score: its labels alone
                                     ///< (variants print nearly the same) do not outweigh the columns, a title or
                                     ///< headers naming it (evidence_weight) do; default 0.15
  double turn_margin = 0.05;     ///< a page is turned upside down only when its labels fit this much better that
                                 ///< way (mean label fit); unreadable labels fit both ways within a few
                                 ///< hundredths of 0, and turned by that noise a four-grid page was read upside
                                 ///< down; default 0.05
  bool snap_to_lines = true;     ///< own sheets: move the layout's cells onto the printed lines (SnapToRuledLines)
  bool layout_fallback = true;   ///< labels unreadable: take the rows of the rulesets the grids' shape fits,
                                 ///< in their printed order, where their count is the ruleset's (GridSource::kLayout;
                                 ///< several such rulesets are alternatives the entries decide)
  double min_partly_read = 0.3;  ///< labels read in part (a blurred photo: half of them garbled, the rows' mean
                                 ///< likeness below LabelMatchOptions::min_score): the best ruleset is taken, its
                                 ///< unreadable rows placed by their order, when at least this share of its rows
                                 ///< read as their labels (read_label) and at most max_partly_missing of them are
                                 ///< not printed; 0 = never; default 0.3
  double read_label = 0.75;      ///< ... a row reads as its label from this likeness (unrelated text is up to
                                 ///< half alike); default 0.75
  int max_partly_missing = 2;    ///< ... see min_partly_read; default 2
  double layout_header_alike = 0.8;  ///< ... where a row is a header row when its score cells print like the
                                     ///< top row's (normalised correlation); default 0.8 (headers 0.97-0.99,
                                     ///< handwritten rows up to 0.6). Labels read or not, such a row under
                                     ///< the top one is a header printed again, not a ruleset row
  bool open_end_rows = true;     ///< a grid read without some ruleset row is read again with a row of its pitch
                                 ///< added past its last row line (a table that rules no line under its last
                                 ///< row), kept when that places more rows; default true
  double bar_share = 0.5;        ///< a row whose score cells are at most this share of the rows' median grey is a
                                 ///< dark bar (a header's or a section's), not a ruleset row; default 0.5 (bars
                                 ///< 0.3-0.35 of the paper, tinted and striped rows 0.75-0.85)
  bool Check() const;  ///< true when every field is in range
};

/// Places the cells of `page`. Sheets without a readable sheet code are
/// found by their ruled lines and read by their printed labels with
/// `text_reader` (nullptr: such sheets are not read). Never throws for a bad
/// photo.
Grid LocateGrid(const Page& page, const RulesetLibrary& rulesets, const GridOptions& options = {},
                TextReader* text_reader = nullptr);

/// The cells of a sheet laid out by `layout`, at `px_per_mm`.
Grid GridFromLayout(const SheetLayout& layout, double px_per_mm);

}  // namespace scorecheck
