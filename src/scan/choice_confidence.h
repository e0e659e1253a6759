#pragma once
// Rule-aware choice, inside: how sure the chosen decoding of a score column
// is of each number, once the written totals that add up in it vouch for
// their parts (Choice::confidence), and which values the rules chose rather
// than the reader read (Choice::rules_chose: decided here and nowhere else).
// Used by ChooseColumnValues(); not part of the stage's contract.

#include <vector>

#include "scan/choose_values.h"
#include "scan/column_rules.h"

namespace scorecheck {

/// Choice::confidence and Choice::rules_chose of every cell of `column` (see
/// there), `best` being the chosen decoding among `beam`.
void SetConfidences(const std::vector<ColumnCell>& column, const std::vector<Partial>& beam, const Partial& best,
                    const Ruleset& ruleset, const RowPositions& positions, int k, const ChoiceOptions& options,
                    ColumnChoice& choice);

}  // namespace scorecheck
