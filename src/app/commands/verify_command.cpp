// `scorecheck verify`: recompute typed cards and report every finding.

#include <filesystem>
#include <iostream>
#include <memory>

#include <spdlog/spdlog.h>

#include "app/commands/commands.h"
#include "card/card_json.h"
#include "core/error.h"
#include "core/text.h"
#include "report/report.h"
#include "verify/verify.h"

namespace scorecheck::app {
namespace {

struct VerifyArgs {
  std::vector<std::string> inputs;  // card files or folders
  std::string json_out;             // --json: report of the single card
  std::string out_dir;              // --out-dir: one report per card
  std::string triple_entries = "auto";
};

// Card files named on the command line, with folders expanded to their
// *.card.json files (sorted, so batch output is stable).
std::vector<std::string> ExpandInputs(const std::vector<std::string>& inputs) {
  namespace fs = std::filesystem;
  std::vector<std::string> files;
  for (const std::string& input : inputs) {
    std::error_code ec;
    if (!fs::is_directory(input, ec)) {
      files.push_back(input);
      continue;
    }
    std::vector<std::string> found;
    for (const auto& entry : fs::recursive_directory_iterator(input, ec)) {
      const std::string name = entry.path().filename().string();
      if (entry.is_regular_file() && name.size() > 10 && name.ends_with(".card.json")) found.push_back(entry.path().string());
    }
    std::sort(found.begin(), found.end());
    if (found.empty()) spdlog::warn("{}: holds no *.card.json file", input);
    files.insert(files.end(), found.begin(), found.end());
  }
  return files;
}

std::string ReportPathIn(const std::string& out_dir, const std::string& card_path) {
  std::string stem = std::filesystem::path(card_path).filename().string();
  for (const char* suffix : {".card.json", ".json"})
    if (stem.ends_with(suffix)) {
      stem.resize(stem.size() - std::string(suffix).size());
      break;
    }
  return (std::filesystem::path(out_dir) / (stem + ".report.json")).string();
}

int Run(const VerifyArgs& args, const GlobalOptions& global) {
  const RulesetLibrary rulesets = LoadRulesets(global);
  VerifyOptions options;
  options.triple_entries = *ParseEntryConvention(args.triple_entries);

  const std::vector<std::string> files = ExpandInputs(args.inputs);
  SC_CHECK(!files.empty(), "no card to verify");
  SC_CHECK(args.json_out.empty() || files.size() == 1,
           "--json takes one card; use --out-dir for " << files.size() << " cards");

  int clean = 0, with_findings = 0;
  std::vector<std::string> failed;
  for (const std::string& path : files) {
    try {
      const Card card = LoadCardFile(path, rulesets);
      const Verification verification = VerifyCard(card, rulesets, options);
      if (!global.quiet) std::cout << path << ": " << TextReport(card, verification, rulesets) << std::flush;
      const std::string report_path = !args.json_out.empty() ? args.json_out
                                      : !args.out_dir.empty() ? ReportPathIn(args.out_dir, path)
                                                              : std::string();
      if (!report_path.empty()) {
        WriteFileAtomic(report_path, ReportJson(card, verification, rulesets).dump(2) + "\n");
        spdlog::debug("wrote {}", report_path);
      }
      (verification.clean() ? clean : with_findings)++;
    } catch (const Error& e) {
      // One bad file does not stop a batch; it is listed at the end.
      spdlog::error("{}: {}", path, e.what());
      failed.push_back(path);
    }
  }
  if (files.size() > 1 && !global.quiet) {
    std::cout << files.size() << " cards: " << clean << " OK, " << with_findings << " with findings";
    if (!failed.empty()) std::cout << ", " << failed.size() << " could not be read (" << Join(failed, ", ") << ")";
    std::cout << "\n";
  }
  if (!failed.empty()) return kExitFailed;
  return with_findings ? kExitFindings : kExitClean;
}

}  // namespace

Command AddVerifyCommand(CLI::App& app, const GlobalOptions& global) {
  auto args = std::make_shared<VerifyArgs>();
  CLI::App* cmd = app.add_subcommand("verify", "Recompute typed cards (card JSON) and list every error");
  cmd->add_option("cards", args->inputs, "Card JSON files, or folders of *.card.json")->required();
  cmd->add_option("--json", args->json_out, "Write the machine report of the one card here");
  cmd->add_option("--out-dir", args->out_dir, "Write <card>.report.json for every card into this folder");
  cmd->add_option("--triple-entries", args->triple_entries, "How ×k columns are written: raw, multiplied or auto")
      ->check(CLI::IsMember({"auto", "raw", "multiplied"}));
  return [args, &global] { return Run(*args, global); };
}

}  // namespace scorecheck::app
