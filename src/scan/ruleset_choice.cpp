#include "scan/ruleset_choice.h"

#include <algorithm>
#include <cmath>
#include <map>
#include <tuple>

#include "core/error.h"
#include "verify/finding.h"

namespace scorecheck {

double PastTheFirstSlip(int boxes, const ChoiceOptions& choice) {
  return boxes > 1 ? (boxes - 1) * std::log(choice.illegal_factor) : 0.0;
}

double RulesetPlausibility(double entries, double behind, const Verification& verified, double favourite_weight,
                           const ChoiceOptions& choice) {
  double plausibility = entries - favourite_weight * behind;
  // A one-game classic card of thirteen boxes was taken for R.O.C.K. (five
  // boxes a card) on its one column alone: the value choice does not see
  // the limit. One box too many is a slip a player makes (then the finding
  // is the card's error, and a R.O.C.K. card with a sixth box is still
  // R.O.C.K.); each box past that one weighs as an illegal entry.
  for (const GridCheck& grid : verified.grids)
    for (const Finding& finding : grid.findings)
      if (finding.code == codes::kTooManyScores && finding.written && finding.expected)
        plausibility += PastTheFirstSlip(*finding.written - *finding.expected, choice);
  // The converse: a finished game of thirteen turns fills every box (a
  // box that nothing fits is scored 0 or crossed out), and a R.O.C.K. card
  // of five boxes, its totals written, read by such rules leaves eight
  // empty (INCOMPLETE). One empty box in a column is a player's slip; each
  // further one weighs as an illegal entry. Without it, R.O.C.K. cards
  // whose page could not tell them from classic were read as classic.
  for (const GridCheck& grid : verified.grids) {
    std::map<int, int> empty_boxes;  // per column
    for (const Finding& finding : grid.findings)
      if (finding.code == codes::kIncomplete) ++empty_boxes[finding.column];
    for (const auto& [column, count] : empty_boxes) plausibility += PastTheFirstSlip(count, choice);
  }
  // A multiplied column's total written as its entries add up, not
  // multiplied (or multiplied twice): the value choice takes it as adding
  // up, for it does not know whether the column's entries are written raw
  // or multiplied; the verifier, which tells that from the entries, finds it
  // MULTIPLIER_WRONG. The first is a slip a Triple player makes, weighed as
  // a total a slip away from its sum; each further one as a total no slip
  // away, as the value choice weighs a multiplied total under rules that
  // multiply nothing: a game whose multiplied columns are none multiplied
  // is no Triple game (three games of classic on a page that cannot tell
  // classic from Triple Yahtzee were as plausible under both). A total
  // multiplied by another column's factor (3/2 or 2/3 of it) the value
  // choice has weighed already.
  int unmultiplied = 0;
  for (const GridCheck& grid : verified.grids)
    for (const Finding& finding : grid.findings) {
      if (finding.code != codes::kMultiplierWrong || !finding.written || !finding.expected) continue;
      const int low = std::min(*finding.written, *finding.expected), high = std::max(*finding.written, *finding.expected);
      if (low > 0 && high % low == 0 && (high / low == 2 || high / low == 3))
        plausibility += std::log(unmultiplied++ == 0 ? choice.mismatch_factor : choice.far_mismatch_factor);
    }
  return plausibility;
}

std::vector<std::string> ToldByEntries(double chosen, const std::vector<std::pair<std::string, double>>& others,
                                       double margin) {
  std::vector<std::string> told;
  for (const auto& [id, plausibility] : others)
    if (chosen - plausibility >= margin) told.push_back(id);
  return told;
}

int EmptyBoxesOfAFinishedGame(const Ruleset& ruleset, const Card& card) {
  const RowSpec* final_total = ruleset.FinalTotal();
  if (!ruleset.HasMultipliers() || !final_total) return 0;
  const int columns = static_cast<int>(ruleset.multipliers.size());
  int boxes = 0;
  for (const CardGrid& grid : card.grids) {
    auto column_at = [&](int index) -> const CardColumn* {
      for (const CardColumn& column : grid.columns)
        if (column.index == index) return &column;
      return nullptr;
    };
    auto finished = [&](const CardColumn* column) {
      return column && column->At(final_total->id).state == CellState::kNumber;
    };
    bool any_finished = false;
    for (int c = 0; c < columns; ++c) any_finished |= finished(column_at(c));
    if (!any_finished) continue;
    for (int c = 0; c < columns; ++c) {
      // A column the page does not print is BoxesWithoutAColumn's; one whose
      // own total is written, the verifier's INCOMPLETE's.
      const CardColumn* column = column_at(c);
      if (!column || finished(column)) continue;
      for (const RowSpec& row : ruleset.rows)
        if (row.kind == RowKind::kEntry && column->At(row.id).empty()) ++boxes;
    }
  }
  return boxes;
}

int BoxesWithoutAColumn(const Ruleset& ruleset, const std::vector<int>& printed_columns) {
  if (ruleset.multipliers.empty()) return 0;
  const auto entry_rows = std::count_if(ruleset.rows.begin(), ruleset.rows.end(),
                                        [](const RowSpec& row) { return row.kind == RowKind::kEntry; });
  int boxes = 0;
  for (int columns : printed_columns)
    boxes += std::max(0, static_cast<int>(ruleset.multipliers.size()) - columns) * static_cast<int>(entry_rows);
  return boxes;
}

namespace {

// The candidates of `offered` the entries are weighed under: the favourite
// and those weighed, in order.
std::vector<const RulesetCandidate*> Tried(const std::vector<RulesetCandidate>& offered) {
  std::vector<const RulesetCandidate*> tried;
  for (size_t i = 0; i < offered.size(); ++i)
    if (i == 0 || offered[i].weighed) tried.push_back(&offered[i]);
  return tried;
}

}  // namespace

std::vector<std::string> RulesetsToTry(const std::vector<RulesetCandidate>& offered) {
  std::vector<std::string> ids;
  for (const RulesetCandidate* candidate : Tried(offered)) ids.push_back(candidate->id);
  return ids;
}

RulesetDecision DecideRuleset(const std::vector<RulesetCandidate>& offered, double favourite_sureness,
                              const std::vector<RulesetTrial>& trials, bool rule_aware,
                              const RulesetChoiceOptions& options, const ChoiceOptions& choice) {
  const std::vector<const RulesetCandidate*> tried = Tried(offered);
  SC_CHECK(!tried.empty() && trials.size() == tried.size(), "one trial per ruleset tried");
  // The entries' own say, less how far the page puts each behind its favourite.
  size_t chosen = 0;
  std::tuple<double, int, int> best_rank;
  for (size_t i = 0; i < tried.size(); ++i) {
    const double plausibility = trials[i].plausibility - options.label_favourite_log_weight * tried[i]->behind;
    const std::tuple<double, int, int> rank(rule_aware ? -plausibility : 0, trials[i].errors, trials[i].warnings);
    if (i == 0 || rank < best_rank) {
      best_rank = rank;
      chosen = i;
    }
  }
  RulesetDecision decision;
  decision.id = tried[chosen]->id;
  const bool overruled = chosen != 0;
  decision.confidence = favourite_sureness * (overruled ? options.overruled_sureness : 1.0);
  // The page's ties, and the favourite the entries overruled, are undecided...
  for (size_t i = 1; i < offered.size(); ++i)
    if (offered[i].page_ties) decision.undecided.push_back(offered[i].id);
  if (overruled) decision.undecided.push_back(offered.front().id);
  std::erase(decision.undecided, decision.id);
  if (!rule_aware || tried.size() < 2) return decision;
  // ... but those the entries tell apart are told: the entries alone (not the
  // page's head start) far less plausible under them (the page is the
  // handwriting on it too).
  std::vector<std::pair<std::string, double>> others;
  for (size_t i = 0; i < tried.size(); ++i)
    if (i != chosen) others.emplace_back(tried[i]->id, trials[i].plausibility);
  const double margin = options.entries_tell_illegal * -std::log(choice.illegal_factor);
  for (const std::string& id : ToldByEntries(trials[chosen].plausibility, others, margin))
    if (std::erase(decision.undecided, id) > 0) decision.told_by_entries.push_back(id);
  return decision;
}

bool RulesetChoiceOptions::Check() const {
  return label_favourite_log_weight >= 0 && entries_tell_illegal >= 0 && overruled_sureness >= 0 &&
         overruled_sureness <= 1;
}

}  // namespace scorecheck
