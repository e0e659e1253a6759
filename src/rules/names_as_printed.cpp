#include "rules/names_as_printed.h"

#include <algorithm>
#include <cctype>

namespace scorecheck {
namespace {

// Lower case, with spaces, dashes and underscores dropped: "Full house" = "full_house" = "FULL-HOUSE".
std::string Key(std::string_view text) {
  std::string key;
  for (const char c : text)
    if (c != ' ' && c != '_' && c != '-') key += static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
  return key;
}

// Edits (insert, delete, change a letter) from a to b.
size_t Distance(const std::string& a, const std::string& b) {
  std::vector<size_t> row(b.size() + 1);
  for (size_t j = 0; j <= b.size(); ++j) row[j] = j;
  for (size_t i = 1; i <= a.size(); ++i) {
    size_t diagonal = row[0];
    row[0] = i;
    for (size_t j = 1; j <= b.size(); ++j) {
      const size_t up = row[j];
      row[j] = std::min({row[j] + 1, row[j - 1] + 1, diagonal + (a[i - 1] == b[j - 1] ? 0 : 1)});
      diagonal = up;
    }
  }
  return row[b.size()];
}

}  // namespace

std::vector<std::string> RulesetNames(const RulesetLibrary& rulesets) {
  std::vector<std::string> names;
  for (const std::string& id : rulesets.Ids()) {
    names.push_back(id);
    names.push_back(rulesets.Get(id).name);
  }
  return names;
}

std::vector<std::string> RowNames(const Ruleset& ruleset) {
  std::vector<std::string> names;
  for (const RowSpec& row : ruleset.rows) {
    names.push_back(row.id);
    names.push_back(row.name);
    names.insert(names.end(), row.labels.begin(), row.labels.end());
  }
  return names;
}

const Ruleset* FindRulesetByName(const RulesetLibrary& rulesets, std::string_view text) {
  const std::string key = Key(text);
  for (const std::string& id : rulesets.Ids()) {
    const Ruleset& ruleset = rulesets.Get(id);
    if (Key(id) == key || Key(ruleset.name) == key) return &ruleset;
  }
  return nullptr;
}

const RowSpec* FindRowByName(const Ruleset& ruleset, std::string_view text) {
  const std::string key = Key(text);
  for (const RowSpec& row : ruleset.rows)
    if (Key(row.id) == key) return &row;  // an id first: no label of another row may shadow it
  // A name or label; one that several rows print ("Total") names none of them.
  const RowSpec* found = nullptr;
  for (const RowSpec& row : ruleset.rows) {
    bool match = Key(row.name) == key;
    for (const std::string& label : row.labels) match |= Key(label) == key;
    if (!match) continue;
    if (found) return nullptr;
    found = &row;
  }
  return found;
}

std::string DidYouMean(std::string_view text, const std::vector<std::string>& names) {
  const std::string key = Key(text);
  const std::string* best = nullptr;
  size_t best_distance = 0;
  for (const std::string& name : names) {
    const size_t d = Distance(key, Key(name));
    if (!best || d < best_distance) best = &name, best_distance = d;
  }
  // A typo: at most a third of the word's letters, and never a whole short word.
  if (!best || best_distance == 0 || best_distance > std::max<size_t>(1, key.size() / 3)) return "";
  return " (did you mean \"" + *best + "\"?)";
}

}  // namespace scorecheck
