#pragma once
// A person's answers about scanned cards (what `scorecheck review` writes,
// what `batch --corrections` and `scan --corrections` apply):
//   {"corrections": [
//     {"file": "a/IMG_0001.jpg", "grid": 1, "column": 2, "row": "sixes", "value": 18},
//     {"file": "a/IMG_0001.jpg", "grid": 1, "column": 2, "name": "Ann"}]}
// "file" is the card's name in the batch report ("a/IMG_0001.jpg", "stack.tif
// page 2"); grid and column count from 1; "value" is a cell in the card format
// (a number, null for empty, "crossed", {"checks": n, "points": p}). An entry
// with "name" instead of "row" names the column's player. An entry
// {"file": ..., "card": CARD} is a whole card a person typed in (the card
// format, card_json.h), for a file the scanner could not read.

#include <optional>
#include <string>
#include <vector>

#include <nlohmann/json_fwd.hpp>

#include "card/card.h"

namespace scorecheck {

/// One answer.
struct Correction {
  std::string file;                 ///< the card's name in the batch
  int grid = 1;                     ///< counted from 1
  int column = 1;                   ///< counted from 1
  std::string row;                  ///< canonical row id; empty for a name
  CellValue value;                  ///< the cell's content, when `row` is set
  std::optional<std::string> name;  ///< the player's name, when `row` is empty
  std::string typed_card;           ///< a whole card typed in, as card-format JSON text; "" = none
  /// Same cell (or the same column's name, or the same file's typed card) as `other`.
  bool SameTarget(const Correction& other) const {
    return file == other.file && grid == other.grid && column == other.column && row == other.row &&
           typed_card.empty() == other.typed_card.empty();
  }
};

/// Every answer, in the order given.
struct Corrections {
  std::vector<Correction> items;
  /// The answers about card `file`.
  std::vector<Correction> For(const std::string& file) const;
  /// The card typed in for `file`, if any.
  const Correction* TypedCard(const std::string& file) const;
  /// Adds `correction`, replacing an earlier answer about the same target.
  void Set(const Correction& correction);
  /// The answer about `target`'s cell or name, if any.
  const Correction* Find(const Correction& target) const;
};

/// Longest name accepted, bytes of UTF-8.
inline constexpr size_t kMaxNameBytes = 200;

/// One entry of the corrections format, `where` naming it in errors
/// ("corrections[2]"). Throws Error as ParseCorrections() does.
Correction ParseCorrectionJson(const nlohmann::json& entry, const std::string& where);

/// Parses corrections JSON. Throws Error with a one-line message naming the
/// entry ("corrections[2].value: ...") for malformed JSON, a missing file
/// name, a grid or column below 1, an entry with both or neither of
/// "row"/"name"/"card", or a value not in the card format. Row ids, and a
/// typed card's content, are checked when the answers are applied (they
/// depend on the rulesets).
Corrections ParseCorrections(const std::string& text);

/// Reads and parses a corrections file; errors name the path.
Corrections LoadCorrectionsFile(const std::string& path);

/// The JSON text of `corrections` (the format above), ending in a newline.
std::string CorrectionsToJson(const Corrections& corrections);

}  // namespace scorecheck
