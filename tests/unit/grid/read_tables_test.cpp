// Grids of one page share their columns: a grid whose score area came out
// in fewer columns than another's of the same print takes the other's.

#include "grid/read_tables.h"

#include <gtest/gtest.h>

#include <algorithm>
#include <string>
#include <vector>

#include <opencv2/imgproc.hpp>

#include "grid/locate_grid.h"
#include "grid/printed_text.h"
#include "labels/text_reader.h"
#include "support/test_support.h"
#include "unit/grid/drawn_table.h"

namespace scorecheck {
namespace {

using testing::DrawnTable;
using testing::kPxPerMm;
using testing::LinesAt;
using testing::ShippedRulesets;

// A grid at `left` (mm): a 40 mm label column, then score columns ending
// at `ends` (mm from the label column's right side).
Lattice Grid(double left, const std::vector<double>& ends) {
  std::vector<double> ys, xs = {left, left + 40};
  for (int r = 0; r <= 19; ++r) ys.push_back(30 + 9.0 * r);
  for (double end : ends) xs.push_back(left + 40 + end);
  return LinesAt(ys, xs);
}

// The second grid of `table` took the first's seven columns and six
// score columns, moved 100 mm right with it.
void ExpectTheFirstGridsColumns(const TableReading& table) {
  ASSERT_EQ(table.grids[1].columns(), 7);
  for (int c = 0; c <= 7; ++c)
    EXPECT_NEAR(table.grids[1].column_x[c], table.grids[0].column_x[c] + 100 * kPxPerMm, 0.5) << c;
  EXPECT_EQ(table.roles[1].score.size(), 6u);
}

ColumnRoles Roles(int score_columns) {
  ColumnRoles roles;
  roles.label = 0;
  for (int c = 1; c <= score_columns; ++c) roles.score.push_back(c);
  return roles;
}

TEST(ReadTablesTest, AGridWithFewerScoreColumnsTakesThoseOfOneLikeIt) {
  TableReading table;
  // Six columns of 12 mm read in the first grid; the second, printed alike
  // beside it, was written in its first column only: one column.
  table.grids = {Grid(10, {12, 24, 36, 48, 60, 72}), Grid(110, {72})};
  table.roles = {Roles(6), Roles(1)};
  table.readings = {{ColumnReading{0, {"Aces"}, 0.9, {}}}, {ColumnReading{0, {"Aces read better"}, 0.95, {}}}};
  ShareColumns(table, 6, kPxPerMm);
  ExpectTheFirstGridsColumns(table);
  // Its own labels stay.
  EXPECT_EQ(table.readings[1][0].rows.front(), "Aces read better");
}

TEST(ReadTablesTest, GridsNotAlikeOrTooManyColumnsShareNothing) {
  TableReading table;
  // Wider by 10 mm: another print.
  table.grids = {Grid(10, {12, 24, 36, 48, 60, 72}), Grid(110, {82})};
  table.roles = {Roles(6), Roles(1)};
  table.readings = {{}, {}};
  ShareColumns(table, 6, kPxPerMm);
  EXPECT_EQ(table.grids[1].columns(), 2);
  // As wide, but the first grid's seven columns are more than any ruleset has.
  table.grids = {Grid(10, {10, 20, 30, 40, 50, 60, 72}), Grid(110, {72})};
  table.roles = {Roles(7), Roles(1)};
  ShareColumns(table, 6, kPxPerMm);
  EXPECT_EQ(table.grids[1].columns(), 2);
}

// Two grids printed alike, no line ruled between the labels and the first
// score column: in the first grid the writing stood clear of the labels and
// parted them; in the second it came close to them, and the label column
// took in the first score column. The second takes the first's columns,
// and the first's reading of the labels for the column that spanned two.
TEST(ReadTablesTest, AGridWhoseLabelsTookInItsFirstScoreColumnTakesTheColumnsOfOneLikeIt) {
  TableReading table;
  table.grids = {Grid(10, {12, 24, 36, 48, 60, 72}), Grid(110, {12, 24, 36, 48, 60, 72})};
  // The second grid: its label column 52 mm wide (40 + the first score column's 12).
  table.grids[1].column_x.erase(table.grids[1].column_x.begin() + 1);
  table.grids[1].column_inferred.erase(table.grids[1].column_inferred.begin() + 1);
  ASSERT_EQ(table.grids[1].columns(), 6);
  table.roles = {Roles(6), Roles(5)};
  table.readings = {{ColumnReading{0, {"Aces"}, 0.9, {}}}, {ColumnReading{0, {"Aces 3"}, 0.5, {}}}};
  ShareColumns(table, 6, kPxPerMm);
  ExpectTheFirstGridsColumns(table);
  EXPECT_EQ(table.readings[1][0].rows.front(), "Aces");

  // A line of the second grid the first does not rule: not printed alike.
  TableReading other;
  other.grids = {Grid(10, {12, 24, 36, 48, 60, 72}), Grid(110, {7, 24, 36, 48, 60, 72})};
  other.grids[1].column_x.erase(other.grids[1].column_x.begin() + 1);  // labels 47 mm wide, then 17, 12, ...
  other.grids[1].column_inferred.erase(other.grids[1].column_inferred.begin() + 1);
  other.roles = {Roles(6), Roles(5)};
  other.readings = {{}, {}};
  ShareColumns(other, 6, kPxPerMm);
  EXPECT_EQ(other.grids[1].columns(), 6);
}

// An open table: no line between its how-to column and the first players'
// column, the two read as one score column that then came apart in two
// (EqualScoreSplits). Its words in the part beside the labels are how-to
// text, not a player's numbers: read on their own, the handwriting beside
// them no longer hides them (card 0228 of the dev300 development set, a
// low-resolution photo, read every player's column one column off).
TEST(ReadTablesTest, HowToTextAColumnCameApartFromIsNotAPlayersColumn) {
  DrawnTable table = testing::OnePlayerSheet();
  const std::vector<std::string> how_to = table.columns[2], first = table.columns[1];
  std::vector<std::string> second = first, third = first;
  std::rotate(second.begin(), second.begin() + 3, second.end());
  std::rotate(third.begin(), third.begin() + 7, third.end());
  table.columns = {table.columns[0], how_to, first, second, third};
  table.handwritten = {false, false, true, true, true};
  table.widths = {50, 24, 24, 24, 24};
  table.print_scale = {0.9, 0.45};  // small print, as a how-to column prints it
  table.column_rules = false;
  // A low-resolution photo: 4 px a millimetre, blurred there.
  cv::Mat photo;
  cv::resize(table.Draw(), photo, cv::Size(), 0.5, 0.5, cv::INTER_AREA);
  cv::GaussianBlur(photo, photo, cv::Size(0, 0), 0.6);
  cv::resize(photo, photo, cv::Size(), 1 / 0.5, 1 / 0.5, cv::INTER_LINEAR);
  const cv::Mat flat = FlattenForText(photo, kPxPerMm);
  LatticeResult lattice;
  lattice.status = LatticeStatus::kFound;
  Lattice lines = table.Lines();
  lines.column_x.erase(lines.column_x.begin() + 2);  // no line between the how-to text and the first player
  lines.column_inferred.erase(lines.column_inferred.begin() + 2);
  lattice.grids = {lines};
  std::vector<const Ruleset*> rulesets;
  for (const std::string& id : ShippedRulesets().Ids()) rulesets.push_back(&ShippedRulesets().Get(id));
  const auto reader = TextReader::Create();
  const TableReading read = ReadTables(lattice, flat, kPxPerMm, rulesets, KnownLabels(LabelVocabulary(rulesets)), GridOptions{}, *reader);
  ASSERT_EQ(read.roles.size(), 1u);
  ASSERT_EQ(read.grids[0].columns(), 5) << "the merged column came apart";
  EXPECT_EQ(read.roles[0].label, 0);
  EXPECT_EQ(read.roles[0].how_to, std::vector<int>{1});
  EXPECT_EQ(read.roles[0].score, (std::vector<int>{2, 3, 4}));
}

}  // namespace
}  // namespace scorecheck
