#pragma once
// A scan result built by hand: a one-grid card whose cells are laid out on a
// white page, for tests of what comes after the scanner (corrections, overlay,
// batch records) without photos.

#include <opencv2/core.hpp>

#include "scan/scan_card.h"
#include "support/test_support.h"

namespace scorecheck::testing {

/// A scan of a `ruleset` card of one grid and `columns` score columns, every
/// cell 60 x 40 page pixels (labels 100 px wide on the left), column 0
/// holding `column0` read with confidence 0.99, the others empty; verified.
inline ScanResult FakeScan(const std::string& ruleset_id, const Cells& column0, int columns = 2) {
  ScanResult scan;
  scan.status = ScanStatus::kOk;
  scan.card = MakeCard(ruleset_id, {column0});
  scan.card.source = "card.jpg";
  const Ruleset& ruleset = ShippedRulesets().Get(ruleset_id);
  scan.grid.status = GridStatus::kFound;
  scan.ruleset.id = ruleset_id;
  scan.grid.grid_count = 1;
  scan.grid.columns = {columns};
  scan.grid.image = cv::Mat(40 * static_cast<int>(ruleset.rows.size()) + 80, 100 + 60 * columns + 40, CV_8UC3,
                            cv::Scalar::all(255));
  scan.page.px_per_mm = 8;
  for (int column = 0; column < columns; ++column)
    for (size_t r = 0; r < ruleset.rows.size(); ++r) {
      ScannedCell cell;
      cell.where.grid = 0;
      cell.where.column = column;
      cell.where.row_id = ruleset.rows[r].id;
      cell.where.cell_in_page = cv::Rect2f(100.f + 60.f * column, 40.f + 40.f * r, 60.f, 40.f);
      const CellValue value = column == 0 ? At(column0, ruleset.rows[r].id) : CellValue::Empty();
      if (value.state == CellState::kNumber) {
        cell.reading.status = ReadingStatus::kNumber;
        cell.reading.value = cell.chosen = value.number;
        cell.reading.confidence = cell.reading.number_confidence = 0.99;
      }
      scan.grid.cells.push_back(cell.where);
      scan.cells.push_back(cell);
    }
  scan.verification = Check(scan.card);
  return scan;
}

}  // namespace scorecheck::testing
