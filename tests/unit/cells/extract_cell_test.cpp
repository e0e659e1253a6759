// ExtractCell on cells drawn in the test: lines are not ink, and empty cells,
// numbers, cross-outs and ticks are told apart.

#include "cells/extract_cell.h"

#include <cmath>
#include <utility>
#include <vector>

#include <gtest/gtest.h>
#include <opencv2/imgproc.hpp>

namespace scorecheck {
namespace {

// A page strip with one ruled 160 x 80 cell at (40, 40); `draw` adds ink.
struct CellPage {
  cv::Mat page{160, 240, CV_8U, cv::Scalar(250)};
  cv::Rect2f cell{40, 40, 160, 80};
  CellPage() { cv::rectangle(page, cv::Rect(40, 40, 160, 80), cv::Scalar(40), 2); }
};

// Two blobs, the first the 1 written over the left line: it starts left of
// page column `left_of` and is taller than `taller_than`.
void ExpectTheOneOnTheLeftLine(const CellInk& ink, int left_of, int taller_than) {
  ASSERT_EQ(ink.blobs.size(), 2u);
  EXPECT_LT(ink.crop_in_page.x + ink.blobs[0].x, left_of);
  EXPECT_GT(ink.blobs[0].height, taller_than);
}

TEST(ExtractCellTest, BorderLinesAloneAreEmpty) {
  CellPage c;
  const CellInk ink = ExtractCell(c.page, c.cell, CellPart::kValue);
  EXPECT_EQ(ink.kind, InkKind::kEmpty);
  EXPECT_TRUE(ink.blobs.empty());
}

TEST(ExtractCellTest, BorderRemnantsAreEmpty) {
  // The grid placed 3 px off the printed lines, and a stub where a thick line
  // thins out: what is left of the lines is not ink of the cell.
  CellPage c;
  cv::line(c.page, cv::Point(40, 119), cv::Point(110, 119), cv::Scalar(40), 3);
  cv::line(c.page, cv::Point(199, 40), cv::Point(199, 90), cv::Scalar(40), 3);
  const CellInk ink = ExtractCell(c.page, cv::Rect2f(43, 43, 160, 80), CellPart::kValue);
  EXPECT_EQ(ink.kind, InkKind::kEmpty);
}

TEST(ExtractCellTest, FaintPencilOnQuietPaperIsInkWhole) {
  // Light pencil on a low-resolution photo: "19" drawn at 226 on paper at
  // 250 with a little noise. Under the fixed caps (certain ink below 220)
  // none of it is ink; on quiet paper the caps rise with the paper.
  CellPage c;
  cv::putText(c.page, "19", cv::Point(80, 100), cv::FONT_HERSHEY_SIMPLEX, 1.6, cv::Scalar(226), 3);
  cv::Mat noise(c.page.size(), CV_8S);
  cv::randn(noise, 0, 2);
  cv::add(c.page, noise, c.page, cv::noArray(), CV_8U);
  const CellInk ink = ExtractCell(c.page, c.cell, CellPart::kValue);
  EXPECT_EQ(ink.kind, InkKind::kNumber);
  EXPECT_EQ(ink.blobs.size(), 2u);
  CellOptions fixed_caps;
  fixed_caps.faint_strong_sigmas = 0;
  EXPECT_EQ(ExtractCell(c.page, c.cell, CellPart::kValue, fixed_caps).kind, InkKind::kEmpty);
}

// A "7" as a copier that lays its toner down in patches leaves a pale pen
// stroke: beads of ink at `level`, each a speck alone (a disc of radius 2,
// 13 px, under CellOptions::min_blob_fraction of the cell), 7 px apart
// centre to centre.
void DrawSevenOfBeads(cv::Mat& page, int level) {
  const cv::Point2d bar_from(80, 60), corner(120, 60), foot(96, 108);
  for (const auto& [from, to] : {std::pair{bar_from, corner}, std::pair{corner, foot}}) {
    const int beads = static_cast<int>(cv::norm(to - from) / 7);
    for (int i = 0; i <= beads; ++i) {
      const cv::Point2d at = from + (to - from) * (static_cast<double>(i) / beads);
      cv::circle(page, cv::Point(cvRound(at.x), cvRound(at.y)), 2, cv::Scalar(level), cv::FILLED);
    }
  }
}

TEST(ExtractCellTest, ADigitACopierBrokeIntoBeadsMayBeWritingInAnEmptyBox) {
  // Each bead alone is a speck: the box reads as empty, but not surely.
  CellPage c;
  DrawSevenOfBeads(c.page, 90);
  const CellInk ink = ExtractCell(c.page, c.cell, CellPart::kValue);
  EXPECT_EQ(ink.kind, InkKind::kEmpty);
  EXPECT_TRUE(ink.may_hold_writing);
  CellOptions each_alone;
  each_alone.bead_gap = 0;
  EXPECT_FALSE(ExtractCell(c.page, c.cell, CellPart::kValue, each_alone).may_hold_writing);
  // Specks as pale as a dim photo's grain string into nothing.
  CellPage pale;
  DrawSevenOfBeads(pale.page, 215);
  EXPECT_FALSE(ExtractCell(pale.page, pale.cell, CellPart::kValue).may_hold_writing);
}

TEST(ExtractCellTest, ScatteredTonerDustIsNoWriting) {
  // A copy's dust: specks of the same size and darkness as the beads above,
  // a few dozen pixels apart, strung along nothing.
  CellPage c;
  for (const cv::Point at : {cv::Point(60, 55), cv::Point(95, 70), cv::Point(130, 52), cv::Point(170, 66),
                             cv::Point(75, 95), cv::Point(115, 104), cv::Point(150, 90), cv::Point(185, 100)})
    cv::circle(c.page, at, 2, cv::Scalar(90), cv::FILLED);
  const CellInk ink = ExtractCell(c.page, c.cell, CellPart::kValue);
  EXPECT_EQ(ink.kind, InkKind::kEmpty);
  EXPECT_FALSE(ink.may_hold_writing);
}

TEST(ExtractCellTest, PaperNoiseInAnEmptyBoxIsNotInk) {
  // Grainy paper (248 +- 5): its darkest specks lie a dozen levels below
  // it, too close to be faint writing.
  CellPage c;
  cv::Mat noise(c.page.size(), CV_8S);
  cv::randn(noise, -2, 5);
  cv::add(c.page, noise, c.page, cv::noArray(), CV_8U);
  EXPECT_EQ(ExtractCell(c.page, c.cell, CellPart::kValue).kind, InkKind::kEmpty);
}

TEST(ExtractCellTest, AColumnLineOffTheLatticeIsNotInk) {
  // A page straightened from a steep photo: the column line runs 10 px right
  // of where the lattice puts the cell's left side, past the band the line
  // removal looks in, from the top of the crop to its bottom. Its strip left
  // beside the band is no "1".
  cv::Mat page(160, 240, CV_8U, cv::Scalar(250));
  for (int y : {40, 120}) cv::line(page, cv::Point(20, y), cv::Point(220, y), cv::Scalar(40), 2);
  for (int x : {50, 200}) cv::line(page, cv::Point(x, 0), cv::Point(x, 159), cv::Scalar(40), 3);
  const cv::Rect2f cell(40, 40, 160, 80);
  EXPECT_EQ(ExtractCell(page, cell, CellPart::kValue).kind, InkKind::kEmpty);
  // A 1 written there stays inside its box: ink.
  cv::line(page, cv::Point(60, 55), cv::Point(60, 108), cv::Scalar(60), 3);
  const CellInk ink = ExtractCell(page, cell, CellPart::kValue);
  EXPECT_EQ(ink.kind, InkKind::kNumber);
  ASSERT_EQ(ink.blobs.size(), 1u);
  EXPECT_GT(ink.crop_in_page.x + ink.blobs[0].x, 55);
}

// A cross-out whose arms run into a thin column line off the lattice: the
// line is taken out before the mark is looked at, and the mark is a cross,
// not one odd shape with the line.
TEST(ExtractCellTest, ACrossTouchingAColumnLineOffTheLatticeIsCrossed) {
  const cv::Rect2f cell(40, 40, 160, 80);
  cv::Mat page(160, 240, CV_8U, cv::Scalar(250));
  for (int y : {40, 120}) cv::line(page, cv::Point(20, y), cv::Point(220, y), cv::Scalar(40), 2);
  cv::line(page, cv::Point(200, 0), cv::Point(200, 159), cv::Scalar(40), 3);
  cv::line(page, cv::Point(50, 0), cv::Point(50, 159), cv::Scalar(40), 2);
  cv::line(page, cv::Point(50, 72), cv::Point(180, 108), cv::Scalar(50), 3);
  cv::line(page, cv::Point(50, 108), cv::Point(180, 52), cv::Scalar(50), 3);
  EXPECT_EQ(ExtractCell(page, cell, CellPart::kValue).kind, InkKind::kCrossed);
}

TEST(ExtractCellTest, ASliverAlongABorderIsNotInk) {
  // The edge of a blurred line, one pixel thick, just inside the top border
  // near the corner, beside a digit.
  CellPage c;
  cv::line(c.page, cv::Point(45, 44), cv::Point(64, 44), cv::Scalar(60), 1);
  cv::putText(c.page, "6", cv::Point(105, 100), cv::FONT_HERSHEY_SIMPLEX, 1.6, cv::Scalar(60), 4);
  const CellInk ink = ExtractCell(c.page, c.cell, CellPart::kValue);
  EXPECT_EQ(ink.kind, InkKind::kNumber);
  ASSERT_EQ(ink.blobs.size(), 1u);
  EXPECT_GT(ink.crop_in_page.x + ink.blobs[0].x, 90);  // the 6, not the sliver
}

// The blurred edge of a thick frame beside the box, a pixel or two wide
// along the right side, joined round the corner to the end of a row line:
// no sliver by its box, but nowhere a pen's width. An empty box; a "4"
// written there stays.
TEST(ExtractCellTest, AThinPieceAlongASideAndRoundACornerIsNotInk) {
  CellPage c;
  cv::line(c.page, cv::Point(185, 47), cv::Point(185, 112), cv::Scalar(60), 1);
  cv::line(c.page, cv::Point(186, 47), cv::Point(186, 112), cv::Scalar(90), 1);
  cv::line(c.page, cv::Point(172, 47), cv::Point(185, 47), cv::Scalar(60), 1);
  EXPECT_EQ(ExtractCell(c.page, c.cell, CellPart::kValue).kind, InkKind::kEmpty);
  cv::putText(c.page, "4", cv::Point(100, 100), cv::FONT_HERSHEY_SIMPLEX, 1.6, cv::Scalar(60), 4);
  const CellInk ink = ExtractCell(c.page, c.cell, CellPart::kValue);
  EXPECT_EQ(ink.kind, InkKind::kNumber);
  ASSERT_EQ(ink.blobs.size(), 1u);
  EXPECT_LT(ink.crop_in_page.x + ink.blobs[0].br().x, 170);  // the 4 alone
}

// What the line removal leaves of a row line in a blurred, tilted photo:
// short blocks where the line steps from one pixel row to the next, each a
// few pixels across it. On their own they are no mark; beside a digit they
// do not join its mark, unless they lie next to it (its own stroke cut off
// along the line).
TEST(ExtractCellTest, PiecesOfARowLineAreNotInk) {
  CellPage c;
  for (const cv::Rect piece : {cv::Rect(70, 37, 5, 7), cv::Rect(120, 38, 4, 6), cv::Rect(176, 116, 6, 7)})
    cv::rectangle(c.page, piece, cv::Scalar(40), cv::FILLED);
  const CellInk empty = ExtractCell(c.page, c.cell, CellPart::kValue);
  EXPECT_EQ(empty.kind, InkKind::kEmpty);
  EXPECT_TRUE(empty.blobs.empty());
  // A 4 in the box's middle-left: the pieces at 120 and 176 lie far from it.
  cv::line(c.page, cv::Point(66, 60), cv::Point(56, 92), cv::Scalar(60), 4);
  cv::line(c.page, cv::Point(56, 92), cv::Point(86, 92), cv::Scalar(60), 4);
  cv::line(c.page, cv::Point(78, 70), cv::Point(78, 108), cv::Scalar(60), 4);
  const CellInk four = ExtractCell(c.page, c.cell, CellPart::kValue);
  EXPECT_EQ(four.kind, InkKind::kNumber);
  // The 4, and the piece at 70 right over it (it may be the 4's own stroke).
  ASSERT_EQ(four.blobs.size(), 2u);
  for (const cv::Rect& blob : four.blobs) EXPECT_LT(four.crop_in_page.x + blob.x + blob.width, 100);
}

TEST(ExtractCellTest, AOneWrittenCloseToTheLeftLineIsInk) {
  // "19" with the 1 a few pixels right of the line, leaning a little: paper
  // between them, so not what the line removal left of the line.
  CellPage c;
  cv::line(c.page, cv::Point(52, 105), cv::Point(54, 57), cv::Scalar(60), 3);
  cv::putText(c.page, "9", cv::Point(90, 100), cv::FONT_HERSHEY_SIMPLEX, 1.6, cv::Scalar(60), 4);
  const CellInk ink = ExtractCell(c.page, c.cell, CellPart::kValue);
  EXPECT_EQ(ink.kind, InkKind::kNumber);
  EXPECT_EQ(ink.blobs.size(), 2u);
}

TEST(ExtractCellTest, AOneWrittenOnTheLeftLineIsInk) {
  // "15" with the 1 drawn over the left line: the line is wider there than
  // above and below it, so that stretch is pen, not line.
  CellPage c;
  cv::line(c.page, cv::Point(42, 105), cv::Point(43, 55), cv::Scalar(60), 3);
  cv::putText(c.page, "5", cv::Point(90, 100), cv::FONT_HERSHEY_SIMPLEX, 1.6, cv::Scalar(60), 4);
  const CellInk ink = ExtractCell(c.page, c.cell, CellPart::kValue);
  EXPECT_EQ(ink.kind, InkKind::kNumber);
  ASSERT_EQ(ink.blobs.size(), 2u);
  EXPECT_LT(ink.crop_in_page.x + ink.blobs[0].x, 46);
  EXPECT_GT(ink.blobs[0].height, 40);  // the 1's stretch, not the whole line
  EXPECT_LT(ink.blobs[0].height, 60);
  // Without the test the 1 goes with the line.
  CellOptions no_pen_test;
  no_pen_test.pen_along_side = 0;
  EXPECT_EQ(ExtractCell(c.page, c.cell, CellPart::kValue, no_pen_test).blobs.size(), 1u);
}

TEST(ExtractCellTest, AOneOnTheLeftLineGoesWithTheNumberBesideIt) {
  // "18" with the 1 over the left line and mostly left of it, the 8 close
  // after it: the stroke leans out of the cell, but the number beside it
  // says whose it is.
  CellPage c;
  cv::line(c.page, cv::Point(38, 105), cv::Point(38, 57), cv::Scalar(60), 4);
  cv::putText(c.page, "8", cv::Point(48, 100), cv::FONT_HERSHEY_SIMPLEX, 1.6, cv::Scalar(60), 4);
  const CellInk ink = ExtractCell(c.page, c.cell, CellPart::kValue);
  EXPECT_EQ(ink.kind, InkKind::kNumber);
  ExpectTheOneOnTheLeftLine(ink, 40, 40);  // outside the line

  // The same stroke with the neighbour's number close to it on the other
  // side and nothing of ours: the neighbour's 1, written on its right line.
  CellPage n;
  cv::line(n.page, cv::Point(38, 105), cv::Point(38, 57), cv::Scalar(60), 4);
  cv::putText(n.page, "2", cv::Point(12, 100), cv::FONT_HERSHEY_SIMPLEX, 1.0, cv::Scalar(60), 3);
  EXPECT_EQ(ExtractCell(n.page, n.cell, CellPart::kValue).kind, InkKind::kEmpty);
}

TEST(ExtractCellTest, AOneJustBeyondTheLeftLineGoesWithTheNumberPushedAgainstIt) {
  // "10" run over the left side: the 1 (leaning) wholly left of the line,
  // the 0 close after it. Tested alone, with the pen-along-side test off: a
  // 1 that near the line is sometimes that test's too.
  CellOptions options;
  options.pen_along_side = 0;
  CellPage c;
  cv::line(c.page, cv::Point(25, 105), cv::Point(33, 57), cv::Scalar(60), 3);
  cv::putText(c.page, "0", cv::Point(48, 100), cv::FONT_HERSHEY_SIMPLEX, 1.6, cv::Scalar(60), 4);
  ExpectTheOneOnTheLeftLine(ExtractCell(c.page, c.cell, CellPart::kValue, options), 36, 40);
  // Switched off, it is the neighbour's ink.
  CellOptions off = options;
  off.beyond_side = 0;
  EXPECT_EQ(ExtractCell(c.page, c.cell, CellPart::kValue, off).blobs.size(), 1u);
  // Not beside printed labels, nor when our number keeps away from the line
  // (the neighbour's 1 written against its right line).
  EXPECT_EQ(ExtractCell(c.page, c.cell, CellPart::kValue, options, WrittenBeside{false, true}).blobs.size(), 1u);
  CellPage centred;
  cv::line(centred.page, cv::Point(25, 105), cv::Point(33, 57), cv::Scalar(60), 3);
  cv::putText(centred.page, "0", cv::Point(100, 100), cv::FONT_HERSHEY_SIMPLEX, 1.6, cv::Scalar(60), 4);
  EXPECT_EQ(ExtractCell(centred.page, centred.cell, CellPart::kValue, options).blobs.size(), 1u);
  // Nor a dot, nor a mark running on out of the crop (the neighbour's digit).
  CellPage dot;
  cv::circle(dot.page, cv::Point(32, 95), 3, cv::Scalar(60), -1);
  cv::putText(dot.page, "0", cv::Point(48, 100), cv::FONT_HERSHEY_SIMPLEX, 1.6, cv::Scalar(60), 4);
  EXPECT_EQ(ExtractCell(dot.page, dot.cell, CellPart::kValue, options).blobs.size(), 1u);
  CellPage long_mark;
  cv::line(long_mark.page, cv::Point(5, 100), cv::Point(32, 60), cv::Scalar(60), 3);
  cv::putText(long_mark.page, "0", cv::Point(48, 100), cv::FONT_HERSHEY_SIMPLEX, 1.6, cv::Scalar(60), 4);
  EXPECT_EQ(ExtractCell(long_mark.page, long_mark.cell, CellPart::kValue, options).blobs.size(), 1u);
}

TEST(ExtractCellTest, AOneOnTheFirstColumnsLeftLineIsInk) {
  // "17" in the first score column, the 1 over the left line and mostly left
  // of it, the 7 well after it; printed label text close on the other side.
  // Nearer to the label, the 1 went with it ("17" read 7) while nobody
  // writes there.
  CellPage c;
  cv::line(c.page, cv::Point(37, 105), cv::Point(39, 57), cv::Scalar(60), 4);
  cv::putText(c.page, "e", cv::Point(14, 100), cv::FONT_HERSHEY_SIMPLEX, 0.8, cv::Scalar(60), 2);
  cv::putText(c.page, "7", cv::Point(110, 100), cv::FONT_HERSHEY_SIMPLEX, 1.6, cv::Scalar(60), 4);
  EXPECT_EQ(ExtractCell(c.page, c.cell, CellPart::kValue).blobs.size(), 1u);  // a neighbour who writes: theirs
  ExpectTheOneOnTheLeftLine(ExtractCell(c.page, c.cell, CellPart::kValue, {}, WrittenBeside{false, true}), 40, 40);
}

TEST(ExtractCellTest, AOneOnTheLeftLineDownToTheBottomBorderIsInk) {
  // "18" with the 1 over the left line and mostly left of it, written down
  // to the bottom border with a pen lift near its foot: the line is wider
  // over two stretches, and runs alone only above the 1, in the lift, and in
  // the margin below the cell (the column line goes on into the next cell).
  // Looking for the line alone only next to the longer stretch found the
  // shorter one there, and the 1 was lost ("18" read 8 on a low-resolution
  // page).
  CellPage c;
  cv::line(c.page, cv::Point(40, 0), cv::Point(40, 159), cv::Scalar(40), 2);
  cv::line(c.page, cv::Point(37, 58), cv::Point(37, 88), cv::Scalar(60), 5);
  cv::line(c.page, cv::Point(37, 97), cv::Point(37, 117), cv::Scalar(60), 5);
  cv::putText(c.page, "8", cv::Point(46, 100), cv::FONT_HERSHEY_SIMPLEX, 1.6, cv::Scalar(60), 4);
  const CellInk ink = ExtractCell(c.page, c.cell, CellPart::kValue);
  EXPECT_EQ(ink.kind, InkKind::kNumber);
  ExpectTheOneOnTheLeftLine(ink, 38, 30);  // outside the line
}

TEST(ExtractCellTest, AOneDarkeningTheLeftLineIsInk) {
  // "18" with a thin 1 laid over the left line's left edge, as a pen over a
  // gray printed line: one pixel wider than the line's dark core, but where
  // pen and line overlap the line is darker. The widths alone missed it
  // ("18" read 8, card 0271 of seed 900024); the line's ink tells.
  CellPage c;
  cv::rectangle(c.page, cv::Rect(38, 0, 4, 160), cv::Scalar(80), cv::FILLED);  // the gray left line
  c.page(cv::Rect(37, 60, 1, 45)).setTo(110);                                    // the 1 beside it...
  c.page(cv::Rect(38, 60, 2, 45)).setTo(30);                                     // ... and over it
  cv::putText(c.page, "8", cv::Point(50, 100), cv::FONT_HERSHEY_SIMPLEX, 1.6, cv::Scalar(60), 4);
  const CellInk ink = ExtractCell(c.page, c.cell, CellPart::kValue);
  EXPECT_EQ(ink.kind, InkKind::kNumber);
  ExpectTheOneOnTheLeftLine(ink, 40, 40);
  CellOptions widths_only;
  widths_only.pen_heavier = 0;
  EXPECT_EQ(ExtractCell(c.page, c.cell, CellPart::kValue, widths_only).blobs.size(), 1u);
}

TEST(ExtractCellTest, AFaintOneAgainstTheLeftLineIsInk) {
  // "17" in a faint pen, the 1 touching the left line from inside, the end of
  // a printed label a little left of the line (nearer than the 7): the 1
  // widens the line's darker part by a pixel or two and leans into the cell,
  // so it is ours.
  CellPage c;
  cv::line(c.page, cv::Point(43, 108), cv::Point(43, 58), cv::Scalar(175), 3);
  cv::putText(c.page, "7", cv::Point(66, 100), cv::FONT_HERSHEY_SIMPLEX, 1.6, cv::Scalar(150), 3);
  cv::putText(c.page, "e", cv::Point(20, 90), cv::FONT_HERSHEY_SIMPLEX, 0.5, cv::Scalar(40), 1);
  const CellInk ink = ExtractCell(c.page, c.cell, CellPart::kValue);
  EXPECT_EQ(ink.kind, InkKind::kNumber);
  ExpectTheOneOnTheLeftLine(ink, 46, 40);
}

TEST(ExtractCellTest, AZeroTouchingTheLeftLineGainsNoBar) {
  // A 0 whose left curve runs over the left line: a pen along the line,
  // leaning into the cell. What lies beyond the line is kept; the line's own
  // pixels would add a bar to the 0 (read "10").
  CellPage c;
  cv::ellipse(c.page, cv::Point(54, 80), cv::Size(14, 30), 0, 0, 360, cv::Scalar(60), 4);
  const CellInk ink = ExtractCell(c.page, c.cell, CellPart::kValue);
  EXPECT_EQ(ink.kind, InkKind::kNumber);
  ASSERT_EQ(ink.blobs.size(), 1u);
  EXPECT_GE(ink.crop_in_page.x + ink.blobs[0].x, 42);  // right of the line (x 39..41)
  EXPECT_GT(ink.blobs[0].height, 55);
}

TEST(ExtractCellTest, PaleEdgesAlongALineAreNotAPen) {
  // A line turned by a fraction of a pixel: over half the cell its pale,
  // anti-aliased edge is a few pixels wider, at the ink threshold. Only dark
  // pixels beside a line are a pen stroke along it (counting the pale ones, a
  // "1" appeared in the empty box).
  CellPage c;
  cv::rectangle(c.page, cv::Rect(201, 60, 2, 45), cv::Scalar(222), cv::FILLED);
  cv::rectangle(c.page, cv::Rect(41, 60, 4, 45), cv::Scalar(222), cv::FILLED);
  EXPECT_EQ(ExtractCell(c.page, c.cell, CellPart::kValue).kind, InkKind::kEmpty);
}

TEST(ExtractCellTest, AOneLeaningBesideTheRightLineIsInk) {
  // "21" with the 1 squeezed against the right line, leaning back, with paper
  // between them: upright, thin and near the side like what the line removal
  // leaves of a line, but not as high as the cell.
  CellPage c;
  cv::putText(c.page, "2", cv::Point(140, 100), cv::FONT_HERSHEY_SIMPLEX, 1.6, cv::Scalar(60), 4);
  cv::line(c.page, cv::Point(192, 108), cv::Point(188, 60), cv::Scalar(60), 3);
  const CellInk ink = ExtractCell(c.page, c.cell, CellPart::kValue);
  EXPECT_EQ(ink.kind, InkKind::kNumber);
  ASSERT_EQ(ink.blobs.size(), 2u);
  EXPECT_GT(ink.crop_in_page.x + ink.blobs[1].x, 185);
  // Taken for a remnant by the rule before (any upright piece as high as
  // 0.4 of the cell), the 1 was lost: 21 read 2.
  CellOptions low_remnants;
  low_remnants.remnant_height = 0.4;
  EXPECT_EQ(ExtractCell(c.page, c.cell, CellPart::kValue, low_remnants).blobs.size(), 1u);
}

TEST(ExtractCellTest, TwoDigitsAreANumberWithTwoBlobs) {
  CellPage c;
  cv::putText(c.page, "47", cv::Point(85, 100), cv::FONT_HERSHEY_SIMPLEX, 1.6, cv::Scalar(60), 4);
  const CellInk ink = ExtractCell(c.page, c.cell, CellPart::kValue);
  EXPECT_EQ(ink.kind, InkKind::kNumber);
  EXPECT_EQ(ink.blobs.size(), 2u);
  EXPECT_LT(ink.blobs[0].x, ink.blobs[1].x);
}

TEST(ExtractCellTest, DigitTouchingTheBorderKeepsItsInk) {
  CellPage c;
  // A 7 whose foot runs over the bottom border.
  cv::line(c.page, cv::Point(100, 60), cv::Point(130, 60), cv::Scalar(60), 4);
  cv::line(c.page, cv::Point(130, 60), cv::Point(110, 128), cv::Scalar(60), 4);
  const CellInk ink = ExtractCell(c.page, c.cell, CellPart::kValue);
  EXPECT_EQ(ink.kind, InkKind::kNumber);
  ASSERT_EQ(ink.blobs.size(), 1u);
  EXPECT_GT(ink.blobs[0].height, 50);
}

TEST(ExtractCellTest, TheDigitBelowWrittenHighIsNotInk) {
  CellPage c;
  // The top of a "10" in the box below, over our bottom line and on down
  // past the crop's edge; inside our box it is most of what the crop shows.
  cv::line(c.page, cv::Point(100, 92), cv::Point(100, 159), cv::Scalar(60), 4);
  cv::ellipse(c.page, cv::Point(130, 130), cv::Size(12, 36), 0, 0, 360, cv::Scalar(60), 4);
  EXPECT_EQ(ExtractCell(c.page, c.cell, CellPart::kValue).kind, InkKind::kEmpty);
  // A digit of our own that runs as far down starts in the upper half.
  cv::line(c.page, cv::Point(70, 60), cv::Point(70, 159), cv::Scalar(60), 4);
  const CellInk ink = ExtractCell(c.page, c.cell, CellPart::kValue);
  EXPECT_EQ(ink.kind, InkKind::kNumber);
  ASSERT_EQ(ink.blobs.size(), 1u);
  EXPECT_LT(ink.crop_in_page.x + ink.blobs[0].x, 75);
}

TEST(ExtractCellTest, AStrokeAcrossTheBorderStaysWhole) {
  CellPage c;
  // A 7 whose bar lies above the top border: its stem crosses the line.
  cv::line(c.page, cv::Point(100, 30), cv::Point(130, 30), cv::Scalar(60), 4);
  cv::line(c.page, cv::Point(130, 30), cv::Point(112, 105), cv::Scalar(60), 4);
  const CellInk ink = ExtractCell(c.page, c.cell, CellPart::kValue);
  EXPECT_EQ(ink.kind, InkKind::kNumber);
  ASSERT_EQ(ink.blobs.size(), 1u);
  EXPECT_LT(ink.crop_in_page.y + ink.blobs[0].y, 33);  // the bar, beyond the line
  EXPECT_GT(ink.blobs[0].width, 25);
}

TEST(ExtractCellTest, AThickBlurredLineUnderDigitsWrittenLowIsNotInk) {
  // A low-resolution page upsampled to 8 px/mm: a 180 x 45 cell whose row
  // lines are 10 px thick and soft, and "00" written low, resting on the
  // bottom line. The line is thicker than the band the removal looks in; its
  // outer rows, left as ink, made the digits seem to cross it, and the line
  // under them was kept as a bar joining them.
  cv::Mat page(100, 260, CV_8U, cv::Scalar(250));
  for (int y : {30, 75}) cv::line(page, cv::Point(35, y), cv::Point(225, y), cv::Scalar(40), 10);
  for (int x : {40, 220}) cv::line(page, cv::Point(x, 25), cv::Point(x, 80), cv::Scalar(40), 3);
  for (int x : {90, 140})
    cv::ellipse(page, cv::Point(x, 58), cv::Size(14, 13), 0, 0, 360, cv::Scalar(60), 7);
  cv::GaussianBlur(page, page, cv::Size(0, 0), 1.5);
  const CellInk ink = ExtractCell(page, cv::Rect2f(40, 30, 180, 45), CellPart::kValue);
  EXPECT_EQ(ink.kind, InkKind::kNumber);
  ASSERT_EQ(ink.blobs.size(), 2u);
  // Each 0 ends where the line begins (its top edge at y 70), not at its foot.
  for (const cv::Rect& blob : ink.blobs) EXPECT_LE(ink.crop_in_page.y + blob.y + blob.height, 72);
}

TEST(ExtractCellTest, ASideLineThickerThanItsBandIsNotInk) {
  // A low-resolution page upsampled to 8 px/mm: a 180 x 60 cell whose side
  // lines are 16 px thick and soft, their middles 5 px inside the box (the
  // lattice a little off them), and "30" written in the middle. Cut at the
  // band the removal looks in, each line's inner edge stayed: a pixel-wide
  // upright piece (a leading 1, "130") and, where the line's edges stood on
  // both sides of what was taken, the line itself as if a stroke crossed it:
  // the empty box held a mark.
  cv::Mat page(120, 280, CV_8U, cv::Scalar(250));
  for (int y : {30, 90}) cv::line(page, cv::Point(25, y), cv::Point(255, y), cv::Scalar(40), 5);
  for (int x : {45, 215}) cv::line(page, cv::Point(x, 15), cv::Point(x, 105), cv::Scalar(40), 16);
  cv::Mat empty = page.clone();
  cv::ellipse(page, cv::Point(115, 60), cv::Size(11, 15), 0, -90, 90, cv::Scalar(60), 5);
  cv::line(page, cv::Point(104, 45), cv::Point(115, 45), cv::Scalar(60), 5);
  cv::line(page, cv::Point(104, 75), cv::Point(115, 75), cv::Scalar(60), 5);
  cv::ellipse(page, cv::Point(150, 60), cv::Size(11, 15), 0, 0, 360, cv::Scalar(60), 5);
  // Blur and a JPEG's grain: the lines' edges waver by a pixel or two.
  cv::RNG rng(7);
  for (cv::Mat* m : {&page, &empty}) {
    cv::GaussianBlur(*m, *m, cv::Size(0, 0), 1.6);
    cv::Mat grain(m->size(), CV_16S);
    rng.fill(grain, cv::RNG::NORMAL, 0, 10);
    cv::Mat noisy;
    m->convertTo(noisy, CV_16S);
    noisy += grain;
    noisy.convertTo(*m, CV_8U);
  }
  const cv::Rect2f cell(40, 30, 180, 60);
  EXPECT_EQ(ExtractCell(empty, cell, CellPart::kValue).kind, InkKind::kEmpty);
  const CellInk ink = ExtractCell(page, cell, CellPart::kValue);
  EXPECT_EQ(ink.kind, InkKind::kNumber);
  ASSERT_EQ(ink.blobs.size(), 2u);
  // Nothing of the left line: the first blob is the 3, 50 px from it.
  EXPECT_GT(ink.crop_in_page.x + ink.blobs[0].x, 90);
}

TEST(ExtractCellTest, CrossOutsAreCrossed) {
  CellPage x;
  cv::line(x.page, cv::Point(60, 50), cv::Point(180, 110), cv::Scalar(50), 3);
  cv::line(x.page, cv::Point(60, 110), cv::Point(180, 50), cv::Scalar(50), 3);
  EXPECT_EQ(ExtractCell(x.page, x.cell, CellPart::kValue).kind, InkKind::kCrossed);
  CellPage stroke;
  cv::line(stroke.page, cv::Point(55, 82), cv::Point(185, 78), cv::Scalar(50), 3);
  EXPECT_EQ(ExtractCell(stroke.page, stroke.cell, CellPart::kValue).kind, InkKind::kCrossed);
  // A dash drawn rising across the box: over a third of the box's height, so
  // not a flat stroke, but one thin straight stroke lying down.
  CellPage dash;
  cv::line(dash.page, cv::Point(58, 94), cv::Point(188, 68), cv::Scalar(50), 3);
  EXPECT_EQ(ExtractCell(dash.page, dash.cell, CellPart::kValue).kind, InkKind::kCrossed);
}

TEST(ExtractCellTest, ABroadPenDashIsCrossed) {
  // A short dash drawn with a broad pen, slightly tilted: under five times
  // longer than thick and short of the box's width, but a solid bar.
  CellPage dash;
  cv::line(dash.page, cv::Point(88, 84), cv::Point(146, 76), cv::Scalar(50), 16);
  EXPECT_EQ(ExtractCell(dash.page, dash.cell, CellPart::kValue).kind, InkKind::kCrossed);
  // As long and thin, but with a hook at its end (a 7 lying down), it does
  // not fill its hull: a number.
  CellPage hook;
  cv::line(hook.page, cv::Point(80, 84), cv::Point(150, 80), cv::Scalar(50), 12);
  cv::line(hook.page, cv::Point(150, 80), cv::Point(144, 96), cv::Scalar(50), 12);
  EXPECT_EQ(ExtractCell(hook.page, hook.cell, CellPart::kValue).kind, InkKind::kNumber);
}

TEST(ExtractCellTest, CrossOutStrokesAreStraightCrammedDigitsAreNot) {
  // A small cell as on a 75 dpi scan of a four-grid page, brought up to 8 px/mm.
  auto small_cell = [] {
    cv::Mat page(100, 120, CV_8U, cv::Scalar(250));
    cv::rectangle(page, cv::Rect(20, 20, 64, 48), cv::Scalar(40), 2);
    return page;
  };
  const cv::Rect2f cell(20, 20, 64, 48);
  cv::Mat x = small_cell();
  cv::line(x, {30, 28}, {74, 60}, cv::Scalar(60), 6);
  cv::line(x, {30, 60}, {74, 28}, cv::Scalar(60), 6);
  const CellInk crossed = ExtractCell(x, cell, CellPart::kValue);
  EXPECT_EQ(crossed.kind, InkKind::kCrossed);
  EXPECT_GT(crossed.straightness, 0.85);
  // A bold "24" filling the box: its thick strokes lie near the diagonals,
  // but hardly more of them than of ink spread evenly over the box. It passed
  // the shape test when the plain share near the diagonals was asked for.
  cv::Mat number = small_cell();
  cv::putText(number, "24", {31, 55}, cv::FONT_HERSHEY_SIMPLEX, 1.2, cv::Scalar(70), 6);
  EXPECT_EQ(ExtractCell(number, cell, CellPart::kValue).kind, InkKind::kNumber);
  // A number written small, flat and joined up across the box (a wave of
  // loops) is taken for a dash, but its centre line curves away from a
  // straight one: the reader gets a say.
  cv::Mat flat = small_cell();
  std::vector<cv::Point> wave;
  for (int x = 28; x <= 74; ++x) wave.emplace_back(x, 44 + static_cast<int>(std::lround(5 * std::sin((x - 28) * 0.45))));
  cv::polylines(flat, wave, false, cv::Scalar(70), 2);
  const CellInk dash = ExtractCell(flat, cell, CellPart::kValue);
  ASSERT_EQ(dash.kind, InkKind::kCrossed);
  EXPECT_LT(dash.straightness, 0.7);
}

TEST(ExtractCellTest, ALongFlatDigitBesideAnotherIsANumber) {
  // "21" with the 2 written as one long low wave and the 1 upright beside
  // it: the 2 alone would pass for a dash striking the box out.
  CellPage c;
  std::vector<cv::Point> two;
  for (int x = 60; x <= 140; ++x) two.emplace_back(x, 96 - (x - 60) / 5 + static_cast<int>(std::lround(3 * std::sin((x - 60) * 0.12))));
  cv::polylines(c.page, two, false, cv::Scalar(60), 3);
  cv::line(c.page, cv::Point(170, 52), cv::Point(164, 104), cv::Scalar(60), 3);
  EXPECT_EQ(ExtractCell(c.page, c.cell, CellPart::kValue).kind, InkKind::kNumber);
  CellOptions dash_alone;
  dash_alone.digit_beside_dash = 0;
  dash_alone.cross_overlap = 0;
  EXPECT_EQ(ExtractCell(c.page, c.cell, CellPart::kValue, dash_alone).kind, InkKind::kCrossed);
  // The same stroke beside the end of the left neighbour's digit reaching in
  // over the line is a cross-out still.
  CellPage spill;
  cv::polylines(spill.page, two, false, cv::Scalar(60), 3);
  cv::ellipse(spill.page, cv::Point(36, 80), cv::Size(16, 26), 0, -60, 60, cv::Scalar(60), 3);
  const CellInk crossed = ExtractCell(spill.page, spill.cell, CellPart::kValue);
  EXPECT_EQ(crossed.blobs.size(), 2u);
  EXPECT_EQ(crossed.kind, InkKind::kCrossed);
}

TEST(ExtractCellTest, ThreeTicksAreCounted) {
  CellPage c;
  for (int i = 0; i < 3; ++i) {
    const int x = 70 + i * 40;
    cv::line(c.page, cv::Point(x, 85), cv::Point(x + 8, 100), cv::Scalar(50), 3);
    cv::line(c.page, cv::Point(x + 8, 100), cv::Point(x + 22, 58), cv::Scalar(50), 3);
  }
  const CellInk ink = ExtractCell(c.page, c.cell, CellPart::kChecks);
  EXPECT_EQ(ink.kind, InkKind::kTicks);
  EXPECT_EQ(ink.ticks, 3);
}

TEST(ExtractCellTest, FaintPencilIsInk) {
  CellPage c;
  cv::putText(c.page, "5", cv::Point(100, 100), cv::FONT_HERSHEY_SIMPLEX, 1.6, cv::Scalar(175), 2);
  EXPECT_EQ(ExtractCell(c.page, c.cell, CellPart::kValue).kind, InkKind::kNumber);
}

TEST(ExtractCellTest, BlurredFaintWritingIsInk) {
  // A low-resolution scan of light pencil: blurred, nowhere darker than 212.
  CellPage c;
  cv::Mat ink(c.page.size(), CV_8U, cv::Scalar(0));
  cv::putText(ink, "17", cv::Point(90, 100), cv::FONT_HERSHEY_SIMPLEX, 1.4, cv::Scalar(255), 3);
  cv::GaussianBlur(ink, ink, cv::Size(0, 0), 2.0);
  double peak = 0;
  cv::minMaxLoc(ink, nullptr, &peak);
  cv::Mat faint;
  ink.convertTo(faint, CV_8U, 38.0 / peak);  // at most 38 below the paper
  c.page -= faint;
  double darkest = 0;
  cv::minMaxLoc(c.page(cv::Rect(60, 50, 120, 60)), &darkest);
  ASSERT_GE(darkest, 210);
  EXPECT_EQ(ExtractCell(c.page, c.cell, CellPart::kValue).kind, InkKind::kNumber);
  CellOptions darker_only;  // certain ink only below 200, caps fixed: the faint number is lost
  darker_only.max_strong_ink = 200;
  darker_only.faint_strong_sigmas = 0;
  EXPECT_EQ(ExtractCell(c.page, c.cell, CellPart::kValue, darker_only).kind, InkKind::kEmpty);
}

TEST(ExtractCellTest, LightingIsFlattened) {
  cv::Mat page(200, 300, CV_8UC3);
  for (int x = 0; x < page.cols; ++x) page.col(x).setTo(cv::Scalar::all(120 + x * 120 / page.cols));  // a shadow
  const cv::Mat normalized = NormalizeLighting(page);
  EXPECT_GT(normalized.at<uchar>(100, 10), 235);
  EXPECT_GT(normalized.at<uchar>(100, 290), 235);
}

}  // namespace
}  // namespace scorecheck
