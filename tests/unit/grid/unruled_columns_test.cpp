// Columns a table does not rule are found in what its rows hold.

#include "grid/unruled_columns.h"

#include <gtest/gtest.h>

#include <algorithm>
#include <vector>

#include <opencv2/imgproc.hpp>

#include "grid/column_roles.h"
#include "grid/printed_text.h"
#include "unit/grid/drawn_table.h"

namespace scorecheck {
namespace {

using testing::DrawnTable;
using testing::kPxPerMm;
using testing::OnePlayerSheet;

// The one-player sheet typed with its rows ruled and no column rule at all:
// labels, the scores, the how-to text. The lattice stage sees one column.
Lattice AsOneColumn(const DrawnTable& table) {
  Lattice lattice = table.Lines();
  lattice.column_x = {lattice.column_x.front(), lattice.column_x.back()};
  lattice.column_inferred = {false, false};
  return lattice;
}

TEST(UnruledColumnsTest, AnOpenTableSplitsWhereNoRowWrites) {
  DrawnTable table = OnePlayerSheet();
  table.widths = {60, 40, 62};
  table.column_rules = false;
  const cv::Mat flat = FlattenForText(table.Draw(), kPxPerMm);
  const Lattice split = SplitUnruledColumns(flat, AsOneColumn(table), kPxPerMm);
  ASSERT_EQ(split.columns(), 3) << "lines at " << ::testing::PrintToString(split.column_x);
  // Each line put in lies in the paper between the blocks: between the end
  // of the longest label and the scores, and between the scores and the how-to text.
  const Lattice drawn = table.Lines();
  EXPECT_LT(std::abs(split.column_x[1] - drawn.column_x[1]), 12 * kPxPerMm);
  EXPECT_LT(std::abs(split.column_x[2] - drawn.column_x[2]), 12 * kPxPerMm);
  EXPECT_TRUE(split.column_inferred[1]);
  EXPECT_TRUE(split.column_inferred[2]);
  EXPECT_FALSE(split.column_inferred[0]);
}

// A dark bar, grainy as in a photo, over the first row, with white print.
// Against the white paper's flattening, a few grey levels of grain on a
// dark fill are a large share of it: ink across every column. The bar is
// that print's paper.
TEST(UnruledColumnsTest, AGrainyDarkBarWithWhitePrintWritesNoInkAcrossTheColumns) {
  DrawnTable table = OnePlayerSheet();
  table.widths = {60, 40, 62};
  table.column_rules = false;
  cv::Mat page = table.Draw();
  const Lattice drawn = table.Lines();
  const cv::Rect bar(cv::Point(static_cast<int>(drawn.column_x.front()), static_cast<int>(drawn.row_y[0])),
                     cv::Point(static_cast<int>(drawn.column_x.back()), static_cast<int>(drawn.row_y[1])));
  cv::Mat grain(bar.size(), CV_8UC3);
  cv::randn(grain, cv::Scalar(35, 35, 35), cv::Scalar(8, 8, 8));
  cv::GaussianBlur(grain, grain, cv::Size(3, 3), 0);
  grain.copyTo(page(bar));
  cv::putText(page, "Aces", cv::Point(bar.x + 12, bar.br().y - 22), cv::FONT_HERSHEY_SIMPLEX, 0.9,
              cv::Scalar(255, 255, 255), 2, cv::LINE_AA);
  const cv::Mat flat = FlattenForText(page, kPxPerMm);
  // White print on the bar reads as dark print on white.
  const cv::Rect2f label = drawn.Cell(0, 0);
  double darkest = 255;
  cv::minMaxLoc(flat(cv::Rect(label)), &darkest);
  EXPECT_LT(darkest, 100);
  const Lattice split = SplitUnruledColumns(flat, AsOneColumn(table), kPxPerMm);
  EXPECT_EQ(split.columns(), 3) << "lines at " << ::testing::PrintToString(split.column_x);
}

// Right-aligned labels, the scores close beside them and no rule between:
// a number written into a label's end ("Aces3") and a long stroke starting
// under another cross the strip between labels and scores. Two rows across
// still part print from writing.
TEST(UnruledColumnsTest, NumbersWrittenIntoTheLabelsBesideThemStillPartTheColumns) {
  DrawnTable table = OnePlayerSheet();
  table.widths = {62, 24, 62};
  table.column_rules = false;
  const std::vector<std::string> labels = table.columns[0];
  table.columns[0].assign(labels.size(), "");
  cv::Mat page = table.Draw();
  const Lattice drawn = table.Lines();
  for (size_t r = 0; r < labels.size(); ++r) {  // right-aligned, 2 mm short of where the scores begin
    const cv::Rect2f cell = drawn.Cell(static_cast<int>(r), 0);
    int baseline = 0;
    const cv::Size size = cv::getTextSize(labels[r], cv::FONT_HERSHEY_SIMPLEX, 0.9, 2, &baseline);
    cv::putText(page, labels[r], cv::Point(static_cast<int>(cell.br().x - 2 * kPxPerMm) - size.width, static_cast<int>(cell.br().y) - 22),
                cv::FONT_HERSHEY_SIMPLEX, 0.9, cv::Scalar(20, 20, 20), 2, cv::LINE_AA);
  }
  for (int r : {0, 11}) {  // strokes from the label's end into the score's box
    const cv::Rect2f cell = drawn.Cell(r, 1);
    cv::line(page, cv::Point(static_cast<int>(cell.x - 3 * kPxPerMm), static_cast<int>(cell.br().y - 12)),
             cv::Point(static_cast<int>(cell.x + 6 * kPxPerMm), static_cast<int>(cell.y + 14)), cv::Scalar(150, 60, 20), 3,
             cv::LINE_AA);
  }
  const cv::Mat flat = FlattenForText(page, kPxPerMm);
  UnruledColumnOptions strict;
  strict.max_crossing_rows = 0;
  EXPECT_EQ(SplitUnruledColumns(flat, AsOneColumn(table), kPxPerMm, strict).columns(), 2);  // scores and how-to only
  const Lattice split = SplitUnruledColumns(flat, AsOneColumn(table), kPxPerMm);
  ASSERT_EQ(split.columns(), 3) << "lines at " << ::testing::PrintToString(split.column_x);
  EXPECT_LT(std::abs(split.column_x[1] - drawn.column_x[1]), 6 * kPxPerMm);
}

// Labels right-aligned, three player columns beside them, nothing ruled
// across: the numbers start about a millimetre after the labels end, closer
// than min_gap, as close as two printed words stand. What parts the labels
// from the first player's numbers is what stands either side, print and
// numbers, not the strip between them.
TEST(UnruledColumnsTest, NumbersWrittenCloseBesideTheLabelsStillPartTheColumns) {
  DrawnTable table = OnePlayerSheet();
  const std::vector<std::string> labels = table.columns[0], scores = table.columns[1];
  table.widths = {62, 16, 16, 16};
  table.columns.assign(4, std::vector<std::string>(labels.size(), ""));
  table.handwritten = {false, true, true, true};
  table.column_rules = false;
  cv::Mat page = table.Draw();
  const Lattice drawn = table.Lines();
  for (size_t r = 0; r < labels.size(); ++r) {  // right-aligned, 0.5 mm short of where the scores begin
    const cv::Rect2f cell = drawn.Cell(static_cast<int>(r), 0);
    const cv::Size size = cv::getTextSize(labels[r], cv::FONT_HERSHEY_SIMPLEX, 0.9, 2, nullptr);
    cv::putText(page, labels[r], cv::Point(static_cast<int>(cell.br().x - 0.5 * kPxPerMm) - size.width, static_cast<int>(cell.br().y) - 22),
                cv::FONT_HERSHEY_SIMPLEX, 0.9, cv::Scalar(20, 20, 20), 2, cv::LINE_AA);
  }
  for (int c = 1; c <= 3; ++c)
    for (size_t r = 0; r < scores.size(); ++r) {
      if (scores[r].empty()) continue;
      const cv::Rect2f cell = drawn.Cell(static_cast<int>(r), c);
      cv::putText(page, scores[r], cv::Point(static_cast<int>(cell.x) + 1, static_cast<int>(cell.br().y) - 14),
                  cv::FONT_HERSHEY_SCRIPT_SIMPLEX, 1.2, cv::Scalar(150, 60, 20), 3, cv::LINE_AA);
    }
  const cv::Mat flat = FlattenForText(page, kPxPerMm);
  const ColumnInk ink = WrittenInColumn(flat, AsOneColumn(table), 0, kPxPerMm);
  const int boundary = static_cast<int>(drawn.column_x[1]) - ink.x;
  const int crossing = UnruledColumnOptions{}.max_crossing_rows;
  int gap = 0;  // the strip at most `crossing` rows write in, between the labels and the scores
  for (int x = boundary; x > 0 && ink.rows_at[x] <= crossing; --x) ++gap;
  for (int x = boundary + 1; x < static_cast<int>(ink.rows_at.size()) && ink.rows_at[x] <= crossing; ++x) ++gap;
  ASSERT_LT(gap, std::lround(UnruledColumnOptions{}.min_gap_mm * kPxPerMm)) << "the table does not test what it says";
  UnruledColumnOptions wide_only;
  wide_only.near_gap_mm = wide_only.min_gap_mm;
  const Lattice without = SplitUnruledColumns(flat, AsOneColumn(table), kPxPerMm, wide_only);
  for (float x : without.column_x) EXPECT_GT(std::abs(x - drawn.column_x[1]), 3 * kPxPerMm) << "at " << x;
  const Lattice split = SplitUnruledColumns(flat, AsOneColumn(table), kPxPerMm);
  const bool parted = std::any_of(split.column_x.begin() + 1, split.column_x.end() - 1,
                                  [&](float x) { return std::abs(x - drawn.column_x[1]) < 2 * kPxPerMm; });
  EXPECT_TRUE(parted) << "lines at " << ::testing::PrintToString(split.column_x);
  // The labels themselves are not cut: no line inside them.
  for (size_t i = 1; i + 1 < split.column_x.size(); ++i)
    EXPECT_GT(split.column_x[i], drawn.column_x[1] - 2 * kPxPerMm) << "a line in the labels at " << split.column_x[i];
}

// A one-player sheet photographed at low resolution, nothing ruled across:
// the numbers written against the how-to text with a thin pen, one of them
// touching it. Blurred, a thin stroke is ink only here and there along its
// middle and light grey between: drawn so, light strokes with dark dashes
// along them. Counted at the ink level, each number broke into as many
// pieces as a printed word has letters and read as print, and nothing
// parted it from the how-to text; counted as light marks holding ink
// (ColumnProfile::marks), it is a mark or two, as a written number is.
TEST(UnruledColumnsTest, NumbersInkedInPlacesPartFromTheHowToTextTheyTouch) {
  DrawnTable table = OnePlayerSheet();
  const std::vector<std::string> scores = table.columns[1];
  table.columns[1].assign(scores.size(), "");
  table.widths = {60, 24, 62};
  table.column_rules = false;
  cv::Mat page = table.Draw();
  const Lattice drawn = table.Lines();
  for (size_t r = 0; r < scores.size(); ++r) {
    if (scores[r].empty()) continue;
    // Ending 1 mm before the how-to text and up to 4 mm more, as a hand
    // puts them, not lined up as print is; row 5's touches it.
    const cv::Rect2f cell = drawn.Cell(static_cast<int>(r), 1);
    const double end = cell.br().x + (r == 5 ? 1.5 : 0.5 - static_cast<double>(r * 7 % 5)) * kPxPerMm;
    const cv::Size size = cv::getTextSize(scores[r], cv::FONT_HERSHEY_SCRIPT_SIMPLEX, 1.3, 1, nullptr);
    const cv::Point at(static_cast<int>(end) - size.width, static_cast<int>(cell.br().y) - 14);
    cv::putText(page, scores[r], at, cv::FONT_HERSHEY_SCRIPT_SIMPLEX, 1.3, cv::Scalar(185, 185, 185), 3, cv::LINE_AA);
    cv::Mat core = cv::Mat::zeros(page.size(), CV_8U);
    cv::putText(core, scores[r], at, cv::FONT_HERSHEY_SCRIPT_SIMPLEX, 1.3, cv::Scalar(255), 1, cv::LINE_8);
    for (int y = 0; y < core.rows; ++y)
      if ((y / 4) % 2) core.row(y).setTo(0);
    page.setTo(cv::Scalar(60, 60, 60), core);
  }
  const cv::Mat flat = FlattenForText(page, kPxPerMm);
  // The numbers as the split sees them: many pieces, few marks.
  Lattice numbers = drawn;
  numbers.column_x = {drawn.column_x[1] - 3 * static_cast<float>(kPxPerMm), drawn.column_x[2] + 6, drawn.column_x[3]};
  const ColumnProfile written = ProfileColumn(flat, numbers, 0, kPxPerMm);
  ASSERT_GE(written.pieces, ColumnRoleOptions{}.text_pieces) << "the table does not test what it says";
  EXPECT_LT(written.marks, ColumnRoleOptions{}.text_pieces);
  EXPECT_FALSE(written.printed_text);
  const Lattice split = SplitUnruledColumns(flat, AsOneColumn(table), kPxPerMm);
  ASSERT_EQ(split.columns(), 3) << "lines at " << ::testing::PrintToString(split.column_x);
  EXPECT_LT(std::abs(split.column_x[2] - drawn.column_x[2]), 2 * kPxPerMm);
}

// A section band across the open table ("Lower section" on a tinted bar)
// whose grain is left as ink from side to side: it is no row of writing,
// and the strips between the columns stay uncrossed.
TEST(UnruledColumnsTest, ARowInkedAcrossTheTableCrossesNoStrip) {
  DrawnTable table = OnePlayerSheet();
  table.widths = {60, 40, 62};
  table.column_rules = false;
  const int band = 9;  // "3 of a kind": its label and score go, the grain comes
  for (int c = 0; c < 3; ++c) table.columns[c][band].clear();
  cv::Mat page = table.Draw();
  const Lattice drawn = table.Lines();
  const cv::Rect2f row = drawn.Cell(band, 0);
  // Blotches shorter than a rule's remains, 2 px apart.
  for (float x = drawn.column_x.front() + 6; x < drawn.column_x.back() - 36; x += 32)
    for (float y = row.y + 12; y < row.br().y - 12; y += 9)
      cv::rectangle(page, cv::Rect(static_cast<int>(x), static_cast<int>(y), 30, 5), cv::Scalar(90, 90, 90), cv::FILLED);
  const cv::Mat flat = FlattenForText(page, kPxPerMm);
  const ColumnInk ink = WrittenInColumn(flat, AsOneColumn(table), 0, kPxPerMm);
  ASSERT_FALSE(ink.written.empty());
  EXPECT_EQ(std::count(ink.written[band].begin(), ink.written[band].end(), true), 0);
  UnruledColumnOptions strict;  // no row may cross a strip
  strict.max_crossing_rows = 0;
  const Lattice split = SplitUnruledColumns(flat, AsOneColumn(table), kPxPerMm, strict);
  EXPECT_EQ(split.columns(), 3) << "lines at " << ::testing::PrintToString(split.column_x);
}

// A tinted score column with no rule at its sides: the tint's edges are no
// ink, and the columns part where the rows leave paper.
TEST(UnruledColumnsTest, ATintedColumnsEdgesAreNoInk) {
  DrawnTable table = OnePlayerSheet();
  table.widths = {60, 40, 62};
  table.column_rules = false;
  const Lattice drawn = table.Lines();
  cv::Mat page(297 * static_cast<int>(kPxPerMm), 210 * static_cast<int>(kPxPerMm), CV_8UC3, cv::Scalar(250, 250, 250));
  page = table.Draw();
  cv::Mat tint = page.clone();
  cv::rectangle(tint, cv::Point(static_cast<int>(drawn.column_x[1]), static_cast<int>(drawn.row_y.front())),
                cv::Point(static_cast<int>(drawn.column_x[2]), static_cast<int>(drawn.row_y.back())), cv::Scalar(205, 185, 215),
                cv::FILLED);
  cv::min(page, tint, page);  // the print stays over the tint
  const cv::Mat flat = FlattenForText(page, kPxPerMm);
  const ColumnInk ink = WrittenInColumn(flat, AsOneColumn(table), 0, kPxPerMm);
  // No x at the tint's edges is written in more rows than the scores are.
  const int edge = static_cast<int>(drawn.column_x[1]) - ink.x;
  for (int x = edge - 12; x <= edge + 12; ++x) EXPECT_LE(ink.rows_at[x], 2) << "at " << x - edge << " px from the edge";
  const Lattice split = SplitUnruledColumns(flat, AsOneColumn(table), kPxPerMm);
  EXPECT_EQ(split.columns(), 3) << "lines at " << ::testing::PrintToString(split.column_x);
}

// A ruled score column 30 mm wide: most numbers written in its right half,
// three against its left side. Three rows of twenty make no column.
TEST(UnruledColumnsTest, AFewNumbersWrittenAgainstTheLeftSideMakeNoColumn) {
  DrawnTable table = OnePlayerSheet();
  table.widths = {60, 30, 62};
  const std::vector<std::string> scores = table.columns[1];
  table.columns[1].assign(scores.size(), "");
  cv::Mat page = table.Draw();
  const Lattice lattice = table.Lines();
  for (size_t r = 0; r < scores.size(); ++r) {
    if (scores[r].empty()) continue;
    const cv::Rect2f cell = lattice.Cell(static_cast<int>(r), 1);
    const double from_left_mm = (r == 2 || r == 9 || r == 15) ? 1.5 : 17;
    cv::putText(page, scores[r], cv::Point(static_cast<int>(cell.x + from_left_mm * kPxPerMm), static_cast<int>(cell.br().y) - 14),
                cv::FONT_HERSHEY_SCRIPT_SIMPLEX, 1.3, cv::Scalar(150, 60, 20), 3, cv::LINE_AA);
  }
  const cv::Mat flat = FlattenForText(page, kPxPerMm);
  EXPECT_TRUE(UnruledColumnLines(flat, lattice, 1, kPxPerMm).empty())
      << ::testing::PrintToString(UnruledColumnLines(flat, lattice, 1, kPxPerMm));
}

TEST(UnruledColumnsTest, ARuledColumnOfOneBlockStaysWhole) {
  DrawnTable table = OnePlayerSheet();
  table.widths = {60, 40, 62};
  const cv::Mat flat = FlattenForText(table.Draw(), kPxPerMm);
  const Lattice lattice = table.Lines();
  for (int c = 0; c < lattice.columns(); ++c)
    EXPECT_TRUE(UnruledColumnLines(flat, lattice, c, kPxPerMm).empty()) << "column " << c;
}

TEST(UnruledColumnsTest, AHeaderWrittenOnceMakesNoColumn) {
  // "Box" printed once over right-aligned labels: one row, not a column.
  DrawnTable table;
  table.widths = {70};
  std::vector<std::string> labels = {"Box"};
  for (const char* label : {"Aces", "Twos", "Threes", "Fours", "Fives", "Sixes", "Total", "Bonus", "Chance", "Total"})
    labels.push_back(std::string(12, ' ') + std::string(label));
  table.columns = {labels};
  table.handwritten = {false};
  const cv::Mat flat = FlattenForText(table.Draw(), kPxPerMm);
  EXPECT_TRUE(UnruledColumnLines(flat, table.Lines(), 0, kPxPerMm).empty());
}

// Section titles and header words printed flush left ("Game", "Part 1"),
// over labels set in from the left under them: the two blocks stand in
// different rows, one column. Read as two, the titles' strip was taken for
// a score column, and a grid of six games for one of seven.
TEST(UnruledColumnsTest, TitlesFlushLeftOverLabelsSetInMakeNoColumn) {
  DrawnTable table;
  table.widths = {80};
  std::vector<std::string> labels;
  const std::string set_in(14, ' ');
  for (const char* row : {"", "Aces", "Twos", "Threes", "Fours", "Fives", "Sixes", "Total", "", "", "3 of a kind",
                          "4 of a kind", "Full house", "Chance", "Total", "Grand total"})
    labels.push_back(*row ? set_in + row : std::string());
  labels[0] = "Game";
  labels[8] = "Part 2";
  labels[9] = "Game";
  labels.insert(labels.begin() + 1, "Part 1");
  table.columns = {labels};
  table.handwritten = {false};
  const cv::Mat flat = FlattenForText(table.Draw(), kPxPerMm);
  EXPECT_TRUE(UnruledColumnLines(flat, table.Lines(), 0, kPxPerMm).empty())
      << ::testing::PrintToString(UnruledColumnLines(flat, table.Lines(), 0, kPxPerMm));
}

// A double rule at the table's right side, the lattice taking its outer
// stroke for the side: the inner one stands 2 mm inside the how-to column
// in every row, a thin block of ink far from the text. It is a rule, not a
// column of writing (taken for one, a one-game sheet had two score columns).
TEST(UnruledColumnsTest, TheInnerStrokeOfADoubleRuleMakesNoColumn) {
  DrawnTable table = OnePlayerSheet();
  table.widths = {60, 40, 90};
  cv::Mat page = table.Draw();
  const Lattice lattice = table.Lines();
  const int inner = static_cast<int>(lattice.column_x.back() - 2 * kPxPerMm);
  cv::line(page, cv::Point(inner, static_cast<int>(lattice.row_y.front())), cv::Point(inner, static_cast<int>(lattice.row_y.back())),
           cv::Scalar(0, 0, 0), 3);
  const cv::Mat flat = FlattenForText(page, kPxPerMm);
  EXPECT_TRUE(UnruledColumnLines(flat, lattice, 2, kPxPerMm).empty())
      << ::testing::PrintToString(UnruledColumnLines(flat, lattice, 2, kPxPerMm));
}

// Row after row, a number written with its digits apart in column
// `column`: one against the left side, one 7 mm short of the right.
void WriteDigitsApart(cv::Mat& page, const Lattice& drawn, int column) {
  for (int r = 0; r < drawn.rows(); ++r) {
    const cv::Rect2f cell = drawn.Cell(r, column);
    const int baseline = static_cast<int>(cell.br().y) - 14;
    cv::putText(page, std::to_string(1 + r % 9), cv::Point(static_cast<int>(cell.x + 1.5 * kPxPerMm), baseline),
                cv::FONT_HERSHEY_SCRIPT_SIMPLEX, 1.5, cv::Scalar(150, 60, 20), 3, cv::LINE_AA);
    cv::putText(page, std::to_string(r % 10), cv::Point(static_cast<int>(cell.br().x - 7 * kPxPerMm), baseline),
                cv::FONT_HERSHEY_SCRIPT_SIMPLEX, 1.5, cv::Scalar(150, 60, 20), 3, cv::LINE_AA);
  }
}

// Column `column` tinted 10% darker than the paper, top to bottom.
void Tint(cv::Mat& page, const Lattice& drawn, int column) {
  const cv::Rect tint(cv::Point(static_cast<int>(drawn.column_x[column]), static_cast<int>(drawn.row_y.front())),
                      cv::Point(static_cast<int>(drawn.column_x[column + 1]), static_cast<int>(drawn.row_y.back())));
  page(tint) *= 0.9;
}

// Three score columns ruled alike; in the first, every number written with
// its digits far apart, one against each side of the box. The strip between
// them, row under row, looks like the paper between two columns, but a
// column ruled on both sides as wide as its ruled siblings is one column.
TEST(UnruledColumnsTest, ARuledColumnAsWideAsItsRuledSiblingsIsNotParted) {
  DrawnTable table = OnePlayerSheet();
  const std::vector<std::string> labels = table.columns[0], scores = table.columns[1];
  table.widths = {62, 30, 30, 30};
  table.columns = {labels, std::vector<std::string>(labels.size(), ""), scores, scores};
  table.handwritten = {false, true, true, true};
  cv::Mat page = table.Draw();
  const Lattice drawn = table.Lines();
  WriteDigitsApart(page, drawn, 1);
  const cv::Mat flat = FlattenForText(page, kPxPerMm);
  // Looked at alone, the column parts where its digits do.
  EXPECT_FALSE(UnruledColumnLines(flat, drawn, 1, kPxPerMm).empty());
  const Lattice split = SplitUnruledColumns(flat, drawn, kPxPerMm);
  EXPECT_EQ(split.columns(), 4) << "lines at " << ::testing::PrintToString(split.column_x);
}

// The same on a pad that tints every other column instead of ruling it:
// the lines between the score columns are put in at the tints' edges
// (inferred, SplitTintedColumns), and the page prints them all the same.
TEST(UnruledColumnsTest, AColumnAsWideAsItsSiblingsBetweenTintEdgesIsNotParted) {
  DrawnTable table = OnePlayerSheet();
  const std::vector<std::string> labels = table.columns[0], scores = table.columns[1];
  table.widths = {62, 30, 30, 30};
  table.columns = {labels, std::vector<std::string>(labels.size(), ""), scores, scores};
  table.handwritten = {false, true, true, true};
  table.column_rules = false;
  cv::Mat page = table.Draw();
  Lattice drawn = table.Lines();
  WriteDigitsApart(page, drawn, 1);
  for (int c : {1, 3}) Tint(page, drawn, c);
  // The frame and the labels' side are ruled; the tints' edges are not.
  drawn.column_inferred = {false, false, true, true, false};
  const std::vector<float> tint_edges = {drawn.column_x[2], drawn.column_x[3]};
  const cv::Mat flat = FlattenForText(page, kPxPerMm);
  EXPECT_GT(SplitUnruledColumns(flat, drawn, kPxPerMm).columns(), 4);
  const Lattice split = SplitUnruledColumns(flat, drawn, kPxPerMm, {}, tint_edges);
  EXPECT_EQ(split.columns(), 4) << "lines at " << ::testing::PrintToString(split.column_x);
}

// Tints alternate over the score columns; the labels with the first
// players' column, unruled between them, from the frame to the first
// tint's edge, may come as wide as the how-to column from the last tint
// to the frame. One such sibling is no pattern: the block is parted
// between the labels and the numbers.
TEST(UnruledColumnsTest, LabelsAndNumbersAsWideAsTheHowToColumnArePartedBesideTints) {
  DrawnTable table = OnePlayerSheet();
  const std::vector<std::string> labels = table.columns[0], scores = table.columns[1], how_to = table.columns[2];
  const std::vector<std::string> empty(labels.size(), "");
  table.widths = {40, 22, 30, 30, 30, 62};
  table.columns = {labels, scores, empty, empty, empty, how_to};
  table.handwritten = {false, true, true, true, true, false};
  table.column_rules = false;
  cv::Mat page = table.Draw();
  const Lattice drawn = table.Lines();
  for (int c : {2, 4}) Tint(page, drawn, c);
  // The lattice: the frame, and the tints' edges put in (inferred).
  Lattice lattice = drawn;
  lattice.column_x = {drawn.column_x[0], drawn.column_x[2], drawn.column_x[3], drawn.column_x[4], drawn.column_x[5],
                      drawn.column_x[6]};
  lattice.column_inferred = {false, true, true, true, true, false};
  const std::vector<float> tint_edges(lattice.column_x.begin() + 1, lattice.column_x.end() - 1);
  const cv::Mat flat = FlattenForText(page, kPxPerMm);
  const Lattice split = SplitUnruledColumns(flat, lattice, kPxPerMm, {}, tint_edges);
  const bool parted = std::any_of(split.column_x.begin() + 1, split.column_x.end() - 1,
                                  [&](float x) { return std::abs(x - drawn.column_x[1]) < 6 * kPxPerMm; });
  EXPECT_TRUE(parted) << "lines at " << ::testing::PrintToString(split.column_x);
}

}  // namespace
}  // namespace scorecheck
