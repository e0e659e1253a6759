#include "report/overlay.h"

#include <map>

#include <opencv2/imgproc.hpp>

namespace scorecheck {
namespace {

const cv::Scalar kGreen(40, 140, 40), kAmber(0, 160, 245), kRed(30, 30, 220);

std::string Shown(const ScannedCell& cell) {
  switch (CardStatus(cell)) {
    case ReadingStatus::kEmpty: return "";
    case ReadingStatus::kNumber: return std::to_string(cell.chosen) + (cell.corrected ? "*" : "");
    case ReadingStatus::kCrossed: return "X";
    case ReadingStatus::kChecks: return std::to_string(cell.reading.checks) + " tick" + (cell.reading.checks == 1 ? "" : "s");
    case ReadingStatus::kIllegible: return "?";
  }
  return "";
}

}  // namespace

cv::Mat DrawOverlay(const ScanResult& scan, const RulesetLibrary& rulesets, double min_confidence) {
  cv::Mat overlay;
  // The cells are placed on the grid's page (upright); before a grid is
  // found only the rectified page exists.
  const cv::Mat& page = scan.grid.image.empty() ? scan.page.rectified : scan.grid.image;
  if (page.empty()) return overlay;
  // Fade the page so the annotations stand out.
  page.convertTo(overlay, -1, 0.55, 255 * 0.45);
  (void)rulesets;

  // Findings by (grid, column, row).
  std::map<std::tuple<int, int, std::string>, const Finding*> findings;
  for (size_t g = 0; g < scan.verification.grids.size(); ++g)
    for (const Finding& f : scan.verification.grids[g].findings)
      if (f.row && f.severity == Severity::kError) findings[{static_cast<int>(g), f.column, *f.row}] = &f;

  // Readable at a glance: about 3 mm tall on the page.
  const double scale = std::max(0.45, scan.page.px_per_mm / 8.0 * 0.85);
  for (const ScannedCell& cell : scan.cells) {
    const cv::Rect2f& r = cell.where.cell_in_page;
    const std::string text = Shown(cell);
    auto it = findings.find({cell.where.grid, cell.where.column, cell.where.row_id});
    const bool uncertain = cell.reading.status != ReadingStatus::kEmpty && CardConfidence(cell) < min_confidence;
    const cv::Scalar colour = it != findings.end() ? kRed : uncertain ? kAmber : kGreen;
    if (it != findings.end() || uncertain)
      cv::rectangle(overlay, r, colour, it != findings.end() ? 3 : 2);
    std::string label = text;
    if (it != findings.end() && it->second->expected && cell.where.part != CellPart::kChecks)
      label += " (" + std::to_string(*it->second->expected) + ")";
    if (label.empty()) continue;
    // Top-left corner of the cell: handwriting sits in the middle.
    int baseline = 0;
    const cv::Size label_size = cv::getTextSize(label, cv::FONT_HERSHEY_SIMPLEX, scale, 2, &baseline);
    const cv::Point at(static_cast<int>(r.x + 4), static_cast<int>(r.y + 4 + label_size.height));
    cv::putText(overlay, label, at, cv::FONT_HERSHEY_SIMPLEX, scale, cv::Scalar(255, 255, 255), 6, cv::LINE_AA);
    cv::putText(overlay, label, at, cv::FONT_HERSHEY_SIMPLEX, scale, colour, 2, cv::LINE_AA);
  }
  return overlay;
}

}  // namespace scorecheck
