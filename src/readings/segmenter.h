#pragma once
// Readings stage, inside: segmentation by recognition. Used by ReadCell();
// not part of the stage's contract.

#include <algorithm>
#include <vector>

#include <opencv2/core.hpp>

#include "readings/read_cell.h"

namespace scorecheck {

/// A glyph read as one digit: its scores and its log score (best probability
/// plus its shape penalty).
struct ReadGlyph {
  cv::Rect box;
  DigitScores scores{};
  double log_score = 0;
};

/// One way of reading a cell's ink as digits: its glyphs left to right, and
/// its log score (the glyphs' own plus the priors' costs).
struct ScoredSegmentation {
  std::vector<ReadGlyph> glyphs;
  double log_score = 0;
};

/// A glyph's best probability counts as at least this in its log score and
/// in its segmentation's prior factor: a glyph no digit fits must not make
/// either infinite.
inline constexpr double kLeastGlyphProbability = 1e-6;

/// The best probability among `scores`.
inline double BestProbability(const DigitScores& scores) { return *std::max_element(scores.begin(), scores.end()); }

/// The best segmentations of `ink`'s blobs into digits (at most
/// options.max_segmentations, best first, none scoring below
/// options.min_log_score); empty when nothing reads as a number.
std::vector<ScoredSegmentation> SegmentNumber(const CellInk& ink, DigitReader& reader, const ReadOptions& options);

}  // namespace scorecheck
