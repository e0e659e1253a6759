// Corpus test over the committed sample photos, in the style of zxing-cpp's
// blackbox tests: each folder of samples/ that holds truth files
// (samples/synthetic: our own sheets and others' in the four capture
// profiles; samples/random: sheets of testkit/sheets' random styles nobody
// tuned the scanner on, see samples/random.md; and one folder per behaviour
// a threshold or special case exists for, named for what it shows, see
// samples/README.md) has its
// expectations in tests/corpus/expected/<folder>.json saying, per sample, whether its grid
// and ruleset are found, how many of its cells may be read wrong, how many
// of those may go unflagged (no UNCERTAIN_READ, on a card read: silent; a
// picture refused as holding no scorecard is told to the user), and whether its
// findings are the truth's. Each sample is checked on its own,
// and a failure names the sample. Expectations are only ever tightened: the
// run says which samples beat theirs; `SCORECHECK_BLESS_SAMPLES=1` writes the
// measured figures into the expected files, for a person to review in the
// diff (never in CI).

#include <algorithm>
#include <cstdlib>
#include <filesystem>
#include <iostream>
#include <set>
#include <tuple>

#include <gtest/gtest.h>
#include <nlohmann/json.hpp>

#include "core/error.h"
#include "core/text.h"
#include "readings/digit_reader.h"
#include "scan/scan_card.h"
#include "support/test_support.h"

