// InkMask's levels: set by the writing in the box, not by a rule thicker
// than the margin kept clear of the box's lines.

#include "cells/ink_mask.h"

#include <gtest/gtest.h>
#include <opencv2/imgproc.hpp>

#include "cells/extract_cell.h"

namespace scorecheck {
namespace {

// A 5 mm row at 8 px/mm (a 126 x 40 box at (40, 40)) under a thick frame
// (1.5 mm, centred on the box's top line, as the lattice places it), thin
// rules elsewhere, and a light pencil "3" (at 200 on paper at 250).
struct FramedBox {
  cv::Mat page{120, 206, CV_8U, cv::Scalar(250)};
  cv::Rect2f cell{40, 40, 126, 40};
  FramedBox() {
    cv::rectangle(page, cv::Rect(40, 40, 126, 40), cv::Scalar(40), 2);
    page(cv::Rect(0, 34, 206, 12)).setTo(30);  // the frame: 6 px into the box
    cv::putText(page, "3", cv::Point(92, 74), cv::FONT_HERSHEY_SIMPLEX, 0.9, cv::Scalar(200), 2);
  }
};

// The frame's edge, inside the box's inset, had set the certain-ink level
// to half way from it to the paper (about 140): the pencil was paper, and a
// whole first row of a four-grid pad read as empty (scan200 0122).
TEST(InkMaskTest, AThickFrameReachingIntoTheBoxSetsNoLevel) {
  FramedBox box;
  const CellInk ink = ExtractCell(box.page, box.cell, CellPart::kValue);
  EXPECT_EQ(ink.kind, InkKind::kNumber);
  const cv::Rect inner(static_cast<int>(box.cell.x), static_cast<int>(box.cell.y), static_cast<int>(box.cell.width),
                       static_cast<int>(box.cell.height));
  const cv::Mat mask = InkMask(box.page, inner, CellOptions{}, false);
  const cv::Mat pencil = mask(cv::Rect(85, 50, 40, 28));
  EXPECT_GT(cv::countNonZero(pencil), 60);  // the 3's strokes, not only their darkest pixels
}

// The same pencil in a box with thin lines only is ink alike.
TEST(InkMaskTest, TheSamePencilUnderAThinLineIsInk) {
  FramedBox box;
  box.page(cv::Rect(0, 34, 206, 12)).setTo(250);
  cv::line(box.page, cv::Point(0, 40), cv::Point(205, 40), cv::Scalar(40), 2);
  EXPECT_EQ(ExtractCell(box.page, box.cell, CellPart::kValue).kind, InkKind::kNumber);
}

}  // namespace
}  // namespace scorecheck
