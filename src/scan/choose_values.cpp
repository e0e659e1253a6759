#include "scan/choose_values.h"

#include <algorithm>
#include <cmath>
#include <limits>
#include <string>
#include <unordered_map>

namespace scorecheck {
namespace {

// In Partial::values: a cross-out kept as one (its number reading passed over),
// or an unreadable mark left unread.
constexpr int kStaysCrossed = -1;
constexpr int kStaysUnread = -2;

// In Partial::contribution: a row whose cell has not been decoded yet (or
// that the column does not hold).
constexpr int kNotYet = std::numeric_limits<int>::min();

// A partial decoding: the values chosen so far and how likely they are.
// The beam copies one per candidate of every cell, so a total's parts are
// looked up by row position, not by id.
struct Partial {
  double weight = 1;
  std::vector<int> values;        // per cell so far (kStaysCrossed for a cross-out)
  std::vector<int> contribution;  // per ruleset row (sheet order): what it adds to a total, or kNotYet
};

// The ruleset's rows by position (Ruleset::rows), for Partial::contribution.
struct RowPositions {
  explicit RowPositions(const Ruleset& ruleset) : rows(ruleset.rows), parts(rows.size()) {
    for (size_t i = 0; i < rows.size(); ++i) {
      for (const std::string& part : rows[i].sum_of)
        if (const RowSpec* found = ruleset.FindRow(part)) parts[i].push_back(Of(found));
      if (rows[i].section != "upper") continue;
      if (rows[i].kind == RowKind::kEntry) upper_entries.push_back(static_cast<int>(i));
      if (rows[i].kind == RowKind::kTotal && !rows[i].times_multiplier) upper_totals.push_back(static_cast<int>(i));
    }
  }
  int Of(const RowSpec* row) const { return static_cast<int>(row - rows.data()); }

