#pragma once
// The overlay: the rectified page with what was read printed small beside
// every cell, so a person can check a card from the picture alone. Uncertain
// readings are amber; cells involved in a finding are red, with the value the
// checker expected.

#include <opencv2/core.hpp>

#include "rules/ruleset_library.h"
#include "scan/scan_card.h"

namespace scorecheck {

/// Draws the overlay of a successful scan (BGR, the rectified page's size).
cv::Mat DrawOverlay(const ScanResult& scan, const RulesetLibrary& rulesets, double min_confidence = 0.5);

}  // namespace scorecheck
