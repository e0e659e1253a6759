#pragma once
// One card of a batch as the batch's outputs show it: a record (JSON) that
// report.json, cards.csv and index.html are made from, and the pictures it
// refers to (overlay, thumbnail, crops of uncertain cells and name fields).
//
// Record fields (grid and column numbers count from 1, as people do):
//   "file"       the card's name in the batch ("a/IMG_0001.jpg", "stack.tif page 2")
//   "status"     "clean" (no finding), "errors", "review" (no error, but cells or
//                findings a person should look at) or "unreadable"
//   "reason"     why, for "unreadable"
//   "summary"    the text report's first line; "sheet" how the sheet was seen
//   "typed"      true for a card a person typed in whole (review): no pictures
//   "ruleset"    ruleset id of the first grid
//   "overlay", "thumbnail"  picture paths relative to the report folder
//   "overlay_size" [width, height] of the overlay, pixels
//   "boxes"      every box of the card: [{grid, column, row, row_name, box: [x, y, w, h]
//                on the overlay, value (card format), reading (words), uncertain, by_person}]
//   "columns"    [{grid, column, ruleset, written_total, recomputed_total, errors,
//                 warnings, uncertain, status, name_crop, name}], columns somebody
//                 played; "name" when a person typed it in review
//   "evidence"   cells that decide the card's verdict and totals: each played column's
//                grand total and every cell a finding names, as "uncertain" items
//   "corrected"  [{grid, column, row, row_name, value}]: cells a person corrected
//   "correction_problems"  answers that fit no cell of the card, one line each
//   "findings"   [{grid, column, severity, code, row, row_name, message}]
//   "uncertain"  [{grid, column, row, row_name, reading, value, confidence, crop}]: "reading"
//                in words, "value" in the card format
//   "report"     the machine report of `scan --json`

#include <string>
#include <utility>
#include <vector>

#include <nlohmann/json.hpp>
#include <opencv2/core.hpp>

#include "card/corrections.h"
#include "rules/ruleset_library.h"
#include "scan/scan_card.h"

namespace scorecheck {

/// Tuning for ScannedCardOutput().
struct CardRecordOptions {
  double min_confidence = kReviewBelow;  ///< readings below this are uncertain (as ScanOptions::min_confidence)
  int thumbnail_width = 360;     ///< thumbnail width, pixels; default 360
  double crop_margin = 0.15;     ///< a cell crop's margin around the cell, share of its size; default 0.15
  bool Check() const;  ///< true when every field is in range
};

/// A record and the pictures it names.
struct CardOutput {
  nlohmann::ordered_json record;
  std::vector<std::pair<std::string, cv::Mat>> images;  ///< path relative to the report folder -> picture
};

/// The record of a scanned card. `name` is its name in the batch; `base` the
/// path its files start with, relative to the report folder ("cards/a/IMG_0001.jpg").
/// `answers`: a person's answers about this card (names of players; the
/// cells are already on the scan, see ApplyCorrections); `problems`: those
/// that fit no cell.
CardOutput ScannedCardOutput(const std::string& name, const std::string& base, const ScanResult& scan,
                             const RulesetLibrary& rulesets, const CardRecordOptions& options = {},
                             const std::vector<Correction>& answers = {},
                             const std::vector<std::string>& problems = {});

/// The record of a file that could not be read as a card, and why.
CardOutput FailedCardOutput(const std::string& name, const std::string& reason);

}  // namespace scorecheck
