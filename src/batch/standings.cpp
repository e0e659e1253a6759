#include "batch/standings.h"

#include <algorithm>
#include <map>
#include <set>

namespace scorecheck {
namespace {

using Json = nlohmann::ordered_json;
using Entry = Standing::Entry;

int Grid(const RecordColumn& c) { return (*c.column)["grid"].get<int>(); }
int Column(const RecordColumn& c) { return (*c.column)["column"].get<int>(); }
const std::string& File(const RecordColumn& c) { return (*c.record)["file"].get_ref<const std::string&>(); }

std::string Name(const std::vector<RecordColumn>& columns) {
  for (const RecordColumn& c : columns) {
    const std::string name = c.column->value("name", "");
    if (!name.empty()) return name;
  }
  return "";
}

int Severity(const std::string& status) { return status == "errors" ? 2 : status == "review" ? 1 : 0; }

// The entry of `columns` added up, for the player at `where` (its key in the batch).
Entry Sum(const std::string& where, std::vector<RecordColumn> columns) {
  Entry entry;
  entry.player = where;
  entry.name = Name(columns);
  entry.label = entry.name.empty() ? where : entry.name;
  entry.finished = true;
  long long written = 0;
  entry.status = "clean";
  for (const RecordColumn& c : columns) {
    const Json& column = *c.column;
    entry.recomputed_total += column["recomputed_total"].get<long long>();
    if (column["written_total"].is_null())
      entry.finished = false;
    else
      written += column["written_total"].get<long long>();
    const std::string status = column.value("status", "clean");
    if (Severity(status) > Severity(entry.status)) entry.status = status;
  }
  if (entry.finished) entry.written_total = written;
  entry.columns = std::move(columns);
  return entry;
}

// The entry named after its player, whose name may have been typed on any of the player's columns.
Entry Named(Entry entry, const std::vector<RecordColumn>& players_columns) {
  const std::string name = Name(players_columns);
  if (!name.empty()) entry.name = entry.label = name;
  return entry;
}

// Best first; equal totals share a rank and keep the batch's order; the
// unfinished follow, unranked, in the batch's order.
void Rank(std::vector<Entry>& entries) {
  std::stable_partition(entries.begin(), entries.end(), [](const Entry& e) { return e.finished; });
  const auto finished_end = std::find_if(entries.begin(), entries.end(), [](const Entry& e) { return !e.finished; });
  std::stable_sort(entries.begin(), finished_end,
                   [](const Entry& a, const Entry& b) { return a.recomputed_total > b.recomputed_total; });
  const size_t n = static_cast<size_t>(finished_end - entries.begin());
  for (size_t i = 0; i < n; ++i) {
    const long long total = entries[i].recomputed_total;
    size_t first = i;
    while (first > 0 && entries[first - 1].recomputed_total == total) --first;
    entries[i].rank = static_cast<int>(first) + 1;
    entries[i].tied = (i > 0 && entries[i - 1].recomputed_total == total) ||
                      (i + 1 < n && entries[i + 1].recomputed_total == total);
  }
}

// "IMG_0004.jpg", or "IMG_0004.jpg grid 2" on a card of several grids.
std::string CardWhere(const RecordColumn& c, bool several_grids) {
  return several_grids ? File(c) + " grid " + std::to_string(Grid(c)) : File(c);
}

// The played columns of one ruleset, grouped by card record (batch order).
using Cards = std::vector<std::vector<RecordColumn>>;

// The players of one-player rulesets: one grid of one card each (a card
// holds one grid of such a ruleset), with where it is and its columns.
std::vector<std::pair<std::string, std::vector<RecordColumn>>> OnePlayerPerGrid(const Cards& cards) {
  std::vector<std::pair<std::string, std::vector<RecordColumn>>> players;
  for (const auto& card : cards) {
    std::map<int, std::vector<RecordColumn>> by_grid;
    for (const RecordColumn& c : card) by_grid[Grid(c)].push_back(c);
    for (auto& [grid, columns] : by_grid)
      players.emplace_back(CardWhere(columns.front(), by_grid.size() > 1), std::move(columns));
  }
  return players;
}

// game: each column one game of the card's player.
void GameStandings(const std::string& ruleset, const Cards& cards, std::vector<Standing>& out) {
  const auto players = OnePlayerPerGrid(cards);
  size_t most_games = 0;
  int last_game = 0;
  for (const auto& [where, games] : players) {
    most_games = std::max(most_games, games.size());
    for (const RecordColumn& c : games) last_game = std::max(last_game, Column(c));
  }
  for (int game = 1; game <= last_game; ++game) {
    Standing standing{ruleset, last_game > 1 ? "Game " + std::to_string(game) : "", {}};
    for (const auto& [where, games] : players)
      for (const RecordColumn& c : games)
        if (Column(c) == game) standing.entries.push_back(Named(Sum(where, {c}), games));
    if (standing.entries.empty()) continue;
    Rank(standing.entries);
    out.push_back(std::move(standing));
  }
  if (most_games > 1) {
    Standing all{ruleset, "All games", {}};
    for (const auto& [where, games] : players) all.entries.push_back(Sum(where, games));
    Rank(all.entries);
    out.push_back(std::move(all));
  }
}

// part_of_game: the card's columns add up to its player's one game.
void PartOfGameStandings(const std::string& ruleset, const Cards& cards, std::vector<Standing>& out) {
  Standing standing{ruleset, "", {}};
  for (const auto& [where, parts] : OnePlayerPerGrid(cards)) standing.entries.push_back(Sum(where, parts));
  Rank(standing.entries);
  out.push_back(std::move(standing));
}

// player: per grid its columns against each other; per page each column's sum over the grids.
void PlayerStandings(const std::string& ruleset, const Cards& cards, std::vector<Standing>& out) {
  for (const auto& card : cards) {
    const std::string& file = File(card.front());
    std::map<int, std::vector<RecordColumn>> by_grid, by_column;
    for (const RecordColumn& c : card) {
      by_grid[Grid(c)].push_back(c);
      by_column[Column(c)].push_back(c);
    }
    auto where = [&](int column) { return file + " column " + std::to_string(column); };
    for (const auto& [grid, columns] : by_grid) {
      Standing standing{ruleset, by_grid.size() > 1 ? file + ", grid " + std::to_string(grid) : file, {}};
      for (const RecordColumn& c : columns) {
        // The player's name may have been given in any grid of the page.
        standing.entries.push_back(Named(Sum(where(Column(c)), {c}), by_column[Column(c)]));
      }
      Rank(standing.entries);
      out.push_back(std::move(standing));
    }
    if (by_grid.size() > 1) {
      Standing page{ruleset, file + ", all grids", {}};
      for (const auto& [column, columns] : by_column) page.entries.push_back(Sum(where(column), columns));
      Rank(page.entries);
      out.push_back(std::move(page));
    }
  }
}

}  // namespace

std::vector<Standing> Standings(const std::vector<Json>& records, const RulesetLibrary& rulesets) {
  // Played columns (those with a recomputed total) by ruleset, then by card.
  std::vector<std::pair<std::string, Cards>> groups;
  for (const Json& record : records) {
    if (record.value("status", "") == "unreadable" || !record.contains("columns")) continue;
    std::string last_ruleset;
    for (const Json& column : record["columns"]) {
      if (column["recomputed_total"].is_null()) continue;
      const std::string ruleset = column["ruleset"];
      auto it = std::find_if(groups.begin(), groups.end(), [&](const auto& g) { return g.first == ruleset; });
      if (it == groups.end()) it = groups.insert(groups.end(), {ruleset, {}});
      if (it->second.empty() || it->second.back().front().record != &record) it->second.emplace_back();
      it->second.back().push_back({&record, &column});
    }
  }
  std::vector<Standing> out;
  for (const auto& [ruleset_id, cards] : groups) {
    const Ruleset* ruleset = rulesets.Find(ruleset_id);
    switch (ruleset ? ruleset->column_is : ColumnIs::kGame) {
      case ColumnIs::kGame: GameStandings(ruleset_id, cards, out); break;
      case ColumnIs::kPartOfGame: PartOfGameStandings(ruleset_id, cards, out); break;
      case ColumnIs::kPlayer: PlayerStandings(ruleset_id, cards, out); break;
    }
  }
  return out;
}

int PlayerCount(const std::vector<Standing>& standings) {
  std::set<std::pair<std::string, std::string>> players;
  for (const Standing& s : standings)
    for (const Entry& e : s.entries) players.insert({s.ruleset, e.player});
  return static_cast<int>(players.size());
}

Json EntryJson(const Entry& entry) {
  const RecordColumn& first = entry.columns.front();
  Json columns = Json::array();
  for (const RecordColumn& c : entry.columns) columns.push_back({Grid(c), Column(c)});
  Json json = {{"rank", entry.rank ? Json(*entry.rank) : Json(nullptr)},
               {"tied", entry.tied},
               {"finished", entry.finished},
               {"player", entry.player},
               {"label", entry.label},
               {"name", entry.name},
               {"name_crop", first.column->value("name_crop", "")},
               {"file", File(first)},
               {"grid", Grid(first)},
               {"column", Column(first)},
               {"columns", columns},
               {"recomputed_total", entry.recomputed_total},
               {"written_total", entry.written_total ? Json(*entry.written_total) : Json(nullptr)}};
  json["difference"] = entry.written_total ? Json(*entry.written_total - entry.recomputed_total) : Json(nullptr);
  json["status"] = entry.status;
  return json;
}

}  // namespace scorecheck
