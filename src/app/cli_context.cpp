#include "app/cli_context.h"

#include <cstdlib>
#include <filesystem>

#include "core/error.h"

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

}  // namespace scorecheck::app
