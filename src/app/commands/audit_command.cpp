// `scorecheck audit`: a disputed result, the players' cards side by side.
// Takes photos (scanned here) and batch reports (report.json or its folder).

#include <filesystem>
#include <iostream>
#include <memory>

#include <opencv2/core.hpp>
#include <spdlog/spdlog.h>

#include "app/commands/commands.h"
#include "app/shared_options.h"
#include "batch/audit.h"
#include "batch/batch_inputs.h"
#include "batch/check_record.h"
#include "batch/run_batch.h"
#include "card/corrections.h"
#include "core/error.h"
#include "core/json_text.h"
#include "core/text.h"

namespace scorecheck::app {
namespace {

namespace fs = std::filesystem;
using Json = nlohmann::ordered_json;

struct AuditArgs {
  std::vector<std::string> inputs;
  std::string html;
  std::string evidence_dir;
  std::string ruleset = "auto";
  std::string corrections;
  int jobs = 0;
};

// A batch report given as its file or its folder; nullopt for anything else.
std::optional<fs::path> ReportFile(const std::string& input) {
  std::error_code ec;
  if (fs::is_directory(input, ec) && fs::is_regular_file(fs::path(input) / "report.json", ec))
    return fs::path(input) / "report.json";
  if (fs::is_regular_file(input, ec) && ToLower(fs::path(input).extension().string()) == ".json") return fs::path(input);
  return std::nullopt;
}

// `dir` as seen from `from` ("" when the same), ending in '/'.
std::string Prefix(const fs::path& dir, const fs::path& from) {
  std::error_code ec;
  const fs::path relative = fs::relative(fs::absolute(dir), fs::absolute(from), ec);
  const std::string text = ec ? fs::absolute(dir).string() : relative.generic_string();
  return text.empty() || text == "." ? "" : text + "/";
}

// A card record whose picture paths (relative to its report folder) get
// `prefix`, the way from where the audit is shown to that folder.
Json WithPicturesFrom(Json record, const std::string& prefix) {
  for (const char* list : {"uncertain", "evidence"})
    if (record.contains(list))
      for (Json& cell : record[list])
        if (cell.contains("crop")) cell["crop"] = prefix + cell["crop"].get<std::string>();
  if (record.contains("columns"))
    for (Json& column : record["columns"])
      if (column.contains("name_crop")) column["name_crop"] = prefix + column["name_crop"].get<std::string>();
  return record;
}

int Run(const AuditArgs& args, const GlobalOptions& global) {
  const std::string templates_dir = FindTemplatesDir(global.templates_dir);
  const RulesetLibrary rulesets = LoadRulesets(global);
  CheckRulesetOption(rulesets, args.ruleset);
  const fs::path html_dir = args.html.empty() ? fs::current_path() : fs::absolute(args.html).parent_path();
  const fs::path evidence_dir = !args.evidence_dir.empty() ? fs::path(args.evidence_dir)
                                : !args.html.empty()       ? fs::path(fs::path(args.html).replace_extension("").string() + "_files")
                                                           : fs::path("scorecheck-audit");

  // Records from batch reports, pictures relative to where they are shown.
  std::vector<Json> records;
  std::vector<std::string> photos;
  for (const std::string& input : args.inputs) {
    const std::optional<fs::path> report_file = ReportFile(input);
    if (!report_file) {
      photos.push_back(input);
      continue;
    }
    Json report;
    try {
      report = ParseJsonText<Json>(ReadTextFile(report_file->string()));
    } catch (const std::exception& e) {
      throw Error(report_file->string() + ": " + e.what());
    }
    SC_CHECK(report.is_object() && report.contains("cards") && report["cards"].is_array(),
             report_file->string() << ": not a batch report (no \"cards\")");
    const std::string prefix = Prefix(report_file->parent_path(), html_dir);
    const Json& cards = report["cards"];
    for (size_t i = 0; i < cards.size(); ++i) {
      try {
        CheckCardRecord(cards[i], "cards[" + std::to_string(i) + "]");
      } catch (const Error& e) {
        throw Error(report_file->string() + ": " + e.what());
      }
      records.push_back(WithPicturesFrom(cards[i], prefix));
    }
  }
  // Photos: scanned now, their pictures kept in the evidence folder.
  if (!photos.empty()) {
    const BatchInputs inputs = FindBatchInputs(photos, evidence_dir.string());
    for (const std::string& warning : inputs.warnings) spdlog::warn("{}", warning);
    BatchOptions options;
    options.report_dir = evidence_dir.string();
    options.jobs = JobCount(args.jobs);
    options.scan.grid.ruleset = args.ruleset;
    options.scan.time_limit_seconds = kDefaultTimeLimitSeconds;
    options.reader.model_path = DigitModelPath("", templates_dir);
    if (!args.corrections.empty()) options.corrections = LoadCorrectionsFile(args.corrections);
    cv::setNumThreads(1);  // one thread per worker, as in batch
    const std::string prefix = Prefix(evidence_dir, html_dir);
    for (const Json& record : RunBatch(inputs.files, rulesets, options).records)
      records.push_back(WithPicturesFrom(record, prefix));
  }

  const Json audit = Audit(records, rulesets);
  if (!global.quiet) std::cout << AuditText(audit) << std::flush;
  if (!args.html.empty()) {
    WriteFileAtomic(args.html, AuditHtml(audit, templates_dir));
    if (!global.quiet) std::cout << "audit: " << args.html << "\n";
  }
  SC_CHECK(!audit["games"].empty() || !audit["unreadable"].empty(), "no card to audit");
  if (!audit["unreadable"].empty()) return kExitFailed;
  for (const Json& game : audit["games"])
    if (game["changes"].get<bool>()) return kExitFindings;
  return kExitClean;
}

}  // namespace

Command AddAuditCommand(CLI::App& app, const GlobalOptions& global) {
  auto args = std::make_shared<AuditArgs>();
  CLI::App* cmd = app.add_subcommand("audit", "A disputed result: the players' cards side by side, who really won");
  cmd->add_option("cards", args->inputs, "Photos of the players' cards, or batch reports (report.json or its folder)")
      ->required();
  cmd->add_option("--html", args->html, "Also write the audit as one HTML page here")
      ->option_text(" FILE");
  cmd->add_option("--evidence", args->evidence_dir,
                  "Folder for the cell pictures of scanned photos (default: beside --html, else scorecheck-audit)")
      ->option_text(" FOLDER");
  AddRulesetOption(*cmd, args->ruleset);
  AddCorrectionsOption(*cmd, args->corrections);
  cmd->add_option("-j,--jobs", args->jobs, "Photos read at once (default: all cores)")->check(CLI::Range(0, 256));
  cmd->footer(
      "Example:\n  scorecheck audit ann.jpg bob.jpg --html audit.html\n  scorecheck audit report/ --html audit.html\n"
      "Exit codes: 0 the written totals give the same winner, 1 recomputing changes the result,\n"
      "2 a card could not be read.");
  return [args, &global] { return Run(*args, global); };
}

}  // namespace scorecheck::app
