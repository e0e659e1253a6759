#pragma once
// Cells stage, inside: which pixels of a cell's crop are ink. Used by
// ExtractCell(); not part of the stage's contract.

#include <opencv2/core.hpp>

#include "cells/extract_cell.h"

namespace scorecheck {

/// The paper's gray on a page from NormalizeLighting.
constexpr int kPaper = 250;

/// The crop `crop` of `page` in gray with the box's own background brought to
/// the paper's level: divided by the page closed over a square of
/// options.background_kernel of the cell's height (`cell_height`, pixels),
/// where that lies below options.shaded_below anywhere in the crop; in
/// colour when the page has it, each channel by its own background, the
/// darkest ratio of the channels light enough to show ink. Otherwise the gray
/// crop as it is. `shaded` (if set) says which. `dark_fill` (if set)
/// receives the pixels whose own background is darker than any shading
/// (CellOptions::min_background: a header bar, or a blot of ink as wide as
/// the closing), CV_8U, crop size; all zero when the crop is not shaded.
cv::Mat OwnBackgroundCrop(const NormalizedPage& page, const cv::Rect& crop, double cell_height,
                          const CellOptions& options, bool* shaded = nullptr, cv::Mat* dark_fill = nullptr);

/// Whether the rows of `crop` above or below `cell` (crop coordinates) lie
/// on other paper than the cell: a shaded row beside a white one, told by
/// `paper` (the page's paper brightness from NormalizePage; empty: no).
/// Flattened, both come out white, but a rule printed over them does not:
/// lighter over the shading than over the white.
bool MarginsOnOtherPaper(const cv::Mat& paper, const cv::Rect& crop, const cv::Rect2f& cell);

/// Ink pixels of `gray` (a crop from OwnBackgroundCrop; `inner` is the cell
/// between its lines, crop coordinates): weak-ink regions that hold some
/// strong ink, at levels set by the darkest ink of the cell's interior, and
/// on a `shaded` crop kept clear of the shading's grain. CV_8U, 255 = ink,
/// crop size. `grain_hides_ink` (if set) says whether the grain was so
/// coarse that ink paler than CellOptions::strong_ink could not be told
/// from it (a copier's stipple for a tint): nothing found there is no proof
/// that nothing is written.
cv::Mat InkMask(const cv::Mat& gray, const cv::Rect& inner, const CellOptions& options, bool shaded = false,
                bool* grain_hides_ink = nullptr);

}  // namespace scorecheck
