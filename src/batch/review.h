#pragma once
// What `scorecheck review` asks, and how it understands the answers: each
// player's name, once per player (batch/standings: a classic or triple card is
// one player, a piecepack column one player in every grid of its page; shown
// as the crop of the name field), then each cell read with too little
// confidence (shown as its crop beside the reading).

#include <optional>
#include <string>
#include <vector>

#include <nlohmann/json.hpp>

#include "card/corrections.h"
#include "rules/ruleset_library.h"

namespace scorecheck {

/// One question.
struct ReviewQuestion {
  enum class Kind { kName, kCell } kind = Kind::kCell;
  std::string file;                  ///< the card's name in the batch
  int grid = 1, column = 1;          ///< counted from 1
  std::string row, row_name;         ///< kCell: the row's id and its name
  std::string reading;               ///< kCell: what was read, in words ("18", "crossed out", "empty")
  CellValue read_value;              ///< kCell: the same as a cell value (what Enter keeps)
  std::optional<double> confidence;  ///< kCell: how sure the reader was
  std::string crop;                  ///< the picture to look at, relative to the report folder ("" = none)
  bool whole_card = false;           ///< kName: the card is one player's (its name is the card's, not a column's)
};

/// The questions about the cards of report.json (BatchReportJson), in the
/// report's order, leaving out those `answered` already holds an answer to.
/// A player's name is asked at the first column the player played (its
/// answer names the player everywhere).
std::vector<ReviewQuestion> ReviewQuestions(const nlohmann::ordered_json& report, const Corrections& answered,
                                            const RulesetLibrary& rulesets);

/// What a typed line means.
struct ReviewAnswer {
  enum class Kind { kAnswer, kSkip, kQuit, kNotUnderstood } kind = Kind::kNotUnderstood;
  Correction correction;  ///< kAnswer: the answer to save
};

/// Understands `typed` as the answer to `question`. Cells: Enter keeps (and
/// confirms) the reading, a number, "x" crossed out, "-" empty, "3t" three
/// ticks and "3t 200" with 200 points (Yahtzee-bonus rows). Names: any text;
/// Enter gives no name (and is not asked again). Both: "s" skips (asked again
/// next time), "q" quits.
ReviewAnswer ParseReviewAnswer(const std::string& typed, const ReviewQuestion& question);

}  // namespace scorecheck
