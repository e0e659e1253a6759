#pragma once
// Card stage: how far to trust each read cell. The reader's own scores, what
// the rule-aware choice did with them, the row's kind and how good the photo
// is are turned into measures (CellDoubtFeatures), and the doubt model
// (readings/doubt_model.h), fitted on synthetic cards whose truth is known,
// turns those into the probability that the card holds what was written.
// That probability is the cell's confidence: a person is asked to look at a
// cell below ScanOptions::min_confidence, chosen for a review budget.

#include <string>
#include <vector>

#include "grid/locate_grid.h"
#include "readings/doubt_model.h"
#include "rules/ruleset.h"
#include "scan/photo_quality.h"

namespace scorecheck {

struct ScannedCell;
struct ScanResult;

/// The measures' names, in the order CellDoubtFeatures() gives them (a doubt
/// model must have been fitted to exactly these).
const std::vector<std::string>& CellDoubtFeatureNames();

/// Throws Error when `model` was fitted to other measures than
/// CellDoubtFeatures() gives (fit it again: tools/doubt/fit_doubt.py).
void CheckDoubtModel(const DoubtModel& model);

/// What the page tells about every cell on it.
struct DoubtContext {
  PhotoQuality quality;                 ///< the photo of the grid
  GridSource source = GridSource::kNone;  ///< our own sheet (its code) or another printer's
};

/// The page's part of the measures, for every cell of `scan`.
DoubtContext DoubtContextOf(const ScanResult& scan);

/// Whether the doubt model weighs `cell`: a box read as holding something
/// (CardStatus not empty) and not a stray mark (whose confidence is 0).
bool DoubtWeighs(const ScannedCell& cell);

/// The measures of a read, non-empty cell after the rule-aware choice (its
/// `chosen`, `corrected`, `rules_chose` and `chosen_confidence` set; its
/// `probability_right` not used). `row` is its row's kind.
std::vector<double> CellDoubtFeatures(const ScannedCell& cell, RowKind row, const DoubtContext& page);

/// The cell's confidence once the doubt model has weighed it: its probability
/// of being right, except that a value the rules chose rather than the reader
/// read (ScannedCell::rules_chose) stays below `review_below`, however likely,
/// so that a person looks at it.
double Believed(const DoubtModel& model, const ScannedCell& cell, RowKind row, const DoubtContext& page,
                double review_below);

}  // namespace scorecheck
