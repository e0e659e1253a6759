// FindLattices: ruled grids drawn line by line (thin, grey, broken, missing
// lines, skewed, turned a quarter or half), pages of 2 and 4 grids, rendered
// sheets of both styles against their layouts, and pages that are not
// scorecards (blank, text, a small table, chessboards, ruled paper).

#include "lattice/find_lattice.h"

#include <array>
#include <random>
#include <string>

#include <gtest/gtest.h>
#include <opencv2/imgproc.hpp>

#include "core/error.h"
#include "lattice/faint_rows.h"
#include "lattice/line_runs.h"
#include "sheet/render_sheet.h"
#include "sheet/sheet_layout.h"
#include "support/test_support.h"

namespace scorecheck {
namespace {

using testing::ShippedRulesets;

constexpr double kPxPerMm = 8;  // FindPage's resolution
const cv::Size kA4(1680, 2376);

cv::Mat BlankPage(cv::Size size = kA4) { return cv::Mat(size, CV_8UC3, cv::Scalar(250, 250, 250)); }

// A scorecard grid to draw, millimetres from the page's top-left corner.
struct Card {
  double x = 25, y = 40;
  double label_mm = 50, how_mm = 0, score_mm = 18;
  int score_columns = 4;
  int rows = 20;
  double row_mm = 9;
  double line_mm = 0.25;              // line width
  int gray = 0;                       // line colour
  int missing_row_line = -1;          // this inner row line is not drawn
  int broken_row_line = -1;           // this row line has a 20 mm gap
  bool text = true;                   // labels and handwriting-like digits

