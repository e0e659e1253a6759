#pragma once
// Layout -> ruleset: which ruleset row each printed row of a grid holds, from
// the text printed in its label cell (and, when the sheet has one, its "how to
// score" cell). Pure functions over strings: the OCR happens elsewhere
// (text_reader.h), so this is tested without images.
//
// Printed rows are matched to the ruleset's rows in order (a sequence
// alignment): the row order carries as much as the words, so an ambiguous
// "Total" lands on the right total, an unreadable label between two readable
// ones still gets its row, and header and section rows are skipped.

#include <map>
#include <string>
#include <string_view>
#include <unordered_map>
#include <utility>
#include <vector>

#include "rules/ruleset.h"
#include "sheet/sheet_layout.h"

namespace scorecheck {

/// Lower case, letters and digits only, one space between words; "×" becomes
/// "x" and a few OCR look-alikes are folded ("|" -> "l").
std::string NormalizeLabel(std::string_view text);

/// 0..1: how alike two labels are after NormalizeLabel (1 - edit distance /
/// longer length, compared without spaces). Empty text is 0 alike.
double LabelSimilarity(std::string_view a, std::string_view b);

/// 0..1: how alike printed text is to `label`, where the text may hold
/// several lines ('\n'-separated: a label with its how-to text printed under
/// it in the same cell): the best of the whole text and each of its lines.
double TextSimilarity(std::string_view printed, std::string_view label);

/// 0..1: a likeness taken as evidence. Two unrelated texts are up to half
/// alike by edit distance ("Player 1 Player 2" and "×1 ×2" are 0.3 alike), so
/// only what lies above one half says anything: (similarity - 0.5) / 0.5.
double LikenessEvidence(double similarity);

/// The text of one printed row.
struct PrintedRowText {
  std::string label;   ///< label column text ("" when none was read)
  std::string how_to;  ///< "how to score" column text ("" when the sheet has none)
  bool header_print = false;  ///< its print says header, whatever its label reads: its score cells print what
                              ///< another row's print (the column headers printed again over the lower
                              ///< section), or are a dark bar (a header's or a section's, white print on it)
};

/// One printed row given a ruleset row.
struct RowMatch {
  int printed_row = 0;   ///< index into the printed rows
  std::string row_id;    ///< ruleset row id
  CellPart part = CellPart::kValue;
  double similarity = 0; ///< 0..1, label (and how-to) likeness
};

/// Tuning for MatchRows().
struct LabelMatchOptions {
  double missing_row_penalty = 0.6;  ///< score lost per ruleset row the sheet does not print; default 0.6
  double unmatched_row_penalty = 1.0;  ///< score lost for leaving out a printed row that reads exactly like some
                                       ///< ruleset's label (less for weaker likeness, none below 0.5): a row the
                                       ///< ruleset has no place for ("Yahtzee bonus" on a sheet taken for
                                       ///< Piecepack, which has no such row) speaks against it at least as much
                                       ///< as a row it lacks (missing_row_penalty); default 1.0
  double min_points_row = 0.4;       ///< a row under the bonus ticks row is its points row from this likeness; default 0.4
  double min_repeated_header = 0.5;  ///< a label printed twice that reads less like any known label than this is a
                                     ///< header printed again over the lower section; default 0.5
  double how_to_weight = 0.3;        ///< share of a row's similarity from its how-to text, when there is one; default 0.3
  double min_score = 0.45;           ///< a ruleset whose mean row score is lower does not describe the grid; default 0.45
  bool Check() const;  ///< true when every field is in range
};

/// How well one ruleset describes a grid's printed rows.
struct RulesetMatch {
  std::string ruleset_id;
  double score = 0;               ///< mean over the ruleset's rows: similarity, or -missing_row_penalty
  int missing_rows = 0;           ///< ruleset rows not placed on a printed row
  std::vector<RowMatch> rows;     ///< in printed order
  bool ok = false;                ///< score >= min_score
};

/// Every printed label of `rulesets` (row labels and points labels): a
/// printed row that reads like one of them is a score row of some ruleset,
/// so leaving it out of a match costs (a sheet with a Yahtzee-bonus row is
/// not a piecepack sheet); a header such as "Upper section" costs nothing.
std::vector<std::string> LabelVocabulary(const std::vector<const Ruleset*>& rulesets);

/// The known labels of every ruleset (LabelVocabulary), with the likeness of
/// each printed text to them remembered: one page's label column is compared
/// with the same synonyms for every candidate ruleset, every candidate column
/// and each way up, so without it the same edit distances were worked out
/// up to a dozen times (8% of a scan of another printer's sheet). Lives as
/// long as one page's grid search; not for sharing between threads.
class KnownLabels {
 public:
  explicit KnownLabels(std::vector<std::string> vocabulary) : vocabulary_(std::move(vocabulary)) {}
  /// TextSimilarity(printed, label).
  double Text(const std::string& printed, const std::string& label) const;
  /// LabelSimilarity(a, b).
  double Label(const std::string& a, const std::string& b) const;
  /// The best TextSimilarity of `printed` to any label of the vocabulary.
  double Known(const std::string& printed) const;
  /// The best TextSimilarity of `printed` to any of `labels`.
  double Best(const std::string& printed, const std::vector<std::string>& labels) const;

