#include "scan/choose_values.h"

#include <algorithm>
#include <cmath>
#include <string>
#include <unordered_map>

#include "scan/choice_confidence.h"
#include "scan/column_rules.h"

namespace scorecheck {
namespace {

// ValueScore() of one cell's reading, each value scored once: every partial
// of the beam asks a total for its sum, and most ask for the same few.
class ValueScores {
 public:
  explicit ValueScores(const Reading& reading) : reading_(reading) {}
  const Reading& reading() const { return reading_; }
  double operator()(int value) {
    auto [it, added] = known_.try_emplace(value, 0.0);
    if (added) it->second = ValueScore(reading_, value);
    return it->second;
  }

 private:
  const Reading& reading_;
  std::unordered_map<int, double> known_;
};

// The candidate values of a number cell with their weights relative to the
// top reading (1 for the top).
std::vector<std::pair<int, double>> Candidates(const Reading& reading, const ChoiceOptions& options) {
  std::vector<std::pair<int, double>> out;
  if (reading.alternatives.empty()) {
    out.emplace_back(reading.value, 1.0);
    return out;
  }
  const Candidate& top = reading.alternatives.front();
  out.emplace_back(top.value, 1.0);
  if (top.score >= options.sure_reading || top.score <= 0) return out;
  for (size_t i = 1; i < reading.alternatives.size(); ++i) {
    const Candidate& other = reading.alternatives[i];
    if (other.score >= options.plausible * top.score) out.emplace_back(other.value, other.score / top.score);
  }
  return out;
}

// The `width` most likely of `partials`, most likely first (ties in their order).
std::vector<Partial> MostLikely(std::vector<Partial> partials, int width) {
  std::stable_sort(partials.begin(), partials.end(), [](const Partial& a, const Partial& b) { return a.weight > b.weight; });
  if (static_cast<int>(partials.size()) > width) partials.resize(width);
  return partials;
}

// Adds `value` to `candidates` when the reader finds it plausible although it
// was not among the top few readings: the value the rules expect (a legal
// score, the sum a total should hold) is asked for directly.
void AskFor(ValueScores& scores, int value, const ChoiceOptions& options,
            std::vector<std::pair<int, double>>& candidates) {
  const Reading& reading = scores.reading();
  if (reading.alternatives.empty()) return;
  const double top = reading.alternatives.front().score;
  if (top >= options.sure_reading || top <= 0) return;
  for (const auto& [known, likeness] : candidates)
    if (known == value) return;
  const double score = scores(value);
  if (score >= options.plausible_expected * top) candidates.emplace_back(value, score / top);
}


// A bonus's points are asked for among the first this many values due when
// they are whole numbers of bonuses: up to 7 bonuses, or 3 raw and scaled in
// a ×k column, more than any game has room for.
constexpr size_t kBonusValuesAsked = 8;
// The least weight a column's log weight is taken of, so that a column every
// reading of which was ruled out keeps a finite one.
constexpr double kLeastWeight = 1e-300;

// What extending the beam by one number cell knows of it.
struct NumberCell {
  const RowSpec& row;
  int position;         // the row's place in Partial::contribution
  int k;                // the column's multiplier, at least 1
  bool crossed;         // a mark taken for a cross-out, with a number reading
  double scale;         // what its number readings weigh: the top one's score when crossed
  bool points_checked;  // a Yahtzee bonus's points, checked against what is due
};

// `beam` extended by an illegible mark in an entry row: left unread, or
// given each legal value as a guess.
std::vector<Partial> GuessUnread(const std::vector<Partial>& beam, const RowSpec& row, int position, int k,
                                 const ChoiceOptions& options) {
  std::vector<Partial> next;
  std::vector<int> guesses;
  for (int legal : row.legal_raw) {
    guesses.push_back(legal);
    if (k > 1 && legal != 0) guesses.push_back(legal * k);
  }
  for (const Partial& partial : beam) {
    Partial unread = partial;
    unread.values.push_back(kStaysUnread);
    unread.contribution[position] = 0;
    next.push_back(std::move(unread));
    for (int value : guesses) {
      Partial extended = partial;
      extended.weight *= options.unread_guess;
      ++extended.rules_bent;
      extended.values.push_back(value);
      extended.contribution[position] = value;
      next.push_back(std::move(extended));
    }
  }
  return next;
}

// `beam` extended by a cell that holds no number (`row` null when it is no
// ruleset row): nothing to choose, but ticks still add their points.
std::vector<Partial> PassOver(std::vector<Partial>& beam, const RowSpec* row, const Reading& reading, int position,
                              const Ruleset& ruleset) {
  std::vector<Partial> next;
  for (Partial& partial : beam) {
    partial.values.push_back(0);
    if (row && reading.status == ReadingStatus::kChecks && row->kind == RowKind::kYahtzeeBonus &&
        ruleset.yahtzee_bonus)
      partial.contribution[position] = ruleset.yahtzee_bonus->PointsFor(reading.checks);
    next.push_back(std::move(partial));
  }
  return next;
}

// How far the rules let `value` stand in `partial` (1, or a factor below it
// for each kind of slip): `sum` is what a total adds up to, `due` what a
// bonus box should hold (`from_ticks` when its ticks say so).
double RuleFactor(const NumberCell& cell, int value, const Partial& partial, int sum, const std::vector<int>& due,
                  bool from_ticks, const RowPositions& positions, const ChoiceOptions& options) {
  const RowSpec& row = cell.row;
  const int k = cell.k;
  double factor = 1;
  switch (row.kind) {
    case RowKind::kEntry: {
      const bool legal = row.IsLegalRaw(value) || (k > 1 && value % k == 0 && row.IsLegalRaw(value / k));
      factor = legal                                                  ? 1
               : DistanceToLegal(row, k, value) > options.far_from_legal ? options.far_illegal_factor
                                                                          : options.illegal_factor;
      break;
    }
    case RowKind::kTotal: {
      const bool adds_up = value == sum || (row.times_multiplier && value == sum * k);
      if (adds_up) break;
      // Only a total that does not add up asks what kind of slip it is
      // (this runs for every candidate of every partial in the beam).
      const std::vector<int> parts = PartsOf(positions.parts[cell.position], partial);
      const bool slip = IsSlip(value, sum, parts) || (row.times_multiplier && IsSlip(value, sum * k, parts, k));
      factor = slip ? options.mismatch_factor : options.far_mismatch_factor;
      break;
    }
    case RowKind::kUpperBonus:
      factor = std::find(due.begin(), due.end(), value) != due.end() ? 1 : options.mismatch_factor;
      break;
    case RowKind::kYahtzeeBonus:
      // Points beside ticks should be what the ticks earn; points alone
      // a whole number of bonuses (100 read as 700 is neither).
      if (cell.points_checked && std::find(due.begin(), due.end(), value) == due.end())
        factor = from_ticks ? options.mismatch_factor : options.illegal_factor;
      break;
  }
  return factor;
}

// Adds to `next` `partial` extended by each candidate value of the number
// cell `cell` (its own candidates `cell_candidates`, and the values the rules
// expect in this partial, asked for of `scores`), weighed by the rules.
void ExtendPartial(const Partial& partial, const NumberCell& cell,
                   const std::vector<std::pair<int, double>>& cell_candidates, ValueScores& scores,
                   const Ruleset& ruleset, const RowPositions& positions, const ChoiceOptions& options,
                   std::vector<Partial>& next) {
  const RowSpec* row = &cell.row;
  const int position = cell.position, k = cell.k;
  std::vector<std::pair<int, double>> candidates = cell_candidates;
  const int sum = row->kind == RowKind::kTotal ? SumOf(positions.parts[position], partial) : 0;
  if (row->kind == RowKind::kTotal) {
    AskFor(scores, sum, options, candidates);
    if (row->times_multiplier) AskFor(scores, sum * k, options, candidates);
  }
  // What a bonus box should hold in this partial, asked for and then
  // weighed against each candidate below.
  std::vector<int> due;
  bool from_ticks = false;
  if (row->kind == RowKind::kUpperBonus) {
    due = ExpectedUpperBonus(partial, ruleset, positions, k, options.bonus_follows_written_subtotal);
    for (int expected : due) AskFor(scores, expected, options, candidates);
  } else if (cell.points_checked) {
    // The ticks' points, or the first whole numbers of bonuses (the first
    // eight values: up to 7 bonuses, or 3 raw and scaled in a ×k column):
    // values a messy 100 is asked for.
    due = BonusPointsDue(partial, position, ruleset, k, from_ticks);
    for (size_t i = 0; i < due.size() && (from_ticks || i < kBonusValuesAsked); ++i)
      if (due[i] > 0) AskFor(scores, due[i], options, candidates);
  }
  if (cell.crossed) {
    for (auto& [value, likeness] : candidates) likeness *= cell.scale;
    candidates.emplace_back(kStaysCrossed, 1.0);
  }
  for (const auto& [value, likeness] : candidates) {
    if (value == kStaysCrossed) {
      // A crossed box scores 0; a crossed total or bonus is not what a sheet asks for.
      const bool belongs = row->kind == RowKind::kEntry || row->kind == RowKind::kYahtzeeBonus;
      Partial extended = partial;
      extended.weight *= belongs ? 1 : options.mismatch_factor;
      extended.rules_bent += !belongs;
      extended.values.push_back(kStaysCrossed);
      extended.contribution[position] = 0;
      next.push_back(std::move(extended));
      continue;
    }
    const double factor = RuleFactor(cell, value, partial, sum, due, from_ticks, positions, options);
    Partial extended = partial;
    extended.weight *= likeness * factor;
    extended.rules_bent += factor < 1;
    extended.values.push_back(value);
    extended.contribution[position] = value;
    next.push_back(std::move(extended));
  }
}

// `beam` extended by the number cell `column_cell` (`cell` says what it is):
// each partial by each value it may hold.
std::vector<Partial> ExtendByNumber(const std::vector<Partial>& beam, const ColumnCell& column_cell,
                                    const NumberCell& cell, const Ruleset& ruleset, const RowPositions& positions,
                                    const ChoiceOptions& options) {
  const Reading& reading = column_cell.reading;
  const RowSpec* row = &cell.row;
  const int k = cell.k;
  ValueScores scores(reading);
  std::vector<Partial> next;
  std::vector<std::pair<int, double>> cell_candidates = Candidates(reading, options);
  if (row->kind == RowKind::kEntry)
    for (int legal : row->legal_raw) {
      AskFor(scores, legal, options, cell_candidates);
      if (k > 1) AskFor(scores, legal * k, options, cell_candidates);
    }
  for (const Partial& partial : beam)
    ExtendPartial(partial, cell, cell_candidates, scores, ruleset, positions, options, next);
  return next;
}

// Sets each cell's value in `choice` to what `best`, the beam's most likely
// column, makes of it.
void ChooseCells(const std::vector<ColumnCell>& column, const Partial& best, ColumnChoice& choice) {
  choice.cells.resize(column.size());
  for (size_t i = 0; i < column.size(); ++i) {
    const Reading& reading = column[i].reading;
    if (reading.status == ReadingStatus::kCrossed && best.values[i] != kStaysCrossed && !reading.alternatives.empty()) {
      choice.cells[i].value = best.values[i];
      choice.cells[i].corrected = true;
      choice.cells[i].crossed_as_number = true;
      continue;
    }
    if (reading.status == ReadingStatus::kIllegible && best.values[i] >= 0) {
      choice.cells[i].value = best.values[i];
      choice.cells[i].corrected = true;
      choice.cells[i].inferred = true;
      continue;
    }
    if (reading.status != ReadingStatus::kNumber) continue;
    choice.cells[i].value = best.values[i];
    const int top = reading.alternatives.empty() ? reading.value : reading.alternatives.front().value;
    choice.cells[i].corrected = best.values[i] != top;
  }
}
}  // namespace

bool ChoiceOptions::Check() const {
  const auto share = [](double x) { return x >= 0 && x <= 1; };
  const auto factor = [](double x) { return x > 0 && x <= 1; };
  return share(sure_reading) && share(plausible) && share(plausible_expected) && factor(illegal_factor) &&
         factor(far_illegal_factor) && far_from_legal >= 0 && factor(mismatch_factor) &&
         factor(far_mismatch_factor) && factor(unread_guess) && beam_width >= 1 && share(review_below);
}

ColumnChoice ChooseColumnValues(const std::vector<ColumnCell>& column, const Ruleset& ruleset, int multiplier,
                                const ChoiceOptions& options) {
  const int k = std::max(1, multiplier);
  const RowPositions positions(ruleset);
  std::vector<Partial> beam(1);
  beam.front().contribution.assign(ruleset.rows.size(), kNotYet);
  for (const ColumnCell& cell : column) {
    const RowSpec* row = ruleset.FindRow(cell.row_id);
    const int position = row ? positions.Of(row) : -1;
    const Reading& reading = cell.reading;
    // A mark the shape test took for a cross-out, with a number reading: the
    // cross weighs 1 and each number its score, so a total that only adds up
    // with the number (or a cross where none belongs) can turn it.
    const bool crossed = reading.status == ReadingStatus::kCrossed && !reading.alternatives.empty();
    const double scale = crossed ? reading.alternatives.front().score : 1.0;
    if (reading.status == ReadingStatus::kIllegible && row && row->kind == RowKind::kEntry) {
      // Ink that reads as nothing: left unread it scores nothing; each legal
      // value is a guess only a total that needs it can pick.
      beam = MostLikely(GuessUnread(beam, *row, position, k, options), options.beam_width);
      continue;
    }
    if ((reading.status != ReadingStatus::kNumber && !crossed) || !row) {
      // Not a number: nothing to choose, but ticks still add their points.
      beam = PassOver(beam, row, reading, position, ruleset);
      continue;
    }
    const bool points_checked = row->kind == RowKind::kYahtzeeBonus && options.check_bonus_points &&
                                ruleset.yahtzee_bonus && cell.part != CellPart::kChecks;
    const NumberCell number{*row, position, k, crossed, scale, points_checked};
    beam = MostLikely(ExtendByNumber(beam, cell, number, ruleset, positions, options), options.beam_width);
  }

  ColumnChoice choice;
  const Partial& best = beam.front();
  choice.log_weight = std::log(std::max(best.weight, kLeastWeight));
  ChooseCells(column, best, choice);
  SetConfidences(column, beam, best, ruleset, positions, k, options, choice);
  return choice;
}

}  // namespace scorecheck
