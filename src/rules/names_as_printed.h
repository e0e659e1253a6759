#pragma once
// Rulesets and rows by the names people type: a ruleset's id or its name as
// printed ("Classic", "Triple Yahtzee"), a row's id, name or any label its
// sheets print ("Ones", "3 of a kind"), in any case, spaces, dashes and
// underscores alike; and, for a name that matches none, the nearest one.

#include <string>
#include <string_view>
#include <vector>

#include "rules/ruleset.h"
#include "rules/ruleset_library.h"

namespace scorecheck {

/// The ruleset `text` names, or nullptr.
const Ruleset* FindRulesetByName(const RulesetLibrary& rulesets, std::string_view text);

/// The row of `ruleset` that `text` names, or nullptr (also when a name or
/// label it gives is printed for several rows).
const RowSpec* FindRowByName(const Ruleset& ruleset, std::string_view text);

/// " (did you mean \"x\"?)" when one of `names` is a typo away from `text`
/// (a few letters added, dropped or changed), else "".
std::string DidYouMean(std::string_view text, const std::vector<std::string>& names);

/// The names DidYouMean() offers for a ruleset and for a row: ids, names and labels.
std::vector<std::string> RulesetNames(const RulesetLibrary& rulesets);
std::vector<std::string> RowNames(const Ruleset& ruleset);

}  // namespace scorecheck
