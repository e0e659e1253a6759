#include "grid/locate_grid.h"

namespace scorecheck {

Grid GridFromLayout(const SheetLayout& layout, double px_per_mm) {
  Grid grid;
  grid.status = GridStatus::kFound;
  grid.ruleset_id = layout.ruleset_id;
  grid.grid_count = static_cast<int>(layout.grids.size());
  for (size_t g = 0; g < layout.grids.size(); ++g) {
    const GridLayout& printed = layout.grids[g];
    grid.columns.push_back(printed.columns());
    for (int c = 0; c < printed.columns(); ++c)
      for (size_t r = 0; r < printed.rows.size(); ++r) {
        const LayoutRow& row = printed.rows[r];
        if (row.kind != LayoutRow::Kind::kScore) continue;
        const RectMm mm = printed.Cell(r, c);
        grid.cells.push_back({static_cast<int>(g), c, row.row_id, row.part,
                              cv::Rect2f(static_cast<float>(mm.x * px_per_mm), static_cast<float>(mm.y * px_per_mm),
                                         static_cast<float>(mm.w * px_per_mm), static_cast<float>(mm.h * px_per_mm))});
      }
  }
  return grid;
}

Grid LocateGrid(const Page& page, const RulesetLibrary& rulesets, const GridOptions& options) {
  Grid none;
  if (!page.ok()) {
    none.detail = "no page";
    return none;
  }
  if (page.sheet && page.px_per_mm > 0) {
    const Ruleset* ruleset = rulesets.Find(page.sheet->ruleset_id);
    if (!ruleset) {
      none.detail = "the sheet code names ruleset \"" + page.sheet->ruleset_id + "\", which is not installed";
      return none;
    }
    if (options.ruleset != "auto" && options.ruleset != ruleset->id) {
      none.detail = "the sheet code says " + ruleset->id + ", not " + options.ruleset;
      return none;
    }
    SheetOptions sheet = page.sheet->options;
    sheet.page = page.page_size;
    if (!sheet.Check(*ruleset).empty()) {
      none.detail = "the sheet code's layout does not fit ruleset " + ruleset->id + ": " + sheet.Check(*ruleset);
      return none;
    }
    Grid grid = GridFromLayout(LayoutSheet(*ruleset, sheet), page.px_per_mm);
    grid.ruleset_confidence = 1.0;
    grid.source = "sheet code";
    return grid;
  }
  none.detail = page.method == PageMethod::kMarkers
                    ? "registration marks found, but the sheet code could not be read"
                    : "no scorecheck sheet code; sheets without one are not read yet";
  return none;
}

}  // namespace scorecheck