  std::vector<double> ColumnsMm() const {
    std::vector<double> xs = {x, x + label_mm};
    if (how_mm > 0) xs.push_back(xs.back() + how_mm);
    for (int c = 0; c < score_columns; ++c) xs.push_back(xs.back() + score_mm);
    return xs;
  }
  std::vector<double> RowsMm() const {
    std::vector<double> ys;
    for (int r = 0; r <= rows; ++r) ys.push_back(y + r * row_mm);
    return ys;
  }
  int FirstScoreColumn() const { return how_mm > 0 ? 2 : 1; }
};

cv::Point Px(double x_mm, double y_mm) {
  return cv::Point(static_cast<int>(std::lround(x_mm * kPxPerMm)), static_cast<int>(std::lround(y_mm * kPxPerMm)));
}

void Draw(cv::Mat& page, const Card& card) {
  const std::vector<double> xs = card.ColumnsMm(), ys = card.RowsMm();
  const int thickness = std::max(1, static_cast<int>(std::lround(card.line_mm * kPxPerMm)));
  const cv::Scalar ink(card.gray, card.gray, card.gray);
  std::mt19937 rng(7);
  if (card.text) {
    for (int r = 0; r < card.rows; ++r) {
      // Shaded header rows, printed labels, and written numbers that cross
      // their cell borders now and then.
      if (r == 0 || r == 10)
        cv::rectangle(page, Px(xs.front(), ys[r]), Px(xs.back(), ys[r + 1]), cv::Scalar(215, 215, 215), cv::FILLED);
      cv::putText(page, r == 0 ? "UPPER SECTION" : "Count and add " + std::to_string(r), Px(xs[0] + 2, ys[r + 1] - 2.5),
                  cv::FONT_HERSHEY_SIMPLEX, 1.1, cv::Scalar(30, 30, 30), 2, cv::LINE_AA);
      for (size_t c = card.FirstScoreColumn(); c + 1 < xs.size(); ++c) {
        if (r == 0 || rng() % 3 == 0) continue;
        const double dy = (rng() % 5 == 0) ? 3.5 : 0;  // overrun the cell's bottom line
        cv::putText(page, std::to_string(rng() % 90 + 5), Px(xs[c] + 3, ys[r + 1] - 2 + dy), cv::FONT_HERSHEY_SCRIPT_SIMPLEX,
                    1.6, cv::Scalar(140, 60, 20), 3, cv::LINE_AA);
      }
    }
  }
  for (size_t r = 0; r < ys.size(); ++r) {
    if (static_cast<int>(r) == card.missing_row_line) continue;
    if (static_cast<int>(r) == card.broken_row_line) {
      cv::line(page, Px(xs.front(), ys[r]), Px(xs.front() + 30, ys[r]), ink, thickness, cv::LINE_AA);
      cv::line(page, Px(xs.front() + 50, ys[r]), Px(xs.back(), ys[r]), ink, thickness, cv::LINE_AA);
      continue;
    }
    cv::line(page, Px(xs.front(), ys[r]), Px(xs.back(), ys[r]), ink, thickness, cv::LINE_AA);
  }
  for (double x : xs) cv::line(page, Px(x, ys.front()), Px(x, ys.back()), ink, thickness, cv::LINE_AA);
}

// Every lattice line within `tol_px` of where the card says (page pixels).
void ExpectMatches(const Lattice& lattice, const Card& card, double tol_px = 2.5) {
  const std::vector<double> xs = card.ColumnsMm(), ys = card.RowsMm();
  ASSERT_EQ(lattice.row_y.size(), ys.size());
  ASSERT_EQ(lattice.column_x.size(), xs.size());
  for (size_t i = 0; i < ys.size(); ++i) EXPECT_NEAR(lattice.row_y[i], ys[i] * kPxPerMm, tol_px) << "row line " << i;
  for (size_t i = 0; i < xs.size(); ++i) EXPECT_NEAR(lattice.column_x[i], xs[i] * kPxPerMm, tol_px) << "column line " << i;
  EXPECT_EQ(lattice.columns(), card.FirstScoreColumn() + card.score_columns);
}

// The page holds one grid, the card's.
void ExpectOneGrid(const cv::Mat& page, const Card& card, double tol_px = 2.5) {
  const LatticeResult result = FindLattices(page);
  ASSERT_TRUE(result.ok()) << result.detail;
  ASSERT_EQ(result.grids.size(), 1u) << result.detail;
  ExpectMatches(result.grids[0], card, tol_px);
}

TEST(FindLatticeTest, FindsADrawnGridWithItsLabelAndHowToColumns) {
  Card card;
  card.how_mm = 40;
  cv::Mat page = BlankPage();
  Draw(page, card);
  const LatticeResult result = FindLattices(page);
  ASSERT_TRUE(result.ok()) << result.detail;
  EXPECT_EQ(result.rotation_deg, 0);
  EXPECT_EQ(result.skew_deg, 0);
  ASSERT_EQ(result.grids.size(), 1u);
  ExpectMatches(result.grids[0], card);
  EXPECT_EQ(result.upright.size(), page.size());
  // A score cell lies between its lines.
  const cv::Rect2f cell = result.grids[0].Cell(3, card.FirstScoreColumn() + 1);
  EXPECT_NEAR(cell.x, (card.x + card.label_mm + card.how_mm + card.score_mm) * kPxPerMm, 2.5);
  EXPECT_NEAR(cell.height, card.row_mm * kPxPerMm, 2.5);
}

// A bought pad's style: a dark header bar with white text above each
// section, the column rules stopping at the bars, a tinted score column. The
// bars' edges are rules; the table is one grid, not a 9-row and a 10-row one.
TEST(FindLatticeTest, DarkHeaderBarsWithWhiteTextJoinTheSectionsAroundThem) {
  Card card;
  card.text = false;
  const std::vector<double> xs = card.ColumnsMm(), ys = card.RowsMm();
  cv::Mat page = BlankPage();
  const cv::Scalar green(60, 110, 20);
  // Tinted second score column, under everything else.
  cv::rectangle(page, Px(xs[2], ys.front()), Px(xs[3], ys.back()), cv::Scalar(225, 235, 220), cv::FILLED);
  for (int bar : {0, 10}) {
    cv::rectangle(page, Px(xs.front(), ys[bar]), Px(xs.back(), ys[bar + 1]), green, cv::FILLED);
    cv::putText(page, "Round 1   Round 2   Round 3", Px(xs[1] + 2, ys[bar + 1] - 2.5), cv::FONT_HERSHEY_SIMPLEX, 1.0,
                cv::Scalar(255, 255, 255), 2, cv::LINE_AA);
  }
  for (size_t r = 0; r < ys.size(); ++r) cv::line(page, Px(xs.front(), ys[r]), Px(xs.back(), ys[r]), green, 2, cv::LINE_AA);
  // Column rules between the bars only.
  for (double x : xs) {
    cv::line(page, Px(x, ys[1]), Px(x, ys[10]), green, 2, cv::LINE_AA);
    cv::line(page, Px(x, ys[11]), Px(x, ys.back()), green, 2, cv::LINE_AA);
  }
  const LatticeResult result = FindLattices(page);
  ASSERT_TRUE(result.ok()) << result.detail;
  ASSERT_EQ(result.grids.size(), 1u) << result.detail;
  // A bar's edge is where its fill ends, half a rule's width (and its
  // antialiasing) beyond the rule drawn along it: 0.6 mm.
  ExpectMatches(result.grids[0], card, 0.6 * kPxPerMm);
}

// Rules 1.5 mm thick, in a colour, over striped rows. Each rule is cut
// where another crosses it (the crossing rule is dark on both its sides
// there); the pieces are one line again, and a stripe's edge on a rule is
// that rule.
TEST(FindLatticeTest, ThickColouredRulesOverStripedRows) {
  Card card;
  card.how_mm = 60;
  card.score_columns = 1;
  card.score_mm = 35;
  card.line_mm = 1.5;
  card.text = false;
  const std::vector<double> xs = card.ColumnsMm(), ys = card.RowsMm();
  cv::Mat page = BlankPage();
  for (int r = 1; r < card.rows; r += 2)
    cv::rectangle(page, Px(xs.front(), ys[r]), Px(xs.back(), ys[r + 1]), cv::Scalar(220, 160, 230), cv::FILLED);
  const cv::Scalar green(100, 150, 110);
  const int thickness = static_cast<int>(std::lround(card.line_mm * kPxPerMm));
  for (double y : ys) cv::line(page, Px(xs.front(), y), Px(xs.back(), y), green, thickness, cv::LINE_AA);
  for (double x : xs) cv::line(page, Px(x, ys.front()), Px(x, ys.back()), green, thickness, cv::LINE_AA);
  ExpectOneGrid(page, card, 0.5 * kPxPerMm);
}

// Double rules: two thin strokes 0.8 mm apart for every line. The paper
// between them is narrower than the ridge filter's widest look; its narrow
// look finds each stroke, and the two become one line.
TEST(FindLatticeTest, DoubleRules) {
  Card card;
  card.text = false;
  const std::vector<double> xs = card.ColumnsMm(), ys = card.RowsMm();
  cv::Mat page = BlankPage();
  const cv::Scalar ink(20, 20, 20);
  for (double y : ys)
    for (double d : {-0.4, 0.4}) cv::line(page, Px(xs.front(), y + d), Px(xs.back(), y + d), ink, 2, cv::LINE_AA);
  for (double x : xs)
    for (double d : {-0.4, 0.4}) cv::line(page, Px(x + d, ys.front()), Px(x + d, ys.back()), ink, 2, cv::LINE_AA);
  ExpectOneGrid(page, card, 0.6 * kPxPerMm);
}

// A section row ("LOWER SECTION") that the column rules do not cross, in a
// light tint no band detector takes for a bar: the sections above (9 rows)
// and below (10 rows) are each too short for a scorecard; together, with
// the section row, they are one grid.
TEST(FindLatticeTest, SectionsPartedByARowTheColumnRulesDoNotCross) {
  Card card;
  card.text = false;
  const std::vector<double> xs = card.ColumnsMm(), ys = card.RowsMm();
  cv::Mat page = BlankPage();
  cv::rectangle(page, Px(xs.front(), ys[9]), Px(xs.back(), ys[10]), cv::Scalar(232, 232, 232), cv::FILLED);
  cv::putText(page, "LOWER SECTION", Px(xs.front() + 2, ys[10] - 2.5), cv::FONT_HERSHEY_SIMPLEX, 1.0,
              cv::Scalar(30, 30, 30), 2, cv::LINE_AA);
  const cv::Scalar ink(0, 0, 0);
  for (double y : ys) cv::line(page, Px(xs.front(), y), Px(xs.back(), y), ink, 2, cv::LINE_AA);
  for (double x : xs) {
    cv::line(page, Px(x, ys.front()), Px(x, ys[9]), ink, 2, cv::LINE_AA);
    cv::line(page, Px(x, ys[10]), Px(x, ys.back()), ink, 2, cv::LINE_AA);
  }
  ExpectOneGrid(page, card);
}

// No frame: thick row rules between the rows only (none above the header
// row, none below the last row), one thick rule between labels and the one
// score column, running from the header's top to the last row's bottom. The
// rule cuts every row line in two; the pieces are one table, the score
// column ends where the row lines end, and the open first and last rows end
// where the rule does.
TEST(FindLatticeTest, NoFrameAThickRuleCuttingTheRowsAndOpenFirstAndLastRows) {
  Card card;
  card.score_columns = 1;
  card.score_mm = 36;
  card.label_mm = 45;
  card.text = false;
  const std::vector<double> xs = card.ColumnsMm(), ys = card.RowsMm();
  cv::Mat page = BlankPage();
  const cv::Scalar ink(0, 0, 0);
  const int thickness = static_cast<int>(std::lround(1.5 * kPxPerMm));
  for (size_t r = 1; r + 1 < ys.size(); ++r) cv::line(page, Px(xs.front(), ys[r]), Px(xs.back(), ys[r]), ink, thickness);
  cv::line(page, Px(xs[1], ys.front()), Px(xs[1], ys.back()), ink, thickness);
  const LatticeResult result = FindLattices(page);
  ASSERT_TRUE(result.ok()) << result.detail;
  ASSERT_EQ(result.grids.size(), 1u) << result.detail;
  const Lattice& lattice = result.grids[0];
  ASSERT_EQ(lattice.rows(), card.rows);
  ASSERT_EQ(lattice.columns(), 2);
  // Lines drawn: where they are. Open sides: where the ink across ends (a
  // thick stroke's rounded cap and the filter's reach put that up to 1.5 mm
  // past the drawn end).
  for (size_t i = 1; i + 1 < ys.size(); ++i) EXPECT_NEAR(lattice.row_y[i], ys[i] * kPxPerMm, 0.6 * kPxPerMm) << i;
  EXPECT_NEAR(lattice.column_x[1], xs[1] * kPxPerMm, 0.6 * kPxPerMm);
  for (size_t i : {size_t{0}, ys.size() - 1}) EXPECT_NEAR(lattice.row_y[i], ys[i] * kPxPerMm, 1.5 * kPxPerMm) << i;
  for (size_t i : {size_t{0}, xs.size() - 1}) EXPECT_NEAR(lattice.column_x[i], xs[i] * kPxPerMm, 1.5 * kPxPerMm) << i;
}

TEST(FindLatticeTest, PutsBackAMissingRowLineAndBridgesABrokenOne) {
  Card card;
  card.missing_row_line = 7;
  card.broken_row_line = 12;
  cv::Mat page = BlankPage();
  Draw(page, card);
  const LatticeResult result = FindLattices(page);
  ASSERT_TRUE(result.ok()) << result.detail;
  ASSERT_EQ(result.grids.size(), 1u);
  const Lattice& lattice = result.grids[0];
  ExpectMatches(lattice, card);
  ASSERT_EQ(lattice.row_inferred.size(), lattice.row_y.size());
  for (size_t i = 0; i < lattice.row_inferred.size(); ++i) EXPECT_EQ(lattice.row_inferred[i], i == 7) << i;
}

// Blur, sensor noise and uneven light (darker towards the bottom right by
// up to `falloff`), as a phone photo of `page` has them.
cv::Mat AsPhotographed(const cv::Mat& page, float falloff = 0.3f, double blur = 1.0, double noise_sd = 3) {
  cv::Mat light(page.size(), CV_32FC3);
  for (int y = 0; y < light.rows; ++y)
    for (int x = 0; x < light.cols; ++x) {
      const float f = 1.0f - falloff * (x + y) / static_cast<float>(light.cols + light.rows);
      light.at<cv::Vec3f>(y, x) = cv::Vec3f(f, f, f);
    }
  cv::Mat lit;
  page.convertTo(lit, CV_32FC3);
  lit = lit.mul(light);
  cv::GaussianBlur(lit, lit, cv::Size(0, 0), blur);
  cv::Mat noise(page.size(), CV_32FC3);
  cv::randn(noise, 0, noise_sd);
  lit += noise;
  cv::Mat photo;
  lit.convertTo(photo, CV_8UC3);
  return photo;
}

TEST(FindLatticeTest, ThinGreyLinesInANoisyBlurredPhoto) {
  Card card;
  card.line_mm = 0.12;
  card.gray = 150;
  card.how_mm = 35;
  cv::Mat page = BlankPage();
  Draw(page, card);
  page = AsPhotographed(page, 0.35f, 0.8, 4);
  const LatticeResult result = FindLattices(page);
  ASSERT_TRUE(result.ok()) << result.detail;
  ASSERT_EQ(result.grids.size(), 1u);
  ExpectMatches(result.grids[0], card);
}

// Thin light grey rules in a low-resolution photo (about 3 px/mm, blurred,
// grainy, scaled back up to the working 8 px/mm): they keep a few percent of
// the paper's brightness, too faint for a first look at 7 %; the page is
// looked at again for fainter rules when the first look finds no grid.
cv::Mat FaintRulesPhoto(const Card& card, int gray) {
  Card drawn = card;
  drawn.gray = gray;
  cv::Mat page = BlankPage();
  Draw(page, drawn);
  cv::Mat low;
  cv::resize(page, low, cv::Size(), 3.0 / kPxPerMm, 3.0 / kPxPerMm, cv::INTER_AREA);
  low = AsPhotographed(low, 0.3f, 0.9, 2.5);
  cv::Mat back;
  cv::resize(low, back, page.size(), 0, 0, cv::INTER_LINEAR);
  return back;
}

// The page holds the card's one grid, seen by the second look for faint
// rules (the default options) and not with `without` (`too_faint_for`: that
// look left out or held higher).
void ExpectOneGridOnlyFaint(const cv::Mat& page, const Card& card, const LatticeOptions& without,
                            const std::string& too_faint_for, double tol_px = 2.5) {
  EXPECT_FALSE(FindLattices(page, without).ok()) << "the fixture's rules must be too faint for " << too_faint_for;
  const LatticeResult result = FindLattices(page);
  ASSERT_TRUE(result.ok()) << result.detail;
  ASSERT_EQ(result.grids.size(), 1u) << result.detail;
  ExpectMatches(result.grids[0], card, tol_px);
  EXPECT_NE(result.detail.find("faint"), std::string::npos) << result.detail;
}

TEST(FindLatticeTest, LooksAgainForFaintRulesWhenTheFirstLookFindsNoGrid) {
  Card card;
  card.line_mm = 0.12;
  const cv::Mat page = FaintRulesPhoto(card, 150);
  LatticeOptions once;
  once.faint_contrast = 0;
  // Within 0.6 mm (a source pixel and a half): the shaded header rows' edges
  // pull their rules a little in a blurred photo.
  ExpectOneGridOnlyFaint(page, card, once, "the first look", 5.0);
}

// A flat scan of a sheet ruled in a grey barely darker than its paper (3 %
// of the paper's brightness, under even the photo's second look at 4 %):
// a scanner's paper is clean, and on it the second look goes down to three
// times the paper's own darkness. (Drawn without labels and shaded rows: a
// rule paler than a shaded row is gone inside it, and a shaded first row
// whose column rules do not show stands above the table as a bar.)
TEST(FindLatticeTest, LooksLowerForFaintRulesOnAScansCleanPaper) {
  Card card;
  card.gray = 242;  // the paper is 250
  card.text = false;
  cv::Mat page = BlankPage();
  Draw(page, card);
  page = AsPhotographed(page, 0, 0.5, 1);
  LatticeOptions at_photos_floor;
  at_photos_floor.faint_over_paper = 0;
  ExpectOneGridOnlyFaint(page, card, at_photos_floor, "4 %");
}

// A photo's grain makes its paper darker against the local white than a
// scan's: its second look stays at faint_contrast, where the grain makes no
// runs of its own.
TEST(FindLatticeTest, APhotosGrainKeepsTheSecondLookAtFaintContrast) {
  const LatticeOptions options;
  // The lattice stage's own look: pooled to 4 px/mm, contrast over 2.5 mm.
  const int pool = 2, window = 11;
  auto faint = [&](const cv::Mat& page) {
    return options.FaintContrast(lattice::PaperContrast(lattice::LineContrast(lattice::WorkingPage(page, pool), window)));
  };
  EXPECT_LT(faint(AsPhotographed(BlankPage(), 0, 0.5, 1)), options.faint_contrast);
  EXPECT_EQ(faint(AsPhotographed(BlankPage(), 0.3f, 0.8, 4)), options.faint_contrast);
}

// Six row lines of a grid printed too light for the first look (a light
// grey rule under a photo's falling light), the others dark: the grid is
// found with one row seven pitches tall. The page is looked at again for
// fainter rules, and the lines seen inside that row are taken.
TEST(FindLatticeTest, LooksAgainForFaintRowLinesInsideARowSeveralPitchesTall) {
  Card card;
  cv::Mat page = BlankPage();
  Draw(page, card);
  const std::vector<double> xs = card.ColumnsMm(), ys = card.RowsMm();
  for (int r = 2; r <= 7; ++r) {
    cv::line(page, Px(xs.front() + 0.4, ys[r]), Px(xs.back() - 0.4, ys[r]), cv::Scalar(250, 250, 250), 4);
    cv::line(page, Px(xs.front(), ys[r]), Px(xs.back(), ys[r]), cv::Scalar(236, 236, 236), 3);
  }
  for (double x : xs)  // the column rules stay whole across them
    cv::line(page, Px(x, ys.front()), Px(x, ys.back()), cv::Scalar(0, 0, 0), 2, cv::LINE_AA);
  LatticeOptions once;
  once.faint_contrast = 0;
  const LatticeResult first = FindLattices(page, once);
  ASSERT_TRUE(first.ok()) << first.detail;
  ASSERT_EQ(first.grids.size(), 1u) << first.detail;
  ASSERT_TRUE(HasLongRows(first.grids[0])) << "the fixture's light rules must be too faint for the first look: "
                                           << first.grids[0].rows() << " rows";
  const LatticeResult result = FindLattices(page);
  ASSERT_TRUE(result.ok()) << result.detail;
  ASSERT_EQ(result.grids.size(), 1u) << result.detail;
  ExpectMatches(result.grids[0], card);
  EXPECT_FALSE(HasLongRows(result.grids[0]));
}

// A striped ledger sheet that rules its columns and its frame but no row:
// every other row is shaded a little (7 % darker than the paper), and the
// rows are told apart by the stripes' edges alone. Photographed turned by a
// degree, so the lines are looked for again on the deskewed page.
TEST(FindLatticeTest, StripedRowsWithoutRowRules) {
  Card card;
  card.how_mm = 35;
  cv::Mat page = BlankPage();
  const std::vector<double> xs = card.ColumnsMm(), ys = card.RowsMm();
  for (int r = 1; r < card.rows; r += 2)
    cv::rectangle(page, Px(xs.front(), ys[r]), Px(xs.back(), ys[r + 1]), cv::Scalar(232, 232, 232), cv::FILLED);
  // The labels and the writing, with no row line of their own.
  std::mt19937 rng(11);
  for (int r = 0; r < card.rows; ++r) {
    cv::putText(page, "Count and add " + std::to_string(r), Px(xs[0] + 2, ys[r + 1] - 2.5), cv::FONT_HERSHEY_SIMPLEX, 1.1,
                cv::Scalar(30, 30, 30), 2, cv::LINE_AA);
    for (size_t c = card.FirstScoreColumn(); c + 1 < xs.size(); ++c)
      if (rng() % 3)
        cv::putText(page, std::to_string(rng() % 90 + 5), Px(xs[c] + 3, ys[r + 1] - 2), cv::FONT_HERSHEY_SCRIPT_SIMPLEX,
                    1.6, cv::Scalar(140, 60, 20), 3, cv::LINE_AA);
  }
  const int thickness = static_cast<int>(std::lround(card.line_mm * kPxPerMm));
  for (double y : {ys.front(), ys.back()})
    cv::line(page, Px(xs.front(), y), Px(xs.back(), y), cv::Scalar(0, 0, 0), thickness, cv::LINE_AA);
  for (double x : xs) cv::line(page, Px(x, ys.front()), Px(x, ys.back()), cv::Scalar(0, 0, 0), thickness, cv::LINE_AA);
  const cv::Point2f centre(page.cols / 2.0f, page.rows / 2.0f);
  const cv::Mat turn = cv::getRotationMatrix2D(centre, -1.0, 1);
  cv::Mat turned;
  cv::warpAffine(page, turned, turn, page.size(), cv::INTER_LINEAR, cv::BORDER_CONSTANT, cv::Scalar(250, 250, 250));
  const LatticeResult result = FindLattices(AsPhotographed(turned));
  ASSERT_TRUE(result.ok()) << result.detail;
  ASSERT_EQ(result.grids.size(), 1u);
  const Lattice& lattice = result.grids[0];
  ASSERT_EQ(lattice.row_y.size(), ys.size());
  ASSERT_EQ(lattice.column_x.size(), xs.size());
  // Every row line seen (a stripe's edge), none put back from the pitch, each
  // where the stripe's edge is, carried into the upright page.
  const cv::Matx23d skew(turn);
  for (size_t r = 0; r < ys.size(); ++r) {
    EXPECT_FALSE(lattice.row_inferred[r]) << "row line " << r;
    const cv::Vec2d in_turned = skew * cv::Vec3d(xs[2] * kPxPerMm, ys[r] * kPxPerMm, 1);
    EXPECT_NEAR(UprightFromPage(result, {in_turned[0], in_turned[1]}).y, lattice.row_y[r], 3) << "row line " << r;
  }
}

// Grey hairlines across score columns tinted a strong pink, every other
// one: in the page's darkest channel (green) the tint is as dark as the
// lines and they all but vanish; in its red channel the tint is paper and
// the lines are as plain as on white.
TEST(FindLatticeTest, GreyRulesAcrossTintedColumns) {
  Card card;
  card.line_mm = 0.12;
  card.gray = 150;
  card.text = false;
  card.score_columns = 6;
  card.score_mm = 20;
  cv::Mat page = BlankPage();
  const std::vector<double> xs = card.ColumnsMm(), ys = card.RowsMm();
  for (size_t c = 1; c + 1 < xs.size(); c += 2)
    cv::rectangle(page, Px(xs[c], ys.front()), Px(xs[c + 1], ys.back()), cv::Scalar(170, 150, 245), cv::FILLED);
  Draw(page, card);
  ExpectOneGrid(AsPhotographed(page), card);
}

TEST(FindLatticeTest, StraightensASkewedScan) {
  Card card;
  cv::Mat page = BlankPage();
  Draw(page, card);
  // Turned 1.5 degrees clockwise on the glass.
  const cv::Point2f centre(page.cols / 2.0f, page.rows / 2.0f);
  const cv::Mat turn = cv::getRotationMatrix2D(centre, -1.5, 1);
  cv::Mat skewed;
  cv::warpAffine(page, skewed, turn, page.size(), cv::INTER_LINEAR, cv::BORDER_CONSTANT, cv::Scalar(250, 250, 250));
  const LatticeResult result = FindLattices(skewed);
  ASSERT_TRUE(result.ok()) << result.detail;
  // Undone by a counter-clockwise turn of 1.5 degrees.
  EXPECT_NEAR(result.skew_deg, 1.5, 0.1);
  EXPECT_EQ(result.rotation_deg, 0);
  ASSERT_EQ(result.grids.size(), 1u);
  // Each drawn crossing, carried into the upright page, is a lattice crossing.
  const cv::Matx23d skew(turn);
  const Lattice& lattice = result.grids[0];
  const std::vector<double> xs = card.ColumnsMm(), ys = card.RowsMm();
  ASSERT_EQ(lattice.row_y.size(), ys.size());
  ASSERT_EQ(lattice.column_x.size(), xs.size());
  for (size_t r = 0; r < ys.size(); r += 5)
    for (size_t c = 0; c < xs.size(); ++c) {
      const cv::Vec2d in_skewed = skew * cv::Vec3d(xs[c] * kPxPerMm, ys[r] * kPxPerMm, 1);
      const cv::Point2d up = UprightFromPage(result, {in_skewed[0], in_skewed[1]});
      EXPECT_NEAR(up.x, lattice.column_x[c], 3) << r << "," << c;
      EXPECT_NEAR(up.y, lattice.row_y[r], 3) << r << "," << c;
    }
}

// `page` photographed in perspective: its corners seen at `seen` (clockwise
// from top-left), the rest of the frame paper-white.
struct Photo {
  cv::Matx33d photo_from_page;
  cv::Mat image;
};

Photo PhotographInPerspective(const cv::Mat& page, const std::array<cv::Point2f, 4>& seen) {
  const float w = static_cast<float>(page.cols), h = static_cast<float>(page.rows);
  const cv::Point2f flat[4] = {{0, 0}, {w, 0}, {w, h}, {0, h}};
  Photo photo{cv::Matx33d(cv::getPerspectiveTransform(flat, seen.data())), cv::Mat()};
  cv::warpPerspective(page, photo.image, cv::Mat(photo.photo_from_page), page.size(), cv::INTER_LINEAR,
                      cv::BORDER_CONSTANT, cv::Scalar(250, 250, 250));
  return photo;
}

// FindLattices straightened the photo: one grid with the card's lines, and
// every fourth row's drawn crossings, carried into the upright page, within
// 4 px of the lattice's.
void ExpectStraightened(const Photo& photo, const Card& card) {
  const LatticeResult result = FindLattices(photo.image);
  ASSERT_TRUE(result.ok()) << result.detail;
  EXPECT_TRUE(result.perspective_corrected);
  ASSERT_EQ(result.grids.size(), 1u);
  const Lattice& lattice = result.grids[0];
  const std::vector<double> xs = card.ColumnsMm(), ys = card.RowsMm();
  ASSERT_EQ(lattice.row_y.size(), ys.size());
  ASSERT_EQ(lattice.column_x.size(), xs.size());
  for (size_t r = 0; r < ys.size(); r += 4)
    for (size_t c = 0; c < xs.size(); ++c) {
      const cv::Vec3d in_photo = photo.photo_from_page * cv::Vec3d(xs[c] * kPxPerMm, ys[r] * kPxPerMm, 1);
      const cv::Point2d up = UprightFromPage(result, {in_photo[0] / in_photo[2], in_photo[1] / in_photo[2]});
      EXPECT_NEAR(up.x, lattice.column_x[c], 4) << r << "," << c;
      EXPECT_NEAR(up.y, lattice.row_y[r], 4) << r << "," << c;
    }
}

// A one-player sheet (tall and narrow) photographed from its foot, its paper
// outline not found: the top corners come in by more than a tenth of the
// grid's width, still well under a tenth of its height.
TEST(FindLatticeTest, StraightensATallNarrowGridSeenInPerspective) {
  Card card;
  card.how_mm = 45;
  card.score_columns = 1;
  card.rows = 24;
  cv::Mat page = BlankPage();
  Draw(page, card);
  // The score column's lines stand upright over its whole height.
  const float w = static_cast<float>(page.cols), h = static_cast<float>(page.rows);
  ExpectStraightened(PhotographInPerspective(page, {{{300, 0}, {w - 300, 0}, {w, h}, {0, h}}}), card);
}

// A six-player sheet in a thick frame photographed steeply from its foot, its
// paper outline not found, the last three columns empty. The frame is too
// thick for the ridge filter and is put back upright where the lines across
// end, though it leans: the perspective taken from it left the far columns
// leaning (28 of the checks below off by over 4 px). The corners come from the
// outermost lines seen.
TEST(FindLatticeTest, StraightensAWideGridSeenSteeplyInPerspective) {
  Card card;
  card.how_mm = 40;
  card.score_columns = 6;
  card.score_mm = 15;
  card.rows = 24;
  card.row_mm = 8;
  card.x = 20;
  card.y = 30;
  card.text = false;
  cv::Mat page = BlankPage();
  Draw(page, card);
  const std::vector<double> xs = card.ColumnsMm(), ys = card.RowsMm();
  cv::rectangle(page, Px(xs.front(), ys.front()), Px(xs.back(), ys.back()), cv::Scalar(0, 0, 0), 12);
  // Three players' numbers; the last three columns stay empty.
  for (int r = 1; r < card.rows; ++r)
    for (int c = 2; c < 5; ++c)
      cv::putText(page, std::to_string((r * 7 + c) % 40), Px(xs[c] + 3, ys[r + 1] - 1.5), cv::FONT_HERSHEY_SCRIPT_SIMPLEX,
                  1.2, cv::Scalar(140, 60, 20), 2, cv::LINE_AA);
  const float w = static_cast<float>(page.cols), h = static_cast<float>(page.rows);
  ExpectStraightened(PhotographInPerspective(page, {{{260, 60}, {w - 156, 0}, {w, h}, {80, h - 40}}}), card);
}

// The lines tell a page turned a quarter from one whose rows run across; not
// upright from upside down (the printed text does, in the grid stage): the
// page comes back upright or upside down, and TurnedHalf() turns the rest.
TEST(FindLatticeTest, TurnsAQuarterTurnedPageSoItsRowsRunAcross) {
  Card card;
  card.how_mm = 40;
  cv::Mat page = BlankPage();
  Draw(page, card);
  const struct {
    cv::RotateFlags flag;
    int turned_deg, correction_deg;
  } cases[] = {{cv::ROTATE_90_CLOCKWISE, 90, 270}, {cv::ROTATE_180, 180, 180}, {cv::ROTATE_90_COUNTERCLOCKWISE, 270, 90}};
  for (const auto& c : cases) {
    cv::Mat turned;
    cv::rotate(page, turned, c.flag);
    LatticeResult result = FindLattices(turned);
    ASSERT_TRUE(result.ok()) << c.turned_deg << ": " << result.detail;
    EXPECT_EQ(result.rotation_deg % 180, c.correction_deg % 180) << c.turned_deg;
    if (result.rotation_deg != c.correction_deg) result = TurnedHalf(result);
    EXPECT_EQ(result.rotation_deg, c.correction_deg) << c.turned_deg;
    ASSERT_EQ(result.upright.size(), page.size()) << c.turned_deg;
    ASSERT_EQ(result.grids.size(), 1u) << c.turned_deg;
    ExpectMatches(result.grids[0], card);
    // The page point of the first score cell comes back to where it was drawn.
    const cv::Rect2f cell = result.grids[0].Cell(1, card.FirstScoreColumn());
    const cv::Point2d centre(cell.x + cell.width / 2, cell.y + cell.height / 2);
    const cv::Point2d back = UprightFromPage(result, PageFromUpright(result, centre));
    EXPECT_NEAR(back.x, centre.x, 1e-6);
    EXPECT_NEAR(back.y, centre.y, 1e-6);
  }
}

// The grid stage turns a page to see whether its labels read better upside
// down, and keeps it upright when they do not: the page it keeps must be the
// one it had, not turned under grids that were not.
TEST(FindLatticeTest, TurningAPageHalfLeavesTheUprightOneAsItWas) {
  Card card;
  cv::Mat page = BlankPage();
  Draw(page, card);
  const LatticeResult result = FindLattices(page);
  ASSERT_TRUE(result.ok()) << result.detail;
  const cv::Mat before = result.upright.clone();
  const LatticeResult turned = TurnedHalf(result);
  EXPECT_EQ(cv::norm(result.upright, before, cv::NORM_INF), 0);
  cv::Mat turned_back;
  cv::rotate(turned.upright, turned_back, cv::ROTATE_180);
  EXPECT_EQ(cv::norm(turned_back, before, cv::NORM_INF), 0);
}

TEST(FindLatticeTest, FourGridsOnAPageComeTopToBottomThenLeftToRight) {
  cv::Mat page = BlankPage();
  std::vector<Card> cards;
  for (int row = 0; row < 2; ++row)
    for (int col = 0; col < 2; ++col) {
      Card card;
      card.x = 10 + col * 98;
      card.y = 30 + row * 130;
      card.label_mm = 30;
      card.how_mm = 0;
      card.score_mm = 10;
      card.score_columns = 6;
      card.rows = 21;
      card.row_mm = 5.5;
      card.text = false;
      Draw(page, card);
      cards.push_back(card);
    }
  const LatticeResult result = FindLattices(page);
  ASSERT_TRUE(result.ok()) << result.detail;
  ASSERT_EQ(result.grids.size(), 4u);
  for (int i = 0; i < 4; ++i) ExpectMatches(result.grids[i], cards[i]);
}

// Two grids side by side, short (12 rows) and wide (nine column rules
// each), their frames' top and bottom rules drawn on across the gap
// between them: one table to the lines, with 18 column rules and 13 row
// lines. Each row line inside is two stretches, one through each grid's
// nine rules: the rows run across, and the page is not turned (counted
// whole, 18 lines against 13 turned it).
TEST(FindLatticeTest, GridsSideBySideJoinedByTheirFramesAreNotTurned) {
  cv::Mat page = BlankPage();
  std::vector<Card> cards(2);
  for (int i = 0; i < 2; ++i) {
    cards[i].x = 12 + i * 96;
    cards[i].y = 40;
    cards[i].label_mm = 30;
    cards[i].score_mm = 7.5;
    cards[i].score_columns = 7;
    cards[i].rows = 12;
    cards[i].row_mm = 7;
    cards[i].text = false;
    Draw(page, cards[i]);
  }
  const double right = cards[1].ColumnsMm().back(), left = cards[0].x;
  for (double y : {cards[0].RowsMm().front(), cards[0].RowsMm().back()})
    cv::line(page, Px(left, y), Px(right, y), cv::Scalar(0, 0, 0), 2, cv::LINE_AA);
  const LatticeResult result = FindLattices(page);
  ASSERT_TRUE(result.ok()) << result.detail;
  EXPECT_EQ(result.rotation_deg % 180, 0);
  ASSERT_EQ(result.grids.size(), 2u) << result.detail;
  ExpectMatches(result.grids[0], cards[0]);
  ExpectMatches(result.grids[1], cards[1]);
}

TEST(FindLatticeTest, TwoStackedGridsInsideThePageEdgeUnderARuleThatTouchesBoth) {
  cv::Mat page = BlankPage();
  Card top, bottom;
  top.y = 30;
  top.rows = 14;
  bottom.y = 30 + 14 * 9 + 8;
  bottom.rows = 14;
  Draw(page, top);
  Draw(page, bottom);
  // "Player: ______" rule running along the top frame, and the paper's edge
  // (a scan's lid shadow) all round.
  cv::line(page, Px(10, 29.6), Px(200, 29.6), cv::Scalar(0, 0, 0), 2);
  cv::rectangle(page, Px(2, 2), Px(208, 295), cv::Scalar(90, 90, 90), 2);
  const LatticeResult result = FindLattices(page);
  ASSERT_TRUE(result.ok()) << result.detail;
  ASSERT_EQ(result.grids.size(), 2u);
  ExpectMatches(result.grids[0], top);
  ExpectMatches(result.grids[1], bottom);
}

// Two grids of 20 rows stacked 8 mm apart, the lower one's column rules
// stopping at a section row (as in SectionsPartedByARowTheColumnRulesDoNotCross).
// Its upper section, 9 rows, is no grid alone and sits as close under the
// upper grid as under its own lower section; joined to the upper grid it
// would make 29 rows, more than any scorecard grid prints.
TEST(FindLatticeTest, AGridsUpperSectionJoinsItsOwnGridNotTheGridStackedAboveIt) {
  cv::Mat page = BlankPage();
  Card top, bottom;
  for (Card* card : {&top, &bottom}) {
    card->x = 20;
    card->label_mm = 40;
    card->score_mm = 12;
    card->score_columns = 6;
    card->rows = 20;
    card->row_mm = 5.5;
    card->text = false;
  }
  top.y = 30;
  bottom.y = top.y + top.rows * top.row_mm + 8;
  Draw(page, top);
  const std::vector<double> xs = bottom.ColumnsMm(), ys = bottom.RowsMm();
  const cv::Scalar ink(0, 0, 0);
  for (double y : ys) cv::line(page, Px(xs.front(), y), Px(xs.back(), y), ink, 2, cv::LINE_AA);
  for (double x : xs) {
    cv::line(page, Px(x, ys.front()), Px(x, ys[9]), ink, 2, cv::LINE_AA);
    cv::line(page, Px(x, ys[10]), Px(x, ys.back()), ink, 2, cv::LINE_AA);
  }
  const LatticeResult result = FindLattices(page);
  ASSERT_TRUE(result.ok()) << result.detail;
  ASSERT_EQ(result.grids.size(), 2u) << result.detail;
  ExpectMatches(result.grids[0], top);
  ExpectMatches(result.grids[1], bottom);
}

// Sheets rendered the way they are printed, against their own layout.
void ExpectLayout(const LatticeResult& result, const SheetLayout& layout, double px_per_mm = kPxPerMm) {
  ASSERT_TRUE(result.ok()) << result.detail;
  ASSERT_EQ(result.grids.size(), layout.grids.size());
  for (size_t g = 0; g < layout.grids.size(); ++g) {
    const GridLayout& grid = layout.grids[g];
    const Lattice& lattice = result.grids[g];
    ASSERT_EQ(lattice.rows(), static_cast<int>(grid.rows.size())) << "grid " << g;
    const double tol = 3 * px_per_mm / kPxPerMm;
    for (size_t r = 0; r < grid.rows.size(); ++r) EXPECT_NEAR(lattice.row_y[r], grid.rows[r].y * px_per_mm, tol) << r;
    EXPECT_NEAR(lattice.row_y.back(), grid.frame.bottom() * px_per_mm, tol);
    const int first_score = layout.style.how_to_column ? 2 : 1;
    ASSERT_EQ(lattice.columns(), first_score + grid.columns()) << "grid " << g;
    for (int c = 0; c <= grid.columns(); ++c)
      EXPECT_NEAR(lattice.column_x[first_score + c], grid.column_x[c] * px_per_mm, tol) << c;
    EXPECT_NEAR(lattice.column_x.front(), grid.frame.x * px_per_mm, tol);
  }
}

TEST(FindLatticeTest, PagesAtOtherResolutions) {
  SheetOptions options;
  options.style.markers = false;
  options.style.qr = false;
  options.style.how_to_column = true;
  options.grids = 2;
  const SheetLayout layout = LayoutSheet(ShippedRulesets().Get("piecepack"), options);
  for (double dpi : {150.0, 300.0}) {
    SCOPED_TRACE(dpi);
    ExpectLayout(FindLattices(RenderSheetImage(layout, dpi)), layout, dpi / 25.4);
  }
}

TEST(FindLatticeTest, ReadsRenderedSheetsOfBothStyles) {
  SheetOptions other;
  other.style.markers = false;
  other.style.qr = false;
  other.style.how_to_column = true;
  other.style.font = "Liberation Serif";
  other.style.outer_line_mm = 1.1;
  other.style.inner_line_mm = 0.12;
  other.style.column_header = "Game {n}";
  SheetOptions own;  // markers and QR code must not get in the way
  own.grids = 2;
  for (const SheetOptions& options : {other, own}) {
    const SheetLayout layout = LayoutSheet(ShippedRulesets().Get("classic"), options);
    const cv::Mat page = RenderSheetImage(layout, kPxPerMm * 25.4);
    ASSERT_EQ(page.size(), kA4);
    ExpectLayout(FindLattices(page), layout);
  }
}

// Pages that are not scorecards.
TEST(FindLatticeTest, RejectsPagesThatAreNotScorecards) {
  std::vector<std::pair<std::string, cv::Mat>> pages;
  pages.push_back({"blank", BlankPage()});

  cv::Mat text = BlankPage();
  for (int line = 0; line < 40; ++line)
    cv::putText(text, "The quick brown fox jumps over the lazy dog, again and again " + std::to_string(line),
                cv::Point(120, 200 + line * 50), cv::FONT_HERSHEY_SIMPLEX, 1.2, cv::Scalar(20, 20, 20), 2, cv::LINE_AA);
  cv::line(text, cv::Point(120, 150), cv::Point(1560, 150), cv::Scalar(0, 0, 0), 3);  // a rule under the title
  pages.push_back({"text", text});

  Card table;  // four rows of numbers: a table, not a scorecard
  table.rows = 4;
  table.how_mm = 0;
  cv::Mat small_table = BlankPage();
  Draw(small_table, table);
  pages.push_back({"4-row table", small_table});

  cv::Mat chessboard = BlankPage();
  for (int r = 0; r < 8; ++r)
    for (int c = 0; c < 8; ++c)
      if ((r + c) % 2) cv::rectangle(chessboard, Px(25 + c * 20, 60 + r * 20), Px(45 + c * 20, 80 + r * 20), cv::Scalar(0, 0, 0), cv::FILLED);
  cv::rectangle(chessboard, Px(25, 60), Px(185, 220), cv::Scalar(0, 0, 0), 3);
  pages.push_back({"chessboard", chessboard});

  // A spreadsheet of 16 rows of uneven heights with a wide first column.
  cv::Mat sheet = BlankPage();
  {
    std::mt19937 rng(3);
    std::vector<double> ys = {40};
    for (int r = 0; r < 16; ++r) ys.push_back(ys.back() + 4 + rng() % 12);
    for (double y : ys) cv::line(sheet, Px(20, y), Px(190, y), cv::Scalar(0, 0, 0), 2);
    for (double x : {20.0, 80.0, 100.0, 120.0, 140.0, 160.0, 190.0})
      cv::line(sheet, Px(x, ys.front()), Px(x, ys.back()), cv::Scalar(0, 0, 0), 2);
  }
  pages.push_back({"uneven rows", sheet});

  // 8 x 8 ruled squares after a wide first column: too few rows.
  cv::Mat board = BlankPage();
  for (int i = 0; i <= 8; ++i) {
    cv::line(board, Px(25, 60 + i * 20), Px(225 - 40, 60 + i * 20), cv::Scalar(0, 0, 0), 2);
    cv::line(board, Px(i == 0 ? 25 : 25 + 40 + (i - 1) * 15, 60), Px(i == 0 ? 25 : 25 + 40 + (i - 1) * 15, 220), cv::Scalar(0, 0, 0), 2);
  }
  pages.push_back({"8-row board", board});

  // (Ruled writing paper whose lines stop short of the page's edges looks like
  // a table typed with its rows ruled: the grid stage turns it down, for want
  // of printed labels; see grid/locate_grid_test.)

  for (const auto& [name, page] : pages) {
    const LatticeResult result = FindLattices(page);
    EXPECT_FALSE(result.ok()) << name << ": " << result.detail;
    EXPECT_EQ(result.status, LatticeStatus::kNoGrid) << name;
    EXPECT_FALSE(result.detail.empty()) << name;
    EXPECT_TRUE(result.grids.empty()) << name;
  }
}

TEST(FindLatticeTest, BadInputIsAStatusNotAnException) {
  EXPECT_EQ(FindLattices(cv::Mat()).status, LatticeStatus::kNoGrid);
  EXPECT_EQ(FindLattices(cv::Mat(10, 10, CV_8UC3, cv::Scalar(255, 255, 255))).status, LatticeStatus::kNoGrid);
  cv::Mat gray(kA4, CV_8UC1, cv::Scalar(250));
  Card card;
  Draw(gray, card);  // one channel works too
  EXPECT_TRUE(FindLattices(gray).ok());
  LatticeOptions bad;
  bad.min_rows = 50;  // more than max_rows
  EXPECT_FALSE(bad.Check());
  EXPECT_FALSE(FindLattices(gray, bad).ok());
  EXPECT_TRUE(LatticeOptions{}.Check());
}

TEST(FindLatticeTest, CellOutsideTheLatticeThrows) {
  Lattice lattice;
  lattice.row_y = {0, 10, 20};
  lattice.column_x = {0, 50, 70};
  EXPECT_EQ(lattice.Cell(1, 1), cv::Rect2f(50, 10, 20, 10));
  EXPECT_THROW(lattice.Cell(2, 0), Error);
  EXPECT_THROW(lattice.Cell(0, -1), Error);
}

TEST(FindLatticeTest, KeepsTheOrientationWhenAskedTo) {
  Card card;
  cv::Mat page = BlankPage(), turned;
  Draw(page, card);
  cv::rotate(page, turned, cv::ROTATE_180);
  LatticeOptions options;
  options.find_orientation = false;
  const LatticeResult result = FindLattices(turned, options);
  EXPECT_EQ(result.rotation_deg, 0);
  // Its lines are found as they are: which way up is for the text to say.
  ASSERT_TRUE(result.ok()) << result.detail;
  EXPECT_EQ(result.grids[0].rows(), card.rows);
}

}  // namespace
}  // namespace scorecheck
