#pragma once
// Grid stage: where every score cell of the card is on the rectified page,
// and which ruleset row and column it is. For scorecheck's own sheets the QR
// sheet code names the ruleset and layout, so the cells come straight from
// SheetLayout; sheets without it go through the lattice stage (ruled lines)
// and the label reader.

#include <string>
#include <vector>

#include <opencv2/core.hpp>

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
  cv::Rect2f cell_in_page;         ///< between the ruled lines, rectified-page pixels
};

enum class GridStatus { kFound, kNoGrid };

/// Every score cell of the page.
struct Grid {
  GridStatus status = GridStatus::kNoGrid;
  std::string ruleset_id;
  int grid_count = 0;
  std::vector<int> columns;         ///< score columns per grid
  std::vector<GridCell> cells;      ///< grid, then column, then sheet row order
  double ruleset_confidence = 0;    ///< 1 when read from the sheet code
  std::string source;               ///< "sheet code", "lattice", ...
  std::string detail;               ///< why, when not found
  bool ok() const { return status == GridStatus::kFound; }
};

/// Options for LocateGrid().
struct GridOptions {
  std::string ruleset = "auto";  ///< force a ruleset id; "auto" = from the sheet code or labels
};

/// Places the cells of `page`. Never throws for a bad photo.
Grid LocateGrid(const Page& page, const RulesetLibrary& rulesets, const GridOptions& options = {});

/// The cells of a sheet laid out by `layout`, at `px_per_mm`.
Grid GridFromLayout(const SheetLayout& layout, double px_per_mm);

}  // namespace scorecheck
