#include "grid/locate_grid.h"

#include <algorithm>
#include <cmath>
#include <sstream>

#include <opencv2/imgproc.hpp>

#include "grid/snap_to_lines.h"

namespace scorecheck {
namespace {

constexpr double kOcrRowPitchPx = 52;  // label rows are shrunk to about this height for the OCR

// Gray page with the paper brought to white: printed shading (grey total
// rows) and uneven light would otherwise become text or noise to the OCR.
cv::Mat FlattenForText(const cv::Mat& upright, double px_per_mm) {
  cv::Mat gray, paper, flat;
  if (upright.channels() == 3) cv::cvtColor(upright, gray, cv::COLOR_BGR2GRAY);
  else gray = upright;
  const int window = std::max(9, static_cast<int>(std::lround(2.5 * px_per_mm)) | 1);  // wider than a letter stroke
  cv::dilate(gray, paper, cv::getStructuringElement(cv::MORPH_RECT, cv::Size(window, window)));
  cv::max(paper, 1, paper);
  cv::divide(gray, paper, flat, 255.0);
  return flat;
}

// The text of one column band of a grid, row by row: one OCR call for the
// whole band; ruled lines are painted out first so they do not join rows.
// Rows not in `wanted` (when given) are painted out too.
std::vector<std::string> ReadColumnBand(const cv::Mat& flat, const Lattice& grid, int column, TextReader& reader,
                                        const std::vector<bool>& wanted = {}) {
  std::vector<std::string> texts(grid.rows());
  const float left = grid.column_x[column], right = grid.column_x[column + 1];
  const float top = grid.row_y.front(), bottom = grid.row_y.back();
  const cv::Rect band = cv::Rect(cv::Point(static_cast<int>(left), static_cast<int>(top)),
                                 cv::Point(static_cast<int>(std::ceil(right)), static_cast<int>(std::ceil(bottom)))) &
                        cv::Rect(0, 0, flat.cols, flat.rows);
  if (band.width < 4 || band.height < 4) return texts;
  cv::Mat block = flat(band).clone();
  const int half_line = static_cast<int>(std::ceil(grid.line_px / 2 + 2));
  for (float y : grid.row_y)
    cv::rectangle(block, cv::Point(0, static_cast<int>(y - top) - half_line),
                  cv::Point(block.cols, static_cast<int>(y - top) + half_line), cv::Scalar(255), cv::FILLED);
  for (float x : {left, right})
    cv::rectangle(block, cv::Point(static_cast<int>(x - left) - half_line, 0),
                  cv::Point(static_cast<int>(x - left) + half_line, block.rows), cv::Scalar(255), cv::FILLED);
  for (int r = 0; r < static_cast<int>(wanted.size()) && r < grid.rows(); ++r)
    if (!wanted[r])
      cv::rectangle(block, cv::Point(0, static_cast<int>(grid.row_y[r] - top)),
                    cv::Point(block.cols, static_cast<int>(std::ceil(grid.row_y[r + 1] - top))), cv::Scalar(255), cv::FILLED);
  // Tesseract reads printed text well from ~20 px capitals; rows printed
  // larger than that are shrunk, which saves a third of its time.
  const double pitch = (bottom - top) / grid.rows();
  const double scale = std::min(1.0, kOcrRowPitchPx / pitch);
  if (scale < 1) cv::resize(block, block, cv::Size(), scale, scale, cv::INTER_AREA);
  for (const TextLine& line : reader.ReadLines(block)) {
    const float centre = top + static_cast<float>((line.box.y + line.box.height / 2.0) / scale);
    const auto next = std::upper_bound(grid.row_y.begin(), grid.row_y.end(), centre);
    const int row = static_cast<int>(next - grid.row_y.begin()) - 1;
    if (row < 0 || row >= grid.rows()) continue;
    texts[row] += (texts[row].empty() ? "" : " ") + line.text;
  }
  return texts;
}

// All text in `area` of the flattened page, one line after another.
std::string ReadArea(const cv::Mat& flat, cv::Rect area, TextReader& reader) {
  area &= cv::Rect(0, 0, flat.cols, flat.rows);
  if (area.width < 8 || area.height < 8) return "";
  std::string text;
  for (const TextLine& line : reader.ReadLines(flat(area))) text += line.text + " ";
  return text;
}

// Which rows of `grid` print in their score columns what its top row prints
// there (the column headers "#1 #2 ...", repeated over the lower section):
// its header rows, told by their print when their labels cannot be read.
// Handwritten and empty rows are not alike. None when the top row prints
// nothing there.
std::vector<bool> RowsPrintedLikeTheTop(const cv::Mat& flat, const Lattice& grid, double min_alike) {
  std::vector<bool> header(grid.rows(), false);
  const float inset = grid.line_px + 2;
  auto band = [&](int row) {
    const cv::Rect2f area(cv::Point2f(grid.column_x[grid.first_score_column] + inset, grid.row_y[row] + inset),
                          cv::Point2f(grid.column_x.back() - inset, grid.row_y[row + 1] - inset));
    const cv::Rect pixels = cv::Rect(area) & cv::Rect(0, 0, flat.cols, flat.rows);
    return pixels.width < 8 || pixels.height < 4 ? cv::Mat() : flat(pixels);
  };
  const cv::Mat top = band(0);
  if (top.empty()) return header;
  double darkest = 0;
  cv::minMaxLoc(top, &darkest);
  // No print in the top row's score cells. Blurred small headers stay light
  // (darkest 120-132 of 255 on one low-resolution page): print at all is enough.
  if (darkest > 200) return header;
  header[0] = true;
  for (int r = 1; r < grid.rows(); ++r) {
    cv::Mat row = band(r);
    if (row.empty()) continue;
    cv::resize(row, row, top.size(), 0, 0, cv::INTER_AREA);
    cv::Mat alike;
    cv::matchTemplate(row, top, alike, cv::TM_CCOEFF_NORMED);
    header[r] = alike.at<float>(0, 0) >= min_alike;
  }
  return header;
}

bool SameCells(const RulesetMatch& a, const RulesetMatch& b) {
  if (a.rows.size() != b.rows.size()) return false;
  for (size_t i = 0; i < a.rows.size(); ++i)
    if (a.rows[i].printed_row != b.rows[i].printed_row || a.rows[i].row_id != b.rows[i].row_id ||
        a.rows[i].part != b.rows[i].part)
      return false;
  return true;
}

// Sheets without a sheet code: ruled lines, then printed labels.
Grid GridFromLabels(const Page& page, const RulesetLibrary& rulesets, const GridOptions& options, TextReader* reader) {
  Grid none;
  LatticeOptions lattice_options = options.lattice;
  if (lattice_options.px_per_mm <= 0 && page.px_per_mm > 0) lattice_options.px_per_mm = page.px_per_mm;
  // Registration marks already fix the page's orientation.
  if (page.orientation_known) lattice_options.find_orientation = false;
  const LatticeResult lattice = FindLattices(page.rectified, lattice_options);
  if (!lattice.ok()) {
    none.detail = "no ruled grid: " + lattice.detail;
    return none;
  }
  if (!reader) {
    none.detail = "ruled grid found, but no text reader to read its labels";
    return none;
  }
  const double px_per_mm = page.px_per_mm > 0 ? page.px_per_mm : std::min(lattice.upright.cols, lattice.upright.rows) / 210.0;
  const cv::Mat flat = FlattenForText(lattice.upright, px_per_mm);

  // Candidate rulesets: the forced one, or every one whose column count and
  // grids per page fit.
  std::vector<const Ruleset*> all, candidates;
  for (const std::string& id : rulesets.Ids()) all.push_back(&rulesets.Get(id));
  const int grid_count = static_cast<int>(lattice.grids.size());
  std::ostringstream why_not;
  for (const Ruleset* ruleset : all) {
    if (options.ruleset != "auto" && options.ruleset != ruleset->id) continue;
    const int most_grids = ruleset->grids_per_page.empty()
                               ? 1
                               : *std::max_element(ruleset->grids_per_page.begin(), ruleset->grids_per_page.end());
    bool fits = most_grids >= grid_count;
    for (const Lattice& grid : lattice.grids)
      fits = fits && grid.score_columns() >= ruleset->min_columns && grid.score_columns() <= ruleset->max_columns;
    if (fits) candidates.push_back(ruleset);
    else why_not << " " << ruleset->id << " (" << ruleset->min_columns << ".." << ruleset->max_columns << " columns)";
  }
  if (candidates.empty()) {
    none.detail = "a grid of " + std::to_string(lattice.grids.front().score_columns()) +
                  " score columns fits no ruleset:" + why_not.str();
    return none;
  }

  // Grids of one page are printed alike: a grid with as many rows as one
  // already read reuses its row texts.
  const std::vector<std::string> vocabulary = LabelVocabulary(all);
  std::vector<std::vector<PrintedRowText>> row_texts(grid_count);
  auto read_rows = [&](int column, const std::vector<std::vector<bool>>& wanted, auto&& store) {
    std::vector<std::vector<std::string>> read(grid_count);
    for (int g = 0; g < grid_count; ++g) {
      for (int earlier = 0; earlier < g && read[g].empty(); ++earlier)
        if (lattice.grids[earlier].rows() == lattice.grids[g].rows() && wanted[earlier] == wanted[g])
          read[g] = read[earlier];
      if (read[g].empty()) read[g] = ReadColumnBand(flat, lattice.grids[g], column, *reader, wanted[g]);
      for (int r = 0; r < lattice.grids[g].rows(); ++r) store(row_texts[g][r], read[g][r]);
    }
  };
  for (int g = 0; g < grid_count; ++g) row_texts[g].resize(lattice.grids[g].rows());
  read_rows(0, std::vector<std::vector<bool>>(grid_count), [](PrintedRowText& row, const std::string& text) { row.label = text; });

  // Score every candidate on every grid (mean over grids).
  struct Scored {
    const Ruleset* ruleset;
    std::vector<RulesetMatch> per_grid;
    double labels = 0, total = 0;
    bool contender = false;  // tied with the best on the labels
  };
  auto by_total = [](const Scored& a, const Scored& b) { return a.total > b.total; };
  auto score_all = [&] {
    std::vector<Scored> scored;
    for (const Ruleset* ruleset : candidates) {
      Scored entry{ruleset, {}, 0, 0, false};
      for (int g = 0; g < grid_count; ++g) {
        entry.per_grid.push_back(MatchRows(row_texts[g], *ruleset, vocabulary, options.labels));
        entry.labels += entry.per_grid.back().score / grid_count;
      }
      entry.total = entry.labels;
      scored.push_back(std::move(entry));
    }
    std::stable_sort(scored.begin(), scored.end(), by_total);
    return scored;
  };
  std::vector<Scored> scored = score_all();
  const Lattice& first = lattice.grids.front();
  // The rulesets the labels alone cannot tell apart: each piece of evidence
  // below re-ranks all of them. Re-ranking only those still close after the
  // how-to text let a lowres how-to reading push Triple Yahtzee 0.003 past
  // the margin on a sheet titled "Triple Yahtzee", whose title was then read
  // and counted for classic and fivezee only.
  const double label_cutoff = scored.front().total - options.tie_margin;
  for (Scored& entry : scored) entry.contender = entry.total >= label_cutoff;
  // Tied on the labels: read the how-to cells of the rows where the tied
  // rulesets print different how-to text (Jumbo FiveZee's "Score 35 if total
  // is 83 or over" against classic's 63), and only those: the whole column
  // costs twice the labels.
  const auto contenders = std::count_if(scored.begin(), scored.end(), [](const Scored& e) { return e.contender; });
  if (contenders > 1 && first.first_score_column >= 2) {
    std::vector<std::vector<bool>> wanted(grid_count);
    bool any = false;
    for (int g = 0; g < grid_count; ++g) {
      wanted[g].assign(lattice.grids[g].rows(), false);
      std::vector<std::string> first_how_to(lattice.grids[g].rows(), "\x01");  // "\x01": not seen yet
      for (const Scored& entry : scored) {
        if (!entry.contender) continue;
        std::vector<std::string> how_to(lattice.grids[g].rows());
        for (const RowMatch& row : entry.per_grid[g].rows)
          how_to[row.printed_row] = entry.ruleset->FindRow(row.row_id)->how_to_score;
        for (int r = 0; r < lattice.grids[g].rows(); ++r) {
          if (first_how_to[r] == "\x01") first_how_to[r] = how_to[r];
          else if (first_how_to[r] != how_to[r]) wanted[g][r] = any = true;
        }
      }
    }
    if (any) {
      read_rows(1, wanted, [](PrintedRowText& row, const std::string& text) { row.how_to = text; });
      // The differing rows decide: mean likeness of what is printed there to
      // what each tied ruleset prints there.
      for (Scored& entry : scored) {
        if (!entry.contender) continue;
        double sum = 0;
        int count = 0;
        for (const RowMatch& row : entry.per_grid[0].rows)
          if (wanted[0][row.printed_row]) {
            sum += LabelSimilarity(row_texts[0][row.printed_row].how_to, entry.ruleset->FindRow(row.row_id)->how_to_score);
            ++count;
          }
        if (count > 0) entry.total += options.evidence_weight * sum / count;
      }
      std::stable_sort(scored.begin(), scored.end(), by_total);
    }
  }

  // The title above the grids (e.g. "Triple Yahtzee") may tell the
  // contenders apart, whatever the how-to text said: that is a few blurred
  // words, the title a large one. The score columns' headers (e.g. "×1 ×2
  // ×3") only re-rank those still close: plain "#1 #2 #3" headers match
  // piecepack's fixed headers but say nothing against the label evidence.
  if (contenders > 1) {
    float top = first.frame.y;
    for (const Lattice& grid : lattice.grids) top = std::min(top, grid.frame.y);
    const std::string title = ReadArea(flat, cv::Rect(0, 0, flat.cols, static_cast<int>(top)), *reader);
    const int columns = first.score_columns();
    const float header_left = first.column_x[first.first_score_column];
    const cv::Rect header_band(cv::Point(static_cast<int>(header_left), static_cast<int>(first.row_y[0])),
                               cv::Point(static_cast<int>(first.column_x.back()), static_cast<int>(first.row_y[1])));
    const std::string headers = ReadArea(flat, header_band, *reader);
    const double cutoff = scored.front().total - options.tie_margin;
    for (Scored& entry : scored) {
      if (!entry.contender) continue;
      const double header = entry.total >= cutoff ? HeaderEvidence(headers, columns, *entry.ruleset) : 0;
      entry.total += options.evidence_weight * (TitleEvidence(title, *entry.ruleset, all) + header);
    }
    std::stable_sort(scored.begin(), scored.end(), by_total);
  }

  Scored& best = scored.front();
  std::string source = "labels";
  if (!std::all_of(best.per_grid.begin(), best.per_grid.end(), [](const RulesetMatch& m) { return m.ok; })) {
    std::ostringstream detail;
    detail << "a ruled grid was found, but its labels fit no ruleset (best: " << best.ruleset->id << ", "
           << std::lround(100 * best.labels) << "% alike)";
    // Labels too blurred for the OCR (four grids on a page photographed at
    // low resolution: capitals 5 px high) while the grids' shape (columns,
    // grids per page) fits one ruleset only: its rows are taken in their
    // printed order, header rows left out (told by their print). Only when
    // the rows left are exactly the ruleset's.
    if (candidates.size() != 1 || !options.layout_fallback) {
      none.detail = detail.str();
      return none;
    }
    const Ruleset& only = *best.ruleset;
    for (int g = 0; g < grid_count; ++g) {
      const std::vector<bool> header = RowsPrintedLikeTheTop(flat, lattice.grids[g], options.layout_header_alike);
      RulesetMatch& match = best.per_grid[g];
      match.rows.clear();
      for (int r = 0; r < lattice.grids[g].rows(); ++r)
        if (!header[r] && match.rows.size() < only.rows.size())
          match.rows.push_back({r, only.rows[match.rows.size()].id, CellPart::kValue, 0});
      const int headers = static_cast<int>(std::count(header.begin(), header.end(), true));
      if (headers == 0 || lattice.grids[g].rows() - headers != static_cast<int>(only.rows.size())) {
        none.detail = detail.str();
        return none;
      }
    }
    source = "layout";
  }

  Grid grid;
  grid.status = GridStatus::kFound;
  grid.image = lattice.upright;
  grid.page_from_grid = lattice.upright_from_page.inv();
  grid.ruleset_id = best.ruleset->id;
  grid.grid_count = grid_count;
  grid.source = source;
  const double second = scored.size() > 1 ? scored[1].total : 0;
  for (size_t i = 1; i < scored.size(); ++i) {
    bool same = scored[i].total >= best.total - options.tie_margin;
    for (int g = 0; g < grid_count && same; ++g) same = SameCells(scored[i].per_grid[g], best.per_grid[g]);
    if (same) grid.ruleset_alternatives.push_back(scored[i].ruleset->id);
  }
  // Sure when the labels read well and no other ruleset comes close; from
  // the shape alone, half sure at most (a grid whose labels did read lifts
  // the mean likeness, not the sureness past that).
  grid.ruleset_confidence = source == "layout" ? std::min(0.5, 0.25 + 0.5 * std::clamp(best.labels, 0.0, 1.0))
                                              : std::clamp(best.labels, 0.0, 1.0) *
                                                    std::clamp(0.5 + 5 * (best.total - second), 0.5, 1.0);
  for (int g = 0; g < grid_count; ++g) {
    const Lattice& printed = lattice.grids[g];
    grid.columns.push_back(printed.score_columns());
    for (int c = 0; c < printed.score_columns(); ++c)
      for (const RowMatch& row : best.per_grid[g].rows)
        grid.cells.push_back({g, c, row.row_id, row.part, printed.ScoreCell(row.printed_row, c)});
  }
  return grid;
}

}  // namespace

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

Grid LocateGrid(const Page& page, const RulesetLibrary& rulesets, const GridOptions& options, TextReader* text_reader) {
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
    grid.image = page.rectified;
    if (options.snap_to_lines) grid.cells = SnapToRuledLines(grid.image, std::move(grid.cells));
    grid.ruleset_confidence = 1.0;
    grid.source = "sheet code";
    return grid;
  }
  if (options.ruleset != "auto" && !rulesets.Find(options.ruleset)) {
    none.detail = "unknown ruleset \"" + options.ruleset + "\"";
    return none;
  }
  return GridFromLabels(page, rulesets, options, text_reader);
}

}  // namespace scorecheck
