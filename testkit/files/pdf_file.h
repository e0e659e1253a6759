#pragma once
// A scanner's PDF: one page per picture, each page filled by its scan; and
// a one-page PDF of any page size, written out by hand.

#include <string>
#include <vector>

#include <opencv2/core.hpp>

namespace scorecheck::testkit {

/// The bytes of a PDF whose pages are `scans` (8-bit BGR), each page the
/// scan's size at `dpi` (a 200-dpi A4 scan makes an A4 page). An empty Mat
/// makes a blank page of A4.
std::string PdfFile(const std::vector<cv::Mat>& scans, double dpi = 200);

/// The bytes of a one-page PDF written out by hand (no drawing library
/// would make it), its page the rectangle `media_box` ("x0 y0 x1 y1", in
/// points, written as PDF numbers: no exponents), with a small blue square.
std::string PdfOfPage(const std::string& media_box);

}  // namespace scorecheck::testkit
