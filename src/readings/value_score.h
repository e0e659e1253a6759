#pragma once
// Readings stage, inside: how likely a reading finds any value. Used by
// ReadCell() and ValueScore(); not part of the stage's contract.

#include <string>

#include "readings/read_cell.h"

namespace scorecheck {

/// ValueScore() of the number spelled `digits` with the whole-number steps
/// `steps` (the reading's own, softened, or the steps as read, for the
/// confidence) and the digit scores softened by `temperature`.
double MixedScore(const Reading& reading, const NumberSteps& steps, const std::string& digits, double temperature);

}  // namespace scorecheck
