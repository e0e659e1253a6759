#include "sheet/sheet_layout.h"

#include <algorithm>
#include <cmath>
#include <sstream>

#include "core/error.h"
#include "core/text.h"

namespace scorecheck {
namespace {

constexpr double kMarginMm = 8;        // printers do not print closer to the edge
constexpr double kMarkerMm = 10;       // ArUco marker side, quiet zone not included
constexpr double kQrMm = 22;           // QR code side, quiet zone included
constexpr double kGridGapMm = 6;       // between grids on one page

std::string Upper(std::string text) {
  for (char& c : text) c = static_cast<char>(std::toupper(static_cast<unsigned char>(c)));
  return text;
}

std::string ColumnHeader(const std::string& format, int n, int k) {
  std::string text = format;
  for (auto [key, value] : {std::pair<std::string, std::string>{"{n}", std::to_string(n)}, {"{k}", std::to_string(k)}})
    for (size_t at; (at = text.find(key)) != std::string::npos;) text.replace(at, key.size(), value);
  return text;
}

// The printed rows of one grid, heights not yet set.
std::vector<LayoutRow> PrintedRows(const Ruleset& ruleset, const SheetStyle& style) {
  auto cased = [&](const std::string& text) { return style.uppercase_labels ? Upper(text) : text; };
  std::vector<LayoutRow> rows;
  LayoutRow header;
  header.kind = LayoutRow::Kind::kHeader;
  header.label = cased("Upper section");
  header.how_to = cased("How to score");
  rows.push_back(header);
  std::string section = ruleset.rows.empty() ? "" : ruleset.rows.front().section;
  for (const RowSpec& spec : ruleset.rows) {
    if (spec.section != section) {
      LayoutRow divider = header;
      divider.kind = LayoutRow::Kind::kSection;
      divider.label = cased(spec.section == "lower" ? "Lower section" : spec.section);
      rows.push_back(divider);
      section = spec.section;
    }
    LayoutRow row;
    row.row_id = spec.id;
    const size_t synonym = std::min<size_t>(style.label_synonym, spec.labels.empty() ? 0 : spec.labels.size() - 1);
    row.label = cased(spec.labels.empty() ? spec.name : spec.labels[synonym]);
    row.how_to = spec.sheet_hint.empty() ? spec.how_to_score : spec.sheet_hint;
    row.total = spec.kind != RowKind::kEntry;
    if (spec.kind == RowKind::kYahtzeeBonus && style.split_bonus_row) {
      row.part = CellPart::kChecks;
      row.how_to = "Tick for each bonus";
      rows.push_back(row);
      row.part = CellPart::kPoints;
      const YahtzeeBonusRule& rule = *ruleset.yahtzee_bonus;
      row.label = cased(rule.points_per_check.size() == 1 ? "Score " + std::to_string(rule.points_per_check[0]) + " per tick"
                                                          : "Bonus points");
      row.how_to = spec.sheet_hint.empty() ? spec.how_to_score : spec.sheet_hint;
    }
    rows.push_back(row);
  }
  return rows;
}

GridLayout LayoutGrid(const Ruleset& ruleset, const SheetOptions& options, int columns, const RectMm& area) {
  const SheetStyle& style = options.style;
  GridLayout grid;
  grid.rows = PrintedRows(ruleset, style);
  const double label_w = area.w * style.label_width_fraction;
  const double how_w = style.how_to_column ? area.w * 0.22 : 0;
  const double score_w = std::min(style.max_score_column_mm, (area.w - label_w - how_w) / columns);
  const double width = label_w + how_w + score_w * columns;
  // Rows are as tall as fits, but never taller than a comfortable 10 mm.
  const double row_h = std::min(10.0, area.h / grid.rows.size());
  grid.frame = {area.x + (area.w - width) / 2, area.y, width, row_h * grid.rows.size()};
  grid.label_right = grid.frame.x + label_w;
  grid.how_right = grid.label_right + how_w;
  for (int c = 0; c <= columns; ++c) grid.column_x.push_back(grid.how_right + score_w * c);
  for (int c = 0; c < columns; ++c) {
    const bool ruleset_header = style.column_header.empty() && c < static_cast<int>(ruleset.column_headers.size());
    grid.column_headers.push_back(ruleset_header ? ruleset.column_headers[c]
                                                 : ColumnHeader(style.column_header.empty() ? "{n}" : style.column_header,
                                                                c + 1, ruleset.Multiplier(c)));
  }
  for (size_t r = 0; r < grid.rows.size(); ++r) {
    grid.rows[r].y = grid.frame.y + row_h * r;
    grid.rows[r].h = row_h;
  }
  return grid;
}

}  // namespace

const char* PageSizeName(PageSize page) { return page == PageSize::kA4 ? "a4" : "letter"; }

std::optional<PageSize> ParsePageSize(const std::string& text) {
  if (text == "a4") return PageSize::kA4;
  if (text == "letter") return PageSize::kLetter;
  return std::nullopt;
}

std::string SheetOptions::Check(const Ruleset& ruleset) const {
  std::ostringstream why;
  const int n = columns > 0 ? columns : ruleset.default_columns;
  if (columns < 0 || n < ruleset.min_columns || n > ruleset.max_columns)
    why << ruleset.id << " sheets have " << ruleset.min_columns << ".." << ruleset.max_columns << " columns, not "
        << columns;
  else if (grids != 1 && grids != 2 && grids != 4)
    why << "a page holds 1, 2 or 4 grids, not " << grids;
  return why.str();
}

RectMm GridLayout::Cell(size_t row, int column) const {
  const LayoutRow& printed = rows.at(row);
  return {column_x.at(column), printed.y, column_x.at(column + 1) - column_x.at(column), printed.h};
}

int GridLayout::FindRow(const std::string& row_id, CellPart part) const {
  for (size_t r = 0; r < rows.size(); ++r)
    if (rows[r].kind == LayoutRow::Kind::kScore && rows[r].row_id == row_id && rows[r].part == part)
      return static_cast<int>(r);
  return -1;
}

std::string SheetCode(const Ruleset& ruleset, const SheetOptions& options) {
  std::ostringstream code;
  code << "SC1 " << Upper(ruleset.id) << " L" << ruleset.layout_version << " C"
       << (options.columns > 0 ? options.columns : ruleset.default_columns) << " G" << options.grids << " "
       << Upper(PageSizeName(options.page));
  return code.str();
}

std::optional<SheetCodeInfo> ParseSheetCode(const std::string& payload) {
  std::istringstream in(payload);
  std::string format, ruleset, layout, columns, grids, page;
  if (!(in >> format >> ruleset >> layout >> columns >> grids >> page) || format != "SC1") return std::nullopt;
  auto number = [](const std::string& field, char tag) -> std::optional<int> {
    if (field.size() < 2 || field[0] != tag || field.size() > 4) return std::nullopt;
    for (size_t i = 1; i < field.size(); ++i)
      if (!std::isdigit(static_cast<unsigned char>(field[i]))) return std::nullopt;
    return std::stoi(field.substr(1));
  };
  const auto layout_version = number(layout, 'L'), column_count = number(columns, 'C'), grid_count = number(grids, 'G');
  const auto page_size = ParsePageSize(ToLower(page));
  if (!layout_version || !column_count || !grid_count || !page_size) return std::nullopt;
  SheetCodeInfo info;
  info.ruleset_id = ToLower(ruleset);
  info.layout_version = *layout_version;
  info.options.columns = *column_count;
  info.options.grids = *grid_count;
  info.options.page = *page_size;
  return info;
}

SheetLayout LayoutSheet(const Ruleset& ruleset, const SheetOptions& options) {
  const std::string problem = options.Check(ruleset);
  SC_CHECK(problem.empty(), problem);
  const SheetStyle& style = options.style;
  SheetLayout layout;
  layout.ruleset_id = ruleset.id;
  layout.title = ruleset.name;
  layout.page = options.page;
  layout.style = style;
  if (options.page == PageSize::kLetter) {
    layout.width_mm = 215.9;
    layout.height_mm = 279.4;
  }
  const double w = layout.width_mm, h = layout.height_mm;

  if (style.markers) {
    layout.markers = {{0, {kMarginMm, kMarginMm, kMarkerMm, kMarkerMm}},
                      {1, {w - kMarginMm - kMarkerMm, kMarginMm, kMarkerMm, kMarkerMm}},
                      {2, {w - kMarginMm - kMarkerMm, h - kMarginMm - kMarkerMm, kMarkerMm, kMarkerMm}},
                      {3, {kMarginMm, h - kMarginMm - kMarkerMm, kMarkerMm, kMarkerMm}}};
  }
  if (style.qr) {
    layout.qr_box = RectMm{w - kMarginMm - kMarkerMm - 6 - kQrMm, kMarginMm - 2, kQrMm, kQrMm};
    layout.qr_payload = SheetCode(ruleset, options);
  }
  // Header band: title, markers and QR code; the grids fill the rest.
  const double top = kMarginMm + (style.qr ? kQrMm : style.markers ? kMarkerMm : 8) + 4;
  const double bottom = h - kMarginMm - (style.markers ? kMarkerMm + 2 : 0);
  const RectMm area{kMarginMm, top, w - 2 * kMarginMm, bottom - top};

  const int columns = options.columns > 0 ? options.columns : ruleset.default_columns;
  const int across = options.grids == 4 ? 2 : 1;
  const int down = options.grids / across;
  const double cell_w = (area.w - kGridGapMm * (across - 1)) / across;
  const double cell_h = (area.h - kGridGapMm * (down - 1)) / down;
  // Grids are listed top to bottom, then left to right (RULES.md).
  for (int row = 0; row < down; ++row)
    for (int col = 0; col < across; ++col)
      layout.grids.push_back(LayoutGrid(ruleset, options, columns,
                                        {area.x + col * (cell_w + kGridGapMm), area.y + row * (cell_h + kGridGapMm), cell_w, cell_h}));
  return layout;
}

}  // namespace scorecheck
