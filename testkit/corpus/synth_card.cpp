#include "corpus/synth_card.h"

#include <algorithm>

#include "card/card_json.h"
#include "core/error.h"
#include "sheet/render_sheet.h"
#include "sim/simulate_game.h"

namespace scorecheck {
namespace {

using Json = nlohmann::ordered_json;

template <typename T>
const T& Pick(const std::vector<T>& options, std::mt19937& rng) {
  return options[std::uniform_int_distribution<size_t>(0, options.size() - 1)(rng)];
}

// Our own sheet's score rows and boxes in the shape a random sheet gives
// them: the inside of each box between its rules, page pixels.
PrintedGrid OwnPrintedGrid(const GridLayout& grid, const SheetStyle& style, double px_per_mm) {
  PrintedGrid printed;
  printed.frame_px = cv::Rect2f(static_cast<float>(grid.frame.x * px_per_mm), static_cast<float>(grid.frame.y * px_per_mm),
                                static_cast<float>(grid.frame.w * px_per_mm), static_cast<float>(grid.frame.h * px_per_mm));
  const double line = std::max(style.inner_line_mm, style.section_line_mm) * px_per_mm;
  for (int c = 0; c < grid.columns(); ++c)
    printed.columns.push_back({c, grid.column_headers[c], static_cast<float>(grid.column_x[c] * px_per_mm + line),
                               static_cast<float>(grid.column_x[c + 1] * px_per_mm - line)});
  for (size_t r = 0; r < grid.rows.size(); ++r) {
    const LayoutRow& row = grid.rows[r];
    if (row.kind != LayoutRow::Kind::kScore) continue;
    printed.rows.push_back({row.row_id, row.part, static_cast<int>(r)});
    std::vector<cv::Rect2f> boxes;
    for (int c = 0; c < grid.columns(); ++c) {
      const RectMm cell = grid.Cell(r, c);
      boxes.emplace_back(static_cast<float>(cell.x * px_per_mm + line), static_cast<float>(cell.y * px_per_mm + line),
                         static_cast<float>(cell.w * px_per_mm - 2 * line), static_cast<float>(cell.h * px_per_mm - 2 * line));
    }
    printed.cells.push_back(std::move(boxes));
  }
  return printed;
}

// The random style's main parameters, for grouping figures by any of them.
Json StyleSummary(const RandomSheetStyle& style) {
  auto colour = [](const Rgb& c) { return Json::array({std::round(c.r * 100) / 100, std::round(c.g * 100) / 100,
                                                       std::round(c.b * 100) / 100}); };
  return {{"page", PageSizeName(style.page)},
          {"landscape", style.landscape},
          {"grids", style.grids},
          {"columns", style.columns},
          {"score_column_mm", std::round(style.score_column_mm * 10) / 10},
          {"label_column_mm", std::round(style.label_column_mm * 10) / 10},
          {"row_mm", std::round(style.row_mm * 10) / 10},
          {"how_to", HowToPlacementName(style.how_to)},
          {"header", HeaderRowsName(style.header)},
          {"header_dark_bar", style.header_dark_bar},
          {"section_rows", style.section_rows},
          {"split_bonus_row", style.split_bonus_row},
          {"row_shading", RowShadingName(style.row_shading)},
          {"tinted_columns", style.tinted_columns},
          {"rule_colour", colour(style.rule_colour)},
          {"rule_mm", std::round(style.rule_mm * 100) / 100},
          {"frame", FrameStyleName(style.frame)},
          {"verticals", VerticalRulesName(style.verticals)},
          {"font", style.font},
          {"bold_labels", style.bold_labels},
          {"upper_case", style.label_case == LabelCase::kUpper},
          {"dice_icons", style.dice_icons},
          {"title", style.title}};
}

Json Point(const cv::Point2d& p) { return Json::array({std::round(p.x * 10) / 10, std::round(p.y * 10) / 10}); }

const char* PartName(CellPart part) {
  switch (part) {
    case CellPart::kValue: return "value";
    case CellPart::kChecks: return "checks";
    case CellPart::kPoints: return "points";
  }
  return "value";
}

}  // namespace

SynthCard MakeSynthCard(const RulesetLibrary& rulesets, const DigitBank& digits, const SynthCardOptions& options,
                        const std::string& image_name) {
  const Ruleset& ruleset = rulesets.Get(options.ruleset);
  std::seed_seq seeds{static_cast<std::uint32_t>(options.seed), static_cast<std::uint32_t>(options.seed >> 32)};
  std::mt19937 rng(seeds);
  std::uniform_real_distribution<double> unit(0, 1);

  // The sheet: our own (its columns, grids and page drawn from the card's
  // seed), or the random style of the style seed, which decides them all.
  SynthCard made;
  made.card.source = image_name;
  int columns = 0, grids = 0;
  bool split_bonus_row = false;
  if (options.style_seed) {
    made.random_style = StyleFromSeed(*options.style_seed, ruleset);
    columns = made.random_style->columns;
    grids = made.random_style->grids;
    split_bonus_row = made.random_style->split_bonus_row;
  } else {
    SheetOptions sheet;
    sheet.columns = ruleset.default_columns;
    if (ruleset.max_columns > 1 && !ruleset.HasMultipliers() && ruleset.default_columns == 1)
      sheet.columns = std::uniform_int_distribution<int>(1, std::min(3, ruleset.max_columns))(rng);
    sheet.grids = ruleset.grids_per_page.size() > 1 ? Pick(ruleset.grids_per_page, rng) : 1;
    sheet.page = unit(rng) < 0.8 ? PageSize::kA4 : PageSize::kLetter;
    made.layout = LayoutSheet(ruleset, sheet);
    columns = sheet.columns;
    grids = static_cast<int>(made.layout.grids.size());
    split_bonus_row = sheet.style.split_bonus_row;
  }

  // The games: one grid each; players fill some of the printed columns.
  for (int g = 0; g < grids; ++g) {
    GameOptions game;
    game.columns = columns;
    game.cross_out_zero = ruleset.any_box_may_be_crossed ? 0.6 : 0.15;
    game.convention = ruleset.HasMultipliers() && unit(rng) < 0.4 ? EntryConvention::kMultiplied : EntryConvention::kRaw;
    // One bonus box holds the ticks alone; the points need a row of their own.
    game.write_bonus_points = split_bonus_row;
    CardGrid grid = SimulateGame(ruleset, rng, game);
    if (!ruleset.HasMultipliers() && grid.columns.size() > 1) {
      const int players = std::uniform_int_distribution<int>(1, static_cast<int>(grid.columns.size()))(rng);
      for (size_t c = players; c < grid.columns.size(); ++c) grid.columns[c].cells.clear();
    }
    Conventions conventions;
    for (const CardColumn& column : grid.columns)
      conventions.push_back(ruleset.Multiplier(column.index) == 1 ? EntryConvention::kRaw : game.convention);
    made.conventions.push_back(conventions);
    made.card.grids.push_back(std::move(grid));
  }
  if (unit(rng) < options.mistake_rate) {
    const int g = std::uniform_int_distribution<int>(0, static_cast<int>(made.card.grids.size()) - 1)(rng);
    made.mistake = InjectMistake(made.card.grids[g], ruleset, made.conventions[g], rng);
    if (made.mistake) made.mistake_grid = g;
  }
  for (size_t g = 0; g < made.card.grids.size(); ++g)
    made.expected.push_back(ExpectedFindings(made.card.grids[g], ruleset, made.conventions[g]));

  // The writing: one person, one pen, for the whole card.
  const double px_per_mm = options.dpi / 25.4;
  cv::Mat page;
  if (made.random_style) {
    RenderedRandomSheet rendered = RenderRandomSheet(*made.random_style, ruleset, options.dpi);
    page = std::move(rendered.image);
    made.printed = std::move(rendered.grids);
  } else {
    page = RenderSheetImage(made.layout, options.dpi);
    for (const GridLayout& grid : made.layout.grids) made.printed.push_back(OwnPrintedGrid(grid, made.layout.style, px_per_mm));
  }
  SC_CHECK(made.printed.size() == made.card.grids.size(), "the sheet prints " << made.printed.size() << " grids, not "
                                                                               << made.card.grids.size());
  const WriterStyle writer = RandomWriter(rng, options.dpi);
  struct WrittenCell {
    int grid, column;
    std::string row;
    CellPart part;
    int printed_row;
    CellState state;
    cv::Rect2f box;
  };
  std::vector<WrittenCell> cells;
  for (size_t g = 0; g < made.printed.size(); ++g) {
    const PrintedGrid& printed = made.printed[g];
    for (const CardColumn& column : made.card.grids[g].columns) {
      if (column.unused()) continue;
      for (size_t r = 0; r < printed.rows.size(); ++r) {
        const PrintedScoreRow& row = printed.rows[r];
        const cv::Rect2f box = printed.cells[r].at(column.index);
        const CellValue cell = column.At(row.row_id);
        WriteOptions write;
        write.touch_border = unit(rng) < 0.08;
        CellState shown = cell.state;
        if (cell.state == CellState::kNumber) {
          WriteNumber(page, box, cell.number, writer, digits, rng, write);
        } else if (cell.state == CellState::kCrossed) {
          CrossOut(page, box, writer, rng);
        } else if (cell.state == CellState::kChecks && row.part == CellPart::kPoints) {
          if (cell.points) WriteNumber(page, box, *cell.points, writer, digits, rng, write);
          shown = cell.points ? CellState::kNumber : CellState::kEmpty;
        } else if (cell.state == CellState::kChecks) {
          DrawTicks(page, box, std::clamp(cell.checks, 1, 6), writer, rng);
        }
        cells.push_back({static_cast<int>(g), column.index, row.row_id, row.part, row.printed_row, shown, box});
      }
    }
  }
  made.capture = ApplyCapture(page, options.profile, rng);

  // The truth file.
  Json truth;
  truth["image"] = image_name;
  truth["seed"] = options.seed;
  truth["ruleset"] = ruleset.id;
  truth["profile"] = CaptureProfileName(options.profile);
  truth["style"] = made.random_style ? "random" : "own";
  truth["style_seed"] = options.style_seed ? Json(*options.style_seed) : Json(nullptr);
  truth["style_family"] = made.random_style ? StyleFamily(*made.random_style) : "own";
  truth["sheet_style"] = made.random_style ? StyleSummary(*made.random_style) : Json(nullptr);
  truth["sheet_code"] = made.layout.qr_payload;
  truth["grids"] = CardToJson(made.card, rulesets)["grids"];
  Json conventions = Json::array();
  for (const Conventions& grid : made.conventions) {
    Json names = Json::array();
    for (EntryConvention c : grid) names.push_back(std::string(EntryConventionName(c)));
    conventions.push_back(names);
  }
  truth["conventions"] = conventions;
  truth["mistake"] = made.mistake ? Json{{"grid", made.mistake_grid},
                                         {"kind", MistakeKindName(made.mistake->kind)},
                                         {"column", made.mistake->column},
                                         {"row", made.mistake->row},
                                         {"description", made.mistake->description}}
                                  : Json(nullptr);
  Json expected = Json::array();
  for (size_t g = 0; g < made.expected.size(); ++g)
    for (const ExpectedFinding& f : made.expected[g])
      expected.push_back({{"grid", g}, {"code", f.code}, {"row", f.row ? Json(*f.row) : Json(nullptr)}, {"column", f.column}});
  truth["expected_findings"] = expected;
  truth["rotation_deg"] = made.capture.rotation_deg;
  Json quad = Json::array();
  for (const cv::Point2d& corner : PageQuadInImage(made.capture, page.size())) quad.push_back(Point(corner));
  truth["page_quad"] = quad;
  truth["image_size"] = Json::array({made.capture.image.cols, made.capture.image.rows});
  Json cell_list = Json::array();
  for (const WrittenCell& cell : cells) {
    Json corners = Json::array();
    for (const cv::Point2d& p : {cv::Point2d(cell.box.x, cell.box.y), cv::Point2d(cell.box.x + cell.box.width, cell.box.y),
                                 cv::Point2d(cell.box.x + cell.box.width, cell.box.y + cell.box.height),
                                 cv::Point2d(cell.box.x, cell.box.y + cell.box.height)})
      corners.push_back(Point(ImageFromPage(made.capture, p)));
    cell_list.push_back({{"grid", cell.grid}, {"column", cell.column}, {"row", cell.row}, {"part", PartName(cell.part)},
                         {"printed_row", cell.printed_row}, {"state", CellStateName(cell.state)}, {"quad", corners}});
  }
  truth["cells"] = cell_list;
  // Each grid's printed outline in the picture: a grid running past the
  // picture's edge cannot be checked, written or not where it is cut.
  Json grid_quads = Json::array();
  for (const PrintedGrid& printed : made.printed) {
    const cv::Rect2f& f = printed.frame_px;
    Json corners = Json::array();
    for (const cv::Point2d& p : {cv::Point2d(f.x, f.y), cv::Point2d(f.br().x, f.y), cv::Point2d(f.br().x, f.br().y),
                                 cv::Point2d(f.x, f.br().y)})
      corners.push_back(Point(ImageFromPage(made.capture, p)));
    grid_quads.push_back(corners);
  }
  truth["grid_quads"] = grid_quads;
  made.truth = std::move(truth);
  return made;
}

}  // namespace scorecheck
