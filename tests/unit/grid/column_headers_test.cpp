// Score columns counted by the headers printed over them.

#include "grid/column_headers.h"

#include <gtest/gtest.h>

#include <algorithm>
#include <cstdio>
#include <string>
#include <vector>

#include <opencv2/imgproc.hpp>

#include "grid/printed_text.h"
#include "unit/grid/drawn_table.h"

namespace scorecheck {
namespace {

using testing::kPxPerMm;
using testing::Px;

// "#n", the header of the n-th player's column. (Not "#" + std::to_string(n):
// g++ 12 warns of an overlapping copy in it, wrongly, -Wrestrict.)
std::string Hash(int n) {
  char text[16];
  std::snprintf(text, sizeof text, "#%d", n);
  return text;
}

// `text` printed (Hershey simplex at `scale`, dark grey) centred on x with
// its baseline at y of `at`.
void PrintCentred(cv::Mat& page, const std::string& text, cv::Point at, double scale, int thickness) {
  int baseline = 0;
  const cv::Size size = cv::getTextSize(text, cv::FONT_HERSHEY_SIMPLEX, scale, thickness, &baseline);
  cv::putText(page, text, at - cv::Point(size.width / 2, 0), cv::FONT_HERSHEY_SIMPLEX, scale, cv::Scalar(20, 20, 20),
              thickness, cv::LINE_AA);
}

// A table with a 50 mm label column and a score area of `columns` columns of
// `score_mm` each, ruled only around the area and beside the labels.
struct OpenScoreArea {
  double x = 20, y = 30, row_mm = 9, label_mm = 50, score_mm = 22;
  int columns = 3, rows = 14;
  bool ruled_labels = true;  // false: nothing rules the labels off from the scores (the frame only)

  double ColumnLeft(int c) const { return x + label_mm + c * score_mm; }
  double RowTop(int r) const { return y + r * row_mm; }

  // What the lattice finder sees: rows, the frame and the rule beside the labels.
  Lattice Lines() const {
    std::vector<double> ys;
    for (int r = 0; r <= rows; ++r) ys.push_back(RowTop(r));
    if (!ruled_labels) return testing::LinesAt(ys, {x, ColumnLeft(columns)});
    return testing::LinesAt(ys, {x, x + label_mm, ColumnLeft(columns)});
  }

  cv::Mat Blank() const {
    cv::Mat page(Px(210, 297).y, Px(210, 297).x, CV_8UC3, cv::Scalar(250, 250, 250));
    const Lattice lattice = Lines();
    for (float y_px : lattice.row_y)
      cv::line(page, cv::Point(static_cast<int>(lattice.column_x.front()), static_cast<int>(y_px)),
               cv::Point(static_cast<int>(lattice.column_x.back()), static_cast<int>(y_px)), cv::Scalar(0, 0, 0), 2);
    for (float x_px : lattice.column_x)
      cv::line(page, cv::Point(static_cast<int>(x_px), static_cast<int>(lattice.row_y.front())),
               cv::Point(static_cast<int>(x_px), static_cast<int>(lattice.row_y.back())), cv::Scalar(0, 0, 0), 2);
    for (int r = 1; r < rows; ++r)
      cv::putText(page, "Label " + std::to_string(r), Px(x + 2, RowTop(r + 1) - 2.5), cv::FONT_HERSHEY_SIMPLEX, 0.9,
                  cv::Scalar(20, 20, 20), 2, cv::LINE_AA);
    return page;
  }

  // Blank(), with "Box" printed over the labels and "#1", "#2", ... over
  // the score columns in the top row.
  cv::Mat Headed() const {
    cv::Mat page = Blank();
    Put(page, 0, x + label_mm / 2, "Box", false);
    for (int c = 0; c < columns; ++c) Put(page, 0, ColumnLeft(c) + score_mm / 2, Hash(c + 1), false);
    return page;
  }

