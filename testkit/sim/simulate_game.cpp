#include "sim/simulate_game.h"

#include <algorithm>
#include <map>
#include <set>

#include "rules/score_roll.h"

namespace scorecheck {
namespace {

Dice Roll(std::mt19937& rng) {
  std::uniform_int_distribution<int> die(1, 6);
  Dice dice;
  for (int& face : dice) face = die(rng);
  return dice;
}

// Keeps the most common face (the higher on ties), or a run of four toward a
// straight, and rerolls the rest.
void Reroll(Dice& dice, std::mt19937& rng) {
  std::array<int, 7> counts{};
  for (int face : dice) ++counts[face];
  int best_face = 6;
  for (int face = 6; face >= 1; --face)
    if (counts[face] > counts[best_face]) best_face = face;
  int run_start = 0;
  for (int start = 1; start <= 3; ++start)
    if (counts[start] && counts[start + 1] && counts[start + 2] && counts[start + 3]) run_start = start;
  std::uniform_int_distribution<int> die(1, 6);
  if (counts[best_face] <= 2 && run_start) {
    std::array<bool, 7> kept{};
    for (int& face : dice) {
      const bool in_run = face >= run_start && face < run_start + 4 && !kept[face];
      if (in_run) kept[face] = true;
      else face = die(rng);
    }
    return;
  }
  for (int& face : dice)
    if (face != best_face) face = die(rng);
}

// Preference when a roll scores nothing anywhere: sacrifice the boxes that
// are worth least on average first.
int SacrificeRank(const RowSpec& row) {
  switch (row.score.pattern) {
    case ScorePattern::kFace: return row.score.face;            // aces first
    case ScorePattern::kOfAKind: return row.score.count == 5 ? 7 : 9 + row.score.count;
    case ScorePattern::kStraight: return 10 + row.score.length;
    case ScorePattern::kFullHouse: return 13;
    case ScorePattern::kAny: return 20;
  }
  return 0;
}

struct Play {
  std::vector<PlayColumn> columns;   // raw points as played
  std::vector<std::set<std::string>> crossed;
};

// Plays the turns of one game over `column_ids` of `play`.
void PlayGame(const Ruleset& ruleset, const std::vector<int>& column_ids, Play& play, std::mt19937& rng,
              const GameOptions& options) {
  std::vector<const RowSpec*> entries;
  for (const RowSpec& row : ruleset.rows)
    if (row.kind == RowKind::kEntry) entries.push_back(&row);
  int turns = static_cast<int>(entries.size() * column_ids.size());
  if (ruleset.max_scored_boxes) turns = std::min(turns, *ruleset.max_scored_boxes);
  std::uniform_real_distribution<double> chance(0.0, 1.0);

  for (int turn = 0; turn < turns; ++turn) {
    Dice dice = Roll(rng);
    Reroll(dice, rng);
    Reroll(dice, rng);
    int best_column = -1;
    const RowSpec* best_row = nullptr;
    double best_value = -1e9;
    bool best_bonus = false;
    int best_points = 0;
    for (int c : column_ids) {
      const RollScore score = ScoreRoll(dice, ruleset, play.columns, c);
      const int k = ruleset.Multiplier(c);
      for (const RowSpec* row : entries) {
        if (play.columns[c].filled.count(row->id)) continue;
        const int points = score.points.at(row->id);
        double value = points * k;
        if (row->score.pattern == ScorePattern::kFace && points >= 3 * row->score.face) value += 8 * k;
        if (points == 0) value = -SacrificeRank(*row) - 0.01 * k;
        if (value > best_value) {
          best_value = value;
          best_column = c;
          best_row = row;
          best_points = points;
          best_bonus = score.bonus_earned && (ruleset.yahtzee_bonus->precondition != BonusPrecondition::kAllBoxesNonzero || points > 0);
        }
      }
    }
    if (!best_row) break;
    play.columns[best_column].filled[best_row->id] = best_points;
    if (best_bonus) ++play.columns[best_column].bonus_checks;
    const bool may_cross = best_row->IsLegalRaw(0) || ruleset.any_box_may_be_crossed;
    if (best_points == 0 && may_cross && chance(rng) < options.cross_out_zero)
      play.crossed[best_column].insert(best_row->id);
  }
}

}  // namespace

std::map<std::string, int> CorrectTotals(const Ruleset& ruleset, const CardColumn& column, int k,
                                         EntryConvention convention) {
  const int scale = convention == EntryConvention::kMultiplied ? k : 1;
  std::map<std::string, int> value, totals;
  int upper = 0;  // upper entries as written (scaled)
  for (const RowSpec& row : ruleset.rows) {
    const CellValue cell = column.At(row.id);
    switch (row.kind) {
      case RowKind::kEntry:
        value[row.id] = cell.state == CellState::kNumber ? cell.number : 0;
        if (row.score.pattern == ScorePattern::kFace) upper += value[row.id];
        break;
      case RowKind::kUpperBonus: {
        const UpperBonusRule& rule = ruleset.upper_bonus;
        const int factor = rule.scales_with_multiplier ? scale : 1;
        value[row.id] = upper >= rule.threshold * factor ? rule.points * factor : 0;
        break;
      }
      case RowKind::kYahtzeeBonus: {
        const YahtzeeBonusRule& rule = *ruleset.yahtzee_bonus;
        const int checks = cell.state == CellState::kChecks ? cell.checks : 0;
        value[row.id] = rule.PointsFor(checks) * (rule.scales_with_multiplier ? scale : 1);
        break;
      }
      case RowKind::kTotal: {
        int sum = 0;
        for (const std::string& part : row.sum_of) sum += value[part];
        value[row.id] = row.times_multiplier && convention == EntryConvention::kRaw ? sum * k : sum;
        break;
      }
    }
    if (row.kind != RowKind::kEntry) totals[row.id] = value[row.id];
  }
  return totals;
}

void FillTotals(const Ruleset& ruleset, CardColumn& column, int k, EntryConvention convention, Arithmetic arithmetic,
                const std::set<std::string>& keep, bool bonus_points) {
  const std::map<std::string, int> correct = CorrectTotals(ruleset, column, k, convention);
  const int scale = convention == EntryConvention::kMultiplied ? k : 1;
  // What the player sees above each row: written numbers (blank = 0).
  auto written = [&](const std::string& id) {
    const CellValue cell = column.At(id);
    if (cell.state == CellState::kNumber) return cell.number;
    if (cell.state == CellState::kChecks && cell.points) return *cell.points;
    return 0;
  };
  for (const RowSpec& row : ruleset.rows) {
    if (row.kind == RowKind::kEntry || keep.count(row.id)) continue;
    if (row.kind == RowKind::kYahtzeeBonus) {
      CellValue& cell = column.cells[row.id];
      if (cell.state == CellState::kChecks && bonus_points) cell.points = correct.at(row.id);
      if (cell.state == CellState::kEmpty) column.cells.erase(row.id);
      continue;
    }
    int value = correct.at(row.id);
    if (arithmetic == Arithmetic::kPlayer && row.kind == RowKind::kUpperBonus) {
      // The player compares the subtotal they wrote with the threshold.
      const RowSpec* subtotal = ruleset.FindRow("upper_subtotal");
      const UpperBonusRule& rule = ruleset.upper_bonus;
      const int factor = rule.scales_with_multiplier ? scale : 1;
      if (subtotal) value = written(subtotal->id) >= rule.threshold * factor ? rule.points * factor : 0;
    } else if (arithmetic == Arithmetic::kPlayer && row.kind == RowKind::kTotal) {
      int sum = 0;
      for (const std::string& part : row.sum_of) sum += written(part);
      value = row.times_multiplier && convention == EntryConvention::kRaw ? sum * k : sum;
    }
    column.cells[row.id] = CellValue::Number(value);
  }
}

CardGrid SimulateGame(const Ruleset& ruleset, std::mt19937& rng, const GameOptions& options) {
  const int column_count = std::clamp(options.columns > 0 ? options.columns : ruleset.default_columns,
                                      ruleset.min_columns, ruleset.max_columns);
  Play play;
  play.columns.resize(column_count);
  play.crossed.resize(column_count);
  if (ruleset.HasMultipliers()) {
    std::vector<int> all(column_count);
    for (int c = 0; c < column_count; ++c) all[c] = c;
    PlayGame(ruleset, all, play, rng, options);
  } else {
    for (int c = 0; c < column_count; ++c) PlayGame(ruleset, {c}, play, rng, options);
  }

  CardGrid grid;
  grid.ruleset = ruleset.id;
  std::bernoulli_distribution coin(0.5);
  for (int c = 0; c < column_count; ++c) {
    const int k = ruleset.Multiplier(c);
    EntryConvention convention = options.convention;
    if (convention == EntryConvention::kAuto) convention = coin(rng) ? EntryConvention::kRaw : EntryConvention::kMultiplied;
    const int scale = convention == EntryConvention::kMultiplied ? k : 1;
    CardColumn column;
    column.index = c;
    for (const auto& [row, points] : play.columns[c].filled)
      column.cells[row] = play.crossed[c].count(row) ? CellValue::Crossed() : CellValue::Number(points * scale);
    if (play.columns[c].bonus_checks > 0) column.cells["yahtzee_bonus"] = CellValue::Checks(play.columns[c].bonus_checks);
    if (options.write_totals) {
      FillTotals(ruleset, column, k, convention, Arithmetic::kCorrect, {}, options.write_bonus_points);
    } else if (options.write_bonus_points && play.columns[c].bonus_checks > 0) {
      column.cells["yahtzee_bonus"].points = CorrectTotals(ruleset, column, k, convention).at("yahtzee_bonus");
    }
    grid.columns.push_back(std::move(column));
  }
  return grid;
}

}  // namespace scorecheck
