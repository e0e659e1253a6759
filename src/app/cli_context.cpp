#include "app/cli_context.h"

#include <cstdlib>
#include <algorithm>
#include <filesystem>
#include <thread>

#include "core/error.h"
#include "core/text.h"
#include "readings/digit_reader.h"

namespace scorecheck::app {

std::string FindTemplatesDir(const std::string& requested) {
  namespace fs = std::filesystem;
  std::error_code ec;
  if (!requested.empty()) {
    SC_CHECK(fs::is_directory(requested, ec), requested << ": no such templates folder");
    return requested;
  }
  if (const char* env = std::getenv("SCORECHECK_TEMPLATES"); env && *env) {
    SC_CHECK(fs::is_directory(env, ec), env << ": no such templates folder (from $SCORECHECK_TEMPLATES)");
    return env;
  }
  const fs::path exe = fs::read_symlink("/proc/self/exe", ec);
  if (!ec) {
    for (const fs::path& candidate : {exe.parent_path() / "templates", exe.parent_path().parent_path() / "templates",
                                      exe.parent_path().parent_path() / "share/scorecheck/templates"})
      if (fs::is_directory(candidate / "rulesets", ec)) return candidate.string();
  }
  SC_CHECK(fs::is_directory(SCORECHECK_TEMPLATES_DIR, ec),
           "cannot find the templates folder; pass --templates DIR or set $SCORECHECK_TEMPLATES");
  return SCORECHECK_TEMPLATES_DIR;
}

RulesetLibrary LoadRulesets(const GlobalOptions& options) {
  return RulesetLibrary::LoadFolder((std::filesystem::path(FindTemplatesDir(options.templates_dir)) / "rulesets").string());
}

void CheckRulesetOption(const RulesetLibrary& rulesets, const std::string& id) {
  SC_CHECK(id == "auto" || rulesets.Find(id),
           "unknown ruleset \"" << id << "\" (known: " << Join(rulesets.Ids(), ", ") << ")");
}

std::string DigitModelPath(const std::string& requested, const std::string& templates_dir) {
  if (!requested.empty()) return requested;
  const std::string found = FindDigitModel(templates_dir);
  SC_CHECK(!found.empty(), "cannot find the digit model models/digits.onnx; pass --model FILE");
  return found;
}

int JobCount(int requested) {
  return requested > 0 ? requested : static_cast<int>(std::max(1u, std::thread::hardware_concurrency()));
}

}  // namespace scorecheck::app
