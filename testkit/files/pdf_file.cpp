#include "files/pdf_file.h"

#include <cairo-pdf.h>
#include <cairo.h>

#include <opencv2/imgproc.hpp>

namespace scorecheck::testkit {
namespace {

constexpr double kPointsPerInch = 72.0;
constexpr double kA4WidthPt = 595.0, kA4HeightPt = 842.0;

cairo_status_t AppendToString(void* closure, const unsigned char* data, unsigned int length) {
  static_cast<std::string*>(closure)->append(reinterpret_cast<const char*>(data), length);
  return CAIRO_STATUS_SUCCESS;
}

}  // namespace

std::string PdfFile(const std::vector<cv::Mat>& scans, double dpi) {
  std::string bytes;
  cairo_surface_t* pdf = cairo_pdf_surface_create_for_stream(AppendToString, &bytes, kA4WidthPt, kA4HeightPt);
  for (const cv::Mat& scan : scans) {
    const double scale = kPointsPerInch / dpi;
    const double w = scan.empty() ? kA4WidthPt : scan.cols * scale, h = scan.empty() ? kA4HeightPt : scan.rows * scale;
    cairo_pdf_surface_set_size(pdf, w, h);
    cairo_t* cr = cairo_create(pdf);
    cairo_set_source_rgb(cr, 1, 1, 1);
    cairo_paint(cr);
    if (!scan.empty()) {
      // The PDF keeps the image until the page is written: cairo owns its copy.
      cairo_surface_t* image = cairo_image_surface_create(CAIRO_FORMAT_RGB24, scan.cols, scan.rows);
      cairo_surface_flush(image);
      cv::Mat bgra(scan.rows, scan.cols, CV_8UC4, cairo_image_surface_get_data(image),
                   static_cast<size_t>(cairo_image_surface_get_stride(image)));
      cv::cvtColor(scan, bgra, cv::COLOR_BGR2BGRA);
      cairo_surface_mark_dirty(image);
      cairo_scale(cr, scale, scale);
      cairo_set_source_surface(cr, image, 0, 0);
      cairo_paint(cr);
      cairo_surface_destroy(image);
    }
    cairo_destroy(cr);
    cairo_surface_show_page(pdf);
  }
  cairo_surface_finish(pdf);
  cairo_surface_destroy(pdf);
  return bytes;
}

}  // namespace scorecheck::testkit
