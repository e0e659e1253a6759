#include "scan/scan_card.h"

#include <algorithm>
#include <map>
#include <optional>

#include "core/error.h"

namespace scorecheck {
namespace {

// Rule-aware choice for one entry box: a plausible legal alternative beats an
// illegal top reading, unless that reading is confident (a real player error
// stays visible).
int ChooseEntry(const Reading& reading, const RowSpec& row, int scale, bool& corrected) {
  const auto legal = [&](int v) { return v % scale == 0 && row.IsLegalRaw(v / scale); };
  const Candidate& top = reading.alternatives.front();
  if (legal(top.value) || top.score >= 0.9) return top.value;
  for (const Candidate& candidate : reading.alternatives)
    if (candidate.score >= 0.1 * top.score && legal(candidate.value)) {
      corrected = true;
      return candidate.value;
    }
  return top.value;
}

// Rule-aware choice for a total: among plausible alternatives, the one that
// equals the sum of what was read above it.
int ChooseTotal(const Reading& reading, int expected, bool& corrected) {
  const Candidate& top = reading.alternatives.front();
  if (top.value == expected || top.score >= 0.9) return top.value;
  for (const Candidate& candidate : reading.alternatives)
    if (candidate.value == expected && candidate.score >= 0.1 * top.score) {
      corrected = true;
      return candidate.value;
    }
  return top.value;
}

CellValue ToCellValue(const ScannedCell& cell) {
  CellValue value;
  switch (cell.reading.status) {
    case ReadingStatus::kEmpty: return value;
    case ReadingStatus::kNumber: value = CellValue::Number(cell.chosen); break;
    case ReadingStatus::kCrossed: value = CellValue::Crossed(); break;
    case ReadingStatus::kChecks: value = CellValue::Checks(cell.reading.checks); break;
    case ReadingStatus::kIllegible: value = CellValue::Number(0); break;
  }
  value.confidence = cell.reading.confidence;
  return value;
}

// Builds the card from the cells, applying the rule-aware choice in sheet
// order so totals can be checked against entries already chosen.
void AssembleCard(ScanResult& result, const Ruleset& ruleset, const ScanOptions& options) {
  for (ScannedCell& cell : result.cells) cell.corrected = false;
  std::map<std::pair<int, int>, CardColumn> columns;  // (grid, column) -> column
  for (ScannedCell& cell : result.cells) {
    const GridCell& where = cell.where;
    CardColumn& column = columns[{where.grid, where.column}];
    column.index = where.column;
    const RowSpec* row = ruleset.FindRow(where.row_id);
    if (!row) continue;
    if (cell.reading.status == ReadingStatus::kNumber) {
      cell.chosen = cell.reading.value;
      if (options.rule_aware && !cell.reading.alternatives.empty()) {
        // Entries in a ×k column may be written multiplied; accept either.
        const int k = ruleset.Multiplier(where.column);
        if (row->kind == RowKind::kEntry) {
          cell.chosen = ChooseEntry(cell.reading, *row, 1, cell.corrected);
          if (cell.corrected == false && k > 1 && !row->IsLegalRaw(cell.chosen))
            cell.chosen = ChooseEntry(cell.reading, *row, k, cell.corrected);
        } else if (row->kind == RowKind::kTotal && k == 1) {
          int sum = 0;
          for (const std::string& part : row->sum_of) {
            const CellValue value = column.At(part);
            sum += value.state == CellState::kNumber ? value.number : value.state == CellState::kChecks && value.points ? *value.points : 0;
          }
          cell.chosen = ChooseTotal(cell.reading, sum, cell.corrected);
        }
      }
    }
    CellValue value = ToCellValue(cell);
    if (where.part == CellPart::kPoints) {
      // Points beside the ticks join the ticks' cell.
      CellValue& bonus = column.cells[where.row_id];
      if (value.state == CellState::kNumber) {
        if (bonus.state != CellState::kChecks) bonus = CellValue::Checks(0);
        bonus.points = value.number;
        bonus.confidence = std::min(bonus.confidence.value_or(1.0), *value.confidence);
      }
      continue;
    }
    if (!value.empty()) column.cells[where.row_id] = value;
  }
  // Ticks row left empty but points written: points alone, as a number.
  for (auto& [key, column] : columns) {
    auto it = column.cells.find("yahtzee_bonus");
    if (it != column.cells.end() && it->second.state == CellState::kChecks && it->second.checks == 0) {
      const double confidence = it->second.confidence.value_or(1.0);
      it->second = CellValue::Number(*it->second.points);
      it->second.confidence = confidence;
    }
  }
  result.card.grids.clear();
  for (int g = 0; g < result.grid.grid_count; ++g) {
    CardGrid grid;
    grid.ruleset = ruleset.id;
    for (auto& [key, column] : columns)
      if (key.first == g) grid.columns.push_back(column);
    result.card.grids.push_back(grid);
  }
}

}  // namespace

ScanResult ScanImage(const cv::Mat& image, const std::string& source, const RulesetLibrary& rulesets,
                     DigitReader& reader, const ScanOptions& options, TextReader* text_reader) {
  ScanResult result;
  result.image = image;
  result.card.source = source;
  result.page = FindPage(image, options.page);
  if (!result.page.ok()) {
    result.status = ScanStatus::kNoPage;
    result.detail = "no page found: " + result.page.detail;
    return result;
  }
  std::unique_ptr<TextReader> own_text_reader;
  if (!text_reader && !result.page.sheet) {
    try {
      own_text_reader = TextReader::Create();
      text_reader = own_text_reader.get();
    } catch (const Error& e) {
      result.status = ScanStatus::kNoGrid;
      result.detail = std::string("cannot read printed labels: ") + e.what();
      return result;
    }
  }
  result.grid = LocateGrid(result.page, rulesets, options.grid, text_reader);
  if (!result.grid.ok()) {
    result.status = ScanStatus::kNoGrid;
    result.detail = "no scorecard grid found: " + result.grid.detail;
    return result;
  }
  const cv::Mat normalized = NormalizeLighting(result.grid.image);
  for (const GridCell& where : result.grid.cells) {
    ScannedCell cell;
    cell.where = where;
    const CellInk ink = ExtractCell(normalized, where.cell_in_page, where.part, options.cells);
    cell.ink = ink.kind;
    cell.reading = ReadCell(ink, reader, options.read);
    const cv::Rect2f& r = where.cell_in_page;
    for (const cv::Point2d corner : {cv::Point2d(r.x, r.y), cv::Point2d(r.x + r.width, r.y),
                                     cv::Point2d(r.x + r.width, r.y + r.height), cv::Point2d(r.x, r.y + r.height)}) {
      const cv::Vec3d page = result.grid.page_from_grid * cv::Vec3d(corner.x, corner.y, 1);
      cell.quad_in_image.push_back(cv::Point2f(ImageFromPage(result.page, {page[0] / page[2], page[1] / page[2]})));
    }
    result.cells.push_back(std::move(cell));
  }
  VerifyOptions verify = options.verify;
  verify.min_confidence = options.min_confidence;
  // When the printed labels fit several rulesets equally (a classic sheet and
  // a Triple Yahtzee sheet may print the same words), the one under which the
  // written numbers make the fewest errors, then warnings, is the card's.
  std::vector<std::string> candidates = {result.grid.ruleset_id};
  candidates.insert(candidates.end(), result.grid.ruleset_alternatives.begin(), result.grid.ruleset_alternatives.end());
  std::optional<std::pair<int, int>> best_count;
  ScanResult best;
  for (const std::string& id : candidates) {
    ScanResult trial = result;
    AssembleCard(trial, rulesets.Get(id), options);
    trial.verification = VerifyCard(trial.card, rulesets, verify);
    const std::pair<int, int> count(trial.verification.ErrorCount(), trial.verification.WarningCount());
    if (!best_count || count < *best_count) {
      best_count = count;
      trial.grid.ruleset_id = id;
      best = std::move(trial);
    }
  }
  if (candidates.size() > 1 && best.grid.ruleset_id != result.grid.ruleset_id) best.grid.ruleset_confidence *= 0.8;
  best.status = ScanStatus::kOk;
  return best;
}

ScanResult ScanCard(const std::string& path, const RulesetLibrary& rulesets, DigitReader& reader,
                    const ScanOptions& options, TextReader* text_reader) {
  const LoadedImage loaded = LoadImage(path, options.image);
  if (!loaded.ok()) {
    ScanResult result;
    result.status = ScanStatus::kImageFailed;
    result.detail = loaded.detail;
    result.card.source = path;
    return result;
  }
  return ScanImage(loaded.bgr, path, rulesets, reader, options, text_reader);
}

}  // namespace scorecheck
