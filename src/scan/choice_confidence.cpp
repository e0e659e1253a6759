#include "scan/choice_confidence.h"

#include <algorithm>
#include <cmath>

#include "verify/verify.h"

namespace scorecheck {
namespace {

// How freely a cell the decoding chose against the reader (`choice`
// corrected) could take another value, against the one chosen: 1 for a
// total (any sum can be asked of it), a cross-out read as a number or an
// unreadable mark given a value; for an entry, its likeliest other value
// (any listed reading or legal score, an illegal one weighed by
// illegal_factor) against the chosen one, at most 1. A sum that holds only
// because such a cell was fitted to it is evidence for the other cells only
// as far as that cell could not have been fitted otherwise.
double FreedomToRefit(const ColumnCell& cell, const Choice& choice, const RowSpec& row, int k,
                      const ChoiceOptions& options) {
  const Reading& reading = cell.reading;
  if (row.kind != RowKind::kEntry || reading.status != ReadingStatus::kNumber || choice.crossed_as_number ||
      choice.inferred)
    return 1;
  // Listed readings by their listed score, as the decoder weighed them; other values by ValueScore().
  const auto score = [&](int value) {
    for (const Candidate& candidate : reading.alternatives)
      if (candidate.value == value) return candidate.score;
    return ValueScore(reading, value);
  };
  const double chosen = score(choice.value);
  if (chosen <= 0) return 1;
  std::vector<int> others;
  for (const Candidate& candidate : reading.alternatives) others.push_back(candidate.value);
  for (int legal : row.legal_raw) {
    others.push_back(legal);
    if (k > 1) others.push_back(legal * k);
  }
  double freedom = 0;
  for (int value : others) {
    if (value == choice.value) continue;
    const bool legal = row.IsLegalRaw(value) || (k > 1 && value % k == 0 && row.IsLegalRaw(value / k));
    freedom = std::max(freedom, score(value) / chosen * (legal ? 1 : options.illegal_factor));
  }
  return std::min(1.0, freedom);
}

// `parts` (row positions), each total among them marked in `fitted` replaced
// by the rows it adds, and theirs, down to rows that are not.
// The totals replaced go to `replaced`.
std::vector<int> Expanded(const std::vector<int>& parts, const std::vector<bool>& fitted, const RowPositions& positions,
                          std::vector<int>& replaced) {
  std::vector<int> out;
  for (int part : parts) {
    if (!fitted[part]) {
      out.push_back(part);
      continue;
    }
    replaced.push_back(part);
    const std::vector<int> inner = Expanded(positions.parts[part], fitted, positions, replaced);
    out.insert(out.end(), inner.begin(), inner.end());
  }
  return out;
}

// Whether `value` in total `row` is what its parts add up to, `sum` (times
// the column's multiplier k for a total that multiplies).
bool AddsUp(const RowSpec& row, int value, int sum, int k) {
  return value == sum || (row.times_multiplier && value == sum * k);
}

// Where the cells of a column sit among the ruleset's rows, and which totals
// the chosen decoding fitted to their parts.
struct ColumnRows {
  std::vector<int> position_of;            ///< cell -> row position; -1 for a row the ruleset lacks
  std::vector<std::vector<int>> cells_at;  ///< row position -> cells (a split bonus row has two)
  /// Per row position: a total the decoding chose against the reader, that
  /// adds up. It holds what its parts make and nothing more: a total that
  /// adds it up is read as adding its parts instead (a grand total as read,
  /// against the entries themselves when the lower total was fitted to them).
  std::vector<bool> fitted_total;
};

ColumnRows RowsOf(const std::vector<ColumnCell>& column, const std::vector<Choice>& chosen, const Partial& best,
                  const Ruleset& ruleset, const RowPositions& positions, int k) {
  ColumnRows rows;
  rows.position_of.assign(column.size(), -1);
  rows.cells_at.resize(ruleset.rows.size());
  rows.fitted_total.assign(ruleset.rows.size(), false);
  for (size_t i = 0; i < column.size(); ++i)
    if (const RowSpec* row = ruleset.FindRow(column[i].row_id)) {
      rows.position_of[i] = positions.Of(row);
      rows.cells_at[rows.position_of[i]].push_back(static_cast<int>(i));
    }
  for (size_t i = 0; i < column.size(); ++i) {
    const int position = rows.position_of[i];
    if (position < 0 || column[i].reading.status != ReadingStatus::kNumber || !chosen[i].corrected) continue;
    const RowSpec& row = ruleset.rows[position];
    if (row.kind == RowKind::kTotal && AddsUp(row, best.values[i], SumOf(positions.parts[position], best), k))
      rows.fitted_total[position] = true;
  }
  return rows;
}

// The reader's own probability of what is chosen for a cell (q): its
// confidence in its top reading (for a cross-out read as a number, in its
// top number reading); a value chosen against that is as much less likely
// as the reader scores it below the top, the alternatives' softening
// (ReadOptions::digit_temperature) undone. 0 for an unreadable mark given a
// value: the reader saw no number there.
double ReaderProbability(const Reading& reading, const Choice& cell) {
  if (cell.inferred) return 0;
  double q = cell.crossed_as_number ? reading.number_confidence : reading.confidence;
  if (cell.corrected && !reading.alternatives.empty()) {
    const double top = reading.alternatives.front().score;
    double chosen = ValueScore(reading, cell.value);  // on the alternatives' scale
    for (const Candidate& candidate : reading.alternatives)
      if (candidate.value == cell.value) chosen = candidate.score;
    q *= top > 0 ? std::pow(std::min(1.0, chosen / top), std::max(1.0, reading.digit_temperature)) : 0;
  }
  return std::clamp(q, 0.0, 1.0);
}

// How much the written totals that add up in `best` vouch for each cell of
// `column`: the factor by which a value the reader did not list would cost
// the decoding, through the sums it would break (1: none vouches). A total
// whose value is its parts' sum vouches for itself (the parts, read apart
// from it, say what it holds) and for each part (it says what they add to),
// at mismatch_factor, what the decoder charges a total a slip off its sum;
// an upper bonus that is what its entries earn vouches for itself. Only a
// sum as read is evidence:
// - a cell the decoding chose against the reader (never surer than the
//   reader makes it: MarkChosenByRules) vouches for the others in a sum it
//   was fitted to only as far as it could not have been fitted otherwise
//   (FreedomToRefit); an unreadable
//   part would be given whatever value the others leave (card 0037 of seed
//   900042: four of a kind misread 26 for 24, chance corrected to 13 for 15
//   so that the lower total held);
// - a total that copies a single box (an upper total beside a bonus of 0, a
//   copied subtotal) vouches for nothing: the same number written twice is
//   misread the same way twice, by the same reader from the same kind of
//   ink (seed 900041: subtotal, upper total and its copy all read 3849 for 38).
//   It is vouched for by the box it copies when other sums vouch for that.
std::vector<double> Confirmations(const std::vector<ColumnCell>& column, const std::vector<Choice>& chosen,
                                  const Partial& best, const Ruleset& ruleset, const RowPositions& positions, int k,
                                  const ColumnRows& rows, const ChoiceOptions& options) {
  const std::vector<int>& position_of = rows.position_of;
  const std::vector<std::vector<int>>& cells_at = rows.cells_at;
  const std::vector<bool>& fitted_total = rows.fitted_total;
  std::vector<double> freedom(column.size(), 0);  // FreedomToRefit of each fitted cell, 0 for one as read
  for (size_t i = 0; i < column.size(); ++i) {
    if (column[i].reading.status == ReadingStatus::kIllegible) freedom[i] = 1;
    else if (chosen[i].corrected && position_of[i] >= 0)
      freedom[i] = FreedomToRefit(column[i], chosen[i], ruleset.rows[position_of[i]], k, options);
  }
  const auto number = [&](int i) { return column[i].reading.status == ReadingStatus::kNumber; };
  std::vector<double> cost(column.size(), 1);
  std::vector<std::pair<int, std::vector<int>>> copies;  // totals copying one box, and that box's cells
  for (size_t j = 0; j < column.size(); ++j) {
    const int position = position_of[j];
    const int value = best.values[j];
    if (position < 0 || value < 0 || column[j].reading.status != ReadingStatus::kNumber) continue;
    const RowSpec& row = ruleset.rows[position];
    if (row.kind == RowKind::kUpperBonus) {
      const std::vector<int> due =
          ExpectedUpperBonus(best, ruleset, positions, k, options.bonus_follows_written_subtotal);
      if (std::find(due.begin(), due.end(), value) != due.end()) cost[j] *= options.mismatch_factor;
      continue;
    }
    if (row.kind != RowKind::kTotal) continue;
    std::vector<int> cells = {static_cast<int>(j)};  // the total and the cells it adds
    int summands = 0;                                 // parts that add something
    std::vector<int> adding;                          // ... their cells
    std::vector<int> replaced;                        // fitted totals read as their parts
    for (int part : Expanded(positions.parts[position], fitted_total, positions, replaced)) {
      const bool adds = best.contribution[part] != kNotYet && best.contribution[part] != 0;
      summands += adds;
      cells.insert(cells.end(), cells_at[part].begin(), cells_at[part].end());
      if (adds) adding.insert(adding.end(), cells_at[part].begin(), cells_at[part].end());
    }
    const int sum = SumOf(positions.parts[position], best);
    if (!AddsUp(row, value, sum, k)) continue;
    if (summands == 1) {
      copies.push_back({static_cast<int>(j), adding});
      continue;
    }
    if (summands < 2) continue;
    // A fitted total is vouched for by a sum that holds with it, like any
    // part, though it vouches for nothing.
    std::vector<int> vouched = cells;
    for (int part : replaced) vouched.insert(vouched.end(), cells_at[part].begin(), cells_at[part].end());
    for (int i : vouched) {
      if (!number(i)) continue;
      double factor = options.mismatch_factor;
      for (int other : cells)
        if (other != i) factor = std::max(factor, freedom[other]);
      cost[i] *= std::min(1.0, factor);
    }
  }
  // A copy of one box (sheet order: what it copies comes first) is vouched
  // for by what it copies when the entries vouch for that: then the copy
  // holding anything else is a slip. Never the other way round: the same
  // number read twice is no evidence for either reading.
  for (const auto& [j, copied] : copies) {
    bool vouched = !copied.empty();
    for (int i : copied) vouched &= number(i) && cost[i] < 1;
    if (vouched) cost[j] *= options.mismatch_factor;
  }
  return cost;
}

// How much surer than the reader the written totals and the boxes' rules make
// each number cell of `column` read as the reader's top reading: the posterior
// share of its value among the column hypotheses the beam kept (see
// Choice::confidence), where something vouches for it (Confirmations, the
// box's rules); never less than the reader's confidence. A value chosen
// against the reader keeps the reader's probability of it (MarkChosenByRules).
void ConfirmByTotals(const std::vector<ColumnCell>& column, const std::vector<Partial>& beam, const Partial& best,
                     const Ruleset& ruleset, const RowPositions& positions, int k, const ColumnRows& rows,
                     const ChoiceOptions& options, ColumnChoice& choice) {
  if (best.weight <= 0) return;
  const std::vector<double> confirmation =
      Confirmations(column, choice.cells, best, ruleset, positions, k, rows, options);
  double all = 0;
  for (const Partial& partial : beam) all += partial.weight;
  for (size_t i = 0; i < column.size(); ++i) {
    const Reading& reading = column[i].reading;
    Choice& cell = choice.cells[i];
    if (reading.status != ReadingStatus::kNumber || cell.corrected) continue;
    const RowSpec* row = ruleset.FindRow(column[i].row_id);
    // What a value the reader did not list would cost the decoding: the sums
    // that confirm this one broken (each charged as a slip, not
    // far_mismatch_factor: on the safe side) and, for an entry, a score its
    // box cannot take: every legal score the reader finds at all plausible
    // was asked for (AskFor) and is in the beam already, weighed; what is
    // left of the reader's doubt is illegal values (illegal_factor, not
    // far_illegal_factor: on the safe side) or legal ones it all but ruled
    // out. The box's rules vouch so only where the rules hold: with a sum
    // confirming the entry, or in a column whose decoding bends no rule. A
    // column that breaks rules may be misread throughout (on other printers'
    // sheets: a grid placed a row or column off reads its neighbours'
    // numbers, legal in the wrong box often enough: cells_dev, 4 of 6 such
    // cells quiet on those grids otherwise).
    double cost = confirmation[i];
    const bool rules_hold = cost < 1 || best.rules_bent == 0;
    if (rules_hold && row && row->kind == RowKind::kEntry && options.unlisted_entry_legal)
      cost *= options.illegal_factor;
    if (cost >= 1) continue;  // nothing vouches: the reader's own confidence
    // q: the reader's probability of the value, its confidence in its top reading.
    const double q = std::clamp(reading.confidence, 1e-9, 1.0);
    // The odds of a value the reader did not list against the one read: its
    // doubt ((1 - q) / q), but no more than its scores allow. Unlisted values
    // score below its last alternative (the alternatives are its likeliest
    // readings), and the slips or misreadings `cost` charges share that prior
    // between them. A reader that cannot read the ink well (blurred, faint:
    // every reading unlikely, none much likelier than another) doubts every
    // value alike; its doubt is no evidence for another value, so the rules
    // and the sums decide.
    double odds = (1 - q) / q;
    if (options.unlisted_below_last && !reading.alternatives.empty() && reading.alternatives.front().score > 0)
      odds = std::min(odds, reading.alternatives.back().score / reading.alternatives.front().score);
    double agree = 0;
    for (const Partial& partial : beam)
      if (partial.values[i] == best.values[i]) agree += partial.weight;
    // One more hypothesis: the cell holds a value the reader did not list
    // (the listed ones are in the beam already, so counted twice: on the safe
    // side), costing `cost`. The reader's confidence stays the least.
    const double unlisted = best.weight * odds * std::min(1.0, cost);
    cell.confidence = std::max(cell.confidence, agree / (all + unlisted));
  }
}

// A value the rules chose is kept from passing for a reading (issue 62, point
// 5: rules choose, they do not bend): every number cell of `column` whose
// value in `best` is not the reader's first reading (a number passed over, a
// cross-out read as a number, an unreadable mark given a value), and every
// total that adds up in `best` only through such a value, is marked
// Choice::rules_chose and given a confidence below
// ChoiceOptions::review_below, so a person looks at it (UNCERTAIN_READ, the
// report's uncertain cells, amber on the overlay). A total adds up through
// a chosen value when one of the rows it adds holds one; a fitted total
// among them counts as the rows it adds (it holds their sum and nothing
// more), so an upper total that adds the entries as read through a
// subtotal fitted to them adds up without a chosen value: the subtotal is
// marked, the upper total is not. A chosen value keeps the reader's
// probability of it, never more (the sums that made it the choice are no
// evidence until a person has looked). A total that adds up through one
// keeps its own confidence below the threshold: its reading is not in
// doubt, whether it agrees is (driven down to the chosen value's, a total
// read clearly would pass for illegible, and an error verify finds on its
// row, MULTIPLIER_WRONG, would pass for a misreading: VerifyOptions::
// unconfirmed_below).
void MarkChosenByRules(const std::vector<ColumnCell>& column, const Partial& best, const Ruleset& ruleset,
                       const RowPositions& positions, int k, const ColumnRows& rows, const ChoiceOptions& options,
                       ColumnChoice& choice) {
  std::vector<Choice>& cells = choice.cells;
  for (Choice& cell : cells) cell.rules_chose = cell.corrected;
  for (size_t j = 0; j < column.size(); ++j) {
    const int position = rows.position_of[j];
    if (position < 0 || column[j].reading.status != ReadingStatus::kNumber) continue;
    const RowSpec& row = ruleset.rows[position];
    if (row.kind != RowKind::kTotal || !AddsUp(row, best.values[j], SumOf(positions.parts[position], best), k))
      continue;
    std::vector<int> replaced;
    for (int part : Expanded(positions.parts[position], rows.fitted_total, positions, replaced))
      for (int i : rows.cells_at[part]) cells[j].rules_chose = cells[j].rules_chose || cells[i].corrected;
  }
  for (Choice& cell : cells)
    if (cell.rules_chose)
      cell.confidence = std::clamp(std::min(cell.confidence, options.review_below - kShownConfidenceStep), 0.0, 1.0);
}

}  // namespace

void SetConfidences(const std::vector<ColumnCell>& column, const std::vector<Partial>& beam, const Partial& best,
                    const Ruleset& ruleset, const RowPositions& positions, int k, const ChoiceOptions& options,
                    ColumnChoice& choice) {
  const ColumnRows rows = RowsOf(column, choice.cells, best, ruleset, positions, k);
  // Every cell first as the reader alone makes it: its confidence in the
  // value chosen (ReaderProbability; a number read as its top reading: the
  // reader's confidence).
  for (size_t i = 0; i < column.size(); ++i)
    choice.cells[i].confidence = ReaderProbability(column[i].reading, choice.cells[i]);
  if (options.confirm_by_totals) ConfirmByTotals(column, beam, best, ruleset, positions, k, rows, options, choice);
  // Last, so that nothing above can make a chosen value look read.
  MarkChosenByRules(column, best, ruleset, positions, k, rows, options, choice);
}

}  // namespace scorecheck
