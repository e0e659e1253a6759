#include "report/report.h"

#include <algorithm>
#include <cmath>
#include <set>
#include <sstream>
#include <tuple>

#include <opencv2/imgproc.hpp>

#include "card/card_json.h"
#include "core/text.h"

namespace scorecheck {
namespace {

using Json = nlohmann::ordered_json;

Json OptionalInt(const std::optional<int>& value) { return value ? Json(*value) : Json(nullptr); }

Json CellJson(const std::string& row_id, const CellValue& cell) {
  Json json = {{"row", row_id}, {"state", CellStateName(cell.state)}};
  json["value"] = cell.state == CellState::kNumber ? Json(cell.number)
                  : cell.state == CellState::kChecks && cell.points ? Json(*cell.points)
                                                                     : Json(nullptr);
  json["checks"] = cell.state == CellState::kChecks ? Json(cell.checks) : Json(nullptr);
  return json;
}

// "column 2" or, in a grid of several on one page, "grid 1 column 2"; with the
// multiplier when the column has one.
std::string ColumnName(size_t grid_index, size_t grid_count, int column, const Ruleset& ruleset) {
  std::string name;
  if (grid_count > 1) name = "grid " + std::to_string(grid_index + 1) + " ";
  name += "column " + std::to_string(column + 1);
  if (ruleset.HasMultipliers()) name += " (×" + std::to_string(ruleset.Multiplier(column)) + ")";
  return name;
}

}  // namespace

// Scan details of one cell: every printed row holding `row_id` in that column.
void AddScanDetails(Json& cell, const std::vector<ScannedCell>& scanned, int grid, int column, const std::string& row_id) {
  cv::Rect2f box;
  bool any = false;
  Json raw = Json::array(), alternatives = Json::array();
  double confidence = 1;
  bool by_person = false;
  for (const ScannedCell& s : scanned) {
    if (s.where.grid != grid || s.where.column != column || s.where.row_id != row_id) continue;
    by_person |= s.by_person.has_value();
    const cv::Rect2f here = cv::boundingRect(s.quad_in_image);
    box = any ? (box | here) : here;
    any = true;
    raw.push_back(s.reading.raw);
    if (s.reading.status != ReadingStatus::kEmpty) confidence = std::min(confidence, CardConfidence(s));
    for (const Candidate& c : s.reading.alternatives) alternatives.push_back(Json::array({c.value, c.score}));
  }
  if (!any) return;
  if (by_person) {
    // A person said what the cell holds (review): nothing about it is uncertain.
    cell["corrected"] = true;
    confidence = 1;
  }
  cell["confidence"] = std::round(confidence * 1000) / 1000;
  cell["bbox"] = Json::array({std::lround(box.x), std::lround(box.y), std::lround(box.width), std::lround(box.height)});
  cell["raw"] = raw.size() == 1 ? raw[0] : raw;
  if (!alternatives.empty()) cell["alternatives"] = alternatives;
}

nlohmann::ordered_json ReportJson(const Card& card, const Verification& verification, const RulesetLibrary& rulesets,
                                  const std::vector<ScannedCell>* scanned) {
  Json report;
  report["source"] = card.source;
  report["status"] = verification.ErrorCount() ? "errors" : verification.WarningCount() ? "warnings" : "ok";
  report["errors"] = verification.ErrorCount();
  report["warnings"] = verification.WarningCount();
  Json grids = Json::array();
  for (size_t g = 0; g < card.grids.size() && g < verification.grids.size(); ++g) {
    const CardGrid& grid = card.grids[g];
    const GridCheck& check = verification.grids[g];
    const Ruleset& ruleset = rulesets.Get(grid.ruleset);
    Json columns = Json::array();
    for (size_t c = 0; c < grid.columns.size() && c < check.columns.size(); ++c) {
      const CardColumn& column = grid.columns[c];
      const ColumnCheck& column_check = check.columns[c];
      Json cells = Json::array();
      for (const RowSpec& row : ruleset.rows) {
        Json cell = CellJson(row.id, column.At(row.id));
        if (scanned) AddScanDetails(cell, *scanned, static_cast<int>(g), column.index, row.id);
        cells.push_back(cell);
      }
      Json computed = Json::object();
      for (const RowSpec& row : ruleset.rows)
        if (row.kind != RowKind::kEntry) {
          auto it = column_check.computed.find(row.id);
          computed[row.id] = it == column_check.computed.end() ? 0 : it->second;
        }
      Json column_json = {{"index", column.index},
                          {"multiplier", column_check.multiplier},
                          {"entry_convention", std::string(EntryConventionName(column_check.convention))}};
      if (!column_check.convention_reason.empty()) column_json["convention_reason"] = column_check.convention_reason;
      column_json["used"] = column_check.used;
      column_json["cells"] = cells;
      column_json["computed"] = computed;
      columns.push_back(column_json);
    }
    Json findings = Json::array();
    for (const Finding& f : check.findings) {
      findings.push_back({{"code", f.code},
                          {"severity", SeverityName(f.severity)},
                          {"row", f.row ? Json(*f.row) : Json(nullptr)},
                          {"column", f.column},
                          {"written", OptionalInt(f.written)},
                          {"expected", OptionalInt(f.expected)},
                          {"message", f.message}});
    }
    grids.push_back({{"ruleset", grid.ruleset}, {"columns", columns}, {"findings", findings}});
  }
  report["grids"] = grids;
  return report;
}

std::string SummaryLine(const Card& card, const Verification& verification, const RulesetLibrary& rulesets) {
  std::vector<std::string> wrong_totals, totals;
  for (size_t g = 0; g < card.grids.size() && g < verification.grids.size(); ++g) {
    const Ruleset& ruleset = rulesets.Get(card.grids[g].ruleset);
    const RowSpec* final_total = ruleset.FinalTotal();
    if (!final_total) continue;
    for (const ColumnCheck& column : verification.grids[g].columns) {
      if (!column.used) continue;
      const int recomputed = column.computed.count(final_total->id) ? column.computed.at(final_total->id) : 0;
      const std::string where = ColumnName(g, card.grids.size(), column.index, ruleset);
      totals.push_back(std::to_string(recomputed));
      for (const Finding& f : verification.grids[g].findings)
        if (f.column == column.index && f.row == final_total->id && f.written && f.expected &&
            *f.written != *f.expected)
          wrong_totals.push_back(where + ": " + final_total->name + " written " + std::to_string(*f.written) +
                                 ", recomputed " + std::to_string(*f.expected) +
                                 (f.severity == Severity::kWarning ? " (reading unsure)" : ""));
    }
  }
  const int errors = verification.ErrorCount(), warnings = verification.WarningCount();
  std::ostringstream line;
  if (errors + warnings == 0) {
    line << "OK";
    if (!totals.empty()) line << " (grand total" << (totals.size() > 1 ? "s " : " ") << Join(totals, ", ") << ")";
    return line.str();
  }
  std::vector<std::string> counts;
  if (errors) counts.push_back(std::to_string(errors) + (errors == 1 ? " error" : " errors"));
  if (warnings) counts.push_back(std::to_string(warnings) + (warnings == 1 ? " warning" : " warnings"));
  line << Join(counts, ", ");
  if (!wrong_totals.empty()) line << "; " << Join(wrong_totals, "; ");
  return line.str();
}

std::string TextReport(const Card& card, const Verification& verification, const RulesetLibrary& rulesets) {
  std::ostringstream text;
  text << SummaryLine(card, verification, rulesets) << "\n";
  for (size_t g = 0; g < card.grids.size() && g < verification.grids.size(); ++g) {
    const Ruleset& ruleset = rulesets.Get(card.grids[g].ruleset);
    for (const ColumnCheck& column : verification.grids[g].columns)
      if (column.used && !column.convention_reason.empty())
        text << "  " << ColumnName(g, card.grids.size(), column.index, ruleset) << ": entries read as "
             << EntryConventionName(column.convention) << " (" << column.convention_reason << ")\n";
    for (const Finding& f : verification.grids[g].findings)
      text << "  " << (f.severity == Severity::kError ? "error  " : "warning") << "  "
           << ColumnName(g, card.grids.size(), f.column, ruleset) << "  " << f.message << "\n";  // codes: machine output only
  }
  return text.str();
}

std::string ScanSummary(const ScanResult& scan, const RulesetLibrary& rulesets) {
  std::ostringstream text;
  const Ruleset* ruleset = rulesets.Find(scan.ruleset.id);
  text << "  sheet: " << (ruleset ? ruleset->name + " (" + ruleset->id + ")" : scan.ruleset.id);
  if (scan.grid.source == GridSource::kSheetCode) {
    text << " from its sheet code";
  } else if (scan.grid.source == GridSource::kLayout) {
    text << " from its grids' shape alone (labels unreadable; rows taken in the ruleset's printed order), "
         << std::lround(100 * scan.ruleset.confidence) << "% sure";
  } else if (scan.grid.source == GridSource::kLabelsPartlyRead) {
    text << " from its printed labels, read in part (the rows not read placed by their order), "
         << std::lround(100 * scan.ruleset.confidence) << "% sure";
  } else {
    text << " from its printed labels, " << std::lround(100 * scan.ruleset.confidence) << "% sure";
  }
  // Say so when the printed page fits other rulesets as well: the entries
  // (which totals add up) chose, and a person may know better.
  for (size_t i = 0; i < scan.ruleset.undecided.size(); ++i) {
    const Ruleset* other = rulesets.Find(scan.ruleset.undecided[i]);
    text << (i ? " or " : ", but the printed page does not tell it from ")
         << (other ? other->name + " (" + other->id + ")" : scan.ruleset.undecided[i]);
  }
  for (size_t i = 0; i < scan.ruleset.told_by_entries.size(); ++i) {
    const Ruleset* other = rulesets.Find(scan.ruleset.told_by_entries[i]);
    text << (i ? " or " : ", told by its entries from ")
         << (other ? other->name + " (" + other->id + ")" : scan.ruleset.told_by_entries[i]);
  }
  std::vector<int> columns = scan.grid.columns;
  columns.erase(std::unique(columns.begin(), columns.end()), columns.end());
  text << "; " << scan.grid.grid_count << (scan.grid.grid_count == 1 ? " grid of " : " grids of ");
  for (size_t i = 0; i < columns.size(); ++i) text << (i ? "/" : "") << columns[i];
  text << (columns.size() == 1 && columns[0] == 1 ? " column" : " columns");
  text << "; page " << (scan.page.method == PageMethod::kMarkers   ? "found by its corner markers"
                         : scan.page.method == PageMethod::kOutline ? "found by its outline"
                                                                    : "taken as the whole image")
       << "\n";
  return text.str();
}

std::string CorrectedCells(const ScanResult& scan, const RulesetLibrary& rulesets) {
  std::ostringstream text;
  std::set<std::tuple<int, int, std::string>> shown;  // a bonus row's ticks and points are one cell
  for (const ScannedCell& cell : scan.cells) {
    if (!cell.by_person || !shown.insert({cell.where.grid, cell.where.column, cell.where.row_id}).second) continue;
    const size_t g = static_cast<size_t>(cell.where.grid);
    if (g >= scan.card.grids.size()) continue;
    const Ruleset& ruleset = rulesets.Get(scan.card.grids[g].ruleset);
    const RowSpec* row = ruleset.FindRow(cell.where.row_id);
    const nlohmann::ordered_json value = CellValueToJson(*cell.by_person);
    text << "  corrected by hand: " << ColumnName(g, scan.card.grids.size(), cell.where.column, ruleset) << " "
         << (row ? row->name : cell.where.row_id) << " = " << (value.is_null() ? "empty" : value.dump()) << "\n";
  }
  return text.str();
}

}  // namespace scorecheck
