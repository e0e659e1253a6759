#pragma once
// Draws a random sheet (RandomSheetStyle) with Cairo and says where every
// score box landed, in page pixels, so the card writer can write into the
// boxes and the truth file can name them.

#include <string>
#include <vector>

#include <opencv2/core.hpp>

#include "rules/ruleset.h"
#include "sheet/sheet_layout.h"
#include "sheets/sheet_geometry.h"
#include "sheets/sheet_style.h"

namespace scorecheck {

/// A printed score row of a grid.
struct PrintedScoreRow {
  std::string row_id;                ///< canonical row id
  CellPart part = CellPart::kValue;  ///< which part of the row it holds (split Yahtzee bonus)
  int printed_row = 0;               ///< index among all printed rows of the grid (headers and sections too), top = 0
};

/// A printed score column of a grid.
struct PrintedScoreColumn {
  int index = 0;             ///< 0-based, left to right
  std::string header;        ///< its header text (printed only when the sheet has header rows)
  float x0_px = 0, x1_px = 0;  ///< its band between the grid's rules, page pixels
};

/// One grid as printed.
struct PrintedGrid {
  cv::Rect2f frame_px;                          ///< the table's outline, page pixels
  std::vector<PrintedScoreRow> rows;            ///< score rows, top to bottom
  std::vector<PrintedScoreColumn> columns;      ///< score columns, left to right
  std::vector<std::vector<cv::Rect2f>> cells;   ///< [row][column]: the inside of the box between its rules, page px
};

/// A rendered random sheet.
struct RenderedRandomSheet {
  cv::Mat image;                      ///< BGR 8-bit, page size x dpi
  double dpi = 300;                   ///< pixels per inch; page mm map to px as mm * dpi / 25.4
  RandomSheetGeometry geometry;       ///< the layout in mm
  std::vector<PrintedGrid> grids;     ///< top to bottom, then left to right
};

/// Renders `style` (from StyleFromSeed) for `ruleset` at `dpi` (> 0; 300 for
/// the corpus). The image is round(page mm * dpi / 25.4) pixels each way.
/// Throws Error for dpi <= 0 or a style of another ruleset.
RenderedRandomSheet RenderRandomSheet(const RandomSheetStyle& style, const Ruleset& ruleset, double dpi = 300);

}  // namespace scorecheck
