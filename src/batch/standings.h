#pragma once
// Who played whom, and who won: a batch's card records turned into players and
// rankings as ../shared/RULES.md ("Players, games and who won") reads each
// ruleset (Ruleset::column_is):
//   game          a card is one player's; each column one game. One ranking per
//                 game number (Game 1 of every card against each other) and,
//                 when somebody played several, one by the sum of the games.
//   part_of_game  a card is one player's one game; its columns add up (triple).
//   player        each column is one player, each grid one game at one table
//                 (piecepack): per grid a ranking of its columns, and per page
//                 one by each player's sum over the grids.
// A column nobody used is no player and no game. A result with a game whose
// grand total is not written is shown unranked, with its recomputed total.
// Equal totals share a rank and are marked tied, never ordered by anything else.

#include <optional>
#include <string>
#include <vector>

#include <nlohmann/json.hpp>

#include "rules/ruleset_library.h"

namespace scorecheck {

/// One score column of a card record ("columns" entry) with its record.
struct RecordColumn {
  const nlohmann::ordered_json* record = nullptr;
  const nlohmann::ordered_json* column = nullptr;
};

/// One ranking.
struct Standing {
  std::string ruleset;     ///< ruleset id
  std::string title;       ///< "Game 1", "All games", "IMG_0004.jpg, grid 2", ...; "" when the ruleset has one ranking
  struct Entry {
    std::string player;    ///< the player's key within the batch (file, or file + column)
    std::string name;      ///< the player's name as typed in review; "" when none was
    std::string label;     ///< the name, else where the player is ("IMG_0004.jpg column 3")
    std::vector<RecordColumn> columns;  ///< the games (or parts of one) added up, in card order
    long long recomputed_total = 0;     ///< the recomputed grand totals added up
    std::optional<long long> written_total;  ///< the written grand totals added up; none when one is missing
    bool finished = false;              ///< every game in it has its grand total written
    std::optional<int> rank;            ///< 1 = best; none when unfinished
    bool tied = false;
    std::string status;                 ///< the worst of its columns': "errors", "review" or "clean"
  };
  std::vector<Entry> entries;  ///< ranked best first, then the unfinished in batch order
};

/// Every ranking of the batch's records (CardOutput::record, in batch order),
/// rulesets in the order they first appear.
std::vector<Standing> Standings(const std::vector<nlohmann::ordered_json>& records, const RulesetLibrary& rulesets);

/// How many players the records hold (each counted once, however many rankings show them).
int PlayerCount(const std::vector<Standing>& standings);

/// An entry as report.json shows it:
///   {"rank" (null when unfinished), "tied", "finished", "player", "label", "name", "name_crop", "file",
///    "grid", "column" (of its first column), "columns": [[grid, column], ...],
///    "recomputed_total", "written_total", "difference", "status"}
nlohmann::ordered_json EntryJson(const Standing::Entry& entry);

}  // namespace scorecheck
