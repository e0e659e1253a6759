#pragma once
// The rulesets available to a run: every templates/rulesets/*.json file.

#include <map>
#include <string>
#include <vector>

#include "rules/ruleset.h"

namespace scorecheck {

/// Rulesets by id, loaded once per run and passed by const reference.
class RulesetLibrary {
 public:
  /// Loads every *.json in `folder`. Throws Error naming the folder when it
  /// does not exist or holds no ruleset, and naming the file when one is
  /// malformed or repeats an id.
  static RulesetLibrary LoadFolder(const std::string& folder);

  /// Adds one ruleset; throws Error if its id is taken.
  void Add(Ruleset ruleset);

  /// The ruleset `id`, or nullptr.
  const Ruleset* Find(const std::string& id) const;

  /// The ruleset `id`; throws Error("unknown ruleset \"x\" (known: ...)").
  const Ruleset& Get(const std::string& id) const;

  /// Known ids, sorted.
  std::vector<std::string> Ids() const;

 private:
  std::map<std::string, Ruleset> rulesets_;
};

}  // namespace scorecheck
