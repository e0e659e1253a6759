#pragma once
// Options several commands take, worded once: the game on the cards, how
// Triple's columns are written, a person's answers, the digit model.

#include <string>

#include <CLI/CLI.hpp>

namespace scorecheck::app {

/// --ruleset GAME: a ruleset id, or auto (told from each sheet).
CLI::Option* AddRulesetOption(CLI::App& command, std::string& ruleset);

/// --triple-entries HOW: raw, multiplied or auto.
CLI::Option* AddTripleEntriesOption(CLI::App& command, std::string& convention);

/// --corrections FILE: answers from `scorecheck review`.
CLI::Option* AddCorrectionsOption(CLI::App& command, std::string& path);

/// --model FILE: the digit reader's model.
CLI::Option* AddModelOption(CLI::App& command, std::string& path);

}  // namespace scorecheck::app