 private:
  std::vector<std::string> vocabulary_;
  mutable std::map<std::pair<std::string, std::string>, double> text_, label_;
  mutable std::unordered_map<std::string, double> known_;
};

/// Aligns `printed` (top to bottom, header rows included) with `ruleset`'s
/// rows. A Yahtzee-bonus row may take two printed rows: ticks, then points
/// (when the second reads like one of the rule's points_labels). Rows marked
/// repeated_header are never paired. Between two rows paired (or the
/// table's ends), printed rows left out that are as many as the ruleset rows
/// left out there, headers not counted, are paired in their order.
RulesetMatch MatchRows(const std::vector<PrintedRowText>& printed, const Ruleset& ruleset, const KnownLabels& known,
                       const LabelMatchOptions& options = {});

/// 0..1: how much of `ruleset`'s name that is its own (words no other
/// ruleset in `all` uses, e.g. "triple", "fivezee") appears in `text` (a
/// sheet title). 0 when the name has no word of its own.
double TitleEvidence(std::string_view text, const Ruleset& ruleset, const std::vector<const Ruleset*>& all);

/// -n..n: the game's name printed in the labels. Most variants name their
/// five-of-a-kind row after the game ("Yahtzee", "Yahtzee bonus" on the
/// sheets of the rulesets called "... Yahtzee"; "FiveZee" on Jumbo
/// FiveZee's), and a ruleset may read a row by another's word ("Yahtzee" on
/// a FiveZee sheet is still its five of a kind) without that word speaking
/// for it. For each row `match` placed (the bonus's points row not), +1
/// when its label (`labels`: label text, one per printed row) prints a word
/// of `ruleset`'s name, -1 when it prints a word only other names in `all`
/// have. Words any sheet prints ("score", "game") and words no name holds
/// ("Sixes", "Nulls", "Chance") say nothing.
double NameInLabelsEvidence(const std::vector<std::string>& labels, const RulesetMatch& match, const Ruleset& ruleset,
                            const std::vector<const Ruleset*>& all);

/// 0..1: how alike the printed score-column header text (read left to right,
/// e.g. "x1 x2 x3") is to `ruleset`'s fixed headers ("×1 ×2 ×3") or another
/// wording of them ("Single Double Triple"), the closest, compared over as
/// many headers as the sheet has columns, as LikenessEvidence; 0 when the
/// ruleset has none, or when they only number the columns ("Game #1", "1 2
/// 3"): any sheet may print those.
double HeaderEvidence(std::string_view headers, int columns, const Ruleset& ruleset);

}  // namespace scorecheck
