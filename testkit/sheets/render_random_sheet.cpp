#include "sheets/render_random_sheet.h"

#include <cairo.h>

#include <algorithm>
#include <cmath>
#include <memory>

#include <opencv2/imgproc.hpp>

#include "core/error.h"
#include "sheet/render_sheet.h"
#include "sheets/cairo_text.h"

namespace scorecheck {
namespace {

const Rgb kWhite{1, 1, 1};

Rgb Multiply(const Rgb& a, const Rgb& b) { return {a.r * b.r, a.g * b.g, a.b * b.b}; }

// What a score row's band is filled with in table column `column`: white,
// the tint of a tinted row, of a tinted column, or both laid over each other.
Rgb ScoreFill(const RandomSheetStyle& style, const RandomRow& row, const TableColumn& column) {
  Rgb fill = kWhite;
  if (row.tinted) fill = Multiply(fill, style.tint);
  if (style.tinted_columns && column.kind == TableColumnKind::kScore && column.score_index % 2 == 1)
    fill = Multiply(fill, style.tint);
  return fill;
}

void DrawFills(cairo_t* cr, const RandomSheetStyle& style, const RandomGrid& grid) {
  for (const RandomRow& row : grid.rows) {
    const RectMm band{grid.frame.x, row.y, grid.frame.w, row.h};
    if (row.kind == RandomRow::Kind::kHeader) {
      if (style.header_dark_bar) FillBox(cr, band, style.bar);
    } else if (row.kind == RandomRow::Kind::kSection) {
      if (style.header_dark_bar) FillBox(cr, band, style.bar);
      else if (style.row_shading != RowShading::kNone || style.tinted_columns) FillBox(cr, band, style.tint);
    } else {
      for (const TableColumn& column : grid.columns) {
        const Rgb fill = ScoreFill(style, row, column);
        if (!(fill == kWhite)) FillBox(cr, {column.x0, row.y, column.x1 - column.x0, row.h}, fill);
      }
    }
  }
}

void DrawRowText(cairo_t* cr, const RandomSheetStyle& style, const RandomGrid& grid, const RandomRow& row) {
  const double pad = std::min(row.h * 0.18, 2.0);
  TextLook look;
  look.family = style.font;
  look.colour = style.text_colour;
  auto inner = [&](const TableColumn& column) {
    return RectMm{column.x0 + pad, row.y + row.h * 0.1, column.x1 - column.x0 - 2 * pad, row.h * 0.8};
  };
  if (row.kind == RandomRow::Kind::kSection) {
    look.bold = true;
    look.size_mm = row.h * 0.55;
    if (style.header_dark_bar) look.colour = kWhite;
    DrawFittedText(cr, row.label, {grid.frame.x + pad, row.y, grid.frame.w - 2 * pad, row.h}, look);
    return;
  }
  if (row.kind == RandomRow::Kind::kHeader) {
    look.bold = true;
    look.size_mm = row.h * 0.45;
    if (style.header_dark_bar) look.colour = kWhite;
    for (const TableColumn& column : grid.columns) {
      if (column.kind == TableColumnKind::kLabel) {
        DrawFittedText(cr, row.label, inner(column), look);
      } else if (column.kind == TableColumnKind::kHowTo) {
        DrawFittedText(cr, row.how_to, inner(column), look);
      } else {
        TextLook header = look;
        header.align = style.header_align;
        DrawFittedText(cr, style.column_headers.at(column.score_index), inner(column), header);
      }
    }
    return;
  }
  for (const TableColumn& column : grid.columns) {
    if (column.kind == TableColumnKind::kHowTo) {
      TextLook note = look;
      note.size_mm = row.h * 0.36;
      DrawFittedText(cr, row.how_to, inner(column), note);
    }
    if (column.kind != TableColumnKind::kLabel) continue;
    RectMm box = inner(column);
    if (style.dice_icons && row.face > 0) {
      const double side = std::min(row.h * 0.7, 8.0);
      DrawDie(cr, {box.x, row.y + (row.h - side) / 2, side, side}, row.face, style.dice_filled, style.text_colour);
      box.x += side + pad;
      box.w -= side + pad;
    }
    TextLook label = look;
    label.bold = style.bold_labels;
    label.size_mm = row.h * style.label_size;
    label.align = style.label_align;
    if (style.how_to == HowToPlacement::kUnderLabel) {
      // The label on the upper part of the cell, the note in small type under it.
      label.size_mm = row.h * std::min(style.label_size, 0.42);
      DrawFittedText(cr, row.label, {box.x, row.y + row.h * 0.08, box.w, row.h * 0.5}, label);
      TextLook note = label;
      note.bold = false;
      note.size_mm = row.h * 0.26;
      DrawFittedText(cr, row.how_to, {box.x, row.y + row.h * 0.6, box.w, row.h * 0.32}, note);
    } else {
      DrawFittedText(cr, row.label, box, label);
    }
  }
}

void DrawRules(cairo_t* cr, const RandomSheetStyle& style, const RandomGrid& grid) {
  const RectMm& frame = grid.frame;
  const Rgb& ink = style.rule_colour;
  for (size_t r = 1; r < grid.rows.size(); ++r)
    DrawRule(cr, frame.x, grid.rows[r].y, frame.right(), grid.rows[r].y, grid.row_rule_mm[r], ink);
  // Vertical rules run down the table but stop at the spanning section rows.
  for (size_t c = 1; c < grid.columns.size(); ++c) {
    const double x = grid.columns[c].x0, width = grid.column_rule_mm[c];
    size_t r = 0;
    while (r < grid.rows.size()) {
      while (r < grid.rows.size() && grid.rows[r].kind == RandomRow::Kind::kSection) ++r;
      if (r == grid.rows.size()) break;
      const double top = grid.rows[r].y;
      while (r < grid.rows.size() && grid.rows[r].kind != RandomRow::Kind::kSection) ++r;
      DrawRule(cr, x, top, x, grid.rows[r - 1].y + grid.rows[r - 1].h, width, ink);
    }
  }
  const double edge = grid.row_rule_mm.front();
  if (style.frame == FrameStyle::kNone || edge <= 0) return;
  cairo_set_source_rgb(cr, ink.r, ink.g, ink.b);
  cairo_set_line_width(cr, edge);
  cairo_set_line_join(cr, CAIRO_LINE_JOIN_MITER);
  cairo_rectangle(cr, frame.x, frame.y, frame.w, frame.h);
  cairo_stroke(cr);
  if (style.frame == FrameStyle::kDouble) {
    const double d = edge * 1.5 + 0.7;  // a visible gap between the two lines
    cairo_rectangle(cr, frame.x - d, frame.y - d, frame.w + 2 * d, frame.h + 2 * d);
    cairo_stroke(cr);
  }
}

void DrawPage(cairo_t* cr, const RandomSheetStyle& style, const RandomSheetGeometry& sheet) {
  cairo_set_source_rgb(cr, 1, 1, 1);
  cairo_paint(cr);
  TextLook look;
  look.family = style.font;
  look.colour = style.text_colour;
  if (!style.title.empty()) {
    TextLook title = look;
    title.bold = true;
    title.align = 0.5;
    title.size_mm = sheet.title_box.h * 0.75;
    RectMm box = sheet.title_box;
    if (style.title_bar) {
      FillBox(cr, box, style.bar);
      title.colour = kWhite;
      box = {box.x + 2, box.y + 1, box.w - 4, box.h - 2};
    }
    DrawFittedText(cr, style.title, box, title);
  }
  TextLook small = look;
  small.size_mm = 3.6;
  for (size_t i = 0; i < style.field_lines.size(); ++i)
    DrawFittedText(cr, style.field_lines[i], sheet.field_line_boxes[i], small);
  if (!style.footer.empty()) {
    small.align = 0.5;
    small.size_mm = 3;
    DrawFittedText(cr, style.footer, sheet.footer_box, small);
  }
  for (const RandomGrid& grid : sheet.grids) {
    DrawFills(cr, style, grid);
    for (const RandomRow& row : grid.rows) DrawRowText(cr, style, grid, row);
    DrawRules(cr, style, grid);
  }
}

cv::Rect2f ToPx(const RectMm& box, double px_per_mm) {
  return cv::Rect2f(static_cast<float>(box.x * px_per_mm), static_cast<float>(box.y * px_per_mm),
                    static_cast<float>(box.w * px_per_mm), static_cast<float>(box.h * px_per_mm));
}

PrintedGrid InPixels(const RandomGrid& grid, const RandomSheetStyle& style, double px_per_mm) {
  PrintedGrid printed;
  printed.frame_px = ToPx(grid.frame, px_per_mm);
  for (size_t r = 0; r < grid.rows.size(); ++r)
    if (grid.rows[r].kind == RandomRow::Kind::kScore)
      printed.rows.push_back({grid.rows[r].row_id, grid.rows[r].part, static_cast<int>(r)});
  for (int c = 0; c < grid.score_columns(); ++c) {
    const RectMm inside = grid.CellInside(0, c);  // the row does not change the x band
    printed.columns.push_back({c, style.column_headers.at(c), static_cast<float>(inside.x * px_per_mm),
                               static_cast<float>(inside.right() * px_per_mm)});
  }
  for (const PrintedScoreRow& row : printed.rows) {
    std::vector<cv::Rect2f> boxes;
    for (int c = 0; c < grid.score_columns(); ++c) boxes.push_back(ToPx(grid.CellInside(row.printed_row, c), px_per_mm));
    printed.cells.push_back(std::move(boxes));
  }
  return printed;
}

}  // namespace

RenderedRandomSheet RenderRandomSheet(const RandomSheetStyle& style, const Ruleset& ruleset, double dpi) {
  SC_CHECK(dpi > 0, "dpi must be positive, not " << dpi);
  SC_CHECK(style.ruleset_id == ruleset.id,
           "a style drawn for " << style.ruleset_id << " cannot print a " << ruleset.id << " sheet");
  RenderedRandomSheet rendered;
  rendered.dpi = dpi;
  rendered.geometry = LayOutRandomSheet(style, ruleset);
  const double px_per_mm = dpi / 25.4;
  rendered.image = RasterizeMm(rendered.geometry.width_mm, rendered.geometry.height_mm, dpi,
                               [&](cairo_t* cr) { DrawPage(cr, style, rendered.geometry); });
  for (const RandomGrid& grid : rendered.geometry.grids) rendered.grids.push_back(InPixels(grid, style, px_per_mm));
  return rendered;
}

}  // namespace scorecheck
