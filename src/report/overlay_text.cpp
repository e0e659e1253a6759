#include "report/overlay_text.h"

#include <cairo.h>
#include <opencv2/imgproc.hpp>

namespace scorecheck {
namespace {

// The overlay's one typeface.
constexpr const char* kFont = "DejaVu Sans";

void UseFont(cairo_t* cr, double px) {
  cairo_select_font_face(cr, kFont, CAIRO_FONT_SLANT_NORMAL, CAIRO_FONT_WEIGHT_NORMAL);
  cairo_set_font_size(cr, px);
}

}  // namespace

double OverlayTextWidth(const std::string& text, double px) {
  cairo_surface_t* surface = cairo_image_surface_create(CAIRO_FORMAT_RGB24, 1, 1);
  cairo_t* cr = cairo_create(surface);
  UseFont(cr, px);
  cairo_text_extents_t extents;
  cairo_text_extents(cr, text.c_str(), &extents);
  cairo_destroy(cr);
  cairo_surface_destroy(surface);
  return extents.x_advance;
}

void DrawOverlayText(cv::Mat& bgr, const std::string& text, cv::Point at, double px, const cv::Scalar& colour) {
  CV_Assert(bgr.type() == CV_8UC3);
  // Cairo's RGB24 is B, G, R and a spare byte in memory: BGRA with the alpha unused.
  cv::Mat bgrx;
  cv::cvtColor(bgr, bgrx, cv::COLOR_BGR2BGRA);
  cairo_surface_t* surface = cairo_image_surface_create_for_data(bgrx.data, CAIRO_FORMAT_RGB24, bgrx.cols, bgrx.rows,
                                                                 static_cast<int>(bgrx.step));
  cairo_t* cr = cairo_create(surface);
  UseFont(cr, px);
  cairo_set_source_rgb(cr, colour[2] / 255.0, colour[1] / 255.0, colour[0] / 255.0);
  cairo_move_to(cr, at.x, at.y);
  cairo_show_text(cr, text.c_str());
  cairo_surface_flush(surface);
  cairo_destroy(cr);
  cairo_surface_destroy(surface);
  cv::cvtColor(bgrx, bgr, cv::COLOR_BGRA2BGR);
}

}  // namespace scorecheck
