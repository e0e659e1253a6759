// Corpus test over samples/synthetic, in the style of zxing-cpp's blackbox
// tests: per style, thresholds for grids found and cells read. Thresholds are
// only ever raised; the run prints the measured figures so a better scanner
// can tighten them.

#include <filesystem>
#include <iostream>
#include <map>

#include <gtest/gtest.h>
#include <nlohmann/json.hpp>

#include "core/text.h"
#include "readings/digit_reader.h"
#include "scan/scan_card.h"
#include "support/test_support.h"

namespace scorecheck {
namespace {

using namespace scorecheck::testing;
namespace fs = std::filesystem;

struct Expectation {
  int min_grids_found;
  double min_cell_accuracy;
};

// Measured when set: own sheets 18/18 grids, 99.5% of cells; other printers'
// sheets 6/6 grids, 99.7% of cells (7/7 with card 0104 of seed 900033, whose
// page outline needs the search with colour taken off).
// Only ever raise these (own 0.82 -> 0.83 -> 0.85 -> 0.93 once the rule-aware
// choice asked the reader for expected values -> 0.94 with cross-out shapes
// read as numbers and narrow touching digits split -> 0.95 with uneven cuts
// of three touching digits -> 0.955 with a narrow 1 cut off its touching
// neighbour -> 0.975 with curved "cross-outs" read as numbers and slivers of
// line left out of the ink -> 0.98 with the digit model trained on pen-drawn
// copies too -> 0.99 with the whole-number reader beside it; other 0 -> 0.93 once sheets without a sheet code were read by
// their labels -> 0.98 -> 0.985 -> 0.99 with that model).
// "random": samples/random, sheets of testkit/sheets' random styles (corpus
// seed 900050, style seeds 2000-2999; see samples/random.md), the
// layouts nobody tuned the scanner on. Measured when set: 6 of 8 grids with
// the right ruleset, 158 of 261 cells (60.5%; the two open tables are not
// found yet); 176 of 261 (67.4%) once the OCR's confidence told how-to text
// from handwriting; 7 of 8 grids, 196 of 261 (75.1%) with sections joined,
// score columns not ruled apart split and the ruleset's own words weighed.
// Card 0105 of seed 900080 added (its upper and lower sections found as two
// grids, closed by dark bars): 7 of 9 grids, 196 of 282 cells (69.5%) before
// stacked grids were read as one when that fits their labels, 8 of 9 and
// 216 of 282 (76.6%) after. Card 0039 of seed 900080 added (white rows
// between light stripes, pale rules, low resolution; its empty boxes read
// "11", and the ruleset came out FiveZee): 9 of 10 grids, 236 of 303 cells
// (77.9%) once the page's light was flattened without blurring stripes into
// the rows beside them and a box's side lines were measured over the box
// alone where its margins lie on other paper. Card 0056 of seed 900090
// added (a four-grid piecepack photo whose score columns are ruled by none
// of its lines, the first player's numbers written closer to the labels
// than 1.8 mm): 10 of 11 grids, 578 of 645 cells (89.6%) once numbers that
// close to the labels parted from them on what stands either side; before,
// its first three player columns were read as part of the labels.
const std::map<std::string, Expectation> kThresholds = {
    {"own", {18, 0.99}},
    {"other", {7, 0.99}},
    {"random", {10, 0.87}},
};

// Cell accuracy this far above its threshold is reported as worth tightening
// (a threshold sits a little under the measured figure, so that unrelated
// changes moving a cell or two don't fail the test).
constexpr double kTightenMargin = 0.02;

std::string Text(const ScannedCell& cell) {
  switch (cell.reading.status) {
    case ReadingStatus::kNumber: return std::to_string(cell.chosen);
    case ReadingStatus::kCrossed: return "X";
    case ReadingStatus::kChecks: return std::to_string(cell.reading.checks) + "v";
    default: return "";
  }
}

std::string Truth(const nlohmann::json& grid, int column, const std::string& row, const std::string& part) {
  for (const auto& col : grid["columns"]) {
    if (col["index"] != column || !col["cells"].contains(row)) continue;
    const auto& cell = col["cells"][row];
    if (cell.is_number()) return part == "checks" ? "" : std::to_string(cell.get<int>());
    if (cell.is_string()) return "X";
    if (cell.is_object())
      return part == "points" ? (cell.contains("points") ? std::to_string(cell["points"].get<int>()) : "")
                              : std::to_string(cell["checks"].get<int>()) + "v";
  }
  return "";
}

TEST(ScanSamplesTest, ThresholdsPerSheetStyle) {
  const std::string model = SourcePath("models/digits.onnx");
  if (!fs::is_directory(SourcePath("samples/synthetic")) || !fs::exists(model)) GTEST_SKIP() << "samples or model missing";
  DigitReaderOptions options;
  options.model_path = model;
  auto reader = DigitReader::Create(options);
  std::map<std::string, std::array<int, 3>> by_style;  // grids found, cells right, cells
  std::vector<fs::path> truths;
  for (const char* folder : {"samples/synthetic", "samples/random"})
    for (const auto& entry : fs::directory_iterator(SourcePath(folder)))
      if (entry.path().string().ends_with(".truth.json")) truths.push_back(entry.path());
  for (const fs::path& path : truths) {
    const auto truth = nlohmann::json::parse(ReadTextFile(path.string()));
    const fs::path image = path.parent_path() / truth["image"].get<std::string>();
    const ScanResult scan = ScanCard(image.string(), ShippedRulesets(), *reader);
    auto& tally = by_style[truth["style"]];
    const bool found = scan.ok() && scan.grid.ruleset_id == truth["ruleset"];
    tally[0] += found;
    for (const auto& cell : truth["cells"]) {
      ++tally[2];
      if (!found) continue;
      const std::string want = Truth(truth["grids"][cell["grid"].get<int>()], cell["column"], cell["row"], cell["part"]);
      for (const ScannedCell& s : scan.cells)
        if (s.where.grid == cell["grid"] && s.where.column == cell["column"] && s.where.row_id == cell["row"] &&
            ((cell["part"] == "checks") == (s.where.part == CellPart::kChecks)) &&
            ((cell["part"] == "points") == (s.where.part == CellPart::kPoints)))
          tally[1] += Text(s) == want;
    }
  }
  for (const auto& [style, tally] : by_style) {
    const double accuracy = tally[2] ? static_cast<double>(tally[1]) / tally[2] : 0;
    const Expectation& expected = kThresholds.at(style);
    std::cout << style << ": grids found " << tally[0] << ", cells " << tally[1] << "/" << tally[2] << " = " << accuracy
              << " (thresholds " << expected.min_grids_found << ", " << expected.min_cell_accuracy << ")\n";
    EXPECT_GE(tally[0], expected.min_grids_found) << style;
    EXPECT_GE(accuracy, expected.min_cell_accuracy) << style;
    // Unexpected passes are reported (zxing's blackbox runner does the same),
    // so that a better scanner gets its thresholds raised and keeps them.
    if (tally[0] > expected.min_grids_found)
      std::cout << "  " << style << " beats threshold min_grids_found " << expected.min_grids_found << ": now "
                << tally[0] << " - tighten it\n";
    if (accuracy >= expected.min_cell_accuracy + kTightenMargin)
      std::cout << "  " << style << " beats threshold min_cell_accuracy " << expected.min_cell_accuracy << ": now "
                << accuracy << " - tighten it\n";
  }
}

}  // namespace
}  // namespace scorecheck
