// `scorecheck verify`: recompute typed cards and report every finding.

#include <filesystem>
#include <fstream>
#include <iostream>
#include <memory>

#include <spdlog/spdlog.h>

#include "app/batch.h"
#include "app/commands/commands.h"
#include "app/shared_options.h"
#include "card/card_json.h"
#include "core/error.h"
#include "core/text.h"
#include "image/file_kind.h"
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

std::string ReportPathIn(const std::string& out_dir, const std::string& card_path) {
  std::string stem = std::filesystem::path(card_path).filename().string();
  for (const char* suffix : {".card.json", ".json"})
    if (stem.ends_with(suffix)) {
      stem.resize(stem.size() - std::string(suffix).size());
      break;
    }
  return (std::filesystem::path(out_dir) / (stem + ".report.json")).string();
}

// A photo or scan given to `verify` (which checks typed cards): told to use `scan`.
void RefusePhoto(const std::string& path) {
  std::ifstream in(path, std::ios::binary);
  char head[64] = {};
  in.read(head, sizeof head);
  const FileKind kind = SniffFileKind(std::string_view(head, static_cast<size_t>(in.gcount())));
  SC_CHECK(kind == FileKind::kUnknown, "this is a photo or a scan (" << FileKindName(kind)
                                           << "), not a typed card: read it with `scorecheck scan " << path << "`");
}

int Run(const VerifyArgs& args, const GlobalOptions& global) {
  const RulesetLibrary rulesets = LoadRulesets(global);
  VerifyOptions options;
  options.triple_entries = *ParseEntryConvention(args.triple_entries);

  const std::vector<std::string> files = ExpandInputs(
      args.inputs, [](const std::string& path) { return path.ends_with(".card.json"); }, "*.card.json file");
  SC_CHECK(!files.empty(), "no card to verify");
  SC_CHECK(args.json_out.empty() || files.size() == 1,
           "--json takes one card; use --out-dir for " << files.size() << " cards");

  BatchTally tally;
  for (const std::string& path : files) {
    try {
      RefusePhoto(path);
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
      tally.Count(verification.clean());
    } catch (const Error& e) {
      tally.Fail(path, e.what());
    }
  }
  return tally.Finish(files.size(), "cards", global.quiet);
}

}  // namespace

Command AddVerifyCommand(CLI::App& app, const GlobalOptions& global) {
  auto args = std::make_shared<VerifyArgs>();
  CLI::App* cmd = app.add_subcommand("verify", "Recompute typed cards (card JSON) and list every error");
  cmd->add_option("cards", args->inputs, "Card JSON files, or folders of *.card.json")->required();
  cmd->add_option("--json", args->json_out, "Write the machine report of the one card here")
      ->option_text(" FILE");
  cmd->add_option("--out-dir", args->out_dir, "Write <card>.report.json for every card into this folder")
      ->option_text(" FOLDER");
  AddTripleEntriesOption(*cmd, args->triple_entries);
  cmd->footer(
      "Example:\n  scorecheck verify samples/typed/classic-2.card.json\n  scorecheck verify cards/ --out-dir reports/\n"
      "Exit codes: 0 every card clean, 1 some cards have findings, 2 a card could not be read.");
  return [args, &global] { return Run(*args, global); };
}

}  // namespace scorecheck::app
