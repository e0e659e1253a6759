#include "card/card_json.h"

#include <algorithm>
#include <cmath>
#include <set>

#include <nlohmann/json.hpp>

#include "core/error.h"
#include "core/json_text.h"
#include "core/text.h"
#include "rules/names_as_printed.h"

namespace scorecheck {
namespace {

using Json = nlohmann::json;

// A card of six columns with every cell annotated is a few kilobytes.
constexpr std::size_t kMaxCardBytes = 16u << 20;
// The most games one page holds (a ruleset allows at most 8 grids per page).
constexpr std::size_t kMostGrids = 8;

std::string Describe(const Json& value) {
  std::string text = value.dump();
  if (text.size() > 40) text = text.substr(0, 37) + "...";
  return text;
}

int ParseCount(const Json& value, const std::string& where, int max, const char* what) {
  SC_CHECK(value.is_number(), where << ": " << Describe(value) << " is not a number");
  const double number = value.get<double>();
  // std::trunc, not a cast to an integer: a cast of 1e93 is undefined.
  SC_CHECK(value.is_number_integer() || (std::isfinite(number) && std::trunc(number) == number),
           where << ": " << Describe(value) << " is not a whole number");
  SC_CHECK(number >= 0, where << ": " << Describe(value) << " is negative");
  SC_CHECK(number <= max, where << ": " << Describe(value) << " is too large for " << what << " (at most " << max << ")");
  return static_cast<int>(number);
}

CellValue ParseCell(const Json& value, const std::string& where) {
  if (value.is_null()) return CellValue::Empty();
  if (value.is_string()) {
    SC_CHECK(value == "crossed", where << ": \"" << value.get<std::string>()
                                       << "\" is not a score (use a number, null, \"crossed\" or {\"checks\": n})");
    return CellValue::Crossed();
  }
  if (value.is_object() && value.contains("confidence")) {
    // A reader's output: the value plus how sure the reader was.
    const Json& confidence = value["confidence"];
    SC_CHECK(confidence.is_number() && confidence.get<double>() >= 0 && confidence.get<double>() <= 1,
             where << ".confidence must be a number from 0 to 1");
    for (const auto& [key, item] : value.items())
      SC_CHECK(key == "value" || key == "confidence" || key == "checks" || key == "points",
               where << ": unknown key \"" << key << "\" (use value, confidence)");
    Json inner = value.contains("value") ? value["value"] : Json(nullptr);
    if (value.contains("checks")) {
      inner = Json::object();
      inner["checks"] = value["checks"];
      if (value.contains("points")) inner["points"] = value["points"];
    }
    CellValue cell = ParseCell(inner, where);
    cell.confidence = confidence.get<double>();
    return cell;
  }
  if (value.is_object()) {
    SC_CHECK(value.contains("checks"), where << ": an object cell needs \"checks\"");
    for (const auto& [key, item] : value.items())
      SC_CHECK(key == "checks" || key == "points", where << ": unknown key \"" << key << "\" (use checks, points)");
    CellValue cell = CellValue::Checks(ParseCount(value["checks"], where + ".checks", kMaxChecks, "tick marks"));
    if (value.contains("points") && !value["points"].is_null())
      cell.points = ParseCount(value["points"], where + ".points", kMaxCellNumber, "a cell");
    return cell;
  }
  SC_CHECK(!value.is_boolean() && !value.is_array(),
           where << ": " << Describe(value) << " is not a score (use a number, null, \"crossed\" or {\"checks\": n})");
  return CellValue::Number(ParseCount(value, where, kMaxCellNumber, "a cell"));
}

CardGrid ParseGrid(const Json& json, const std::string& where, const std::string& default_ruleset,
                   const RulesetLibrary& rulesets) {
  SC_CHECK(json.is_object(), where << " must be an object");
  CardGrid grid;
  if (json.contains("ruleset")) {
    SC_CHECK(json["ruleset"].is_string(), where << ".ruleset must be a string");
    grid.ruleset = json["ruleset"].get<std::string>();
  } else {
    grid.ruleset = default_ruleset;
  }
  SC_CHECK(!grid.ruleset.empty(), where << " names no ruleset (add \"ruleset\": \"" << Join(rulesets.Ids(), "|") << "\")");
  const Ruleset* ruleset = FindRulesetByName(rulesets, grid.ruleset);
  SC_CHECK(ruleset, where << ": unknown ruleset \"" << grid.ruleset << "\""
                          << DidYouMean(grid.ruleset, RulesetNames(rulesets)) << " (known: "
                          << Join(rulesets.Ids(), ", ") << ")");
  grid.ruleset = ruleset->id;

  SC_CHECK(json.contains("columns") && json["columns"].is_array(), where << " has no \"columns\" array");
  const Json& columns = json["columns"];
  SC_CHECK(!columns.empty(), where << ".columns is empty");
  SC_CHECK(static_cast<int>(columns.size()) <= ruleset->max_columns,
           where << ": " << columns.size() << " columns given, but a " << ruleset->id << " grid has at most "
                 << ruleset->max_columns);
  std::set<int> seen;
  for (size_t i = 0; i < columns.size(); ++i) {
    const std::string at = where + ".columns[" + std::to_string(i) + "]";
    const Json& column_json = columns[i];
    SC_CHECK(column_json.is_object(), at << " must be an object");
    CardColumn column;
    column.index = column_json.contains("index")
                       ? ParseCount(column_json["index"], at + ".index", kMaxCellNumber, "a column index")
                       : static_cast<int>(i);
    SC_CHECK(column.index < ruleset->max_columns,
             at << ".index " << column.index << " is out of range: a " << ruleset->id << " grid has columns 0.."
                << ruleset->max_columns - 1);
    SC_CHECK(seen.insert(column.index).second, at << ".index " << column.index << " appears twice");
    if (column_json.contains("cells")) {
      const Json& cells = column_json["cells"];
      SC_CHECK(cells.is_object(), at << ".cells must be an object of row id -> value");
      for (const auto& [row_name, value] : cells.items()) {
        // A row by its id or as the sheet prints it ("Ones", "3 of a kind"), in any case.
        const RowSpec* row = FindRowByName(*ruleset, row_name);
        SC_CHECK(row, at << ".cells: \"" << row_name << "\" is no row of " << ruleset->name
                         << DidYouMean(row_name, RowNames(*ruleset)));
        SC_CHECK(!column.cells.count(row->id),
                 at << ".cells: " << row->name << " is given twice (as \"" << row_name << "\" and another name)");
        column.cells[row->id] = ParseCell(value, at + ".cells." + row_name);
      }
    }
    grid.columns.push_back(std::move(column));
  }
  std::sort(grid.columns.begin(), grid.columns.end(),
            [](const CardColumn& a, const CardColumn& b) { return a.index < b.index; });
  return grid;
}

nlohmann::ordered_json PlainCellToJson(const CellValue& cell) {
  switch (cell.state) {
    case CellState::kEmpty: return nullptr;
    case CellState::kNumber: return cell.number;
    case CellState::kCrossed: return "crossed";
    case CellState::kChecks: {
      nlohmann::ordered_json object = {{"checks", cell.checks}};
      if (cell.points) object["points"] = *cell.points;
      return object;
    }
  }
  return nullptr;
}

nlohmann::ordered_json CellToJson(const CellValue& cell) {
  // The card format has one confidence per cell: the ticks' and the points' least.
  const std::optional<double> confidence = cell.LeastConfidence();
  if (!confidence) return PlainCellToJson(cell);
  nlohmann::ordered_json wrapped = {{"value", PlainCellToJson(cell)}, {"confidence", *confidence}};
  return wrapped;
}

}  // namespace

CellValue ParseCellJson(const nlohmann::json& value, const std::string& where) {
  SC_CHECK(!value.is_object() || !value.contains("confidence"), where << ": a typed value has no \"confidence\"");
  return ParseCell(value, where);
}

nlohmann::ordered_json CellValueToJson(const CellValue& cell) { return PlainCellToJson(cell); }

Card ParseCardJson(const std::string& text, const RulesetLibrary& rulesets) {
  // The JSON library's message carries the line and column of the fault.
  const Json json = ParseJsonText(text, {.max_bytes = kMaxCardBytes});
  SC_CHECK(json.is_object(), "a card must be a JSON object");
  std::string default_ruleset;
  if (json.contains("ruleset")) {
    SC_CHECK(json["ruleset"].is_string(), "\"ruleset\" must be a string");
    default_ruleset = json["ruleset"].get<std::string>();
  }
  Card card;
  const bool has_grids = json.contains("grids"), has_columns = json.contains("columns");
  SC_CHECK(has_grids != has_columns, (has_grids ? "a card has either \"grids\" or \"columns\", not both"
                                                : "a card needs \"columns\" (one grid) or \"grids\""));
  if (has_columns) {
    card.grids.push_back(ParseGrid(json, "card", default_ruleset, rulesets));
  } else {
    SC_CHECK(json["grids"].is_array() && !json["grids"].empty(), "\"grids\" must be a non-empty array");
    SC_CHECK(json["grids"].size() <= kMostGrids, "a card has at most " << kMostGrids << " grids (a page's games)");
    for (size_t i = 0; i < json["grids"].size(); ++i)
      card.grids.push_back(ParseGrid(json["grids"][i], "grids[" + std::to_string(i) + "]", default_ruleset, rulesets));
  }
  return card;
}

Card LoadCardFile(const std::string& path, const RulesetLibrary& rulesets) {
  Card card = ParseCardJson(ReadTextFile(path), rulesets);
  card.source = path;
  return card;
}

nlohmann::ordered_json CardToJson(const Card& card, const RulesetLibrary& rulesets) {
  nlohmann::ordered_json grids = nlohmann::ordered_json::array();
  for (const CardGrid& grid : card.grids) {
    const Ruleset& ruleset = rulesets.Get(grid.ruleset);
    nlohmann::ordered_json columns = nlohmann::ordered_json::array();
    for (const CardColumn& column : grid.columns) {
      nlohmann::ordered_json cells = nlohmann::ordered_json::object();
      for (const RowSpec& row : ruleset.rows) {
        const CellValue cell = column.At(row.id);
        if (!cell.empty()) cells[row.id] = CellToJson(cell);
      }
      columns.push_back({{"index", column.index}, {"cells", cells}});
    }
    grids.push_back({{"ruleset", grid.ruleset}, {"columns", columns}});
  }
  return {{"grids", grids}};
}

}  // namespace scorecheck
