#pragma once
// Grid stage, own sheets: the cells placed from the sheet layout moved onto
// the ruled lines actually printed on the page. The corner markers fix the
// page as a plane, but a photographed sheet is rarely flat (it bends, it lies
// curled on the table) and a steep photo magnifies any error in a marker
// corner, so far from the markers a cell can sit several pixels off its lines.
// Then the line is no longer where the cells stage removes lines, and a whole
// row of numbers reads as cross-outs.

#include <vector>

#include <opencv2/core.hpp>

#include "grid/locate_grid.h"

namespace scorecheck {

/// Tuning for SnapToRuledLines(). Defaults suit pages rectified at ~8 px/mm.
struct SnapOptions {
  bool enabled = true;        ///< false: cells stay where the layout put them
  double search = 0.35;       ///< each line is looked for within this share of the row height either side; default 0.35
  double min_fill = 0.6;      ///< share of a cell side that must be dark on one pixel row (column) to be its line; default 0.6
  double min_contrast = 0.1;  ///< a line pixel is at least this share darker than the paper around it; default 0.1
  double max_jump = 0.12;     ///< a line found further than this share of the row height from its neighbours' is
                              ///< writing, not the line; default 0.12
  bool Check() const;  ///< true when every field is in range
};

/// `cells` (from GridFromLayout, in pixels of `page`) with every cell side
/// moved onto its printed line on `page` (8-bit, 1 or 3 channels). Each line is
/// measured per cell side; a side whose line is hidden (writing over it, a
/// faded print) takes the shift of the same line's neighbours. Cells that
/// share a line still share it afterwards.
std::vector<GridCell> SnapToRuledLines(const cv::Mat& page, std::vector<GridCell> cells, const SnapOptions& options = {});

}  // namespace scorecheck
