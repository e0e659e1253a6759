#pragma once
// Text on the overlay in any language: drawn by Cairo in DejaVu Sans (Debian's
// fonts-dejavu-core), where OpenCV's Hershey fonts have only ASCII ("Zoë.jpg"
// came out "Zo?.jpg").

#include <string>

#include <opencv2/core.hpp>

namespace scorecheck {

/// Width in pixels of `text` (UTF-8) at a font size of `px` pixels.
double OverlayTextWidth(const std::string& text, double px);

/// Draws `text` (UTF-8) on `bgr` (8-bit, 3 channels) with its baseline's left
/// end at `at`, `px` pixels tall (the font's em), in `colour` (BGR).
void DrawOverlayText(cv::Mat& bgr, const std::string& text, cv::Point at, double px, const cv::Scalar& colour);

}  // namespace scorecheck
