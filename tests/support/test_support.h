#pragma once
// Shared test helpers: the shipped rulesets, and a terse way to write cards.

#include <initializer_list>
#include <string>
#include <utility>
#include <vector>

#include "card/card.h"
#include "rules/ruleset_library.h"
#include "verify/verify.h"

namespace scorecheck::testing {

/// The repository's templates/rulesets, loaded once.
const RulesetLibrary& ShippedRulesets();

/// Path inside the source tree.
std::string SourcePath(const std::string& relative);

using Cells = std::vector<std::pair<std::string, CellValue>>;

/// A one-grid card of `ruleset` whose columns hold `columns` (column i gets index i).
Card MakeCard(const std::string& ruleset, std::initializer_list<Cells> columns);

/// A correct, complete column of `ruleset` (raw entries, totals filled in,
/// one Yahtzee bonus tick when the ruleset has a bonus row, upper bonus earned),
/// for column `index` written in `convention`.
Cells CorrectColumn(const std::string& ruleset, int index = 0,
                    EntryConvention convention = EntryConvention::kRaw);

/// Replaces (or adds) `row` in `cells`.
Cells With(Cells cells, const std::string& row, CellValue value);
/// The value of `row` in `cells` (empty when absent).
CellValue At(const Cells& cells, const std::string& row);
/// Removes `row` from `cells` (makes it empty).
Cells Without(Cells cells, const std::string& row);

/// Verifies `card` with the shipped rulesets.
Verification Check(const Card& card, const VerifyOptions& options = {});

/// Findings of `verification` with `code` (all grids).
std::vector<Finding> FindingsWith(const Verification& verification, const std::string& code);

/// True when a finding (code, row, column) exists; row "" means a null row.
bool HasFinding(const Verification& verification, const std::string& code, const std::string& row, int column);

/// "CODE row col; ..." for failure messages.
std::string Describe(const Verification& verification);

}  // namespace scorecheck::testing
