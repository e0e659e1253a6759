#include "sheets/sheet_geometry.h"

#include <algorithm>
#include <cctype>

namespace scorecheck {
namespace {

constexpr double kGridGapMm = 8;         // between grids on one page (as FitStyle reserves)
constexpr double kSectionRowFactor = 0.8;  // a spanning section row is a little lower than a score row

std::string Cased(const RandomSheetStyle& style, std::string text) {
  if (style.label_case == LabelCase::kUpper)
    for (char& c : text) c = static_cast<char>(std::toupper(static_cast<unsigned char>(c)));
  return text;
}

std::string At(const std::map<std::string, std::string>& texts, const std::string& key) {
  const auto it = texts.find(key);
  return it == texts.end() ? std::string() : it->second;
}

// The printed rows of one grid, top to bottom, heights set, y from 0.
std::vector<RandomRow> PrintedRows(const RandomSheetStyle& style, const Ruleset& ruleset) {
  std::vector<RandomRow> rows;
  RandomRow header;
  header.kind = RandomRow::Kind::kHeader;
  header.label = Cased(style, style.header_label_text);
  header.how_to = style.header_how_to_text;
  header.h = style.row_mm * style.header_row_factor;
  RandomRow section;
  section.kind = RandomRow::Kind::kSection;
  section.h = style.row_mm * kSectionRowFactor;

  if (style.header != HeaderRows::kNone) rows.push_back(header);
  if (style.section_rows) {
    section.label = style.section_titles.first;
    rows.push_back(section);
  }
  std::string current_section = ruleset.rows.empty() ? "" : ruleset.rows.front().section;
  int score_rows = 0;
  for (const RowSpec& spec : ruleset.rows) {
    if (spec.section != current_section) {
      current_section = spec.section;
      if (style.section_rows) {
        section.label = style.section_titles.second;
        rows.push_back(section);
      }
      if (style.header == HeaderRows::kTopAndLower) rows.push_back(header);
    }
    RandomRow row;
    row.row_id = spec.id;
    row.label = Cased(style, At(style.labels, spec.id));
    row.how_to = At(style.how_tos, spec.id);
    row.total = spec.kind != RowKind::kEntry;
    row.face = spec.kind == RowKind::kEntry && spec.score.pattern == ScorePattern::kFace ? spec.score.face : 0;
    row.h = style.row_mm;
    auto add = [&](RandomRow printed) {
      printed.tinted = (style.row_shading == RowShading::kTotals && printed.total) ||
                       (style.row_shading == RowShading::kStriped && score_rows % 2 == 1);
      ++score_rows;
      rows.push_back(std::move(printed));
    };
    if (spec.kind == RowKind::kYahtzeeBonus && style.split_bonus_row) {
      row.part = CellPart::kChecks;
      add(row);
      row.part = CellPart::kPoints;
      row.label = Cased(style, style.bonus_points_label);
      row.how_to = style.bonus_points_how_to;
    }
    add(row);
  }
  double y = 0;
  for (RandomRow& row : rows) {
    row.y = y;
    y += row.h;
  }
  return rows;
}

std::vector<TableColumn> TableColumns(const RandomSheetStyle& style) {
  std::vector<TableColumn> columns;
  double x = 0;
  auto add = [&](TableColumnKind kind, double width, int score_index = -1) {
    columns.push_back({kind, score_index, x, x + width});
    x += width;
  };
  add(TableColumnKind::kLabel, style.label_column_mm);
  if (style.how_to == HowToPlacement::kLeftOfScores) add(TableColumnKind::kHowTo, style.how_to_column_mm);
  for (int c = 0; c < style.columns; ++c) add(TableColumnKind::kScore, style.score_column_mm, c);
  if (style.how_to == HowToPlacement::kRightOfScores) add(TableColumnKind::kHowTo, style.how_to_column_mm);
  return columns;
}

// The frame's line on the table's edge (the inner line of a double frame).
double FrameEdgeMm(const RandomSheetStyle& style) {
  switch (style.frame) {
    case FrameStyle::kNone: return 0;
    case FrameStyle::kSingle:
    case FrameStyle::kDouble: return style.frame_mm;
    case FrameStyle::kThick: return std::min(std::max(style.frame_mm * 2, 0.9), std::min(style.row_mm, style.score_column_mm) / 3);
  }
  return 0;
}

RandomGrid LayOutGrid(const RandomSheetStyle& style, const Ruleset& ruleset, double x, double y) {
  RandomGrid grid;
  grid.rows = PrintedRows(style, ruleset);
  grid.columns = TableColumns(style);
  for (RandomRow& row : grid.rows) row.y += y;
  for (TableColumn& column : grid.columns) {
    column.x0 += x;
    column.x1 += x;
  }
  grid.frame = {x, y, grid.columns.back().x1 - x, grid.rows.back().y + grid.rows.back().h - y};

  const double edge = FrameEdgeMm(style);
  const size_t n_rows = grid.rows.size();
  grid.row_rule_mm.assign(n_rows + 1, 0);
  grid.row_rule_mm.front() = grid.row_rule_mm.back() = edge;
  for (size_t r = 1; r < n_rows; ++r) {
    const RandomRow& above = grid.rows[r - 1];
    const RandomRow& below = grid.rows[r];
    const bool banner = above.kind != RandomRow::Kind::kScore || below.kind != RandomRow::Kind::kScore;
    // The first lower row right under an upper row, with no section or header row between.
    const RowSpec* above_spec = ruleset.FindRow(above.row_id);
    const RowSpec* below_spec = ruleset.FindRow(below.row_id);
    const bool section_change = above_spec && below_spec && above_spec->section != below_spec->section;
    grid.row_rule_mm[r] = banner || section_change ? style.section_rule_mm : style.rule_mm;
  }

  const size_t n_cols = grid.columns.size();
  grid.column_rule_mm.assign(n_cols + 1, 0);
  grid.column_rule_mm.front() = grid.column_rule_mm.back() = edge;
  for (size_t c = 1; c < n_cols; ++c) {
    const bool left_score = grid.columns[c - 1].kind == TableColumnKind::kScore;
    const bool right_score = grid.columns[c].kind == TableColumnKind::kScore;
    const bool area_edge = left_score != right_score;  // labels / notes against scores
    switch (style.verticals) {
      case VerticalRules::kAll: grid.column_rule_mm[c] = area_edge ? style.section_rule_mm : style.rule_mm; break;
      case VerticalRules::kLabelOnly: grid.column_rule_mm[c] = area_edge ? style.section_rule_mm : 0; break;
      case VerticalRules::kNone: grid.column_rule_mm[c] = 0; break;
    }
  }
  return grid;
}

}  // namespace

int RandomGrid::score_columns() const {
  return static_cast<int>(std::count_if(columns.begin(), columns.end(),
                                        [](const TableColumn& c) { return c.kind == TableColumnKind::kScore; }));
}

int RandomGrid::TableColumnOf(int score_index) const {
  for (size_t c = 0; c < columns.size(); ++c)
    if (columns[c].kind == TableColumnKind::kScore && columns[c].score_index == score_index) return static_cast<int>(c);
  return -1;
}

RectMm RandomGrid::CellInside(size_t row, int score_index) const {
  const int c = TableColumnOf(score_index);
  if (c < 0 || row >= rows.size()) return {};
  const double x0 = columns[c].x0 + column_rule_mm[c] / 2, x1 = columns[c].x1 - column_rule_mm[c + 1] / 2;
  const double y0 = rows[row].y + row_rule_mm[row] / 2, y1 = rows[row].y + rows[row].h - row_rule_mm[row + 1] / 2;
  return {x0, y0, x1 - x0, y1 - y0};
}

RandomSheetGeometry LayOutRandomSheet(const RandomSheetStyle& style, const Ruleset& ruleset) {
  RandomSheetGeometry sheet;
  std::tie(sheet.width_mm, sheet.height_mm) = PageSizeMm(style);
  const GridArea area = GridAreaOf(style);

  // The block of grids, placed in the free space as the style says.
  const RandomGrid probe = LayOutGrid(style, ruleset, 0, 0);
  const int across = style.grids == 4 || (style.grids == 2 && style.landscape) ? 2 : 1;
  const int down = style.grids / across;
  const double block_w = across * probe.frame.w + (across - 1) * kGridGapMm;
  const double block_h = down * probe.frame.h + (down - 1) * kGridGapMm;
  const double x0 = area.x + std::max(0.0, area.w - block_w) * style.grid_x_position;
  const double y0 = area.y + std::max(0.0, area.h - block_h) * style.grid_y_position;
  // Grids in the own sheet's order: left to right along a row of grids, rows top to bottom.
  for (int row = 0; row < down; ++row)
    for (int col = 0; col < across; ++col)
      sheet.grids.push_back(LayOutGrid(style, ruleset, x0 + col * (probe.frame.w + kGridGapMm),
                                       y0 + row * (probe.frame.h + kGridGapMm)));

  // Title and field lines over the block's width, from the top margin down;
  // the footer just under the block.
  double y = style.margin_top_mm;
  if (!style.title.empty()) {
    sheet.title_box = {x0, y, block_w, style.title_bar ? 12.0 : 10.0};
    y += style.title_bar ? 15 : 12;
  }
  for (size_t i = 0; i < style.field_lines.size(); ++i, y += 7) sheet.field_line_boxes.push_back({x0, y, block_w, 6});
  if (!style.footer.empty()) sheet.footer_box = {x0, y0 + block_h + 2, block_w, 6};
  return sheet;
}

}  // namespace scorecheck
