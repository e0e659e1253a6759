#pragma once
// The words printed on random sheets: row labels, "how to score" notes,
// column headers, titles and free text, each a pool wider than the ruleset
// files' label synonyms. They live in the test kit on purpose: the scanner
// reads its synonyms from templates/, and a sheet worded only from that list
// would measure nothing but the list. Wordings come from score pads, word-
// processor tables and the variants' own rule sheets (/work/shared/seeds).

#include <string>
#include <vector>

#include "rules/ruleset.h"

namespace scorecheck {

/// Every printed label a sheet of `ruleset` may give row `row` (its id,
/// kind and score rule decide the pool; the ruleset's thresholds and points
/// are filled in, e.g. "Bonus if ≥ 83" on rock). Never empty.
std::vector<std::string> LabelPool(const Ruleset& ruleset, const RowSpec& row);

/// Labels of the Yahtzee-bonus points row of a split bonus (the row under
/// the ticks): "Score 100 per ✓", "Bonus points", ... Never empty.
std::vector<std::string> BonusPointsLabelPool(const Ruleset& ruleset);

/// "How to score" notes for `row`, from the ruleset's scoring ("Score 25",
/// "Sum of all dice", "score 35 if 63 or over", "SCORE 100 PER ✓"). Never empty.
std::vector<std::string> HowToPool(const Ruleset& ruleset, const RowSpec& row);

/// One set of score-column headers for `columns` columns of `ruleset`, or
/// several sets to choose from: each inner vector has `columns` entries.
/// Triple gets multiplier headers (×1 ×2 ×3, Single Double Triple, ...).
std::vector<std::vector<std::string>> ColumnHeaderPool(const Ruleset& ruleset, int columns);

/// Texts for the label column's cell of a header row ("", "Upper Section",
/// "Category", ...), and for the how-to column's ("How to score", ...).
std::vector<std::string> HeaderLabelPool();
std::vector<std::string> HeaderHowToPool();

/// Titles above the grid: generic ones and the variant's names. The empty
/// title (none printed) is not in the pool; the style decides that.
std::vector<std::string> TitlePool(const Ruleset& ruleset);

/// Lines of free text around the grid: fields to fill in ("Name: ______")
/// and footers. Never empty.
std::vector<std::string> FieldLinePool();
std::vector<std::string> FooterPool();

/// The text of the spanning section rows: {upper, lower} pairs.
std::vector<std::pair<std::string, std::string>> SectionTitlePool();

}  // namespace scorecheck
