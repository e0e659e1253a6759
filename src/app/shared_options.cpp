#include "app/shared_options.h"

namespace scorecheck::app {

CLI::Option* AddRulesetOption(CLI::App& command, std::string& ruleset) {
  return command
      .add_option("--ruleset", ruleset,
                  "The game on every card (classic, triple, rock, fivezee, rollem, piecepack), or auto: told from "
                  "each sheet")
      ->capture_default_str()
      ->option_text(" GAME");
}

CLI::Option* AddTripleEntriesOption(CLI::App& command, std::string& convention) {
  return command
      .add_option("--triple-entries", convention,
                  "How the ×2 and ×3 columns of Triple are written: raw (before multiplying), multiplied, or auto "
                  "(told from the card)")
      ->check(CLI::IsMember({"auto", "raw", "multiplied"}))
      ->capture_default_str()
      ->option_text(" HOW");
}

CLI::Option* AddCorrectionsOption(CLI::App& command, std::string& path) {
  return command
      .add_option("--corrections", path,
                  "Answers from `scorecheck review` (corrections.json) to put on the cards before checking them")
      ->option_text(" FILE");
}

CLI::Option* AddModelOption(CLI::App& command, std::string& path) {
  return command.add_option("--model", path, "The digit reader's model file (default: the one shipped)")
      ->option_text(" FILE");
}

}  // namespace scorecheck::app
