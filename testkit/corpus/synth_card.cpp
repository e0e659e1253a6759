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

// A sheet printed by someone else: another font, line weights and labels, a
// "How to score" column, no markers or QR code.
SheetStyle OtherPrinterStyle(std::mt19937& rng) {
  std::uniform_real_distribution<double> unit(0, 1);
  SheetStyle style;
  style.font = Pick<std::string>({"Liberation Serif", "Liberation Sans", "Liberation Serif", "DejaVu Sans Mono"}, rng);
  style.outer_line_mm = 0.3 + unit(rng) * 0.9;
  style.inner_line_mm = 0.12 + unit(rng) * 0.35;
  style.section_line_mm = style.inner_line_mm + unit(rng) * 0.5;
  style.markers = false;
  style.qr = false;
  style.title = unit(rng) < 0.6;
  style.how_to_column = true;
  style.uppercase_labels = unit(rng) < 0.4;
  style.label_synonym = std::uniform_int_distribution<int>(0, 2)(rng);
  style.shade_totals = unit(rng) < 0.5;
  style.shade_gray = 0.78 + unit(rng) * 0.17;
  style.split_bonus_row = unit(rng) < 0.5;
  style.column_header = Pick<std::string>({"Game {n}", "G{n}", "Player {n}", "{n}", "#{n}"}, rng);
  style.label_width_fraction = 0.2 + unit(rng) * 0.14;
  style.max_score_column_mm = 17 + unit(rng) * 14;
  return style;
}

cv::Rect2f CellInPagePx(const GridLayout& grid, size_t row, int column, const SheetStyle& style, double px_per_mm) {
  const RectMm cell = grid.Cell(row, column);
  const double line = std::max(style.inner_line_mm, style.section_line_mm) * px_per_mm;
  return cv::Rect2f(static_cast<float>(cell.x * px_per_mm + line), static_cast<float>(cell.y * px_per_mm + line),
                    static_cast<float>(cell.w * px_per_mm - 2 * line), static_cast<float>(cell.h * px_per_mm - 2 * line));
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

  // The sheet: how many grids and columns are printed.
  SheetOptions sheet;
  sheet.columns = ruleset.default_columns;
  if (ruleset.max_columns > 1 && !ruleset.HasMultipliers() && ruleset.default_columns == 1)
    sheet.columns = std::uniform_int_distribution<int>(1, std::min(3, ruleset.max_columns))(rng);
  sheet.grids = ruleset.grids_per_page.size() > 1 ? Pick(ruleset.grids_per_page, rng) : 1;
  sheet.page = unit(rng) < 0.8 ? PageSize::kA4 : PageSize::kLetter;
  const bool other = options.other_style ? *options.other_style : unit(rng) < 1.0 / 3;
  if (other) sheet.style = OtherPrinterStyle(rng);

  SynthCard made;
  made.layout = LayoutSheet(ruleset, sheet);
  made.card.source = image_name;

  // The games: one grid each; players fill some of the printed columns.
  for (size_t g = 0; g < made.layout.grids.size(); ++g) {
    GameOptions game;
    game.columns = sheet.columns;
    game.cross_out_zero = ruleset.any_box_may_be_crossed ? 0.6 : 0.15;
    game.convention = ruleset.HasMultipliers() && unit(rng) < 0.4 ? EntryConvention::kMultiplied : EntryConvention::kRaw;
    game.write_bonus_points = sheet.style.split_bonus_row;
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
  cv::Mat page = RenderSheetImage(made.layout, options.dpi);
  const WriterStyle writer = RandomWriter(rng, options.dpi);
  struct WrittenCell {
    int grid, column;
    std::string row;
    CellPart part;
    CellState state;
    cv::Rect2f box;
  };
  std::vector<WrittenCell> cells;
  for (size_t g = 0; g < made.layout.grids.size(); ++g) {
    const GridLayout& grid_layout = made.layout.grids[g];
    for (const CardColumn& column : made.card.grids[g].columns) {
      if (column.unused()) continue;
      for (size_t r = 0; r < grid_layout.rows.size(); ++r) {
        const LayoutRow& row = grid_layout.rows[r];
        if (row.kind != LayoutRow::Kind::kScore) continue;
        const cv::Rect2f box = CellInPagePx(grid_layout, r, column.index, sheet.style, px_per_mm);
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
        cells.push_back({static_cast<int>(g), column.index, row.row_id, row.part, shown, box});
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
  truth["style"] = other ? "other" : "own";
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
                         {"state", CellStateName(cell.state)}, {"quad", corners}});
  }
  truth["cells"] = cell_list;
  made.truth = std::move(truth);
  return made;
}

}  // namespace scorecheck
