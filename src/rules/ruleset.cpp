#include "rules/ruleset.h"

#include <algorithm>
#include <cstdint>
#include <limits>
#include <set>

#include <nlohmann/json.hpp>

#include "core/error.h"
#include "core/json_text.h"
#include "core/text.h"
#include "rules/score_roll.h"

namespace scorecheck {
namespace {

// Bounds of a ruleset file (see CheckInvariants).
constexpr size_t kMostRows = 100;
constexpr int kMostColumns = 20, kMostGrids = 8, kMostMultiplier = 100, kMostPoints = 10000;


using Json = nlohmann::json;

// A whole number within an int: the JSON library turns a fraction or a
// number past an int into an int unchecked (undefined for 2e42; found by
// fuzz/ruleset_fuzz).
bool IsInt(const Json& value) {
  if (value.is_number_unsigned()) return value.get<std::uint64_t>() <= std::numeric_limits<int>::max();
  return value.is_number_integer() && value.get<std::int64_t>() >= std::numeric_limits<int>::min() &&
         value.get<std::int64_t>() <= std::numeric_limits<int>::max();
}

// Reads `key` of `object` as T, or `fallback` when absent; a value of the wrong
// type throws Error naming the field.
template <typename T>
T Get(const Json& object, const char* key, const std::string& where, T fallback) {
  auto it = object.find(key);
  if (it == object.end() || it->is_null()) return fallback;
  if constexpr (std::is_same_v<T, int>) {
    SC_CHECK(IsInt(*it), where << "." << key << " must be a whole number");
  } else if constexpr (std::is_same_v<T, std::vector<int>>) {
    SC_CHECK(it->is_array() && std::all_of(it->begin(), it->end(), IsInt), where << "." << key << " must list whole numbers");
  }
  try {
    return it->get<T>();
  } catch (const Json::exception&) {
    throw Error(where + "." + key + " has the wrong type");
  }
}

template <typename T>
T Require(const Json& object, const char* key, const std::string& where) {
  SC_CHECK(object.is_object() && object.contains(key), where << " is missing \"" << key << "\"");
  return Get<T>(object, key, where, T{});
}

RowKind ParseRowKind(const std::string& text, const std::string& where) {
  if (text == "entry") return RowKind::kEntry;
  if (text == "upper_bonus") return RowKind::kUpperBonus;
  if (text == "yahtzee_bonus") return RowKind::kYahtzeeBonus;
  if (text == "total") return RowKind::kTotal;
  throw Error(where + ".kind \"" + text + "\" is not entry, upper_bonus, yahtzee_bonus or total");
}

ScoreRule ParseScoreRule(const Json& json, const std::string& where) {
  SC_CHECK(json.is_object(), where << " must be an object");
  ScoreRule rule;
  const auto pattern = Require<std::string>(json, "pattern", where);
  if (pattern == "face") {
    rule.pattern = ScorePattern::kFace;
    rule.face = Require<int>(json, "face", where);
    SC_CHECK(rule.face >= 1 && rule.face <= 6, where << ".face must be 1..6");
    return rule;
  }
  if (pattern == "of_a_kind") {
    rule.pattern = ScorePattern::kOfAKind;
    rule.count = Require<int>(json, "count", where);
    SC_CHECK(rule.count >= 2 && rule.count <= 5, where << ".count must be 2..5");
  } else if (pattern == "full_house") {
    rule.pattern = ScorePattern::kFullHouse;
  } else if (pattern == "straight") {
    rule.pattern = ScorePattern::kStraight;
    rule.length = Require<int>(json, "length", where);
    SC_CHECK(rule.length >= 2 && rule.length <= 5, where << ".length must be 2..5");
  } else if (pattern == "any") {
    rule.pattern = ScorePattern::kAny;
  } else {
    throw Error(where + ".pattern \"" + pattern + "\" is not face, of_a_kind, full_house, straight or any");
  }
  SC_CHECK(json.contains("points"), where << " is missing \"points\"");
  const Json& points = json["points"];
  if (points.is_number_integer()) {
    SC_CHECK(points.get<long long>() >= 0 && points.get<long long>() <= kMostPoints,
             where << ".points must be 0.." << kMostPoints);
    rule.fixed_points = points.get<int>();
  } else {
    SC_CHECK(points == "sum", where << ".points must be a number or \"sum\"");
  }
  return rule;
}

// Every raw value the box can hold: the scores of all rolls, plus the
// joker's fixed scores (a five of a kind in full house or a straight). A
// box's score does not depend on the order of the dice, so the 252 sorted
// rolls stand for all 7,776 (every run loads every ruleset: 30 times less
// work before a card is looked at).
std::vector<int> DeriveLegalValues(const ScoreRule& rule) {
  std::set<int> values;
  Dice dice{};
  for (dice[0] = 1; dice[0] <= 6; ++dice[0])
    for (dice[1] = dice[0]; dice[1] <= 6; ++dice[1])
      for (dice[2] = dice[1]; dice[2] <= 6; ++dice[2])
        for (dice[3] = dice[2]; dice[3] <= 6; ++dice[3])
          for (dice[4] = dice[3]; dice[4] <= 6; ++dice[4]) {
            values.insert(ScoreBox(rule, dice, false));
            values.insert(ScoreBox(rule, dice, true));
          }
  return {values.begin(), values.end()};
}

RowSpec ParseRow(const Json& json, const std::string& where) {
  SC_CHECK(json.is_object(), where << " must be an object");
  RowSpec row;
  row.id = Require<std::string>(json, "id", where);
  const std::string at = where + " (" + row.id + ")";
  row.name = Get<std::string>(json, "name", at, row.id);
  row.kind = ParseRowKind(Require<std::string>(json, "kind", at), at);
  row.section = Get<std::string>(json, "section", at, "");
  row.labels = Get<std::vector<std::string>>(json, "labels", at, {});
  row.how_to_score = Get<std::string>(json, "how_to_score", at, "");
  row.sheet_hint = Get<std::string>(json, "sheet_hint", at, "");
  if (row.kind == RowKind::kEntry) {
    SC_CHECK(json.contains("score"), at << " is an entry and needs \"score\"");
    row.score = ParseScoreRule(json["score"], at + ".score");
    row.legal_raw = DeriveLegalValues(row.score);
  }
  if (row.kind == RowKind::kTotal) {
    row.sum_of = Require<std::vector<std::string>>(json, "sum", at);
    SC_CHECK(!row.sum_of.empty(), at << ".sum is empty");
    row.times_multiplier = Get<bool>(json, "times_multiplier", at, false);
  }
  return row;
}

JokerScope ParseScope(const std::string& text, const std::string& where) {
  if (text == "own") return JokerScope::kOwn;
  if (text == "all") return JokerScope::kAll;
  throw Error(where + " must be \"own\" or \"all\"");
}

void CheckInvariants(const Ruleset& ruleset) {
  // Bounds a game's sheet stays far inside, so that no file can make a
  // sheet of a million rows or totals past an int.
  SC_CHECK(ruleset.rows.size() <= kMostRows, "a ruleset has at most " << kMostRows << " rows");
  SC_CHECK(ruleset.max_columns <= kMostColumns, "columns.max must be at most " << kMostColumns);
  for (int grids : ruleset.grids_per_page)
    SC_CHECK(grids >= 1 && grids <= kMostGrids, "columns.grids_per_page must be 1.." << kMostGrids);
  for (int k : ruleset.multipliers) SC_CHECK(k <= kMostMultiplier, "columns.multipliers must be at most " << kMostMultiplier);
  for (int points : {ruleset.upper_bonus.threshold, ruleset.upper_bonus.points})
    SC_CHECK(points >= 0 && points <= kMostPoints, "upper_bonus threshold and points must be 0.." << kMostPoints);
  if (ruleset.yahtzee_bonus)
    for (int points : ruleset.yahtzee_bonus->points_per_check)
      SC_CHECK(points >= 0 && points <= kMostPoints, "yahtzee_bonus.points_per_check must be 0.." << kMostPoints);
  std::set<std::string> seen;
  for (const RowSpec& row : ruleset.rows) {
    SC_CHECK(seen.insert(row.id).second, "row id \"" << row.id << "\" appears twice");
    for (const std::string& part : row.sum_of) {
      SC_CHECK(seen.count(part) && part != row.id,
               "total \"" << row.id << "\" adds \"" << part << "\", which is not an earlier row");
    }
  }
  SC_CHECK(ruleset.min_columns >= 1 && ruleset.min_columns <= ruleset.max_columns,
           "columns.min/max must satisfy 1 <= min <= max");
  SC_CHECK(ruleset.multipliers.empty() || static_cast<int>(ruleset.multipliers.size()) == ruleset.max_columns,
           "columns.multipliers must list one multiplier per column (" << ruleset.max_columns << ")");
  for (int k : ruleset.multipliers) SC_CHECK(k >= 1, "columns.multipliers must be positive");
  const bool has_bonus_row = std::any_of(ruleset.rows.begin(), ruleset.rows.end(),
                                         [](const RowSpec& r) { return r.kind == RowKind::kYahtzeeBonus; });
  SC_CHECK(has_bonus_row == ruleset.yahtzee_bonus.has_value(),
           "a yahtzee_bonus row and the \"yahtzee_bonus\" rule go together");
  SC_CHECK(!ruleset.yahtzee_bonus || ruleset.YahtzeeBox(),
           "a Yahtzee bonus needs an entry scored as five of a kind");
  SC_CHECK(!ruleset.yahtzee_bonus || !ruleset.yahtzee_bonus->points_per_check.empty(),
           "yahtzee_bonus.points_per_check is empty");
}

}  // namespace

bool RowSpec::IsLegalRaw(int value) const {
  return std::binary_search(legal_raw.begin(), legal_raw.end(), value);
}

int YahtzeeBonusRule::PointsFor(int checks) const {
  int total = 0;
  for (int i = 0; i < checks; ++i)
    total += points_per_check[std::min<size_t>(i, points_per_check.size() - 1)];
  return total;
}

std::string_view EntryConventionName(EntryConvention convention) {
  switch (convention) {
    case EntryConvention::kAuto: return "auto";
    case EntryConvention::kRaw: return "raw";
    case EntryConvention::kMultiplied: return "multiplied";
  }
  return "auto";
}

std::optional<EntryConvention> ParseEntryConvention(std::string_view text) {
  if (text == "auto") return EntryConvention::kAuto;
  if (text == "raw") return EntryConvention::kRaw;
  if (text == "multiplied") return EntryConvention::kMultiplied;
  return std::nullopt;
}

std::string_view ColumnIsName(ColumnIs column_is) {
  switch (column_is) {
    case ColumnIs::kGame: return "game";
    case ColumnIs::kPartOfGame: return "part_of_game";
    case ColumnIs::kPlayer: return "player";
  }
  return "game";
}

std::optional<ColumnIs> ParseColumnIs(std::string_view text) {
  if (text == "game") return ColumnIs::kGame;
  if (text == "part_of_game") return ColumnIs::kPartOfGame;
  if (text == "player") return ColumnIs::kPlayer;
  return std::nullopt;
}

const RowSpec* Ruleset::FindRow(std::string_view row_id) const {
  for (const RowSpec& row : rows)
    if (row.id == row_id) return &row;
  return nullptr;
}

int Ruleset::Multiplier(int column) const {
  if (column < 0 || column >= static_cast<int>(multipliers.size())) return 1;
  return multipliers[column];
}

bool Ruleset::HasMultipliers() const {
  return std::any_of(multipliers.begin(), multipliers.end(), [](int k) { return k != 1; });
}

const RowSpec* Ruleset::YahtzeeBox() const {
  for (const RowSpec& row : rows)
    if (row.kind == RowKind::kEntry && row.score.pattern == ScorePattern::kOfAKind && row.score.count == 5)
      return &row;
  return nullptr;
}

const RowSpec* Ruleset::FinalTotal() const {
  const RowSpec* last = nullptr;
  for (const RowSpec& row : rows)
    if (row.kind == RowKind::kTotal) last = &row;
  return last;
}

const RowSpec* Ruleset::CopiedTotal(const RowSpec& row) const {
  if (row.kind != RowKind::kTotal || row.sum_of.size() != 1) return nullptr;
  const RowSpec* term = FindRow(row.sum_of[0]);
  return term && term->kind == RowKind::kTotal && term->times_multiplier == row.times_multiplier ? term : nullptr;
}

Ruleset ParseRuleset(const std::string& json_text) {
  // A ruleset is a few kilobytes.
  const Json json = ParseJsonText(json_text, {.max_bytes = 1u << 20});
  SC_CHECK(json.is_object(), "a ruleset file must hold a JSON object");

  Ruleset ruleset;
  ruleset.id = Require<std::string>(json, "id", "ruleset");
  ruleset.name = Get<std::string>(json, "name", "ruleset", ruleset.id);
  ruleset.source = Get<std::string>(json, "source", "ruleset", "");
  ruleset.tie_break = Get<std::string>(json, "tie_break", "ruleset", "");
  ruleset.layout_version = Get<int>(json, "layout_version", "ruleset", 1);
  const std::string column_is = Get<std::string>(json, "column_is", "ruleset", "game");
  const std::optional<ColumnIs> parsed_column_is = ParseColumnIs(column_is);
  SC_CHECK(parsed_column_is, "ruleset \"column_is\" must be \"game\", \"part_of_game\" or \"player\", not \""
                                 << column_is << "\"");
  ruleset.column_is = *parsed_column_is;

  SC_CHECK(json.contains("columns") && json["columns"].is_object(), "ruleset is missing \"columns\"");
  const Json& columns = json["columns"];
  ruleset.min_columns = Get<int>(columns, "min", "columns", 1);
  ruleset.max_columns = Require<int>(columns, "max", "columns");
  ruleset.default_columns = Get<int>(columns, "default", "columns", ruleset.max_columns);
  ruleset.multipliers = Get<std::vector<int>>(columns, "multipliers", "columns", {});
  ruleset.column_headers = Get<std::vector<std::string>>(columns, "headers", "columns", {});
  ruleset.column_header_synonyms =
      Get<std::vector<std::vector<std::string>>>(columns, "header_synonyms", "columns", {});
  ruleset.grids_per_page = Get<std::vector<int>>(columns, "grids_per_page", "columns", {1});
  ruleset.section_labels = Get<std::vector<std::string>>(json, "section_labels", "ruleset", {});

  if (json.contains("upper_bonus")) {
    const Json& bonus = json["upper_bonus"];
    ruleset.upper_bonus.threshold = Require<int>(bonus, "threshold", "upper_bonus");
    ruleset.upper_bonus.points = Require<int>(bonus, "points", "upper_bonus");
    ruleset.upper_bonus.scales_with_multiplier = Get<bool>(bonus, "scales_with_multiplier", "upper_bonus", false);
  }
  if (json.contains("yahtzee_bonus")) {
    const Json& bonus = json["yahtzee_bonus"];
    YahtzeeBonusRule rule;
    rule.points_per_check = Require<std::vector<int>>(bonus, "points_per_check", "yahtzee_bonus");
    if (bonus.contains("max_checks")) rule.max_checks = Get<int>(bonus, "max_checks", "yahtzee_bonus", 0);
    const auto precondition = Get<std::string>(bonus, "requires", "yahtzee_bonus", "own_box_full");
    if (precondition == "own_box_full") {
      rule.precondition = BonusPrecondition::kOwnBoxFull;
    } else if (precondition == "all_boxes_nonzero") {
      rule.precondition = BonusPrecondition::kAllBoxesNonzero;
    } else {
      throw Error("yahtzee_bonus.requires must be \"own_box_full\" or \"all_boxes_nonzero\"");
    }
    rule.scales_with_multiplier = Get<bool>(bonus, "scales_with_multiplier", "yahtzee_bonus", false);
    rule.points_labels = Get<std::vector<std::string>>(bonus, "points_labels", "yahtzee_bonus", {});
    ruleset.yahtzee_bonus = rule;
  }
  if (json.contains("joker")) {
    const Json& joker = json["joker"];
    ruleset.joker = JokerRule{ParseScope(Get<std::string>(joker, "yahtzee_boxes", "joker", "own"), "joker.yahtzee_boxes"),
                              ParseScope(Get<std::string>(joker, "upper_box", "joker", "own"), "joker.upper_box")};
  }
  ruleset.any_box_may_be_crossed = Get<bool>(json, "any_box_may_be_crossed", "ruleset", false);
  if (json.contains("max_scored_boxes")) ruleset.max_scored_boxes = Get<int>(json, "max_scored_boxes", "ruleset", 0);
  ruleset.incomplete_warnings = Get<bool>(json, "incomplete_warnings", "ruleset", true);
  const auto convention = Get<std::string>(json, "entry_convention", "ruleset", "raw");
  auto parsed = ParseEntryConvention(convention);
  SC_CHECK(parsed, "entry_convention must be raw, multiplied or auto");
  ruleset.entry_convention = *parsed;

  SC_CHECK(json.contains("rows") && json["rows"].is_array(), "ruleset is missing the \"rows\" array");
  for (size_t i = 0; i < json["rows"].size(); ++i)
    ruleset.rows.push_back(ParseRow(json["rows"][i], "rows[" + std::to_string(i) + "]"));
  CheckInvariants(ruleset);
  return ruleset;
}

Ruleset LoadRuleset(const std::string& path) {
  try {
    return ParseRuleset(ReadTextFile(path));
  } catch (const Error& e) {
    throw Error(path + ": " + e.what());
  }
}

}  // namespace scorecheck
