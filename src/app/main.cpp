// scorecheck: checks the arithmetic and rules of filled-in dice-game scorecards.
// The CLI only parses arguments, sets up logging and maps results to exit
// codes; all the work is in the libraries under src/.

#include <algorithm>
#include <cstdlib>
#include <iostream>
#include <optional>
#include <string>
#include <vector>

#include <CLI/CLI.hpp>
#include <opencv2/core/utils/logger.hpp>
#include <spdlog/sinks/stdout_color_sinks.h>
#include <spdlog/spdlog.h>

#include "app/cli_context.h"
#include "app/commands/commands.h"
#include "app/help_format.h"
#include "core/error.h"
#include "core/text.h"

namespace {

// Edits (insertions, deletions, substitutions, swaps of neighbours) from a to b.
size_t EditDistance(const std::string& a, const std::string& b) {
  std::vector<std::vector<size_t>> d(a.size() + 1, std::vector<size_t>(b.size() + 1));
  for (size_t i = 0; i <= a.size(); ++i) d[i][0] = i;
  for (size_t j = 0; j <= b.size(); ++j) d[0][j] = j;
  for (size_t i = 1; i <= a.size(); ++i)
    for (size_t j = 1; j <= b.size(); ++j) {
      d[i][j] = std::min({d[i - 1][j] + 1, d[i][j - 1] + 1, d[i - 1][j - 1] + (a[i - 1] != b[j - 1])});
      if (i > 1 && j > 1 && a[i - 1] == b[j - 2] && a[i - 2] == b[j - 1]) d[i][j] = std::min(d[i][j], d[i - 2][j - 2] + 1);
    }
  return d[a.size()][b.size()];
}

// When the first word is no command: "unknown command "scna"; did you mean "scan"?"
// (or the list of commands when none is close). Nothing when it is one, or an option.
std::optional<std::string> MistypedCommand(CLI::App& app, int argc, char** argv) {
  int first = 1;
  while (first < argc && argv[first][0] == '-') first += std::string(argv[first]) == "--templates" ? 2 : 1;
  if (first >= argc) return std::nullopt;
  const std::string word = argv[first];
  std::vector<std::string> names;
  for (const CLI::App* sub : app.get_subcommands({})) names.push_back(sub->get_name());
  if (std::find(names.begin(), names.end(), word) != names.end()) return std::nullopt;
  std::string best;
  size_t best_distance = word.size() / 2 + 1;
  for (const std::string& name : names) {
    const size_t distance = EditDistance(scorecheck::ToLower(word), name);
    const bool prefix = word.size() >= 2 && name.rfind(scorecheck::ToLower(word), 0) == 0;
    if (prefix || distance < best_distance) {
      best = name;
      best_distance = prefix ? 0 : distance;
    }
  }
  if (!best.empty()) return "unknown command \"" + word + "\"; did you mean \"" + best + "\"?";
  return "unknown command \"" + word + "\" (commands: " + scorecheck::Join(names, ", ") + ")";
}

// Where the libraries' messages and ours go, as -v and -q ask.
void SetUpLogging(const scorecheck::app::GlobalOptions& global) {
  // OpenCV's image readers print their own lines about a file they cannot
  // read (on std::cerr and through OpenCV's logger) beside our one line that
  // says it for them; -v keeps them. Ours go through spdlog (stdio).
  // GDAL, behind one of OpenCV's readers, prints its errors ("ERROR 4: ...
  // not recognized as a supported file format") unless told where else; it
  // reads CPL_LOG when it first reports.
  if (!global.verbose) {
    cv::utils::logging::setLogLevel(cv::utils::logging::LOG_LEVEL_SILENT);
    std::cerr.rdbuf(nullptr);
    setenv("CPL_LOG", "/dev/null", /*overwrite=*/0);
  }

  // Log lines go to stderr; reports go to stdout.
  auto logger = spdlog::stderr_color_mt("scorecheck");
  logger->set_pattern("scorecheck: %v");
  logger->set_level(global.verbose ? spdlog::level::debug : global.quiet ? spdlog::level::err : spdlog::level::info);
  spdlog::set_default_logger(logger);
}

}  // namespace

int main(int argc, char** argv) {
  using namespace scorecheck::app;
  // OpenCV's readers (TIFF, WebP, PNM, whose headers we do not read before
  // them) allocate up to 2^30 pixels (3 GB) for what a header claims: held
  // to the 120 MP a photo of ours may have (ImageLoadOptions::max_pixels).
  // Set before any image is read (OpenCV reads it once) and any thread starts.
  setenv("OPENCV_IO_MAX_IMAGE_PIXELS", "120000000", /*overwrite=*/0);
  CLI::App app{"scorecheck: checks the totals and rules of filled-in Yahtzee-style scorecards", "scorecheck"};
  UsePeopleHelp(app);  // before the commands are added: they take the app's formatter
  app.require_subcommand(1);
  app.fallthrough();  // global options may follow the command: `scorecheck batch photos/ -q`
  app.option_defaults()->always_capture_default();  // every --help shows each option's default
  app.footer("Start with: scorecheck batch PHOTO_FOLDER -o report/   (then open report/index.html)\n"
             "Exit codes: 0 clean, 1 findings, 2 could not process. `scorecheck COMMAND --help` for each command.");
  app.set_version_flag("--version", SCORECHECK_VERSION);
  GlobalOptions global;
  app.add_option("--templates", global.templates_dir, "Folder with rulesets/ (default: the shipped templates)")
      ->option_text(" FOLDER");
  app.add_flag("-v,--verbose", global.verbose, "Log details to stderr");
  app.add_flag("-q,--quiet", global.quiet, "Print only errors");

  Command verify = AddVerifyCommand(app, global);
  Command rules = AddRulesCommand(app, global);
  Command sheet = AddSheetCommand(app, global);
  Command scan = AddScanCommand(app, global);
  Command batch = AddBatchCommand(app, global);
  Command review = AddReviewCommand(app, global);
  Command audit = AddAuditCommand(app, global);
  for (CLI::App* command : app.get_subcommands({})) command->group("Commands");

  try {
    app.parse(argc, argv);
  } catch (const CLI::ParseError& e) {
    // A mistyped command: say which one was meant, in one line.
    if (const std::optional<std::string> meant = MistypedCommand(app, argc, argv)) {
      std::cerr << "scorecheck: " << *meant << "\n";
      return kExitFailed;
    }
    const int code = app.exit(e);
    return code == 0 ? kExitClean : kExitFailed;
  }

  if (!global.Check()) {
    std::cerr << "scorecheck: -v (--verbose) and -q (--quiet) ask for opposite things; give one of them\n";
    return kExitFailed;
  }

  SetUpLogging(global);

  try {
    if (app.got_subcommand("verify")) return verify();
    if (app.got_subcommand("rules")) return rules();
    if (app.got_subcommand("sheet")) return sheet();
    if (app.got_subcommand("scan")) return scan();
    if (app.got_subcommand("batch")) return batch();
    if (app.got_subcommand("review")) return review();
    if (app.got_subcommand("audit")) return audit();
  } catch (const scorecheck::Error& e) {
    spdlog::error("{}", e.what());
    return kExitFailed;
  } catch (const std::exception& e) {
    spdlog::error("internal error: {}", e.what());
    return kExitFailed;
  }
  return kExitFailed;
}
