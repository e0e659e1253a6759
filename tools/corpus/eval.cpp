// eval: runs the scanner over a synthetic corpus (tools/synth) and prints how
// well it reads it, against the truth files.
//
//   tools/eval DIR [--limit N] [--list-errors] [--model FILE.onnx] [--number-model FILE.onnx|none]
//                  [--no-compare-tesseract] [--tesseract-cells N] [--tesseract-psm 7|8]
//                  [--tesseract-binarize] [--tesseract-dump DIR] [--harvest-glyphs FILE [--harvest-numbers FILE]]
//
// Prints: grid detection rate, ruleset identification rate, cell accuracy by
// profile, style, profile x style and style x cell kind, whole-card exact rate,
// finding recall and precision, false alarms on error-free cards, median ms
// per image (one thread, whole pipeline from the file). Then all of those
// again per style family (truth "style_family": own, single-column, open,
// banded, ruled; corpora made before it: truth "style") and over all cards,
// with crossed-box and tick-count accuracy and the review load: cells flagged
// UNCERTAIN_READ per card and as a share of the filled cells.
//
// Then, unless --no-compare-tesseract, the reader comparison the choice of
// reader rests on: the number cells (truth says a number) of sheets whose
// grid was found, up to --tesseract-cells of them in file order, each read
// from the same cell ink the scanner extracts (ruled lines removed) by our
// reader (ReadCell with the ONNX model) and by Tesseract alone (digits
// whitelist; src/readings/tesseract_digits.h), with accuracy and ms per cell.
// Measured on tools/synth --seed 11 --count 200 (first 2000 number cells):
// PSM 7 (single line) 20.1% gray, 17.9% binarised; PSM 8 (single word) 13.8%
// gray, 12.6% binarised, and slower; so the default is PSM 7 on gray ink.
//
// --harvest-glyphs FILE writes the digits of every number cell as the digit
// reader was given them, labelled by the truth, for tools/digits to train on.
// Only on a corpus written with digits.png's training half (tools/synth
// --digit-half training): anything else would train on the test digits.

#include <algorithm>
#include <array>
#include <chrono>
#include <cmath>
#include <filesystem>
#include <fstream>
#include <iomanip>
#include <iostream>
#include <map>
#include <set>
#include <sstream>
#include <tuple>


#include <CLI/CLI.hpp>
#include <nlohmann/json.hpp>
#include <opencv2/core.hpp>
#include <opencv2/imgcodecs.hpp>
#include <opencv2/imgproc.hpp>

#include "core/error.h"
#include "core/text.h"
#include "readings/digit_reader.h"
#include "readings/tesseract_digits.h"
#include "labels/text_reader.h"
#include "scan/cell_doubt.h"
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

// Whether the scanned box lies where the truth's box does: the truth box's
// centre (its quad in the photo) inside the scanned box's quad. A grid found
// with a column too many (a strip of printed dice icons taken for players)
// or a row lost at its edge reads its boxes in the wrong places.
bool PlacedRight(const Json& truth_cell, const ScannedCell* scanned) {
  if (!scanned || scanned->quad_in_image.size() < 3 || !truth_cell.contains("quad")) return false;
  cv::Point2f centre(0, 0);
  for (const Json& corner : truth_cell["quad"]) centre += cv::Point2f(corner[0].get<float>(), corner[1].get<float>());
  centre *= 1.0f / static_cast<float>(truth_cell["quad"].size());
  return cv::pointPolygonTest(scanned->quad_in_image, centre, false) >= 0;
}

// A capture profile's pages: grids found and ruleset right over all its cards;
// and apart, the cards whose grids are wholly in the picture (grids found)
// and those with a grid cut off by the picture's edge, which no scan can
// check: refused, the right answer, or not.
struct ProfilePages {
  Tally grids, rulesets, in_picture_grids, cut_refused;
};

// Whether a grid of `truth`'s card runs (in part) past its picture's edge, by
// the grids' outlines (truth files from before they were written: by the
// written boxes).
bool GridCutOff(const Json& truth) {
  if (!truth.contains("image_size")) return false;
  const double width = truth["image_size"][0].get<double>(), height = truth["image_size"][1].get<double>();
  const auto outside = [&](const Json& quad) {
    return std::any_of(quad.begin(), quad.end(), [&](const Json& corner) {
      const double x = corner[0].get<double>(), y = corner[1].get<double>();
      return x < 0 || y < 0 || x > width - 1 || y > height - 1;
    });
  };
  if (truth.contains("grid_quads")) return std::any_of(truth["grid_quads"].begin(), truth["grid_quads"].end(), outside);
  if (!truth.contains("cells")) return false;
  return std::any_of(truth["cells"].begin(), truth["cells"].end(),
                     [&](const Json& cell) { return cell.value("state", "") != "empty" && outside(cell["quad"]); });
}

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
  switch (CardStatus(cell)) {
    case ReadingStatus::kEmpty: return "";
    case ReadingStatus::kNumber: return std::to_string(cell.chosen);
    case ReadingStatus::kCrossed: return "X";
    case ReadingStatus::kChecks: return std::to_string(cell.reading.checks) + "v";
    case ReadingStatus::kIllegible: return "?";
  }
  return "";
}

bool IsNumber(const std::string& text) {
  return !text.empty() && std::all_of(text.begin(), text.end(), [](char c) { return c >= '0' && c <= '9'; });
}

// The reader's view of a cell for --list-errors: confidence, alternatives,
// what it makes of the wanted value (0: no segmentation with that many
// digits was kept) and the digit count of each segmentation it kept: tells
// a misclassified digit from a lost one.
std::string ReadingText(const ScannedCell* cell, const std::string& want) {
  if (!cell || cell->reading.status != ReadingStatus::kNumber) return "";
  std::ostringstream out;
  out << std::fixed << std::setprecision(2) << " (confidence " << cell->reading.confidence << "; read";
  for (const Candidate& alternative : cell->reading.alternatives) out << " " << alternative.value << ":" << alternative.score;
  if (IsNumber(want) && want.size() < 6) out << std::setprecision(4) << "; wanted " << ValueScore(cell->reading, std::stoi(want));
  if (cell->chosen != cell->reading.value) {
    Reading no_hidden = cell->reading;
    no_hidden.hidden_one = 0;
    Reading no_whole = cell->reading;
    no_whole.whole_steps.clear();
    out << std::setprecision(4) << "; chosen " << cell->chosen << ":" << ValueScore(cell->reading, cell->chosen)
        << " (no hidden 1: " << ValueScore(no_hidden, cell->chosen) << ", segmenter alone: " << ValueScore(no_whole, cell->chosen) << ")";
  }
  out << "; digits";
  for (const Segmentation& segmentation : cell->reading.segmentations) out << " " << segmentation.digits.size();
  out << ")";
  return out.str();
}

std::string Kind(const std::string& text) {
  if (text.empty()) return "empty";
  if (text == "X") return "crossed";
  if (text.back() == 'v') return "ticks";
  return text.size() == 1 ? "number (1 digit)" : text.size() == 2 ? "number (2 digits)" : "number (3+ digits)";
}

// The reader comparison: the same cells, read by ours and by Tesseract alone.
struct Comparison {
  int cells = 0;
  int ours_raw = 0;      // ReadCell's own top reading
  int ours_final = 0;    // the value the scan puts on the card (after the rule-aware choice)
  int tesseract = 0;
  int tesseract_empty = 0;  // Tesseract returned no digits at all
  double ours_ms = 0, tesseract_ms = 0;
};

double MsSince(std::chrono::steady_clock::time_point start) {
  return std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now() - start).count();
}

