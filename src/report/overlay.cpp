#include "report/overlay.h"

#include <map>
#include <tuple>

#include <opencv2/imgproc.hpp>

#include "core/text.h"
#include "report/overlay_text.h"
#include "report/report.h"

namespace scorecheck {
namespace {

const cv::Scalar kGreen = kOverlayRead, kAmber = kOverlayUncertain, kRed = kOverlayWrong, kBlue = kOverlayByPerson,
                 kInk(30, 30, 30), kPaperWhite(255, 255, 255);

std::string ValueText(const CellValue& value) {
  switch (value.state) {
    case CellState::kEmpty: return "-";
    case CellState::kNumber: return std::to_string(value.number);
    case CellState::kCrossed: return "X";
    case CellState::kChecks: {
      std::string text = std::to_string(value.checks);
      text.append(value.checks == 1 ? " tick" : " ticks");
      if (value.points) text.append(" ").append(std::to_string(*value.points));
      return text;
    }
  }
  return "";
}

std::string Shown(const ScannedCell& cell) {
  if (cell.by_person) return ValueText(*cell.by_person);
  switch (CardStatus(cell)) {
    case ReadingStatus::kEmpty: return "";
    case ReadingStatus::kNumber: return std::to_string(cell.chosen) + (cell.corrected ? "*" : "");
    case ReadingStatus::kCrossed: return "X";
    case ReadingStatus::kChecks: return std::to_string(cell.reading.checks) + " tick" + (cell.reading.checks == 1 ? "" : "s");
    case ReadingStatus::kIllegible: return "?";
  }
  return "";
}

// `text` at `at` (baseline left) in `colour`, on a white halo so it reads over ink.
void Label(cv::Mat& image, const std::string& text, cv::Point at, double scale, const cv::Scalar& colour,
           bool halo = true) {
  const int thickness = std::max(1, static_cast<int>(scale * 2.2));
  if (halo) cv::putText(image, text, at, cv::FONT_HERSHEY_SIMPLEX, scale, kPaperWhite, thickness * 3, cv::LINE_AA);
  cv::putText(image, text, at, cv::FONT_HERSHEY_SIMPLEX, scale, colour, thickness, cv::LINE_AA);
}

// Lines of `text` (UTF-8) no wider than `width` pixels at a font size of
// `px`, broken at spaces, for DrawOverlayText.
std::vector<std::string> WrapText(const std::string& text, int width, double px) {
  return WrapWords(text, [&](const std::string& line) { return OverlayTextWidth(line, px) <= width; });
}

// "Grand totals (recomputed): column 1 232, column 2 203 (written 213)".
std::string GrandTotals(const ScanResult& scan, const RulesetLibrary& rulesets) {
  std::vector<std::string> parts;
  for (size_t g = 0; g < scan.card.grids.size() && g < scan.verification.grids.size(); ++g) {
    const Ruleset* ruleset = rulesets.Find(scan.card.grids[g].ruleset);
    const RowSpec* total = ruleset ? ruleset->FinalTotal() : nullptr;
    if (!total) continue;
    for (const ColumnCheck& column : scan.verification.grids[g].columns) {
      if (!column.used || !column.computed.count(total->id)) continue;
      std::string part = scan.card.grids.size() > 1 ? "grid " + std::to_string(g + 1) + " " : "";
      part.append("column ").append(std::to_string(column.index + 1)).append(" ");
      part.append(std::to_string(column.computed.at(total->id)));
      for (const CardColumn& written : scan.card.grids[g].columns)
        if (written.index == column.index) {
          const CellValue cell = written.At(total->id);
          if (cell.state == CellState::kNumber && cell.number != column.computed.at(total->id))
            part.append(" (written ").append(std::to_string(cell.number)).append(")");
        }
      parts.push_back(part);
    }
  }
  if (parts.empty()) return "No column played";
  std::string text = "Grand totals (recomputed): ";
  for (size_t i = 0; i < parts.size(); ++i) text.append(i ? ", " : "").append(parts[i]);
  return text;
}

// The header: what the card is and what the check found, in any language
// (file and ruleset names are UTF-8).
cv::Mat Header(const ScanResult& scan, const RulesetLibrary& rulesets, int width, double scale) {
  const Ruleset* ruleset = scan.card.grids.empty() ? nullptr : rulesets.Find(scan.card.grids[0].ruleset);
  // Font sizes (em, pixels) as tall as the Hershey text of the page's labels at `scale`.
  const double px = 30 * scale, first_px = px * 1.1;
  std::vector<std::tuple<std::string, cv::Scalar, double>> lines;
  const int margin = static_cast<int>(14 * scale);
  for (const std::string& l : WrapText(scan.card.source, width - 2 * margin, first_px))
    lines.emplace_back(l, kInk, first_px);
  const std::string sheet = ruleset ? ruleset->name + " (" + ruleset->id + ")" : scan.ruleset.id;
  for (const std::string& l : WrapText(sheet, width - 2 * margin, px)) lines.emplace_back(l, kInk, px);
  const cv::Scalar verdict_colour = scan.verification.ErrorCount() ? kRed
                                    : scan.verification.WarningCount() ? kAmber
                                                                       : kGreen;
  for (const std::string& l : WrapText(SummaryLine(scan.card, scan.verification, rulesets), width - 2 * margin, px))
    lines.emplace_back(l, verdict_colour, px);
  for (const std::string& l : WrapText(GrandTotals(scan, rulesets), width - 2 * margin, px))
    lines.emplace_back(l, kInk, px);
  const int line_height = static_cast<int>(34 * scale);
  cv::Mat header(margin * 2 + line_height * static_cast<int>(lines.size()), width, CV_8UC3, kPaperWhite);
  for (size_t i = 0; i < lines.size(); ++i) {
    const auto& [text, colour, size] = lines[i];
    DrawOverlayText(header, text, cv::Point(margin, margin + line_height * static_cast<int>(i + 1) - line_height / 4),
                    size, colour);
  }
  cv::line(header, cv::Point(0, header.rows - 1), cv::Point(width, header.rows - 1), cv::Scalar::all(180), 2);
  return header;
}

// The legend: what each colour and mark means.
cv::Mat Legend(int width, double scale) {
  const std::vector<std::pair<std::string, cv::Scalar>> entries = {
      {"read", kGreen},
      {"uncertain", kAmber},
      {"wrong (expected)", kRed},
      {"corrected by a person", kBlue},
      {"* changed by the totals check", kInk}};
  const int margin = static_cast<int>(14 * scale), line_height = static_cast<int>(34 * scale),
            box = static_cast<int>(18 * scale);
  // Entries side by side while they fit, then on the next line.
  std::vector<std::vector<int>> rows(1);
  int x = margin;
  for (size_t i = 0; i < entries.size(); ++i) {
    int baseline = 0;
    const int w = box + margin / 2 + cv::getTextSize(entries[i].first, cv::FONT_HERSHEY_SIMPLEX, scale, 2, &baseline).width +
                  2 * margin;
    if (x + w > width && !rows.back().empty()) {
      rows.emplace_back();
      x = margin;
    }
    rows.back().push_back(static_cast<int>(i));
    x += w;
  }
  cv::Mat legend(margin * 2 + line_height * static_cast<int>(rows.size()), width, CV_8UC3, kPaperWhite);
  cv::line(legend, cv::Point(0, 0), cv::Point(width, 0), cv::Scalar::all(180), 2);
  for (size_t r = 0; r < rows.size(); ++r) {
    int at = margin;
    const int baseline_y = margin + line_height * static_cast<int>(r + 1) - line_height / 4;
    for (int i : rows[r]) {
      const auto& [text, colour] = entries[static_cast<size_t>(i)];
      if (text[0] != '*') cv::rectangle(legend, cv::Rect(at, baseline_y - box, box, box), colour, std::max(2, box / 6));
      const int text_x = text[0] == '*' ? at : at + box + margin / 2;
      Label(legend, text, cv::Point(text_x, baseline_y), scale, text[0] == '*' ? kInk : colour, false);
      int baseline = 0;
      at = text_x + cv::getTextSize(text, cv::FONT_HERSHEY_SIMPLEX, scale, 2, &baseline).width + 2 * margin;
    }
  }
  return legend;
}

}  // namespace

cv::Mat AnnotatePage(const ScanResult& scan, double min_confidence) {
  cv::Mat page_overlay;
  // The cells are placed on the grid's page (upright); before a grid is
  // found only the rectified page exists.
  const cv::Mat& page = scan.grid.image.empty() ? scan.page.rectified : scan.grid.image;
  if (page.empty()) return page_overlay;
  // Fade the page so the annotations stand out.
  page.convertTo(page_overlay, -1, 0.55, 255 * 0.45);

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
    const bool wrong = it != findings.end();
    const bool uncertain = !cell.by_person && cell.reading.status != ReadingStatus::kEmpty &&
                           CardConfidence(cell) < min_confidence;
    const cv::Scalar colour = wrong ? kRed : cell.by_person ? kBlue : uncertain ? kAmber : kGreen;
    if (wrong || uncertain || cell.by_person) cv::rectangle(page_overlay, r, colour, wrong ? 3 : 2);
    std::string label = text;
    if (wrong && it->second->expected && cell.where.part != CellPart::kChecks)
      label += " (" + std::to_string(*it->second->expected) + ")";
    if (label.empty()) continue;
    // Top-left corner of the cell: handwriting sits in the middle.
    int baseline = 0;
    const cv::Size label_size = cv::getTextSize(label, cv::FONT_HERSHEY_SIMPLEX, scale, 2, &baseline);
    const cv::Point at(static_cast<int>(r.x + 4), static_cast<int>(r.y + 4 + label_size.height));
    cv::putText(page_overlay, label, at, cv::FONT_HERSHEY_SIMPLEX, scale, kPaperWhite, 6, cv::LINE_AA);
    cv::putText(page_overlay, label, at, cv::FONT_HERSHEY_SIMPLEX, scale, colour, 2, cv::LINE_AA);
  }
  return page_overlay;
}

cv::Mat DrawOverlay(const ScanResult& scan, const RulesetLibrary& rulesets, double min_confidence, int* page_top) {
  const cv::Mat page_overlay = AnnotatePage(scan, min_confidence);
  if (page_overlay.empty()) return page_overlay;
  const int page_cols = page_overlay.cols;
  // Header and legend sized to the page: their text about 1/55 of its width.
  const double band_scale = std::max(0.5, page_cols / 1700.0 * 1.5);
  const cv::Mat header = Header(scan, rulesets, page_cols, band_scale);
  if (page_top) *page_top = header.rows;
  cv::Mat overlay;
  cv::vconcat(std::vector<cv::Mat>{header, page_overlay, Legend(page_cols, band_scale)}, overlay);
  return overlay;
}

}  // namespace scorecheck