  // Lines(), with a line put in (inferred) at x_mm, as the gaps between the
  // rows' ink put one.
  Lattice LinesWithGapAt(double x_mm) const {
    Lattice lattice = Lines();
    const auto at = std::upper_bound(lattice.column_x.begin(), lattice.column_x.end(), static_cast<float>(x_mm * kPxPerMm));
    const auto index = at - lattice.column_x.begin();
    lattice.column_x.insert(at, static_cast<float>(x_mm * kPxPerMm));
    lattice.column_inferred.insert(lattice.column_inferred.begin() + index, true);
    return lattice;
  }

  // `text` centred at x_mm in row r: printed, or handwritten (script, blue).
  void Put(cv::Mat& page, int r, double x_mm, const std::string& text, bool handwritten) const {
    const int font = handwritten ? cv::FONT_HERSHEY_SCRIPT_SIMPLEX : cv::FONT_HERSHEY_SIMPLEX;
    const double scale = handwritten ? 1.5 : 0.9;
    const int thickness = handwritten ? 3 : 2;
    int baseline = 0;
    const cv::Size size = cv::getTextSize(text, font, scale, thickness, &baseline);
    const cv::Point at(Px(x_mm, 0).x - size.width / 2, Px(0, RowTop(r + 1) - 2.5).y);
    cv::putText(page, text, at, font, scale, handwritten ? cv::Scalar(150, 60, 20) : cv::Scalar(20, 20, 20), thickness,
                cv::LINE_AA);
  }
};

// A sheet for three players used by one: "#1 #2 #3" printed over an open
// score area, numbers written in the first column only. No ink parts the
// area; the headers count its columns, and the lines fall between them.
TEST(ColumnHeadersTest, ColumnsNobodyWroteInAreCountedByTheirHeaders) {
  const OpenScoreArea area;
  cv::Mat page = area.Blank();
  for (int c = 0; c < area.columns; ++c)
    area.Put(page, 0, area.ColumnLeft(c) + area.score_mm / 2, Hash(c + 1), false);
  const std::vector<std::string> numbers = {"3", "8", "12", "16", "15", "24", "78", "35", "113", "25", "0", "30", "40"};
  for (int r = 1; r < area.rows; ++r) area.Put(page, r, area.ColumnLeft(0) + area.score_mm / 2, numbers[r - 1], true);
  const cv::Mat flat = FlattenForText(page, kPxPerMm);
  const std::vector<float> lines = HeaderColumnLines(flat, area.Lines(), 1, kPxPerMm);
  ASSERT_EQ(lines.size(), 2u);
  for (int c = 1; c < area.columns; ++c)
    EXPECT_NEAR(lines[c - 1], area.ColumnLeft(c) * kPxPerMm, 2.0 * kPxPerMm) << c;
  // The label column holds one word per row: nothing to part.
  EXPECT_TRUE(HeaderColumnLines(flat, area.Lines(), 0, kPxPerMm).empty());
  const Lattice split = SplitHeadedColumns(flat, area.Lines(), kPxPerMm);
  EXPECT_EQ(split.columns(), 1 + area.columns);
}

// Headers printed flush left in their columns ("#1" 2 mm from the column's
// left edge, each column 34 mm wide: a typed sheet's left-aligned cells),
// over an area nobody wrote in but the first column. They stand alike in
// their shares, not in the middle: the columns are counted all the same,
// with the lines at the shares' edges, whether the labels are ruled off or
// not (then "Box" stands beside the run, and the line half a share before
// "#1" would cut the first column: it goes at that column's left edge).
TEST(ColumnHeadersTest, HeadersFlushLeftInTheirColumnsCountThem) {
  for (bool ruled_labels : {true, false}) {
    OpenScoreArea area;
    area.score_mm = 34;
    area.columns = 4;
    area.label_mm = 40;
    area.ruled_labels = ruled_labels;
    cv::Mat page = area.Blank();
    area.Put(page, 0, area.x + area.label_mm / 2, "Box", false);
    for (int c = 0; c < area.columns; ++c) {
      int baseline = 0;
      const cv::Size size = cv::getTextSize(Hash(c + 1), cv::FONT_HERSHEY_SIMPLEX, 0.9, 2, &baseline);
      area.Put(page, 0, area.ColumnLeft(c) + 2 + size.width / 2.0 / kPxPerMm, Hash(c + 1), false);
    }
    const std::vector<std::string> numbers = {"3", "8", "12", "16", "15", "24", "78", "35", "113", "25", "0", "30", "40"};
    for (int r = 1; r < area.rows; ++r) area.Put(page, r, area.ColumnLeft(0) + area.score_mm / 2, numbers[r - 1], true);
    const cv::Mat flat = FlattenForText(page, kPxPerMm);
    // As the grid stage does it: the gaps between the rows' ink first.
    const Lattice split = SplitHeadedColumns(flat, SplitUnruledColumns(flat, area.Lines(), kPxPerMm), kPxPerMm);
    // The score area's lines, the last 1 + columns (the fixture's labels,
    // "Label 1" ... "Label 13", part at their word space wherever it is).
    ASSERT_GE(split.columns(), 1 + area.columns) << (ruled_labels ? "labels ruled off" : "labels not ruled off");
    const int first = split.columns() - area.columns;

    // Unruled, the line beside the labels takes the strip of paper where the
    // writing parts, a little left of the first column's edge.
    for (int c = 0; c <= area.columns; ++c)
      EXPECT_NEAR(split.column_x[first + c], area.ColumnLeft(c) * kPxPerMm, (c == 0 && !ruled_labels ? 3.0 : 1.0) * kPxPerMm)
          << c << (ruled_labels ? ", labels ruled off" : ", labels not ruled off");
    // One column fewer would have been taken: the labels' and the scores'.
    EXPECT_LT(split.column_x[first - 1], (area.x + area.label_mm - 5) * kPxPerMm);
  }
}

// "Game 1", "Game 2", ... printed large with a wide word space (4 mm: a
// monospaced face over a five-game sheet): each is one header, not two
// words, and five columns are counted.
TEST(ColumnHeadersTest, HeadersInLargeTypeWithWideWordSpacesAreOneEach) {
  OpenScoreArea area;
  area.columns = 5;
  area.score_mm = 28;
  area.row_mm = 10;
  cv::Mat page = area.Blank();
  for (int c = 0; c < area.columns; ++c) {
    const double centre = area.ColumnLeft(c) + area.score_mm / 2;
    for (const auto& [word, x_mm] : {std::pair{std::string("Game"), centre - 4.5}, {std::to_string(c + 1), centre + 6.0}})
      PrintCentred(page, word, cv::Point(Px(x_mm, 0).x, Px(0, area.RowTop(1) - 2.5).y), 1.1, 2);
  }
  const cv::Mat flat = FlattenForText(page, kPxPerMm);
  const std::vector<float> lines = HeaderColumnLines(flat, area.Lines(), 1, kPxPerMm);
  ASSERT_EQ(lines.size(), 4u);
  for (int c = 1; c < area.columns; ++c)
    EXPECT_NEAR(lines[c - 1], area.ColumnLeft(c) * kPxPerMm, 2.0 * kPxPerMm) << c;
  // Joined only as far as the word space goes: with the gap held at 2.5 mm,
  // "Game" and "1" are two headers each, unlike, and nothing is counted.
  ColumnHeaderOptions narrow;
  narrow.word_gap_heights = 0;
  EXPECT_TRUE(HeaderColumnLines(flat, area.Lines(), 1, kPxPerMm, narrow).empty());
}

// A table ruled only around: "Box" over the labels, "#1 #2 #3" over the
// scores, and the first player's numbers written hard against the labels,
// so that no strip of paper parts labels from scores, while the gaps
// between the numbers put a line in the wrong place (here 6 mm into the
// second column). The headers outrank the gaps: labels, then three equal
// columns, the line beside the labels half a column left of "#1".
TEST(ColumnHeadersTest, HeadersOutrankTheGapsBetweenHandwriting) {
  OpenScoreArea area;
  area.ruled_labels = false;
  cv::Mat page = area.Headed();
  const std::vector<std::string> numbers = {"3", "8", "12", "16", "15", "24", "78", "35", "113", "25", "0", "30", "40"};
  for (int r = 1; r < area.rows; ++r) area.Put(page, r, area.ColumnLeft(0) + 2, numbers[r - 1], true);
  const cv::Mat flat = FlattenForText(page, kPxPerMm);
  const Lattice gaps = area.LinesWithGapAt(area.ColumnLeft(1) + 6);
  const Lattice split = SplitHeadedColumns(flat, gaps, kPxPerMm);
  ASSERT_EQ(split.columns(), 1 + area.columns);
  for (int c = 0; c < area.columns; ++c)
    EXPECT_NEAR(split.column_x[c + 1], area.ColumnLeft(c) * kPxPerMm, 2.0 * kPxPerMm) << c;
  // A line the table rules stays where it is: headers are looked at
  // between ruled lines only.
  Lattice ruled = gaps;
  ruled.column_inferred[1] = false;
  const Lattice kept = SplitHeadedColumns(flat, ruled, kPxPerMm);
  EXPECT_NEAR(kept.column_x[1], (area.ColumnLeft(1) + 6) * kPxPerMm, 0.5);
}

// Beside the headers' outer column, the lines the rows' ink put in: one at
// the blank end of the label column (nothing written between it and the
// headers' line) goes; one with writing between (the first column wider
// than the headers' pitch, its numbers written towards the labels) takes
// the headers' line's place, so that no number is cut.
TEST(ColumnHeadersTest, AGapBesideTheHeadersKeepsItsPlaceOnlyWithWritingBetween) {
  OpenScoreArea area;
  area.ruled_labels = false;
  cv::Mat page = area.Headed();
  const std::vector<std::string> numbers = {"3", "8", "12", "16", "15", "24", "78", "35", "113", "25", "0", "30", "40"};
  for (int r = 1; r < area.rows; ++r) area.Put(page, r, area.ColumnLeft(0) + area.score_mm / 2, numbers[r - 1], true);
  const Lattice gaps = area.LinesWithGapAt(area.ColumnLeft(0) - 12);
  const Lattice blank_end = SplitHeadedColumns(FlattenForText(page, kPxPerMm), gaps, kPxPerMm);
  ASSERT_EQ(blank_end.columns(), 1 + area.columns);
  EXPECT_NEAR(blank_end.column_x[1], area.ColumnLeft(0) * kPxPerMm, 2.0 * kPxPerMm);

  // The first player's numbers written from 8 mm left of the headers' line
  // (their left end 6 mm into the blank end of the labels), the rows' gap
  // left of them.
  cv::Mat wide = area.Headed();
  for (int r = 1; r < area.rows; ++r) area.Put(wide, r, area.ColumnLeft(0) - 2, numbers[r - 1], true);
  const Lattice kept = SplitHeadedColumns(FlattenForText(wide, kPxPerMm), gaps, kPxPerMm);
  ASSERT_EQ(kept.columns(), 1 + area.columns);
  EXPECT_NEAR(kept.column_x[1], (area.ColumnLeft(0) - 12) * kPxPerMm, 0.5);
}

// A sheet ruling only its frame: "Category" flush left over the labels,
// "Game #1" and "Game #2" centred over two players' columns, "How to
// score" over the how-to text beside them. The first three headers stand
// inside equal shares of the area from its left side, but not at one
// place in them: no run of columns that wide. The columns stay where the
// rows' ink parts them (the shares' edges cut the how-to text).
TEST(ColumnHeadersTest, ALabelHeaderAndTwoPlayersHeadersAreNoEqualColumns) {
  OpenScoreArea area;
  area.ruled_labels = false;
  area.label_mm = 46;
  area.score_mm = 38;
  area.columns = 3;  // two players' columns, then the how-to text
  cv::Mat page = area.Blank();
  area.Put(page, 0, area.x + 2 + 10, "Category", false);
  area.Put(page, 0, area.ColumnLeft(0) + area.score_mm / 2, "Game #1", false);
  area.Put(page, 0, area.ColumnLeft(1) + area.score_mm / 2, "Game #2", false);
  area.Put(page, 0, area.ColumnLeft(2) + 15, "How to", false);
  const std::vector<std::string> numbers = {"3", "8", "12", "16", "15", "24", "78", "35", "113", "25", "0", "30", "40"};
  for (int r = 1; r < area.rows; ++r) {
    area.Put(page, r, area.ColumnLeft(0) + area.score_mm / 2, numbers[r - 1], true);
    area.Put(page, r, area.ColumnLeft(1) + area.score_mm / 2, numbers[(r + 4) % numbers.size()], true);
    if (r % 3 != 0) area.Put(page, r, area.ColumnLeft(2) + 17, "Add dice", false);
  }
  const cv::Mat flat = FlattenForText(page, kPxPerMm);
  const Lattice split = SplitHeadedColumns(flat, SplitUnruledColumns(flat, area.Lines(), kPxPerMm), kPxPerMm);
  // The lines of the last three columns (the fixture's labels, "Label 1"
  // ... "Label 13", part at their word space too).
  ASSERT_GE(split.columns(), 4) << ::testing::PrintToString(split.column_x);
  const int first = split.columns() - 3;
  for (int c = 0; c < 3; ++c)
    EXPECT_NEAR(split.column_x[first + c], area.ColumnLeft(c) * kPxPerMm, 4 * kPxPerMm) << c;
}

// One wide score column, and in one row a number whose two digits stand
// far apart, alike in size as printed headers are, each in the middle of
// its half. The numbers of the other rows are written across the middle:
// the two digits are no headers.
TEST(ColumnHeadersTest, DigitsOfOneNumberWrittenApartAreNoHeaders) {
  OpenScoreArea area;
  area.columns = 1;
  area.score_mm = 34;
  cv::Mat page = area.Blank();
  const double middle = area.ColumnLeft(0) + area.score_mm / 2;
  area.Put(page, 3, area.ColumnLeft(0) + area.score_mm / 4, "6", true);
  area.Put(page, 3, area.ColumnLeft(0) + 3 * area.score_mm / 4, "0", true);
  const std::vector<std::string> numbers = {"24", "48", "105", "60", "72", "35", "250", "18", "40", "30"};
  for (int r = 4; r < area.rows; ++r) area.Put(page, r, middle, numbers[r - 4], true);
  const cv::Mat flat = FlattenForText(page, kPxPerMm);
  EXPECT_TRUE(HeaderColumnLines(flat, area.Lines(), 1, kPxPerMm).empty());
}

// Six players' headers in small type ("Game #1" ... 1.3 mm tall, 3.5 mm
// apart) under a frame 2 mm thick: the frame reaches past the rule's own
// clearance into the header row. The headers are measured by their own
// ink, the rules taken out, not as tall as the row with the frame's edge
// (then the word space such tall "print" has joined all six into one
// block, and nothing was counted).
TEST(ColumnHeadersTest, SmallHeadersUnderAThickFrameAreMeasuredByTheirOwnInk) {
  OpenScoreArea area;
  area.columns = 6;
  area.score_mm = 10;
  area.label_mm = 40;
  cv::Mat page = area.Blank();
  const Lattice lines = area.Lines();
  const int top = static_cast<int>(lines.row_y.front());
  const int frame_px = static_cast<int>(2 * kPxPerMm);
  cv::line(page, cv::Point(static_cast<int>(lines.column_x.front()), top),
           cv::Point(static_cast<int>(lines.column_x.back()), top), cv::Scalar(30, 110, 30), frame_px);
  for (int c = 0; c < area.columns; ++c)
    PrintCentred(page, "Game " + Hash(c + 1), Px(area.ColumnLeft(c) + area.score_mm / 2, area.RowTop(1) - 3), 0.35, 1);
  const std::vector<std::string> numbers = {"3", "8", "12", "16", "15", "24", "78", "35", "113", "25", "0", "30", "40"};
  for (int r = 1; r < area.rows; ++r) area.Put(page, r, area.ColumnLeft(0) + area.score_mm / 2, numbers[r - 1], true);
  const cv::Mat flat = FlattenForText(page, kPxPerMm);
  const std::vector<float> found = HeaderColumnLines(flat, lines, 1, kPxPerMm);
  ASSERT_EQ(found.size(), static_cast<size_t>(area.columns - 1)) << ::testing::PrintToString(found);
  for (int c = 1; c < area.columns; ++c)
    EXPECT_NEAR(found[c - 1], area.ColumnLeft(c) * kPxPerMm, 1.0 * kPxPerMm) << c;
}

// Headers of unequal size ("Game 1" over one column, "#2" over the next)
// are not a row of printed headers alike; nor is one header alone.
TEST(ColumnHeadersTest, HeadersUnlikeEachOtherOrAloneCountNothing) {
  OpenScoreArea area;
  area.columns = 2;
  area.score_mm = 30;
  cv::Mat unlike = area.Blank();
  area.Put(unlike, 0, area.ColumnLeft(0) + area.score_mm / 2, "Game 1", false);
  area.Put(unlike, 0, area.ColumnLeft(1) + area.score_mm / 2, "#2", false);
  EXPECT_TRUE(HeaderColumnLines(FlattenForText(unlike, kPxPerMm), area.Lines(), 1, kPxPerMm).empty());
  cv::Mat alone = area.Blank();
  area.Put(alone, 0, area.ColumnLeft(0) + area.score_mm, "Points", false);
  EXPECT_TRUE(HeaderColumnLines(FlattenForText(alone, kPxPerMm), area.Lines(), 1, kPxPerMm).empty());
}

// Six score columns 12 mm wide that the rows' ink parted (lines put in at
// each), their numbers written in pairs close across every other line (the
// first player's against the right of the box, the second's against the
// left: 2 mm apart). Large writing joins words closer than its wide word
// space, and each pair was one block: three blocks alike, each centred in
// its third of the area, taken for three headers, and the six columns
// became three, two numbers to a box (scan200 0020: a label and the first
// player's number, joined alike, moved the labels' line into that
// player's column). A line the rows' ink put in parts blocks: what stands
// either side of it is no one header.
TEST(ColumnHeadersTest, WordsAreNotJoinedAcrossWhereTheRowsInkPartsColumns) {
  OpenScoreArea area;
  area.score_mm = 12;
  area.columns = 6;
  cv::Mat page = area.Blank();
  const std::vector<std::string> numbers = {"24", "18", "12", "16", "15", "20", "30", "40", "25", "13", "19", "22"};
  int baseline = 0;
  for (int r = 1; r < area.rows; ++r)
    for (int c = 0; c < area.columns; ++c) {
      const std::string& text = numbers[(r + c) % numbers.size()];
      const double width_mm = cv::getTextSize(text, cv::FONT_HERSHEY_SCRIPT_SIMPLEX, 1.5, 3, &baseline).width / kPxPerMm;
      const double meet = area.ColumnLeft(c % 2 == 0 ? c + 1 : c);  // where the pair's columns meet
      area.Put(page, r, c % 2 == 0 ? meet - 1 - width_mm / 2 : meet + 1 + width_mm / 2, text, true);
    }
  const cv::Mat flat = FlattenForText(page, kPxPerMm);
  Lattice parted = area.Lines();
  for (int c = 1; c < area.columns; ++c) {
    parted.column_x.insert(parted.column_x.end() - 1, static_cast<float>(area.ColumnLeft(c) * kPxPerMm));
    parted.column_inferred.insert(parted.column_inferred.end() - 1, true);
  }
  const Lattice split = SplitHeadedColumns(flat, parted, kPxPerMm);
  ASSERT_EQ(split.columns(), 1 + area.columns) << ::testing::PrintToString(split.column_x);
  for (int c = 0; c <= area.columns; ++c)
    EXPECT_NEAR(split.column_x[c + 1], area.ColumnLeft(c) * kPxPerMm, 1.0 * kPxPerMm) << c;
}

}  // namespace
}  // namespace scorecheck
