// eval: runs the scanner over a synthetic corpus (tools/synth) and prints how
// well it reads it, against the truth files.
//
//   tools/eval DIR [--limit N] [--list-errors] [--model FILE.onnx]
//
// Prints: grid detection rate, ruleset identification rate, cell accuracy by
// profile, style and cell kind, whole-card exact rate, finding recall and
// precision, false alarms on error-free cards, median ms per image (one
// thread, whole pipeline from the file).

#include <chrono>
#include <filesystem>
#include <iomanip>
#include <iostream>
#include <map>
#include <set>

#include <CLI/CLI.hpp>
#include <nlohmann/json.hpp>
#include <opencv2/core.hpp>

#include "core/text.h"
#include "readings/digit_reader.h"
#include "scan/scan_card.h"

namespace scorecheck {
namespace {

using Json = nlohmann::json;

struct Tally {
  int total = 0, right = 0;
  void Add(bool ok) { ++total; right += ok; }
  std::string Text() const {
    std::ostringstream out;
    out << std::fixed << std::setprecision(2) << (total ? 100.0 * right / total : 0) << "% (" << right << "/" << total << ")";
    return out.str();
  }
};

CellPart ParsePart(const std::string& part) {
  return part == "checks" ? CellPart::kChecks : part == "points" ? CellPart::kPoints : CellPart::kValue;
}

// What the truth card says the printed cell holds, as the text the scan shows.
std::string TruthText(const Json& card_grid, int column, const std::string& row, CellPart part) {
  for (const Json& col : card_grid["columns"]) {
    if (col["index"] != column) continue;
    if (!col["cells"].contains(row)) return "";
    const Json& cell = col["cells"][row];
    if (cell.is_null()) return "";
    if (cell.is_number()) return part == CellPart::kChecks ? "" : std::to_string(cell.get<int>());
    if (cell.is_string()) return "X";
    if (cell.is_object()) {
      if (part == CellPart::kPoints) return cell.contains("points") ? std::to_string(cell["points"].get<int>()) : "";
      return std::to_string(cell["checks"].get<int>()) + "v";
    }
  }
  return "";
}

std::string ScanText(const ScannedCell& cell) {
  switch (cell.reading.status) {
    case ReadingStatus::kEmpty: return "";
    case ReadingStatus::kNumber: return std::to_string(cell.chosen);
    case ReadingStatus::kCrossed: return "X";
    case ReadingStatus::kChecks: return std::to_string(cell.reading.checks) + "v";
    case ReadingStatus::kIllegible: return "?";
  }
  return "";
}

std::string Kind(const std::string& text) {
  if (text.empty()) return "empty";
  if (text == "X") return "crossed";
  if (text.back() == 'v') return "ticks";
  return text.size() == 1 ? "number (1 digit)" : text.size() == 2 ? "number (2 digits)" : "number (3+ digits)";
}

int Run(const std::string& dir, int limit, bool list_errors, const std::string& model) {
  cv::setNumThreads(1);
  const RulesetLibrary rulesets = RulesetLibrary::LoadFolder(std::string(SCORECHECK_TEMPLATES_DIR) + "/rulesets");
  DigitReaderOptions reader_options;
  reader_options.model_path = model.empty() ? FindDigitModel(SCORECHECK_TEMPLATES_DIR) : model;
  auto reader = DigitReader::Create(reader_options);

  std::vector<std::filesystem::path> truths;
  for (const auto& entry : std::filesystem::directory_iterator(dir))
    if (entry.path().string().ends_with(".truth.json")) truths.push_back(entry.path());
  std::sort(truths.begin(), truths.end());
  if (limit > 0 && static_cast<int>(truths.size()) > limit) truths.resize(limit);

  Tally grids, ruleset_ids, cards_exact, recall, precision, clean_cards_quiet;
  std::map<std::string, Tally> by_profile, by_style, by_kind;
  std::vector<double> ms;
  for (const auto& path : truths) {
    const Json truth = Json::parse(ReadTextFile(path.string()));
    const std::string image = (std::filesystem::path(dir) / truth["image"].get<std::string>()).string();
    const auto start = std::chrono::steady_clock::now();
    const ScanResult scan = ScanCard(image, rulesets, *reader);
    ms.push_back(std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now() - start).count());
    const std::string profile = truth["profile"], style = truth["style"];
    const bool found = scan.ok() && scan.grid.grid_count == static_cast<int>(truth["grids"].size());
    grids.Add(found);
    ruleset_ids.Add(found && scan.grid.ruleset_id == truth["ruleset"]);

    bool exact = found;
    for (const Json& cell : truth["cells"]) {
      const int g = cell["grid"], c = cell["column"];
      const std::string row = cell["row"];
      const CellPart part = ParsePart(cell["part"]);
      const std::string want = TruthText(truth["grids"][g], c, row, part);
      std::string got = "(no grid)";
      if (found)
        for (const ScannedCell& s : scan.cells)
          if (s.where.grid == g && s.where.column == c && s.where.row_id == row && s.where.part == part) got = ScanText(s);
      const bool ok = got == want;
      exact &= ok;
      by_profile[profile].Add(ok);
      by_style[style].Add(ok);
      by_kind[Kind(want)].Add(ok);
      if (!ok && list_errors && found)
        std::cout << "  " << path.filename().string() << " grid " << g << " col " << c << " " << row << "/" << cell["part"].get<std::string>()
                  << ": want \"" << want << "\" got \"" << got << "\"\n";
    }
    cards_exact.Add(exact);

    // Findings: identity (grid, code, row, column); errors only.
    std::set<std::string> expected, reported;
    for (const Json& f : truth["expected_findings"])
      expected.insert(std::to_string(f["grid"].get<int>()) + f["code"].get<std::string>() +
                      (f["row"].is_null() ? "-" : f["row"].get<std::string>()) + std::to_string(f["column"].get<int>()));
    if (found)
      for (size_t g = 0; g < scan.verification.grids.size(); ++g)
        for (const Finding& f : scan.verification.grids[g].findings)
          if (f.severity == Severity::kError)
            reported.insert(std::to_string(g) + f.code + f.row.value_or("-") + std::to_string(f.column));
    for (const std::string& e : expected) recall.Add(reported.count(e));
    for (const std::string& r : reported) precision.Add(expected.count(r));
    if (expected.empty()) clean_cards_quiet.Add(found && reported.empty());
  }
  std::sort(ms.begin(), ms.end());
  std::cout << "cards: " << truths.size() << "\n"
            << "grids found:          " << grids.Text() << "\n"
            << "ruleset identified:   " << ruleset_ids.Text() << "\n"
            << "cards read exactly:   " << cards_exact.Text() << "\n"
            << "finding recall:       " << recall.Text() << "\n"
            << "finding precision:    " << precision.Text() << "\n"
            << "clean cards, no alarm: " << clean_cards_quiet.Text() << "\n";
  std::cout << "cell accuracy by profile:\n";
  for (const auto& [key, tally] : by_profile) std::cout << "  " << std::setw(9) << key << "  " << tally.Text() << "\n";
  std::cout << "cell accuracy by sheet style:\n";
  for (const auto& [key, tally] : by_style) std::cout << "  " << std::setw(9) << key << "  " << tally.Text() << "\n";
  std::cout << "cell accuracy by cell kind:\n";
  for (const auto& [key, tally] : by_kind) std::cout << "  " << std::setw(18) << key << "  " << tally.Text() << "\n";
  if (!ms.empty())
    std::cout << "ms per image (whole pipeline, 1 thread): median " << ms[ms.size() / 2] << ", max " << ms.back() << "\n";
  return 0;
}

}  // namespace
}  // namespace scorecheck

int main(int argc, char** argv) {
  std::string dir;
  int limit = 0;
  bool list_errors = false;
  std::string model;
  CLI::App app{"eval: the scanner against a synthetic corpus's truth"};
  app.add_option("dir", dir, "Corpus folder (tools/synth output)")->required();
  app.add_option("--limit", limit, "Only the first N cards");
  app.add_flag("--list-errors", list_errors, "Print every misread cell");
  app.add_option("--model", model, "Digit model to evaluate (default: models/digits.onnx)");
  CLI11_PARSE(app, argc, argv);
  try {
    return scorecheck::Run(dir, limit, list_errors, model);
  } catch (const std::exception& e) {
    std::cerr << "eval: " << e.what() << "\n";
    return 2;
  }
}
