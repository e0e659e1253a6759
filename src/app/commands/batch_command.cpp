// `scorecheck batch`: the organiser's job. A folder of photos in, one report
// out (report.json, cards.csv, index.html, an overlay per card).

#include <filesystem>
#include <iostream>
#include <memory>

#include <opencv2/core.hpp>
#include <spdlog/spdlog.h>

#include "app/batch_settings.h"
#include "app/commands/commands.h"
#include "app/shared_options.h"
#include "app/progress.h"
#include "batch/batch_inputs.h"
#include "batch/batch_report.h"
#include "batch/index_html.h"
#include "batch/report_json.h"
#include "batch/run_batch.h"
#include "card/corrections.h"
#include "core/error.h"
#include "core/folder_lock.h"
#include "core/text.h"

namespace scorecheck::app {
namespace {

namespace fs = std::filesystem;
using Json = nlohmann::ordered_json;

struct BatchArgs {
  std::vector<std::string> inputs;
  std::string report_dir = "scorecheck-report";
  int jobs = 0;
  std::string ruleset = "auto";
  std::string triple_entries = "auto";
  std::string model;
  std::string corrections;
  double min_confidence = kReviewBelow;
  double time_limit = kDefaultTimeLimitSeconds;
  bool resume = false;
};

// What a killed run may have left: our temporaries ("<file>.tmp-<pid>", see
// WriteFileAtomic), never anything else.
void RemoveTemporaries(const std::string& report_dir) {
  std::error_code ec;
  std::vector<fs::path> stale;
  for (auto it = fs::recursive_directory_iterator(report_dir, ec); !ec && it != fs::recursive_directory_iterator();
       it.increment(ec))
    if (it->is_regular_file(ec) && it->path().filename().string().find(".tmp-") != std::string::npos)
      stale.push_back(it->path());
  for (const fs::path& path : stale) fs::remove(path, ec);
}

// "OK (grand total 245)", "2 errors, 1 warning; ...", "unreadable: why".
std::string Outcome(const Json& record) {
  if (record["status"] == "unreadable") return "unreadable: " + record.value("reason", "");
  return record.value("summary", "");
}

int Run(const BatchArgs& args, const GlobalOptions& global) {
  const std::string templates_dir = FindTemplatesDir(global.templates_dir);
  const RulesetLibrary rulesets = LoadRulesets(global);
  CheckRulesetOption(rulesets, args.ruleset);
  SC_CHECK(fs::is_regular_file(fs::path(templates_dir) / "report" / "index.html"),
           templates_dir << "/report/index.html: missing (the report's template)");

  const BatchInputs inputs = FindBatchInputs(args.inputs, args.report_dir);
  for (const std::string& warning : inputs.warnings) spdlog::warn("{}", warning);
  SC_CHECK(!inputs.files.empty(), "no image to read in " << Join(args.inputs, ", "));

  BatchOptions options;
  options.report_dir = args.report_dir;
  options.jobs = JobCount(args.jobs);
  options.resume = args.resume;
  BatchSettings settings;
  settings.ruleset = args.ruleset;
  settings.triple_entries = args.triple_entries;
  settings.min_confidence = args.min_confidence;
  settings.time_limit = args.time_limit;
  settings.model_path = DigitModelPath(args.model, templates_dir);
  settings.ApplyTo(options);
  if (!args.corrections.empty()) options.corrections = LoadCorrectionsFile(args.corrections);
  // One thread per worker: --jobs N uses N cores (OpenCV's own threads inside
  // each worker would only compete with the other workers).
  cv::setNumThreads(1);

  std::error_code made;
  fs::create_directories(args.report_dir, made);
  SC_CHECK(!made && fs::is_directory(args.report_dir, made),
           args.report_dir << ": cannot make the report folder" << (made ? ": " + made.message() : std::string()));
  // One batch per report folder: a second one would mix its cards into this one's.
  const FolderLock lock(args.report_dir);
  RemoveTemporaries(args.report_dir);
  // A bar on a terminal; plain lines elsewhere and with -q (then only for the
  // cards that are not clean, and no summary).
  ProgressPrinter printer(std::cout, inputs.files.size(), StdoutIsTerminal() && !global.quiet);
  BatchRecords batch;
  try {
    batch = RunBatch(inputs.files, rulesets, options, [&](const BatchProgress& done) {
      for (const Json& record : done.records) {
        const bool clean = record["status"] == "clean";
        if (global.quiet && clean) continue;
        printer.Done(done.done, record["file"], Outcome(record) + (done.resumed ? " (from the earlier run)" : ""),
                     clean);
      }
    });
  } catch (const NoRoomError&) {
    printer.Finish();  // the bar's line ends before the one saying why the batch stopped
    throw;
  }
  printer.Finish();
  const std::vector<Json>& records = batch.records;

  // What `scorecheck review` needs to say how to apply its answers.
  Json extra = {{"inputs", args.inputs}};
  if (!args.corrections.empty()) extra["corrections"] = args.corrections;
  const fs::path dir(args.report_dir);
  Json report = {{"summary", BatchSummary(records, rulesets)}};
  WriteReportJson((dir / "report.json").string(), report["summary"], batch, args.report_dir, extra);
  WriteFileAtomic((dir / "cards.csv").string(), CardsCsv(records, rulesets));
  // The page shows no card's detail: it is made from the records as kept.
  report["cards"] = records;
  report.update(extra);
  WriteFileAtomic((dir / "index.html").string(), IndexHtml(report, templates_dir));

  const Json& summary = report["summary"];
  const int clean = summary["clean"], errors = summary["errors"], review = summary["review"],
            unreadable = summary["unreadable"];
  if (!global.quiet) {
    std::cout << records.size() << (records.size() == 1 ? " card: " : " cards: ") << clean << " clean, " << errors
              << " with errors, " << review << " need a look, " << unreadable << " unreadable\n";
    for (const Json& bad : summary["unreadable_files"])
      std::cout << "  unreadable: " << bad["file"].get<std::string>() << ": " << bad["reason"].get<std::string>()
                << "\n";
    std::cout << "report: " << (dir / "index.html").string() << " (also report.json, cards.csv)\n";
  }
  if (unreadable) return kExitFailed;
  return errors + review ? kExitFindings : kExitClean;
}

}  // namespace

Command AddBatchCommand(CLI::App& app, const GlobalOptions& global) {
  auto args = std::make_shared<BatchArgs>();
  CLI::App* cmd = app.add_subcommand(
      "batch", "Read a folder of photos: one report for all cards (the organiser's job)");
  cmd->add_option("folders", args->inputs, "Folders of photos (searched recursively), or image files")->required();
  cmd->add_option("-o,--out", args->report_dir, "Folder the report goes to: index.html, report.json, cards.csv, cards/")
      ->option_text(" FOLDER")
      ->capture_default_str();
  cmd->add_option("-j,--jobs", args->jobs, "Photos read at once (default: all cores)")->check(CLI::Range(0, 256));
  AddRulesetOption(*cmd, args->ruleset);
  cmd->add_option("--time-limit", args->time_limit,
                  "Give up on a photo after this many seconds and go on with the others (0: never)")
      ->check(CLI::Range(0.0, 86400.0))
      ->capture_default_str();
  cmd->add_flag("--resume", args->resume, "Keep cards an interrupted run already read (same photos, same settings)");
  AddTripleEntriesOption(*cmd, args->triple_entries);
  cmd->add_option("--min-confidence", args->min_confidence, "How likely a reading must be to be right, from 0 to 1; one less likely is marked for a person to look at")
      ->check(CLI::Range(0.0, 1.0))
      ->capture_default_str();
  AddCorrectionsOption(*cmd, args->corrections);
  AddModelOption(*cmd, args->model);
  cmd->footer(
      "Example:\n  scorecheck batch photos/ -o report/\n  then open report/index.html in a browser, and `scorecheck review report/` to put right what was misread.\n"
      "Exit codes: 0 every card clean, 1 some cards have findings or need a look, 2 some files could not be read.");
  return [args, &global] { return Run(*args, global); };
}

}  // namespace scorecheck::app
