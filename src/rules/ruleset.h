#pragma once
// A ruleset, as read from templates/rulesets/<id>.json: the rows of the printed
// sheet in order, how each box scores five dice, the bonus rules and the
// options that RULES.md leaves to the house. The verifier and the dice scorer
// read only this structure; no rule lives in an `if` on a ruleset id.

#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace scorecheck {

/// What a row of the sheet holds.
enum class RowKind {
  kEntry,         ///< a scoring box filled from one turn (aces .. chance)
  kUpperBonus,    ///< the upper-section bonus (threshold rule)
  kYahtzeeBonus,  ///< tick marks for extra Yahtzees, optionally with points
  kTotal,         ///< a sum of earlier rows
};

/// The dice pattern an entry box scores.
enum class ScorePattern {
  kFace,       ///< sum of the dice showing `face`
  kOfAKind,    ///< at least `count` dice alike
  kFullHouse,  ///< three of one face and two of another
  kStraight,   ///< `length` consecutive faces
  kAny,        ///< any roll (chance)
};

/// How an entry box turns five dice into points.
struct ScoreRule {
  ScorePattern pattern = ScorePattern::kAny;
  int face = 0;                     ///< kFace: the face counted (1..6)
  int count = 0;                    ///< kOfAKind: dice alike needed (3..5)
  int length = 0;                   ///< kStraight: run length (4 or 5)
  std::optional<int> fixed_points;  ///< points when matched; none = sum of dice
};

/// One row of the sheet, in sheet order.
struct RowSpec {
  std::string id;                   ///< canonical id (RULES.md), e.g. "full_house"
  std::string name;                 ///< name used in messages, e.g. "Full house"
  RowKind kind = RowKind::kEntry;
  std::string section;              ///< "upper" or "lower"
  std::vector<std::string> labels;  ///< printed label synonyms, preferred first
  std::string how_to_score;         ///< the sheet's "how to score" text (as rule sheets word it; label matching)
  std::string sheet_hint;           ///< a shorter one our own sheet prints where how_to_score would not fit at a
                                    ///< readable size (kMinSheetTextPoints); empty = how_to_score
  ScoreRule score;                  ///< kEntry only
  std::vector<int> legal_raw;       ///< kEntry only: sorted legal raw values,
                                    ///< derived from `score` over all 7776 rolls
  std::vector<std::string> sum_of;  ///< kTotal only: the rows added, all earlier
  bool times_multiplier = false;    ///< kTotal only: × column multiplier (raw entries)

  /// True when `value` is a legal raw score for this entry box.
  bool IsLegalRaw(int value) const;
  /// True for a total that repeats one other row (the upper total again
  /// above the grand total): printed for convenience, and many sheets leave
  /// it out. Every other row is on every sheet of the ruleset.
  bool IsCopy() const { return kind == RowKind::kTotal && sum_of.size() == 1; }
};

/// The upper-section bonus.
struct UpperBonusRule {
  int threshold = 63;                   ///< subtotal needed, inclusive
  int points = 35;                      ///< bonus awarded
  bool scales_with_multiplier = false;  ///< triple: threshold and points × k in multiplied columns
};

/// Which boxes a Yahtzee bonus needs filled before it counts.
enum class BonusPrecondition {
  kOwnBoxFull,        ///< the column's Yahtzee box holds its full score (50, or 50·k multiplied)
  kAllBoxesNonzero,   ///< every column's Yahtzee box holds more than 0 (triple)
};

/// Extra-Yahtzee bonus marked with ticks.
struct YahtzeeBonusRule {
  std::vector<int> points_per_check;    ///< points of the 1st, 2nd, ... tick; the last repeats
  std::optional<int> max_checks;        ///< more ticks than this are invalid (rock: 2)
  BonusPrecondition precondition = BonusPrecondition::kOwnBoxFull;
  bool scales_with_multiplier = false;  ///< triple: points × k in multiplied columns
  std::vector<std::string> points_labels;  ///< printed labels of a separate points row under the ticks row

  /// Raw points for `checks` ticks (before any column multiplier).
  int PointsFor(int checks) const;
};

/// Which columns a joker condition looks at.
enum class JokerScope { kOwn, kAll };

/// When an extra Yahtzee may score full house / straights at full value.
struct JokerRule {
  JokerScope yahtzee_boxes = JokerScope::kOwn;  ///< Yahtzee box(es) that must be filled
  JokerScope upper_box = JokerScope::kOwn;      ///< upper box(es) of the rolled face that must be filled
};

