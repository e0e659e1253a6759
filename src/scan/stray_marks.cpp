#include "scan/stray_marks.h"

#include <algorithm>

namespace scorecheck {

bool HoldsOnlyStrayMarks(const std::vector<const Reading*>& column, const StrayMarkOptions& options) {
  const int most = std::max(options.max_marks, static_cast<int>(options.max_share * static_cast<double>(column.size())));
  int marks = 0;
  for (const Reading* reading : column) {
    switch (reading->status) {
      case ReadingStatus::kEmpty: continue;
      case ReadingStatus::kIllegible: break;
      case ReadingStatus::kNumber:
        if (reading->confidence >= options.sure_mark) return false;
        break;
      case ReadingStatus::kCrossed:
      case ReadingStatus::kChecks: return false;
    }
    if (++marks > most) return false;
  }
  return marks > 0;
}

bool StrayMarkOptions::Check() const {
  const auto Share = [](double x) { return x >= 0 && x <= 1; };  // a share or a probability
  return max_marks >= 0 && Share(max_share) && Share(sure_mark);
}

}  // namespace scorecheck
