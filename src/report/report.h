#pragma once
// Turns a verified card into what people and programs read: the machine
// report (JSON, field names fixed by the README) and the short text report.

#include <string>

#include <nlohmann/json.hpp>

#include "card/card.h"
#include "scan/scan_card.h"
#include "rules/ruleset_library.h"
#include "verify/verify.h"

namespace scorecheck {

/// The machine report:
/// {"source", "status", "errors", "warnings", "grids": [{"ruleset", "columns":
/// [{"index", "multiplier", "entry_convention", "cells": [{"row", "state",
/// "value", "checks"}], "computed": {...}}], "findings": [{"code", "severity",
/// "row", "column", "written", "expected", "message"}]}]}.
/// With `scanned` (a scan's cells), every cell also carries "confidence",
/// "bbox" [x, y, w, h] in the original image's pixels, "raw" (the reading
/// before any rule-aware correction) and "alternatives" [[value, score]];
/// a cell a person corrected in review also "corrected": true.
nlohmann::ordered_json ReportJson(const Card& card, const Verification& verification,
                                  const RulesetLibrary& rulesets, const std::vector<ScannedCell>* scanned = nullptr);

/// The first line of the text report: "OK" with the grand total(s), or the
/// number of findings and, where a grand total is wrong, written vs recomputed.
std::string SummaryLine(const Card& card, const Verification& verification, const RulesetLibrary& rulesets);

/// The whole text report: the summary line, then one indented line per finding
/// ("column 2  upper_subtotal  TOTAL_MISMATCH  message").
std::string TextReport(const Card& card, const Verification& verification, const RulesetLibrary& rulesets);

/// How a scan saw the sheet, one indented line: the ruleset and how it was
/// known (sheet code, or printed labels and how sure), grids and columns, how
/// the page was found, e.g. "  sheet: Jumbo FiveZee (fivezee) from its
/// printed labels, 73% sure; 1 grid of 6 columns; page found by its outline".
std::string ScanSummary(const ScanResult& scan, const RulesetLibrary& rulesets);

/// The cells a person corrected (review), one indented line each:
/// "  corrected by hand: column 3 Sixes = 18"; empty when none.
std::string CorrectedCells(const ScanResult& scan, const RulesetLibrary& rulesets);

}  // namespace scorecheck
