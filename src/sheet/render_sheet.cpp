#include "sheet/render_sheet.h"

#include <cairo-pdf.h>
#include <cairo.h>

#include <filesystem>
#include <memory>
#include <mutex>

#include <opencv2/aruco.hpp>
#include <opencv2/imgproc.hpp>
#include <opencv2/imgcodecs.hpp>
#include <opencv2/objdetect.hpp>

#include "core/error.h"
#include "core/text.h"

namespace scorecheck {
namespace {

constexpr double kPointsPerMm = 72.0 / 25.4;

// Black modules of ArUco marker `id` (DICT_4X4_50), its one-module black
// border included: a 6 x 6 grid of 0/1.
cv::Mat MarkerModules(int id) {
  const cv::Ptr<cv::aruco::Dictionary> dictionary = cv::aruco::getPredefinedDictionary(cv::aruco::DICT_4X4_50);
  const cv::Mat bits = cv::aruco::Dictionary::getBitsFromByteList(dictionary->bytesList.rowRange(id, id + 1),
                                                                  dictionary->markerSize);
  cv::Mat modules = cv::Mat::zeros(bits.rows + 2, bits.cols + 2, CV_8U);
  bits.copyTo(modules(cv::Rect(1, 1, bits.cols, bits.rows)));
  return modules;  // 1 = white module
}

// QR modules for `payload`: 255 = white, quiet zone included.
cv::Mat QrModules(const std::string& payload) {
  cv::QRCodeEncoder::Params params;
  params.correction_level = cv::QRCodeEncoder::CORRECT_LEVEL_M;
  cv::Mat modules;
  cv::QRCodeEncoder::create(params)->encode(payload, modules);
  SC_CHECK(!modules.empty(), "could not encode the sheet's QR code");
  return modules;
}

void SetLine(cairo_t* cr, double width_mm) { cairo_set_line_width(cr, width_mm); }

void Line(cairo_t* cr, double x0, double y0, double x1, double y1, double width_mm) {
  SetLine(cr, width_mm);
  cairo_move_to(cr, x0, y0);
  cairo_line_to(cr, x1, y1);
  cairo_stroke(cr);
}

constexpr double kMmPerPoint = 25.4 / 72;
constexpr double kMinTextMm = kMinSheetTextPoints * kMmPerPoint;

// Where the text of a sheet goes: the Cairo context, and a list that gets
// every text placed (SheetTexts()), when given.
struct Pen {
  cairo_t* cr;
  std::vector<SheetText>* placed = nullptr;
};

// `text` broken at spaces into lines no wider than `width` at the current size.
std::vector<std::string> WrapText(cairo_t* cr, const std::string& text, double width) {
  return WrapWords(text, [&](const std::string& line) {
    cairo_text_extents_t extents;
    cairo_text_extents(cr, line.c_str(), &extents);
    return extents.x_advance <= width;
  });
}

// Text fitted into `box`: shrunk until it fits, aligned left (align 0),
// centred (0.5) or right (1), vertically centred. Never below `min_size_mm`
// when it can be helped: text that would need to be smaller is broken into
// lines at that size; when even those do not fit the box, a `required` text
// (a row's label) is shrunk onto one line after all and any other (a note) is
// left out: a note nobody can read helps nobody.
void Text(const Pen& pen, const std::string& text, const RectMm& box, double size_mm, double align,
          cairo_font_weight_t weight = CAIRO_FONT_WEIGHT_NORMAL, double gray = 0, double min_size_mm = 0,
          bool required = true) {
  cairo_t* cr = pen.cr;
  if (text.empty() || box.w <= 0) return;
  // Keep the sheet's font family; only the weight changes.
  const std::string family = cairo_toy_font_face_get_family(cairo_get_font_face(cr));
  cairo_select_font_face(cr, family.c_str(), CAIRO_FONT_SLANT_NORMAL, weight);
  cairo_set_font_size(cr, size_mm);
  cairo_text_extents_t extents;
  cairo_text_extents(cr, text.c_str(), &extents);
  std::vector<std::string> lines = {text};
  const double fitted = extents.x_advance > box.w ? size_mm * box.w / extents.x_advance : size_mm;
  size_mm = fitted;
  auto line_height = [&] {
    cairo_font_extents_t font;
    cairo_font_extents(cr, &font);
    return (font.ascent + font.descent) * 1.05;
  };
  if (fitted < min_size_mm) {
    cairo_set_font_size(cr, min_size_mm);
    std::vector<std::string> wrapped = WrapText(cr, text, box.w);
    bool fits = line_height() * static_cast<double>(wrapped.size()) <= box.h;
    for (const std::string& line : wrapped) {
      cairo_text_extents(cr, line.c_str(), &extents);
      fits = fits && extents.x_advance <= box.w * 1.01;
    }
    if (fits) {
      size_mm = min_size_mm;
      lines = wrapped;
    } else if (!required) {
      if (pen.placed) pen.placed->push_back({text, 0, 0});
      return;
    }
  }
  cairo_set_font_size(cr, size_mm);
  if (pen.placed) pen.placed->push_back({text, size_mm / kMmPerPoint, static_cast<int>(lines.size())});
  cairo_font_extents_t font;
  cairo_font_extents(cr, &font);
  const double line_h = line_height();
  cairo_set_source_rgb(cr, gray, gray, gray);
  const double top = box.y + box.h / 2 - line_h * static_cast<double>(lines.size()) / 2;
  for (size_t i = 0; i < lines.size(); ++i) {
    cairo_text_extents(cr, lines[i].c_str(), &extents);
    const double x = box.x + (box.w - extents.x_advance) * align;
    const double y = top + line_h * static_cast<double>(i) + line_h / 2 + (font.ascent - font.descent) / 2;
    cairo_move_to(cr, x, y);
    cairo_show_text(cr, lines[i].c_str());
  }
  cairo_set_source_rgb(cr, 0, 0, 0);
}

void DrawModules(cairo_t* cr, const cv::Mat& modules, const RectMm& box, bool white_is_one) {
  const double module_w = box.w / modules.cols, module_h = box.h / modules.rows;
  cairo_set_source_rgb(cr, 0, 0, 0);
  for (int r = 0; r < modules.rows; ++r)
    for (int c = 0; c < modules.cols; ++c) {
      const bool white = white_is_one ? modules.at<uchar>(r, c) != 0 : modules.at<uchar>(r, c) > 127;
      if (white) continue;
      // A hair of overlap so that anti-aliasing leaves no seams between modules.
      cairo_rectangle(cr, box.x + c * module_w, box.y + r * module_h, module_w + 0.01, module_h + 0.01);
    }
  cairo_fill(cr);
}

void DrawGrid(const Pen& pen, const GridLayout& grid, const SheetStyle& style) {
  cairo_t* cr = pen.cr;
  const RectMm& frame = grid.frame;
  for (size_t r = 0; r < grid.rows.size(); ++r) {
    const LayoutRow& row = grid.rows[r];
    const bool banner = row.kind != LayoutRow::Kind::kScore;
    // Shading first, so lines and text sit on top of it.
    if ((banner || (row.total && style.shade_totals)) && style.shade_gray < 1) {
      cairo_set_source_rgb(cr, style.shade_gray, style.shade_gray, style.shade_gray);
      cairo_rectangle(cr, frame.x, row.y, (banner ? frame.w : grid.how_right - frame.x), row.h);
      cairo_fill(cr);
      cairo_set_source_rgb(cr, 0, 0, 0);
    }
    const double pad = row.h * 0.18;
    const double text_h = row.h * 0.5;
    if (banner) {
      Text(pen, row.label, {frame.x + pad, row.y, grid.label_right - frame.x - 2 * pad, row.h}, text_h, 0,
           CAIRO_FONT_WEIGHT_BOLD, 0, kMinTextMm);
      if (style.how_to_column)
        Text(pen, row.how_to, {grid.label_right + pad, row.y, grid.how_right - grid.label_right - 2 * pad, row.h},
             text_h * 0.8, 0, CAIRO_FONT_WEIGHT_BOLD);
      for (int c = 0; c < grid.columns(); ++c)
        Text(pen, grid.column_headers[c], {grid.column_x[c], row.y, grid.column_x[c + 1] - grid.column_x[c], row.h},
             text_h, 0.5, CAIRO_FONT_WEIGHT_BOLD);
    } else if (style.how_to_column) {
      Text(pen, row.label, {frame.x + pad, row.y, grid.label_right - frame.x - 2 * pad, row.h}, text_h, 0,
           row.total ? CAIRO_FONT_WEIGHT_BOLD : CAIRO_FONT_WEIGHT_NORMAL, 0, kMinTextMm);
      Text(pen, row.how_to, {grid.label_right + pad, row.y, grid.how_right - grid.label_right - 2 * pad, row.h},
           text_h * 0.75, 0, CAIRO_FONT_WEIGHT_NORMAL, 0, kMinTextMm, false);
    } else if (row.h < 6) {
      // Rows this small (four grids a page) leave no room for a readable note.
      Text(pen, row.label, {frame.x + pad, row.y, grid.label_right - frame.x - 2 * pad, row.h}, text_h, 0,
           row.total ? CAIRO_FONT_WEIGHT_BOLD : CAIRO_FONT_WEIGHT_NORMAL, 0, kMinTextMm);
    } else {
      // Label on the left, the how-to note small and grey on the right of the label cell.
      const double label_w = (grid.label_right - frame.x) * 0.58;
      Text(pen, row.label, {frame.x + pad, row.y, label_w - pad, row.h}, text_h, 0,
           row.total ? CAIRO_FONT_WEIGHT_BOLD : CAIRO_FONT_WEIGHT_NORMAL, 0, kMinTextMm);
      Text(pen, row.how_to, {frame.x + label_w + pad, row.y, grid.label_right - frame.x - label_w - 2 * pad, row.h},
           text_h * 0.62, 1, CAIRO_FONT_WEIGHT_NORMAL, 0.35, kMinTextMm, false);
    }
  }
  // Lines: rows, then columns, then the frame.
  for (size_t r = 1; r < grid.rows.size(); ++r) {
    const bool heavy = grid.rows[r].kind != LayoutRow::Kind::kScore || grid.rows[r - 1].kind != LayoutRow::Kind::kScore;
    Line(cr, frame.x, grid.rows[r].y, frame.right(), grid.rows[r].y, heavy ? style.section_line_mm : style.inner_line_mm);
  }
  if (style.how_to_column) Line(cr, grid.label_right, frame.y, grid.label_right, frame.bottom(), style.inner_line_mm);
  for (int c = 0; c < grid.columns(); ++c)
    Line(cr, grid.column_x[c], frame.y, grid.column_x[c], frame.bottom(), c == 0 ? style.section_line_mm : style.inner_line_mm);
  SetLine(cr, style.outer_line_mm);
  cairo_rectangle(cr, frame.x, frame.y, frame.w, frame.h);
  cairo_stroke(cr);
}

void Draw(const Pen& pen, const SheetLayout& layout) {
  cairo_t* cr = pen.cr;
  // Text measured the same at any resolution (and in the PDF): metrics not
  // rounded to device pixels, so lines break in the same places everywhere.
  cairo_font_options_t* font_options = cairo_font_options_create();
  cairo_font_options_set_hint_metrics(font_options, CAIRO_HINT_METRICS_OFF);
  cairo_set_font_options(cr, font_options);
  cairo_font_options_destroy(font_options);
  cairo_set_source_rgb(cr, 1, 1, 1);
  cairo_paint(cr);
  cairo_set_source_rgb(cr, 0, 0, 0);
  cairo_select_font_face(cr, layout.style.font.c_str(), CAIRO_FONT_SLANT_NORMAL, CAIRO_FONT_WEIGHT_NORMAL);

  const double left = layout.markers.empty() ? 8 : layout.markers[0].box.right() + 4;
  if (layout.style.title) {
    const double right = layout.qr_box ? layout.qr_box->x - 4 : layout.width_mm - 8;
    Text(pen, layout.title, {left, 8, right - left, 7}, 6, 0, CAIRO_FONT_WEIGHT_BOLD);
    Text(pen, "Player: ______________________   Date: ____________", {left, 16, right - left, 6}, 3.6, 0);
  }
  for (const MarkerLayout& marker : layout.markers) DrawModules(cr, MarkerModules(marker.id), marker.box, true);
  if (layout.qr_box) DrawModules(cr, QrModules(layout.qr_payload), *layout.qr_box, false);
  for (const GridLayout& grid : layout.grids) DrawGrid(pen, grid, layout.style);
}

}  // namespace

cv::Mat RasterizeMm(double width_mm, double height_mm, double dpi, const std::function<void(cairo_t*)>& draw) {
  const double px_per_mm = dpi / 25.4;
  const int width = static_cast<int>(std::lround(width_mm * px_per_mm));
  const int height = static_cast<int>(std::lround(height_mm * px_per_mm));
  cv::Mat bgra(height, width, CV_8UC4);
  // One page drawn at a time in the process: Debian 12's Cairo (1.16) is not
  // safe to draw text from two threads, even on surfaces of their own (its
  // font caches are shared). Two threads of the test kit's synth drawing
  // sheets crashed in libcairo once in ten runs (card 581 of corpus seed
  // 950015).
  static std::mutex drawing;
  const std::lock_guard<std::mutex> one_at_a_time(drawing);
  std::unique_ptr<cairo_surface_t, decltype(&cairo_surface_destroy)> surface(
      cairo_image_surface_create_for_data(bgra.data, CAIRO_FORMAT_RGB24, width, height, static_cast<int>(bgra.step)),
      cairo_surface_destroy);
  std::unique_ptr<cairo_t, decltype(&cairo_destroy)> cr(cairo_create(surface.get()), cairo_destroy);
  cairo_scale(cr.get(), px_per_mm, px_per_mm);
  draw(cr.get());
  cairo_surface_flush(surface.get());
  SC_CHECK(cairo_status(cr.get()) == CAIRO_STATUS_SUCCESS,
           "drawing a page failed: " << cairo_status_to_string(cairo_status(cr.get())));
  cv::Mat bgr;
  cv::cvtColor(bgra, bgr, cv::COLOR_BGRA2BGR);
  return bgr;
}

std::vector<SheetText> SheetTexts(const SheetLayout& layout) {
  std::vector<SheetText> placed;
  // Drawn into a tiny raster: only where the text goes is kept.
  RasterizeMm(layout.width_mm, layout.height_mm, 2, [&](cairo_t* cr) { Draw({cr, &placed}, layout); });
  return placed;
}

cv::Mat RenderSheetImage(const SheetLayout& layout, double dpi) {
  return RasterizeMm(layout.width_mm, layout.height_mm, dpi, [&](cairo_t* cr) { Draw({cr}, layout); });
}

void WriteSheet(const SheetLayout& layout, const std::string& path, double dpi) {
  namespace fs = std::filesystem;
  const std::string extension = ToLower(fs::path(path).extension().string());
  SC_CHECK(extension == ".png" || extension == ".pdf", path << ": the sheet is written as .png or .pdf, not \""
                                                             << extension << "\"");
  std::string bytes;
  if (extension == ".png") {
    std::vector<uchar> encoded;
    SC_CHECK(cv::imencode(".png", RenderSheetImage(layout, dpi), encoded), path << ": PNG encoding failed");
    bytes.assign(encoded.begin(), encoded.end());
  } else {
    // Cairo streams the PDF into memory; WriteFileAtomic puts it in place.
    auto append = [](void* closure, const unsigned char* data, unsigned int length) {
      static_cast<std::string*>(closure)->append(reinterpret_cast<const char*>(data), length);
      return CAIRO_STATUS_SUCCESS;
    };
    cairo_surface_t* surface = cairo_pdf_surface_create_for_stream(append, &bytes, layout.width_mm * kPointsPerMm,
                                                                   layout.height_mm * kPointsPerMm);
    cairo_t* cr = cairo_create(surface);
    cairo_scale(cr, kPointsPerMm, kPointsPerMm);
    Draw({cr}, layout);
    cairo_show_page(cr);
    cairo_destroy(cr);
    cairo_surface_finish(surface);
    const cairo_status_t status = cairo_surface_status(surface);
    cairo_surface_destroy(surface);
    SC_CHECK(status == CAIRO_STATUS_SUCCESS, path << ": PDF rendering failed: " << cairo_status_to_string(status));
  }
  WriteFileAtomic(path, bytes);
}

}  // namespace scorecheck
