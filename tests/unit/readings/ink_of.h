#pragma once
// Cell ink for the readings tests, built from rectangles instead of a page.

#include <vector>

#include <opencv2/core.hpp>

#include "cells/extract_cell.h"

namespace scorecheck::testing {

// A cell's ink built from rectangles of ink (crop 200 x 100, cell inset 20).
inline CellInk InkOf(const std::vector<cv::Rect>& rects) {
  CellInk ink;
  ink.kind = InkKind::kNumber;
  ink.ink = cv::Mat::zeros(100, 200, CV_8U);
  ink.cell_in_crop = cv::Rect2f(20, 20, 160, 60);
  for (const cv::Rect& r : rects) {
    cv::Mat mask = cv::Mat::zeros(ink.ink.size(), CV_8U);
    mask(r).setTo(255);
    ink.ink(r).setTo(200);
    ink.blobs.push_back(r);
    ink.blob_masks.push_back(mask);
  }
  return ink;
}

}  // namespace scorecheck::testing
