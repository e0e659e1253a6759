#pragma once
// A scanner's PDF: each page rendered with poppler as a scan of that page.

#include <cstdint>
#include <string>
#include <vector>

#include <opencv2/core.hpp>

namespace scorecheck {

struct PdfPage {
  cv::Mat bgr;        ///< 8-bit BGR; empty when the page failed
  std::string error;  ///< why, when empty
};

struct PdfPages {
  std::vector<PdfPage> pages;  ///< one per page, in order (at most max_pages)
  std::string error;           ///< why the document as a whole could not be read ("password-protected", ...)
  int total_pages = 0;         ///< pages in the document
};

/// Renders the pages of the PDF held in `bytes` (the first `max_pages`) at
/// `dpi`, or at the lower resolution that keeps a page within `max_pixels`.
/// Never throws for the file's content.
PdfPages RenderPdfPages(const std::string& bytes, double dpi, std::int64_t max_pixels, int max_pages);

}  // namespace scorecheck
