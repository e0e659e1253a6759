#include "sheets/cairo_text.h"

#include <algorithm>
#include <cmath>
#include <memory>

namespace scorecheck {
namespace {

constexpr const char* kFallbackFamily = "DejaVu Sans";  // has ✓ ≥ × ☉ and every Latin letter

void SetColour(cairo_t* cr, const Rgb& colour) { cairo_set_source_rgb(cr, colour.r, colour.g, colour.b); }

void SelectFont(cairo_t* cr, const std::string& family, bool bold) {
  cairo_select_font_face(cr, family.c_str(), CAIRO_FONT_SLANT_NORMAL,
                         bold ? CAIRO_FONT_WEIGHT_BOLD : CAIRO_FONT_WEIGHT_NORMAL);
  // Unhinted metrics: hinted advances are rounded to whole device pixels per
  // glyph, and at a low dpi a long label measured that way overran its cell
  // by several millimetres.
  std::unique_ptr<cairo_font_options_t, decltype(&cairo_font_options_destroy)> options(cairo_font_options_create(),
                                                                                        cairo_font_options_destroy);
  cairo_font_options_set_hint_metrics(options.get(), CAIRO_HINT_METRICS_OFF);
  cairo_font_options_set_hint_style(options.get(), CAIRO_HINT_STYLE_NONE);
  cairo_set_font_options(cr, options.get());
}

// True when the current font has a glyph for every character of `text`
// (fontconfig's toy font faces do not fall back per glyph: a missing glyph
// prints as glyph 0, an empty box).
bool HasEveryGlyph(cairo_t* cr, const std::string& text) {
  cairo_glyph_t* glyphs = nullptr;
  int count = 0;
  const cairo_status_t status = cairo_scaled_font_text_to_glyphs(cairo_get_scaled_font(cr), 0, 0, text.c_str(),
                                                                 static_cast<int>(text.size()), &glyphs, &count,
                                                                 nullptr, nullptr, nullptr);
  bool all = status == CAIRO_STATUS_SUCCESS;
  for (int i = 0; all && i < count; ++i) all = glyphs[i].index != 0;
  cairo_glyph_free(glyphs);
  return all;
}

}  // namespace

void DrawFittedText(cairo_t* cr, const std::string& text, const RectMm& box, const TextLook& look) {
  if (text.empty() || box.w <= 0 || box.h <= 0) return;
  SelectFont(cr, look.family, look.bold);
  cairo_set_font_size(cr, look.size_mm);
  if (!HasEveryGlyph(cr, text)) {
    SelectFont(cr, kFallbackFamily, look.bold);
    cairo_set_font_size(cr, look.size_mm);
  }
  double size = look.size_mm;
  cairo_text_extents_t extents;
  cairo_text_extents(cr, text.c_str(), &extents);
  cairo_font_extents_t font;
  cairo_font_extents(cr, &font);
  // Shrink to the box: the advance to its width, ascent + descent to its height.
  const double width_scale = extents.x_advance > box.w ? box.w / extents.x_advance : 1;
  const double height_scale = font.ascent + font.descent > box.h ? box.h / (font.ascent + font.descent) : 1;
  // Again while it overruns: advances need not scale exactly with the size.
  for (double scale = std::min(width_scale, height_scale), tries = 0; scale < 1 && tries < 4; ++tries) {
    size *= scale * (tries > 0 ? 0.98 : 1);
    cairo_set_font_size(cr, size);
    cairo_text_extents(cr, text.c_str(), &extents);
    cairo_font_extents(cr, &font);
    scale = extents.x_advance > box.w ? box.w / extents.x_advance : 1;
  }
  const double x = box.x + (box.w - extents.x_advance) * look.align;
  const double text_h = font.ascent + font.descent;
  const double y = box.y + (box.h - text_h) * look.valign + font.ascent;
  SetColour(cr, look.colour);
  cairo_move_to(cr, x, y);
  cairo_show_text(cr, text.c_str());
}

void DrawDie(cairo_t* cr, const RectMm& box, int face, bool filled, const Rgb& colour) {
  const double s = std::min(box.w, box.h), r = s * 0.18, x = box.x, y = box.y;
  cairo_new_sub_path(cr);
  cairo_arc(cr, x + s - r, y + r, r, -M_PI / 2, 0);
  cairo_arc(cr, x + s - r, y + s - r, r, 0, M_PI / 2);
  cairo_arc(cr, x + r, y + s - r, r, M_PI / 2, M_PI);
  cairo_arc(cr, x + r, y + r, r, M_PI, 3 * M_PI / 2);
  cairo_close_path(cr);
  SetColour(cr, colour);
  if (filled) {
    cairo_fill(cr);
  } else {
    cairo_set_line_width(cr, s * 0.07);
    cairo_stroke(cr);
  }
  // Pip positions on a 3 x 3 lattice: 0 = low, 1 = middle, 2 = high.
  static const std::vector<std::vector<std::pair<int, int>>> pips = {
      {{1, 1}},
      {{0, 0}, {2, 2}},
      {{0, 0}, {1, 1}, {2, 2}},
      {{0, 0}, {2, 0}, {0, 2}, {2, 2}},
      {{0, 0}, {2, 0}, {1, 1}, {0, 2}, {2, 2}},
      {{0, 0}, {2, 0}, {0, 1}, {2, 1}, {0, 2}, {2, 2}}};
  const auto& face_pips = pips.at(std::clamp(face, 1, 6) - 1);
  filled ? cairo_set_source_rgb(cr, 1, 1, 1) : SetColour(cr, colour);
  for (const auto& [i, j] : face_pips) {
    cairo_new_sub_path(cr);
    cairo_arc(cr, x + s * (0.25 + 0.25 * i), y + s * (0.25 + 0.25 * j), s * 0.09, 0, 2 * M_PI);
  }
  cairo_fill(cr);
}

void DrawRule(cairo_t* cr, double x0, double y0, double x1, double y1, double width_mm, const Rgb& colour) {
  if (width_mm <= 0) return;
  SetColour(cr, colour);
  cairo_set_line_width(cr, width_mm);
  cairo_set_line_cap(cr, CAIRO_LINE_CAP_BUTT);
  cairo_move_to(cr, x0, y0);
  cairo_line_to(cr, x1, y1);
  cairo_stroke(cr);
}

void FillBox(cairo_t* cr, const RectMm& box, const Rgb& colour) {
  SetColour(cr, colour);
  cairo_rectangle(cr, box.x, box.y, box.w, box.h);
  cairo_fill(cr);
}

}  // namespace scorecheck
