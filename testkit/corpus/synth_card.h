#pragma once
// One synthetic scorecard photo with its truth: real-dice games written by
// one simulated person onto a printed sheet (scorecheck's own, with markers
// and QR code, or a domain-randomised sheet from testkit/sheets drawn from a
// style seed), perhaps with a player's mistake, then scanned or
// photographed. Deterministic in the seed and the style seed.

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include <nlohmann/json.hpp>

#include "card/card.h"
#include "corpus/mistakes.h"
#include "rules/ruleset_library.h"
#include "sheet/sheet_layout.h"
#include "sheets/render_random_sheet.h"
#include "sheets/sheet_style.h"
#include "synth/capture.h"
#include "synth/handwriting.h"

namespace scorecheck {

/// What to make.
struct SynthCardOptions {
  std::string ruleset;                              ///< ruleset id
  CaptureProfile profile = CaptureProfile::kScan;   ///< how it is captured
  std::optional<std::uint64_t> style_seed;          ///< a random sheet (StyleFromSeed); none = scorecheck's own sheet
  double mistake_rate = 1.0 / 3;                    ///< chance of one player mistake on the card
  std::uint64_t seed = 1;                           ///< everything random follows from it
  double dpi = 300;                                 ///< print resolution of the rendered sheet
};

/// A made card.
struct SynthCard {
  Capture capture;                                  ///< the image, not yet encoded
  SheetLayout layout;                               ///< our own printed sheet (empty on a random sheet)
  std::optional<RandomSheetStyle> random_style;     ///< the random sheet's style, if it is one
  std::vector<PrintedGrid> printed;                 ///< per grid: score rows, columns and boxes, page pixels
  Card card;                                        ///< what is written (the truth)
  std::vector<Conventions> conventions;             ///< per grid: how each column is written
  std::optional<Mistake> mistake;                   ///< the player's mistake, if any
  int mistake_grid = -1;                            ///< its grid
  std::vector<std::vector<ExpectedFinding>> expected;  ///< per grid: the error findings it must produce
  nlohmann::ordered_json truth;                     ///< the truth file (card JSON + metadata), see MakeSynthCard
};

/// Makes one card. The truth JSON is a valid card (its "grids"), plus "image",
/// "seed", "ruleset", "profile", "style" ("own" or "random"), "style_seed"
/// (null on our own sheet), "style_family" ("own", or StyleFamily() of the
/// random style), "sheet_style" (the random style's main parameters, null on
/// our own sheet), "sheet_code", "conventions", "mistake",
/// "expected_findings" [{grid, code, row, column}], "rotation_deg",
/// "page_quad" (page corners in image pixels: TL, TR, BR, BL) and "cells"
/// [{grid, column, row, part, printed_row, state, quad}] for every score cell
/// of every used column, quads in image pixels (the inside of the box between
/// its rules); printed_row counts the grid's printed rows from its top,
/// header and section rows included. `image_name` goes into "image".
SynthCard MakeSynthCard(const RulesetLibrary& rulesets, const DigitBank& digits, const SynthCardOptions& options,
                        const std::string& image_name);

}  // namespace scorecheck
