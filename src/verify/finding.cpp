#include "verify/finding.h"

namespace scorecheck {

const char* SeverityName(Severity severity) { return severity == Severity::kError ? "error" : "warning"; }

}  // namespace scorecheck
