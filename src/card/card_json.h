#pragma once
// The typed card format (README "Card format"):
//   {"ruleset": "triple", "columns": [{"index": 0, "cells": {"aces": 3, ...}}]}
// or a page of several grids: {"grids": [GRID, GRID, ...]} where each GRID has
// the shape above (its "ruleset" may be inherited from the top level).
// A cell is an integer, null/absent (empty), "crossed", or
// {"checks": n} optionally with "points". A scanned card may wrap a value as
// {"value": v, "confidence": c} (c in 0..1), v being any of the forms above.
// Other top-level keys are ignored.

#include <string>

#include <nlohmann/json_fwd.hpp>

#include "card/card.h"
#include "rules/ruleset_library.h"

namespace scorecheck {

/// Largest number accepted in a cell; anything bigger is a typing error.
inline constexpr int kMaxCellNumber = 99999;
/// Most tick marks accepted in one cell.
inline constexpr int kMaxChecks = 99;

/// Parses card JSON text against the known rulesets. Throws Error with a
/// one-line message naming the offending JSON path (malformed JSON, unknown
/// ruleset or row id, a string where a number belongs, a negative or absurd
/// number, a column index outside the ruleset's columns).
Card ParseCardJson(const std::string& text, const RulesetLibrary& rulesets);

/// One cell in the card format (an integer, null, "crossed", or {"checks": n}
/// optionally with "points"), as a person typed it (no confidence). Throws
/// Error naming `where` for anything else.
CellValue ParseCellJson(const nlohmann::json& value, const std::string& where);

/// The cell in the card format, without any confidence.
nlohmann::ordered_json CellValueToJson(const CellValue& cell);

/// Reads and parses a card file; sets Card::source to `path`. Errors as above
/// (the message does not repeat the path; the caller adds it).
Card LoadCardFile(const std::string& path, const RulesetLibrary& rulesets);

/// The card in the same JSON format, always in the {"grids": [...]} form
/// (single-grid cards too), cells in ruleset row order.
nlohmann::ordered_json CardToJson(const Card& card, const RulesetLibrary& rulesets);

}  // namespace scorecheck
