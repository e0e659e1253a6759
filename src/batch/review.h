#pragma once
// What `scorecheck review` asks, and how it understands the answers: each
// card's player names (shown as the crop of the name field), then each cell
// read with too little confidence (shown as its crop beside the reading).

#include <optional>
#include <string>
#include <vector>

#include <nlohmann/json.hpp>

#include "card/corrections.h"

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
};

/// The questions about the cards of report.json (BatchReportJson), in the
/// report's order, leaving out those `answered` already holds an answer to.
std::vector<ReviewQuestion> ReviewQuestions(const nlohmann::ordered_json& report, const Corrections& answered);

/// What a typed line means.
struct ReviewAnswer {
  enum class Kind { kAnswer, kSkip, kQuit, kNotUnderstood } kind = Kind::kNotUnderstood;
  Correction correction;  ///< kAnswer: the answer to save
};

/// Understands `typed` as the answer to `question`. Cells: Enter keeps (and
/// confirms) the reading, a number, "x" crossed out, "-" empty, "3t" three
/// ticks and "3t 200" with 200 points (Yahtzee-bonus rows). Names: any text;
/// Enter skips. Both: "s" skips, "q" quits.
ReviewAnswer ParseReviewAnswer(const std::string& typed, const ReviewQuestion& question);

}  // namespace scorecheck
