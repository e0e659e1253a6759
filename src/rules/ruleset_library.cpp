#include "rules/ruleset_library.h"

#include <algorithm>
#include <filesystem>

#include "core/error.h"
#include "core/text.h"

namespace scorecheck {

RulesetLibrary RulesetLibrary::LoadFolder(const std::string& folder) {
  namespace fs = std::filesystem;
  std::error_code ec;
  SC_CHECK(fs::is_directory(folder, ec), folder << ": no such ruleset folder");
  std::vector<fs::path> files;
  for (const auto& entry : fs::directory_iterator(folder, ec))
    if (entry.path().extension() == ".json") files.push_back(entry.path());
  std::sort(files.begin(), files.end());  // deterministic error reports
  SC_CHECK(!files.empty(), folder << ": holds no ruleset (*.json)");
  RulesetLibrary library;
  for (const fs::path& file : files) {
    Ruleset ruleset = LoadRuleset(file.string());
    SC_CHECK(!library.Find(ruleset.id), file.string() << ": ruleset id \"" << ruleset.id << "\" is already defined");
    library.Add(std::move(ruleset));
  }
  return library;
}

void RulesetLibrary::Add(Ruleset ruleset) {
  SC_CHECK(!Find(ruleset.id), "ruleset id \"" << ruleset.id << "\" is already defined");
  std::string id = ruleset.id;
  rulesets_.emplace(std::move(id), std::move(ruleset));
}

const Ruleset* RulesetLibrary::Find(const std::string& id) const {
  auto it = rulesets_.find(id);
  return it == rulesets_.end() ? nullptr : &it->second;
}

const Ruleset& RulesetLibrary::Get(const std::string& id) const {
  const Ruleset* ruleset = Find(id);
  SC_CHECK(ruleset, "unknown ruleset \"" << id << "\" (known: " << Join(Ids(), ", ") << ")");
  return *ruleset;
}

std::vector<std::string> RulesetLibrary::Ids() const {
  std::vector<std::string> ids;
  for (const auto& [id, ruleset] : rulesets_) ids.push_back(id);
  return ids;
}

}  // namespace scorecheck
