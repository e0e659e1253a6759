// `scorecheck scan`: read photos or scans of scorecards and check them.

#include <filesystem>
#include <iostream>
#include <memory>

#include <spdlog/spdlog.h>

#include "app/batch.h"
#include "app/commands/commands.h"
#include "app/shared_options.h"
#include "batch/batch_inputs.h"
#include "card/corrections.h"
#include "core/error.h"
#include "core/text.h"
#include "image/save_image.h"
#include "readings/digit_reader.h"
#include "report/overlay.h"
#include "report/report.h"
#include "scan/apply_corrections.h"
#include "scan/scan_card.h"

namespace scorecheck::app {
namespace {

struct ScanArgs {
  std::vector<std::string> inputs;
  std::string ruleset = "auto";
  std::string json_out, overlay_out, out_dir;
  std::string triple_entries = "auto";
  std::string model;
  std::string box_model;
  double min_confidence = kReviewBelow;
  std::string corrections;
  double time_limit = kDefaultTimeLimitSeconds;
  bool read_poor_photos = false;
};

// The photo's quality measures, and why it would be taken again (null: it can be read).
nlohmann::ordered_json PhotoQualityJson(const PhotoQuality& quality) {
  const std::optional<std::string> retake = RetakeReason(quality);
  return {{"paper_level", quality.paper_level},
          {"ink_contrast", quality.ink_contrast},
          {"edge_width", quality.edge_width},
          {"smear_width", quality.smear_width},
          {"row_pitch_px", quality.row_pitch_px},
          {"boxes_outside", quality.boxes_outside},
          {"rows_cut_off", quality.rows_cut_off},
          {"retake", retake ? nlohmann::ordered_json(*retake) : nlohmann::ordered_json(nullptr)}};
}

// `path` with `suffix` before its extension: "out/a.json" + "-card2" -> "out/a-card2.json".
std::string WithSuffix(const std::string& path, const std::string& suffix) {
  if (suffix.empty()) return path;
  const std::filesystem::path p(path);
  return (p.parent_path() / (p.stem().string() + suffix + p.extension().string())).string();
}

// The machine report of one card, as `scan --json` writes it.
nlohmann::ordered_json ScanJsonReport(const ScanResult& scan, const RulesetLibrary& rulesets) {
  auto report = ReportJson(scan.card, scan.verification, rulesets, &scan.cells);
  report["page"] = {{"method", PageMethodName(scan.page.method)}, {"sheet_code", scan.page.sheet_code.value_or("")}};
  report["ruleset_confidence"] = scan.ruleset.confidence;
  report["grid_source"] = GridSourceName(scan.grid.source);
  if (!scan.grid.lines_read.empty()) report["grid_lines"] = scan.grid.lines_read;
  report["photo"] = PhotoQualityJson(scan.quality);
  if (!scan.ruleset.undecided.empty()) report["ruleset_undecided"] = scan.ruleset.undecided;
  if (!scan.ruleset.told_by_entries.empty()) report["ruleset_told_by_entries"] = scan.ruleset.told_by_entries;
  return report;
}

// One card read: its text report on the terminal (the summary line first,
// then how the sheet was seen, then the findings), its JSON report and its
// overlay where asked for. `stem`: the name its files take in --out-dir;
// `suffix`: "-card2" for the second card of a picture.
void ShowCard(const ScanResult& scan, const RulesetLibrary& rulesets, const ScanArgs& args, const GlobalOptions& global,
              const std::string& stem, const std::string& suffix) {
  if (!global.quiet) {
    const std::string report = TextReport(scan.card, scan.verification, rulesets);
    const size_t first_line = report.find('\n') + 1;
    std::cout << scan.card.source << ": " << report.substr(0, first_line) << ScanSummary(scan, rulesets)
              << CorrectedCells(scan, rulesets) << report.substr(first_line) << std::flush;
  }
  const std::string json_path = !args.json_out.empty()  ? WithSuffix(args.json_out, suffix)
                                : !args.out_dir.empty() ? args.out_dir + "/" + stem + ".report.json"
                                                        : std::string();
  const std::string overlay_path = !args.overlay_out.empty() ? WithSuffix(args.overlay_out, suffix)
                                   : !args.out_dir.empty()   ? args.out_dir + "/" + stem + ".overlay.png"
                                                             : std::string();
  if (!json_path.empty()) WriteFileAtomic(json_path, ScanJsonReport(scan, rulesets).dump(2) + "\n");
  if (!overlay_path.empty()) WriteImageAtomic(overlay_path, DrawOverlay(scan, rulesets, args.min_confidence));
}

int Run(const ScanArgs& args, const GlobalOptions& global) {
  const RulesetLibrary rulesets = LoadRulesets(global);
  CheckRulesetOption(rulesets, args.ruleset);
  DigitReaderOptions reader_options;
  reader_options.model_path = DigitModelPath(args.model, FindTemplatesDir(global.templates_dir));
  reader_options.box_model_path = args.box_model;
  const std::unique_ptr<DigitReader> reader = DigitReader::CreateLazy(reader_options);
  // One label reader for the whole run, started only when a sheet without a
  // sheet code needs its labels read (starting Tesseract costs more than
  // reading a label column).
  const std::unique_ptr<TextReader> text_reader = TextReader::CreateLazy();

  ScanOptions options;
  options.grid.ruleset = args.ruleset;
  options.verify.triple_entries = *ParseEntryConvention(args.triple_entries);
  options.min_confidence = args.min_confidence;
  options.time_limit_seconds = args.time_limit;
  options.quality.enabled = !args.read_poor_photos;
  options.read_threads = JobCount(0);  // one photo at a time: its boxes read on every core

  // Overlays written into a scanned folder are not scanned again; outputs are
  // named after each image's path below its folder, so a/1.jpg and b/1.jpg
  // do not overwrite each other.
  const BatchInputs inputs = FindBatchInputs(args.inputs, args.out_dir);
  for (const std::string& warning : inputs.warnings) spdlog::warn("{}", warning);
  SC_CHECK(!inputs.files.empty(), "no image to scan");
  const size_t file_count = inputs.files.size();
  SC_CHECK((args.json_out.empty() && args.overlay_out.empty()) || file_count == 1,
           "--json and --overlay take one image; use --out-dir for " << file_count);

  const Corrections corrections = args.corrections.empty() ? Corrections{} : LoadCorrectionsFile(args.corrections);
  BatchTally tally;
  size_t scanned = 0;
  for (const BatchInput& input : inputs.files) {
    const std::string& file = input.path;
    // A multi-page TIFF is a stack of cards: each page is scanned on its own
    // and named "<file> page <n>" (outputs "<stem>-p<n>.*").
    std::vector<LoadedImage> pages = LoadImagePages(file, options.image);
    SC_CHECK(pages.size() == 1 || (args.json_out.empty() && args.overlay_out.empty()),
             file << " has " << pages.size() << " pages; use --out-dir instead of --json/--overlay");
    for (size_t p = 0; p < pages.size(); ++p) {
      ++scanned;
      const std::string path = pages.size() == 1 ? file : file + " page " + std::to_string(p + 1);
      try {
        if (!pages[p].ok()) {
          tally.Fail(path, pages[p].detail);
          continue;
        }
        // Moved in: the photo's pixels are freed once its pages are found.
        std::vector<ScanResult> scans =
            ScanImageCards(std::move(pages[p].bgr), path, rulesets, *reader, options, text_reader.get());
        scanned += scans.size() - 1;  // counted as cards
        // Answers from review are about the card by its name in a batch.
        const std::string page_name = pages.size() == 1 ? input.name : input.name + " page " + std::to_string(p + 1);
        const std::filesystem::path name(input.name);
        const std::string page_stem = (name.parent_path() / name.stem()).string() +
                                      (pages.size() == 1 ? "" : "-p" + std::to_string(p + 1));
        for (size_t k = 0; k < scans.size(); ++k) {
          ScanResult& scan = scans[k];
          if (!scan.ok()) {
            tally.Fail(scan.card.source, scan.detail);
            continue;
          }
          // Several cards in one picture: each its own, "photo.jpg#2" and "photo-card2.*".
          const std::string suffix = scans.size() > 1 ? "-card" + std::to_string(k + 1) : "";
          const std::string card_name = CardInPicture(page_name, k, scans.size());
          for (const std::string& problem : ApplyCorrections(scan, corrections.For(card_name), rulesets, options))
            spdlog::warn("{}: {}: answer not used: {}", scan.card.source, args.corrections, problem);
          ShowCard(scan, rulesets, args, global, page_stem + suffix, suffix);
          tally.Count(scan.verification.clean());
        }
      } catch (const Error& e) {
        tally.Fail(path, e.what());
      }
    }
  }
  return tally.Finish(scanned, "cards", global.quiet);
}

}  // namespace

Command AddScanCommand(CLI::App& app, const GlobalOptions& global) {
  auto args = std::make_shared<ScanArgs>();
  CLI::App* cmd = app.add_subcommand("scan", "Read photos or scans of scorecards and check them");
  cmd->add_option("images", args->inputs, "Image files, or folders of images")->required();
  AddRulesetOption(*cmd, args->ruleset);
  cmd->add_option("--json", args->json_out, "Write the machine report of the one image here (a photo of several cards: one file each, -card1, -card2 added to the name)")
      ->option_text(" FILE");
  cmd->add_option("--overlay", args->overlay_out, "Write the annotated page of the one image here (PNG; several cards: one each, as for --json)")
      ->option_text(" FILE");
  cmd->add_option("--out-dir", args->out_dir, "Write <image>.report.json and <image>.overlay.png for every image")
      ->option_text(" FOLDER");
  AddTripleEntriesOption(*cmd, args->triple_entries);
  cmd->add_option("--min-confidence", args->min_confidence, "How likely a reading must be to be right, from 0 to 1; one less likely is marked for a person to look at")
      ->check(CLI::Range(0.0, 1.0));
  AddCorrectionsOption(*cmd, args->corrections);
  AddModelOption(*cmd, args->model);
  // For developers measuring a box reader of tools/cells on sets they cannot
  // give tools/eval (../shared/devset's score.py runs `scan`): not in --help.
  cmd->add_option("--box-model", args->box_model, "The learned box reader (tools/cells) to read whole boxes with")
      ->check(CLI::ExistingFile)
      ->group("");
  cmd->add_option("--time-limit", args->time_limit, "Give up on an image after this many seconds (0: never)")
      ->check(CLI::Range(0.0, 86400.0))
      ->capture_default_str();
  cmd->add_flag("--read-poor-photos", args->read_poor_photos,
                "Read a photo even when it is too dark, blurred, small or cut off to trust (it is refused otherwise)");
  cmd->footer(
      "Example:\n  scorecheck scan IMG_0012.jpg --overlay IMG_0012.overlay.png\n"
      "For a folder of photos and one report for all of them, use `scorecheck batch`.\n"
      "Exit codes: 0 every card clean, 1 some cards have findings, 2 an image could not be read.");
  return [args, &global] { return Run(*args, global); };
}

}  // namespace scorecheck::app
