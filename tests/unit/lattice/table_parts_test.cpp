// Which lines make one table: a double frame around rows with no column
// rules, rows ruled on where only shaded bands give column edges, and two
// sections of ten rows or more parted by a tinted section row on a page
// turned a quarter, with a title bar below them, a title bar just above
// a table, a striped table with a header bar and no column rules whose
// rules along the stripes come in pieces, letters stacked down the labels of
// a table ruled between labels and scores only, two sections parted by
// two bars, handwriting beside a table's one rule, rows cut by a table's
// one thick rule beside letters stacked down its labels, side rules broken
// where the inner rule runs on, sections ruled alike with one rule each, a
// rule beyond where the rows stop, a grid beside another, and side rules
// seen in part beside rows that no column rule crosses.

#include <gtest/gtest.h>

#include <tuple>
#include <vector>
#include <opencv2/imgproc.hpp>

#include "image/load_image.h"
#include "lattice/bands.h"
#include "lattice/find_lattice.h"
#include "unit/lattice/bands_of.h"

namespace scorecheck {
namespace {

constexpr double kPxPerMm = 8;

cv::Point Px(double x_mm, double y_mm) {
  return cv::Point(static_cast<int>(std::lround(x_mm * kPxPerMm)), static_cast<int>(std::lround(y_mm * kPxPerMm)));
}

cv::Mat BlankPage() { return cv::Mat(2376, 1680, CV_8UC3, cv::Scalar(250, 250, 250)); }

// A table from x0 to x1 (mm) with `rows` rows of `row_mm` from y0.
struct Rows {
  double x0 = 25, x1 = 185, y0 = 40, row_mm = 9;
  int rows = 20;
  double Y(int r) const { return y0 + r * row_mm; }
};

// Rules 3 px thick with square ends, as a printer draws them (a round cap
// would reach past the line it ends at).
void Rule(cv::Mat& page, cv::Point a, cv::Point b) {
  const cv::Point half(a.x == b.x ? 1 : 0, a.y == b.y ? 1 : 0);
  cv::rectangle(page, a - half, b + half, cv::Scalar(40, 40, 40), cv::FILLED);
}

void RuleRows(cv::Mat& page, const Rows& t) {
  for (int r = 0; r <= t.rows; ++r) Rule(page, Px(t.x0, t.Y(r)), Px(t.x1, t.Y(r)));
}

void Shade(cv::Mat& page, const Rows& t, int from_row, int to_row, int gray) {
  cv::rectangle(page, Px(t.x0, t.Y(from_row)), Px(t.x1, t.Y(to_row)), cv::Scalar(gray, gray, gray), cv::FILLED);
}

// One grid found on `page`, of the rows of `t`, its first row line where
// the table's is.
void ExpectOneGridOf(const cv::Mat& page, const Rows& t) {
  const LatticeResult result = FindLattices(page);
  ASSERT_TRUE(result.ok()) << result.detail;
  ASSERT_EQ(result.grids.size(), 1u) << result.detail;
  EXPECT_EQ(result.grids[0].rows(), t.rows);
  EXPECT_NEAR(result.grids[0].row_y.front(), Px(0, t.Y(0)).y, 4);
}

// A double frame (a second line 1.1 mm outside the first) around rows that no
// column rule crosses: the rows end at the inner frame, and the inner frame
// lines are the only lines inside the outer ones. They are the frame, not
// inner rules that every row would have to cross.
TEST(TablePartsTest, ADoubleFrameAroundRowsWithoutColumnRules) {
  const Rows t;
  cv::Mat page = BlankPage();
  RuleRows(page, t);
  for (double x : {t.x0, t.x1}) Rule(page, Px(x, t.Y(0)), Px(x, t.Y(t.rows)));
  const double d = 1.1;
  for (double x : {t.x0 - d, t.x1 + d}) Rule(page, Px(x, t.Y(0) - d), Px(x, t.Y(t.rows) + d));
  for (double y : {t.Y(0) - d, t.Y(t.rows) + d}) Rule(page, Px(t.x0 - d, y), Px(t.x1 + d, y));
  const LatticeResult result = FindLattices(page);
  ASSERT_TRUE(result.ok()) << result.detail;
  ASSERT_EQ(result.grids.size(), 1u) << result.detail;
  const Lattice& grid = result.grids[0];
  // Every row, and a column from one side to the other. The two lines of
  // the frame may come out as one between them, or as a strip beside it.
  const float slack = static_cast<float>(1.2 * kPxPerMm);
  EXPECT_EQ(grid.rows(), t.rows);
  EXPECT_NEAR(grid.row_y.front(), Px(0, t.Y(0)).y, slack);
  EXPECT_NEAR(grid.row_y.back(), Px(0, t.Y(t.rows)).y, slack);
  bool spans = false;
  for (int c = 0; c < grid.columns(); ++c)
    spans |= std::abs(grid.column_x[c] - Px(t.x0, 0).x) < slack && std::abs(grid.column_x[c + 1] - Px(t.x1, 0).x) < slack;
  EXPECT_TRUE(spans);
}

// Rows ruled across, no column rules at all, and two shaded blocks of rows
// (the totals): the bands' sides are the only lines the other way. The rows
// ruled between and around the bands are rows of the same table, not a
// gap between two tables of 3 and 5 rows.
TEST(TablePartsTest, RowsRuledOnWhereOnlyShadedBandsGiveColumnEdges) {
  Rows t;
  t.rows = 21;
  cv::Mat page = BlankPage();
  Shade(page, t, 6, 9, 175);
  Shade(page, t, 16, 21, 175);
  RuleRows(page, t);
  const LatticeResult result = FindLattices(page);
  ASSERT_TRUE(result.ok()) << result.detail;
  ASSERT_EQ(result.grids.size(), 1u) << result.detail;
  EXPECT_EQ(result.grids[0].rows(), t.rows);
  EXPECT_NEAR(result.grids[0].row_y.front(), Px(0, t.Y(0)).y, 4);
  EXPECT_NEAR(result.grids[0].row_y.back(), Px(0, t.Y(t.rows)).y, 4);
}

// Twelve rows (a header row, a tinted "UPPER" row, the upper section), a
// tinted section row the column rules stop at, eleven rows below; a dark
// title bar 15 mm under the table, 12 mm tall; the page turned a quarter. One grid of 24
// rows: the sections are each long enough for a grid, but together they
// make a scorecard's rows, one section row apart; the title bar's edges are
// no rows of it.
TEST(TablePartsTest, SectionsPartedByATintedSectionRowOnAQuarterTurnedPage) {
  Rows t;
  t.rows = 24;
  t.y0 = 30;
  const double xs[] = {t.x0, 75, 100, 125, 150, t.x1};
  cv::Mat page = BlankPage();
  Shade(page, t, 1, 2, 215);
  Shade(page, t, 12, 13, 215);
  RuleRows(page, t);
  for (double x : xs) {
    Rule(page, Px(x, t.Y(0)), Px(x, t.Y(1)));
    Rule(page, Px(x, t.Y(2)), Px(x, t.Y(12)));
    Rule(page, Px(x, t.Y(13)), Px(x, t.Y(24)));
  }
  cv::rectangle(page, Px(t.x0, t.Y(24) + 15), Px(t.x1, t.Y(24) + 27), cv::Scalar(60, 60, 60), cv::FILLED);
  cv::Mat turned;
  cv::rotate(page, turned, cv::ROTATE_90_CLOCKWISE);
  const LatticeResult result = FindLattices(turned);
  ASSERT_TRUE(result.ok()) << result.detail;
  ASSERT_EQ(result.grids.size(), 1u) << result.detail;
  EXPECT_EQ(result.grids[0].rows(), t.rows);
  EXPECT_EQ(result.grids[0].columns(), 5);
}

// A title bar as wide as the table, 2 mm above its frame: its sides line
// up with the frame's, and it is about a row tall. The strip of paper
// between them ends the table; the bar is no row of it.
TEST(TablePartsTest, ATitleBarJustAboveTheFrameIsNoRowOfIt) {
  const Rows t;
  cv::Mat page = BlankPage();
  cv::rectangle(page, Px(t.x0, t.Y(0) - 10), Px(t.x1, t.Y(0) - 2), cv::Scalar(70, 70, 70), cv::FILLED);
  RuleRows(page, t);
  for (double x : {t.x0, 75.0, 120.0, t.x1}) Rule(page, Px(x, t.Y(0)), Px(x, t.Y(t.rows)));
  ExpectOneGridOf(page, t);
}

// Every other row striped, no column rules, a dark header bar on top of the
// first (white) row, and the rule along each stripe's top broken where the
// stripe's boxes meet (pieces as long as a column, 8 mm gaps): along the
// stripe's edge the pieces are one rule, and the bar one row from the
// striped rows is the table's head. Before, the broken rules stacked with
// no other line (the table lost its rows), and then the head stood apart
// from the written rows and took the first row with it.
TEST(TablePartsTest, AStripedTableWithAHeaderBarAndRulesInPieces) {
  Rows t;
  t.rows = 20;
  t.y0 = 50;
  const double boxes[] = {t.x0, 100, 130, 160, t.x1};
  cv::Mat page = BlankPage();
  cv::rectangle(page, Px(t.x0, t.Y(0) - 18), Px(t.x1, t.Y(0)), cv::Scalar(70, 60, 60), cv::FILLED);
  for (int r = 1; r < t.rows; r += 2) Shade(page, t, r, r + 1, 190);
  for (int r = 1; r <= t.rows; ++r) {
    if (r % 2 == 0) {  // under a stripe (and the table's foot): whole
      Rule(page, Px(t.x0, t.Y(r)), Px(t.x1, t.Y(r)));
      continue;
    }
    for (int b = 0; b + 1 < 5; ++b)
      Rule(page, Px(boxes[b] + (b ? 4 : 0), t.Y(r)), Px(boxes[b + 1] - (b + 2 < 5 ? 4 : 0), t.Y(r)));
  }
  // Written in: a "1" in each score box of the upper rows (strokes upright,
  // as dense as column rules there).
  for (int r = 1; r <= 6; ++r)
    for (int b = 1; b + 1 < 5; ++b) {
      const double x = (boxes[b] + boxes[b + 1]) / 2;
      cv::line(page, Px(x, t.Y(r) + 1), Px(x, t.Y(r + 1) - 1), cv::Scalar(60, 40, 30), 3);
    }
  const LatticeResult result = FindLattices(page);
  ASSERT_TRUE(result.ok()) << result.detail;
  ASSERT_EQ(result.grids.size(), 1u) << result.detail;
  const Lattice& grid = result.grids[0];
  // The head (two rows' height: one row, or two at the table's pitch) and
  // every row below it.
  EXPECT_GE(grid.rows(), t.rows + 1);
  EXPECT_LE(grid.rows(), t.rows + 2);
  const int head = grid.rows() - t.rows;
  EXPECT_NEAR(grid.row_y.front(), Px(0, t.Y(0) - 18).y, 4);
  for (int r = 0; r <= t.rows; ++r) EXPECT_NEAR(grid.row_y[head + r], Px(0, t.Y(r)).y, 4) << "row line " << r;
}

// Light stripes (14% darker than the paper) across a table, and a light
// tint (12%) over a score column 37 mm wide: only where they cross is the
// page dark enough for a band. Past the reach of the paper window (30 mm)
// from the tint's sides, in the middle of the column, no paper is near to
// measure against, and there each crossing fades to nothing, in every
// stripe at one place: an edge where the page does not change, which stood
// as a column rule down the middle of the column. The crossings' edges at
// the tint's sides are steps of the page; those where they fade are not.
TEST(TablePartsTest, ABandFadingInTheMiddleOfAWideTintHasNoEdgeThere) {
  Rows t;
  t.rows = 20;
  const double tint_x0 = 100, tint_x1 = 137;
  cv::Mat page = BlankPage();
  cv::rectangle(page, Px(tint_x0, t.Y(0)), Px(tint_x1, t.Y(t.rows)), cv::Scalar(220, 220, 220), cv::FILLED);
  for (int r = 1; r < t.rows; r += 2)
    for (const auto& [x0, x1, gray] : {std::tuple{t.x0, tint_x0, 215}, {tint_x0, tint_x1, 189}, {tint_x1, t.x1, 215}})
      cv::rectangle(page, Px(x0, t.Y(r)), Px(x1, t.Y(r + 1)), cv::Scalar(gray, gray, gray), cv::FILLED);
  RuleRows(page, t);
  const std::vector<lattice::Band> bands = testing::BandsOf(page, kPxPerMm);
  int at_tint = 0, faded = 0;
  for (const lattice::Band& band : bands) {
    ASSERT_TRUE(band.horizontal());  // pieces of stripes, inside the tint
    for (const auto& [edge, stepped] : {std::pair{band.left, band.stepped[2]}, {band.right, band.stepped[3]}}) {
      const double x_mm = edge.pos / kPxPerMm;
      if (std::abs(x_mm - tint_x0) < 1.5 || std::abs(x_mm - tint_x1) < 1.5) {
        ++at_tint;
        EXPECT_TRUE(stepped) << "edge at " << x_mm << " mm";
      } else {
        ++faded;
        EXPECT_FALSE(stepped) << "edge at " << x_mm << " mm";
      }
    }
    EXPECT_TRUE(band.stepped[0] && band.stepped[1]);  // the stripe's own edges, along the rules
  }
  EXPECT_GE(at_tint, 10);  // each stripe's crossing meets a side of the tint
  EXPECT_GE(faded, 8);     // ... and fades out in its middle (not the first and the last: paper over and under
                           // the table is in reach)
}

// Rows ruled without a frame, one rule between labels and scores, and in
// the labels of the lower rows a letter standing at the same place in each
// (a parenthesis, 6.6 mm tall in a 9 mm row, 1.2 mm short of its lines). The
// letters are no column rule: the rows above them are the table's too.
TEST(TablePartsTest, LettersStackedDownTheLabelsAreNoRule) {
  Rows t;
  t.rows = 20;
  cv::Mat page = BlankPage();
  RuleRows(page, t);
  Rule(page, Px(110, t.Y(0)), Px(110, t.Y(t.rows)));
  for (int r = 8; r < t.rows; ++r) Rule(page, Px(60, t.Y(r) + 1.2), Px(60, t.Y(r + 1) - 1.2));
  ExpectOneGridOf(page, t);
}

// Two sections of eleven rows each, ruled both ways, parted by a dark
// section bar and the header printed again on a dark bar under it (17 mm,
// 1.8 row pitches together), which the column rules do not cross, on a page
// turned a quarter: each section is a grid alone, and together they make a
// scorecard's rows (a triple sheet's upper and lower sections).
TEST(TablePartsTest, SectionsPartedByTwoBarsAreOneGrid) {
  const double x0 = 25, x1 = 185, pitch = 9.4, top = 30, bars = 17;
  const double xs[] = {x0, 90, 120, 150, x1};
  std::vector<double> ys;
  for (int r = 0; r <= 11; ++r) ys.push_back(top + r * pitch);
  const double lower = ys.back() + bars;
  for (int r = 0; r <= 11; ++r) ys.push_back(lower + r * pitch);
  cv::Mat page = BlankPage();
  for (double y : ys) Rule(page, Px(x0, y), Px(x1, y));
  cv::rectangle(page, Px(x0, ys[11]), Px(x1, ys[11] + 7.5), cv::Scalar(70, 70, 70), cv::FILLED);
  cv::rectangle(page, Px(x0, ys[11] + 7.5), Px(x1, lower), cv::Scalar(45, 45, 45), cv::FILLED);
  for (double x : xs) {
    Rule(page, Px(x, ys.front()), Px(x, ys[11]));
    Rule(page, Px(x, lower), Px(x, ys.back()));
  }
  cv::Mat turned;
  cv::rotate(page, turned, cv::ROTATE_90_CLOCKWISE);
  const LatticeResult result = FindLattices(turned);
  ASSERT_TRUE(result.ok()) << result.detail;
  ASSERT_EQ(result.grids.size(), 1u) << result.detail;
  EXPECT_GE(result.grids[0].rows(), 23);
  EXPECT_EQ(result.grids[0].columns(), 4);
}

// Rows ruled 1.2 mm thick and one rule as thick between labels and scores,
// each cut where the others cross it, with no frame; two strokes of
// handwriting (a "1" in each of two rows, one under the other) stand
// beside the rule. The cut rule is one line, the strokes are strokes: the
// table is not split down to the two rows they share with it.
TEST(TablePartsTest, StrokesBesideATablesOneRuleDoNotSplitIt) {
  const Rows t;
  cv::Mat page = BlankPage();
  const int thick = static_cast<int>(1.2 * kPxPerMm);
  for (int r = 0; r <= t.rows; ++r)
    cv::line(page, Px(t.x0, t.Y(r)), Px(t.x1, t.Y(r)), cv::Scalar(20, 20, 20), thick);
  cv::line(page, Px(80, t.Y(0)), Px(80, t.Y(t.rows)), cv::Scalar(20, 20, 20), thick);
  for (int r : {6, 7}) {
    const double x = 110 + (r - 6) * 1.5;
    cv::line(page, Px(x, t.Y(r) + 1.2), Px(x + 0.3, t.Y(r + 1) - 1.0), cv::Scalar(150, 60, 20), 3, cv::LINE_AA);
  }
  ExpectOneGridOf(page, t);
}

// Rows ruled 1.1 mm thick inside a 2.2 mm frame (too thick to be a ridge:
// its sides are put back where the rows end) and one rule between labels
// and scores, cutting every row line; the labels' capitals stand at one
// place in five rows, their stems a line of strokes down the table. The
// rows, cut in two by the rule, still run across the table: they carry it
// past the stems to its frame, all twenty rows.
TEST(TablePartsTest, RowsCutByATablesOneThickRuleCarryItPastLettersStackedDownIt) {
  const Rows t;
  cv::Mat page = BlankPage();
  const int thick = static_cast<int>(std::lround(1.1 * kPxPerMm));
  for (int r = 0; r <= t.rows; ++r) cv::line(page, Px(t.x0, t.Y(r)), Px(t.x1, t.Y(r)), cv::Scalar(20, 20, 20), thick);
  cv::line(page, Px(130, t.Y(0)), Px(130, t.Y(t.rows)), cv::Scalar(20, 20, 20), thick);
  cv::rectangle(page, Px(t.x0, t.Y(0)), Px(t.x1, t.Y(t.rows)), cv::Scalar(20, 20, 20), static_cast<int>(2.2 * kPxPerMm));
  for (int r = 8; r < 13; ++r) cv::line(page, Px(30, t.Y(r) + 2), Px(30, t.Y(r + 1) - 2), cv::Scalar(20, 20, 20), 3);
  const LatticeResult result = FindLattices(page);
  ASSERT_TRUE(result.ok()) << result.detail;
  ASSERT_EQ(result.grids.size(), 1u) << result.detail;
  EXPECT_EQ(result.grids[0].rows(), t.rows);
  // The first row line is the frame's inner edge at most.
  EXPECT_NEAR(result.grids[0].row_y.front(), Px(0, t.Y(0)).y, 1.2 * kPxPerMm);
}

// A table with one inner rule whose side rules are missing along two rows
// (a thick frame's edges lost where rows are tinted): the inner rule runs
// on through those rows, and the table is one, not 15 rows and 3 more
// (too few to be a section of it).
TEST(TablePartsTest, TheInnerRuleRunningOnWhereTheSideRulesBreakKeepsTheTableWhole) {
  Rows t;
  cv::Mat page = BlankPage();
  RuleRows(page, t);
  Rule(page, Px(100, t.Y(0)), Px(100, t.Y(t.rows)));
  for (double x : {t.x0, t.x1}) {
    Rule(page, Px(x, t.Y(0)), Px(x, t.Y(15)));
    Rule(page, Px(x, t.Y(17)), Px(x, t.Y(t.rows)));
  }
  ExpectOneGridOf(page, t);
}

// Two sections ruled alike (one rule between labels and scores, no frame,
// their rows ending at the same places), 10 and 12 rows, two row pitches
// apart (a section row the rule does not cross), together no more rows
// than a card prints: one grid, though only one column rule lines up.
TEST(TablePartsTest, SectionsRuledAlikeWithOneRuleEachAreOneGrid) {
  const double x0 = 25, x1 = 120, pitch = 8, top = 40, apart = 2 * pitch;
  cv::Mat page = BlankPage();
  std::vector<double> ys;
  for (int r = 0; r <= 10; ++r) ys.push_back(top + r * pitch);
  const double lower = ys.back() + apart;
  for (int r = 0; r <= 12; ++r) ys.push_back(lower + r * pitch);
  for (double y : ys) Rule(page, Px(x0, y), Px(x1, y));
  Rule(page, Px(90, ys.front()), Px(90, ys[10]));
  Rule(page, Px(90, lower), Px(90, ys.back()));
  const LatticeResult result = FindLattices(page);
  ASSERT_TRUE(result.ok()) << result.detail;
  ASSERT_EQ(result.grids.size(), 1u) << result.detail;
  // The section row is read as one row or two.
  EXPECT_GE(result.grids[0].rows(), 23);
  EXPECT_LE(result.grids[0].rows(), 24);
}

// Rows that stop 11 mm short of the table's left rule (small print blurred
// into each row line there) and a rule between labels and scores: the left
// rule, from the first row line to the last, is the table's side, not a
// line put back where the rows end, and the labels' column reaches it.
TEST(TablePartsTest, ARuleBeyondWhereTheRowsStopIsTheTablesSide) {
  const Rows t;
  cv::Mat page = BlankPage();
  for (int r = 0; r <= t.rows; ++r) Rule(page, Px(t.x0 + (r == 0 || r == t.rows ? 0 : 11), t.Y(r)), Px(t.x1, t.Y(r)));
  for (double x : {t.x0, 80.0, t.x1}) Rule(page, Px(x, t.Y(0)), Px(x, t.Y(t.rows)));
  // The top and bottom rows reach the rule too, or no table would hold it:
  // the rows between are what the side is told from.
  const LatticeResult result = FindLattices(page);
  ASSERT_TRUE(result.ok()) << result.detail;
  ASSERT_EQ(result.grids.size(), 1u) << result.detail;
  EXPECT_EQ(result.grids[0].rows(), t.rows);
  EXPECT_NEAR(result.grids[0].column_x.front(), Px(t.x0, 0).x, 4);
}

// Two grids side by side, 10 mm apart, ruled alike; the right one rules no
// side on its left (its rows end there). The left grid's right rule, 10 mm
// off, spans the same rows, but the left grid's rows run on from it: it is
// that grid's side, not the right grid's.
TEST(TablePartsTest, TheFrameOfAGridBesideIsNoSideOfThisOne) {
  Rows left, right;
  left.x0 = 15, left.x1 = 95, right.x0 = 105, right.x1 = 195;
  cv::Mat page = BlankPage();
  RuleRows(page, left);
  RuleRows(page, right);
  for (double x : {left.x0, 50.0, left.x1}) Rule(page, Px(x, left.Y(0)), Px(x, left.Y(left.rows)));
  for (double x : {140.0, right.x1}) Rule(page, Px(x, right.Y(0)), Px(x, right.Y(right.rows)));
  const LatticeResult result = FindLattices(page);
  ASSERT_TRUE(result.ok()) << result.detail;
  ASSERT_EQ(result.grids.size(), 2u) << result.detail;
  EXPECT_NEAR(result.grids[1].column_x.front(), Px(right.x0, 0).x, kPxPerMm);
  EXPECT_NEAR(result.grids[0].column_x.back(), Px(left.x1, 0).x, kPxPerMm);
}

// Rows ruled across a table with no column rules, and its side rules seen
// in part only (a thick frame the ridge filter finds from the third row
// line on, on the left to the fifth last): the rows' common ends are the
// frame. Trimmed to where both sides reach, the first two rows and the
// last four were cut off (gen240 0192).
TEST(TablePartsTest, SideRulesSeenInPartDoNotCutTheRowsOfAnOpenTable) {
  Rows t;
  cv::Mat page = BlankPage();
  RuleRows(page, t);
  Rule(page, Px(t.x0, t.Y(2)), Px(t.x0, t.Y(16)));
  Rule(page, Px(t.x1, t.Y(2)), Px(t.x1, t.Y(t.rows)));
  ExpectOneGridOf(page, t);
}

}  // namespace
}  // namespace scorecheck
