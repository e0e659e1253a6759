#include "scan/scan_card.h"

#include <algorithm>
#include <cmath>
#include <map>
#include <memory>
#include <optional>
#include <set>
#include <tuple>

#include "core/error.h"
#include "core/on_threads.h"
#include "readings/read_box.h"
#include "scan/cell_doubt.h"
#include "scan/ruleset_choice.h"

namespace scorecheck {
namespace {

CellValue ToCellValue(const ScannedCell& cell) {
  CellValue value;
  switch (CardStatus(cell)) {
    case ReadingStatus::kEmpty:
      // Nothing written is sure, unless the box's edges were guessed.
      if (cell.believed_at_most) value.confidence = *cell.believed_at_most;
      return value;
    case ReadingStatus::kNumber:
      value = CellValue::Number(cell.chosen);
      if (!cell.inferred)
        for (const Candidate& candidate : cell.reading.alternatives)
          if (candidate.value != cell.chosen) value.other_readings.push_back(candidate.value);
      break;
    case ReadingStatus::kCrossed: value = CellValue::Crossed(); break;
    case ReadingStatus::kChecks:
      // Points read beside the ticks in the same box (ReadTicksOrPoints) stay.
      value = CellValue::Checks(cell.reading.checks, cell.reading.points);
      if (cell.reading.points) value.points_confidence = cell.reading.points_confidence;
      break;
    // Ink that reads as nothing: on the card the box holds nothing known
    // (nothing counts in the sums), but the confidence of 0 keeps it
    // apart from a box left empty: UNCERTAIN_READ, never INCOMPLETE.
    case ReadingStatus::kIllegible: break;
  }
  value.confidence = CardConfidence(cell);
  return value;
}

// Every read, non-empty cell's confidence from the doubt model
// (ScannedCell::probability_right), once the rule-aware step has chosen;
// `doubt` checked (CheckDoubtModel).
void WeighDoubt(const DoubtModel& doubt, const Ruleset& ruleset, double review_below, ScanResult& result) {
  const DoubtContext page = DoubtContextOf(result);
  for (ScannedCell& cell : result.cells) {
    const RowSpec* row = ruleset.FindRow(cell.where.row_id);
    if (!row || !DoubtWeighs(cell)) continue;
    cell.probability_right = Believed(doubt, cell, row->kind, page, review_below);
  }
}

using CellsByColumn = std::map<std::pair<int, int>, std::vector<ScannedCell*>>;  // (grid, column) -> cells in sheet order

// The cells of `result` by column, each with what a choice made of it
// before cleared: its value is what was read.
CellsByColumn ClearedByColumn(ScanResult& result) {
  CellsByColumn by_column;
  for (ScannedCell& cell : result.cells) {
    cell.chosen = cell.reading.value;
    cell.corrected = false;
    cell.crossed_as_number = false;
    cell.inferred = false;
    cell.chosen_confidence.reset();
    cell.rules_chose = false;
    cell.probability_right.reset();
    cell.stray = false;
    by_column[{cell.where.grid, cell.where.column}].push_back(&cell);
  }
  return by_column;
}

// The rule-aware choice of every number, column by column
// (ChooseColumnValues). Returns the log weight of the choices.
double ChooseByRules(const CellsByColumn& by_column, const Ruleset& ruleset, const ScanOptions& options) {
  // What the rules chose is flagged below the threshold a person looks at.
  ChoiceOptions choice_options = options.choice;
  choice_options.review_below = std::min(options.choice.review_below, options.min_confidence);
  double log_weight = 0;
  for (const auto& [key, cells] : by_column) {
    std::vector<ColumnCell> column;
    for (const ScannedCell* cell : cells) column.push_back({cell->where.row_id, cell->where.part, cell->reading});
    const ColumnChoice choice = ChooseColumnValues(column, ruleset, ruleset.Multiplier(key.second), choice_options);
    log_weight += choice.log_weight;
    for (size_t i = 0; i < cells.size(); ++i) {
      const Choice& chosen = choice.cells[i];
      if (cells[i]->reading.status != ReadingStatus::kNumber && !chosen.crossed_as_number && !chosen.inferred) continue;
      cells[i]->chosen = chosen.value;
      cells[i]->corrected = chosen.corrected;
      cells[i]->crossed_as_number = chosen.crossed_as_number;
      cells[i]->inferred = chosen.inferred;
      cells[i]->chosen_confidence = chosen.confidence;
      cells[i]->rules_chose = chosen.rules_chose;
    }
  }
  return log_weight;
}

// The marks of a column nobody plays are stray (HoldsOnlyStrayMarks).
void MarkStrayColumns(const CellsByColumn& by_column, const StrayMarkOptions& options) {
  for (const auto& [key, cells] : by_column) {
    std::vector<const Reading*> readings;
    for (const ScannedCell* cell : cells) readings.push_back(&cell->reading);
    if (HoldsOnlyStrayMarks(readings, options))
      for (ScannedCell* cell : cells) cell->stray = cell->reading.status != ReadingStatus::kEmpty;
  }
}

// The card's columns, (grid, column) -> column, from the cells as chosen.
std::map<std::pair<int, int>, CardColumn> CardColumns(const std::vector<ScannedCell>& cells, const Ruleset& ruleset) {
  std::map<std::pair<int, int>, CardColumn> columns;
  for (const ScannedCell& cell : cells) {
    const GridCell& where = cell.where;
    CardColumn& column = columns[{where.grid, where.column}];
    column.index = where.column;
    if (!ruleset.FindRow(where.row_id)) continue;
    CellValue value = ToCellValue(cell);
    if (where.part == CellPart::kPoints) {
      // Points beside the ticks join the ticks' cell.
      CellValue& bonus = column.cells[where.row_id];
      if (value.state == CellState::kNumber) {
        if (bonus.state != CellState::kChecks) bonus = CellValue::Checks(0);
        bonus.points = value.number;
        bonus.points_confidence = value.confidence;
      }
      continue;
    }
    if (!value.empty() || value.confidence) column.cells[where.row_id] = value;
  }
  // Ticks row left empty but points written: points alone, as a number.
  for (auto& [key, column] : columns) {
    auto it = column.cells.find("yahtzee_bonus");
    if (it != column.cells.end() && it->second.state == CellState::kChecks && it->second.checks == 0) {
      const double confidence = it->second.LeastConfidence().value_or(1.0);
      it->second = CellValue::Number(*it->second.points);
      it->second.confidence = confidence;
    }
  }
  return columns;
}

// Builds the card from the cells, after the rule-aware choice of every number
// (ChooseColumnValues, per score column).
// Returns the log weight of the rule-aware decoding (0 without it).
double AssembleCard(ScanResult& result, const Ruleset& ruleset, const DoubtModel* doubt, const ScanOptions& options) {
  const CellsByColumn by_column = ClearedByColumn(result);
  const double log_weight = options.rule_aware ? ChooseByRules(by_column, ruleset, options) : 0;
  MarkStrayColumns(by_column, options.stray);
  if (doubt) WeighDoubt(*doubt, ruleset, options.min_confidence, result);
  const std::map<std::pair<int, int>, CardColumn> columns = CardColumns(result.cells, ruleset);
  result.card.grids.clear();
  for (int g = 0; g < result.grid.grid_count; ++g) {
    CardGrid grid;
    grid.ruleset = ruleset.id;
    for (const auto& [key, column] : columns)
      if (key.first == g) grid.columns.push_back(column);
    grid.rows_not_found = RowsWithoutBoxes(result.cells, g, ruleset);
    result.card.grids.push_back(grid);
  }
  return log_weight;
}

}  // namespace

std::vector<std::string> RowsWithoutBoxes(const std::vector<ScannedCell>& cells, int grid, const Ruleset& ruleset) {
  std::set<std::string> placed;
  for (const ScannedCell& cell : cells)
    if (cell.where.grid == grid) placed.insert(cell.where.row_id);
  std::vector<std::string> missing;
  for (const RowSpec& row : ruleset.rows)
    if (!placed.count(row.id)) missing.push_back(row.id);
  return missing;
}

ReadingStatus CardStatus(const ScannedCell& cell) {
  if (cell.stray) return ReadingStatus::kIllegible;
  return cell.crossed_as_number || cell.inferred ? ReadingStatus::kNumber : cell.reading.status;
}

WrittenBeside WrittenBesideCell(const Grid& grid, const GridCell& cell) {
  const int columns = cell.grid < static_cast<int>(grid.columns.size()) ? grid.columns[cell.grid] : 0;
  return {cell.column > 0, cell.column + 1 < columns};
}

double CardConfidence(const ScannedCell& cell) {
  if (cell.stray) return 0;
  const double believed = cell.probability_right ? *cell.probability_right
                          : cell.chosen_confidence ? *cell.chosen_confidence
                                                   : cell.reading.confidence;
  return cell.believed_at_most ? std::min(believed, *cell.believed_at_most) : believed;
}

namespace {

// The corners of `where` in the original image.
std::vector<cv::Point2f> QuadInImage(const ScanResult& result, const GridCell& where) {
  std::vector<cv::Point2f> quad;
  const cv::Rect2f& r = where.cell_in_page;
  for (const cv::Point2d corner : {cv::Point2d(r.x, r.y), cv::Point2d(r.x + r.width, r.y),
                                   cv::Point2d(r.x + r.width, r.y + r.height), cv::Point2d(r.x, r.y + r.height)}) {
    const cv::Vec3d page = result.grid.page_from_grid * cv::Vec3d(corner.x, corner.y, 1);
    quad.push_back(cv::Point2f(ImageFromPage(result.page, {page[0] / page[2], page[1] / page[2]})));
  }
  return quad;
}

// Every box of the grid read by the learned box reader, in the grid's cell
// order; empty without that model.
std::vector<BoxReading> ReadAllBoxes(const Grid& grid, DigitReader& reader) {
  std::vector<cv::Rect2f> boxes;
  boxes.reserve(grid.cells.size());
  for (const GridCell& cell : grid.cells) boxes.push_back(cell.cell_in_page);
  return reader.ReadBoxes(grid.image, boxes);
}

// What a box's row lets a player write in it.
BoxRow RowOfBox(const GridCell& where, const RowSpec* row) {
  if (where.part == CellPart::kChecks) return BoxRow::kTicks;
  if (where.part == CellPart::kValue && row && row->kind == RowKind::kYahtzeeBonus) return BoxRow::kTicksOrPoints;
  return BoxRow::kEntry;
}

// The ink kind a reading stands for (the overlay and the tests still speak of ink).
InkKind InkOf(ReadingStatus status) {
  switch (status) {
    case ReadingStatus::kNumber: return InkKind::kNumber;
    case ReadingStatus::kCrossed: return InkKind::kCrossed;
    case ReadingStatus::kChecks: return InkKind::kTicks;
    default: return InkKind::kEmpty;
  }
}

// Cell `where` read glyph by glyph from its ink on `normalized` (the grid's
// page, its lighting evened). `row`: the row it is a box of, if known.
ScannedCell ReadCellFromInk(const ScanResult& result, const NormalizedPage& normalized, const GridCell& where,
                            const RowSpec* row, DigitReader& reader, const ScanOptions& options) {
  ScannedCell cell;
  cell.where = where;
  cell.quad_in_image = QuadInImage(result, where);
  const WrittenBeside beside = WrittenBesideCell(result.grid, where);
  const CellInk ink = ExtractCell(normalized, where.cell_in_page, where.part, options.cells, beside);
  cell.ink = ink.kind;
  if (where.part == CellPart::kValue && row && row->kind == RowKind::kYahtzeeBonus) {
    // A Yahtzee-bonus row printed as one row (other printers' sheets) holds
    // ticks or points. Read as a number only, a tick became a "1" or a "4",
    // and the rule-aware choice then bent other cells of its column to fit
    // totals that counted a 1 for the bonus.
    const CellInk ticks = ExtractCell(normalized, where.cell_in_page, CellPart::kChecks, options.cells, beside);
    cell.reading = ReadTicksOrPoints(ink, ticks, reader, options.read);
    if (cell.reading.status == ReadingStatus::kChecks) cell.ink = ticks.kind;
  } else {
    cell.reading = ReadCell(ink, reader, options.read);
  }
  cell.may_hold_writing = ink.may_hold_writing;
  return cell;
}

// The (grid, column) pairs of `cells` that hold a box not read as empty.
std::set<std::pair<int, int>> WrittenColumns(const std::vector<ScannedCell>& cells) {
  std::set<std::pair<int, int>> written;
  for (const ScannedCell& cell : cells)
    if (cell.reading.status != ReadingStatus::kEmpty) written.insert({cell.where.grid, cell.where.column});
  return written;
}

// A box of a column written in, read as empty, is believed no more than
// `at_most` where writing may stand there unseen: in a table ruled nowhere
// (`ruled_nowhere`) its edges are guesses, and writing just past them may
// be its own; elsewhere its ink may have been lost (a tint copied as
// stipple, a pale stroke copied as beads: ScannedCell::may_hold_writing). A
// column not written in at all is a player's nobody took.
void DoubtEmptyBoxesOfWrittenColumns(std::vector<ScannedCell>& cells, bool ruled_nowhere, double at_most) {
  const std::set<std::pair<int, int>> written = WrittenColumns(cells);
  for (ScannedCell& cell : cells)
    if (cell.reading.status == ReadingStatus::kEmpty && (ruled_nowhere || cell.may_hold_writing) &&
        written.count({cell.where.grid, cell.where.column}))
      cell.believed_at_most = at_most;
}

// Every box of a column written in believed no more than `at_most`, whatever
// it was read as: the photo's smear was taken out (ScanOptions::unsmeared_box).
// A column not written in at all is a player's nobody took.
void DoubtBoxesOfWrittenColumns(std::vector<ScannedCell>& cells, double at_most) {
  const std::set<std::pair<int, int>> written = WrittenColumns(cells);
  for (ScannedCell& cell : cells)
    if (written.count({cell.where.grid, cell.where.column}))
      cell.believed_at_most = std::min(cell.believed_at_most.value_or(at_most), at_most);
}

// Every box of `result`'s grid read, in the grid's cell order: by the
// learned box reader in one batch, as the box is on the page; without that
// model each cell's ink is extracted and read glyph by glyph, the cells
// shared among ScanOptions::read_threads threads, each with its own reader.
// `labelled`: the ruleset whose rows the cells are (the print's favourite;
// every ruleset weighed has the same rows).
std::vector<ScannedCell> ReadCells(const ScanResult& result, const Ruleset& labelled, DigitReader& reader,
                                   const ScanOptions& options, const Deadline& deadline) {
  const std::vector<GridCell>& where = result.grid.cells;
  const std::vector<BoxReading> boxes = ReadAllBoxes(result.grid, reader);
  if (!boxes.empty()) {
    std::vector<ScannedCell> cells(where.size());
    for (size_t i = 0; i < where.size(); ++i) {
      deadline.Check();
      cells[i].where = where[i];
      cells[i].quad_in_image = QuadInImage(result, where[i]);
      cells[i].reading = ReadBox(boxes[i], RowOfBox(where[i], labelled.FindRow(where[i].row_id)));
      cells[i].ink = InkOf(cells[i].reading.status);
    }
    return cells;
  }
  const NormalizedPage normalized = NormalizePage(result.grid.image);
  std::vector<DigitReader*> readers{&reader};
  std::vector<std::unique_ptr<DigitReader>> twins;
  while (static_cast<int>(readers.size()) < options.read_threads) {
    std::unique_ptr<DigitReader> twin = reader.Another();
    if (!twin) break;  // this reader has no twin: one thread
    readers.push_back(twin.get());
    twins.push_back(std::move(twin));
  }
  std::vector<ScannedCell> cells(where.size());
  OnThreads(where.size(), static_cast<int>(readers.size()), [&](int worker, size_t i) {
    deadline.Check();
    cells[i] = ReadCellFromInk(result, normalized, where[i], labelled.FindRow(where[i].row_id), *readers[worker],
                               options);
  });
  return cells;
}

// `read` (its boxes read) made a card under `ruleset` and verified, with
// the trial DecideRuleset weighs: the entries' own plausibility under it. A
// game the page has no column for (Triple's three on a page of two), or
// whose columns are left empty though it is finished, is boxes left empty:
// one is a slip, each further one weighs as an illegal entry, as
// RulesetPlausibility weighs empty boxes.
std::pair<ScanResult, RulesetTrial> CardUnder(const ScanResult& read, const Ruleset& ruleset,
                                              const RulesetLibrary& rulesets, const DoubtModel* doubt,
                                              const ScanOptions& options) {
  ScanResult trial = read;
  const double log_weight = AssembleCard(trial, ruleset, doubt, options);
  VerifyOptions verify = options.verify;
  verify.min_confidence = options.min_confidence;
  trial.verification = VerifyCard(trial.card, rulesets, verify);
  const double without_a_column = PastTheFirstSlip(
      BoxesWithoutAColumn(ruleset, read.grid.columns) + EmptyBoxesOfAFinishedGame(ruleset, trial.card), options.choice);
  const double own = RulesetPlausibility(log_weight + without_a_column, 0.0, trial.verification, 0.0, options.choice);
  const RulesetTrial weighed{own, static_cast<int>(trial.verification.ErrorCount()),
                             static_cast<int>(trial.verification.WarningCount())};
  return {std::move(trial), weighed};
}

// One sheet's scan, from its page on: grid, cells, readings, the card under
// each ruleset offered, the one ruleset decided, verification.
ScanResult ScanSheet(Page page, const std::string& source, const RulesetLibrary& rulesets, DigitReader& reader,
                     const ScanOptions& options, TextReader* text_reader, const Deadline& deadline) {
  ScanResult result;
  result.card.source = source;
  result.page = std::move(page);
  deadline.Check();
  GridOptions grid_options = options.grid;
  grid_options.deadline = deadline;
  result.grid = LocateGrid(result.page, rulesets, grid_options, text_reader);
  if (!result.grid.ok()) {
    result.status = ScanStatus::kNoGrid;
    result.detail = "holds no scorecard: " + result.grid.detail;  // the verdict, then its one cause
    // A photo too dark or blurred to find a grid in may still be of one.
    result.quality = MeasurePageQuality(result.page, options.quality);
    if (const std::optional<std::string> poor = PageRetakeReason(result.quality, options.quality))
      result.detail = "holds no scorecard that can be made out: the photo is " + *poor + "; take it again if it holds one";
    return result;
  }
  // A photo too poor to read is refused before anything is guessed from it.
  result.quality = MeasurePhotoQuality(result.page, result.grid, options.quality);
  if (const std::optional<std::string> reason = RetakeReason(result.quality, options.quality)) {
    result.status = ScanStatus::kRetake;
    result.detail = "take the photo again: " + *reason;
    return result;
  }
  result.cells = ReadCells(result, rulesets.Get(result.grid.favourite()), reader, options, deadline);
  DoubtEmptyBoxesOfWrittenColumns(result.cells, result.grid.ruled_nowhere, options.guessed_box_empty);
  if (ReadThroughSmear(result.quality, options.quality))
    DoubtBoxesOfWrittenColumns(result.cells, options.unsmeared_box);
  // The card under each ruleset the page offers (those it cannot tell
  // apart: a classic sheet and a Triple Yahtzee sheet may print the same
  // words), then the one choice among them.
  const std::vector<std::string> tried = RulesetsToTry(result.grid.rulesets);
  const DoubtModel* doubt = reader.Doubt();
  if (doubt) CheckDoubtModel(*doubt);
  std::vector<ScanResult> cards;
  std::vector<RulesetTrial> trials;
  for (const std::string& id : tried) {
    deadline.Check();
    auto [card, trial] = CardUnder(result, rulesets.Get(id), rulesets, doubt, options);
    cards.push_back(std::move(card));
    trials.push_back(trial);
  }
  RulesetDecision decision = DecideRuleset(result.grid.rulesets, result.grid.favourite_sureness, trials,
                                           options.rule_aware, options.ruleset_choice, options.choice);
  ScanResult best = std::move(cards[std::find(tried.begin(), tried.end(), decision.id) - tried.begin()]);
  best.ruleset = std::move(decision);
  best.status = ScanStatus::kOk;
  return best;
}

ScanResult Failed(const std::string& source, ScanStatus status, const std::string& detail) {
  ScanResult result;
  result.card.source = source;
  result.status = status;
  result.detail = detail;
  return result;
}

}  // namespace

std::vector<ScanResult> ScanImageCards(cv::Mat image, const std::string& source, const RulesetLibrary& rulesets,
                                       DigitReader& reader, const ScanOptions& options, TextReader* text_reader) {
  SC_CHECK(options.Check(), "the scan's settings are out of range");
  const Deadline deadline = Deadline::After(options.time_limit_seconds);
  std::vector<Page> pages = FindPages(image, options.page);
  // Every later stage works on the pages (cells keep their corners in the
  // image as coordinates only): the photo's pixels go now, not at the end.
  image.release();
  if (!pages.front().ok()) return {Failed(source, ScanStatus::kNoPage, "no page found: " + pages.front().detail)};
  std::unique_ptr<TextReader> own_text_reader;
  const bool labels_needed = std::any_of(pages.begin(), pages.end(), [](const Page& p) { return !p.sheet; });
  if (!text_reader && labels_needed) {
    try {
      own_text_reader = TextReader::Create();
      text_reader = own_text_reader.get();
    } catch (const Error& e) {
      return {Failed(source, ScanStatus::kNoGrid, std::string("cannot read printed labels: ") + e.what())};
    }
  }
  // Each sheet that holds a scorecard is a card. A sheet that holds none
  // beside one that does (a notebook, a rule sheet) is no card; one given up
  // on for time, which may have been one, and one too poorly photographed
  // are listed.
  std::vector<ScanResult> cards;
  std::optional<ScanResult> first_failure;
  for (Page& page : pages) {
    ScanResult scan;
    try {
      scan = ScanSheet(std::move(page), source, rulesets, reader, options, text_reader, deadline);
    } catch (const GaveUp& e) {
      scan = Failed(source, ScanStatus::kGaveUp, e.what());
    }
    if (scan.ok() || scan.status == ScanStatus::kGaveUp || scan.status == ScanStatus::kRetake)
      cards.push_back(std::move(scan));
    else if (!first_failure) first_failure = std::move(scan);
  }
  if (cards.empty()) return {std::move(*first_failure)};
  if (cards.size() > 1)
    for (size_t k = 0; k < cards.size(); ++k) cards[k].card.source = CardInPicture(source, k, cards.size());
  return cards;
}

std::string CardInPicture(const std::string& source, size_t index, size_t count) {
  return count > 1 ? source + "#" + std::to_string(index + 1) : source;
}

ScanResult ScanImage(cv::Mat image, const std::string& source, const RulesetLibrary& rulesets,
                     DigitReader& reader, const ScanOptions& options, TextReader* text_reader) {
  return std::move(ScanImageCards(std::move(image), source, rulesets, reader, options, text_reader).front());
}

ScanResult ScanCard(const std::string& path, const RulesetLibrary& rulesets, DigitReader& reader,
                    const ScanOptions& options, TextReader* text_reader) {
  LoadedImage loaded = LoadImage(path, options.image);
  if (!loaded.ok()) {
    ScanResult result;
    result.status = ScanStatus::kImageFailed;
    result.detail = loaded.detail;
    result.card.source = path;
    return result;
  }
  return ScanImage(std::move(loaded.bgr), path, rulesets, reader, options, text_reader);
}

bool ScanOptions::Check() const {
  const auto Share = [](double x) { return x >= 0 && x <= 1; };  // a share or a probability
  return image.Check() && page.Check() && grid.Check() && cells.Check() && read.Check() && quality.Check() &&
         verify.Check() && Share(min_confidence) && time_limit_seconds >= 0 && choice.Check() && stray.Check() &&
         ruleset_choice.Check() && read_threads >= 1 && Share(guessed_box_empty) && Share(unsmeared_box);
}

}  // namespace scorecheck
