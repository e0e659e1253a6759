#include "readings/read_cell.h"

#include <algorithm>

namespace scorecheck {

Reading ReadTicksOrPoints(const CellInk& as_value, const CellInk& as_ticks, DigitReader& reader,
                          const ReadOptions& options) {
  Reading as_number = ReadCell(as_value, reader, options);
  if (as_number.status != ReadingStatus::kNumber && as_number.status != ReadingStatus::kIllegible) return as_number;
  // A tick reads as a 1, a 4 or a 7, two ticks as 11 or 14, never as a whole
  // number of bonuses; points are 100, 200, ... (rock: 50, 150), and a messy
  // 100 still has it among its readings.
  const int step = std::max(1, options.bonus_points_step);
  for (const Candidate& candidate : as_number.alternatives)
    if (candidate.value > 0 && candidate.value % step == 0) return as_number;
  if (as_ticks.kind != InkKind::kTicks) return as_number;
  return ReadCell(as_ticks, reader, options);
}

}  // namespace scorecheck
