#pragma once
// Runs a batch: every file scanned by a pool of workers (each with its own
// digit and label readers, loaded once), every card's files written as soon as
// it is done, results kept in the batch's order whatever the number of workers.
//
// Each file's records go to <report>/cards/<name>.json, written last (after its
// pictures), through a temporary name and a rename: a killed batch leaves only
// whole files, and --resume takes a file's records again when that JSON names
// the same file size, modification time, settings and corrections.

#include <functional>
#include <optional>
#include <string>
#include <vector>

#include <nlohmann/json.hpp>

#include "batch/batch_inputs.h"
#include "batch/card_record.h"
#include "card/corrections.h"
#include "readings/digit_reader.h"
#include "rules/ruleset_library.h"
#include "scan/scan_card.h"

namespace scorecheck {

/// Tuning for RunBatch().
struct BatchOptions {
  std::string report_dir;       ///< where cards/ goes; required
  int jobs = 1;                 ///< workers, >= 1; default 1
  bool resume = false;          ///< take cards done by an earlier run with the same settings; default false
  ScanOptions scan;             ///< how each card is scanned
  DigitReaderOptions reader;    ///< the digit model each worker loads
  CardRecordOptions record;     ///< what each card's record holds
  Corrections corrections;      ///< a person's answers (review), put on the cards they name before checking
  std::string settings;         ///< what the records are made under (ruleset, thresholds, model, program
                                ///< version), kept in each card file; records made under others are not resumed

  /// True when a report folder is named, jobs >= 1, and the scan's and the
  /// records' options are in range. RunBatch() throws otherwise.
  bool Check() const;
};

/// One file finished, for a progress display.
struct BatchProgress {
  size_t done = 0;           ///< files finished so far (this one included)
  size_t total = 0;          ///< files in the batch
  const BatchInput* input = nullptr;
  bool resumed = false;      ///< taken from an earlier run
  std::vector<nlohmann::ordered_json> records;  ///< its cards (several for a multi-page TIFF)
};

/// Called once per finished file, from a worker thread, never two at a time.
using BatchProgressFn = std::function<void(const BatchProgress&)>;

/// Where a card's whole record was saved: its card file (relative to the
/// report folder) and its place in that file's "cards".
struct SavedRecord {
  std::string card_file;
  size_t index = 0;
};

/// What a batch keeps in memory of its cards: what the summary, cards.csv and
/// index.html are made from. A record saved in its card file is kept without
/// its "report" (the verification's detail, ~95% of it), so that memory does
/// not grow with the batch; WriteReportJson() reads the detail back.
struct BatchRecords {
  std::vector<nlohmann::ordered_json> records;  ///< every card, in batch order
  std::vector<std::optional<SavedRecord>> saved;  ///< per record: where it is whole (none: `records` holds it whole)
};

/// Every card's record, in the order of `inputs` (a multi-page file's pages in
/// page order). Throws Error before any file is read when the digit model
/// cannot be loaded; a bad file becomes an "unreadable" record, never an Error.
/// Throws NoRoomError, in one line saying how far it got and that --resume
/// finishes, when a write finds no room: the files done so far keep their
/// card files, the file being written is read again by --resume.
BatchRecords RunBatch(const std::vector<BatchInput>& inputs, const RulesetLibrary& rulesets, const BatchOptions& options,
                      const BatchProgressFn& progress = {});

/// Where `name`'s files start, relative to the report folder: "cards/<name>".
std::string CardBase(const std::string& name);

/// Whether the card named `card` was read from the input file named `input`:
/// the file itself, one of its pages ("scan.pdf page 2") or one of several
/// cards in one of them ("photo.jpg#2", "scan.pdf page 2#1").
bool CardOfInput(const std::string& card, const std::string& input);

}  // namespace scorecheck
