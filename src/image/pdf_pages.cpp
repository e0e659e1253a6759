#include "image/pdf_pages.h"

#include <algorithm>
#include <climits>
#include <cmath>
#include <memory>
#include <mutex>
#include <sstream>

#include <opencv2/imgproc.hpp>
#include <poppler-document.h>
#include <poppler-global.h>
#include <poppler-image.h>
#include <poppler-page-renderer.h>
#include <poppler-page.h>

namespace scorecheck {
namespace {

constexpr double kPointsPerInch = 72.0;

// PDF's own limits on a page's side, in points (1/72 in; the PDF 1.7
// reference's implementation limits: 3 to 14,400). A page outside them is a
// damaged file, and the resolution that holds its pixels to the limit holds
// only their product: a page 32 points wide and 2e121 high (found by
// fuzz/image_load_fuzz) had poppler allocate a bitmap of one pixel by half a
// billion. Within them a side is at most 4,800 times the other, and the
// pixel limit bounds each side too.
constexpr double kMinPageSidePt = 3, kMaxPageSidePt = 14400;

// poppler writes its complaints about a damaged file to stderr; the page's
// own error says what the user needs to know.
void SilencePoppler() {
  static std::once_flag once;
  std::call_once(once, [] { poppler::set_debug_error_function([](const std::string&, void*) {}, nullptr); });
}

cv::Mat ToBgr(const poppler::image& image) {
  const int w = image.width(), h = image.height();
  const auto stride = static_cast<size_t>(image.bytes_per_row());
  char* data = const_cast<char*>(image.const_data());
  cv::Mat bgr;
  switch (image.format()) {
    case poppler::image::format_argb32:  // little-endian ARGB words: B, G, R, A bytes
      cv::cvtColor(cv::Mat(h, w, CV_8UC4, data, stride), bgr, cv::COLOR_BGRA2BGR);
      break;
    case poppler::image::format_bgr24: cv::Mat(h, w, CV_8UC3, data, stride).copyTo(bgr); break;
    case poppler::image::format_rgb24: cv::cvtColor(cv::Mat(h, w, CV_8UC3, data, stride), bgr, cv::COLOR_RGB2BGR); break;
    case poppler::image::format_gray8: cv::cvtColor(cv::Mat(h, w, CV_8UC1, data, stride), bgr, cv::COLOR_GRAY2BGR); break;
    default: break;
  }
  return bgr;
}

PdfPage RenderPage(const poppler::document& document, int index, double wanted_dpi, std::int64_t max_pixels) {
  PdfPage result;
  const std::unique_ptr<poppler::page> page(document.create_page(index));
  if (!page) {
    result.error = "PDF page " + std::to_string(index + 1) + " could not be read";
    return result;
  }
  const poppler::rectf box = page->page_rect();
  const double w_in = box.width() / kPointsPerInch, h_in = box.height() / kPointsPerInch;
  if (!(w_in > 0) || !(h_in > 0)) {
    result.error = "PDF page " + std::to_string(index + 1) + " has no size";
    return result;
  }
  const auto within = [](double side_pt) { return side_pt >= kMinPageSidePt && side_pt <= kMaxPageSidePt; };
  if (!within(box.width()) || !within(box.height())) {
    std::ostringstream why;
    why << "PDF page " << index + 1 << " is " << box.width() << " x " << box.height()
        << " points, which no page is (PDF's pages are " << kMinPageSidePt << " to " << kMaxPageSidePt
        << " points a side)";
    result.error = why.str();
    return result;
  }
  // The page's pixels at the wanted resolution, or at the one that fits the limit.
  const double fit = std::sqrt(static_cast<double>(max_pixels) / (w_in * h_in));
  const double dpi = std::min({wanted_dpi, fit, static_cast<double>(INT_MAX / 4) / std::max(w_in, h_in)});
  poppler::page_renderer renderer;
  renderer.set_render_hint(poppler::page_renderer::antialiasing);
  renderer.set_render_hint(poppler::page_renderer::text_antialiasing);
  renderer.set_image_format(poppler::image::format_argb32);
  const poppler::image image = renderer.render_page(page.get(), dpi, dpi);
  if (!image.is_valid() || image.width() <= 0 || image.height() <= 0) {
    result.error = "PDF page " + std::to_string(index + 1) + " could not be drawn";
    return result;
  }
  result.bgr = ToBgr(image);
  if (result.bgr.empty()) result.error = "PDF page " + std::to_string(index + 1) + " could not be drawn";
  return result;
}

}  // namespace

PdfPages RenderPdfPages(const std::string& bytes, double dpi, std::int64_t max_pixels, int max_pages) {
  SilencePoppler();
  PdfPages result;
  if (bytes.size() > static_cast<size_t>(INT_MAX)) {
    result.error = "the PDF is too large";
    return result;
  }
  const std::unique_ptr<poppler::document> document(
      poppler::document::load_from_raw_data(bytes.data(), static_cast<int>(bytes.size())));
  if (!document) {
    result.error = "the PDF is damaged and could not be opened";
    return result;
  }
  if (document->is_locked()) {
    result.error = "the PDF is password-protected";
    return result;
  }
  result.total_pages = document->pages();
  if (result.total_pages <= 0) {
    result.error = "the PDF has no pages";
    return result;
  }
  const int count = std::min(result.total_pages, max_pages);
  for (int i = 0; i < count; ++i) result.pages.push_back(RenderPage(*document, i, dpi, max_pixels));
  return result;
}

}  // namespace scorecheck
