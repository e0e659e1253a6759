#pragma once
// Draws a SheetLayout: to a raster image (for the corpus generator and PNG
// output) or to a vector PDF. Cairo does the drawing; OpenCV supplies the
// ArUco marker bits and the QR code modules, drawn as vector squares.

#include <functional>
#include <string>
#include <vector>

#include <opencv2/core.hpp>

#include "sheet/sheet_layout.h"

typedef struct _cairo cairo_t;  // Cairo's drawing context (cairo.h)

namespace scorecheck {

/// One text a sheet prints.
struct SheetText {
  std::string text;    ///< the words
  double size_pt = 0;  ///< font size, points; 0 = left out (it could not be printed at a readable size)
  int lines = 1;       ///< lines it was broken into
};

/// The smallest font size, points, of any note a sheet prints (the how-to-score
/// hints): smaller than this is not readable on paper.
inline constexpr double kMinSheetTextPoints = 6;

/// Every text RenderSheetImage() and WriteSheet() print on `layout`, in
/// drawing order, with the size it is printed at.
std::vector<SheetText> SheetTexts(const SheetLayout& layout);

/// A page of `width_mm` x `height_mm` that `draw` paints with Cairo in page
/// millimetres (the context is scaled to `dpi`), as a BGR 8-bit image. Throws
/// Error when Cairo fails.
cv::Mat RasterizeMm(double width_mm, double height_mm, double dpi, const std::function<void(cairo_t*)>& draw);

/// The sheet as a BGR 8-bit image at `dpi` (300 = a print-quality A4 of
/// 2480 x 3508 pixels). Page millimetres map to pixels as mm * dpi / 25.4.
cv::Mat RenderSheetImage(const SheetLayout& layout, double dpi = 300);

/// Writes the sheet to `path`: ".png" (at `dpi`) or ".pdf" (vector, page size
/// of the layout). The file appears whole or not at all. Throws Error for
/// another extension or a write failure.
void WriteSheet(const SheetLayout& layout, const std::string& path, double dpi = 300);

}  // namespace scorecheck