struct EvalOptions {
  int limit = 0;                   // only the first N cards; 0 = all
  bool list_errors = false;        // print every misread cell, missed and false finding
  std::string model;               // digit model; empty = models/digits.onnx
  std::string number_model;        // whole-number model; empty = numbers.onnx beside the digit model, "none"
  std::string box_model;           // learned box reader (models/cells.onnx); empty or "none" = glyph by glyph
  bool compare_tesseract = true;   // run the Tesseract comparison
  int tesseract_cells = 2000;      // compare at most this many number cells; 0 = all
  int tesseract_psm = 7;           // 7 single line or 8 single word
  bool tesseract_binarize = false; // give Tesseract black and white instead of the scaled gray ink
  std::string tesseract_dump;      // if set, write every compared cell's ink here (debugging the comparison)
  std::string dump_errors;         // if set, write every misread cell's ink here, named by truth and reading
  std::string dump_top_misreads;   // if set, write the ink of every number cell whose top reading is wrong here
  std::string harvest_glyphs;      // if set, write every number cell's digit glyphs here, labelled (see the top)
  std::string harvest_numbers;     // ... and, if set too, its whole-number ink here
  std::string doubt_model;         // doubt model; empty = the readers' own (DigitReaderOptions), "none" = none
  std::string dump_doubt;          // if set, write every read box's doubt measures, right or not, here (CSV)
  std::vector<std::string> settings;  // tuning overrides, "name=value" (see ApplySettings)
  std::string results;             // if set, write the figures by family and profile here as Markdown (docs/results.md)
};

// How far the card's confidences can be believed: read, non-empty cells of
// found grids by their stated confidence (CardConfidence), in tenths, against
// the share of them read right; and the expected calibration error, the
// cells' mean gap between the two.
struct Reliability {
  static constexpr int kBands = 10;
  std::array<double, kBands> stated{};
  std::array<Tally, kBands> right;
  void Add(double confidence, bool ok) {
    const int band = std::clamp(static_cast<int>(confidence * kBands), 0, kBands - 1);
    stated[band] += confidence;
    right[band].Add(ok);
  }
  void Print(std::ostream& out) const {
    int cells = 0;
    double gap = 0;
    out << "reliability of the card's confidence (read boxes of found grids; stated vs share right):\n";
    for (int b = 0; b < kBands; ++b) {
      if (!right[b].total) continue;
      const double mean = stated[b] / right[b].total, share = static_cast<double>(right[b].right) / right[b].total;
      cells += right[b].total;
      gap += right[b].total * std::abs(mean - share);
      out << "  " << std::fixed << std::setprecision(1) << static_cast<double>(b) / kBands << "-" << static_cast<double>(b + 1) / kBands << "  stated "
          << std::setprecision(3) << mean << ", right " << right[b].Text() << "\n";
    }
    out << "  calibration error (ECE): " << std::setprecision(4) << (cells ? gap / cells : 0) << " over " << cells
        << " boxes\n";
  }
};

// Counts the glyphs the scanner asks the digit reader about (cached ones
// included): the reading stage's work in a figure that, unlike the time, does
// not depend on what else the machine is doing.
class CountingReader : public DigitReader {
 public:
  explicit CountingReader(DigitReader& inner) : inner_(inner) {}
  DigitScores Classify(const cv::Mat& glyph) override {
    ++glyphs;
    return inner_.Classify(glyph);
  }
  NumberSteps ReadNumber(const cv::Mat& ink) override { return inner_.ReadNumber(ink); }
  std::vector<BoxReading> ReadBoxes(const cv::Mat& page, const std::vector<cv::Rect2f>& boxes) override {
    return inner_.ReadBoxes(page, boxes);
  }
  const DoubtModel* Doubt() override { return inner_.Doubt(); }
  long glyphs = 0;

 private:
  DigitReader& inner_;
};

// Keeps every glyph the scanner classified on the current card, by its scores,
// so that a reading's segmentations (which keep only the scores) lead back to
// their glyphs.
class RecordingReader : public DigitReader {
 public:
  // `temperature`: ReadOptions::whole_number_temperature, with which ReadCell
  // softens the whole-number reader's steps before a Reading keeps them.
  RecordingReader(DigitReader& inner, double temperature) : inner_(inner), temperature_(temperature) {}
  DigitScores Classify(const cv::Mat& glyph) override {
    const DigitScores scores = inner_.Classify(glyph);
    glyphs_.emplace(scores, glyph.clone());
    return scores;
  }
  NumberSteps ReadNumber(const cv::Mat& ink) override {
    const NumberSteps steps = inner_.ReadNumber(ink);
    // Keyed as the Reading will hold them: softened as ReadCell does.
    if (!steps.empty()) numbers_.emplace(SoftenSteps(steps, temperature_), ink.clone());
    return steps;
  }
  std::vector<BoxReading> ReadBoxes(const cv::Mat& page, const std::vector<cv::Rect2f>& boxes) override {
    return inner_.ReadBoxes(page, boxes);
  }
  const DoubtModel* Doubt() override { return inner_.Doubt(); }
  void Clear() {
    glyphs_.clear();
    numbers_.clear();
  }
  const cv::Mat* Find(const DigitScores& scores) const {
    const auto it = glyphs_.find(scores);
    return it == glyphs_.end() ? nullptr : &it->second;
  }
  const cv::Mat* Find(const NumberSteps& steps) const {
    const auto it = numbers_.find(steps);
    return it == numbers_.end() ? nullptr : &it->second;
  }

 private:
  DigitReader& inner_;
  double temperature_;
  std::map<DigitScores, cv::Mat> glyphs_;
  std::map<NumberSteps, cv::Mat> numbers_;
};

// Training glyphs for tools/digits: for each number cell, the digits of the
// segmentation that reads the truth likeliest, among those with as many
// digits, each labelled with its truth digit. Record, little-endian: label
// u8, profile u8 (0 scan, 1 photo, 2 lowres, 3 rotated), height u16, width
// u16, the label's probability f32, the reject probability (1 - the digits'
// sum) f32, then height*width bytes (ink bright on 0, as classified).
class GlyphHarvest {
 public:
  GlyphHarvest(const std::string& path, const std::string& numbers_path) : out_(path, std::ios::binary) {
    SC_CHECK(out_, "cannot write '" << path << "'");
    out_.write("SCGLYPH1", 8);
    if (numbers_path.empty()) return;
    numbers_.open(numbers_path, std::ios::binary);
    SC_CHECK(numbers_, "cannot write '" << numbers_path << "'");
    numbers_.write("SCNUMBR1", 8);
  }
  void Add(const Reading& reading, const std::string& truth, const std::string& profile, const RecordingReader& seen) {
    const Segmentation* best = nullptr;
    double best_score = -1;
    for (const Segmentation& segmentation : reading.segmentations) {
      if (segmentation.digits.size() != truth.size()) continue;
      double score = segmentation.factor;
      for (size_t i = 0; i < truth.size(); ++i) score *= segmentation.digits[i][truth[i] - '0'];
      if (score > best_score) best_score = score, best = &segmentation;
    }
    if (!best) return;
    const uint8_t profile_code = ProfileCode(profile);
    for (size_t i = 0; i < truth.size(); ++i) {
      const cv::Mat* glyph = seen.Find(best->digits[i]);
      if (!glyph || glyph->type() != CV_8U || glyph->rows > 65535 || glyph->cols > 65535) continue;
      const uint8_t label = truth[i] - '0';
      const uint16_t rows = glyph->rows, cols = glyph->cols;
      const float p_label = best->digits[i][label];
      float digits_sum = 0;
      for (float p : best->digits[i]) digits_sum += p;
      const float p_reject = std::max(0.0f, 1.0f - digits_sum);
      Put(out_, label);
      Put(out_, profile_code);
      Put(out_, rows);
      Put(out_, cols);
      Put(out_, p_label);
      Put(out_, p_reject);
      PutPixels(out_, *glyph);
      ++count;
    }
  }
  // The whole-number reader's ink of the cell, when there is that model and a
  // file for it: record "SCNUMBR1" files hold, per number, its digit count u8,
  // the digits as text, profile u8, height u16, width u16, height*width bytes.
  void AddNumber(const Reading& reading, const std::string& truth, const std::string& profile,
                 const RecordingReader& seen) {
    if (!numbers_.is_open() || reading.whole_steps.empty() || truth.size() > 255) return;
    const cv::Mat* ink = seen.Find(reading.whole_steps);
    if (!ink || ink->type() != CV_8U || ink->rows > 65535 || ink->cols > 65535) return;
    const uint8_t length = truth.size(), profile_code = ProfileCode(profile);
    const uint16_t rows = ink->rows, cols = ink->cols;
    Put(numbers_, length);
    numbers_.write(truth.data(), length);
    Put(numbers_, profile_code);
    Put(numbers_, rows);
    Put(numbers_, cols);
    PutPixels(numbers_, *ink);
    ++number_count;
  }
  void Finish() {
    out_.close();
    SC_CHECK(out_, "writing the glyphs failed");
    if (numbers_.is_open()) {
      numbers_.close();
      SC_CHECK(numbers_, "writing the numbers failed");
    }
  }
  long count = 0;
  long number_count = 0;

