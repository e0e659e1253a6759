// Column roles: what a column holds decides its role; its width or side
// only sides with what it holds, never decides alone.

#include "grid/column_roles.h"

#include <gtest/gtest.h>

#include <algorithm>
#include <string>
#include <vector>

#include <opencv2/imgproc.hpp>

#include "grid/locate_grid.h"
#include "grid/printed_text.h"
#include "support/test_support.h"
#include "unit/grid/drawn_table.h"

namespace scorecheck {
namespace {

using testing::DrawnTable;
using testing::kPxPerMm;
using testing::OnePlayerSheet;
using testing::ShippedRulesets;

// OnePlayerSheet (labels 55 mm, the player 40 mm, how-to text 60 mm) with a
// column `width_mm` wide before its labels, printing `texts` (one a row, ""
// for none): where dice icons stand.
DrawnTable WithColumnBeforeLabels(double width_mm, std::vector<std::string> texts = {}) {
  DrawnTable table = OnePlayerSheet();
  table.widths = {55, 40, 60};
  texts.resize(table.columns.front().size());
  table.columns.insert(table.columns.begin(), texts);
  table.handwritten.insert(table.handwritten.begin(), false);
  table.widths.insert(table.widths.begin(), width_mm);
  return table;
}

// A die face on `page`: a grey square reaching `half` pixels each way from
// `centre` (`taller` more upwards) with `pips` white pips; `outlined`: the
// square's outline only, with dark pips.
void DrawDieFace(cv::Mat& page, cv::Point centre, int pips, int half, int taller = 0, bool outlined = false) {
  const cv::Scalar dark = outlined ? cv::Scalar(40, 40, 40) : cv::Scalar(60, 60, 60);
  cv::rectangle(page, centre - cv::Point(half, half + taller), centre + cv::Point(half, half), dark,
                outlined ? 2 : cv::FILLED);
  for (int pip = 0; pip < pips; ++pip)
    cv::circle(page, centre + cv::Point((pip % 3 - 1) * 12, (pip / 3) * 16 - 8), 4,
               outlined ? dark : cv::Scalar(255, 255, 255), cv::FILLED);
}

TEST(ColumnRolesTest, ProfilesTellPrintedWordsFromHandwritingAndEmptyBoxes) {
  DrawnTable table = OnePlayerSheet();
  table.widths = {55, 40, 60};
  table.columns.push_back(std::vector<std::string>(table.columns.front().size()));  // an unused player's column
  table.widths.push_back(30);
  table.handwritten.push_back(true);
  const cv::Mat flat = FlattenForText(table.Draw(), kPxPerMm);
  const Lattice lattice = table.Lines();
  const ColumnProfile labels = ProfileColumn(flat, lattice, 0, kPxPerMm);
  const ColumnProfile written = ProfileColumn(flat, lattice, 1, kPxPerMm);
  const ColumnProfile how_to = ProfileColumn(flat, lattice, 2, kPxPerMm);
  const ColumnProfile empty = ProfileColumn(flat, lattice, 3, kPxPerMm);
  EXPECT_TRUE(labels.printed_text) << labels.pieces << " pieces, " << labels.align_mm << " mm";
  EXPECT_TRUE(how_to.printed_text) << how_to.pieces << " pieces, " << how_to.align_mm << " mm";
  EXPECT_FALSE(written.printed_text) << written.pieces << " pieces, " << written.align_mm << " mm";
  EXPECT_NEAR(written.fill, 18.0 / 20, 1e-9);
  EXPECT_EQ(empty.inked_rows, 0);
  EXPECT_FALSE(empty.printed_text);
  EXPECT_NEAR(written.width_mm, 40, 0.2);
}

// Dice icons beside the labels: the same printed mark, one size, one place,
// in row after row. No place to write, though no word is in it; the
// handwritten column is no such column, nor is the ink a ruled line leaves
// along a side of every cell.
TEST(ColumnRolesTest, DiceIconsInRowAfterRowArePrintedMarksNotAScoreColumn) {
  DrawnTable table = WithColumnBeforeLabels(12);
  cv::Mat page = table.Draw();
  const Lattice lattice = table.Lines();
  for (int r = 0; r < 6; ++r) {  // an icon beside each upper-section label: a square with r + 1 pips
    const cv::Rect2f cell = lattice.Cell(r, 0);
    const cv::Point centre(static_cast<int>(cell.x + cell.width / 2), static_cast<int>(cell.y + cell.height / 2));
    DrawDieFace(page, centre, r + 1, static_cast<int>(2.5 * kPxPerMm));
  }
  // A ruled line drawn again a little inside every cell of the how-to column.
  Lattice sides = lattice;
  const float side = lattice.column_x[3] + 0.9f * static_cast<float>(kPxPerMm);
  cv::line(page, cv::Point(static_cast<int>(side), static_cast<int>(lattice.row_y.front())),
           cv::Point(static_cast<int>(side), static_cast<int>(lattice.row_y.back())), cv::Scalar(0, 0, 0), 3);
  const cv::Mat flat = FlattenForText(page, kPxPerMm);
  const ColumnProfile icons = ProfileColumn(flat, lattice, 0, kPxPerMm);
  EXPECT_TRUE(icons.printed_marks) << icons.align_mm << " mm apart, " << icons.size_spread_mm << " mm in size";
  EXPECT_FALSE(icons.printed_text);
  EXPECT_FALSE(ProfileColumn(flat, lattice, 2, kPxPerMm).printed_marks);
  const ColumnProfile ruled_side = ProfileColumn(flat, lattice, 3, kPxPerMm);
  EXPECT_FALSE(ruled_side.printed_marks);
  EXPECT_FALSE(ruled_side.clear_of_sides);
  std::vector<ColumnProfile> profiles;
  for (int c = 0; c < lattice.columns(); ++c) profiles.push_back(ProfileColumn(flat, lattice, c, kPxPerMm));
  std::vector<ColumnReading> readings(1);
  readings[0].column = 1;
  readings[0].rows = table.columns[1];
  readings[0].label_fit = 0.9;
  const ColumnRoles roles = AssignColumnRoles(profiles, readings);
  EXPECT_EQ(roles.score, (std::vector<int>{2, 3}));
}

// The icons' column holds a section's title too ("Scoring" over the upper
// section, again over the lower, where a line put in between the icons and
// the labels cut the title off the label column), and blur makes some
// icons half a millimetre taller than others. The icons are still the same
// printed mark row after row: no place to write.
TEST(ColumnRolesTest, DiceIconsUnderASectionTitleInTheirColumnArePrintedMarks) {
  std::vector<std::string> titles(10);
  titles[0] = titles[9] = "Scoring";
  DrawnTable table = WithColumnBeforeLabels(22, titles);
  cv::Mat page = table.Draw();
  const Lattice lattice = table.Lines();
  for (int r = 1; r <= 6; ++r) {
    const cv::Rect2f cell = lattice.Cell(r, 0);
    const cv::Point centre(static_cast<int>(cell.x + 4 * kPxPerMm), static_cast<int>(cell.y + cell.height / 2));
    DrawDieFace(page, centre, r, static_cast<int>(2.5 * kPxPerMm), r % 2 ? 0 : static_cast<int>(0.5 * kPxPerMm));
  }
  const ColumnProfile icons = ProfileColumn(FlattenForText(page, kPxPerMm), lattice, 0, kPxPerMm);
  ASSERT_EQ(icons.inked_rows, 8);
  EXPECT_TRUE(icons.printed_marks) << icons.align_mm << " mm apart, " << icons.size_spread_mm << " mm in size";
}

// The icons' column holds other print in as many rows as the icons (the
// ends of labels that run over into it below the icons, a section's title:
// no ruled line parts them there, the line was put in by the gap beside the
// icons), some of it smaller, some larger. Six faces in six rows running are
// still print (ColumnRoleOptions::icon_run; samples/dice-icons).
TEST(ColumnRolesTest, SixDiceFacesRunningArePrintWhateverElseTheColumnHolds) {
  DrawnTable table = WithColumnBeforeLabels(22);
  cv::Mat page = table.Draw();
  const Lattice lattice = table.Lines();
  const auto centre_of = [&](int r) {
    const cv::Rect2f cell = lattice.Cell(r, 0);
    return cv::Point(static_cast<int>(cell.x + 6 * kPxPerMm), static_cast<int>(cell.y + cell.height / 2));
  };
  const auto mm = [](double x) { return static_cast<int>(x * kPxPerMm); };
  for (int r = 1; r <= 6; ++r) DrawDieFace(page, centre_of(r), r, mm(2.5));
  for (int r = 8; r < 14; ++r) {  // other print: smaller and larger than the icons, in turn
    const cv::Point half = r % 2 ? cv::Point(mm(0.9), mm(0.9)) : cv::Point(mm(4.5), mm(2.8));
    cv::rectangle(page, centre_of(r) - half, centre_of(r) + half, cv::Scalar(40, 40, 40), cv::FILLED);
  }
  const cv::Mat flat = FlattenForText(page, kPxPerMm);
  const ColumnProfile icons = ProfileColumn(flat, lattice, 0, kPxPerMm);
  ASSERT_EQ(icons.inked_rows, 12);
  EXPECT_TRUE(icons.printed_marks) << icons.align_mm << " mm apart, " << icons.size_spread_mm << " mm in size";
  ColumnRoleOptions longer_runs_only;
  longer_runs_only.icon_run = 7;
  EXPECT_FALSE(ProfileColumn(flat, lattice, 0, kPxPerMm, longer_runs_only).printed_marks);
  // The player's column is no run of print.
  EXPECT_FALSE(ProfileColumn(flat, lattice, 2, kPxPerMm).printed_marks);
}

// Numbers a tidy hand writes one size, from one spot in each box, row
// after row (two-digit scores of a lower section, none sharing a digit with
// the row before: one font writes a digit the same each time): one size in
// one place, as icons are, and shown so by taking the shape out of the
// test; but not one shape, so a players' column (samples/tidy-writing).
// Die faces drawn in outline, their pips moving inside, are one shape.
TEST(ColumnRolesTest, NumbersATidyHandSetsAlikeAreNoPrintedMarksButOutlinedDiceAre) {
  DrawnTable table = WithColumnBeforeLabels(16);
  table.widths.insert(table.widths.begin(), 16);
  table.columns.insert(table.columns.begin(), std::vector<std::string>(table.columns.front().size()));
  table.handwritten.insert(table.handwritten.begin(), false);
  cv::Mat page = table.Draw();
  const Lattice lattice = table.Lines();
  const auto mm = [](double x) { return static_cast<int>(x * kPxPerMm); };
  const std::vector<std::string> numbers = {"14", "27", "63", "58", "91", "36"};
  for (int r = 0; r < 6; ++r) {
    const cv::Rect2f written = lattice.Cell(r + 9, 0), icon = lattice.Cell(r, 1);
    const cv::Point spot(static_cast<int>(written.x) + mm(3), static_cast<int>(written.br().y) - mm(2));
    cv::putText(page, numbers[r], spot, cv::FONT_HERSHEY_SCRIPT_SIMPLEX, 1.5, cv::Scalar(150, 60, 20), 2, cv::LINE_AA);
    const cv::Point centre(static_cast<int>(icon.x + icon.width / 2), static_cast<int>(icon.y + icon.height / 2));
    DrawDieFace(page, centre, r + 1, mm(2.5), 0, true);
  }
  const cv::Mat flat = FlattenForText(page, kPxPerMm);
  const ColumnProfile tidy = ProfileColumn(flat, lattice, 0, kPxPerMm);
  EXPECT_FALSE(tidy.printed_marks) << tidy.mark_overlap << " of their ink shared";
  ColumnRoleOptions any_shape;
  any_shape.same_mark_overlap = 0;
  EXPECT_TRUE(ProfileColumn(flat, lattice, 0, kPxPerMm, any_shape).printed_marks)
      << tidy.align_mm << " mm apart, " << tidy.size_spread_mm << " mm in size";
  const ColumnProfile outlined = ProfileColumn(flat, lattice, 1, kPxPerMm);
  EXPECT_TRUE(outlined.printed_marks) << outlined.mark_overlap << " of their ink shared";
}

// The six faces on a photocopy, its grey dust in the column's other rows
// (so the faces are not all the column holds), a dark speck touching one
// face in the middle of the run (its mark a millimetre wider): still the
// same printed mark row after row. Touching two faces next to each other,
// the run is broken; so it is by a mark in the middle that measures smaller
// (no face with something touching it: a writer's numbers, one short).
TEST(ColumnRolesTest, ADieFaceTouchedByASpeckLeavesTheFacesPrint) {
  struct Case {
    std::vector<int> touched;
    int smaller = 0;  // the row whose face is drawn smaller, 0 none
    bool print;
  };
  for (const Case& c : {Case{{4}, 0, true}, Case{{3, 4}, 0, false}, Case{{}, 4, false}}) {
    DrawnTable table = WithColumnBeforeLabels(22);
    cv::Mat page = table.Draw();
    const Lattice lattice = table.Lines();
    const auto mm = [](double x) { return static_cast<int>(x * kPxPerMm); };
    const auto centre_of = [&](int r) {
      const cv::Rect2f cell = lattice.Cell(r, 0);
      return cv::Point(static_cast<int>(cell.x + 6 * kPxPerMm), static_cast<int>(cell.y + cell.height / 2));
    };
    for (int r = 1; r <= 6; ++r) {
      DrawDieFace(page, centre_of(r), r, r == c.smaller ? mm(1.5) : mm(2.5));
      if (std::find(c.touched.begin(), c.touched.end(), r) != c.touched.end())
        cv::circle(page, centre_of(r) + cv::Point(mm(3), 0), mm(0.5), cv::Scalar(40, 40, 40), cv::FILLED);
    }
    // The dust: light marks (lighter than ink, ColumnRoleOptions::ink_level).
    for (int r = 7; r < lattice.rows(); ++r)
      cv::circle(page, centre_of(r) + cv::Point(mm(r % 3), 0), mm(0.4), cv::Scalar(175, 175, 175), cv::FILLED);
    const cv::Mat flat = FlattenForText(page, kPxPerMm);
    EXPECT_EQ(ProfileColumn(flat, lattice, 0, kPxPerMm).printed_marks, c.print)
        << c.touched.size() << " faces touched, face " << c.smaller << " smaller";
  }
}

// Labels, how-to text beside them under no header of its own (the labels'
// header spans both), three players' columns headed "Game 1" ... "Game 3"
// in the top row. The OCR read the how-to text as half-words, not surely
// (maybe_how_to): with every player's column headed and it not, it is
// how-to text. Headed too, or with a player's column unheaded, nothing
// says so.
TEST(ColumnRolesTest, AColumnBesideTheLabelsWithoutTheHeadersThePlayersPrintIsHowTo) {
  DrawnTable table = OnePlayerSheet();
  const std::vector<std::string> labels = table.columns[0], scores = table.columns[1], how_to = table.columns[2];
  std::vector<std::string> no_header = how_to, header_row_labels = labels;
  no_header[0] = "";
  header_row_labels[0] = "Player";
  std::vector<std::string> written = scores;
  written[0] = "";
  table.columns = {header_row_labels, no_header, written, written, written};
  table.handwritten = {false, false, true, true, true};
  table.widths = {45, 50, 22, 22, 22};
  auto page_with_headers = [&](const std::vector<std::string>& headers) {
    cv::Mat page = table.Draw();
    const Lattice lattice = table.Lines();
    for (size_t c = 0; c < headers.size(); ++c) {
      if (headers[c].empty()) continue;
      const cv::Rect2f cell = lattice.Cell(0, static_cast<int>(c) + 1);
      cv::putText(page, headers[c], cv::Point(static_cast<int>(cell.x) + 10, static_cast<int>(cell.br().y) - 22),
                  cv::FONT_HERSHEY_SIMPLEX, 0.7, cv::Scalar(20, 20, 20), 2, cv::LINE_AA);
    }
    return FlattenForText(page, kPxPerMm);
  };
  ColumnRoles read;
  read.label = 0;
  read.score = {1, 2, 3, 4};
  read.maybe_how_to = {1};
  const Lattice lattice = table.Lines();
  const ColumnRoles roles = HowToWithoutAHeader(page_with_headers({"", "Game 1", "Game 2", "Game 3"}), lattice, read, kPxPerMm);
  EXPECT_EQ(roles.how_to, (std::vector<int>{1}));
  EXPECT_EQ(roles.score, (std::vector<int>{2, 3, 4}));
  EXPECT_TRUE(roles.maybe_how_to.empty());
  for (const std::vector<std::string>& headers : std::vector<std::vector<std::string>>{
           {"How to", "Game 1", "Game 2", "Game 3"}, {"", "Game 1", "", "Game 3"}}) {
    const ColumnRoles kept = HowToWithoutAHeader(page_with_headers(headers), lattice, read, kPxPerMm);
    EXPECT_EQ(kept.score, read.score) << headers[0] << "|" << headers[2];
    EXPECT_TRUE(kept.how_to.empty());
  }
}

// Dice icons set apart from their labels by a line the table does not rule
// (put in at the gap between them): the icons meet that line, which leaves
// no ink of its own. Still printed marks; where the line is ruled, the
// icons are printed up to it, as wide as they are tall: no ruled line
// leaves that beside itself. What a blurred ruled line leaves along a
// side, a strip taller than wide in every row, is the line's.
TEST(ColumnRolesTest, IconsUpToALinePutInAtTheirEdgeArePrintedMarks) {
  DrawnTable table = OnePlayerSheet();
  table.widths = {12, 55, 40, 60};
  table.columns.insert(table.columns.begin(), std::vector<std::string>(table.columns.front().size()));
  table.handwritten.insert(table.handwritten.begin(), false);
  cv::Mat page = table.Draw();
  Lattice lattice = table.Lines();
  const int half = static_cast<int>(2.5 * kPxPerMm);
  for (int r = 0; r < 6; ++r) {
    const cv::Rect2f cell = lattice.Cell(r, 0);
    const cv::Point centre(static_cast<int>(cell.x + cell.width / 2), static_cast<int>(cell.y + cell.height / 2));
    cv::rectangle(page, centre - cv::Point(half, half), centre + cv::Point(half, half), cv::Scalar(60, 60, 60), cv::FILLED);
  }
  const cv::Mat flat = FlattenForText(page, kPxPerMm);
  // The line between icons and labels moved onto the icons' right edge.
  const float icons_right = lattice.column_x[0] + lattice.Cell(0, 0).width / 2 + static_cast<float>(half);
  const float inset = lattice.line_px / 2 + static_cast<float>(0.4 * kPxPerMm);
  lattice.column_x[1] = icons_right + inset - 1;
  lattice.column_inferred.assign(lattice.column_x.size(), false);
  EXPECT_TRUE(ProfileColumn(flat, lattice, 0, kPxPerMm).printed_marks);  // icons printed up to a ruled line
  {
    // A line's blur 2 mm wide along the ruled right side of every row of
    // the icons' column, the icons gone: the line's, no printed marks.
    cv::Mat strips = table.Draw();
    for (int r = 0; r < 6; ++r) {
      const cv::Rect2f cell = lattice.Cell(r, 0);
      cv::rectangle(strips, cv::Point(static_cast<int>(cell.br().x - inset - 2 * kPxPerMm), static_cast<int>(cell.y + 2)),
                    cv::Point(static_cast<int>(cell.br().x), static_cast<int>(cell.br().y - 2)), cv::Scalar(90, 90, 90),
                    cv::FILLED);
    }
    const ColumnProfile blur = ProfileColumn(FlattenForText(strips, kPxPerMm), lattice, 0, kPxPerMm);
    EXPECT_GE(blur.inked_rows, 6);
    EXPECT_FALSE(blur.printed_marks);
  }
  lattice.column_inferred[1] = true;
  const ColumnProfile icons = ProfileColumn(flat, lattice, 0, kPxPerMm);
  EXPECT_TRUE(icons.clear_of_sides);
  EXPECT_TRUE(icons.printed_marks) << icons.align_mm << " mm apart, " << icons.size_spread_mm << " mm in size";

  // A column whose tint stayed darker than ink on the flattened page (too
  // narrow for the paper's closing to take it for paper in a blurred photo),
  // between two lines put in at the tint's edges: its "ink" runs from side
  // to side in every row, alike, but it is the cell's fill, not a mark.
  cv::Mat tinted = FlattenForText(table.Draw(), kPxPerMm);
  const Lattice drawn = table.Lines();
  cv::rectangle(tinted, cv::Point(static_cast<int>(drawn.column_x[2]), static_cast<int>(drawn.row_y.front())),
                cv::Point(static_cast<int>(drawn.column_x[3]), static_cast<int>(drawn.row_y.back())), cv::Scalar(110),
                cv::FILLED);
  Lattice tint_edges = drawn;
  tint_edges.column_inferred.assign(tint_edges.column_x.size(), false);
  tint_edges.column_inferred[2] = tint_edges.column_inferred[3] = true;
  const ColumnProfile fill = ProfileColumn(tinted, tint_edges, 2, kPxPerMm);
  ASSERT_GT(fill.inked_rows, 10);
  EXPECT_FALSE(fill.clear_of_sides);
  EXPECT_FALSE(fill.printed_marks);
}

// An empty player's column whose header is printed again over each section,
// "Round 2" in rows 0 and 12, with a speck of dust in a third row: alike
// marks, but not row after row like icons, and one text twice with a
// speck, not how-to text. A score column nobody wrote in.
TEST(ColumnRolesTest, AHeaderPrintedOverEachSectionOfAnEmptyColumnIsAScoreColumn) {
  DrawnTable table = OnePlayerSheet();
  table.widths = {55, 30, 60, 30};
  std::vector<std::string> second(table.columns.front().size());
  second[0] = second[12] = "Round 2";
  table.columns.push_back(second);
  table.handwritten.push_back(false);
  const Lattice lattice = table.Lines();
  cv::Mat page = table.Draw();
  const cv::Rect2f dusty = lattice.Cell(19, 3);
  cv::circle(page, cv::Point(static_cast<int>(dusty.x + dusty.width / 2), static_cast<int>(dusty.y + dusty.height / 2)), 3,
             cv::Scalar(40, 40, 40), cv::FILLED);
  const cv::Mat flat = FlattenForText(page, kPxPerMm);
  const ColumnProfile empty = ProfileColumn(flat, lattice, 3, kPxPerMm);
  EXPECT_FALSE(empty.printed_marks) << empty.align_mm << " mm apart, " << empty.size_spread_mm << " mm in size";
  std::vector<ColumnProfile> profiles;
  for (int c = 0; c < lattice.columns(); ++c) profiles.push_back(ProfileColumn(flat, lattice, c, kPxPerMm));
  std::vector<ColumnReading> readings(2);
  readings[0] = {0, table.columns[0], 0.9, {}};
  std::vector<std::string> read(table.columns.front().size());
  read[0] = read[12] = "Round 2";
  read[19] = ",";
  readings[1] = {3, read, 0.0, std::vector<double>(read.size(), 0.96)};
  const ColumnRoles roles = AssignColumnRoles(profiles, readings);
  ASSERT_TRUE(roles.ok()) << roles.detail;
  EXPECT_EQ(roles.score, (std::vector<int>{1, 2, 3}));  // the how-to column was not read here
}

// An outer frame thicker than the table's other lines: the cells' insets
// (from the lattice's typical line) leave a sliver of it along the side of
// every label and every score cell. It is the sheet's ink, not the cells':
// the labels still line up like print, clear of their sides, and the
// written column still holds writing only where something was written.
TEST(ColumnRolesTest, AThickFrameAlongEveryCellIsNotTheCellsInk) {
  DrawnTable table = OnePlayerSheet();
  table.widths = {55, 40, 60};
  cv::Mat page = table.Draw();
  const Lattice lattice = table.Lines();
  const int frame_px = static_cast<int>(1.6 * kPxPerMm);
  for (const float x : {lattice.column_x.front(), lattice.column_x.back()})
    cv::line(page, cv::Point(static_cast<int>(x), static_cast<int>(lattice.row_y.front())),
             cv::Point(static_cast<int>(x), static_cast<int>(lattice.row_y.back())), cv::Scalar(0, 0, 0), frame_px);
  const cv::Mat flat = FlattenForText(page, kPxPerMm);
  const ColumnProfile labels = ProfileColumn(flat, lattice, 0, kPxPerMm);
  EXPECT_TRUE(labels.printed_text) << labels.pieces << " pieces, " << labels.align_mm << " mm";
  EXPECT_TRUE(labels.clear_of_sides);
  EXPECT_GT(labels.align_mm, 0.0) << "the frame's sliver, not the words, lined up";
  const ColumnProfile how_to = ProfileColumn(flat, lattice, 2, kPxPerMm);
  EXPECT_TRUE(how_to.printed_text) << how_to.pieces << " pieces, " << how_to.align_mm << " mm";
  const ColumnProfile written = ProfileColumn(flat, lattice, 1, kPxPerMm);
  EXPECT_NEAR(written.fill, 18.0 / 20, 1e-9);
}

TEST(ColumnRolesTest, TheBestLabelFitIsTheLabelColumnWhereverItStands) {
  // How-to text left of the labels, one score column wider than both, an
  // empty one after it, and a 2 mm strip between double lines.
  std::vector<ColumnProfile> profiles(5);
  for (ColumnProfile& p : profiles) p.width_mm = 30;
  profiles[2].width_mm = 70;
  profiles[4].width_mm = 2;
  for (int c : {0, 1}) {
    profiles[c].printed_text = true;
    profiles[c].inked_rows = 20;
    profiles[c].marked_fill = 1;
  }
  std::vector<ColumnReading> readings(2);
  readings[0].column = 0;
  readings[0].rows = {"Count and add only Aces", "Count and add only Twos", "Score 25", "Add total of all dice"};
  readings[0].label_fit = 0.2;
  readings[1].column = 1;
  readings[1].rows = {"Aces", "Twos", "Full house", "Chance"};
  readings[1].label_fit = 0.9;
  const ColumnRoles roles = AssignColumnRoles(profiles, readings);
  ASSERT_TRUE(roles.ok()) << roles.detail;
  EXPECT_EQ(roles.label, 1);
  EXPECT_EQ(roles.how_to, std::vector<int>{0});
  EXPECT_EQ(roles.score, (std::vector<int>{2, 3}));
}

TEST(ColumnRolesTest, AStripTooNarrowToWriteInIsNoLabelColumn) {
  // A blurred four-grid page: nothing reads like labels. A 1 mm strip
  // between the lines of a double rule on the table's left, the labels'
  // column, two score columns. The strip's noise fits the labels a little
  // better than the garbled labels do; it cannot hold them.
  std::vector<ColumnProfile> profiles(4);
  for (ColumnProfile& p : profiles) {
    p.width_mm = 12;
    p.inked_rows = 19;
    p.marked_fill = 1;
  }
  profiles[0].width_mm = 1;
  std::vector<ColumnReading> readings(4);
  for (int c = 0; c < 4; ++c) readings[c].column = c;
  readings[0].rows = {"l", "i", "l", "|"};
  readings[0].label_fit = 0.02;
  readings[1].rows = {"ls", "2S", "3S", "FIVFS =5", "NULLS"};
  readings[1].label_fit = 0.01;
  readings[2].rows = {"7", "8", "3", "10"};
  readings[2].label_fit = -0.2;
  readings[3].rows = {"1", "2", "9", "10"};
  readings[3].label_fit = -0.2;
  const ColumnRoles roles = AssignColumnRoles(profiles, readings);
  ASSERT_TRUE(roles.ok()) << roles.detail;
  EXPECT_EQ(roles.label, 1);
  EXPECT_EQ(roles.score, (std::vector<int>{2, 3}));
}

TEST(ColumnRolesTest, AColumnWithNothingInItIsNoLabelColumn) {
  // A blurred four-grid page: nothing reads like labels. The labels'
  // column, one player's column written in every row, and a player's column
  // nobody wrote in, whose noise fits the labels a little better than the
  // garbled labels do: with nothing in its rows it cannot hold them.
  std::vector<ColumnProfile> profiles(3);
  for (ColumnProfile& p : profiles) p.width_mm = 12;
  profiles[0].width_mm = 20;
  profiles[0].inked_rows = profiles[1].inked_rows = 19;
  profiles[0].marked_fill = profiles[1].marked_fill = 0.95;
  std::vector<ColumnReading> readings(3);
  for (int c = 0; c < 3; ++c) readings[c].column = c;
  readings[0].rows = {"ls", "2S", "THREES", "FIVFS =5", "NULLS"};
  readings[0].label_fit = 0.01;
  readings[1].rows = {"7", "ab", "Ss", "iv", "Mf 4", "ro"};  // handwriting read as letters, about as many
  readings[1].label_fit = -0.2;
  readings[2].rows = {"", "i", "", "l"};
  readings[2].label_fit = 0.03;
  const ColumnRoles roles = AssignColumnRoles(profiles, readings);
  ASSERT_TRUE(roles.ok()) << roles.detail;
  EXPECT_EQ(roles.label, 0);
  EXPECT_EQ(roles.score, (std::vector<int>{1, 2}));
  // Without the rule, its chance fit wins.
  ColumnRoleOptions any_column;
  any_column.min_label_marked_fill = 0;
  EXPECT_EQ(AssignColumnRoles(profiles, readings, any_column).label, 2);
}

TEST(ColumnRolesTest, WhereNothingFitsTheLabelsTheyAreTheColumnReadMostLikeWords) {
  // A four-grid page photographed at low resolution: the labels' print is
  // too small for the OCR and comes out as garbled words; the six players'
  // handwriting as stray letters and digits. The fits are all chance, and
  // one of the players' columns fits a little better than the labels.
  std::vector<ColumnProfile> profiles(7);
  for (ColumnProfile& p : profiles) {
    p.width_mm = 10.5;
    p.inked_rows = 19;
    p.marked_fill = 1;
    p.pieces = 2;
  }
  profiles[0].width_mm = 23;
  std::vector<ColumnReading> readings(7);
  for (int c = 0; c < 7; ++c) readings[c].column = c;
  readings[0].rows = {"", "ee", "Comoe", "a.", "eee", "*", "L ellel", "Set tee Fy", "Ol", "Lower", "se", "tone", "eo",
                      "s aiahe ad", "vant ee", "nm ov", "ee", "Leal", "one Teee"};
  readings[0].label_fit = -0.01;
  const std::vector<std::vector<std::string>> players = {
      {"a", "'", "ir", "=i", "A", "bf", "o", "6?", "ie", "33", "315", "%", "ub", "4"},
      {"o", "é", "“4", "is", "{8", "Ye", "ce]", "s2", "a", "c '", "Is", "10", "4 ‘", "qa"},
      {"¥", "Id", "2", "/0", "a", "yo", "e", "¥D", "ibal", "7", "ay", "sp", "a)", "TA"},
      {">|", "ral)", "6", "Ss", "iv", "Mf", "2", "36", "4f", "29", "ro", "Ly |", "aly", "1"},
      {"r", "i", "Ls! Sy", "4", "iy", "4o", "°", "do", "mY", "-", "Os", "Ad", "—", "4s"},
      {"ib", "42", "ic", "dit", "otk", "oD", "#3", "an", "fal", "is", "jo", "10", "2)", "cF"}};
  for (int c = 1; c < 7; ++c) {
    readings[c].rows = players[c - 1];
    readings[c].label_fit = c == 5 ? 0.01 : -0.04;
  }
  const ColumnRoles roles = AssignColumnRoles(profiles, readings);
  ASSERT_TRUE(roles.ok()) << roles.detail;
  EXPECT_EQ(roles.label, 0);
  EXPECT_EQ(roles.score, (std::vector<int>{1, 2, 3, 4, 5, 6}));
  // Where a column fits the labels past chance, the fit decides.
  readings[5].label_fit = 0.3;
  EXPECT_EQ(AssignColumnRoles(profiles, readings).label, 5);
}

// `count` columns `width_mm` wide that look printed, inked in `inked_rows` rows.
std::vector<ColumnProfile> PrintedColumns(int count, double width_mm, int inked_rows) {
  std::vector<ColumnProfile> profiles(count);
  for (ColumnProfile& p : profiles) {
    p.width_mm = width_mm;
    p.printed_text = true;
    p.inked_rows = inked_rows;
    p.marked_fill = 1;
  }
  return profiles;
}

TEST(ColumnRolesTest, HandwritingTheOcrReadStaysAScoreColumn) {
  const std::vector<ColumnProfile> profiles = PrintedColumns(2, 30, 12);
  std::vector<ColumnReading> readings(2);
  readings[0] = {0, {"Aces", "Twos", "Threes", "Fours"}, 0.95, {}};
  // A header, then digits and the odd stray letters: the median row has few letters.
  readings[1] = {1, {"Player 1", "3", "lo", "2g", "Z", "15", "0", "35"}, 0.05, {}};
  const ColumnRoles roles = AssignColumnRoles(profiles, readings);
  ASSERT_TRUE(roles.ok()) << roles.detail;
  EXPECT_EQ(roles.score, std::vector<int>{1});
  EXPECT_TRUE(roles.how_to.empty());
}

TEST(ColumnRolesTest, WordsTheOcrIsUnsureOfAreHandwritingUnlessLong) {
  const std::vector<ColumnProfile> profiles = PrintedColumns(3, 35, 6);
  std::vector<ColumnReading> readings(3);
  readings[0] = {0, {"Aces", "Twos", "Threes", "Fours", "Fives", "Sixes"}, 0.95, {0.96, 0.97, 0.96, 0.96, 0.97, 0.96}};
  // Three numbers written side by side, read as letters, unsure.
  readings[1] = {1, {"vee foe", "Fe aya", "Oe 36", "ISGSCHS7", "op Ay ars", "PIN oer"}, 0.1, {0.33, 0.39, 0.64, 0.0, 0.18, 0.25}};
  // Small print blurred in a photo: unsure too, but long words.
  readings[2] = {2, {"Aad total ot all dice", "Copy the wpper total", "Score 35 (63+)", "at the Tower bones",
                     "Sewanee of 5: scare", "Aas veral of atl dice"}, 0.1, {0.68, 0.78, 0.93, 0.6, 0.32, 0.5}};
  const ColumnRoles roles = AssignColumnRoles(profiles, readings);
  ASSERT_TRUE(roles.ok()) << roles.detail;
  EXPECT_EQ(roles.score, std::vector<int>{1});
  EXPECT_EQ(roles.how_to, std::vector<int>{2});
  // The numbers read as unsure words are a score column that might be how-to
  // text, should the table have more score columns than any ruleset.
  EXPECT_EQ(roles.maybe_how_to, std::vector<int>{1});
}

// Light pencil under printed headers ("Single", "Double", printed again
// over the lower section): the OCR reads the headers and nothing of the
// writing, which is too light to count as ink but marks most rows. A
// how-to column's print is in the rows the OCR reads.
TEST(ColumnRolesTest, HeadersOverLightWritingAreAScoreColumn) {
  std::vector<ColumnProfile> profiles = PrintedColumns(3, 35, 4);
  std::vector<ColumnReading> readings(3);
  readings[0] = {0, {"Game", "Aces", "Twos", "Threes", "Fours", "Fives", "Sixes"}, 0.95, {}};
  std::vector<std::string> headers(22), how_to(22);
  headers[0] = "Single";
  headers[11] = "Single";
  headers[12] = "Score";
  for (int r = 0; r < 4; ++r) how_to[r * 5] = "Count and add only " + std::to_string(r + 1) + "s";
  readings[1] = {1, headers, 0.0, std::vector<double>(22, 0.95)};
  readings[2] = {2, how_to, 0.0, std::vector<double>(22, 0.95)};
  profiles[1].marked_rows = 21;  // pencil in most rows, ink only where the headers are
  profiles[2].marked_rows = 4;   // print where the words are
  const ColumnRoles roles = AssignColumnRoles(profiles, readings);
  ASSERT_TRUE(roles.ok()) << roles.detail;
  EXPECT_EQ(roles.score, std::vector<int>{1});
  EXPECT_EQ(roles.how_to, std::vector<int>{2});
  // How-to text printed too small to read in most of its rows, dark in all
  // of them (card 0149 of seed 950006): no place to write.
  profiles[2].inked_rows = profiles[2].marked_rows = 20;
  profiles[2].pieces = 12;
  profiles[2].clear_of_sides = true;
  profiles[2].fill = 0.9;
  const ColumnRoles small_print = AssignColumnRoles(profiles, readings);
  EXPECT_EQ(small_print.score, std::vector<int>{1});
  // Some of the pencil pressed hard enough to look dark: 5 dark rows, the
  // three headers among them, of 21 marked. The rows the OCR read nothing
  // in are still mostly light: writing. (Before, dark rows counted with the
  // headers made it print: card 0147 of seed 950006.)
  profiles[1].inked_rows = 7;
  const ColumnRoles pressed = AssignColumnRoles(profiles, readings);
  EXPECT_EQ(pressed.score, std::vector<int>{1});
}

// Sketchy pencil breaks each written number into many pieces, as many as a
// printed word has letters; the OCR reads numbers there ("12", "70", "106"),
// where of blurred words it reads noise.
TEST(ColumnRolesTest, WritingInManyPiecesReadAsNumbersIsNotWords) {
  std::vector<ColumnProfile> profiles = PrintedColumns(3, 34, 20);
  for (ColumnProfile& p : profiles) {
    p.pieces = 11;
    p.clear_of_sides = true;
    p.fill = 0.9;
    p.marked_rows = 20;
  }
  std::vector<ColumnReading> readings(3);
  readings[0] = {0, {"Aces", "Twos", "Threes", "Fours", "Fives", "Sixes"}, 0.95, {}};
  readings[1] = {1, {"x2", "@", "12", "4", "\" a&hY", "¥0", "US", "ANS", "70", "106", "x2", "aad", "5S", "50", "60", "2",
                     "Oo", "32", "A20", "LOS"},
                 0.0, std::vector<double>(20, 0.4)};
  readings[2] = {2, {"Aad", "ot all", "Sewe", "at tne", "Conn", "aas", "Tl", "Copy", "wpper", "Seore", "eee", "os", "Ta",
                     "ll", "Se", "ae", "oy", "ch", "Ob", "Ih"},
                 0.0, std::vector<double>(20, 0.4)};
  const ColumnRoles roles = AssignColumnRoles(profiles, readings);
  ASSERT_TRUE(roles.ok()) << roles.detail;
  EXPECT_EQ(roles.score, std::vector<int>{1});
}

// Small words in a photo, read less surely than the bar for sure, in a
// column at the table's far side, away from the labels (a "Notes" column,
// say): six columns would still fit Roll-Em. Beside them, the players'
// columns hold light pencil whose ink does not line up like print: one hand
// writes every column alike, so the column that does line up, in more
// pieces than the writing (words against numbers), is print. Where the
// writing lines up as well or comes in as many pieces (or nobody wrote),
// nothing tells, and the column stays a score column that might be how-to
// text.
TEST(ColumnRolesTest, UnsureWordsThatLineUpBesideWritingThatDoesNotAreHowTo) {
  std::vector<ColumnProfile> profiles = PrintedColumns(7, 22, 21);
  for (ColumnProfile& p : profiles) {
    p.marked_rows = p.inked_rows;
    p.pieces = 8;  // words
  }
  for (int c = 1; c < 6; ++c) {
    profiles[c].pieces = 2;  // numbers
    profiles[c].printed_text = false;
    profiles[c].inked_rows = c < 3 ? 2 : 0;
    profiles[c].marked_rows = c < 3 ? 19 : 1;  // two players in light pencil
  }
  std::vector<ColumnReading> readings(2);
  readings[0] = {0, {"Upper Section", "Aces", "Twos", "Threes", "Fours", "Fives", "Sixes"}, 0.98, {}};
  readings[1] = {6, {"How", "Sum of 1s", "2 x of25", "3 x of 35", "Tot 4s", "cnet hom", "not ao"}, 0.17,
                 std::vector<double>(7, 0.6)};
  const ColumnRoles roles = AssignColumnRoles(profiles, readings);
  ASSERT_TRUE(roles.ok()) << roles.detail;
  EXPECT_EQ(roles.how_to, std::vector<int>{6});
  EXPECT_EQ(roles.score, (std::vector<int>{1, 2, 3, 4, 5}));

  // Blurred writing in as many pieces as the words (a low-resolution
  // photo's numbers, each digit in pieces): nothing tells either.
  profiles[1].pieces = 5;
  const ColumnRoles in_pieces = AssignColumnRoles(profiles, readings);
  EXPECT_TRUE(in_pieces.how_to.empty());
  EXPECT_EQ(in_pieces.maybe_how_to, std::vector<int>{6});
  profiles[1].pieces = 2;

  for (int c = 1; c < 3; ++c) profiles[c].printed_text = true;  // writing that lines up too
  const ColumnRoles untold = AssignColumnRoles(profiles, readings);
  EXPECT_TRUE(untold.how_to.empty());
  EXPECT_EQ(untold.maybe_how_to, std::vector<int>{6});
}

// Small print blurred in a low-resolution photo, next to the labels on
// either side, past a column of dice icons: a how-to column stands beside
// the labels it explains, and there words the OCR reads unsure in most
// rows ("Tone ot Os erty", "30 powes") and surely in a few ("Score 25")
// are print, however little the ink looks it (it lines up no better than
// writing). Handwriting read there, as digits or as letters read unsure in
// every row, stays a score column.
TEST(ColumnRolesTest, UnsureWordsBesideTheLabelsAreHowTo) {
  std::vector<ColumnProfile> profiles = PrintedColumns(7, 22, 21);
  for (ColumnProfile& p : profiles) {
    p.pieces = 5;  // blurred words and blurred numbers alike
    p.printed_text = false;
    p.marked_rows = p.inked_rows;
  }
  profiles[1].printed_text = true;  // the labels
  profiles[1].pieces = 10;
  profiles[0].printed_marks = true;  // dice icons left of the labels
  // Half-words read unsure, and a few rows read surely, as a low-resolution
  // photo's small print comes out.
  const std::vector<std::string> half_words = {"Sum of is", "", "Tone ot Os erty", "Add onty Ss", "Score 25", "30 powes",
                                               "40 pts"};
  std::vector<ColumnReading> readings(2);
  readings[0] = {1, {"Aces", "Twos", "Threes", "Fours", "Fives", "Sixes", "Chance"}, 0.98, {}};
  readings[1] = {2, half_words, 0.0, {0.84, 0, 0.32, 0.46, 0.9, 0.55, 0.86}};
  ColumnRoles roles = AssignColumnRoles(profiles, readings);
  ASSERT_TRUE(roles.ok()) << roles.detail;
  EXPECT_EQ(roles.label, 1);
  EXPECT_EQ(roles.how_to, std::vector<int>{2});
  EXPECT_EQ(roles.score, (std::vector<int>{3, 4, 5, 6}));

  // Left of the labels, past the icons (labels at 2, icons at 1, words at 0).
  std::swap(profiles[0], profiles[2]);
  readings[0].column = 2;
  readings[1].column = 0;
  profiles[1].printed_marks = true;
  roles = AssignColumnRoles(profiles, readings);
  ASSERT_TRUE(roles.ok()) << roles.detail;
  EXPECT_EQ(roles.how_to, std::vector<int>{0});
  EXPECT_EQ(roles.score, (std::vector<int>{3, 4, 5, 6}));

  // Blurred handwriting beside the labels taken for letters, unsure in
  // every row: a score column (that might be how-to text).
  readings[1].rows = {"oi BG", "", "Gael F", "W fF IA", "YO STS", "as 1S AT", "eS ik 2"};
  readings[1].confidence = {0.47, 0, 0.47, 0.21, 0.51, 0.5, 0.4};
  roles = AssignColumnRoles(profiles, readings);
  ASSERT_TRUE(roles.ok()) << roles.detail;
  EXPECT_TRUE(roles.how_to.empty());
  EXPECT_EQ(roles.score, (std::vector<int>{0, 3, 4, 5, 6}));
  EXPECT_EQ(roles.maybe_how_to, std::vector<int>{0});

  // Handwriting beside the labels, read as digits: a score column.
  readings[1].rows = {"4", "", "12", "15", "1B", "30", "40"};
  readings[1].confidence = {0.9, 0, 0.9, 0.8, 0.6, 0.9, 0.9};
  roles = AssignColumnRoles(profiles, readings);
  ASSERT_TRUE(roles.ok()) << roles.detail;
  EXPECT_TRUE(roles.how_to.empty());
  EXPECT_EQ(roles.score, (std::vector<int>{0, 3, 4, 5, 6}));

  // At the table's far side, past the score columns (labels, three games,
  // then the how-to words): how-to text too.
  readings[1].column = 6;
  readings[1].rows = half_words;
  readings[1].confidence = {0.84, 0, 0.32, 0.46, 0.9, 0.55, 0.86};
  roles = AssignColumnRoles(profiles, readings);
  ASSERT_TRUE(roles.ok()) << roles.detail;
  EXPECT_EQ(roles.how_to, std::vector<int>{6});
  EXPECT_EQ(roles.score, (std::vector<int>{0, 3, 4, 5}));
}

// Light marks at a side of the table, past the score columns, that the OCR
// made many letters of, unsure in every row ("SOAS Late eee aioe", pencil
// in an open area several columns wide): a score column. Many unsure
// letters are blurred print only where print is looked for: in ink that
// looks printed, or beside the labels.
TEST(ColumnRolesTest, ManyUnsureLettersInLightMarksAtTheTablesSideAreNoHowTo) {
  std::vector<ColumnProfile> profiles = PrintedColumns(4, 33, 20);
  profiles[0].pieces = 12;  // the labels
  for (int c = 1; c < 4; ++c) {
    profiles[c].printed_text = false;
    profiles[c].pieces = 2;
    profiles[c].marked_rows = 19;
  }
  profiles[3].inked_rows = 2;  // light pencil
  profiles[3].width_mm = 157;
  std::vector<ColumnReading> readings(2);
  readings[0] = {0, {"Aces", "Twos", "Threes", "Fours", "Fives", "Sixes", "Chance"}, 0.95, {}};
  readings[1] = {3,
                 {"", "SOAS Late eee aioe", "Pe ee ee", "Coe SO SS ee ee eee", "SOT Se SS a ee ea", "ee ee oars ee ee ne",
                  "aa ee"},
                 0.0,
                 {0, 0.15, 0.26, 0.14, 0.27, 0.25, 0.23}};
  ColumnRoles roles = AssignColumnRoles(profiles, readings);
  ASSERT_TRUE(roles.ok()) << roles.detail;
  EXPECT_TRUE(roles.how_to.empty());
  EXPECT_EQ(roles.score, (std::vector<int>{1, 2, 3}));
  // The same reading beside the labels is blurred print.
  readings[1].column = 1;
  roles = AssignColumnRoles(profiles, readings);
  ASSERT_TRUE(roles.ok()) << roles.detail;
  EXPECT_EQ(roles.how_to, std::vector<int>{1});
}

// Where a how-to column may stand: beside the labels (past dice icons and
// strips too narrow to write in) and at either side of the table.
TEST(ColumnRolesTest, HowToTextStandsBesideTheLabelsOrAtTheTablesSides) {
  std::vector<ColumnProfile> profiles = PrintedColumns(7, 20, 20);
  EXPECT_EQ(HowToPlaces(profiles, 1), (std::vector<int>{0, 2, 6}));
  EXPECT_EQ(HowToPlaces(profiles, 0), (std::vector<int>{1, 6}));
  EXPECT_EQ(HowToPlaces(profiles, 6), (std::vector<int>{0, 5}));
  profiles[0].printed_marks = true;  // icons left of the labels
  profiles[6].width_mm = 2;          // the gap of a double frame line
  EXPECT_EQ(HowToPlaces(profiles, 2), (std::vector<int>{1, 3, 5}));
}

// Labels, three players' columns of 40 mm and a strip of 10 mm at the
// table's right side, a speck in it. Where a ruleset keeps fewer columns,
// the strip goes before the first player's column beside the labels,
// though that one's light pencil comes in more pieces a box than the
// speck: players' columns are alike in width, and it is not.
TEST(ColumnRolesTest, AStripUnlikeThePlayersColumnsIsTheLikelierPrint) {
  std::vector<ColumnProfile> profiles = PrintedColumns(5, 40, 12);
  for (int c = 1; c < 5; ++c) {
    profiles[c].printed_text = false;
    profiles[c].pieces = 2;
  }
  profiles[4].width_mm = 10;
  profiles[4].pieces = 1;
  profiles[4].inked_rows = 1;
  std::vector<ColumnReading> readings(1);
  readings[0] = {0, {"Aces", "Twos", "Threes", "Fours"}, 0.95, {}};
  const ColumnRoles roles = AssignColumnRoles(profiles, readings);
  ASSERT_TRUE(roles.ok()) << roles.detail;
  EXPECT_EQ(roles.score, (std::vector<int>{1, 2, 3, 4}));
  EXPECT_EQ(roles.side_print, (std::vector<int>{4, 1}));
  profiles[4].width_mm = 40;  // as wide as the players': the pieces decide
  EXPECT_EQ(AssignColumnRoles(profiles, readings).side_print, (std::vector<int>{1, 4}));
}

// Three players' columns of 14 mm, alike, and at the table's right side a
// column of 60 mm the OCR read as words, unsure (small print blurred in a
// low-resolution photo): the how-to text, printed as wide as its words
// need. As wide as the players' columns, or beside players' columns that
// are not alike, nothing tells, and it stays a score column that might be
// how-to text; so does one where no how-to text is printed.
TEST(ColumnRolesTest, UnsureWordsFarWiderThanThePlayersAlikeColumnsAreHowTo) {
  const Lattice grid = testing::LinesAt({0, 10, 20, 30}, {0, 45, 59, 73, 87, 147});
  ColumnRoles roles;
  roles.label = 0;
  roles.score = {1, 2, 3, 4};
  roles.maybe_how_to = {4};
  roles.side_print = {4, 1};
  const ColumnRoles wide = WideWordsAreHowTo(grid, roles);
  EXPECT_EQ(wide.score, (std::vector<int>{1, 2, 3}));
  EXPECT_EQ(wide.how_to, std::vector<int>{4});
  EXPECT_TRUE(wide.maybe_how_to.empty());
  EXPECT_EQ(wide.side_print, std::vector<int>{1});

  const Lattice as_wide = testing::LinesAt({0, 10, 20, 30}, {0, 45, 59, 73, 87, 101});
  EXPECT_EQ(WideWordsAreHowTo(as_wide, roles).score, (std::vector<int>{1, 2, 3, 4}));
  const Lattice unlike = testing::LinesAt({0, 10, 20, 30}, {0, 45, 59, 73, 107, 167});
  EXPECT_EQ(WideWordsAreHowTo(unlike, roles).score, (std::vector<int>{1, 2, 3, 4}));
  ColumnRoles elsewhere = roles;
  elsewhere.side_print = {1};
  EXPECT_EQ(WideWordsAreHowTo(grid, elsewhere).score, (std::vector<int>{1, 2, 3, 4}));
}

// Labels, then three ruled players' columns of 18 mm, the first of which
// was not taken for one (a copy broke its pale writing into beads that
// look printed): as wide as its ruled neighbour, read as no print, it is a
// score column too, and so, one step further, is a fourth beside it. A
// column the OCR reads as print, one far wider, one whose line is put in
// (not ruled) and the labels stay what they are.
TEST(ColumnRolesTest, AColumnRuledAsWideAsAScoreColumnBesideItIsOne) {
  const Lattice grid = testing::LinesAt({0, 10, 20, 30}, {0, 60, 78, 96, 114});
  const std::vector<ColumnProfile> profiles = PrintedColumns(4, 18, 3);
  ColumnRoles roles;
  roles.label = 0;
  roles.score = {2};
  roles.how_to = {1};
  const std::vector<ColumnReading> unsure = {{1, {"o", "*", "go", "es"}, -0.1, {0.5, 0.1, 0.4, 0.3}}};
  const ColumnRoles alike = ScoreColumnsAlike(grid, profiles, unsure, roles);
  EXPECT_EQ(alike.score, (std::vector<int>{1, 2, 3}));
  EXPECT_TRUE(alike.how_to.empty());
  EXPECT_EQ(alike.label, 0);

  const std::vector<ColumnReading> print = {
      {1, {"Sum of 1s", "Sum of 2s", "Sum of 3s", "Sum of 4s"}, -0.1, {0.9, 0.92, 0.95, 0.9}}};
  EXPECT_EQ(ScoreColumnsAlike(grid, profiles, print, roles).score, (std::vector<int>{2, 3}));
  const Lattice wider = testing::LinesAt({0, 10, 20, 30}, {0, 60, 100, 118, 136});
  EXPECT_EQ(ScoreColumnsAlike(wider, profiles, unsure, roles).score, (std::vector<int>{2, 3}));
  Lattice put_in = grid;
  put_in.column_inferred = {false, true, false, false, false};
  EXPECT_EQ(ScoreColumnsAlike(put_in, profiles, unsure, roles).score, (std::vector<int>{2, 3}));
}

TEST(ColumnRolesTest, NoLabelsNoRoles) {
  const ColumnRoles roles = AssignColumnRoles(std::vector<ColumnProfile>(3), {});
  EXPECT_FALSE(roles.ok());
  EXPECT_FALSE(roles.detail.empty());
}

// The whole grid stage on a one-player sheet whose single score column is as
// wide as its labels and whose how-to column stands right of it: upright,
// and scanned upside down.
TEST(ColumnRolesTest, AOnePlayerSheetWithItsHowToColumnOnTheRightIsRead) {
  DrawnTable table = OnePlayerSheet();
  table.widths = {60, 60, 62};
  const cv::Mat drawn = table.Draw();
  const auto reader = TextReader::Create();
  for (const bool upside_down : {false, true}) {
    SCOPED_TRACE(upside_down ? "upside down" : "upright");
    cv::Mat image = drawn;
    if (upside_down) cv::rotate(drawn, image, cv::ROTATE_180);
    Page page;
    page.status = PageStatus::kFound;
    page.rectified = image;
    page.px_per_mm = kPxPerMm;
    GridOptions options;
    options.ruleset = "classic";
    const Grid grid = LocateGrid(page, ShippedRulesets(), options, reader.get());
    ASSERT_TRUE(grid.ok()) << grid.detail;
    EXPECT_EQ(grid.columns, std::vector<int>{1});
    // Every cell lies in the score column: 60..120 mm right of the table's left edge.
    ASSERT_FALSE(grid.cells.empty());
    for (const GridCell& cell : grid.cells) {
      const cv::Point2f centre = (cell.cell_in_page.tl() + cell.cell_in_page.br()) * 0.5f;
      const cv::Vec3d page_px = grid.page_from_grid * cv::Vec3d(centre.x, centre.y, 1);
      const cv::Point2f drawn_px(static_cast<float>(page_px[0] / page_px[2]), static_cast<float>(page_px[1] / page_px[2]));
      const cv::Point2f in_drawing = upside_down ? cv::Point2f(image.cols - 1 - drawn_px.x, image.rows - 1 - drawn_px.y) : drawn_px;
      EXPECT_GT(in_drawing.x, (table.x + 60) * kPxPerMm) << cell.row_id;
      EXPECT_LT(in_drawing.x, (table.x + 120) * kPxPerMm) << cell.row_id;
    }
    // Aces in the first row.
    const auto aces = std::find_if(grid.cells.begin(), grid.cells.end(), [](const GridCell& c) { return c.row_id == "aces"; });
    ASSERT_NE(aces, grid.cells.end());
    const cv::Point2f centre = (aces->cell_in_page.tl() + aces->cell_in_page.br()) * 0.5f;
    const cv::Vec3d page_px = grid.page_from_grid * cv::Vec3d(centre.x, centre.y, 1);
    const double y = page_px[1] / page_px[2];
    EXPECT_NEAR(upside_down ? image.rows - 1 - y : y, (table.y + table.row_mm / 2) * kPxPerMm, 2 * kPxPerMm);
  }
}

}  // namespace
}  // namespace scorecheck
