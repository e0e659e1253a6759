#pragma once
// One synthetic scorecard photo with its truth: real-dice games written by
// one simulated person onto a printed sheet (scorecheck's own, or a sheet in
// another printer's style), perhaps with a player's mistake, then scanned or
// photographed. Deterministic in the seed.

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include <nlohmann/json.hpp>

#include "card/card.h"
#include "corpus/mistakes.h"
#include "rules/ruleset_library.h"
#include "sheet/sheet_layout.h"
#include "synth/capture.h"
#include "synth/handwriting.h"

namespace scorecheck {

/// What to make.
struct SynthCardOptions {
  std::string ruleset;                              ///< ruleset id
  CaptureProfile profile = CaptureProfile::kScan;   ///< how it is captured
  std::optional<bool> other_style;                  ///< force the sheet style; none = own 2/3, other 1/3
  double mistake_rate = 1.0 / 3;                    ///< chance of one player mistake on the card
  std::uint64_t seed = 1;                           ///< everything random follows from it
  double dpi = 300;                                 ///< print resolution of the rendered sheet
};

/// A made card.
struct SynthCard {
  Capture capture;                                  ///< the image, not yet encoded
  SheetLayout layout;                               ///< the printed sheet
  Card card;                                        ///< what is written (the truth)
  std::vector<Conventions> conventions;             ///< per grid: how each column is written
  std::optional<Mistake> mistake;                   ///< the player's mistake, if any
  int mistake_grid = -1;                            ///< its grid
  std::vector<std::vector<ExpectedFinding>> expected;  ///< per grid: the error findings it must produce
  nlohmann::ordered_json truth;                     ///< the truth file (card JSON + metadata), see MakeSynthCard
};

/// Makes one card. The truth JSON is a valid card (its "grids"), plus "image",
/// "seed", "ruleset", "profile", "style", "sheet_code", "conventions",
/// "mistake", "expected_findings" [{grid, code, row, column}], "rotation_deg",
/// "page_quad" (page corners in image pixels: TL, TR, BR, BL) and "cells"
/// [{grid, column, row, part, state, quad}] for every score cell of every
/// used column, quads in image pixels. `image_name` goes into "image".
SynthCard MakeSynthCard(const RulesetLibrary& rulesets, const DigitBank& digits, const SynthCardOptions& options,
                        const std::string& image_name);

}  // namespace scorecheck