/// How the entries of a column with multiplier k are written (triple).
enum class EntryConvention {
  kAuto,        ///< decide per column from the values
  kRaw,         ///< raw scores; the column total is multiplied at the end
  kMultiplied,  ///< every box already × k
};

/// "raw", "multiplied" or "auto".
std::string_view EntryConventionName(EntryConvention convention);
/// Parses "raw" / "multiplied" / "auto"; nullopt for anything else.
std::optional<EntryConvention> ParseEntryConvention(std::string_view text);

/// What one score column of a card stands for (../shared/RULES.md, "Players,
/// games and who won"); the ruleset file's "column_is".
enum class ColumnIs {
  kGame,        ///< "game": the card is one player's; each column one game (classic's Game 1..6; rock's one)
  kPartOfGame,  ///< "part_of_game": the card is one player's one game; its columns add up (triple's ×1, ×2, ×3)
  kPlayer,      ///< "player": each column one player, each grid one game (piecepack's table sheet)
};

/// "game", "part_of_game" or "player".
std::string_view ColumnIsName(ColumnIs column_is);
/// Parses the above; nullopt for anything else.
std::optional<ColumnIs> ParseColumnIs(std::string_view text);

/// A whole ruleset. Built by ParseRuleset(); invariants (unique ids, totals
/// refer to earlier rows, one Yahtzee box when a bonus rule exists) hold.
struct Ruleset {
  std::string id;                           ///< e.g. "triple"
  std::string name;                         ///< e.g. "Triple Yahtzee"
  std::string source;                       ///< where the rules come from
  std::string tie_break;                    ///< how the rules break a tie for the win, in words
                                            ///< ("cut cards"); empty when they do not say
  ColumnIs column_is = ColumnIs::kGame;     ///< what a score column stands for: who is ranked against whom
  int layout_version = 1;                   ///< printed-sheet layout version
  int min_columns = 1;                      ///< score columns a card may use
  int max_columns = 1;
  int default_columns = 1;                  ///< columns on a printed sheet
  std::vector<int> multipliers;             ///< per column; empty = all 1
  std::vector<std::string> column_headers;  ///< printed column headers, if fixed
  std::vector<std::vector<std::string>> column_header_synonyms;  ///< other wordings of them a sheet may print
                                                                 ///< (Triple's "Single, Double, Triple")
  std::vector<std::string> section_labels;  ///< printed rows that head a section ("Upper section") and hold no score
  std::vector<int> grids_per_page = {1};    ///< grid counts a printed page may hold
  UpperBonusRule upper_bonus;
  std::optional<YahtzeeBonusRule> yahtzee_bonus;  ///< none: the sheet has no bonus row
  std::optional<JokerRule> joker;                 ///< none: no joker rule
  bool any_box_may_be_crossed = false;      ///< piecepack: even Chance may be crossed out
  std::optional<int> max_scored_boxes;      ///< rock: 5
  bool incomplete_warnings = true;          ///< rock: false (five turns fill five boxes)
  EntryConvention entry_convention = EntryConvention::kRaw;  ///< default for multiplied columns
  std::vector<RowSpec> rows;                ///< sheet order

  /// The row with `id`, or nullptr.
  const RowSpec* FindRow(std::string_view id) const;
  /// Multiplier of score column `column` (0-based); 1 when the ruleset has none.
  int Multiplier(int column) const;
  /// True when some column has a multiplier other than 1.
  bool HasMultipliers() const;
  /// The entry box scored by five of a kind (yahtzee / FiveZee / Lucky Dice), or nullptr.
  const RowSpec* YahtzeeBox() const;
  /// The last total of the sheet, the column's grand total, or nullptr.
  const RowSpec* FinalTotal() const;
  /// The total `row` repeats, or nullptr: a total whose one term is another
  /// total, printed twice (the upper total again at the foot of the lower section).
  const RowSpec* CopiedTotal(const RowSpec& row) const;
};

/// Builds a Ruleset from the text of a ruleset JSON file. Throws Error with a
/// one-line message (naming the field) when the file is malformed.
Ruleset ParseRuleset(const std::string& json_text);

/// Reads and parses a ruleset file. Throws Error("<path>: <problem>").
Ruleset LoadRuleset(const std::string& path);

}  // namespace scorecheck