namespace scorecheck {
namespace {

using namespace scorecheck::testing;
namespace fs = std::filesystem;
using Json = nlohmann::ordered_json;

// What a box holds, as the truth files write it: "12", "X", "3v", "".
std::string Text(const ScannedCell& cell) {
  switch (CardStatus(cell)) {
    case ReadingStatus::kNumber: return std::to_string(cell.chosen);
    case ReadingStatus::kCrossed: return "X";
    case ReadingStatus::kChecks: return std::to_string(cell.reading.checks) + "v";
    default: return "";
  }
}

std::string Truth(const Json& grid, int column, const std::string& row, const std::string& part) {
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

// One sample as read: its grid and ruleset found, cells wrong, cells wrong
// and not sent to a person (no UNCERTAIN_READ: silent), findings right.
struct Measured {
  bool grid = false;
  int wrong_cells = 0, silent_cells = 0, cells = 0;
  bool findings_right = false;
};

using FindingKey = std::tuple<int, std::string, std::string, int>;  // grid, code, row, column

// Findings a person acts on: the errors, not the warnings (a box to look at,
// an empty box).
bool Counted(const std::string& code) { return code != "UNCERTAIN_READ" && code != "INCOMPLETE"; }

Measured Measure(const fs::path& truth_path, DigitReader& reader) {
  const Json truth = Json::parse(ReadTextFile(truth_path.string()));
  const fs::path image = truth_path.parent_path() / truth["image"].get<std::string>();
  const ScanResult scan = ScanCard(image.string(), ShippedRulesets(), reader);
  Measured m;
  m.grid = scan.ok() && scan.ruleset.id == truth["ruleset"];
  std::set<std::tuple<int, int, std::string>> flagged;  // grid, column, row of every UNCERTAIN_READ
  if (m.grid)
    for (size_t g = 0; g < scan.verification.grids.size(); ++g)
      for (const Finding& f : scan.verification.grids[g].findings)
        if (f.code == "UNCERTAIN_READ" && f.row) flagged.insert({static_cast<int>(g), f.column, *f.row});
  for (const auto& cell : truth["cells"]) {
    ++m.cells;
    const std::string want = Truth(truth["grids"][cell["grid"].get<int>()], cell["column"], cell["row"], cell["part"]);
    bool right = false;
    if (m.grid)
      for (const ScannedCell& s : scan.cells)
        if (s.where.grid == cell["grid"] && s.where.column == cell["column"] && s.where.row_id == cell["row"] &&
            ((cell["part"] == "checks") == (s.where.part == CellPart::kChecks)) &&
            ((cell["part"] == "points") == (s.where.part == CellPart::kPoints)))
          right = Text(s) == want;
    m.wrong_cells += !right;
    const bool was_flagged =
        flagged.count({cell["grid"].get<int>(), cell["column"].get<int>(), cell["row"].get<std::string>()}) > 0;
    m.silent_cells += scan.ok() && !right && !was_flagged;
  }
  if (!m.grid) return m;
  std::set<FindingKey> expected, found;
  for (const auto& f : truth["expected_findings"])
    if (Counted(f["code"]))
      expected.insert({f["grid"].get<int>(), f["code"].get<std::string>(),
                       f["row"].is_null() ? "" : f["row"].get<std::string>(), f["column"].get<int>()});
  for (size_t g = 0; g < scan.verification.grids.size(); ++g)
    for (const Finding& f : scan.verification.grids[g].findings)
      if (Counted(f.code) && f.severity == Severity::kError)
        found.insert({static_cast<int>(g), f.code, f.row.value_or(""), f.column});
  m.findings_right = expected == found;
  return m;
}

// Cells a sample may read wrong beyond its expectation: a box whose two
// readings are nearly tied may tip either way with another build of the same
// libraries (thread counts change the order of float sums in OpenCV's dnn).
constexpr int kCellSlack = 1;

// Every folder of samples/ that holds a truth file, as "samples/<folder>".
std::vector<std::string> SampleFolders() {
  std::vector<std::string> folders;
  const fs::path root = SourcePath("samples");
  if (!fs::is_directory(root)) return folders;
  for (const auto& folder : fs::directory_iterator(root)) {
    if (!folder.is_directory()) continue;
    for (const auto& entry : fs::directory_iterator(folder.path()))
      if (entry.path().string().ends_with(".truth.json")) {
        folders.push_back("samples/" + folder.path().filename().string());
        break;
      }
  }
  std::sort(folders.begin(), folders.end());
  return folders;
}

class ScanSamplesTest : public ::testing::TestWithParam<std::string> {};

TEST_P(ScanSamplesTest, EachSampleReadsAtLeastAsWellAsItsExpectation) {
  const std::string model = SourcePath("models/digits.onnx");
  const fs::path folder = SourcePath(GetParam());
  if (!fs::is_directory(folder) || !fs::exists(model)) GTEST_SKIP() << "samples or model missing";
  DigitReaderOptions options;
  options.model_path = model;
  auto reader = DigitReader::Create(options);
  const fs::path expected_path =
      fs::path(SourcePath("tests/corpus/expected")) / (folder.filename().string() + ".json");
  const bool bless = std::getenv("SCORECHECK_BLESS_SAMPLES") != nullptr;
  const Json expected = fs::exists(expected_path) ? Json::parse(ReadTextFile(expected_path.string())) : Json::object();
  std::vector<fs::path> truths;
  for (const auto& entry : fs::directory_iterator(folder))
    if (entry.path().string().ends_with(".truth.json")) truths.push_back(entry.path());
  std::sort(truths.begin(), truths.end());
  Json measured = Json::object();
  int grids = 0, wrong = 0, silent = 0, cells = 0, findings = 0;
  for (const fs::path& path : truths) {
    const std::string name = path.filename().string().substr(0, path.filename().string().size() - 11);
    const Measured m = Measure(path, *reader);
    grids += m.grid, wrong += m.wrong_cells, silent += m.silent_cells, cells += m.cells, findings += m.findings_right;
    measured[name] = {{"grid", m.grid},
                      {"max_wrong_cells", m.wrong_cells},
                      {"max_silent_cells", m.silent_cells},
                      {"findings_right", m.findings_right}};
    if (bless) continue;
    ASSERT_TRUE(expected.contains(name)) << name << " has no line in " << expected_path;
    const Json& want = expected[name];
    EXPECT_TRUE(m.grid || !want["grid"].get<bool>()) << name << ": grid or ruleset lost";
    EXPECT_LE(m.wrong_cells, want["max_wrong_cells"].get<int>() + kCellSlack) << name << ": " << m.wrong_cells << " of "
                                                                  << m.cells << " cells read wrong";
    EXPECT_LE(m.silent_cells, want["max_silent_cells"].get<int>() + kCellSlack)
        << name << ": " << m.silent_cells << " cells read wrong and not sent to a person";
    EXPECT_TRUE(m.findings_right || !want["findings_right"].get<bool>()) << name << ": findings differ from the truth's";
    // Unexpected passes are reported, so that a better scanner gets its
    // expectations tightened and keeps them.
    if (m.wrong_cells < want["max_wrong_cells"].get<int>() || m.silent_cells < want["max_silent_cells"].get<int>() ||
        (m.grid && !want["grid"].get<bool>()) ||
        (m.findings_right && !want["findings_right"].get<bool>()))
      std::cout << "  " << name << " beats its expectation: " << measured[name].dump() << " - tighten it\n";
  }
  std::cout << GetParam() << ": " << grids << " of " << truths.size() << " grids, " << cells - wrong << " of "
            << cells << " cells read right, " << silent << " wrong and not sent to a person, findings right on "
            << findings << " cards\n";
  if (bless) WriteFileAtomic(expected_path.string(), measured.dump(1) + "\n");
}

// A card's boxes read on several threads, each with its own reader, come out
// as on one: the same readings, in the same order, with the same confidences.
TEST(ScanOnThreadsTest, ACardReadOnThreeThreadsReadsAsOnOne) {
  const std::string model = SourcePath("models/digits.onnx");
  const std::string photo = SourcePath("samples/dice-icons/0054-classic-photo.jpg");
  if (!fs::exists(model) || !fs::exists(photo)) GTEST_SKIP() << "sample or model missing";
  DigitReaderOptions reader_options;
  reader_options.model_path = model;
  const auto reader = DigitReader::Create(reader_options);
  ScanOptions one, three;
  three.read_threads = 3;
  const ScanResult a = ScanCard(photo, ShippedRulesets(), *reader, one);
  const ScanResult b = ScanCard(photo, ShippedRulesets(), *reader, three);
  ASSERT_TRUE(a.ok()) << a.detail;
  ASSERT_EQ(a.cells.size(), b.cells.size());
  int numbers = 0;
  for (size_t i = 0; i < a.cells.size(); ++i) {
    const ScannedCell &x = a.cells[i], &y = b.cells[i];
    EXPECT_EQ(x.where.cell_in_page, y.where.cell_in_page) << i;
    EXPECT_EQ(x.reading.status, y.reading.status) << i;
    EXPECT_EQ(x.reading.value, y.reading.value) << i;
    EXPECT_EQ(x.reading.confidence, y.reading.confidence) << i;
    EXPECT_EQ(x.chosen, y.chosen) << i;
    EXPECT_EQ(x.probability_right, y.probability_right) << i;
    numbers += x.reading.status == ReadingStatus::kNumber;
  }
  EXPECT_GT(numbers, 10) << "a filled card's numbers were not read";
  EXPECT_EQ(a.verification.ErrorCount(), b.verification.ErrorCount());
}

// The test's name is the folder's, "-" as "_" (gtest names are identifiers).
INSTANTIATE_TEST_SUITE_P(Folders, ScanSamplesTest, ::testing::ValuesIn(SampleFolders()), [](const auto& info) {
  std::string name = info.param.substr(8);
  std::replace(name.begin(), name.end(), '-', '_');
  return name;
});

}  // namespace
}  // namespace scorecheck