 private:
  // Little-endian, as written on this machine (x86-64) and read by tools/digits.
  template <typename T>
  static void Put(std::ofstream& out, T value) {
    out.write(reinterpret_cast<const char*>(&value), sizeof value);
  }
  static void PutPixels(std::ofstream& out, const cv::Mat& image) {
    const cv::Mat packed = image.isContinuous() ? image : image.clone();
    out.write(reinterpret_cast<const char*>(packed.data), static_cast<std::streamsize>(packed.total()));
  }
  static uint8_t ProfileCode(const std::string& profile) {
    return profile == "photo" ? 1 : profile == "lowres" ? 2 : profile == "rotated" ? 3 : 0;
  }

  std::ofstream out_;
  std::ofstream numbers_;
};

// Applies "name=value" overrides to the cells', the reader's and the choice's tuning, so
// a setting can be tried on a corpus without a rebuild. Throws Error for an
// unknown name or a value that is not a number.
ScanOptions ApplySettings(const std::vector<std::string>& settings) {
  ScanOptions options;
  const std::map<std::string, double*> fields = {
      {"read.split_aspect", &options.read.split_aspect},
      {"read.split3_aspect", &options.read.split3_aspect},
      {"read.split_doubtful", &options.read.split_doubtful},
      {"read.split_doubtful_aspect", &options.read.split_doubtful_aspect},
      {"read.cut_cost", &options.read.cut_cost},
      {"read.cut_stroke_cost", &options.read.cut_stroke_cost},
      {"read.max_digit_aspect", &options.read.max_digit_aspect},
      {"read.width_weight", &options.read.width_weight},
      {"read.min_digit_height", &options.read.min_digit_height},
      {"read.height_weight", &options.read.height_weight},
      {"read.max_overlap", &options.read.max_overlap},
      {"read.overlap_weight", &options.read.overlap_weight},
      {"read.merge_overlap", &options.read.merge_overlap},
      {"read.merge_weight", &options.read.merge_weight},
      {"read.drop_cost", &options.read.drop_cost},
      {"read.drop_share_weight", &options.read.drop_share_weight},
      {"read.prior_one_digit", &options.read.prior_one_digit},
      {"read.prior_two_digits", &options.read.prior_two_digits},
      {"read.prior_three_digits", &options.read.prior_three_digits},
      {"read.max_slant", &options.read.max_slant},
      {"read.min_slant", &options.read.min_slant},
      {"read.sure_cut", &options.read.sure_cut},
      {"read.sure_whole", &options.read.sure_whole},
      {"read.sure_number", &options.read.sure_number},
      {"read.whole_number_weight", &options.read.whole_number_weight},
      {"read.whole_number_floor", &options.read.whole_number_floor},
      {"read.whole_number_temperature", &options.read.whole_number_temperature},
      {"read.digit_temperature", &options.read.digit_temperature},
      {"read.hidden_one_factor", &options.read.hidden_one_factor},
      {"min_confidence", &options.min_confidence},
      {"verify.unconfirmed_below", &options.verify.unconfirmed_below},
      {"verify.hard_column_share", &options.verify.hard_column_share},
      {"verify.unconfirmed_in_hard_column", &options.verify.unconfirmed_in_hard_column},
      {"read.curved_cross_number", &options.read.curved_cross_number},
      {"read.straight_cross", &options.read.straight_cross},
      {"choice.plausible", &options.choice.plausible},
      {"choice.plausible_expected", &options.choice.plausible_expected},
      {"choice.sure_reading", &options.choice.sure_reading},
      {"choice.illegal_factor", &options.choice.illegal_factor},
      {"choice.far_illegal_factor", &options.choice.far_illegal_factor},
      {"choice.mismatch_factor", &options.choice.mismatch_factor},
      {"choice.far_mismatch_factor", &options.choice.far_mismatch_factor},
      {"choice.unread_guess", &options.choice.unread_guess},
      {"grid.layout_header_alike", &options.grid.layout_header_alike},
      {"grid.labels.min_score", &options.grid.labels.min_score},
      {"grid.min_partly_read", &options.grid.min_partly_read},
      {"grid.roles.same_mark_overlap", &options.grid.roles.same_mark_overlap},
      {"lattice.bands.min_darkness", &options.grid.lattice.bands.min_darkness},
      {"lattice.min_step", &options.grid.lattice.min_step},
      {"lattice.min_contrast", &options.grid.lattice.min_contrast},
      {"lattice.faint_contrast", &options.grid.lattice.faint_contrast},
      {"lattice.faint_over_paper", &options.grid.lattice.faint_over_paper},
      {"page.grain.max_grain", &options.page.grain.max_grain},
      {"page.bend.min_bend_mm", &options.page.bend.min_bend_mm},
      {"page.unsmear.step_cost", &options.page.unsmear.step_cost},
      {"page.motion.min_dip", &options.page.motion.min_dip},
      {"page.motion.min_length_px", &options.page.motion.min_length_px},
      {"quality.motion.min_dip", &options.quality.motion.min_dip},
      {"quality.motion.min_length_px", &options.quality.motion.min_length_px},
      {"cells.margin", &options.cells.margin},
      {"cells.min_blob_fraction", &options.cells.min_blob_fraction},
      {"cells.bead_gap", &options.cells.bead_gap},
      {"cells.stipple_run", &options.cells.stipple_run},
      {"cells.empty_fraction", &options.cells.empty_fraction},
      {"cells.side_remnant_band", &options.cells.side_remnant_band},
      {"cells.pen_along_side", &options.cells.pen_along_side},
      {"cells.pen_heavier", &options.cells.pen_heavier},
      {"cells.remnant_height", &options.cells.remnant_height},
      {"cells.min_dash_width", &options.cells.min_dash_width},
      {"cells.digit_beside_dash", &options.cells.digit_beside_dash},
      {"cells.cross_overlap", &options.cells.cross_overlap},
      {"cells.dash_elongation", &options.cells.dash_elongation},
      {"cells.solid_dash_elongation", &options.cells.solid_dash_elongation},
      {"cells.solid_dash_solidity", &options.cells.solid_dash_solidity},
      {"cells.faint_strong_sigmas", &options.cells.faint_strong_sigmas},
      {"cells.faint_weak_sigmas", &options.cells.faint_weak_sigmas},
      {"stray.sure_mark", &options.stray.sure_mark},
      {"stray.max_share", &options.stray.max_share},
      {"grid.entries_margin", &options.grid.entries_margin},
      {"grid.name_weight", &options.grid.name_weight},
      {"grid.unruled.dash_width_mm", &options.grid.unruled.dash_width_mm},
  };
  const std::map<std::string, int*> whole_fields = {
      {"choice.far_from_legal", &options.choice.far_from_legal},
      {"read.cut_candidates", &options.read.cut_candidates},
      {"read.whole_number_candidates", &options.read.whole_number_candidates},
      {"choice.beam_width", &options.choice.beam_width},
      {"cells.strong_ink", &options.cells.strong_ink},
      {"cells.max_strong_ink", &options.cells.max_strong_ink},
      {"cells.weak_ink", &options.cells.weak_ink},
      {"cells.max_weak_ink", &options.cells.max_weak_ink},
      {"cells.faint_min_contrast", &options.cells.faint_min_contrast},
      {"cells.max_faint_strong_ink", &options.cells.max_faint_strong_ink},
      {"cells.max_faint_weak_ink", &options.cells.max_faint_weak_ink},
      {"cells.paper_grain_px", &options.cells.paper_grain_px},
      {"cells.pen_widening", &options.cells.pen_widening},
      {"stray.max_marks", &options.stray.max_marks},
      {"grid.roles.icon_run", &options.grid.roles.icon_run},
      {"grid.tints.max_written_across", &options.grid.tints.max_written_across},
      {"grid.print_rows.min_labels", &options.grid.print_rows.min_labels},
  };
  const std::map<std::string, bool*> switches = {
      {"read.narrow_end_cuts", &options.read.narrow_end_cuts},
      {"read.narrow_pair_cuts", &options.read.narrow_pair_cuts},
      {"read.narrow_pair_end_cuts", &options.read.narrow_pair_end_cuts},
      {"verify.trust_carried_totals", &options.verify.trust_carried_totals},
      {"grid.snap_to_lines", &options.grid.snap_to_lines},
      {"grid.layout_fallback", &options.grid.layout_fallback},
      {"quality.enabled", &options.quality.enabled},
      {"choice.check_bonus_points", &options.choice.check_bonus_points},
      {"choice.bonus_follows_written_subtotal", &options.choice.bonus_follows_written_subtotal},
      {"choice.confirm_by_totals", &options.choice.confirm_by_totals},
      {"choice.unlisted_entry_legal", &options.choice.unlisted_entry_legal},
      {"choice.unlisted_below_last", &options.choice.unlisted_below_last},
  };
  for (const std::string& setting : settings) {
    const size_t eq = setting.find('=');
    const std::string name = setting.substr(0, eq);
    if (const auto it = switches.find(name); it != switches.end() && eq != std::string::npos) {
      const std::string value = setting.substr(eq + 1);
      SC_CHECK(value == "0" || value == "1", "setting \"" << setting << "\" needs 0 or 1");
      *it->second = value == "1";
      continue;
    }
    const auto field = fields.find(name);
    const auto whole_field = whole_fields.find(name);
    SC_CHECK(eq != std::string::npos && (field != fields.end() || whole_field != whole_fields.end()),
             "unknown setting \"" << setting << "\"");
    try {
      if (field != fields.end()) *field->second = std::stod(setting.substr(eq + 1));
      else *whole_field->second = std::stoi(setting.substr(eq + 1));
    } catch (const std::exception&) {
      throw Error("setting \"" + setting + "\" needs a number");
    }
  }
  return options;
}

