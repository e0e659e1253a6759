// LocateGrid: own sheets by their sheet code; others by their ruled lines and
// printed labels.

#include "grid/locate_grid.h"

#include <gtest/gtest.h>

#include <algorithm>
#include <cctype>

#include <cmath>
#include <memory>
#include <string>
#include <vector>

#include <opencv2/core.hpp>
#include <opencv2/imgproc.hpp>

#include "sheet/render_sheet.h"
#include "support/test_support.h"

namespace scorecheck {
namespace {

using testing::ShippedRulesets;

TEST(LocateGridTest, CellsComeFromTheLayout) {
  SheetOptions options;
  options.grids = 4;
  const SheetLayout layout = LayoutSheet(ShippedRulesets().Get("piecepack"), options);
  const Grid grid = GridFromLayout(layout, 8);
  ASSERT_TRUE(grid.ok());
  EXPECT_EQ(grid.grid_count, 4);
  // 4 grids x 6 columns x 19 rows (no bonus row on piecepack).
  EXPECT_EQ(grid.cells.size(), 4u * 6 * 19);
  EXPECT_EQ(grid.cells.front().row_id, "aces");
}

TEST(LocateGridTest, OwnSheetPhotoIsPlaced) {
  SheetOptions options;
  options.columns = 2;
  const SheetLayout layout = LayoutSheet(ShippedRulesets().Get("classic"), options);
  const Page page = FindPage(RenderSheetImage(layout, 150));
  const Grid grid = LocateGrid(page, ShippedRulesets());
  ASSERT_TRUE(grid.ok()) << grid.detail;
  EXPECT_EQ(grid.favourite(), "classic");
  EXPECT_EQ(grid.columns, std::vector<int>{2});
  // The bonus row is split: 20 ruleset rows + 1 = 21 printed score rows per column.
  EXPECT_EQ(grid.cells.size(), 2u * 21);
  GridOptions wrong;
  wrong.ruleset = "rock";
  EXPECT_FALSE(LocateGrid(page, ShippedRulesets(), wrong).ok());
}

TEST(LocateGridTest, BlankPageHasNoGrid) {
  const Page page = FindPage(cv::Mat(800, 600, CV_8UC3, cv::Scalar::all(255)));
  const auto reader = TextReader::Create();
  const Grid grid = LocateGrid(page, ShippedRulesets(), {}, reader.get());
  EXPECT_FALSE(grid.ok());
  EXPECT_EQ(grid.detail,
            "no ruled table (no long lines crossing each other), and not 8 lines of print read as labels a row or a "
            "few apart");
}

// Ruled lines without printed labels are no scorecard, whatever their shape:
// writing paper (rows ruled, a margin rule), a blank form and a board of
// ruled squares, even with as many rows as a ruleset's.
TEST(LocateGridTest, RulesWithoutLabelsAreNoScorecard) {
  const auto reader = TextReader::Create();
  const double px_per_mm = 8;
  auto at = [&](double x_mm, double y_mm) {
    return cv::Point(static_cast<int>(std::lround(x_mm * px_per_mm)), static_cast<int>(std::lround(y_mm * px_per_mm)));
  };
  // As many rows as a ruleset has (20), and more.
  cv::Mat ruled(2376, 1680, CV_8UC3, cv::Scalar(250, 250, 250)), twenty_rows;
  for (int i = 0; i < 21; ++i) cv::line(ruled, at(10, 30 + i * 7.5), at(200, 30 + i * 7.5), cv::Scalar(200, 160, 120), 2);
  cv::line(ruled, at(30, 10), at(30, 290), cv::Scalar(60, 60, 220), 2);
  twenty_rows = ruled.clone();
  for (int i = 21; i < 35; ++i) cv::line(ruled, at(10, 30 + i * 7.5), at(200, 30 + i * 7.5), cv::Scalar(200, 160, 120), 2);
  // A blank form: a table of twenty rows and three columns, nothing printed in it.
  cv::Mat blank_table(2376, 1680, CV_8UC3, cv::Scalar(250, 250, 250));
  for (int i = 0; i <= 20; ++i) cv::line(blank_table, at(20, 40 + i * 9), at(180, 40 + i * 9), cv::Scalar(0, 0, 0), 2);
  for (double x : {20.0, 80.0, 130.0, 180.0}) cv::line(blank_table, at(x, 40), at(x, 220), cv::Scalar(0, 0, 0), 2);
  cv::Mat squares(2376, 1680, CV_8UC3, cv::Scalar(250, 250, 250));
  for (int i = 0; i <= 12; ++i) {
    cv::line(squares, at(25 + i * 13, 60), at(25 + i * 13, 60 + 12 * 13), cv::Scalar(0, 0, 0), 2);
    cv::line(squares, at(25, 60 + i * 13), at(25 + 12 * 13, 60 + i * 13), cv::Scalar(0, 0, 0), 2);
  }
  for (const auto& [name, image] : {std::pair<const char*, cv::Mat>{"ruled paper", ruled},
                                    {"twenty rows of ruled paper", twenty_rows},
                                    {"a blank table of twenty rows", blank_table},
                                    {"ruled squares", squares}}) {
    Page page;
    page.status = PageStatus::kFound;
    page.rectified = image;
    page.px_per_mm = px_per_mm;
    const Grid grid = LocateGrid(page, ShippedRulesets(), {}, reader.get());
    EXPECT_FALSE(grid.ok()) << name;
    EXPECT_FALSE(grid.detail.empty()) << name;
  }
}

// A sheet printed by someone else: no markers, no QR code, a how-to column,
// other label words.
SheetLayout OtherSheet(const std::string& ruleset, int columns, int synonym, int grids = 1) {
  SheetOptions options;
  options.columns = columns;
  options.grids = grids;
  options.style.font = "Liberation Serif";
  options.style.markers = options.style.qr = false;
  options.style.how_to_column = true;
  options.style.label_synonym = synonym;
  options.style.column_header = "Game {n}";
  return LayoutSheet(ShippedRulesets().Get(ruleset), options);
}

size_t ScoreRows(const GridLayout& grid) {
  size_t count = 0;
  for (const LayoutRow& row : grid.rows) count += row.kind == LayoutRow::Kind::kScore;
  return count;
}

TEST(LocateGridTest, OtherSheetsAreReadByTheirLabels) {
  const auto reader = TextReader::Create();
  for (const auto& [ruleset, columns] : std::vector<std::pair<std::string, int>>{
           {"classic", 4}, {"rollem", 2}, {"piecepack", 6}, {"fivezee", 3}, {"triple", 3}, {"rock", 1}}) {
    SCOPED_TRACE(ruleset);
    const SheetLayout layout = OtherSheet(ruleset, columns, 1);
    const Page page = FindPage(RenderSheetImage(layout, 150));
    const Grid grid = LocateGrid(page, ShippedRulesets(), {}, reader.get());
    ASSERT_TRUE(grid.ok()) << grid.detail;
    EXPECT_EQ(grid.source, GridSource::kLabels);
    // The title names the ruleset, so the labels' ties are broken.
    EXPECT_EQ(grid.favourite(), ruleset);
    EXPECT_EQ(grid.columns, std::vector<int>{columns});
    EXPECT_EQ(grid.cells.size(), ScoreRows(layout.grids[0]) * columns);
    // Every cell is where the sheet printed it (page and grid image are one here: no turn).
    const GridLayout& printed = layout.grids[0];
    const double px_per_mm = page.rectified.cols / layout.width_mm;
    for (const GridCell& cell : grid.cells) {
      const RectMm mm = printed.Cell(printed.FindRow(cell.row_id, cell.part), cell.column);
      const cv::Point2f centre = (cell.cell_in_page.tl() + cell.cell_in_page.br()) * 0.5f;
      const cv::Vec3d page_px = grid.page_from_grid * cv::Vec3d(centre.x, centre.y, 1);
      EXPECT_NEAR(page_px[0] / page_px[2], (mm.x + mm.w / 2) * px_per_mm, 2.0 * px_per_mm) << cell.row_id;
      EXPECT_NEAR(page_px[1] / page_px[2], (mm.y + mm.h / 2) * px_per_mm, 2.0 * px_per_mm) << cell.row_id;
    }
  }
}

// Reads no text at all: labels too blurred for the OCR.
class BlindTextReader : public TextReader {
 public:
  std::vector<TextLine> ReadLines(const cv::Mat&) override { return {}; }
};

TEST(LocateGridTest, UnreadableLabelsAreReadByTheOrderOfTheRulesetsOfTheGridsShape) {
  BlindTextReader blind;
  // Two grids on a page: piecepack's shape only. Its header rows (column
  // headers printed again over the lower section) are left out and the rest
  // are piecepack's rows in order, each cell where the sheet printed it.
  const SheetLayout layout = OtherSheet("piecepack", 6, 1, 2);
  const Page page = FindPage(RenderSheetImage(layout, 150));
  const Grid grid = LocateGrid(page, ShippedRulesets(), {}, &blind);
  ASSERT_TRUE(grid.ok()) << grid.detail;
  EXPECT_EQ(grid.source, GridSource::kLayout);
  EXPECT_EQ(grid.favourite(), "piecepack");
  EXPECT_LE(grid.favourite_sureness, 0.5);
  ASSERT_EQ(grid.grid_count, 2);
  ASSERT_EQ(grid.cells.size(), 2 * ScoreRows(layout.grids[0]) * 6);
  const double px_per_mm = page.rectified.cols / layout.width_mm;
  for (const GridCell& cell : grid.cells) {
    const GridLayout& printed = layout.grids[cell.grid];
    const RectMm mm = printed.Cell(printed.FindRow(cell.row_id, cell.part), cell.column);
    const cv::Point2f centre = (cell.cell_in_page.tl() + cell.cell_in_page.br()) * 0.5f;
    const cv::Vec3d page_px = grid.page_from_grid * cv::Vec3d(centre.x, centre.y, 1);
    EXPECT_NEAR(page_px[1] / page_px[2], (mm.y + mm.h / 2) * px_per_mm, 2.0 * px_per_mm) << cell.row_id;
  }

  // Switched off: no guess.
  GridOptions no_fallback;
  no_fallback.layout_fallback = false;
  EXPECT_FALSE(LocateGrid(page, ShippedRulesets(), no_fallback, &blind).ok());
  // A shape several rulesets print (one grid of four columns, the Yahtzee
  // bonus in one row): its rows are read by their order all the same, and
  // every ruleset with the same rows is named, for the entries to decide
  // between.
  SheetOptions options;
  options.columns = 4;
  options.style.markers = options.style.qr = false;
  options.style.split_bonus_row = false;
  const SheetLayout classic = LayoutSheet(ShippedRulesets().Get("classic"), options);
  const Grid one = LocateGrid(FindPage(RenderSheetImage(classic, 150)), ShippedRulesets(), {}, &blind);
  ASSERT_TRUE(one.ok()) << one.detail;
  EXPECT_EQ(one.source, GridSource::kLayout);
  EXPECT_LE(one.favourite_sureness, 0.5);
  EXPECT_EQ(one.cells.size(), ScoreRows(classic.grids[0]) * 4);
  std::vector<std::string> named;
  for (const RulesetCandidate& candidate : one.rulesets)
    if (candidate.weighed || candidate.id == one.favourite()) named.push_back(candidate.id);
  EXPECT_NE(std::find(named.begin(), named.end(), "classic"), named.end());
  EXPECT_NE(std::find(named.begin(), named.end(), "fivezee"), named.end());
  auto row_ids = [](const Ruleset& ruleset) {
    std::vector<std::string> ids;
    for (const RowSpec& row : ruleset.rows) ids.push_back(row.id);
    return ids;
  };
  for (const std::string& id : named)
    EXPECT_EQ(row_ids(ShippedRulesets().Get(id)), row_ids(ShippedRulesets().Get("classic"))) << id;
}

// Tesseract, but every `every`-th line it reads comes out garbled (every
// other: a blurred photo, half the labels unreadable; every line), or with
// `all_but`, every line but every `every`-th.
class GarblingTextReader : public TextReader {
 public:
  explicit GarblingTextReader(int every, bool all_but = false) : every_(every), all_but_(all_but) {}
  std::vector<TextLine> ReadLines(const cv::Mat& block) override {
    std::vector<TextLine> lines = tesseract_->ReadLines(block);
    // Letters as unlike the line's as each other line's: "Threes" reads
    // "Xkbqvn", the next garbled line something else again.
    for (TextLine& line : lines) {
      if ((++count_ % every_ != 0) != all_but_) continue;
      for (size_t k = 0; k < line.text.size(); ++k)
        if (std::isalnum(static_cast<unsigned char>(line.text[k])))
          line.text[k] = static_cast<char>('a' + (line.text[k] * 7 + count_ * 13 + static_cast<int>(k) * 5) % 26);
    }
    return lines;
  }

