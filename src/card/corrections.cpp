#include "card/corrections.h"

#include <nlohmann/json.hpp>

#include "card/card_json.h"
#include "core/error.h"
#include "core/json_text.h"
#include "core/text.h"

namespace scorecheck {

std::vector<Correction> Corrections::For(const std::string& file) const {
  std::vector<Correction> found;
  for (const Correction& c : items)
    if (c.file == file) found.push_back(c);
  return found;
}

void Corrections::Set(const Correction& correction) {
  for (Correction& c : items)
    if (c.SameTarget(correction)) {
      c = correction;
      return;
    }
  items.push_back(correction);
}

const Correction* Corrections::TypedCard(const std::string& file) const {
  for (const Correction& c : items)
    if (c.file == file && !c.typed_card.empty()) return &c;
  return nullptr;
}

const Correction* Corrections::Find(const Correction& target) const {
  for (const Correction& c : items)
    if (c.SameTarget(target)) return &c;
  return nullptr;
}

Correction ParseCorrectionJson(const nlohmann::json& entry, const std::string& where) {
  SC_CHECK(entry.is_object(), where << " must be an object");
  for (const auto& [key, value] : entry.items())
    SC_CHECK(key == "file" || key == "grid" || key == "column" || key == "row" || key == "value" || key == "name" ||
                 key == "card",
             where << ": unknown key \"" << key << "\" (use file, grid, column, row, value, name, card)");
  Correction c;
  SC_CHECK(entry.contains("file") && entry["file"].is_string() && !entry["file"].get<std::string>().empty(),
           where << ".file must name the card");
  c.file = entry["file"];
  if (entry.contains("card")) {
    SC_CHECK(entry.size() == 2, where << ": a typed card is {\"file\", \"card\"}, nothing else");
    SC_CHECK(entry["card"].is_object(), where << ".card must be a card (an object in the card format)");
    c.typed_card = entry["card"].dump();
    return c;
  }
  for (const char* key : {"grid", "column"}) {
    SC_CHECK(entry.contains(key) && entry[key].is_number_integer() && entry[key].get<long long>() >= 1 &&
                 entry[key].get<long long>() <= 1000,
             where << "." << key << " must be a whole number from 1");
    (std::string(key) == "grid" ? c.grid : c.column) = entry[key].get<int>();
  }
  const bool has_row = entry.contains("row"), has_name = entry.contains("name");
  SC_CHECK(has_row != has_name, where << " needs either \"row\" and \"value\", or \"name\"");
  if (has_name) {
    SC_CHECK(entry["name"].is_string() && entry["name"].get<std::string>().size() <= kMaxNameBytes,
             where << ".name must be text (at most " << kMaxNameBytes << " bytes)");
    c.name = entry["name"].get<std::string>();
  } else {
    SC_CHECK(entry["row"].is_string() && !entry["row"].get<std::string>().empty(), where << ".row must be a row id");
    c.row = entry["row"];
    SC_CHECK(entry.contains("value"), where << " needs \"value\" (null for an empty box)");
    c.value = ParseCellJson(entry["value"], where + ".value");
  }
  return c;
}

Corrections ParseCorrections(const std::string& text) {
  const nlohmann::json json = ParseJsonText(text);
  SC_CHECK(json.is_object() && json.contains("corrections") && json["corrections"].is_array(),
           "a corrections file holds {\"corrections\": [...]}");
  Corrections corrections;
  const nlohmann::json& list = json["corrections"];
  for (size_t i = 0; i < list.size(); ++i)
    corrections.Set(ParseCorrectionJson(list[i], "corrections[" + std::to_string(i) + "]"));
  return corrections;
}

Corrections LoadCorrectionsFile(const std::string& path) {
  try {
    return ParseCorrections(ReadTextFile(path));
  } catch (const Error& e) {
    throw Error(path + ": " + e.what());
  }
}

std::string CorrectionsToJson(const Corrections& corrections) {
  nlohmann::ordered_json list = nlohmann::ordered_json::array();
  for (const Correction& c : corrections.items) {
    if (!c.typed_card.empty()) {
      list.push_back({{"file", c.file}, {"card", nlohmann::ordered_json::parse(c.typed_card)}});
      continue;
    }
    nlohmann::ordered_json entry = {{"file", c.file}, {"grid", c.grid}, {"column", c.column}};
    if (c.name) {
      entry["name"] = *c.name;
    } else {
      entry["row"] = c.row;
      entry["value"] = CellValueToJson(c.value);
    }
    list.push_back(entry);
  }
  return nlohmann::ordered_json({{"corrections", list}}).dump(2) + "\n";
}

}  // namespace scorecheck