// Every card-level figure, for one style family (or all cards): how the
// scanner does on each kind of sheet design (truth "style_family", see
// testkit/sheets/sheet_style.h StyleFamily; older corpora: truth "style").
struct FamilyFigures {
  int cards = 0;
  Tally grids, rulesets, rulesets_told, cards_exact, recall, precision, clean_quiet, false_alarms, cells, crossed, ticks;
  Tally layouts;             // cards whose grids were found with every box where the truth has it
  std::map<std::string, Tally> by_profile, by_kind;
  long filled_cells = 0;     // cells the truth says hold something
  long uncertain_cells = 0;  // UNCERTAIN_READ findings the scan raised (the review load)
  long wrong_cells = 0;      // cells of found grids read otherwise than the truth
  long wrong_unflagged = 0;  // ... of them without an UNCERTAIN_READ: silently wrong, what a lighter
                             // review load must not buy
  long right_flagged = 0;    // cells of found grids read right but flagged UNCERTAIN_READ: review load
                             // a better confidence could spare
  // Cells of grids found with the right ruleset, by profile and kind: the
  // cells and readings stages' own figure, apart from grids missed or taken
  // for another ruleset (whose cells are wrong whatever these stages do).
  Tally found_cells;
  std::map<std::string, Tally> found_by_profile, found_by_kind;
};

// The family a truth file's card belongs to.
std::string StyleFamilyOf(const Json& truth) {
  if (truth.contains("style_family") && truth["style_family"].is_string()) return truth["style_family"];
  return truth.value("style", std::string("unknown"));
}

void PrintFamilies(const std::map<std::string, FamilyFigures>& families) {
  std::cout << "by style family (grids found, ruleset right, cells, cards exact, findings, review load):\n";
  for (const auto& [family, f] : families) {
    std::ostringstream load;
    load << std::fixed << std::setprecision(2) << (f.cards ? static_cast<double>(f.uncertain_cells) / f.cards : 0)
         << " per card, " << (f.filled_cells ? 100.0 * f.uncertain_cells / f.filled_cells : 0) << "% of "
         << f.filled_cells << " filled cells";
    std::cout << " " << family << " (" << f.cards << " cards)\n"
              << "    grids found:          " << f.grids.Text() << "\n"
              << "    grids laid out right: " << f.layouts.Text() << "\n"
              << "    ruleset identified:   " << f.rulesets.Text() << "\n"
              << "    ruleset told, none other named: " << f.rulesets_told.Text() << "\n"
              << "    cells read right:     " << f.cells.Text() << "\n"
              << "    crossed boxes right:  " << f.crossed.Text() << "\n"
              << "    tick counts right:    " << f.ticks.Text() << "\n"
              << "    cards read exactly:   " << f.cards_exact.Text() << "\n"
              << "    finding recall:       " << f.recall.Text() << "\n"
              << "    finding precision:    " << f.precision.Text() << "\n"
              << "    clean cards, no alarm: " << f.clean_quiet.Text() << "\n"
              << "    false alarms:         " << f.false_alarms.Text() << "\n"
              << "    review load (UNCERTAIN_READ): " << load.str() << "\n"
              << "    cells wrong, not flagged: " << f.wrong_unflagged << " of " << f.wrong_cells << " wrong\n"
              << "    cells right, flagged: " << f.right_flagged << "\n"
              << "    cells of grids found with the right ruleset: " << f.found_cells.Text() << "\n";
    for (const auto& [profile, tally] : f.found_by_profile)
      std::cout << "      found, " << std::setw(9) << profile << ": " << tally.Text() << "\n";
    for (const auto& [kind, tally] : f.found_by_kind)
      std::cout << "      found, " << std::setw(17) << kind << ": " << tally.Text() << "\n";
    for (const auto& [profile, tally] : f.by_profile)
      std::cout << "    cells, " << std::setw(9) << profile << ": " << tally.Text() << "\n";
    for (const auto& [kind, tally] : f.by_kind)
      std::cout << "    cells, " << std::setw(17) << kind << ": " << tally.Text() << "\n";
  }
}

// A share as "97.9%", or "-" of nothing.
std::string Percent(const Tally& tally) {
  if (!tally.total) return "-";
  std::ostringstream out;
  out << std::fixed << std::setprecision(1) << 100.0 * tally.right / tally.total << "%";
  return out.str();
}

