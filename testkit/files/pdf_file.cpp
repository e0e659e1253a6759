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

std::string PdfOfPage(const std::string& media_box) {
  const std::string square = "0 0 1 rg 0 0 10 10 re f";
  const std::vector<std::string> objects = {
      "<< /Type /Catalog /Pages 2 0 R >>", "<< /Type /Pages /Kids [3 0 R] /Count 1 >>",
      "<< /Type /Page /Parent 2 0 R /MediaBox [" + media_box + "] /Contents 4 0 R >>",
      "<< /Length " + std::to_string(square.size()) + " >>\nstream\n" + square + "\nendstream"};
  std::string pdf = "%PDF-1.4\n";
  std::vector<size_t> offsets;
  for (size_t i = 0; i < objects.size(); ++i) {
    offsets.push_back(pdf.size());
    pdf += std::to_string(i + 1) + " 0 obj\n" + objects[i] + "\nendobj\n";
  }
  const size_t xref = pdf.size();
  pdf += "xref\n0 " + std::to_string(objects.size() + 1) + "\n0000000000 65535 f \n";
  for (const size_t at : offsets) {
    const std::string number = std::to_string(at);
    pdf += std::string(10 - number.size(), '0') + number + " 00000 n \n";
  }
  pdf += "trailer\n<< /Size " + std::to_string(objects.size() + 1) + " /Root 1 0 R >>\nstartxref\n" +
         std::to_string(xref) + "\n%%EOF\n";
  return pdf;
}

}  // namespace scorecheck::testkit
