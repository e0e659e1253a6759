#pragma once
// The overlay: the rectified page with what was read printed small beside
// every cell, so a person can check a card from the picture alone, under a
// header (file, ruleset, verdict, grand totals) and above a legend. Uncertain
// readings are amber; cells involved in a finding are red, with the value the
// checker expected; cells a person corrected in review are blue; a `*` marks a
// number the totals check chose over the reader's first reading.

#include <opencv2/core.hpp>

#include "rules/ruleset_library.h"
#include "scan/scan_card.h"

namespace scorecheck {

/// Draws the overlay of a successful scan (BGR): AnnotatePage() with a header
/// band above (file, ruleset, verdict, grand totals) and a legend band below,
/// each as wide as the page. Empty when the scan has no page. `page_top`,
/// when given, is set to the rows above the page (the header's): a point of
/// the page is that much lower on the overlay.
cv::Mat DrawOverlay(const ScanResult& scan, const RulesetLibrary& rulesets, double min_confidence = kReviewBelow,
                    int* page_top = nullptr);

/// The grid's page (the rectified page before a grid is found), faded, with
/// each cell's reading at its top-left corner and a box around the cells that
/// are wrong (red), corrected by a person (blue) or uncertain (amber: read with
/// a confidence below `min_confidence`). Same size as the page.
cv::Mat AnnotatePage(const ScanResult& scan, double min_confidence = kReviewBelow);

/// The colours of AnnotatePage() and the legend (BGR).
inline const cv::Scalar kOverlayRead(40, 140, 40), kOverlayUncertain(0, 160, 245), kOverlayWrong(30, 30, 220),
    kOverlayByPerson(200, 90, 20);

}  // namespace scorecheck