// The figures of `families` as the Markdown page docs/results.md is:
// per sheet family, then per family and capture profile, with the command
// and corpus they come from. `acceptance`: the corpus was made from reserved
// seeds (its truth files say so); otherwise the page says the figures are
// development figures.
void WriteResults(const std::string& path, const std::string& dir, const std::map<std::string, FamilyFigures>& families,
                  const std::map<std::string, ProfilePages>& pages_by_profile, bool acceptance,
                  const std::vector<double>& ms) {
  std::ostringstream page;
  page << "# Results\n\n"
       << "Written by `tools/eval " << std::filesystem::path(dir).filename().string() << " --results " << path
       << "`; do not edit by hand. The corpus is `tools/synth` output (see `tools/corpus/SEEDS.md` for its seeds).\n\n"
       << (acceptance ? "Acceptance figures: the corpus comes from reserved seeds nobody looked at.\n\n"
                      : "Development figures: the corpus comes from development seeds, which have been looked at.\n\n")
       << "## By sheet family\n\n"
       << "| family | cards | grids found | ruleset right | cells right | cells of found grids right | wrong, not "
          "flagged (silent) | right, flagged | cards read exactly | error-free cards alarmed | finding recall | "
          "finding precision | review load (boxes a card) | grids laid out right (every box where it is) |\n"
       << "|---|---|---|---|---|---|---|---|---|---|---|---|---|---|\n";
  for (const auto& [family, f] : families) {
    std::ostringstream load;
    load << std::fixed << std::setprecision(2) << (f.cards ? static_cast<double>(f.uncertain_cells) / f.cards : 0);
    page << "| " << family << " | " << f.cards << " | " << Percent(f.grids) << " | " << Percent(f.rulesets) << " | "
         << Percent(f.cells) << " | " << Percent(f.found_cells) << " | " << f.wrong_unflagged << " of "
         << f.wrong_cells << " | " << f.right_flagged << " | " << Percent(f.cards_exact) << " | "
         << Percent(f.false_alarms) << " | " << Percent(f.recall) << " | " << Percent(f.precision) << " | "
         << load.str() << " | " << Percent(f.layouts) << " |\n";
  }
  page << "\n## By capture profile\n\nA card with a grid cut off by the picture's edge cannot be checked: "
          "refusing it is the right answer, counted apart.\n\n"
       << "| profile | grids found | ruleset right | grids found, cards wholly in the picture | cards cut off, "
          "refused |\n|---|---|---|---|---|\n";
  for (const auto& [profile, pages] : pages_by_profile)
    page << "| " << profile << " | " << Percent(pages.grids) << " (" << pages.grids.right << " of "
         << pages.grids.total << ") | " << Percent(pages.rulesets) << " | " << pages.in_picture_grids.right << " of "
         << pages.in_picture_grids.total << " | " << pages.cut_refused.right << " of " << pages.cut_refused.total
         << " |\n";
  page << "\n## Cells of grids found with the right ruleset, by family and capture profile\n\n"
       << "| family | profile | cells right |\n|---|---|---|\n";
  for (const auto& [family, f] : families)
    for (const auto& [profile, tally] : f.found_by_profile)
      page << "| " << family << " | " << profile << " | " << Percent(tally) << " (" << tally.right << " of "
           << tally.total << ") |\n";
  if (!ms.empty())
    page << "\nTime per image, the whole pipeline on one thread: median " << std::lround(ms[ms.size() / 2])
         << " ms, slowest " << std::lround(ms.back()) << " ms.\n";
  WriteFileAtomic(path, page.str());
}

