#pragma once
// Cells stage, inside: taking a cell's ruled lines out of its ink mask. Used
// by ExtractCell(); not part of the stage's contract.

#include <algorithm>

#include <opencv2/core.hpp>

#include "cells/extract_cell.h"

namespace scorecheck {

/// How far from a border its ruled line is looked for, as a share of the
/// cell's height.
constexpr double kLineBand = 0.12;

/// That band in pixels, for `cell`.
inline int LineBand(const cv::Rect2f& cell) { return std::max(3, static_cast<int>(cell.height * kLineBand)); }

/// Removes the ruled lines along the four borders of `cell` (crop
/// coordinates) from `mask` (the crop's ink, CV_8U), except where a pen
/// stroke crosses or runs along them; `gray` is the crop of the page.
/// Returns the pixels kept on a side's line because a pen stroke of this
/// cell runs along it there (CV_8U, crop size; all 0 when none).
/// `box_alone`: the crop's margins are no measure of how a side's line looks
/// over the box (its own background was divided out, OwnBackgroundCrop(),
/// or the margins lie on other paper, MarginsOnOtherPaper()).
cv::Mat RemoveBorderLines(cv::Mat& mask, const cv::Mat& gray, const cv::Rect2f& cell, const CellOptions& options,
                          WrittenBeside beside, bool box_alone = false);

}  // namespace scorecheck
