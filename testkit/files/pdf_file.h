#pragma once
// A scanner's PDF: one page per picture, each page filled by its scan.

#include <string>
#include <vector>

#include <opencv2/core.hpp>

namespace scorecheck::testkit {

/// The bytes of a PDF whose pages are `scans` (8-bit BGR), each page the
/// scan's size at `dpi` (a 200-dpi A4 scan makes an A4 page). An empty Mat
/// makes a blank page of A4.
std::string PdfFile(const std::vector<cv::Mat>& scans, double dpi = 200);

}  // namespace scorecheck::testkit
