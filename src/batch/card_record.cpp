#include "batch/card_record.h"

#include <algorithm>
#include <cmath>
#include <map>
#include <set>
#include <tuple>

#include <opencv2/imgproc.hpp>

#include "card/card_json.h"
#include "report/overlay.h"
#include "report/report.h"
#include "verify/finding.h"

namespace scorecheck {
namespace {

using Json = nlohmann::ordered_json;

std::string ReadingText(const CellValue& cell) {
  switch (cell.state) {
    case CellState::kEmpty: return "empty";
    case CellState::kCrossed: return "crossed out";
    case CellState::kNumber: return std::to_string(cell.number);
    case CellState::kChecks: {
      std::string text = std::to_string(cell.checks) + (cell.checks == 1 ? " tick" : " ticks");
      if (cell.points) text += ", " + std::to_string(*cell.points) + " points";
      return text;
    }
  }
  return "";
}

std::string RowName(const Ruleset& ruleset, const std::string& row_id) {
  for (const RowSpec& row : ruleset.rows)
    if (row.id == row_id) return row.name;
  return row_id;
}

const CardColumn* FindColumn(const CardGrid& grid, int index) {
  for (const CardColumn& column : grid.columns)
    if (column.index == index) return &column;
  return nullptr;
}

// The part of `image` inside `box`, `margin` (share of its size) added around, clipped.
cv::Mat Crop(const cv::Mat& image, cv::Rect2f box, double margin) {
  const float dx = static_cast<float>(box.width * margin), dy = static_cast<float>(box.height * margin);
  const cv::Rect wanted(cv::Point(static_cast<int>(std::floor(box.x - dx)), static_cast<int>(std::floor(box.y - dy))),
                        cv::Point(static_cast<int>(std::ceil(box.br().x + dx)),
                                  static_cast<int>(std::ceil(box.br().y + dy))));
  const cv::Rect inside = wanted & cv::Rect(0, 0, image.cols, image.rows);
  if (inside.area() <= 0) return {};
  return image(inside).clone();
}

// Every cell rectangle of the scan in (grid, column) and, when given, row.
std::vector<cv::Rect2f> CellBoxes(const ScanResult& scan, int grid, int column, const std::string* row_id) {
  std::vector<cv::Rect2f> boxes;
  for (const GridCell& cell : scan.grid.cells)
    if (cell.grid == grid && cell.column == column && (!row_id || cell.row_id == *row_id))
      boxes.push_back(cell.cell_in_page);
  return boxes;
}

// Where a player's name is written: the band above the column's first cell,
// as tall as one and a half boxes (a "Player 1" or "Name" header box, or the
// column's head on sheets without one). Empty when the column is at the top.
cv::Mat NameCrop(const ScanResult& scan, int grid, int column) {
  const std::vector<cv::Rect2f> boxes = CellBoxes(scan, grid, column, nullptr);
  if (boxes.empty() || scan.grid.image.empty()) return {};
  const cv::Rect2f top = *std::min_element(boxes.begin(), boxes.end(),
                                           [](const cv::Rect2f& a, const cv::Rect2f& b) { return a.y < b.y; });
  const float height = std::min(top.height * 1.5f, top.y);
  if (height < top.height * 0.5f) return {};
  return Crop(scan.grid.image, cv::Rect2f(top.x, top.y - height, top.width, height), 0.0);
}

// Every box of the card where the overlay shows it, for the desk to lay its
// fields over: [{grid, column, row, row_name, box: [x, y, w, h] in overlay
// pixels, value (card format), reading (words), uncertain, by_person}]. A row printed
// several times in a column is one box around all of them.
Json BoxesOnOverlay(const ScanResult& scan, const RulesetLibrary& rulesets, int page_top, double min_confidence) {
  std::map<std::tuple<int, int, std::string>, cv::Rect2f> where;
  std::vector<std::tuple<int, int, std::string>> order;
  std::set<std::tuple<int, int, std::string>> by_person;
  for (const ScannedCell& cell : scan.cells)
    if (cell.by_person) by_person.insert(std::make_tuple(cell.where.grid, cell.where.column, cell.where.row_id));
  for (const GridCell& cell : scan.grid.cells) {
    const auto key = std::make_tuple(cell.grid, cell.column, cell.row_id);
    auto [it, added] = where.emplace(key, cell.cell_in_page);
    if (added) order.push_back(key);
    else it->second |= cell.cell_in_page;
  }
  // The page AnnotatePage draws on.
  const cv::Mat& image = scan.grid.image.empty() ? scan.page.rectified : scan.grid.image;
  const cv::Rect2f page(0, 0, static_cast<float>(image.cols), static_cast<float>(image.rows));
  Json boxes = Json::array();
  for (const auto& key : order) {
    const auto& [g, column_index, row] = key;
    if (g < 0 || g >= static_cast<int>(scan.card.grids.size())) continue;
    const CardGrid& grid = scan.card.grids[static_cast<size_t>(g)];
    const CardColumn* column = FindColumn(grid, column_index);
    const CellValue cell = column ? column->At(row) : CellValue::Empty();
    const std::optional<double> confidence = cell.LeastConfidence();
    const cv::Rect2f r = where.at(key) & page;
    boxes.push_back({{"grid", g + 1}, {"column", column_index + 1}, {"row", row},
                     {"row_name", RowName(rulesets.Get(grid.ruleset), row)},
                     {"box", Json::array({std::lround(r.x), std::lround(r.y) + page_top, std::lround(r.width),
                                          std::lround(r.height)})},
                     {"value", CellValueToJson(cell)}, {"reading", ReadingText(cell)},
                     {"uncertain", confidence.has_value() && *confidence < min_confidence},
                     {"by_person", by_person.count(key) > 0}});
  }
  return boxes;
}

std::string ColumnStatus(int errors, int warnings) { return errors ? "errors" : warnings ? "review" : "clean"; }

// The sheet line of the record: ScanSummary's "sheet: ..." line, bare.
std::string SheetLine(const ScanResult& scan, const RulesetLibrary& rulesets) {
  std::string sheet = ScanSummary(scan, rulesets);
  sheet.erase(0, sheet.find_first_not_of(' '));
  if (sheet.rfind("sheet: ", 0) == 0) sheet.erase(0, 7);
  if (!sheet.empty() && sheet.back() == '\n') sheet.pop_back();
  return sheet;
}

// The overlay and its thumbnail put in `out`, with the boxes drawn on it.
void AddOverlay(CardOutput& out, const std::string& base, const ScanResult& scan, const RulesetLibrary& rulesets,
                const CardRecordOptions& options) {
  int page_top = 0;
  const cv::Mat overlay = DrawOverlay(scan, rulesets, options.min_confidence, &page_top);
  if (overlay.empty()) return;
  Json& record = out.record;
  record["overlay_size"] = Json::array({overlay.cols, overlay.rows});
  record["boxes"] = BoxesOnOverlay(scan, rulesets, page_top, options.min_confidence);
  record["overlay"] = base + ".overlay.jpg";
  out.images.emplace_back(base + ".overlay.jpg", overlay);
  const int width = std::min(options.thumbnail_width, overlay.cols);
  cv::Mat thumbnail;
  cv::resize(overlay, thumbnail, cv::Size(width, std::max(1, overlay.rows * width / overlay.cols)), 0, 0,
             cv::INTER_AREA);
  record["thumbnail"] = base + ".thumb.jpg";
  out.images.emplace_back(base + ".thumb.jpg", thumbnail);
}

// A cell as a person checks it: where, what was read, how sure, its crop
// (each crop written once, however many lists name the cell).
class CellItems {
 public:
  CellItems(const ScanResult& scan, const RulesetLibrary& rulesets, const std::string& base,
            const CardRecordOptions& options, CardOutput& out)
      : scan_(scan), rulesets_(rulesets), base_(base), options_(options), out_(out) {}

