#pragma once
// Shared by the libFuzzer targets: the shipped rulesets and models, loaded
// once per fuzzing process (a harness may keep state; the product may not).

#include <cstddef>
#include <cstdint>
#include <string>

#include "rules/ruleset_library.h"

namespace scorecheck::fuzz {

inline std::string Bytes(const std::uint8_t* data, std::size_t size) {
  return std::string(reinterpret_cast<const char*>(data), size);
}

inline const RulesetLibrary& ShippedRulesets() {
  static const RulesetLibrary rulesets = RulesetLibrary::LoadFolder(SCORECHECK_SOURCE_DIR "/templates/rulesets");
  return rulesets;
}

}  // namespace scorecheck::fuzz
