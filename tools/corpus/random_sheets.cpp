// random_sheets: renders the random sheet styles of a range of style seeds to
// PNG, empty, with every score box outlined in red when --boxes is given: a
// quick look at what tools/synth --style-seeds prints.
//
//   build/random_sheets --style-seeds 1-15 [--rulesets classic,triple] [--dpi 100] [--boxes] -o DIR
//
// Style seed s prints ruleset s mod R of the list. Never pass reserved
// acceptance seeds here (tools/corpus/SEEDS.md): looking at them spends them.

#include <filesystem>
#include <iostream>

#include <CLI/CLI.hpp>
#include <opencv2/imgcodecs.hpp>
#include <opencv2/imgproc.hpp>

#include "core/error.h"
#include "rules/ruleset_library.h"
#include "sheets/render_random_sheet.h"
#include "sheets/seed_ranges.h"

int main(int argc, char** argv) {
  std::string seeds = "1-15", out;
  std::vector<std::string> ids;
  double dpi = 100;
  bool boxes = false;
  CLI::App app{"random_sheets: random sheet styles rendered to PNG"};
  app.add_option("--style-seeds", seeds, "Style seeds A-B (development seeds only)");
  app.add_option("--rulesets", ids, "Rulesets (default: all)")->delimiter(',');
  app.add_option("--dpi", dpi, "Resolution")->check(CLI::Range(20.0, 600.0));
  app.add_flag("--boxes", boxes, "Outline every score box in red");
  app.add_option("-o,--out", out, "Output folder")->required();
  CLI11_PARSE(app, argc, argv);
  try {
    using namespace scorecheck;
    const RulesetLibrary rulesets = RulesetLibrary::LoadFolder(std::string(SCORECHECK_TEMPLATES_DIR) + "/rulesets");
    if (ids.empty()) ids = rulesets.Ids();
    const SeedRange range = ParseSeedRange(seeds);
    SC_CHECK(!OverlapsReservedStyleSeeds(range), ReservedSeedsMessage());
    std::filesystem::create_directories(out);
    for (std::uint64_t seed = range.first; seed <= range.last; ++seed) {
      const Ruleset& ruleset = rulesets.Get(ids[seed % ids.size()]);
      const RandomSheetStyle style = StyleFromSeed(seed, ruleset);
      RenderedRandomSheet sheet = RenderRandomSheet(style, ruleset, dpi);
      if (boxes)
        for (const PrintedGrid& grid : sheet.grids)
          for (const auto& row : grid.cells)
            for (const cv::Rect2f& box : row) cv::rectangle(sheet.image, box, cv::Scalar(0, 0, 255), 1);
      const std::string name = out + "/style-" + std::to_string(seed) + "-" + ruleset.id + "-" + StyleFamily(style) + ".png";
      SC_CHECK(cv::imwrite(name, sheet.image), "cannot write " << name);
      std::cout << name << "\n";
    }
    return 0;
  } catch (const std::exception& e) {
    std::cerr << "random_sheets: " << e.what() << "\n";
    return 2;
  }
}
