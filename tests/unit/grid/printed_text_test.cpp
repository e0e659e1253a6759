// Rows told by their print: dark bars across the score columns; labels read
// on rows tinted every other row, lower than the page's flattening window,
// and small print from a low-resolution photo.

#include "grid/printed_text.h"

#include <gtest/gtest.h>

#include <vector>

#include <opencv2/imgproc.hpp>

#include "labels/match_labels.h"
#include "labels/text_reader.h"
#include "unit/grid/drawn_table.h"

namespace scorecheck {
namespace {

using testing::DrawnTable;
using testing::kPxPerMm;
using testing::OnePlayerSheet;

// The one-player sheet with a header bar over its first row and a section
// bar over row 9 (dark, white words), its other rows striped light grey
// every other row. `dim`: the whole page darkened, as a dim photo is.
cv::Mat BarredSheet(const DrawnTable& table, double dim) {
  cv::Mat page = table.Draw();
  const Lattice lattice = table.Lines();
  for (int r = 0; r < lattice.rows(); ++r) {
    const cv::Rect row(cv::Point(static_cast<int>(lattice.column_x.front()) + 2, static_cast<int>(lattice.row_y[r]) + 2),
                       cv::Point(static_cast<int>(lattice.column_x.back()) - 2, static_cast<int>(lattice.row_y[r + 1]) - 2));
    if (r == 0 || r == 9) {
      page(row).setTo(cv::Scalar(70, 70, 70));
      cv::putText(page, r == 0 ? "Player 1" : "Lower", row.tl() + cv::Point(12, row.height - 20), cv::FONT_HERSHEY_SIMPLEX,
                  0.9, cv::Scalar(255, 255, 255), 2, cv::LINE_AA);
    } else if (r % 2) {
      cv::Mat stripe = page(row);
      cv::min(stripe, cv::Scalar(215, 215, 215), stripe);
    }
  }
  cv::Mat gray;
  cv::cvtColor(page, gray, cv::COLOR_BGR2GRAY);
  gray.convertTo(gray, CV_8U, dim);
  return gray;
}

TEST(RowsPrintedAsBarsTest, DarkBarsAreToldFromStripesAndWriting) {
  DrawnTable table = OnePlayerSheet();
  table.widths = {60, 40, 62};
  const Lattice lattice = table.Lines();
  for (double dim : {1.0, 0.4}) {
    const std::vector<bool> bars = RowsPrintedAsBars(BarredSheet(table, dim), lattice, 1, 1, 0.5);
    ASSERT_EQ(bars.size(), static_cast<size_t>(lattice.rows()));
    for (int r = 0; r < lattice.rows(); ++r) EXPECT_EQ(bars[r], r == 0 || r == 9) << "row " << r << ", dim " << dim;
  }
  // No bar at all: stripes and writing alone are no bars.
  cv::Mat plain;
  cv::cvtColor(table.Draw(), plain, cv::COLOR_BGR2GRAY);
  for (bool bar : RowsPrintedAsBars(plain, lattice, 1, 1, 0.5)) EXPECT_FALSE(bar);
}

TEST(RowsPrintedAsBarsTest, AColourPageOrColumnsOutsideTheGridTellNothing) {
  DrawnTable table = OnePlayerSheet();
  table.widths = {60, 40, 62};
  const Lattice lattice = table.Lines();
  const cv::Mat gray = BarredSheet(table, 1.0);
  for (bool bar : RowsPrintedAsBars(table.Draw(), lattice, 1, 1, 0.5)) EXPECT_FALSE(bar);  // not 8-bit gray
  for (bool bar : RowsPrintedAsBars(gray, lattice, 1, 5, 0.5)) EXPECT_FALSE(bar);
  for (bool bar : RowsPrintedAsBars(gray, lattice, 2, 1, 0.5)) EXPECT_FALSE(bar);
}

// The share of `area` that `mask` covers.
double Covered(const cv::Mat& mask, const cv::Rect& area) {
  return static_cast<double>(cv::countNonZero(mask(area))) / area.area();
}

// A header bar (white words on dark grey) is a fill: its lighter marks are
// the print. Dark dice faces with white pips, stacked beside the labels, are
// not, though as dark: within a shadow (the page darker towards its top) their
// insides were the paper, and the dice came out as hollow, blocky outlines
// that measured alike in no run of rows.
TEST(DarkFillsTest, AHeaderBarIsAFillAndDiceFacesBesideTheLabelsAreNot) {
  cv::Mat page(testing::Px(210, 297).y, testing::Px(210, 297).x, CV_8UC1, cv::Scalar(235));
  const cv::Rect bar(testing::Px(20, 20), testing::Px(170, 28));
  page(bar).setTo(cv::Scalar(70));
  cv::putText(page, "Upper section", bar.tl() + cv::Point(20, bar.height - 16), cv::FONT_HERSHEY_SIMPLEX, 1.2,
              cv::Scalar(235), 2, cv::LINE_AA);
  std::vector<cv::Rect> dice;
  for (int face = 0; face < 6; ++face) {
    const double top_mm = 34 + 9.0 * face;
    dice.emplace_back(testing::Px(22, top_mm), testing::Px(28, top_mm + 6));
    page(dice.back()).setTo(cv::Scalar(60));
    for (int pip = 0; pip <= face; ++pip)
      cv::circle(page, dice.back().tl() + cv::Point(8 + 12 * (pip % 3), 10 + 14 * (pip / 3)), 4, cv::Scalar(235),
                 cv::FILLED);
  }
  // The shadow: from a third of the paper's light at the top to all of it
  // at the dice's foot.
  cv::Mat shaded;
  page.convertTo(shaded, CV_32F);
  for (int y = 0; y < shaded.rows; ++y)
    shaded.row(y) *= std::min(1.0, 0.35 + 0.65 * y / testing::Px(0, 90).y);
  shaded.convertTo(page, CV_8U);
  const cv::Mat filled = DarkFills(page, kPxPerMm);
  EXPECT_GT(Covered(filled, bar), 0.75);
  for (const cv::Rect& die : dice) EXPECT_LT(Covered(filled, die), 0.05) << "die at y " << die.y;
}

// A table of `rows` rows `row_mm` tall from 30 mm down, its column rules at
// `xs_mm`.
Lattice LabelRows(size_t rows, double row_mm, const std::vector<double>& xs_mm) {
  std::vector<double> ys;
  for (size_t r = 0; r <= rows; ++r) ys.push_back(30 + row_mm * static_cast<double>(r));
  return testing::LinesAt(ys, xs_mm);
}

// The rules of `lattice` drawn on gray `page`, 2 px wide, at `gray`.
void DrawRules(cv::Mat& page, const Lattice& lattice, int gray) {
  const cv::Scalar ink(gray);
  for (float y : lattice.row_y)
    cv::line(page, cv::Point(static_cast<int>(lattice.column_x.front()), static_cast<int>(y)),
             cv::Point(static_cast<int>(lattice.column_x.back()), static_cast<int>(y)), ink, 2);
  for (float x : lattice.column_x)
    cv::line(page, cv::Point(static_cast<int>(x), static_cast<int>(lattice.row_y.front())),
             cv::Point(static_cast<int>(x), static_cast<int>(lattice.row_y.back())), ink, 2);
}

// `labels` printed in column 0 of `lattice` on `page`, one a row, in grey
// `ink`.
void DrawLabels(cv::Mat& page, const Lattice& lattice, const std::vector<std::string>& labels, int ink) {
  for (size_t r = 0; r < labels.size(); ++r) {
    const cv::Rect2f cell = lattice.Cell(static_cast<int>(r), 0);
    cv::putText(page, labels[r], cv::Point(static_cast<int>(cell.x) + 10, static_cast<int>(cell.br().y) - 8), cv::FONT_HERSHEY_SIMPLEX,
                0.6, cv::Scalar(ink), 2, cv::LINE_AA);
  }
}

// Specks of a pixel or two scattered over `page`, `per_px` of them a pixel,
// each at a level from `lowest` up to below `highest` (seeded by `seed`).
void Speckle(cv::Mat& page, double per_px, int lowest, int highest, int seed) {
  cv::RNG rng(seed);
  for (int i = 0; i < static_cast<int>(per_px * page.total()); ++i)
    cv::circle(page, cv::Point(rng.uniform(0, page.cols), rng.uniform(0, page.rows)), rng.uniform(0, 2),
               cv::Scalar(rng.uniform(lowest, highest)), cv::FILLED);
}

// Column 0 of `lattice` on `page` flattened, read.
BandText ReadLabels(const cv::Mat& page, const Lattice& lattice) {
  const auto reader = TextReader::Create();
  return ReadColumnBand(FlattenForText(page, kPxPerMm), lattice, 0, *reader);
}

// Every one of `labels` read in its row of column 0 of `lattice`, on `page`
// flattened.
void ExpectEveryLabelRead(const cv::Mat& page, const Lattice& lattice, const std::vector<std::string>& labels) {
  const BandText read = ReadLabels(page, lattice);
  ASSERT_EQ(read.rows.size(), labels.size());
  for (size_t r = 0; r < labels.size(); ++r) EXPECT_GE(LabelSimilarity(read.rows[r], labels[r]), 0.75) << labels[r] << " read \"" << read.rows[r] << "\"";
}

// At least `least` of `labels` read in their rows of column 0 of `lattice`,
// on `page` flattened; the message lists every row as read.
void ExpectLabelsRead(const cv::Mat& page, const Lattice& lattice, const std::vector<std::string>& labels, int least) {
  const BandText read = ReadLabels(page, lattice);
  ASSERT_EQ(read.rows.size(), labels.size());
  int well_read = 0;
  std::string all;
  for (size_t r = 0; r < labels.size(); ++r) {
    well_read += LabelSimilarity(read.rows[r], labels[r]) >= 0.75;
    all += "[" + read.rows[r] + "] ";
  }
  EXPECT_GE(well_read, least) << all;
}

// A column of labels in rows 4 mm tall, every other row tinted grey (the
// flattening's 6 mm window reaches over a tinted row into the white ones
// beside it, and leaves the tint grey across the whole band): every label
// is read, the tinted rows' too.
TEST(ReadColumnBandTest, LabelsOnRowsTintedEveryOtherRowAreAllRead) {
  const std::vector<std::string> labels = {"Aces", "Twos", "Threes", "Fours", "Fives", "Sixes", "Sum", "Bonus", "Total", "Chance"};
  const Lattice lattice = LabelRows(labels.size(), 4.0, {20, 70, 100});
  cv::Mat page(testing::Px(210, 297).y, testing::Px(210, 297).x, CV_8UC1, cv::Scalar(250));
  for (size_t r = 1; r < labels.size(); r += 2)
    cv::rectangle(page, cv::Rect(lattice.Cell(static_cast<int>(r), 0) | lattice.Cell(static_cast<int>(r), 1)), cv::Scalar(185), cv::FILLED);
  DrawLabels(page, lattice, labels, 20);
  DrawRules(page, lattice, 0);
  ExpectEveryLabelRead(page, lattice, labels);
}

// A die face printed dark, light pips on it, before each upper label: the
// labels are read, not the dice ("BB vcs" for ACES, "@ Maximize 2").
TEST(ReadColumnBandTest, LabelsBesideDarkDiceFacesAreRead) {
  const std::vector<std::string> labels = {"Aces", "Twos", "Threes", "Fours", "Fives", "Sixes"};
  const Lattice lattice = LabelRows(labels.size(), 7.0, {20, 70, 100});
  cv::Mat page(testing::Px(210, 297).y, testing::Px(210, 297).x, CV_8UC1, cv::Scalar(245));
  for (size_t r = 0; r < labels.size(); ++r) {
    const cv::Rect2f cell = lattice.Cell(static_cast<int>(r), 0);
    const cv::Rect die(cv::Point(static_cast<int>(cell.x) + testing::Px(1.5, 0).x, static_cast<int>(cell.y) + testing::Px(0, 1).y),
                       cv::Size(testing::Px(5, 0).x, testing::Px(5, 0).x));
    cv::rectangle(page, die, cv::Scalar(40), cv::FILLED);
    for (size_t pip = 0; pip <= r; ++pip)
      cv::circle(page, die.tl() + cv::Point(8 + 12 * static_cast<int>(pip % 3), 10 + 16 * static_cast<int>(pip / 3)), 4,
                 cv::Scalar(245), cv::FILLED);
    cv::putText(page, labels[r], cv::Point(die.br().x + testing::Px(2, 0).x, static_cast<int>(cell.br().y) - 16),
                cv::FONT_HERSHEY_SIMPLEX, 0.9, cv::Scalar(30), 2, cv::LINE_AA);
  }
  DrawRules(page, lattice, 0);
  ExpectEveryLabelRead(page, lattice, labels);
}

// Small print photographed at 2.8 px/mm, blurred, and warped up to the
// working 8 px/mm as the page stage does: soft strokes that melt into each
// other. Half the labels at least are still read (read as the band came,
// two of ten were: "tee" for Twos, "lore" for Total).
TEST(ReadColumnBandTest, SmallPrintWarpedUpFromALowResolutionPhotoIsRead) {
  const std::vector<std::string> labels = {"Ones",  "Twos",  "Threes", "Fours",      "Fives",
                                           "Sixes", "Bonus", "Chance", "Full house", "Total"};
  const Lattice lattice = LabelRows(labels.size(), 5.0, {20, 60, 80});
  cv::Mat page(testing::Px(210, 297).y, testing::Px(210, 297).x, CV_8UC1, cv::Scalar(245));
  for (size_t r = 0; r < labels.size(); ++r) {
    const cv::Rect2f cell = lattice.Cell(static_cast<int>(r), 0);
    cv::putText(page, labels[r], cv::Point(static_cast<int>(cell.x) + 10, static_cast<int>(cell.br().y) - 12),
                cv::FONT_HERSHEY_SIMPLEX, 0.55, cv::Scalar(30), 1, cv::LINE_AA);
  }
  DrawRules(page, lattice, 40);
  cv::Mat photo;
  cv::resize(page, photo, cv::Size(), 0.35, 0.35, cv::INTER_AREA);
  cv::GaussianBlur(photo, photo, cv::Size(), 0.7);
  cv::resize(photo, page, page.size(), 0, 0, cv::INTER_LINEAR);
  ExpectLabelsRead(page, lattice, labels, 5);
}

// A photocopy of a photocopy: grey paper, the toner missing in specks of a
// pixel or two all over it (white dots where the paper's grey should be).
// The paper is still the paper: the labels on it are all read (measured as
// the brightest within 6 mm, the paper had been the specks' white, and the
// grey between them flattened dark enough to be painted out as rules).
TEST(ReadColumnBandTest, LabelsOnAPhotocopysSpeckledGreyPaperAreRead) {
  const std::vector<std::string> labels = {"Aces", "Twos", "Threes", "Fours", "Fives", "Sixes", "Sum", "Bonus", "Total", "Chance"};
  const Lattice lattice = LabelRows(labels.size(), 4.0, {20, 70, 100});
  cv::Mat page(testing::Px(210, 297).y, testing::Px(210, 297).x, CV_8UC1, cv::Scalar(165));
  DrawLabels(page, lattice, labels, 60);
  DrawRules(page, lattice, 60);
  Speckle(page, 1e-3, 215, 256, 7);
  ExpectEveryLabelRead(page, lattice, labels);
}

// A copy's toner dust, dark specks of a pixel or two, over the paper at a
// few times the test kit copier's density: among the letters the OCR took
// specks for letters (on a copy it read "ae TWwOS|e2 =" and "mete
// 3OFAKIND"; here 3 of the 10 labels were read with the dust left in).
// With it painted out, 8 of 10 at least are read
// (samples/labels-among-dust); an i's dot or a full stop stands beside its
// letters and stays. Not every label: a speck that touches a letter stays
// too, and how the OCR reads that letter differs with the machine's vector
// instructions (on one CI machine, "hees" for Aces; all ten on the
// development machine).
TEST(ReadColumnBandTest, LabelsAmongACopysTonerDustAreRead) {
  const std::vector<std::string> labels = {"Aces",        "TWOS = 2",     "3s",     "FOURS",       "Fives (5)",
                                           "3 of a kind", "Lg. Straight", "Chance", "Grand total", "Bonus if 63"};
  const Lattice lattice = LabelRows(labels.size(), 6.0, {20, 90, 120});
  cv::Mat page(testing::Px(210, 297).y, testing::Px(210, 297).x, CV_8UC1, cv::Scalar(235));
  DrawLabels(page, lattice, labels, 40);
  DrawRules(page, lattice, 40);
  Speckle(page, 2e-3, 20, 120, 11);
  ExpectLabelsRead(page, lattice, labels, 8);
}

}  // namespace
}  // namespace scorecheck
