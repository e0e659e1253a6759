#pragma once
// The subcommands. Each registers its options on the CLI11 app and returns a
// function that runs it and gives the exit code.

#include <functional>

#include <CLI/CLI.hpp>

#include "app/cli_context.h"

namespace scorecheck::app {

using Command = std::function<int()>;

/// `scorecheck verify CARD.json|DIR ... [--json OUT] [--out-dir DIR] [--triple-entries ...]`
Command AddVerifyCommand(CLI::App& app, const GlobalOptions& global);

/// `scorecheck sheet RULESET [--columns N] [--grids N] [--page a4|letter] -o FILE.png|FILE.pdf`
Command AddSheetCommand(CLI::App& app, const GlobalOptions& global);

/// `scorecheck scan IMAGE|DIR ... [--ruleset ID|auto] [--json] [--overlay] [--out-dir] [--triple-entries]`
Command AddScanCommand(CLI::App& app, const GlobalOptions& global);

/// `scorecheck batch DIR... [-o REPORT_DIR] [--jobs N] [--ruleset ID|auto] [--resume]`
Command AddBatchCommand(CLI::App& app, const GlobalOptions& global);

/// `scorecheck review REPORT_DIR`
Command AddReviewCommand(CLI::App& app, const GlobalOptions& global);

/// `scorecheck audit IMAGE_OR_REPORT... [--html FILE]`
Command AddAuditCommand(CLI::App& app, const GlobalOptions& global);

/// `scorecheck rules [ID]`
Command AddRulesCommand(CLI::App& app, const GlobalOptions& global);

}  // namespace scorecheck::app
