#include "sheets/wording_pools.h"

#include <algorithm>
#include <array>

#include "core/text.h"

namespace scorecheck {
namespace {

using Pool = std::vector<std::string>;

const std::array<std::string, 7> kFaceNames = {"", "Aces", "Twos", "Threes", "Fours", "Fives", "Sixes"};
const std::array<std::string, 7> kFaceWords = {"", "Ones", "Twos", "Threes", "Fours", "Fives", "Sixes"};

std::string Replace(std::string text, const std::string& key, const std::string& value) {
  for (size_t at; (at = text.find(key)) != std::string::npos;) text.replace(at, key.size(), value);
  return text;
}

// Fills {t} (bonus threshold), {p} (bonus points), {y} (the ruleset's name
// for five of a kind) and {x} (the Yahtzee-bonus points per tick).
std::string Fill(const Ruleset& ruleset, std::string text) {
  text = Replace(text, "{t}", std::to_string(ruleset.upper_bonus.threshold));
  text = Replace(text, "{p}", std::to_string(ruleset.upper_bonus.points));
  const int per_tick = ruleset.yahtzee_bonus && !ruleset.yahtzee_bonus->points_per_check.empty()
                           ? ruleset.yahtzee_bonus->points_per_check.back()
                           : 100;
  text = Replace(text, "{x}", std::to_string(per_tick));
  return text;
}

std::vector<std::string> Filled(const Ruleset& ruleset, const Pool& pool) {
  std::vector<std::string> out;
  for (const std::string& text : pool) out.push_back(Fill(ruleset, text));
  return out;
}

// The variant's word for five of a kind, as its rule sheet prints it.
Pool FiveOfAKindNames(const Ruleset& ruleset) {
  if (ruleset.id == "fivezee") return {"FiveZee", "Five Zee", "FIVEZEE", "5 of a kind"};
  if (ruleset.id == "rollem") return {"Lucky Dice", "LUCKY DICE", "5 of a kind"};
  return {"Yahtzee", "YAHTZEE", "Yahtzee!", "5 of a kind", "Five of a Kind"};
}

Pool FaceLabels(const Ruleset& ruleset, int face) {
  const std::string n = std::to_string(face);
  Pool pool = {kFaceNames[face], kFaceWords[face], n + "'s", n + "s", kFaceNames[face] + " = " + n,
               kFaceWords[face] + " (" + n + ")", "Count and add only " + kFaceNames[face]};
  if (face == 1) pool.insert(pool.end(), {"ACES", "Ones", "1's"});
  if (face == 6 && ruleset.id == "piecepack") pool.insert(pool.end(), {"Nulls", "Nulls = 6", "NULLS", "Nulls (6)"});
  if (ruleset.id == "rollem") pool.insert(pool.end(), {"Maximize " + n, "As many " + ToLower(kFaceWords[face]) + " as possible"});
  return pool;
}

}  // namespace

std::vector<std::string> LabelPool(const Ruleset& ruleset, const RowSpec& row) {
  const std::string& id = row.id;
  if (row.kind == RowKind::kEntry && row.score.pattern == ScorePattern::kFace) return FaceLabels(ruleset, row.score.face);
  if (id == "upper_subtotal")
    return {"Total Score", "TOTAL SCORE", "Subtotal", "Sub-total", "Total", "Sum", "Upper Subtotal", "Sum of upper"};
  if (id == "upper_bonus")
    return Filled(ruleset, {"Bonus", "BONUS", "Upper Bonus", "Bonus if ≥ {t}", "Bonus ({t}+)", "Bonus if {t} or over",
                            "Bonus (≥{t})", "Bonus 35", "Bonus: {p}"});
  if (id == "upper_total")
    return {"Upper Total", "Total of Upper Section", "TOTAL", "Total Upper", "Upper Section Total", "Total (Upper)"};
  if (id == "three_kind")
    return {"3 of a kind", "Three of a Kind", "3 OF A KIND", "3 of a Kind", "Three-of-a-kind", "3x", "3 Alike"};
  if (id == "four_kind")
    return {"4 of a kind", "Four of a Kind", "4 OF A KIND", "4 of a Kind", "Four-of-a-kind", "4x", "4 Alike"};
  if (id == "full_house") return {"Full House", "FULL HOUSE", "Full house", "FH", "Full", "Full Hse"};
  if (id == "small_straight")
    return {"Sm. Straight", "Small Str.", "Small Straight", "Low Straight", "Sm Straight", "SM STRAIGHT",
            "Short Straight", "4 Straight"};
  if (id == "large_straight")
    return {"Lg Straight", "Lg. Straight", "Large Straight", "High Straight", "Large Str.", "LG STRAIGHT",
            "Long Straight", "5 Straight"};
  if (id == "yahtzee") return FiveOfAKindNames(ruleset);
  if (id == "chance") {
    if (ruleset.id == "rollem") return {"Freebie", "FREEBIE", "Chance"};
    return {"Chance", "CHANCE", "Chance (any)"};
  }
  if (id == "yahtzee_bonus") {
    if (ruleset.id == "fivezee") return {"FiveZee Bonus", "Extra FiveZees", "FIVEZEE BONUS", "Bonus FiveZee"};
    if (ruleset.id == "rollem") return {"Lucky Dice Bonus", "Extra Lucky Dice", "LUCKY DICE BONUS"};
    return {"Yahtzee Bonus", "YAHTZEE BONUS", "Extra Yahtzees", "Bonus Yahtzee", "Yahtzee Bonus ✓"};
  }
  if (id == "lower_total")
    return {"Lower Total", "Total of Lower Section", "Lower Section Total", "TOTAL (Lower)", "Total Lower", "Total"};
  if (id == "upper_total_copy")
    return {"Upper Total", "Total of Upper Section", "Upper Section Total", "UPPER TOTAL", "Total (Upper)"};
  if (id == "grand_total")
    return {"Grand Total", "GRAND TOTAL", "Total Score", "Final Score", "Grand total", "TOTAL"};
  // A row the pools do not know yet: the ruleset's own words.
  return row.labels.empty() ? Pool{row.name} : row.labels;
}

std::vector<std::string> BonusPointsLabelPool(const Ruleset& ruleset) {
  const bool one_value = ruleset.yahtzee_bonus && ruleset.yahtzee_bonus->points_per_check.size() == 1;
  Pool pool = {"Bonus points", "Points", "Bonus Pts", "Score"};
  if (one_value) pool.insert(pool.end(), {"Score {x} per ✓", "SCORE {x} PER ✓", "{x} per tick", "Score {x} each"});
  return Filled(ruleset, pool);
}

std::vector<std::string> HowToPool(const Ruleset& ruleset, const RowSpec& row) {
  const std::string& id = row.id;
  if (row.kind == RowKind::kEntry) {
    const ScoreRule& score = row.score;
    if (score.pattern == ScorePattern::kFace) {
      const std::string n = std::to_string(score.face);
      return {"Count and add only " + kFaceNames[score.face], "Count and Add Only " + kFaceNames[score.face],
              "Add only " + n + "'s", "Sum of " + n + "s", "Total of " + n + "s only", n + " × number of " + n + "s"};
    }
    if (score.fixed_points) {
      const std::string p = std::to_string(*score.fixed_points);
      Pool pool = {"Score " + p, "SCORE " + p, p + " points", p + " pts"};
      if (score.pattern == ScorePattern::kStraight)
        pool.push_back("Sequence of " + std::to_string(score.length) + ": score " + p);
      if (score.pattern == ScorePattern::kStraight) pool.push_back(std::to_string(score.length) + " in a row = " + p);
      if (score.pattern == ScorePattern::kOfAKind && score.count == 5) pool.push_back("5 of a kind: score " + p);
      if (score.pattern == ScorePattern::kFullHouse) pool.push_back("3 + 2 alike: " + p);
      return pool;
    }
    if (score.pattern == ScorePattern::kAny)
      return {"Score total of all 5 dice", "Sum of all dice", "Add total of all dice", "Any combination",
              "Total of all dice"};
    return {"Add total of all dice", "Add Total Of All Dice", "Sum of all dice", "Total all 5 dice", "Sum of dice"};
  }
  if (id == "upper_subtotal") return {"Add the six boxes above", "→", "Sum of above", "Add upper boxes", "Total 1-6"};
  if (id == "upper_bonus") {
    Pool pool = {"score {p} if {t} or over", "Score {p} if ≥ {t}", "{t}+ scores {p}", "If total is {t} or over: {p}",
                 "SCORE {p}"};
    if (ruleset.upper_bonus.scales_with_multiplier) pool.push_back("{p} × column if {t} × column or over");
    return Filled(ruleset, pool);
  }
  if (id == "upper_total") return {"Subtotal plus bonus", "→", "Of Upper Section", "Total + bonus"};
  if (id == "yahtzee_bonus") {
    Pool pool = {"✓ for each bonus", "✓ FOR EACH BONUS", "Check for each bonus", "Tick per extra"};
    const bool one_value = ruleset.yahtzee_bonus && ruleset.yahtzee_bonus->points_per_check.size() == 1;
    if (one_value) pool.insert(pool.end(), {"SCORE {x} PER ✓", "Score {x} per ✓", "+{x} each"});
    else pool.push_back("50, then 100 per ✓");
    return Filled(ruleset, pool);
  }
  if (id == "lower_total") return {"Add the lower boxes", "→", "Of Lower Section", "Sum of lower section"};
  if (id == "upper_total_copy") return {"Copy the upper total", "→", "Of Upper Section", "From above"};
  if (id == "grand_total") {
    if (row.times_multiplier) return {"(Upper + lower) × column", "Total × column", "→"};
    return {"Upper + lower", "→", "Add both totals", "Upper and lower"};
  }
  return {row.how_to_score.empty() ? "→" : row.how_to_score};
}

std::vector<std::vector<std::string>> ColumnHeaderPool(const Ruleset& ruleset, int columns) {
  std::vector<std::vector<std::string>> sets;
  auto numbered = [&](const std::string& format) {
    std::vector<std::string> set;
    for (int c = 1; c <= columns; ++c) set.push_back(Replace(format, "{n}", std::to_string(c)));
    return set;
  };
  if (ruleset.HasMultipliers()) {
    auto multiplied = [&](const std::string& format) {
      std::vector<std::string> set;
      for (int c = 0; c < columns; ++c) set.push_back(Replace(format, "{k}", std::to_string(ruleset.Multiplier(c))));
      return set;
    };
    sets = {multiplied("×{k}"), multiplied("x{k}"), multiplied("{k}x"), multiplied("× {k}"), multiplied("Col ×{k}")};
    if (columns == 3) sets.push_back({"Single", "Double", "Triple"});
    return sets;
  }
  for (const char* format : {"Game {n}", "G{n}", "Player {n}", "{n}", "#{n}", "Round {n}", "Game #{n}", "P{n}"})
    sets.push_back(numbered(format));
  const std::vector<std::string> names = {"Anna", "Ben", "Carla", "Dev", "Emil", "Fay", "Mum", "Dad", "Grandpa", "Lou"};
  std::vector<std::string> named(names.begin(), names.begin() + std::min<size_t>(columns, names.size()));
  sets.push_back(named);
  if (columns == 1)
    for (const char* single : {"Points", "Score", "Pts", "Game #1", "SCORE"}) sets.push_back({single});
  return sets;
}

std::vector<std::string> HeaderLabelPool() {
  return {"", "Upper Section", "UPPER SECTION", "Category", "Name", "Player", "Game", "Scoring", "Box"};
}

std::vector<std::string> HeaderHowToPool() { return {"How to score", "HOW TO SCORE", "Scoring", "Rules", "", "How"}; }

std::vector<std::string> TitlePool(const Ruleset& ruleset) {
  Pool pool = {"Score Card", "Dice Game Scores", "Score Sheet", "SCORE PAD", "Dice Scores"};
  if (ruleset.id == "classic") pool.insert(pool.end(), {"Yahtzee", "YAHTZEE", "Yahtzee Score Card"});
  if (ruleset.id == "triple") pool.insert(pool.end(), {"Triple Yahtzee", "TRIPLE YAHTZEE", "Triple Yahtzee Scoresheet"});
  if (ruleset.id == "rock") pool.insert(pool.end(), {"R.O.C.K. Yahtzee", "R.O.C.K. YAHTZEE", "Ride Score Card"});
  if (ruleset.id == "fivezee") pool.insert(pool.end(), {"Jumbo FiveZee", "FiveZee", "FIVEZEE Score Sheet"});
  if (ruleset.id == "rollem") pool.insert(pool.end(), {"Roll-Em", "ROLL-EM", "Roll-Em Score Card"});
  if (ruleset.id == "piecepack")
    pool.insert(pool.end(), {"Piecepack Yahtzee", "Piecepack Yahtzee Scoresheet", "PIECEPACK YAHTZEE"});
  return pool;
}

std::vector<std::string> FieldLinePool() {
  return {"Name: ______________", "Date: __________", "Player: ______________   Date: ________",
          "Name ____________  Game # ____", "Table: ____   Round: ____", "Players: ______________________"};
}

std::vector<std::string> FooterPool() {
  return {"Keep this card for your records", "Rules on the back", "Page 1 of 1", "Printed for the Tuesday dice club",
          "Highest grand total wins", "www.example.org/dice", "Scores checked by: ________"};
}

std::vector<std::pair<std::string, std::string>> SectionTitlePool() {
  return {{"UPPER SECTION", "LOWER SECTION"}, {"Upper Section", "Lower Section"}, {"Upper", "Lower"},
          {"Part 1", "Part 2"}, {"TOP", "BOTTOM"}};
}

}  // namespace scorecheck
