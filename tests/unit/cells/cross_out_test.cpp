// ExtractCell on cross-outs of every shape (an X narrow or wide and flat, one
// flat stroke, one diagonal stroke, a scribble) and on numbers written fast
// with straight strokes, which must stay numbers.

#include <cmath>
#include <vector>

#include <gtest/gtest.h>
#include <opencv2/imgproc.hpp>

#include "cells/extract_cell.h"

namespace scorecheck {
namespace {

// A page with one ruled cell `w` x `h` at (40, 40), paper 250.
struct Box {
  cv::Mat page;
  cv::Rect2f cell;
  Box(int w, int h) : page(h + 80, w + 80, CV_8U, cv::Scalar(250)), cell(40, 40, w, h) {
    cv::rectangle(page, cv::Rect(40, 40, w, h), cv::Scalar(40), 2);
  }
  // A hand-drawn stroke from `a` to `b` (cell coordinates), bowed by `bow` of
  // its length at its middle.
  void Stroke(cv::Point2d a, cv::Point2d b, double bow = 0.02, int width = 3) {
    const cv::Point2d d = b - a, normal(-d.y / std::hypot(d.x, d.y), d.x / std::hypot(d.x, d.y));
    std::vector<cv::Point> path;
    for (int i = 0; i <= 40; ++i) {
      const double t = i / 40.0;
      const cv::Point2d p = a + t * d + normal * (bow * std::hypot(d.x, d.y) * 4 * t * (1 - t));
      path.emplace_back(static_cast<int>(std::lround(40 + p.x)), static_cast<int>(std::lround(40 + p.y)));
    }
    cv::polylines(page, path, false, cv::Scalar(60), width);
  }
  InkKind Kind() const { return ExtractCell(page, cell, CellPart::kValue).kind; }
};

TEST(CrossOutTest, AnXOfAnyAspectIsCrossed) {
  Box tall(120, 80);
  tall.Stroke({20, 10}, {100, 70});
  tall.Stroke({100, 12}, {22, 68});
  EXPECT_EQ(tall.Kind(), InkKind::kCrossed);
  // Wide and flat: under half the box high, most of its width.
  Box flat(240, 80);
  flat.Stroke({30, 26}, {205, 54}, 0.03);
  flat.Stroke({210, 24}, {35, 52}, -0.02);
  const CellInk ink = ExtractCell(flat.page, flat.cell, CellPart::kValue);
  EXPECT_EQ(ink.kind, InkKind::kCrossed);
  EXPECT_TRUE(ink.struck_out);
  CellOptions no_stroke_test;
  no_stroke_test.cross_stroke_length = 0;
  EXPECT_EQ(ExtractCell(flat.page, flat.cell, CellPart::kValue, no_stroke_test).kind, InkKind::kNumber);
  // Flatter still, and thick.
  Box flatter(240, 80);
  flatter.Stroke({25, 32}, {215, 50}, 0.02, 6);
  flatter.Stroke({215, 30}, {25, 52}, 0.02, 6);
  EXPECT_EQ(flatter.Kind(), InkKind::kCrossed);
}

// A blurred photo's X, strokes five pixels wide, with the pixel-wide edge of
// a column line the line removal left hanging on one arm's end: the hair is
// not a stroke of the mark.
TEST(CrossOutTest, AnXWithAHairlineHangingOnAnArmIsCrossed) {
  Box box(160, 80);
  box.Stroke({30, 22}, {130, 56}, 0.02, 5);
  box.Stroke({128, 20}, {32, 58}, -0.02, 5);
  cv::line(box.page, cv::Point(40 + 32, 40 + 58), cv::Point(40 + 32, 40 + 78), cv::Scalar(90), 1);
  EXPECT_EQ(box.Kind(), InkKind::kCrossed);
}

TEST(CrossOutTest, AWideFlatXWithTheDigitBelowReachingInIsCrossed) {
  // The top of the number in the box below, written high, pokes over the
  // bottom line into the box beside the X.
  Box flat(240, 80);
  flat.Stroke({30, 20}, {200, 50});
  flat.Stroke({205, 18}, {35, 48});
  flat.Stroke({150, 95}, {160, 66}, 0.1);
  EXPECT_EQ(flat.Kind(), InkKind::kCrossed);
  CellOptions no_stroke_test;
  no_stroke_test.cross_stroke_length = 0;
  EXPECT_EQ(ExtractCell(flat.page, flat.cell, CellPart::kValue, no_stroke_test).kind, InkKind::kNumber);
}

TEST(CrossOutTest, OneStrokeIsCrossed) {
  Box flat(160, 80);
  flat.Stroke({15, 42}, {145, 38});
  EXPECT_EQ(flat.Kind(), InkKind::kCrossed);
  Box diagonal(160, 80);
  diagonal.Stroke({20, 68}, {140, 12});
  EXPECT_EQ(diagonal.Kind(), InkKind::kCrossed);
}

TEST(CrossOutTest, AScribbleIsCrossed) {
  // Up and down across the box, back and forth.
  Box up_down(160, 80);
  for (int i = 0; i < 9; ++i) up_down.Stroke({20.0 + 14 * i, i % 2 ? 12.0 : 68.0}, {34.0 + 14 * i, i % 2 ? 68.0 : 12.0}, 0);
  EXPECT_EQ(up_down.Kind(), InkKind::kCrossed);
  Box back_forth(160, 80);
  for (int i = 0; i < 6; ++i) back_forth.Stroke({i % 2 ? 140.0 : 20.0, 12.0 + 11 * i}, {i % 2 ? 20.0 : 140.0, 23.0 + 11 * i}, 0);
  EXPECT_EQ(back_forth.Kind(), InkKind::kCrossed);
  CellOptions no_scribbles;
  no_scribbles.scribble_strokes = 0;
  EXPECT_NE(ExtractCell(back_forth.page, back_forth.cell, CellPart::kValue, no_scribbles).kind, InkKind::kCrossed);
}

TEST(CrossOutTest, NumbersWrittenWithStraightStrokesStayNumbers) {
  // Fast, straight-stroked digits: a 7 (bar and stem meet at an end), a 4 (an
  // upright crossed by a flat bar, and a diagonal), 1s (parallel).
  auto seven = [](Box& b, double x) {
    b.Stroke({x, 14}, {x + 30, 14}, 0);
    b.Stroke({x + 30, 14}, {x + 10, 66}, 0);
  };
  auto one = [](Box& b, double x) { b.Stroke({x + 4, 12}, {x, 66}, 0); };
  auto four = [](Box& b, double x) {
    b.Stroke({x + 14, 12}, {x, 46}, 0);
    b.Stroke({x - 2, 46}, {x + 34, 46}, 0);
    b.Stroke({x + 26, 24}, {x + 24, 68}, 0);
  };
  Box b7(160, 80), b17(160, 80), b71(160, 80), b4(160, 80), b11(160, 80), b77(240, 80), b47(160, 80);
  seven(b7, 60);
  one(b17, 45);
  seven(b17, 70);
  seven(b71, 45);
  one(b71, 100);
  four(b4, 60);
  one(b11, 60);
  one(b11, 90);
  seven(b77, 60);
  seven(b77, 120);
  four(b47, 35);
  seven(b47, 90);
  for (const auto& [name, box] : std::vector<std::pair<const char*, Box*>>{
           {"7", &b7}, {"17", &b17}, {"71", &b71}, {"4", &b4}, {"11", &b11}, {"77", &b77}, {"47", &b47}})
    EXPECT_EQ(box->Kind(), InkKind::kNumber) << name;
}

TEST(CrossOutTest, NumbersInFontsStayNumbers) {
  for (const char* text : {"1111", "888", "1000", "74", "17", "41", "14", "71", "4"}) {
    Box b(200, 80);
    cv::putText(b.page, text, cv::Point(60, 100), cv::FONT_HERSHEY_SIMPLEX, 1.6, cv::Scalar(60), 3);
    EXPECT_EQ(b.Kind(), InkKind::kNumber) << text;
    Box italic(200, 80);
    cv::putText(italic.page, text, cv::Point(60, 100), cv::FONT_HERSHEY_SCRIPT_SIMPLEX, 1.6, cv::Scalar(60), 3);
    EXPECT_EQ(italic.Kind(), InkKind::kNumber) << text << " (script)";
  }
}

}  // namespace
}  // namespace scorecheck
