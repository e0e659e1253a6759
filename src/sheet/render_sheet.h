#pragma once
// Draws a SheetLayout: to a raster image (for the corpus generator and PNG
// output) or to a vector PDF. Cairo does the drawing; OpenCV supplies the
// ArUco marker bits and the QR code modules, drawn as vector squares.

#include <string>

#include <opencv2/core.hpp>

#include "sheet/sheet_layout.h"

namespace scorecheck {

/// The sheet as a BGR 8-bit image at `dpi` (300 = a print-quality A4 of
/// 2480 x 3508 pixels). Page millimetres map to pixels as mm * dpi / 25.4.
cv::Mat RenderSheetImage(const SheetLayout& layout, double dpi = 300);

/// Writes the sheet to `path`: ".png" (at `dpi`) or ".pdf" (vector, page size
/// of the layout). The file appears whole or not at all. Throws Error for
/// another extension or a write failure.
void WriteSheet(const SheetLayout& layout, const std::string& path, double dpi = 300);

}  // namespace scorecheck
