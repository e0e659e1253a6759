// `scorecheck rules [ID]`: list the rulesets, or show one as a table.

#include <iomanip>
#include <iostream>
#include <memory>
#include <sstream>

#include "app/commands/commands.h"
#include "core/text.h"
#include "verify/verify.h"

namespace scorecheck::app {
namespace {

std::string KindName(RowKind kind) {
  switch (kind) {
    case RowKind::kEntry: return "entry";
    case RowKind::kUpperBonus: return "bonus";
    case RowKind::kYahtzeeBonus: return "checks";
    case RowKind::kTotal: return "total";
  }
  return "";
}

std::string RuleText(const Ruleset& ruleset, const RowSpec& row) {
  std::ostringstream text;
  switch (row.kind) {
    case RowKind::kEntry:
      text << DescribeLegalValues(row);
      break;
    case RowKind::kUpperBonus:
      text << ruleset.upper_bonus.points << " if upper entries >= " << ruleset.upper_bonus.threshold;
      if (ruleset.upper_bonus.scales_with_multiplier) text << " (both × k in multiplied columns)";
      break;
    case RowKind::kYahtzeeBonus: {
      const YahtzeeBonusRule& rule = *ruleset.yahtzee_bonus;
      std::vector<std::string> points;
      for (int p : rule.points_per_check) points.push_back(std::to_string(p));
      text << Join(points, " then ") << " per tick";
      if (rule.max_checks) text << ", at most " << *rule.max_checks;
      text << (rule.precondition == BonusPrecondition::kOwnBoxFull ? "; needs the Yahtzee box at 50"
                                                                    : "; needs every Yahtzee box above 0");
      break;
    }
    case RowKind::kTotal:
      text << (row.times_multiplier ? "(" : "") << Join(row.sum_of, " + ") << (row.times_multiplier ? ") × k" : "");
      break;
  }
  return text.str();
}

int ListRulesets(const RulesetLibrary& rulesets) {
  for (const std::string& id : rulesets.Ids()) {
    const Ruleset& ruleset = rulesets.Get(id);
    std::cout << std::left << std::setw(10) << id << " " << ruleset.name << " (" << ruleset.max_columns
              << (ruleset.max_columns == 1 ? " column" : " columns") << ", upper bonus " << ruleset.upper_bonus.points
              << " at " << ruleset.upper_bonus.threshold << ")\n";
  }
  return kExitClean;
}

int ShowRuleset(const Ruleset& ruleset) {
  std::cout << ruleset.name << " [" << ruleset.id << "], from " << ruleset.source << "\n";
  std::cout << "columns: " << ruleset.min_columns << ".." << ruleset.max_columns;
  if (!ruleset.multipliers.empty()) {
    std::vector<std::string> ks;
    for (int k : ruleset.multipliers) ks.push_back("×" + std::to_string(k));
    std::cout << " (" << Join(ks, " ") << ", entries " << EntryConventionName(ruleset.entry_convention) << ")";
  }
  std::cout << "\n";
  if (ruleset.any_box_may_be_crossed) std::cout << "any box may be crossed out\n";
  if (ruleset.max_scored_boxes) std::cout << "at most " << *ruleset.max_scored_boxes << " scored boxes\n";
  if (ruleset.joker) std::cout << "joker rule: yes\n";
  std::cout << "\n" << std::left << std::setw(18) << "row" << std::setw(8) << "kind" << std::setw(40) << "labels"
            << "legal values / rule\n";
  for (const RowSpec& row : ruleset.rows) {
    std::string labels = Join(row.labels, " / ");
    if (labels.size() > 38) labels = labels.substr(0, 35) + "...";
    std::cout << std::setw(18) << row.id << std::setw(8) << KindName(row.kind) << std::setw(40) << labels
              << RuleText(ruleset, row) << "\n";
  }
  return kExitClean;
}

}  // namespace

Command AddRulesCommand(CLI::App& app, const GlobalOptions& global) {
  auto id = std::make_shared<std::string>();
  CLI::App* cmd = app.add_subcommand("rules", "List the rulesets, or show one ruleset's rows and legal values");
  cmd->add_option("id", *id, "Ruleset id (see `scorecheck rules`)");
  cmd->footer("Example:\n  scorecheck rules\n  scorecheck rules rock\nExit codes: 0 shown, 2 unknown ruleset.");
  return [id, &global] {
    const RulesetLibrary rulesets = LoadRulesets(global);
    return id->empty() ? ListRulesets(rulesets) : ShowRuleset(rulesets.Get(*id));
  };
}

}  // namespace scorecheck::app
