#include "scan/stray_marks.h"

namespace scorecheck {

bool HoldsOnlyStrayMarks(const std::vector<const Reading*>& column, const StrayMarkOptions& options) {
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
    if (++marks > options.max_marks) return false;
  }
  return marks > 0;
}

}  // namespace scorecheck
