// scorecheck: checks the arithmetic and rules of filled-in dice-game scorecards.
// The CLI only parses arguments, sets up logging and maps results to exit
// codes; all the work is in the libraries under src/.

#include <iostream>

#include <CLI/CLI.hpp>
#include <spdlog/sinks/stdout_color_sinks.h>
#include <spdlog/spdlog.h>

#include "app/cli_context.h"
#include "app/commands/commands.h"
#include "core/error.h"
#include "labels/text_reader.h"

int main(int argc, char** argv) {
  scorecheck::LimitOcrThreads(argv);
  using namespace scorecheck::app;
  CLI::App app{"scorecheck: checks the totals and rules of filled-in Yahtzee-style scorecards", "scorecheck"};
  app.require_subcommand(1);
  app.fallthrough();  // global options may follow the command: `scorecheck batch photos/ -q`
  app.set_version_flag("--version", SCORECHECK_VERSION);
  GlobalOptions global;
  app.add_option("--templates", global.templates_dir, "Folder with rulesets/ (default: the shipped templates)");
  app.add_flag("-v,--verbose", global.verbose, "Log details to stderr");
  app.add_flag("-q,--quiet", global.quiet, "Print only errors");

  Command verify = AddVerifyCommand(app, global);
  Command rules = AddRulesCommand(app, global);
  Command sheet = AddSheetCommand(app, global);
  Command scan = AddScanCommand(app, global);
  Command batch = AddBatchCommand(app, global);
  Command review = AddReviewCommand(app, global);
  Command audit = AddAuditCommand(app, global);

  try {
    app.parse(argc, argv);
  } catch (const CLI::ParseError& e) {
    const int code = app.exit(e);
    return code == 0 ? kExitClean : kExitFailed;
  }

  // Log lines go to stderr; reports go to stdout.
  auto logger = spdlog::stderr_color_mt("scorecheck");
  logger->set_pattern("scorecheck: %v");
  logger->set_level(global.verbose ? spdlog::level::debug : global.quiet ? spdlog::level::err : spdlog::level::info);
  spdlog::set_default_logger(logger);

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
