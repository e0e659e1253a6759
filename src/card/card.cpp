#include "card/card.h"

namespace scorecheck {

const char* CellStateName(CellState state) {
  switch (state) {
    case CellState::kEmpty: return "empty";
    case CellState::kNumber: return "number";
    case CellState::kCrossed: return "crossed";
    case CellState::kChecks: return "checks";
  }
  return "empty";
}

CellValue CardColumn::At(const std::string& row_id) const {
  auto it = cells.find(row_id);
  return it == cells.end() ? CellValue{} : it->second;
}

bool CardGrid::NotFound(const std::string& row_id) const {
  return std::find(rows_not_found.begin(), rows_not_found.end(), row_id) != rows_not_found.end();
}

bool CardColumn::unused() const {
  for (const auto& [row, value] : cells)
    if (!value.empty()) return false;
  return true;
}

}  // namespace scorecheck
