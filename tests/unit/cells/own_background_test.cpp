// ExtractCell on boxes printed on something other than white paper: a shaded
// row, striped rows, a tinted column, a colour band. Ink is what differs from
// the box's own background, so such a box left empty is empty, and writing in
// it is ink, no more.

#include <vector>

#include <gtest/gtest.h>
#include <opencv2/imgcodecs.hpp>
#include <opencv2/imgproc.hpp>

#include "cells/extract_cell.h"
#include "cells/ink_mask.h"

namespace scorecheck {
namespace {

const cv::Rect2f kCell(40, 100, 160, 80);

// A normalised gray strip (paper 250) of three rows of ruled 160 x 80 boxes,
// kCell in the middle one: `row_level` fills kCell's row across the strip,
// and `beside_level` the rows above and below it (250 = white).
cv::Mat ShadedStrip(int row_level, int beside_level = 250, double grain = 2) {
  cv::Mat page(280, 240, CV_8U, cv::Scalar(250));
  page(cv::Rect(0, 20, 240, 240)).setTo(beside_level);
  page(cv::Rect(0, 100, 240, 80)).setTo(row_level);
  cv::Mat noise(page.size(), CV_8S);
  cv::randn(noise, 0, grain);
  cv::add(page, noise, page, cv::noArray(), CV_8U);
  for (int y : {20, 100, 180, 260}) cv::line(page, cv::Point(0, y), cv::Point(239, y), cv::Scalar(40), 2);
  for (int x : {40, 200}) cv::line(page, cv::Point(x, 0), cv::Point(x, 279), cv::Scalar(40), 2);
  return page;
}

// "7" drawn with two strokes at `level` in kCell.
void DrawSeven(cv::Mat& page, const cv::Scalar& level) {
  cv::line(page, cv::Point(100, 118), cv::Point(140, 118), level, 4);
  cv::line(page, cv::Point(140, 118), cv::Point(112, 164), level, 4);
}

TEST(OwnBackgroundTest, AnEmptyShadedBoxIsEmpty) {
  for (int level : {200, 215, 230}) {
    const CellInk ink = ExtractCell(ShadedStrip(level), kCell, CellPart::kValue);
    EXPECT_EQ(ink.kind, InkKind::kEmpty) << "row at " << level;
    EXPECT_TRUE(ink.shaded) << "row at " << level;
  }
  // Against white paper alone, the shading was all ink.
  CellOptions white_paper;
  white_paper.shaded_below = 0;
  EXPECT_NE(ExtractCell(ShadedStrip(215), kCell, CellPart::kValue, white_paper).kind, InkKind::kEmpty);
}

TEST(OwnBackgroundTest, AGrainyShadedBoxIsEmpty) {
  // A printed tint's screen, or JPEG blocks: grain of 6 levels, 12 after the
  // division brings the shading to white.
  const CellInk ink = ExtractCell(ShadedStrip(205, 250, 6), kCell, CellPart::kValue);
  EXPECT_EQ(ink.kind, InkKind::kEmpty);
  EXPECT_FALSE(ink.may_hold_writing);  // writing would stand out of a grain that fine
}

// `page` with kCell's row printed as a copier prints a tint: toner in dots a
// pixel or two across, anywhere from black to the paper's white.
void Stipple(cv::Mat& page) {
  const cv::Rect row(0, 102, page.cols, 76);
  cv::Mat dots(row.size(), CV_8U);
  cv::RNG rng(1);
  rng.fill(dots, cv::RNG::UNIFORM, 40, 251);
  cv::GaussianBlur(dots, dots, cv::Size(0, 0), 0.7);
  dots.copyTo(page(row));
}

TEST(OwnBackgroundTest, AStippledBoxSaysItsGrainMayHideWriting) {
  // No ink paler than the stipple's dots could be told from them: read as
  // empty, such a box may still hold pale writing.
  cv::Mat page = ShadedStrip(205);
  Stipple(page);
  const CellInk ink = ExtractCell(page, kCell, CellPart::kValue);
  EXPECT_EQ(ink.kind, InkKind::kEmpty);
  EXPECT_TRUE(ink.shaded);
  EXPECT_TRUE(ink.may_hold_writing);
}

// `page` with kCell's row printed as a copier that lays its toner down in
// dots copies a grey tint: the toner's grain (noise a pixel or two across)
// over the tint's darkness, toner (gray 60) where the sum passes a
// threshold, over `covered` of the row; specks of white paper between the
// dots everywhere. (A coarser grain, 0.8 px, at 60 % is not yet seen as a
// tint with the closing 3 squares wide.)
void CoarseStipple(cv::Mat& page, double covered) {
  const cv::Rect row(0, 102, page.cols, 76);
  cv::Mat grain(row.size(), CV_32F);
  cv::RNG rng(3);
  rng.fill(grain, cv::RNG::NORMAL, 0, 1);
  cv::GaussianBlur(grain, grain, cv::Size(0, 0), 0.6);
  std::vector<float> sorted(grain.begin<float>(), grain.end<float>());
  const auto threshold =
      sorted.begin() + static_cast<std::ptrdiff_t>((1 - covered) * static_cast<double>(sorted.size()));
  std::nth_element(sorted.begin(), threshold, sorted.end());
  page(row).setTo(cv::Scalar(250));
  page(row).setTo(cv::Scalar(60), grain > *threshold);
}

TEST(OwnBackgroundTest, ACoarselyStippledBoxIsShadedWhenLookedForStipple) {
  // Closed as it came, the box's background is the white between the dots:
  // no shading, and the dots strung together a mark (on a copy, written
  // totals read surely as struck out). Averaged over the grain first, the
  // dots and the white between them are the tint they print: an empty box
  // on shading, which may hold writing the dots hide.
  cv::Mat page = ShadedStrip(250);
  CoarseStipple(page, 0.7);
  const CellInk as_it_came = ExtractCell(page, kCell, CellPart::kValue);
  EXPECT_FALSE(as_it_came.shaded);
  EXPECT_NE(as_it_came.kind, InkKind::kEmpty);
  CellOptions stipple;
  stipple.stipple_run = 3;
  const CellInk ink = ExtractCell(page, kCell, CellPart::kValue, stipple);
  EXPECT_TRUE(ink.shaded);
  EXPECT_EQ(ink.kind, InkKind::kEmpty);
  EXPECT_TRUE(ink.may_hold_writing);
  // A number written on white paper stays ink.
  cv::Mat white = ShadedStrip(250);
  DrawSeven(white, cv::Scalar(40));
  const CellInk seven = ExtractCell(white, kCell, CellPart::kValue, stipple);
  EXPECT_FALSE(seven.shaded);
  EXPECT_EQ(seven.kind, InkKind::kNumber);
}

// A photo of a striped sheet: light grey rules (170 on paper 235), a tinted
// row, blur and JPEG. The column rules run through the tinted row and the
// paper above and below it, each part divided by its own background, and
// come out two pixels wider across the tinted box than where they run
// alone: no pen stroke along the line (a phantom 1 in every empty box of a
// striped row). And what the removal leaves of the lines and the grain is
// specks, no mark.
TEST(OwnBackgroundTest, AnEmptyTintedBoxInABlurredPhotoIsEmpty) {
  for (int level : {195, 220})
    for (int quality : {50, 80}) {
      cv::Mat page(280, 240, CV_8UC3, cv::Scalar(235, 235, 235));
      page(cv::Rect(0, 100, 240, 80)).setTo(cv::Scalar(level, level, level * 3 / 4));
      cv::Mat noise(page.size(), CV_8SC3);
      cv::RNG rng(7);  // its own: the other tests' grain comes from the global one
      rng.fill(noise, cv::RNG::NORMAL, 0, 3);
      cv::add(page, noise, page, cv::noArray(), CV_8UC3);
      const cv::Scalar rule(170, 170, 170);
      for (int y : {20, 100, 180, 260}) cv::line(page, cv::Point(0, y), cv::Point(239, y), rule, 2, cv::LINE_AA);
      for (int x : {40, 200}) cv::line(page, cv::Point(x, 0), cv::Point(x + 1, 279), rule, 2, cv::LINE_AA);
      cv::GaussianBlur(page, page, cv::Size(0, 0), 1.4);
      std::vector<uchar> jpeg;
      cv::imencode(".jpg", page, jpeg, {cv::IMWRITE_JPEG_QUALITY, quality});
      const CellInk ink = ExtractCell(NormalizePage(cv::imdecode(jpeg, cv::IMREAD_COLOR)), kCell, CellPart::kValue);
      EXPECT_EQ(ink.kind, InkKind::kEmpty) << "row at " << level << ", JPEG quality " << quality;
    }
}

TEST(OwnBackgroundTest, WritingOnAShadedBoxIsInkNoMore) {
  for (int level : {200, 230}) {
    cv::Mat page = ShadedStrip(level);
    DrawSeven(page, cv::Scalar(60 * level / 250));
    const CellInk ink = ExtractCell(page, kCell, CellPart::kValue);
    EXPECT_EQ(ink.kind, InkKind::kNumber) << "row at " << level;
    ASSERT_EQ(ink.blobs.size(), 1u) << "row at " << level;
    // The 7's own box (40 x 46 plus the pen), not the row's.
    EXPECT_LT(ink.blobs[0].width, 50);
    EXPECT_LT(ink.blobs[0].height, 56);
  }
}

TEST(OwnBackgroundTest, AWhiteBoxBetweenShadedRowsIsEmpty) {
  // Striped rows: the crop's margins lie on the shaded rows above and below.
  EXPECT_EQ(ExtractCell(ShadedStrip(250, 205), kCell, CellPart::kValue).kind, InkKind::kEmpty);
  // A shaded box between white rows, the other way round.
  EXPECT_EQ(ExtractCell(ShadedStrip(205, 250), kCell, CellPart::kValue).kind, InkKind::kEmpty);
  // A digit running over the bottom line into the shaded row below stays whole.
  cv::Mat page = ShadedStrip(250, 205);
  cv::line(page, cv::Point(120, 120), cv::Point(120, 186), cv::Scalar(50), 4);
  const CellInk ink = ExtractCell(page, kCell, CellPart::kValue);
  EXPECT_EQ(ink.kind, InkKind::kNumber);
  ASSERT_EQ(ink.blobs.size(), 1u);
  EXPECT_GE(ink.blobs[0].height, 60);
  EXPECT_LT(ink.blobs[0].width, 12);
}

// A box under a dark header bar (gray 70, darker than any shading): the
// bar beyond the box's top line is print, not writing. A "1" written up to
// the top line, and a "7" whose bar lies on it, stay this box's ink; taken
// for ink, the bar met them across the line and they went with it as ink
// mostly outside the box.
TEST(OwnBackgroundTest, WritingUpToADarkHeaderBarIsInk) {
  cv::Mat page = ShadedStrip(250, 250);
  page(cv::Rect(0, 21, 240, 78)).setTo(70);
  cv::line(page, cv::Point(90, 101), cv::Point(80, 150), cv::Scalar(50), 4);
  cv::line(page, cv::Point(120, 102), cv::Point(150, 102), cv::Scalar(50), 4);
  cv::line(page, cv::Point(150, 102), cv::Point(128, 160), cv::Scalar(50), 4);
  const CellInk ink = ExtractCell(page, kCell, CellPart::kValue);
  EXPECT_TRUE(ink.shaded);
  ASSERT_EQ(ink.kind, InkKind::kNumber);
  ASSERT_EQ(ink.blobs.size(), 2u);
  for (const cv::Rect& blob : ink.blobs) EXPECT_GE(blob.y, ink.cell_in_crop.y - 3) << "the bar taken with the digit";
}

// A colour page of boxes `w` x `h` (5 columns, 5 rows, from (40, 40)) on
// white paper, with row 2 filled with `row_bgr` and column 2 with
// `column_bgr` (white: none). As NormalizePage sees it: a band as high as a
// box of 80 is flattened away (in gray; a colour band's other channels are
// not), a band of 48 is not flattened at all.
cv::Mat ColourSheet(const cv::Scalar& row_bgr, const cv::Scalar& column_bgr, int w = 160, int h = 80) {
  cv::Mat page(80 + 5 * h, 80 + 5 * w, CV_8UC3, cv::Scalar(245, 248, 250));
  page(cv::Rect(40, 40 + 2 * h, 5 * w, h)).setTo(row_bgr);
  page(cv::Rect(40 + 2 * w, 40, w, 5 * h)).setTo(column_bgr);
  cv::Mat noise(page.size(), CV_8SC3);
  cv::randn(noise, cv::Scalar::all(0), cv::Scalar::all(2));
  cv::add(page, noise, page, cv::noArray(), CV_8UC3);
  for (int r = 0; r <= 5; ++r) cv::line(page, cv::Point(40, 40 + h * r), cv::Point(40 + 5 * w, 40 + h * r), cv::Scalar::all(50), 2);
  for (int c = 0; c <= 5; ++c) cv::line(page, cv::Point(40 + w * c, 40), cv::Point(40 + w * c, 40 + 5 * h), cv::Scalar::all(50), 2);
  return page;
}

// How many boxes of ColourSheet (`w` x `h`) are not empty on `page`.
int NotEmpty(const NormalizedPage& page, int w = 160, int h = 80, const CellOptions& options = {}) {
  int not_empty = 0;
  for (int r = 0; r < 5; ++r)
    for (int c = 0; c < 5; ++c) {
      const cv::Rect2f cell(40 + w * c, 40 + h * r, w, h);
      not_empty += ExtractCell(page, cell, CellPart::kValue, options).kind != InkKind::kEmpty;
    }
  return not_empty;
}

// Every box of ColourSheet empty. Returns how many were not, read against
// white paper alone.
int ExpectAllEmpty(const cv::Mat& sheet, const char* what) {
  const NormalizedPage page = NormalizePage(sheet);
  EXPECT_EQ(NotEmpty(page), 0) << what;
  CellOptions white_paper;
  white_paper.shaded_below = 0;
  return NotEmpty(page, 160, 80, white_paper);
}

TEST(OwnBackgroundTest, EmptyBoxesOnShadedRowsAndTintedColumnsAreEmpty) {
  const cv::Scalar white(245, 248, 250);
  // A gray row and a green column NormalizePage flattens away, edges and
  // all; against white paper alone, what is left of a yellow row (its blue
  // channel) is ink.
  ExpectAllEmpty(ColourSheet(cv::Scalar::all(190), white), "a gray row");
  ExpectAllEmpty(ColourSheet(white, cv::Scalar(200, 225, 190)), "a green column");
  EXPECT_GT(ExpectAllEmpty(ColourSheet(cv::Scalar(110, 235, 250), white), "a yellow row"), 0);
  ExpectAllEmpty(ColourSheet(cv::Scalar(235, 205, 175), cv::Scalar(200, 225, 190)), "a blue row, a green column");
}

// A pad's sheet of boxes 166 x 51 (20.8 x 6.4 mm at 8 px/mm): every other
// row shaded, every other column tinted lavender, its darkest channel at
// `tint`, purple rules.
cv::Mat StripedTintedSheet(int tint, int columns, int rows) {
  const int w = 166, h = 51;
  cv::Mat sheet(80 + rows * h, 80 + columns * w, CV_8UC3, cv::Scalar(245, 248, 250));
  for (int r = 1; r < rows; r += 2) sheet(cv::Rect(40, 40 + r * h, columns * w, h)).setTo(cv::Scalar(222, 212, 206));
  const cv::Scalar tinted(tint + 60, tint + 10, tint), tinted_on_stripe(tint + 30, tint - 10, tint - 20);
  for (int c = 1; c < columns; c += 2)
    for (int r = 0; r < rows; ++r) sheet(cv::Rect(40 + c * w, 40 + r * h, w, h)).setTo(r % 2 ? tinted_on_stripe : tinted);
  cv::Mat noise(sheet.size(), CV_8SC3);
  cv::RNG rng(11);
  rng.fill(noise, cv::RNG::NORMAL, 0, 2);
  cv::add(sheet, noise, sheet, cv::noArray(), CV_8UC3);
  const cv::Scalar rule(150, 110, 90);
  for (int r = 0; r <= rows; ++r) cv::line(sheet, cv::Point(40, 40 + h * r), cv::Point(40 + columns * w, 40 + h * r), rule, 3);
  for (int c = 0; c <= columns; ++c) cv::line(sheet, cv::Point(40 + w * c, 40), cv::Point(40 + w * c, 40 + rows * h), rule, 3);
  return sheet;
}

// In a white row a tinted box's crop reaches into the shaded rows above and
// below it, so it is read against its own background; the ramp
// NormalizePage leaves along the tint's sides rises from the tint's level to
// the paper's. Where it crossed shaded_below, its lighter end had been left
// as it was: "(" and ")" along both sides of every such box at tint 180,
// read as two ticks in a Yahtzee-bonus box.
TEST(OwnBackgroundTest, AnEmptyTintedBoxInAWhiteRowBetweenStripesIsEmpty) {
  const int columns = 6, rows = 7;
  for (int tint : {150, 165, 180, 195}) {
    const NormalizedPage page = NormalizePage(StripedTintedSheet(tint, columns, rows));
    for (int r = 0; r < rows; ++r)
      for (int c = 0; c < columns; ++c) {
        const CellInk ink = ExtractCell(page, cv::Rect2f(40 + 166 * c, 40 + 51 * r, 166, 51), CellPart::kChecks);
        EXPECT_EQ(ink.kind, InkKind::kEmpty) << "tint " << tint << ", row " << r << ", column " << c;
      }
  }
}

TEST(OwnBackgroundTest, ASaturatedBandInSmallBoxesIsEmpty) {
  // Small boxes (48 high): a yellow band is not flattened at all, and its
  // darkest channel (blue, 110) is darker than any shading (min_background).
  // In colour its red and green are light; in gray the band's own grain
  // keeps it from being ink.
  const NormalizedPage page = NormalizePage(ColourSheet(cv::Scalar(110, 235, 250), cv::Scalar(245, 248, 250), 96, 48));
  EXPECT_EQ(NotEmpty(page, 96, 48), 0);
  NormalizedPage gray_only = page;
  gray_only.colour.release();
  EXPECT_EQ(NotEmpty(gray_only, 96, 48), 0);
  CellOptions white_paper;
  white_paper.shaded_below = 0;
  EXPECT_GE(NotEmpty(page, 96, 48, white_paper), 3);  // of the band's 5
}

TEST(OwnBackgroundTest, BlueInkOnAYellowBandIsInk) {
  // Ink over a tint darkens what the tint leaves: a light blue ink takes most
  // of the red a yellow band reflects, but little of the blue. In the darkest
  // channel (blue) it hardly differs from the band; in colour it stands out.
  cv::Mat sheet = ColourSheet(cv::Scalar(110, 235, 250), cv::Scalar(245, 248, 250));
  const cv::Scalar light_blue_on_yellow(86, 138, 88);
  cv::line(sheet, cv::Point(420, 218), cv::Point(460, 218), light_blue_on_yellow, 4);
  cv::line(sheet, cv::Point(460, 218), cv::Point(432, 264), light_blue_on_yellow, 4);
  const NormalizedPage page = NormalizePage(sheet);
  const cv::Rect2f cell(360, 200, 160, 80);
  const CellInk ink = ExtractCell(page, cell, CellPart::kValue);
  EXPECT_EQ(ink.kind, InkKind::kNumber);
  ASSERT_EQ(ink.blobs.size(), 1u);
  EXPECT_GT(ink.blobs[0].width, 40);
  EXPECT_LT(ink.blobs[0].width, 50);
  EXPECT_GT(ink.blobs[0].height, 46);
  EXPECT_LT(ink.blobs[0].height, 56);
}

TEST(OwnBackgroundTest, AWhiteBoxIsReadAsItIs) {
  // White paper's background lies above shaded_below: the crop is not
  // divided, and a digit's ink is what it was.
  cv::Mat page = ShadedStrip(250);
  DrawSeven(page, cv::Scalar(60));
  const CellInk ink = ExtractCell(page, kCell, CellPart::kValue);
  EXPECT_FALSE(ink.shaded);
  CellOptions never;
  never.shaded_below = 0;
  const CellInk as_before = ExtractCell(page, kCell, CellPart::kValue, never);
  EXPECT_EQ(cv::norm(ink.ink, as_before.ink, cv::NORM_INF), 0);
}


// A scan of a striped sheet (pink rows between white ones, 80 px rows at
// 8 px/mm) whose column rules are thin and pale (2 px at gray 185). The page's
// lighting is flattened without taking the stripes for light: a rule runs
// as dark through the middle of a white row as near its ends. Blurred into
// the white rows, the stripes' level had lightened the rule near them by a
// third; a rule darker in the middle of every box than at its ends looked
// like a pen stroke along it, and an empty box read "1" (gen150 0028: "3"
// read 31, "30" read 301, a tick in an empty Yahtzee-bonus box).
TEST(OwnBackgroundTest, StripesAreNotTakenForLightAndAPaleRuleBesideThemIsNoPen) {
  cv::Mat page(800, 400, CV_8UC3, cv::Scalar(245, 245, 245));
  for (int top = 0; top < page.rows; top += 160) page(cv::Rect(0, top, page.cols, 80)).setTo(cv::Scalar(200, 185, 235));
  for (int y = 0; y < page.rows; y += 80) cv::line(page, cv::Point(0, y), cv::Point(page.cols - 1, y), cv::Scalar(90, 60, 110), 2);
  for (int x : {100, 260}) cv::line(page, cv::Point(x, 0), cv::Point(x, page.rows - 1), cv::Scalar(185, 185, 185), 2);
  const NormalizedPage normalized = NormalizePage(page);
  // The white row from y = 400 to 480: the rule's darkest pixel a tenth of
  // the way down and half way down.
  auto rule_at = [&](int y) {
    double darkest = 0;
    cv::minMaxLoc(normalized.gray(cv::Rect(95, y, 10, 1)), &darkest);
    return darkest;
  };
  EXPECT_NEAR(rule_at(408), rule_at(440), 8);
  const cv::Rect2f white_box(100, 400, 160, 80), pink_box(100, 320, 160, 80);
  EXPECT_EQ(ExtractCell(normalized, white_box, CellPart::kValue).kind, InkKind::kEmpty);
  EXPECT_EQ(ExtractCell(normalized, pink_box, CellPart::kValue).kind, InkKind::kEmpty);
  EXPECT_EQ(ExtractCell(normalized, white_box, CellPart::kChecks).kind, InkKind::kEmpty);
}


// A blurred photo of a sheet striped too lightly for its stripes to be
// divided out (NormalizePage flattens them to white with the page's light):
// a white box's margins lie on other paper, and its side lines are measured
// over the box alone. Measured against the stripes in the margins, where the
// rules printed over them come out lighter, a rule looked like a pen along
// it over every white box of gen120 0039, and empty boxes read "11" (that
// photo's blur and grain this drawing does not reproduce; the card is in
// samples/random).
TEST(OwnBackgroundTest, AWhiteBoxBetweenLightStripesIsEmpty) {
  cv::Mat page(800, 400, CV_8UC3, cv::Scalar(248, 248, 248));
  for (int top = 80; top < page.rows; top += 160) page(cv::Rect(0, top, page.cols, 80)).setTo(cv::Scalar(200, 214, 226));
  for (int y = 0; y < page.rows; y += 80) cv::line(page, cv::Point(0, y), cv::Point(page.cols - 1, y), cv::Scalar(70, 70, 70), 3);
  for (int x : {100, 260}) cv::line(page, cv::Point(x, 0), cv::Point(x, page.rows - 1), cv::Scalar(70, 70, 70), 3);
  cv::GaussianBlur(page, page, cv::Size(0, 0), 2.5);
  const NormalizedPage normalized = NormalizePage(page);
  const cv::Rect2f white_box(100, 320, 160, 80), striped_box(100, 400, 160, 80);
  const cv::Rect crop(80, 300, 200, 120);
  EXPECT_TRUE(MarginsOnOtherPaper(normalized.gray_paper, crop, cv::Rect2f(20, 20, 160, 80)));
  // The same crop on plain paper, under light falling off across it: no.
  cv::Mat plain(800, 400, CV_8UC3);
  for (int y = 0; y < plain.rows; ++y) plain.row(y).setTo(cv::Scalar::all(250 - y / 20));
  EXPECT_FALSE(MarginsOnOtherPaper(NormalizePage(plain).gray_paper, crop, cv::Rect2f(20, 20, 160, 80)));
  EXPECT_EQ(ExtractCell(normalized, white_box, CellPart::kValue).kind, InkKind::kEmpty);
  EXPECT_EQ(ExtractCell(normalized, striped_box, CellPart::kValue).kind, InkKind::kEmpty);
}

}  // namespace
}  // namespace scorecheck
