// `scorecheck sheet`: render a blank printable scorecard.

#include <iostream>
#include <memory>

#include <spdlog/spdlog.h>

#include "app/commands/commands.h"
#include "core/error.h"
#include "sheet/render_sheet.h"
#include "sheet/sheet_layout.h"

namespace scorecheck::app {
namespace {

struct SheetArgs {
  std::string ruleset;
  int columns = 0;
  int grids = 1;
  std::string page = "a4";
  std::string output;
  double dpi = 300;
};

int Run(const SheetArgs& args, const GlobalOptions& global) {
  const RulesetLibrary rulesets = LoadRulesets(global);
  const Ruleset& ruleset = rulesets.Get(args.ruleset);
  SheetOptions options;
  options.columns = args.columns;
  options.grids = args.grids;
  options.page = *ParsePageSize(args.page);
  const std::string problem = options.Check(ruleset);
  SC_CHECK(problem.empty(), problem);
  const SheetLayout layout = LayoutSheet(ruleset, options);
  WriteSheet(layout, args.output, args.dpi);
  spdlog::info("wrote {} ({}, {} grid{} of {} column{}, {})", args.output, ruleset.name, options.grids,
               options.grids == 1 ? "" : "s", layout.grids[0].columns(), layout.grids[0].columns() == 1 ? "" : "s",
               PageSizeName(options.page));
  return kExitClean;
}

}  // namespace

Command AddSheetCommand(CLI::App& app, const GlobalOptions& global) {
  auto args = std::make_shared<SheetArgs>();
  CLI::App* cmd = app.add_subcommand("sheet", "Render a blank printable scorecard (PNG at 300 dpi, or PDF)");
  cmd->add_option("ruleset", args->ruleset, "Ruleset id (see `scorecheck rules`)")->required();
  cmd->add_option("--columns", args->columns, "Score columns per grid (default: the ruleset's)");
  cmd->add_option("--grids", args->grids, "Grids per page: 1, 2 or 4")->check(CLI::IsMember({1, 2, 4}));
  cmd->add_option("--page", args->page, "Page size: a4 or letter")->check(CLI::IsMember({"a4", "letter"}))
      ->option_text(" SIZE");
  cmd->add_option("--dpi", args->dpi, "PNG resolution")->check(CLI::Range(50.0, 1200.0));
  cmd->add_option("-o,--output", args->output, "Output file, .png or .pdf")->required()
      ->option_text(" FILE");
  cmd->footer(
      "Example:\n  scorecheck sheet classic --columns 4 -o classic.pdf\n"
      "Exit codes: 0 written, 2 bad option or the file could not be written.");
  return [args, &global] { return Run(*args, global); };
}

}  // namespace scorecheck::app
