#pragma once
// Cells stage, inside: which pixels of a cell's crop are ink. Used by
// ExtractCell(); not part of the stage's contract.

#include <opencv2/core.hpp>

#include "cells/extract_cell.h"

namespace scorecheck {

/// The paper's gray on a page from NormalizeLighting.
constexpr int kPaper = 250;

/// Ink pixels of `gray` (a crop of a page from NormalizeLighting; `inner` is
/// the cell between its lines, crop coordinates): weak-ink regions that hold
/// some strong ink, at levels set by the darkest ink of the cell's interior.
/// CV_8U, 255 = ink, crop size.
cv::Mat InkMask(const cv::Mat& gray, const cv::Rect& inner, const CellOptions& options);

}  // namespace scorecheck
