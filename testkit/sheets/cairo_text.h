#pragma once
// Cairo drawing helpers of the random-sheet renderer: text fitted into a box
// (with a fallback family for glyphs a font lacks), drawn dice and lines.
// Coordinates are the Cairo context's user units (millimetres there).

#include <string>

#include <cairo.h>

#include "sheet/sheet_layout.h"
#include "sheets/sheet_style.h"

namespace scorecheck {

/// How one piece of text is printed.
struct TextLook {
  std::string family = "DejaVu Sans";  ///< fontconfig family
  bool bold = false;                   ///< bold weight
  double size_mm = 4;                  ///< font size (em), shrunk to fit the box's width and height
  double align = 0;                    ///< 0 left, 0.5 centred, 1 right
  double valign = 0.5;                 ///< 0 top, 0.5 centred, 1 bottom
  Rgb colour;                          ///< ink
};

/// Draws `text` inside `box`: on one line, shrunk until it fits, aligned as
/// `look` says. When `look.family` lacks a glyph of the text (✓, ≥ and ×
/// are not in every family), the whole text is printed in DejaVu Sans,
/// which has them, rather than with a missing-glyph box. Empty text or an
/// empty box draws nothing.
void DrawFittedText(cairo_t* cr, const std::string& text, const RectMm& box, const TextLook& look);

/// A die showing `face` (1..6) in the square `box`: a rounded square, dark
/// with white pips when `filled`, else outlined with dark pips.
void DrawDie(cairo_t* cr, const RectMm& box, int face, bool filled, const Rgb& colour);

/// A straight line from (x0, y0) to (x1, y1), `width_mm` wide, butt ends; a
/// width of 0 draws nothing.
void DrawRule(cairo_t* cr, double x0, double y0, double x1, double y1, double width_mm, const Rgb& colour);

/// Fills `box` with `colour`.
void FillBox(cairo_t* cr, const RectMm& box, const Rgb& colour);

}  // namespace scorecheck
