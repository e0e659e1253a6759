#pragma once
// What every command shares: where the templates are, the loaded rulesets,
// and the exit codes. argv, spdlog sinks and exit codes live only in app/.

#include <string>

#include "rules/ruleset_library.h"

namespace scorecheck::app {

/// Process exit codes (README): 0 clean, 1 findings, 2 could not process.
enum ExitCode : int { kExitClean = 0, kExitFindings = 1, kExitFailed = 2 };

/// Options common to all commands.
struct GlobalOptions {
  std::string templates_dir;  ///< --templates; empty = search (see FindTemplatesDir)
  bool verbose = false;       ///< -v: debug logging
  bool quiet = false;         ///< -q: only errors

  /// False when -v and -q are both given (they ask for opposite things).
  bool Check() const { return !(verbose && quiet); }
};

/// The templates folder: `requested` if given, else $SCORECHECK_TEMPLATES, else
/// templates/ beside or above the executable, else the source tree's. Throws
/// Error when none exists.
std::string FindTemplatesDir(const std::string& requested);

/// Loads <templates>/rulesets. Throws Error on a missing or malformed file.
RulesetLibrary LoadRulesets(const GlobalOptions& options);

/// Throws Error naming the known rulesets unless `id` is "auto" or one of them
/// (the --ruleset option of scan, batch, audit).
void CheckRulesetOption(const RulesetLibrary& rulesets, const std::string& id);

/// The digit model to load: `requested` (--model) if given, else the one
/// shipped beside the templates. Throws Error when none is found.
std::string DigitModelPath(const std::string& requested, const std::string& templates_dir);

/// Workers for --jobs `requested`: itself when positive, else every core.
int JobCount(int requested);

/// Seconds a command spends on one image before it gives up on it (--time-limit):
/// a card takes one or two; a pathological picture must not hold a batch up.
constexpr double kDefaultTimeLimitSeconds = 120;

}  // namespace scorecheck::app