  const std::vector<RowSpec>& rows;
  std::vector<std::vector<int>> parts;  // per row: the positions of the rows it adds (sum_of)
  std::vector<int> upper_entries;       // upper-section entry rows, sheet order
  std::vector<int> upper_totals;        // upper-section totals not times the column's multiplier, sheet order
};

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

// What the rows a total adds (`parts`, positions) hold in `partial`.
int SumOf(const std::vector<int>& parts, const Partial& partial) {
  int sum = 0;
  for (int part : parts)
    if (partial.contribution[part] != kNotYet) sum += partial.contribution[part];
  return sum;
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

// The bonus a column's upper entries earn, raw and (for a ×k column whose
// entries are written multiplied) scaled, and with `follow_written` the bonus
// the written upper subtotal earns too (one slip, not two). That was tried
// with the digit scores as the classifier gives them: 11 more player errors
// found over four corpora of 300, 2 more error-free cards alarmed. With them
// softened (ReadOptions::digit_temperature), an entry's alternatives are
// plausible enough that the double cost made the decoder explain a subtotal
// slip across the threshold away as a misread entry.
std::vector<int> ExpectedUpperBonus(const Partial& partial, const Ruleset& ruleset, const RowPositions& positions,
                                    int k, bool follow_written) {
  const int upper = SumOf(positions.upper_entries, partial);
  const UpperBonusRule& rule = ruleset.upper_bonus;
  std::vector<int> expected;
  const auto earned = [&](int subtotal) {
    expected.push_back(subtotal >= rule.threshold ? rule.points : 0);
    if (k > 1) {
      expected.push_back(subtotal >= rule.threshold * k ? rule.points * k : 0);  // multiplied entries, scaled bonus
      expected.push_back(subtotal >= rule.threshold * k ? rule.points : 0);      // multiplied entries, raw bonus
    }
  };
  earned(upper);
  if (follow_written)
    for (int total : positions.upper_totals)
      if (partial.contribution[total] != kNotYet) earned(partial.contribution[total]);
  return expected;
}

// The points a Yahtzee-bonus box's number (its row at `position` in
// Ruleset::rows) may hold in `partial`: what its ticks earn when they were
// read before it (a split row: ticks, then points; `from_ticks` set), else
// any whole number of bonuses (up to 12 of them).
// Raw, and times k in a ×k column whose bonus scales.
std::vector<int> BonusPointsDue(const Partial& partial, int position, const Ruleset& ruleset, int k,
                                bool& from_ticks) {
  const YahtzeeBonusRule& rule = *ruleset.yahtzee_bonus;
  const int scale = rule.scales_with_multiplier ? k : 1;
  std::vector<int> due;
  const auto add = [&](int points) {
    due.push_back(points);
    if (scale > 1) due.push_back(points * scale);
  };
  from_ticks = partial.contribution[position] != kNotYet;
  if (from_ticks) {
    add(partial.contribution[position]);
  } else {
    for (int checks = 0; checks <= 12; ++checks) add(rule.PointsFor(checks));
  }
  return due;
}

// How far `value` lies from the nearest score `row` can take in a ×k column
// (raw or multiplied).
int DistanceToLegal(const RowSpec& row, int k, int value) {
  int distance = std::numeric_limits<int>::max();
  for (int legal : row.legal_raw) {
    distance = std::min(distance, std::abs(value - legal));
    if (k > 1) distance = std::min(distance, std::abs(value - legal * k));
  }
  return distance;
}

// What the rows a total adds (`parts`, positions) hold in `partial`, the
// ones written (not 0).
std::vector<int> PartsOf(const std::vector<int>& parts, const Partial& partial) {
  std::vector<int> written;
  for (int part : parts)
    if (partial.contribution[part] != kNotYet && partial.contribution[part] != 0)
      written.push_back(partial.contribution[part]);
  return written;
}

// True when a player adding up to `expected` could have written `written`
// by a slip: off by 1 or 10 (a carry, also across a digit count: 99 for
// 100), by one in a single digit of as many digits (a wrong sum of two
// digits, a carry into the hundreds), by one of the rows it adds (`parts`,
// times `scale` in a ×k total: a row left out or added twice), or with two
// neighbouring digits swapped (a total copied as 162 for 126).
bool IsSlip(int written, int expected, const std::vector<int>& parts, int scale = 1) {
  if (written < 0 || expected < 0) return false;
  const int difference = std::abs(written - expected);
  if (difference == 1 || difference == 10) return true;
  for (int part : parts)
    if (difference == part * scale) return true;
  const std::string a = std::to_string(written), b = std::to_string(expected);
  if (a.size() != b.size()) return false;
  std::vector<size_t> differ;
  for (size_t i = 0; i < a.size(); ++i)
    if (a[i] != b[i]) differ.push_back(i);
  if (differ.size() == 1) return std::abs(a[differ[0]] - b[differ[0]]) == 1;
  return differ.size() == 2 && differ[1] == differ[0] + 1 && a[differ[0]] == b[differ[1]] && a[differ[1]] == b[differ[0]];
}

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

// How much the written totals that add up in `best` vouch for each cell of
// `column`: the factor by which a value the reader did not list would cost
// the decoding, through the sums it would break (1: none vouches). A total
// whose value is its parts' sum vouches for itself (the parts, read apart
// from it, say what it holds) and for each part (it says what they add to),
// at mismatch_factor, what the decoder charges a total a slip off its sum;
// an upper bonus that is what its entries earn vouches for itself. Only a
// sum as read is evidence:
// - a cell the decoding chose against the reader is not confirmed, and in a
//   sum it was fitted to vouches for the others only as far as it could not
//   have been fitted otherwise (FreedomToRefit); an unreadable part would
//   be given whatever value the others leave (card 0037 of seed 900042: four
//   of a kind misread 26 for 24, chance corrected to 13 for 15 so that the
//   lower total held);
// - a total that copies a single box (an upper total beside a bonus of 0, a
//   copied subtotal) vouches for nothing: the same number written twice is
//   misread the same way twice, by the same reader from the same kind of
//   ink (seed 900041: subtotal, upper total and its copy all read 3849 for 38).
std::vector<double> Confirmations(const std::vector<ColumnCell>& column, const std::vector<Choice>& chosen,
                                  const Partial& best, const Ruleset& ruleset, const RowPositions& positions, int k,
                                  const ChoiceOptions& options) {
  std::vector<std::vector<int>> cells_at(ruleset.rows.size());  // row position -> cells (a split bonus row has two)
  std::vector<int> position_of(column.size(), -1);
  for (size_t i = 0; i < column.size(); ++i)
    if (const RowSpec* row = ruleset.FindRow(column[i].row_id)) {
      position_of[i] = positions.Of(row);
      cells_at[position_of[i]].push_back(static_cast<int>(i));
    }
  std::vector<double> freedom(column.size(), 0);  // FreedomToRefit of each fitted cell, 0 for one as read
  for (size_t i = 0; i < column.size(); ++i) {
    if (column[i].reading.status == ReadingStatus::kIllegible) freedom[i] = 1;
    else if (chosen[i].corrected && position_of[i] >= 0)
      freedom[i] = FreedomToRefit(column[i], chosen[i], ruleset.rows[position_of[i]], k, options);
  }
  const auto as_read = [&](int i) { return column[i].reading.status == ReadingStatus::kNumber && !chosen[i].corrected; };
  std::vector<double> cost(column.size(), 1);
  for (size_t j = 0; j < column.size(); ++j) {
    const int position = position_of[j];
    const int value = best.values[j];
    if (position < 0 || value < 0 || column[j].reading.status != ReadingStatus::kNumber) continue;
    const RowSpec& row = ruleset.rows[position];
    if (row.kind == RowKind::kUpperBonus) {
      const std::vector<int> due =
          ExpectedUpperBonus(best, ruleset, positions, k, options.bonus_follows_written_subtotal);
      if (as_read(j) && std::find(due.begin(), due.end(), value) != due.end()) cost[j] *= options.mismatch_factor;
      continue;
    }
    if (row.kind != RowKind::kTotal) continue;
    std::vector<int> cells = {static_cast<int>(j)};  // the total and the cells it adds
    int summands = 0;                                 // parts that add something
    for (int part : positions.parts[position]) {
      summands += best.contribution[part] != kNotYet && best.contribution[part] != 0;
      cells.insert(cells.end(), cells_at[part].begin(), cells_at[part].end());
    }
    if (summands < 2) continue;
    const int sum = SumOf(positions.parts[position], best);
    if (value != sum && !(row.times_multiplier && value == sum * k)) continue;
    for (int i : cells) {
      if (!as_read(i)) continue;
      double factor = options.mismatch_factor;
      for (int other : cells)
        if (other != i) factor = std::max(factor, freedom[other]);
      cost[i] *= std::min(1.0, factor);
    }
  }
  return cost;
}

// Choice::confidence of every number cell of `column` (see there), `best`
// being the chosen decoding among `beam`.
void SetConfidences(const std::vector<ColumnCell>& column, const std::vector<Partial>& beam, const Partial& best,
                    const Ruleset& ruleset, const RowPositions& positions, int k, const ChoiceOptions& options,
                    ColumnChoice& choice) {
  const std::vector<double> confirmation = options.confirm_by_totals
                                              ? Confirmations(column, choice.cells, best, ruleset, positions, k, options)
                                              : std::vector<double>(column.size(), 1);
  double all = 0;
  for (const Partial& partial : beam) all += partial.weight;
  for (size_t i = 0; i < column.size(); ++i) {
    const Reading& reading = column[i].reading;
    Choice& cell = choice.cells[i];
    cell.confidence = cell.crossed_as_number ? reading.number_confidence : reading.confidence;
    if (reading.status != ReadingStatus::kNumber || confirmation[i] >= 1 || best.weight <= 0) continue;
    // Confirmed cells hold the reader's top reading (Confirmations): q is the
    // reader's confidence in the chosen value.
    const double q = std::clamp(reading.confidence, 1e-9, 1.0);
    double agree = 0;
    for (const Partial& partial : beam)
      if (partial.values[i] == best.values[i]) agree += partial.weight;
    // One more hypothesis: the cell holds a value the reader did not list
    // (the listed ones are in the beam already, so counted twice: on the safe
    // side), costing what breaking the sums that confirm it costs (each one
    // charged as a slip, not far_mismatch_factor: on the safe side too).
    const double unlisted = best.weight * (1 - q) / q * confirmation[i];
    cell.confidence = std::max(cell.confidence, agree / (all + unlisted));
  }
}

}  // namespace

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
    ValueScores scores(reading);
    // A mark the shape test took for a cross-out, with a number reading: the
    // cross weighs 1 and each number its score, so a total that only adds up
    // with the number (or a cross where none belongs) can turn it.
    const bool crossed = reading.status == ReadingStatus::kCrossed && !reading.alternatives.empty();
    const double scale = crossed ? reading.alternatives.front().score : 1.0;
    std::vector<Partial> next;
    if (reading.status == ReadingStatus::kIllegible && row && row->kind == RowKind::kEntry) {
      // Ink that reads as nothing: left unread it scores nothing; each legal
      // value is a guess only a total that needs it can pick.
      std::vector<int> guesses;
      for (int legal : row->legal_raw) {
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
          extended.values.push_back(value);
          extended.contribution[position] = value;
          next.push_back(std::move(extended));
        }
      }
      beam = MostLikely(std::move(next), options.beam_width);
      continue;
    }
    if ((reading.status != ReadingStatus::kNumber && !crossed) || !row) {
      // Not a number: nothing to choose, but ticks still add their points.
      for (Partial& partial : beam) {
        partial.values.push_back(0);
        if (row && reading.status == ReadingStatus::kChecks && row->kind == RowKind::kYahtzeeBonus && ruleset.yahtzee_bonus)
          partial.contribution[position] = ruleset.yahtzee_bonus->PointsFor(reading.checks);
        next.push_back(std::move(partial));
      }
      beam = std::move(next);
      continue;
    }
    std::vector<std::pair<int, double>> cell_candidates = Candidates(reading, options);
    if (row->kind == RowKind::kEntry)
      for (int legal : row->legal_raw) {
        AskFor(scores, legal, options, cell_candidates);
        if (k > 1) AskFor(scores, legal * k, options, cell_candidates);
      }
    const bool points_checked = row->kind == RowKind::kYahtzeeBonus && options.check_bonus_points &&
                                ruleset.yahtzee_bonus && cell.part != CellPart::kChecks;
    for (const Partial& partial : beam) {
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
      } else if (points_checked) {
        // The ticks' points, or the first whole numbers of bonuses (the first
        // eight values: up to 7 bonuses, or 3 raw and scaled in a ×k column):
        // values a messy 100 is asked for.
        due = BonusPointsDue(partial, position, ruleset, k, from_ticks);
        for (size_t i = 0; i < due.size() && (from_ticks || i < 8); ++i)
          if (due[i] > 0) AskFor(scores, due[i], options, candidates);
      }
      if (crossed) {
        for (auto& [value, likeness] : candidates) likeness *= scale;
        candidates.emplace_back(kStaysCrossed, 1.0);
      }
      for (const auto& [value, likeness] : candidates) {
        double factor = 1;
        if (value == kStaysCrossed) {
          // A crossed box scores 0; a crossed total or bonus is not what a sheet asks for.
          const bool belongs = row->kind == RowKind::kEntry || row->kind == RowKind::kYahtzeeBonus;
          Partial extended = partial;
          extended.weight *= belongs ? 1 : options.mismatch_factor;
          extended.values.push_back(kStaysCrossed);
          extended.contribution[position] = 0;
          next.push_back(std::move(extended));
          continue;
        }
        switch (row->kind) {
          case RowKind::kEntry: {
            const bool legal = row->IsLegalRaw(value) || (k > 1 && value % k == 0 && row->IsLegalRaw(value / k));
            factor = legal                                                   ? 1
                     : DistanceToLegal(*row, k, value) > options.far_from_legal ? options.far_illegal_factor
                                                                                 : options.illegal_factor;
            break;
          }
          case RowKind::kTotal: {
            const bool adds_up = value == sum || (row->times_multiplier && value == sum * k);
            if (adds_up) break;
            // Only a total that does not add up asks what kind of slip it is
            // (this runs for every candidate of every partial in the beam).
            const std::vector<int> parts = PartsOf(positions.parts[position], partial);
            const bool slip = IsSlip(value, sum, parts) || (row->times_multiplier && IsSlip(value, sum * k, parts, k));
            factor = slip ? options.mismatch_factor : options.far_mismatch_factor;
            break;
          }
          case RowKind::kUpperBonus:
            factor = std::find(due.begin(), due.end(), value) != due.end() ? 1 : options.mismatch_factor;
            break;
          case RowKind::kYahtzeeBonus:
            // Points beside ticks should be what the ticks earn; points alone
            // a whole number of bonuses (100 read as 700 is neither).
            if (points_checked && std::find(due.begin(), due.end(), value) == due.end())
              factor = from_ticks ? options.mismatch_factor : options.illegal_factor;
            break;
        }
        Partial extended = partial;
        extended.weight *= likeness * factor;
        extended.values.push_back(value);
        extended.contribution[position] = value;
        next.push_back(std::move(extended));
      }
    }
    beam = MostLikely(std::move(next), options.beam_width);
  }

  ColumnChoice choice;
  choice.cells.resize(column.size());
  const Partial& best = beam.front();
  choice.log_weight = std::log(std::max(best.weight, 1e-300));
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
  SetConfidences(column, beam, best, ruleset, positions, k, options, choice);
  return choice;
}

}  // namespace scorecheck