int Run(const std::string& dir, const EvalOptions& eval) {
  const int limit = eval.limit;
  const bool list_errors = eval.list_errors;
  const std::string& model = eval.model;
  cv::setNumThreads(1);
  const RulesetLibrary rulesets = RulesetLibrary::LoadFolder(std::string(SCORECHECK_TEMPLATES_DIR) + "/rulesets");
  DigitReaderOptions reader_options;
  reader_options.model_path = model.empty() ? FindDigitModel(SCORECHECK_TEMPLATES_DIR) : model;
  reader_options.number_model_path = eval.number_model;
  reader_options.box_model_path = eval.box_model;
  reader_options.doubt_model_path = eval.doubt_model;
  auto reader = DigitReader::Create(reader_options);
  std::unique_ptr<TesseractDigits> tesseract;
  if (eval.compare_tesseract) {
    TesseractDigitsOptions tesseract_options;
    tesseract_options.layout = eval.tesseract_psm == 8 ? TesseractLayout::kSingleWord : TesseractLayout::kSingleLine;
    tesseract_options.binarize = eval.tesseract_binarize;
    tesseract = TesseractDigits::Create(tesseract_options);
  }
  Comparison comparison;
  const ScanOptions scan_options = ApplySettings(eval.settings);
  // One label reader for the corpus, as `scorecheck scan` keeps one per batch.
  const std::unique_ptr<TextReader> text_reader = TextReader::Create();

  std::vector<std::filesystem::path> truths;
  for (const auto& entry : std::filesystem::directory_iterator(dir))
    if (entry.path().string().ends_with(".truth.json")) truths.push_back(entry.path());
  std::sort(truths.begin(), truths.end());
  if (limit > 0 && static_cast<int>(truths.size()) > limit) truths.resize(limit);

  // Boxes placed where the truth has them, and cards with every box placed;
  // the boxes read wrong with no UNCERTAIN_READ (silent) in found grids laid
  // out right and in those laid out wrong, over their cells: what the reader
  // gets wrong unseen, apart from what a misplaced grid does.
  Tally boxes_placed, layouts_right;
  long silent_laid_right = 0, cells_laid_right = 0, silent_laid_wrong = 0, cells_laid_wrong = 0;
  Tally grids, ruleset_ids, rulesets_told, cards_exact, recall, precision, clean_cards_quiet, clean_found_alarm;
  // The digit reader alone on number cells: its top reading, and whether the
  // truth is among its alternatives at all (the most rule-aware choice can fix).
  Tally reader_top, reader_any, whole_top;
  std::map<std::string, Tally> reader_top_by_profile;  // profile / digit count -> top reading right
  // How well the reader's confidence predicts a misread: number cells by the
  // confidence the card carries for them.
  std::map<int, Tally> by_confidence;  // band lower bound in percent -> right readings
  Reliability reliability;
  std::ofstream doubt_csv;
  if (!eval.dump_doubt.empty()) {
    doubt_csv.open(eval.dump_doubt);
    SC_CHECK(doubt_csv, eval.dump_doubt << ": cannot write");
    doubt_csv << "card,profile,kind";
    for (const std::string& name : CellDoubtFeatureNames()) doubt_csv << "," << name;
    doubt_csv << ",flagged,right\n";
  }
  std::map<std::string, Tally> by_profile, by_style, by_kind, by_profile_style;
  std::map<std::string, ProfilePages> pages_by_profile;  // by capture profile
  Tally in_picture_grids, cut_refused;  // as ProfilePages, over all cards
  // The rule-aware step's overrides of the reader's top reading, by how
  // likely the reader found the chosen value against its top one: when it
  // passes over a fair reading to make a column add up, is it right?
  std::map<std::string, Tally> overrides;
  std::vector<double> ms;
  std::vector<long> glyphs_per_image;
  RecordingReader recording_reader(*reader, scan_options.read.whole_number_temperature);
  CountingReader counting_reader(recording_reader);
  std::unique_ptr<GlyphHarvest> harvest;
  if (!eval.harvest_glyphs.empty()) harvest = std::make_unique<GlyphHarvest>(eval.harvest_glyphs, eval.harvest_numbers);
  std::map<std::string, std::vector<double>> ms_by_profile_style;
  std::map<std::string, FamilyFigures> families;  // style family (and "(all cards)") -> figures
  bool acceptance = !truths.empty();  // every card made from reserved seeds
  for (const auto& path : truths) {
    const Json truth = Json::parse(ReadTextFile(path.string()));
    acceptance = acceptance && truth.value("acceptance", false);
    const std::string image = (std::filesystem::path(dir) / truth["image"].get<std::string>()).string();
    SC_CHECK(!harvest || truth.value("digit_half", "test") == "training",
             path.string() << " was written with digits.png's test half: its glyphs must not train the reader "
                              "(tools/synth --digit-half training)");
    recording_reader.Clear();
    const auto start = std::chrono::steady_clock::now();
    const long glyphs_before = counting_reader.glyphs;
    const ScanResult scan = ScanCard(image, rulesets, counting_reader, scan_options, text_reader.get());
    ms.push_back(std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now() - start).count());
    glyphs_per_image.push_back(counting_reader.glyphs - glyphs_before);
    const std::string profile = truth["profile"], style = truth["style"];
    // This card's figures go to its family and to all cards.
    FamilyFigures* const family_figures[] = {&families["(all cards)"], &families[StyleFamilyOf(truth)]};
    ms_by_profile_style[profile + " / " + style].push_back(ms.back());
    const bool found = scan.ok() && scan.grid.grid_count == static_cast<int>(truth["grids"].size());
    grids.Add(found);
    if (!found && list_errors)
      std::cout << "  " << path.filename().string() << " grids: "
                << (scan.ok() ? "found " + std::to_string(scan.grid.grid_count) : "none (" + scan.detail + ")") << ", want "
                << truth["grids"].size() << "\n";
    ruleset_ids.Add(found && scan.ruleset.id == truth["ruleset"]);
    ProfilePages& pages = pages_by_profile[profile];
    pages.grids.Add(found);
    pages.rulesets.Add(found && scan.ruleset.id == truth["ruleset"]);
    const bool cut_off = GridCutOff(truth);
    (cut_off ? pages.cut_refused : pages.in_picture_grids).Add(cut_off ? !scan.ok() : found);
    (cut_off ? cut_refused : in_picture_grids).Add(cut_off ? !scan.ok() : found);
    // The issue's figure: a page read as "A, but the printed page does not
    // tell it from B" is a "can't tell, A or B", and counts as a miss.
    const bool told = found && scan.ruleset.id == truth["ruleset"] && scan.ruleset.undecided.empty();
    rulesets_told.Add(told);
    if (found && scan.ruleset.id == truth["ruleset"] && !told && list_errors) {
      std::cout << "  " << path.filename().string() << " ruleset: " << scan.ruleset.id << ", not told from";
      for (const std::string& other : scan.ruleset.undecided) std::cout << " " << other;
      std::cout << "\n";
    }
    if (found && scan.ruleset.id != truth["ruleset"] && list_errors)
      std::cout << "  " << path.filename().string() << " ruleset: " << scan.ruleset.id << ", want "
                << truth["ruleset"].get<std::string>() << "\n";

    bool exact = found;
    int misplaced = 0, card_silent = 0, card_cells = 0;
    std::set<std::string> misplaced_where;  // "g0 c1", "g0 aces", for --list-errors
    NormalizedPage normalized;  // for the comparison; made once per card, when needed
    // A cell's ink extracted again the way the scanner did, for the comparison
    // and the dumps.
    const auto InkOf = [&](const ScannedCell& cell) {
      if (normalized.gray.empty()) normalized = NormalizePage(scan.grid.image);
      return ExtractCell(normalized, cell.where.cell_in_page, cell.where.part, scan_options.cells,
                         WrittenBesideCell(scan.grid, cell.where));
    };
    // The page around the cell as the cells stage saw it (inverted like the
    // ink), the cell's lines in gray, and beside it the ink: tells a misplaced
    // cell or ink lost in extraction from a misreading.
    const auto PageBesideInk = [&](const CellInk& ink) {
      cv::Mat page = 255 - normalized.gray(ink.crop_in_page);
      cv::rectangle(page, ink.cell_in_crop, cv::Scalar(128), 1);
      cv::Mat both;
      cv::hconcat(page, ink.ink, both);
      return both;
    };
    // Cells a person is sent to look at: (grid, column, row) of every UNCERTAIN_READ.
    std::set<std::tuple<int, int, std::string>> flagged;
    if (found)
      for (size_t g = 0; g < scan.verification.grids.size(); ++g)
        for (const Finding& f : scan.verification.grids[g].findings)
          if (f.code == codes::kUncertainRead && f.row) flagged.emplace(static_cast<int>(g), f.column, *f.row);
    for (const Json& cell : truth["cells"]) {
      const int g = cell["grid"], c = cell["column"];
      const std::string row = cell["row"];
      const CellPart part = ParsePart(cell["part"]);
      const std::string want = TruthText(truth["grids"][g], c, row, part);
      std::string got = "(no grid)";
      const ScannedCell* scanned = nullptr;
      if (found)
        for (const ScannedCell& s : scan.cells)
          if (s.where.grid == g && s.where.column == c && s.where.row_id == row && s.where.part == part) scanned = &s;
      if (scanned) got = ScanText(*scanned);
      const bool placed = found && PlacedRight(cell, scanned);
      boxes_placed.Add(placed);
      if (!placed) {
        ++misplaced;
        misplaced_where.insert("g" + std::to_string(g) + " c" + std::to_string(c));
        misplaced_where.insert("g" + std::to_string(g) + " " + row);
      }
      const bool ok = got == want;
      exact &= ok;
      ++card_cells;
      card_silent += found && !ok && !flagged.count({g, c, row});
      if (found && scanned && DoubtWeighs(*scanned)) {
        reliability.Add(CardConfidence(*scanned), ok);
        const RowSpec* spec = rulesets.Get(scan.ruleset.id).FindRow(row);
        if (doubt_csv.is_open() && spec) {
          doubt_csv << path.stem().stem().string() << "," << profile << "," << Kind(want);
          for (double x : CellDoubtFeatures(*scanned, spec->kind, DoubtContextOf(scan)))
            doubt_csv << "," << x;
          doubt_csv << "," << flagged.count({g, c, row}) << "," << ok << "\n";
        }
      }
      by_profile[profile].Add(ok);
      by_style[style].Add(ok);
      by_profile_style[profile + " / " + style].Add(ok);
      if (tesseract && scanned && IsNumber(want) &&
          (eval.tesseract_cells <= 0 || comparison.cells < eval.tesseract_cells)) {
        // The ink the scanner read, extracted again the same way, so both
        // readers get identical input and only the reading is timed. The cells
        // lie on grid.image (other printers' sheets: the page turned upright and
        // straightened by the lattice stage), not on page.rectified.
        const CellInk ink = InkOf(*scanned);
        const int value = std::stoi(want);
        auto start = std::chrono::steady_clock::now();
        const Reading ours = ReadCell(ink, *reader, scan_options.read);
        comparison.ours_ms += MsSince(start);
        start = std::chrono::steady_clock::now();
        const TesseractReading theirs = tesseract->Read(ink.ink);
        comparison.tesseract_ms += MsSince(start);
        if (!eval.tesseract_dump.empty() && !ink.ink.empty())
          cv::imwrite(eval.tesseract_dump + "/" + std::to_string(comparison.cells) + "-want" + want + "-got" +
                          (theirs.text.empty() ? "none" : theirs.text) + ".png",
                      ink.ink);
        ++comparison.cells;
        comparison.ours_raw += ours.status == ReadingStatus::kNumber && ours.value == value;
        comparison.ours_final += ok;
        comparison.tesseract += theirs.value == value;
        comparison.tesseract_empty += theirs.text.empty();
        if (list_errors && theirs.value != value)
          std::cout << "  tesseract " << path.filename().string() << " grid " << g << " col " << c << " " << row
                    << ": want \"" << want << "\" got \"" << theirs.text << "\"\n";
      }
      by_kind[style + " / " + Kind(want)].Add(ok);
      for (FamilyFigures* f : family_figures) {
        f->cells.Add(ok);
        f->by_profile[profile].Add(ok);
        f->by_kind[Kind(want)].Add(ok);
        if (want == "X") f->crossed.Add(ok);
        if (!want.empty() && want.back() == 'v') f->ticks.Add(ok);
        f->filled_cells += !want.empty();
        if (!ok && found) {
          ++f->wrong_cells;
          f->wrong_unflagged += !flagged.count({g, c, row});
        }
        if (ok && found) f->right_flagged += flagged.count({g, c, row});
        if (found && scan.ruleset.id == truth["ruleset"]) {
          f->found_cells.Add(ok);
          f->found_by_profile[profile].Add(ok);
          f->found_by_kind[Kind(want)].Add(ok);
        }
      }
      if (scanned && IsNumber(want)) {
        const int value = std::stoi(want);
        const Reading& reading = scanned->reading;
        const bool number = reading.status == ReadingStatus::kNumber;
        reader_top.Add(number && reading.alternatives.front().value == value);
        if (number && reading.alternatives.front().value != value && !eval.dump_top_misreads.empty()) {
          const CellInk ink = InkOf(*scanned);
          if (!ink.ink.empty())
            // Kind(want) is "number (N digits)": N, after "number (", groups the files.
            cv::imwrite(eval.dump_top_misreads + "/" + profile + "-" + Kind(want).substr(8, 1) + "-" +
                            path.stem().stem().string() + "-g" + std::to_string(g) + "c" + std::to_string(c) + "-" + row +
                            "-want" + want + "-top" + std::to_string(reading.alternatives.front().value) + ".png",
                        PageBesideInk(ink));
        }
        if (number && scanned->corrected) {
          const double ratio = ValueScore(reading, scanned->chosen) / std::max(1e-12, reading.alternatives.front().score);
          const std::string band = ratio < 0.05 ? "< 0.05" : ratio < 0.1 ? "0.05-0.1" : ratio < 0.2 ? "0.1-0.2" : ratio < 0.5 ? "0.2-0.5" : ">= 0.5";
          const std::string top_band = reading.alternatives.front().score < 0.1 ? "top < 0.1" : "top >= 0.1";
          overrides[std::string(row.find("total") != std::string::npos ? "total" : "entry") + ", " + top_band + ", " + band]
              .Add(scanned->chosen == value);
        }
        reader_top_by_profile[profile + " / " + Kind(want)].Add(number && reading.alternatives.front().value == value);
        if (!reading.whole_steps.empty()) {
          const std::vector<SpelledNumber> spelled = LikeliestNumbers(reading.whole_steps, 1, 4);
          whole_top.Add(!spelled.empty() && spelled[0].digits == std::to_string(value));
        }
        if (number) {
          const double confidence = reading.confidence;
          const int band = confidence < 0.5 ? 0 : confidence < 0.7 ? 50 : confidence < 0.8 ? 70 : confidence < 0.9 ? 80 : confidence < 0.95 ? 90 : 95;
          by_confidence[band].Add(ok);
        }
        if (harvest && number) harvest->Add(reading, want, profile, recording_reader);
        if (harvest && number) harvest->AddNumber(reading, want, profile, recording_reader);
        reader_any.Add(number && std::any_of(reading.alternatives.begin(), reading.alternatives.end(),
                                             [&](const Candidate& c) { return c.value == value; }));
      }
      if (!ok && found && scanned && !eval.dump_errors.empty()) {
        const CellInk ink = InkOf(*scanned);
        const std::string name = path.stem().stem().string() + "-g" + std::to_string(g) + "c" + std::to_string(c) +
                                 "-" + row + "-want" + want + "-got" + got + ".png";
        if (!ink.ink.empty()) {
          cv::imwrite(eval.dump_errors + "/" + name, ink.ink);
          cv::imwrite(eval.dump_errors + "-page/" + name, PageBesideInk(ink));
        }
      }
      if (ok && list_errors && found && flagged.count({g, c, row}))
        std::cout << "  " << path.filename().string() << " grid " << g << " col " << c << " " << row << "/"
                  << cell["part"].get<std::string>() << ": right \"" << want << "\" but flagged"
                  << ReadingText(scanned, want) << "\n";
      if (!ok && list_errors && found)
        std::cout << "  " << path.filename().string() << " grid " << g << " col " << c << " " << row << "/" << cell["part"].get<std::string>()
                  << ": want \"" << want << "\" got \"" << got << "\"" << ReadingText(scanned, want)
                  << (flagged.count({g, c, row}) ? " [flagged]" : " [NOT flagged]") << "\n";
    }
    cards_exact.Add(exact);
    layouts_right.Add(found && misplaced == 0);
    for (FamilyFigures* f : family_figures) f->layouts.Add(found && misplaced == 0);
    if (found) {
      (misplaced ? silent_laid_wrong : silent_laid_right) += card_silent;
      (misplaced ? cells_laid_wrong : cells_laid_right) += card_cells;
    }
    if (found && misplaced && list_errors) {
      std::cout << "  " << path.filename().string() << " layout: " << misplaced << " of " << truth["cells"].size()
                << " boxes not where the truth has them (";
      for (const std::string& where : misplaced_where) std::cout << " " << where;
      std::cout << " )\n";
    }

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
    if (list_errors) {
      for (const std::string& e : expected)
        if (!reported.count(e)) std::cout << "  " << path.filename().string() << " missed finding " << e << "\n";
      for (const std::string& r : reported)
        if (!expected.count(r)) std::cout << "  " << path.filename().string() << " false finding " << r << "\n";
    }
    for (const std::string& e : expected) recall.Add(reported.count(e));
    for (const std::string& r : reported) precision.Add(expected.count(r));
    if (expected.empty()) clean_cards_quiet.Add(found && reported.empty());
    if (expected.empty() && found) clean_found_alarm.Add(!reported.empty());
    int uncertain = 0;
    if (scan.ok())
      for (const auto& grid : scan.verification.grids)
        for (const Finding& f : grid.findings) uncertain += f.code == codes::kUncertainRead;
    for (FamilyFigures* f : family_figures) {
      ++f->cards;
      f->grids.Add(found);
      f->rulesets.Add(found && scan.ruleset.id == truth["ruleset"]);
      f->rulesets_told.Add(told);
      f->cards_exact.Add(exact);
      for (const std::string& e : expected) f->recall.Add(reported.count(e));
      for (const std::string& r : reported) f->precision.Add(expected.count(r));
      if (expected.empty()) f->clean_quiet.Add(found && reported.empty());
      if (expected.empty() && found) f->false_alarms.Add(!reported.empty());
      f->uncertain_cells += uncertain;
    }
  }
  std::sort(ms.begin(), ms.end());
  if (harvest) {
    harvest->Finish();
    std::cout << "glyphs harvested: " << harvest->count << " to " << eval.harvest_glyphs << "\n";
    if (!eval.harvest_numbers.empty())
      std::cout << "numbers harvested: " << harvest->number_count << " to " << eval.harvest_numbers << "\n";
  }
  std::cout << "cards: " << truths.size() << "\n"
            << "grids found:          " << grids.Text() << "\n"
            << "grids found, cards wholly in the picture: " << in_picture_grids.Text() << "\n"
            << "cards with a grid cut off by the picture's edge, refused: " << cut_refused.Text() << "\n"
            << "grids laid out right (every box where the truth has it): " << layouts_right.Text() << "\n"
            << "boxes placed where the truth has them: " << boxes_placed.Text() << "\n"
            << "cells wrong and not flagged, in grids laid out right: " << silent_laid_right << " of "
            << cells_laid_right << " cells; in grids laid out wrong: " << silent_laid_wrong << " of "
            << cells_laid_wrong << "\n"
            << "ruleset identified:   " << ruleset_ids.Text() << "\n"
            << "ruleset told, none other named (\"can't tell, A or B\" a miss): " << rulesets_told.Text() << "\n"
            << "cards read exactly:   " << cards_exact.Text() << "\n"
            << "number cells, reader's top reading right: " << reader_top.Text() << "\n"
            << "number cells, whole-number reader's alone: " << whole_top.Text() << "\n"
            << "number cells, right value among its alternatives: " << reader_any.Text() << "\n"
            << "finding recall:       " << recall.Text() << "\n"
            << "finding precision:    " << precision.Text() << "\n"
            << "clean cards, no alarm: " << clean_cards_quiet.Text() << "\n"
            << "false alarms (error-free cards with a grid found, any error reported): " << clean_found_alarm.Text() << "\n";
  reliability.Print(std::cout);
  std::cout << "number cells right, by the reader's confidence in its top reading:\n";
  for (const auto& [band, tally] : by_confidence)
    std::cout << "  " << std::setw(9) << (band == 0 ? std::string("< 0.50") : ">= 0." + std::to_string(band)) << "  " << tally.Text() << "\n";
  std::cout << "number cells the rule-aware step read otherwise than the reader's top reading, right, by row, top "
               "reading's score and the chosen value's against it:\n";
  for (const auto& [key, tally] : overrides) std::cout << "  " << std::setw(34) << key << "  " << tally.Text() << "\n";
  std::cout << "number cells, reader's top reading right, by profile and digits:\n";
  for (const auto& [key, tally] : reader_top_by_profile)
    std::cout << "  " << std::setw(28) << key << "  " << tally.Text() << "\n";
  std::cout << "grids found and ruleset right, by capture profile:\n";
  for (const auto& [key, pages] : pages_by_profile)
    std::cout << "  " << std::setw(9) << key << "  grids " << pages.grids.Text() << ", ruleset " << pages.rulesets.Text()
              << "; wholly in the picture: grids " << pages.in_picture_grids.Text() << "; cut off, refused "
              << pages.cut_refused.Text() << "\n";
  std::cout << "cell accuracy by profile:\n";
  for (const auto& [key, tally] : by_profile) std::cout << "  " << std::setw(9) << key << "  " << tally.Text() << "\n";
  std::cout << "cell accuracy by sheet style:\n";
  for (const auto& [key, tally] : by_style) std::cout << "  " << std::setw(9) << key << "  " << tally.Text() << "\n";
  // Other printers' sheets are not read by every stage yet; kept apart so
  // they don't drag down the own-style figure of each profile.
  std::cout << "cell accuracy by profile x sheet style:\n";
  for (const auto& [key, tally] : by_profile_style) std::cout << "  " << std::setw(17) << key << "  " << tally.Text() << "\n";
  std::cout << "cell accuracy by sheet style x cell kind:\n";
  for (const auto& [key, tally] : by_kind) std::cout << "  " << std::setw(26) << key << "  " << tally.Text() << "\n";
  PrintFamilies(families);
  if (!eval.results.empty()) {
    WriteResults(eval.results, dir, families, pages_by_profile, acceptance, ms);
    std::cout << "results written to " << eval.results << "\n";
  }
  if (!ms.empty()) {
    std::cout << "ms per image (whole pipeline, 1 thread): median " << ms[ms.size() / 2] << ", max " << ms.back() << "\n";
    std::sort(glyphs_per_image.begin(), glyphs_per_image.end());
    std::cout << "glyphs classified per image: median " << glyphs_per_image[glyphs_per_image.size() / 2] << ", total "
              << counting_reader.glyphs << " (a forward pass each, ~1 ms, unless cached)\n";
    // Photos are 8-12 MP, the size the speed target is stated for.
    for (auto& [key, times] : ms_by_profile_style) {
      std::sort(times.begin(), times.end());
      std::cout << "  " << std::setw(17) << key << "  median " << times[times.size() / 2] << " ms, max " << times.back()
                << " ms (" << times.size() << " images)\n";
    }
  }
  if (tesseract) {
    const auto percent = [&](int n) {
      std::ostringstream out;
      out << std::fixed << std::setprecision(2) << (comparison.cells ? 100.0 * n / comparison.cells : 0) << "% (" << n
          << "/" << comparison.cells << ")";
      return out.str();
    };
    const auto per_cell = [&](double total) {
      std::ostringstream out;
      out << std::fixed << std::setprecision(2) << (comparison.cells ? total / comparison.cells : 0);
      return out.str();
    };
    std::cout << "reader comparison (number cells of found grids, same cell ink; "
              << (eval.tesseract_cells > 0 ? "first " + std::to_string(eval.tesseract_cells) : std::string("all"))
              << "; Tesseract PSM " << eval.tesseract_psm << (eval.tesseract_binarize ? ", binarised" : ", gray")
              << ", digits whitelist):\n"
              << "  cells compared:            " << comparison.cells << "\n"
              << "  our reader (raw):          " << percent(comparison.ours_raw) << ", " << per_cell(comparison.ours_ms)
              << " ms per cell\n"
              << "  our reader (on the card):  " << percent(comparison.ours_final) << " (after the rule-aware choice)\n"
              << "  Tesseract alone:           " << percent(comparison.tesseract) << ", "
              << per_cell(comparison.tesseract_ms) << " ms per cell; no digits in " << comparison.tesseract_empty << "\n";
  }
  return 0;
}

}  // namespace
}  // namespace scorecheck

