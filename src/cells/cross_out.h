#pragma once
// Cells stage, inside: shape evidence that a box is struck out, however its
// mark lies in the box: two long straight strokes crossing (an X, wide and
// flat or tall), or a scribble. Used by ClassifyMark(); not part of the
// stage's contract.

#include <vector>

#include <opencv2/core.hpp>

#include "cells/extract_cell.h"

namespace scorecheck {

/// A pixel is on the ridge of the distance to the paper (a stroke's centre
/// line) when its distance is its 3 x 3 neighbourhood's largest; this much
/// (pixels) below it still counts: float rounding, not a tolerance.
constexpr float kRidgeSlack = 1e-3f;
/// Accuracy of cv::fitLine's robust fit, for both the distance (pixels) and
/// the angle (radians): OpenCV's recommended 0.01, well under a pixel.
constexpr double kFitLineAccuracy = 0.01;
/// Where cv::fitLine puts a point on the line in its 2-D result: the
/// direction (vx, vy) at 0 and 1, then the point (x0, y0).
constexpr int kLineX0 = 2, kLineY0 = 3;

/// True when the centre lines of `blob_masks` (CV_8U, crop size; their boxes
/// `blobs`) are two long straight strokes crossing each other near their
/// middles, leaning opposite ways: an X, whatever its aspect. Each stroke at
/// least options.cross_stroke_length of the mark's diagonal long and both
/// together holding options.cross_on_strokes of the centre line. A 7 (its
/// strokes meet at their ends), a 4 (an upright and a flat stroke, and a
/// third) and 1s (parallel) are not.
bool IsStrokeCross(const std::vector<cv::Rect>& blobs, const std::vector<cv::Mat>& blob_masks,
                   const CellOptions& options);

/// True when `mask` (CV_8U; the mark's box `box`, in a cell `cell_width` x
/// `cell_height`) is a scribble: spanning much of the box, and crossed by
/// more strokes per digit height, along its rows or its columns, than any
/// number has (options.scribble_strokes).
bool IsScribble(const cv::Mat& mask, const cv::Rect& box, double cell_width, double cell_height,
                const CellOptions& options);

}  // namespace scorecheck