 private:
  int every_, count_ = 0;
  bool all_but_;
  std::unique_ptr<TextReader> tesseract_ = TextReader::Create();
};

// Tesseract, but every "83" it reads comes out "63": a blurred photo's
// eight taken for a six.
class EightAsSixTextReader : public TextReader {
 public:
  std::vector<TextLine> ReadLines(const cv::Mat& block) override {
    std::vector<TextLine> lines = tesseract_->ReadLines(block);
    for (TextLine& line : lines)
      for (size_t at = line.text.find("83"); at != std::string::npos; at = line.text.find("83", at)) line.text[at] = '6';
    return lines;
  }

 private:
  std::unique_ptr<TextReader> tesseract_ = TextReader::Create();
};

// A R.O.C.K. sheet whose "83 or over" was read as "63": the page puts
// R.O.C.K. a printed number behind classic, past the tie margin, and does
// not name it as a ruleset it cannot tell apart. Its rows are the same
// cells, so it stays an alternative for the entries to weigh (its five boxes
// read by classic rules leave eight empty), the page's lead, in tie margins,
// counted against it. Roll-Em, further behind (its rows are not named
// "Yahtzee"), is none.
TEST(LocateGridTest, ARulesetThePageTellsApartIsStillWeighedByTheEntries) {
  SheetOptions options;
  options.style.markers = options.style.qr = options.style.title = false;
  options.style.how_to_column = true;
  const SheetLayout rock = LayoutSheet(ShippedRulesets().Get("rock"), options);
  EightAsSixTextReader reader;
  const Grid grid = LocateGrid(FindPage(RenderSheetImage(rock, 150)), ShippedRulesets(), {}, &reader);
  ASSERT_TRUE(grid.ok()) << grid.detail;
  EXPECT_EQ(grid.favourite(), "classic");
  auto offered = [&](const std::string& id) -> const RulesetCandidate* {
    for (const RulesetCandidate& candidate : grid.rulesets)
      if (candidate.id == id) return &candidate;
    return nullptr;
  };
  const RulesetCandidate* as_rock = offered("rock");
  ASSERT_NE(as_rock, nullptr);
  EXPECT_TRUE(as_rock->weighed);
  EXPECT_GT(as_rock->behind, 1.0);
  EXPECT_LE(as_rock->behind, GridOptions().entries_margin / GridOptions().tie_margin);
  EXPECT_FALSE(as_rock->page_ties);
  const RulesetCandidate* as_rollem = offered("rollem");
  EXPECT_TRUE(as_rollem == nullptr || !as_rollem->weighed);
}

// Where the cells of `grid` lie against where `layout` printed their rows;
// rows from `last_row_id` down are not looked at.
void ExpectCellsOnTheirRows(const Grid& grid, const Page& page, const SheetLayout& layout, const std::string& last_row_id = "") {
  const GridLayout& printed = layout.grids[0];
  const int last = last_row_id.empty() ? static_cast<int>(printed.rows.size()) : printed.FindRow(last_row_id, CellPart::kChecks);
  const double px_per_mm = page.rectified.cols / layout.width_mm;
  for (const GridCell& cell : grid.cells) {
    // The bonus, its points row not told apart: one row, its ticks'.
    int row = printed.FindRow(cell.row_id, cell.part);
    if (row < 0 && cell.part == CellPart::kValue) row = printed.FindRow(cell.row_id, CellPart::kChecks);
    ASSERT_GE(row, 0) << cell.row_id;
    if (row >= last) continue;
    const RectMm mm = printed.Cell(row, cell.column);
    const cv::Point2f centre = (cell.cell_in_page.tl() + cell.cell_in_page.br()) * 0.5f;
    const cv::Vec3d page_px = grid.page_from_grid * cv::Vec3d(centre.x, centre.y, 1);
    EXPECT_NEAR(page_px[1] / page_px[2], (mm.y + mm.h / 2) * px_per_mm, 2.0 * px_per_mm) << cell.row_id;
  }
}

TEST(LocateGridTest, LabelsReadInPartPlaceTheRestByTheirOrder) {
  const SheetLayout layout = OtherSheet("classic", 4, 1);
  const Page page = FindPage(RenderSheetImage(layout, 150));
  const GridLayout& printed = layout.grids[0];
  // Half the labels garbled (every other line): the rows read and those
  // placed by their order between them fit the labels outright, and every
  // row's cells lie where the sheet printed them (all but the bonus's
  // points row: nothing tells it from its ticks row but the words "100
  // per", garbled).
  GarblingTextReader half(2);
  const Grid grid = LocateGrid(page, ShippedRulesets(), {}, &half);
  ASSERT_TRUE(grid.ok()) << grid.detail;
  EXPECT_EQ(grid.favourite(), "classic");
  EXPECT_GE(grid.cells.size(), (ScoreRows(printed) - 1) * 4);
  ExpectCellsOnTheirRows(grid, page, layout);
  // Two lines of three garbled: too few read for the labels to fit, enough
  // to take the ruleset less surely, the rest placed by their order. (Under
  // the bonus, its points row garbled too, the totals come out a row off:
  // not looked at here.)
  GarblingTextReader most(3, true);
  const Grid partly = LocateGrid(page, ShippedRulesets(), {}, &most);
  ASSERT_TRUE(partly.ok()) << partly.detail;
  EXPECT_EQ(partly.source, GridSource::kLabelsPartlyRead);
  EXPECT_EQ(partly.favourite(), "classic");
  EXPECT_LE(partly.favourite_sureness, 0.5);
  ExpectCellsOnTheirRows(partly, page, layout, "yahtzee_bonus");
  // Nothing read at all: no ruleset taken on noise (one grid of four
  // columns is no shape only one ruleset prints).
  GarblingTextReader all(1);
  EXPECT_FALSE(LocateGrid(page, ShippedRulesets(), {}, &all).ok());
  // Switched off: labels read in part fit no ruleset.
  GridOptions strict;
  strict.min_partly_read = 0;
  GarblingTextReader most_again(3, true);
  EXPECT_FALSE(LocateGrid(page, ShippedRulesets(), strict, &most_again).ok());
}

// Tesseract, but every how-to line that Triple Yahtzee prints differently
// from classic comes out as classic's wording: a blurred how-to column.
class ClassicHowToReader : public TextReader {
 public:
  std::vector<TextLine> ReadLines(const cv::Mat& block) override {
    std::vector<TextLine> lines = tesseract_->ReadLines(block);
    for (TextLine& line : lines) {
      if (line.text.find("column") == std::string::npos && line.text.find("extra") == std::string::npos) continue;
      if (line.text.find("63") != std::string::npos) line.text = "Score 35 if total score is 63 or over";
      else if (line.text.find("100") != std::string::npos) line.text = "Check for each bonus; score 100 per check";
      else line.text = "Upper total plus lower total";
    }
    return lines;
  }