  Json operator()(int g, int column_index, const std::string& row) {
    const CardGrid& grid = scan_.card.grids[static_cast<size_t>(g)];
    const CardColumn* column = FindColumn(grid, column_index);
    const CellValue cell = column ? column->At(row) : CellValue::Empty();
    const bool not_found = cell.empty() && grid.NotFound(row);
    Json item = {{"grid", g + 1}, {"column", column_index + 1}, {"row", row},
                 {"row_name", RowName(rulesets_.Get(grid.ruleset), row)},
                 {"reading", not_found ? "not found on the sheet" : ReadingText(cell)},
                 {"value", CellValueToJson(cell)}};
    const std::optional<double> confidence = cell.LeastConfidence();
    item["confidence"] = confidence ? Json(std::round(*confidence * 100) / 100) : Json(nullptr);
    const std::vector<cv::Rect2f> boxes = CellBoxes(scan_, g, column_index, &row);
    if (boxes.empty()) return item;
    cv::Rect2f box = boxes[0];
    for (const cv::Rect2f& b : boxes) box |= b;
    const std::string path = base_ + ".crops/g" + std::to_string(g + 1) + "-c" + std::to_string(column_index + 1) +
                             "-" + row + ".png";
    if (cropped_.count(path)) {
      item["crop"] = path;
      return item;
    }
    const cv::Mat crop = Crop(scan_.grid.image, box, options_.crop_margin);
    if (!crop.empty()) {
      item["crop"] = path;
      cropped_.insert(path);
      out_.images.emplace_back(path, crop);
    }
    return item;
  }

