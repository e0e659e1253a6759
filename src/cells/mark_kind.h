#pragma once
// Cells stage, inside: what kind of mark a cell's ink is (a number, a
// cross-out, ticks) and the shape measures that tell. Used by ExtractCell();
// not part of the stage's contract.

#include <vector>

#include <opencv2/core.hpp>

#include "cells/extract_cell.h"

namespace scorecheck {

/// Sets `result.kind`, `confidence`, `ticks` and `straightness` from its
/// blobs (at least one, left to right, with their masks and `ink`), which
/// hold `ink_pixels` pixels in all. `part` says whether ticks are expected.
void ClassifyMark(CellInk& result, int ink_pixels, CellPart part, const CellOptions& options);

/// True when one stroke (`blob_mask` in `box`) holding most of the cell's
/// `ink_pixels` is a dash striking a box `cell_width` wide out.
bool IsDash(const cv::Mat& blob_mask, const cv::Rect& box, double cell_width, int ink_pixels,
            const CellOptions& options);

/// True when `blob` stands inside `cell` sideways, its middle clear of either side.
bool StandsInBox(const cv::Rect& blob, const cv::Rect2f& cell);

/// How much more of `blob_mask`'s pixels in `box` lie near one of the box's
/// diagonals than if they were spread evenly over it: 0 for even ink, 1 when
/// all of it does.
double DiagonalShare(const cv::Mat& blob_mask, const cv::Rect& box);

/// Share of the centre line of the blobs' strokes lying on one of two
/// straight lines, one per diagonal of their box (0..1).
double CentreLineStraightness(const std::vector<cv::Rect>& blobs, const std::vector<cv::Mat>& blob_masks);

}  // namespace scorecheck
