#pragma once
// The box reader's input (issue 62): a score box, as found on the page, turned
// into the ink image that models/cells.onnx reads (its rows, columns and
// margins as the model's card says). This is the C++
// twin of testkit/cells/box_input.py, which made the training data; the two
// use the same OpenCV functions in the same order and agree to the bit
// (tests/unit/readings/box_input_test.cpp checks it against the Python output).
//
// Three steps:
// 1. crop: the box widened by margin_x of its height left and right and by
//    margin_y of its height above and below, rounded outwards to whole pixels;
//    pixels off the page repeat the page's edge (the crop wholly off the page:
//    white, 255);
// 2. resize (INTER_AREA) to `height` rows and round(crop width * height /
//    crop height) columns (ties to even, as Python's round), clamped to
//    min_width..width; the columns after it are paper (0);
// 3. ink: 1 - v / paper, clipped to 0..1, where paper is the resized crop's
//    paper_percentile-th percentile (the smallest level with at least that
//    share of pixels at or below it; at least 1).

#include <opencv2/core.hpp>

namespace scorecheck {

/// Shape and preparation of the box reader's input. The defaults are the
/// first models' contract; a model's card gives its own (LoadBoxModelCard,
/// from testkit/cells/box_input.py's constants when it was trained).
struct BoxInputOptions {
  int height = 32;                 ///< input rows, pixels; default 32
  int width = 128;                 ///< input columns, pixels; default 128
  int min_width = 8;               ///< narrowest resized crop, pixels; default 8
  double margin_x = 0.15;          ///< crop beyond the box's left and right sides, share of the box height; default 0.15
  double margin_y = 0.20;          ///< crop beyond the box's top and bottom sides, share of the box height; default 0.20
  double paper_percentile = 90;    ///< the crop's paper level: this percentile of its resized pixels, 0..100; default 90
  bool Check() const;              ///< true when every field is in range
};

/// The model input of the box `box_in_page` (page pixels) on `gray_page`
/// (CV_8UC1): `options.height` x `options.width` CV_32F, ink 0 (paper) .. 1
/// (black). A box of no height (or a crop of no area) gives all zeros.
/// Throws Error when gray_page is not CV_8UC1 or empty.
cv::Mat BoxInput(const cv::Mat& gray_page, const cv::Rect2f& box_in_page, const BoxInputOptions& options = {});

/// Columns of the resized crop for a crop of crop_width x crop_height pixels
/// (step 2 above): the input's columns after these are 0.
int BoxInputColumns(int crop_width, int crop_height, const BoxInputOptions& options = {});

}  // namespace scorecheck