 private:
  const ScanResult& scan_;
  const RulesetLibrary& rulesets_;
  const std::string& base_;
  const CardRecordOptions& options_;
  CardOutput& out_;
  std::set<std::string> cropped_;
};

// One played column of grid `g` as the record lists it: its totals, its
// findings counted, its status, the crop of the name written over it and
// the name a person gave it.
Json ColumnEntry(const ScanResult& scan, size_t g, const ColumnCheck& column, const Ruleset& ruleset,
                 const std::string& base, const std::vector<Correction>& answers, CardOutput& out) {
  const CardGrid& grid = scan.card.grids[g];
  const GridCheck& check = scan.verification.grids[g];
  const RowSpec* final_total = ruleset.FinalTotal();
  const int grid_number = static_cast<int>(g) + 1;
  int errors = 0, warnings = 0, unsure = 0;
  for (const Finding& f : check.findings) {
    if (f.column != column.index) continue;
    (f.severity == Severity::kError ? errors : warnings)++;
    if (f.code == codes::kUncertainRead) ++unsure;
  }
  Json entry = {{"grid", grid_number}, {"column", column.index + 1}, {"ruleset", grid.ruleset}};
  const CardColumn* written = FindColumn(grid, column.index);
  const CellValue total = written && final_total ? written->At(final_total->id) : CellValue::Empty();
  entry["written_total"] = total.state == CellState::kNumber ? Json(total.number) : Json(nullptr);
  entry["recomputed_total"] = final_total && column.computed.count(final_total->id)
                                  ? Json(column.computed.at(final_total->id))
                                  : Json(nullptr);
  entry["errors"] = errors;
  entry["warnings"] = warnings;
  entry["uncertain"] = unsure;
  entry["status"] = ColumnStatus(errors, warnings);
  const cv::Mat name_crop = NameCrop(scan, static_cast<int>(g), column.index);
  if (!name_crop.empty()) {
    const std::string path =
        base + ".crops/g" + std::to_string(grid_number) + "-c" + std::to_string(column.index + 1) + "-name.png";
    entry["name_crop"] = path;
    out.images.emplace_back(path, name_crop);
  }
  for (const Correction& answer : answers)
    if (answer.name && answer.grid == grid_number && answer.column == column.index + 1) entry["name"] = *answer.name;
  return entry;
}

// The answers a person gave that the card holds, as the record lists them.
Json CorrectedCells(const ScanResult& scan, const RulesetLibrary& rulesets, const std::vector<Correction>& answers) {
  Json corrected = Json::array();
  for (const Correction& answer : answers) {
    if (answer.row.empty() || answer.grid < 1 || answer.grid > static_cast<int>(scan.card.grids.size())) continue;
    const bool applied = std::any_of(scan.cells.begin(), scan.cells.end(), [&](const ScannedCell& cell) {
      return cell.by_person && cell.where.grid == answer.grid - 1 && cell.where.column == answer.column - 1 &&
             cell.where.row_id == answer.row;
    });
    if (!applied) continue;
    const Ruleset& ruleset = rulesets.Get(scan.card.grids[static_cast<size_t>(answer.grid - 1)].ruleset);
    corrected.push_back({{"grid", answer.grid}, {"column", answer.column}, {"row", answer.row},
                         {"row_name", RowName(ruleset, answer.row)}, {"value", ReadingText(answer.value)}});
  }
  return corrected;
}

}  // namespace

CardOutput ScannedCardOutput(const std::string& name, const std::string& base, const ScanResult& scan,
                             const RulesetLibrary& rulesets, const CardRecordOptions& options,
                             const std::vector<Correction>& answers, const std::vector<std::string>& problems) {
  CardOutput out;
  Json& record = out.record;
  const Verification& verification = scan.verification;
  record["file"] = name;
  record["status"] = ColumnStatus(verification.ErrorCount(), verification.WarningCount());
  record["summary"] = SummaryLine(scan.card, verification, rulesets);
  record["sheet"] = SheetLine(scan, rulesets);
  record["ruleset"] = scan.card.grids.empty() ? scan.ruleset.id : scan.card.grids[0].ruleset;
  AddOverlay(out, base, scan, rulesets, options);

  Json columns = Json::array(), findings = Json::array(), uncertain = Json::array();
  CellItems cell_item(scan, rulesets, base, options, out);
  std::vector<std::tuple<int, int, std::string>> evidence_keys;  // (grid, column, row), in order
  for (size_t g = 0; g < scan.card.grids.size() && g < verification.grids.size(); ++g) {
    const Ruleset& ruleset = rulesets.Get(scan.card.grids[g].ruleset);
    const RowSpec* final_total = ruleset.FinalTotal();
    const int grid_number = static_cast<int>(g) + 1;
    for (const ColumnCheck& column : verification.grids[g].columns) {
      if (!column.used) continue;
      columns.push_back(ColumnEntry(scan, g, column, ruleset, base, answers, out));
      if (final_total) evidence_keys.emplace_back(static_cast<int>(g), column.index, final_total->id);
    }
    for (const Finding& f : verification.grids[g].findings) {
      findings.push_back({{"grid", grid_number},
                          {"column", f.column + 1},
                          {"severity", SeverityName(f.severity)},
                          {"code", f.code},
                          {"row", f.row ? Json(*f.row) : Json(nullptr)},
                          {"row_name", f.row ? RowName(ruleset, *f.row) : ""},
                          {"message", f.message}});
      if (f.row) evidence_keys.emplace_back(static_cast<int>(g), f.column, *f.row);
      if (f.code == codes::kUncertainRead && f.row) uncertain.push_back(cell_item(static_cast<int>(g), f.column, *f.row));
    }
  }
  Json evidence = Json::array();
  std::set<std::tuple<int, int, std::string>> seen;
  for (const auto& key : evidence_keys)
    if (seen.insert(key).second) evidence.push_back(cell_item(std::get<0>(key), std::get<1>(key), std::get<2>(key)));
  record["columns"] = columns;
  record["findings"] = findings;
  record["uncertain"] = uncertain;
  record["evidence"] = evidence;
  record["corrected"] = CorrectedCells(scan, rulesets, answers);
  if (!problems.empty()) record["correction_problems"] = problems;
  Json report = ReportJson(scan.card, verification, rulesets, &scan.cells);
  report["ruleset_confidence"] = scan.ruleset.confidence;
  report["grid_source"] = GridSourceName(scan.grid.source);
  record["report"] = report;
  return out;
}

CardOutput FailedCardOutput(const std::string& name, const std::string& reason) {
  CardOutput out;
  out.record = {{"file", name}, {"status", "unreadable"}, {"reason", reason}};
  return out;
}

bool CardRecordOptions::Check() const {
  const auto Share = [](double x) { return x >= 0 && x <= 1; };  // a share or a probability
  return Share(min_confidence) && thumbnail_width > 0 && crop_margin >= 0;
}

}  // namespace scorecheck