 private:
  std::unique_ptr<TextReader> tesseract_ = TextReader::Create();
};

TEST(LocateGridTest, TheTitleCountsWhateverTheHowToTextSaid) {
  // The how-to text then favours classic; the title still says "Triple
  // Yahtzee" and must be weighed for triple too, not only for the rulesets
  // the how-to text left close.
  ClassicHowToReader reader;
  const SheetLayout layout = OtherSheet("triple", 3, 1);
  const Grid grid = LocateGrid(FindPage(RenderSheetImage(layout, 150)), ShippedRulesets(), {}, &reader);
  ASSERT_TRUE(grid.ok()) << grid.detail;
  EXPECT_EQ(grid.favourite(), "triple");
}

// A classic sheet of four columns (OtherSheet) ruled between its rows only
// at its end: the frame's bottom line is not printed, and the column rules
// stop at the last row line (nothing goes on past it to tell the open
// row). With `open_first`, its top too: everything over the first row
// (the header row, its words too) goes, and the column rules start at the
// first row's lower line.
cv::Mat RuledBetweenRowsOnly(const SheetLayout& layout, bool open_first) {
  cv::Mat image = RenderSheetImage(layout, 150);
  const double px_per_mm = image.cols / layout.width_mm;
  auto px = [&](double mm) { return static_cast<int>(std::lround(mm * px_per_mm)); };
  const GridLayout& printed = layout.grids[0];
  const RectMm first = printed.Cell(printed.FindRow("aces", CellPart::kValue), 0);
  const RectMm last = printed.Cell(printed.rows.size() - 1, 0);
  const double top = printed.frame.y, bottom = last.y + last.h, left = printed.frame.x, right = printed.frame.x + printed.frame.w;
  const cv::Scalar paper(255, 255, 255);
  cv::rectangle(image, cv::Point(px(left - 2), px(bottom - 0.8)), cv::Point(px(right + 2), px(bottom + 2)), paper, cv::FILLED);
  if (open_first)
    cv::rectangle(image, cv::Point(px(left - 2), px(top - 2)), cv::Point(px(right + 2), px(first.y + 0.8)), paper, cv::FILLED);
  std::vector<double> upright = {left, printed.label_right, printed.how_right, right};
  upright.insert(upright.end(), printed.column_x.begin(), printed.column_x.end());
  for (double x : upright) {
    cv::rectangle(image, cv::Point(px(x - 0.6), px(last.y + 0.5)), cv::Point(px(x + 0.6), px(bottom + 2)), paper, cv::FILLED);
    if (open_first)
      cv::rectangle(image, cv::Point(px(x - 0.6), px(first.y)), cv::Point(px(x + 0.6), px(first.y + first.h - 0.5)), paper,
                    cv::FILLED);
  }
  return image;
}

// Every row of `layout`'s classic sheet placed four times, where it is printed.
void ExpectEveryRowPlaced(const Grid& grid, const Page& page, const SheetLayout& layout) {
  ASSERT_TRUE(grid.ok()) << grid.detail;
  EXPECT_EQ(grid.favourite(), "classic");
  EXPECT_EQ(grid.cells.size(), ScoreRows(layout.grids[0]) * 4);
  for (const char* row : {"aces", "grand_total"})
    EXPECT_EQ(std::count_if(grid.cells.begin(), grid.cells.end(), [&](const GridCell& cell) { return cell.row_id == row; }), 4)
        << row;
  ExpectCellsOnTheirRows(grid, page, layout);
}

// The sheet ruled between its rows and under none at its end: the lines
// end a row early; read again with a row of the pitch added under them,
// every row is placed where it is printed, the grand total too.
TEST(LocateGridTest, ALastRowRuledAboveOnlyIsRead) {
  const auto reader = TextReader::Create();
  const SheetLayout layout = OtherSheet("classic", 4, 1);
  const Page page = FindPage(RuledBetweenRowsOnly(layout, false));
  const Grid grid = LocateGrid(page, ShippedRulesets(), {}, reader.get());
  ExpectEveryRowPlaced(grid, page, layout);
  // Not read again, the grid ends a row early.
  GridOptions once;
  once.open_end_rows = false;
  const Grid early = LocateGrid(page, ShippedRulesets(), once, reader.get());
  EXPECT_LT(early.cells.size(), grid.cells.size());
}

// No frame and no header row either: no line over the first row, none
// under the last. Read again with a row added below only, more rows were
// placed than before (the last), and that reading was kept: the first row
// was never looked for, and the rows below it took their places by order,
// one off. With rows added at both ends every row is placed where it is
// printed.
TEST(LocateGridTest, AFirstAndALastRowRuledOnOneSideOnlyAreRead) {
  const auto reader = TextReader::Create();
  const SheetLayout layout = OtherSheet("classic", 4, 1);
  const Page page = FindPage(RuledBetweenRowsOnly(layout, true));
  ExpectEveryRowPlaced(LocateGrid(page, ShippedRulesets(), {}, reader.get()), page, layout);
}

// `image` with its rules gone, as a copy of a copy loses pale grey ones:
// every run of dark pixels 10 mm long or more, across or down, painted white.
cv::Mat WithoutRules(const cv::Mat& image, double px_per_mm) {
  cv::Mat gray, dark, rules = cv::Mat::zeros(image.size(), CV_8U), along;
  cv::cvtColor(image, gray, cv::COLOR_BGR2GRAY);
  cv::threshold(gray, dark, 128, 255, cv::THRESH_BINARY_INV);
  const int length = static_cast<int>(10 * px_per_mm);
  for (const cv::Size kernel : {cv::Size(length, 1), cv::Size(1, length)}) {
    cv::morphologyEx(dark, along, cv::MORPH_OPEN, cv::getStructuringElement(cv::MORPH_RECT, kernel));
    rules |= along;
  }
  cv::dilate(rules, rules, cv::getStructuringElement(cv::MORPH_RECT, cv::Size(5, 5)));
  cv::Mat without = image.clone();
  without.setTo(cv::Scalar::all(255), rules);
  return without;
}

// A sheet whose rules are gone, numbers written in it: no ruled table, but
// its rows stand where its labels are printed.
TEST(LocateGridTest, ASheetWithoutRulesIsReadWhereItsLabelsArePrinted) {
  const auto reader = TextReader::Create();
  SheetOptions options;
  options.columns = 4;
  options.style.font = "Liberation Serif";
  options.style.markers = options.style.qr = false;
  options.style.how_to_column = false;
  options.style.label_synonym = 1;
  options.style.column_header = "Game {n}";
  const SheetLayout layout = LayoutSheet(ShippedRulesets().Get("classic"), options);
  cv::Mat image = RenderSheetImage(layout, 150);
  const double px_per_mm = image.cols / layout.width_mm;
  // A number written in every score box.
  const GridLayout& printed = layout.grids[0];
  for (size_t r = 0; r < printed.rows.size(); ++r)
    for (int c = 0; c < printed.columns(); ++c) {
      if (printed.rows[r].kind != LayoutRow::Kind::kScore) continue;
      const RectMm mm = printed.Cell(r, c);
      const std::string number = std::to_string((7 * r + 3 * c) % 40);
      int baseline = 0;
      const int width = cv::getTextSize(number, cv::FONT_HERSHEY_SCRIPT_SIMPLEX, 1.5, 3, &baseline).width;
      cv::putText(image, number,
                  cv::Point(static_cast<int>((mm.x + mm.w / 2) * px_per_mm) - width / 2,
                            static_cast<int>((mm.y + mm.h - 1.5) * px_per_mm)),
                  cv::FONT_HERSHEY_SCRIPT_SIMPLEX, 1.5, cv::Scalar(150, 60, 20), 3, cv::LINE_AA);
    }
  const Page page = FindPage(WithoutRules(image, px_per_mm));
  const Grid grid = LocateGrid(page, ShippedRulesets(), {}, reader.get());
  ASSERT_TRUE(grid.ok()) << grid.detail;
  EXPECT_EQ(grid.lines_read, "rows from the print");
  EXPECT_EQ(grid.favourite(), "classic");
  // Its columns are found in what the rows hold; the first, beside the
  // how-to notes printed in the label cells, is not yet told from them
  // (three of the four are found), so their count is not checked here.
  ExpectCellsOnTheirRows(grid, page, layout);
  // Without the rows from the print, no table.
  GridOptions ruled_only;
  ruled_only.print_rows.min_labels = 1000;
  EXPECT_FALSE(LocateGrid(page, ShippedRulesets(), ruled_only, reader.get()).ok());
}

TEST(LocateGridTest, ATurnedOtherSheetIsTurnedBack) {
  const auto reader = TextReader::Create();
  const SheetLayout layout = OtherSheet("classic", 3, 0);
  cv::Mat turned;
  cv::rotate(RenderSheetImage(layout, 150), turned, cv::ROTATE_90_CLOCKWISE);
  const Grid grid = LocateGrid(FindPage(turned), ShippedRulesets(), {}, reader.get());
  ASSERT_TRUE(grid.ok()) << grid.detail;
  EXPECT_EQ(grid.cells.size(), ScoreRows(layout.grids[0]) * 3);
  EXPECT_GT(grid.image.rows, grid.image.cols);  // upright: portrait again
  EXPECT_EQ(grid.cells.front().row_id, "aces");
}

TEST(LocateGridTest, AForcedRulesetThatDoesNotFitIsRefused) {
  const auto reader = TextReader::Create();
  const Page page = FindPage(RenderSheetImage(OtherSheet("classic", 4, 0), 150));
  GridOptions options;
  options.ruleset = "rock";  // one column only
  const Grid grid = LocateGrid(page, ShippedRulesets(), options, reader.get());
  EXPECT_FALSE(grid.ok());
  EXPECT_NE(grid.detail.find("fits no ruleset"), std::string::npos) << grid.detail;
  options.ruleset = "nonesuch";
  EXPECT_NE(LocateGrid(page, ShippedRulesets(), options, reader.get()).detail.find("unknown ruleset"), std::string::npos);
}

// A R.O.C.K. sheet whose how-to column, beside the labels, is blurred past
// reading and past looking printed (small print in a low-resolution photo):
// two columns to write in as the table shows, where R.O.C.K. has one. The
// title names R.O.C.K., so the column where how-to text is printed is that
// text, and the one score column is read; forced, R.O.C.K. is read so too.
TEST(LocateGridTest, AHowToColumnBlurredPastReadingLeavesTheTitlesOneColumnRuleset) {
  const auto reader = TextReader::Create();
  const SheetLayout layout = OtherSheet("rock", 1, 1);
  cv::Mat image = RenderSheetImage(layout, 150);
  const double px_per_mm = image.cols / layout.width_mm;
  const GridLayout& printed = layout.grids[0];
  // Cell by cell, the rules kept.
  for (size_t r = 0; r < printed.rows.size(); ++r) {
    const RectMm row = printed.Cell(r, 0);
    const cv::Rect cell(cv::Point(static_cast<int>((printed.label_right + 0.6) * px_per_mm), static_cast<int>((row.y + 0.6) * px_per_mm)),
                        cv::Point(static_cast<int>((printed.how_right - 0.6) * px_per_mm), static_cast<int>((row.y + row.h - 0.6) * px_per_mm)));
    cv::Mat inside = image(cell);
    cv::GaussianBlur(inside, inside, cv::Size(), 1.5 * px_per_mm);
  }
  const Page page = FindPage(image);
  for (const std::string ruleset : {"auto", "rock"}) {
    SCOPED_TRACE(ruleset);
    GridOptions options;
    options.ruleset = ruleset;
    const Grid grid = LocateGrid(page, ShippedRulesets(), options, reader.get());
    ASSERT_TRUE(grid.ok()) << grid.detail;
    EXPECT_EQ(grid.favourite(), "rock");
    EXPECT_EQ(grid.columns, std::vector<int>{1});
    // The score column's cells, not the how-to text's.
    for (const GridCell& cell : grid.cells) {
      const cv::Point2f centre = (cell.cell_in_page.tl() + cell.cell_in_page.br()) * 0.5f;
      const cv::Vec3d page_px = grid.page_from_grid * cv::Vec3d(centre.x, centre.y, 1);
      EXPECT_GT(page_px[0] / page_px[2], printed.column_x[0] * px_per_mm) << cell.row_id;
    }
  }
}

}  // namespace
}  // namespace scorecheck