int main(int argc, char** argv) {
  std::string dir;
  scorecheck::EvalOptions eval;
  CLI::App app{"eval: the scanner against a synthetic corpus's truth"};
  app.add_option("dir", dir, "Corpus folder (tools/synth output)")->required();
  app.add_option("--limit", eval.limit, "Only the first N cards");
  app.add_option("--results", eval.results, "Write the figures by family and profile to FILE as Markdown (docs/results.md)");
  app.add_flag("--list-errors", eval.list_errors, "Print every misread cell, missed finding and false finding");
  app.add_option("--set", eval.settings, "Tuning override name=value, e.g. read.cut_cost=0.5 (repeatable)");
  app.add_option("--dump-top-misreads", eval.dump_top_misreads,
                 "Write the ink of every number cell whose digit reader's top reading is wrong to DIR (named "
                 "profile-digits-card-cell-row-want-top)");
  app.add_option("--dump-errors", eval.dump_errors, "Write every misread cell's ink (bright on black) to DIR, named by truth and reading, and the page around it beside the ink to DIR-page");
  app.add_option("--harvest-glyphs", eval.harvest_glyphs,
                 "Write every number cell's digit glyphs, labelled by the truth, to FILE (training data for "
                 "tools/digits; only on a corpus made with synth --digit-half training)");
  app.add_option("--harvest-numbers", eval.harvest_numbers,
                 "With --harvest-glyphs: also write every number cell's ink as the whole-number reader got it, "
                 "labelled, to FILE (training data for tools/digits/train_numbers.py)")
      ->needs("--harvest-glyphs");
  app.add_option("--model", eval.model, "Digit model to evaluate (default: models/digits.onnx)");
  app.add_option("--number-model", eval.number_model,
                 "Whole-number model to evaluate (default: numbers.onnx beside the digit model; none: digit by digit only)");
  app.add_option("--doubt-model", eval.doubt_model,
                 "Doubt model to evaluate (default: doubt.json beside the digit model, or with --box-model NAME.onnx "
                 "its NAME_doubt.json if there is one; none: the readers' own confidences)");
  app.add_option("--dump-doubt", eval.dump_doubt,
                 "Write every read box's doubt measures (scan/cell_doubt.h), whether it was flagged and whether it "
                 "was read right, to FILE as CSV (tools/doubt/fit_doubt.py fits the doubt model on it)");
  app.add_option("--box-model", eval.box_model,
                 "Learned box reader to evaluate, e.g. models/cells.onnx (default none: the glyph readers)");
  app.add_flag("--compare-tesseract,!--no-compare-tesseract", eval.compare_tesseract,
               "Compare our reader with Tesseract alone on the same number cells (default on)");
  app.add_option("--tesseract-cells", eval.tesseract_cells, "Number cells to compare, 0 = all (default 2000)");
  app.add_option("--tesseract-psm", eval.tesseract_psm, "Tesseract page segmentation: 7 single line, 8 single word")
      ->check(CLI::IsMember({7, 8}));
  app.add_flag("--tesseract-binarize", eval.tesseract_binarize, "Give Tesseract black and white instead of gray ink");
  app.add_option("--tesseract-dump", eval.tesseract_dump, "Write each compared cell's ink (bright on black) to DIR, named by truth and Tesseract's reading");
  CLI11_PARSE(app, argc, argv);
  try {
    // The dump folders need not exist beforehand (cv::imwrite does not make them).
    for (const std::string& folder : {eval.dump_errors, eval.tesseract_dump, eval.dump_top_misreads})
      if (!folder.empty()) std::filesystem::create_directories(folder);
    if (!eval.dump_errors.empty()) std::filesystem::create_directories(eval.dump_errors + "-page");
    return scorecheck::Run(dir, eval);
  } catch (const std::exception& e) {
    std::cerr << "eval: " << e.what() << "\n";
    return 2;
  }
}
