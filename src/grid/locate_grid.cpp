#include "grid/locate_grid.h"

#include <algorithm>
#include <cmath>
#include <map>
#include <optional>
#include <set>
#include <sstream>

#include <opencv2/core.hpp>
#include <opencv2/imgproc.hpp>

#include "core/robust_stats.h"
#include "grid/column_roles.h"
#include "grid/printed_text.h"
#include "grid/read_tables.h"
#include "grid/rows_by_order.h"
#include "grid/ruleset_evidence.h"
#include "grid/snap_to_lines.h"
#include "grid/tinted_columns.h"
#include "grid/unruled_columns.h"
#include "lattice/stacked_grids.h"

namespace scorecheck {
namespace {

bool SameCells(const RulesetMatch& a, const RulesetMatch& b) {
  if (a.rows.size() != b.rows.size()) return false;
  for (size_t i = 0; i < a.rows.size(); ++i)
    if (a.rows[i].printed_row != b.rows[i].printed_row || a.rows[i].row_id != b.rows[i].row_id ||
        a.rows[i].part != b.rows[i].part)
      return false;
  return true;
}

// `lattice` with the columns its tables do not rule put in: those a tint
// sets apart, then those their rows' ink parts, then those nobody wrote in,
// from the headers printed over them. `flat`: its page flattened for text.
LatticeResult WithUnruledColumns(LatticeResult lattice, const cv::Mat& flat, double px_per_mm, const GridOptions& options) {
  cv::Mat gray;
  if (lattice.upright.channels() == 3) cv::cvtColor(lattice.upright, gray, cv::COLOR_BGR2GRAY);
  else gray = lattice.upright;
  for (Lattice& grid : lattice.grids) {
    const std::vector<float> ruled = grid.column_x;
    grid = SplitTintedColumns(gray, std::move(grid), px_per_mm, options.tints);
    std::vector<float> tint_edges;
    for (float x : grid.column_x)
      if (std::find(ruled.begin(), ruled.end(), x) == ruled.end()) tint_edges.push_back(x);
    grid = SplitUnruledColumns(flat, std::move(grid), px_per_mm, options.unruled, tint_edges);
    grid = SplitHeadedColumns(flat, std::move(grid), px_per_mm, options.headers);
  }
  return lattice;
}

// The grids of `lattice` read by what their columns hold. `flat`: its page
// flattened for text.
Grid GridFromLattice(LatticeResult lattice, cv::Mat flat, double px_per_mm, const RulesetLibrary& rulesets,
                     const GridOptions& options, bool find_orientation, TextReader* reader) {
  options.deadline.Check();
  Grid none;
  // Candidate rulesets: the forced one, or every one whose grids per page fit.
  std::vector<const Ruleset*> all, candidates;
  for (const std::string& id : rulesets.Ids()) all.push_back(&rulesets.Get(id));
  const int grid_count = static_cast<int>(lattice.grids.size());
  for (const Ruleset* ruleset : all) {
    if (options.ruleset != "auto" && options.ruleset != ruleset->id) continue;
    const int most_grids = ruleset->grids_per_page.empty()
                               ? 1
                               : *std::max_element(ruleset->grids_per_page.begin(), ruleset->grids_per_page.end());
    if (most_grids >= grid_count) candidates.push_back(ruleset);
  }
  if (candidates.empty()) {
    none.detail = std::to_string(grid_count) + " grids on the page fit no ruleset";
    return none;
  }
  const KnownLabels known(LabelVocabulary(all));

  // Which way up: the lines cannot tell upright from upside down; the printed
  // labels can. Upside down, no column reads like labels. The columns the
  // table does not rule are found each way up: headers read upside down
  // are not the headers (a section title, at the labels' far end, made a
  // column of them).
  TableReading table =
      ReadTables(WithUnruledColumns(lattice, flat, px_per_mm, options), flat, px_per_mm, candidates, known, options, *reader);
  if (find_orientation && table.fit < options.labels.min_score) {
    LatticeResult turned = TurnedHalf(lattice);
    cv::Mat turned_flat;
    cv::rotate(flat, turned_flat, cv::ROTATE_180);
    turned = WithUnruledColumns(std::move(turned), turned_flat, px_per_mm, options);
    TableReading other = ReadTables(turned, turned_flat, px_per_mm, candidates, known, options, *reader);
    // Labels that read no better one way than the other (too small to read
    // at all: both fits a few hundredths from 0) say nothing about which way
    // is up; the page stays as it was taken, most often upright.
    if (other.fit > table.fit + options.turn_margin) {
      lattice = std::move(turned);
      flat = turned_flat;
      table = std::move(other);
    }
  }
  lattice.grids = table.grids;
  for (int g = 0; g < grid_count; ++g)
    if (!table.roles[g].ok()) {
      none.detail = "a ruled grid was found, but " + table.roles[g].detail;
      return none;
    }
  // More score columns than any ruleset has: the columns that read like
  // words, though not surely (how-to text in a low-resolution photo), are
  // how-to text after all, the likeliest print first, as many as the
  // rulesets need: blurred handwriting at the table's far side reads like
  // words too (a how-to column beside the labels and the sixth player's
  // both unsure words, both went, and five players were read).
  {
    const int most = MostScoreColumns(candidates);
    for (ColumnRoles& roles : table.roles) {
      if (static_cast<int>(roles.score.size()) <= most) continue;
      std::vector<int> order;
      for (int c : roles.side_print)
        if (std::find(roles.maybe_how_to.begin(), roles.maybe_how_to.end(), c) != roles.maybe_how_to.end()) order.push_back(c);
      for (int c : roles.maybe_how_to)
        if (std::find(order.begin(), order.end(), c) == order.end()) order.push_back(c);
      for (int c : order)
        if (static_cast<int>(roles.score.size()) > most && std::erase(roles.score, c) > 0) roles.how_to.push_back(c);
      std::sort(roles.how_to.begin(), roles.how_to.end());
    }
  }
  const ColumnRoles& first_roles = table.roles.front();
  const int score_columns = static_cast<int>(first_roles.score.size());
  // The score columns each grid keeps under `ruleset`: as many as the table
  // shows, or fewer when the surplus stands where how-to text is printed
  // (a how-to column of print too blurred to tell from writing); none when
  // the ruleset fits neither way.
  auto columns_kept = [&](const Ruleset& ruleset) -> std::optional<std::vector<int>> {
    std::vector<int> kept;
    for (const ColumnRoles& roles : table.roles) {
      const int n = static_cast<int>(roles.score.size());
      const auto side = std::count_if(roles.side_print.begin(), roles.side_print.end(), [&](int c) {
        return std::find(roles.score.begin(), roles.score.end(), c) != roles.score.end();
      });
      if (n < ruleset.min_columns || n - side > ruleset.max_columns) return std::nullopt;
      kept.push_back(std::min(n, ruleset.max_columns));
    }
    return kept;
  };
  std::map<const Ruleset*, std::vector<int>> kept_columns;
  std::ostringstream why_not;
  std::erase_if(candidates, [&](const Ruleset* ruleset) {
    const std::optional<std::vector<int>> kept = columns_kept(*ruleset);
    if (kept) kept_columns[ruleset] = *kept;
    else why_not << " " << ruleset->id << " (" << ruleset->min_columns << ".." << ruleset->max_columns << " columns)";
    return !kept;
  });
  if (candidates.empty()) {
    none.detail = "a grid of " + std::to_string(score_columns) + " score columns fits no ruleset:" + why_not.str();
    return none;
  }

  // Grids of one page are printed alike: a grid whose labels read worse
  // than those of another grid with as many rows (a shadow, a thick frame
  // beside its labels) takes that grid's labels.
  std::vector<double> label_fit(grid_count, -1);
  for (int g = 0; g < grid_count; ++g)
    for (const ColumnReading& reading : table.readings[g])
      if (reading.column == table.roles[g].label) label_fit[g] = reading.label_fit;
  std::vector<std::vector<PrintedRowText>> row_texts(grid_count);
  // Rows whose score cells print what the top row's do (header rows, told
  // by their print): for the labels below, and for the layout when no label
  // can be read.
  std::vector<std::vector<bool>> printed_like_top(grid_count);
  cv::Mat gray;
  if (lattice.upright.channels() == 3) cv::cvtColor(lattice.upright, gray, cv::COLOR_BGR2GRAY);
  else gray = lattice.upright;
  for (int g = 0; g < grid_count; ++g) {
    int source = g;
    for (int other = 0; other < grid_count; ++other)
      if (lattice.grids[other].rows() == lattice.grids[g].rows() && label_fit[other] > label_fit[source]) source = other;
    const std::vector<std::string>& labels = ColumnText(table.readings[source], table.roles[source].label);
    row_texts[g].resize(lattice.grids[g].rows());
    for (int r = 0; r < lattice.grids[g].rows() && r < static_cast<int>(labels.size()); ++r) row_texts[g][r].label = labels[r];
    // Column headers printed again over the lower section: rows whose score
    // cells print what the top row's do. Only when some row repeats them:
    // the top row alone may hold a player's first numbers.
    printed_like_top[g] = RowsPrintedLikeTheTop(flat, lattice.grids[g], table.roles[g].score.front(),
                                                table.roles[g].score.back(), options.layout_header_alike);
    std::vector<bool>& alike = printed_like_top[g];
    if (std::count(alike.begin(), alike.end(), true) >= 2)
      for (int r = 0; r < lattice.grids[g].rows(); ++r) row_texts[g][r].header_print = alike[r];
    // Rows printed as dark bars across the score columns (the header's bar,
    // a section's bar): their print says header too. Read or not, their
    // white words are no ruleset row's label, and with the first labels
    // garbled (dice icons beside them) the bars had taken the first rows'
    // places ("Player", "Upper" bars as Aces and Twos).
    const std::vector<bool> bars = RowsPrintedAsBars(gray, lattice.grids[g], table.roles[g].score.front(),
                                                     table.roles[g].score.back(), options.bar_share);
    for (int r = 0; r < lattice.grids[g].rows(); ++r)
      if (bars[r]) row_texts[g][r].header_print = alike[r] = true;
  }

  // Score every candidate on every grid (mean over grids).
  struct Scored {
    const Ruleset* ruleset;
    std::vector<RulesetMatch> per_grid;
    double labels = 0, total = 0;
    bool contender = false;  // tied with the best on the labels
    std::vector<int> columns;  // score columns kept per grid (columns_kept)
  };
  auto by_total = [](const Scored& a, const Scored& b) { return a.total > b.total; };
  std::vector<int> shown_columns;  // score columns per grid, as the table shows them
  for (const ColumnRoles& roles : table.roles) shown_columns.push_back(static_cast<int>(roles.score.size()));
  std::vector<Scored> scored;
  for (const Ruleset* ruleset : candidates) {
    Scored entry{ruleset, {}, 0, 0, false, kept_columns.at(ruleset)};
    for (int g = 0; g < grid_count; ++g) {
      entry.per_grid.push_back(MatchRows(row_texts[g], *ruleset, known, options.labels));
      entry.labels += entry.per_grid.back().score / grid_count;
    }
    entry.total = entry.labels - (entry.columns != shown_columns ? options.fewer_columns_cost : 0.0);
    scored.push_back(std::move(entry));
  }
  const Lattice& first = lattice.grids.front();
  // The printed bonus rules ("63 or over", "100 per ✓"), the game's name in
  // the labels ("FiveZee", "Yahtzee bonus") and the how-to words only one
  // ruleset prints ("× column", "exceeds 62") speak for or against
  // every ruleset the labels fit, not only the close ones: a label read a
  // little better for one variant is noise, a threshold it does not have is
  // not. How-to phrasing any variant may print ("Score 35 if 83 or over")
  // says nothing: weighed by its likeness to each ruleset's own wording, it
  // made R.O.C.K. cards Jumbo FiveZee.
  {
    std::vector<std::string> row_text(first.rows());
    const std::vector<std::string>& how_to = first_roles.how_to.empty()
                                                 ? std::vector<std::string>()
                                                 : ColumnText(table.readings[0], first_roles.how_to.front());
    for (int r = 0; r < first.rows(); ++r)
      row_text[r] = row_texts[0][r].label + (r < static_cast<int>(how_to.size()) ? "\n" + how_to[r] : "");
    std::vector<std::string> labels;
    for (const PrintedRowText& row : row_texts[0]) labels.push_back(row.label);
    std::vector<int> columns_per_grid;
    for (const ColumnRoles& roles : table.roles) columns_per_grid.push_back(static_cast<int>(roles.score.size()));
    for (Scored& entry : scored)
      entry.total += options.number_weight * BonusNumberEvidence(row_text, entry.per_grid[0], *entry.ruleset, all) +
                     options.name_weight *
                         NameInLabelsEvidence(labels, entry.per_grid[0], *entry.ruleset, all) +
                     options.evidence_weight * HowToEvidence(row_text, entry.per_grid[0], *entry.ruleset, all) +
                     options.column_weight * ColumnCountEvidence(columns_per_grid, *entry.ruleset);
  }
  std::stable_sort(scored.begin(), scored.end(), by_total);
  // The rulesets the rows cannot tell apart: the column headers below
  // re-rank only those.
  const double label_cutoff = scored.front().total - options.tie_margin;
  for (Scored& entry : scored) entry.contender = entry.total >= label_cutoff;
  const auto contenders = std::count_if(scored.begin(), scored.end(), [](const Scored& e) { return e.contender; });

  // The title above the grids (e.g. "Triple Yahtzee", "Roll-Em") speaks for
  // every ruleset the labels fit, like the printed bonus numbers: one-game
  // sheets of four variants print nearly the same labels, and a title that
  // names one of them outweighs a label read a little better for another.
  // The score columns' headers (e.g. "×1 ×2 ×3") only re-rank those still
  // close: plain "#1 #2 #3" headers match piecepack's fixed headers but say
  // nothing against the label evidence.
  if (scored.size() > 1) {
    float top = first.frame.y;
    for (const Lattice& grid : lattice.grids) top = std::min(top, grid.frame.y);
    const std::string title = ReadArea(flat, cv::Rect(0, 0, flat.cols, static_cast<int>(top)), *reader);
    // The headers stand in the table's top row, or over it when the table
    // rules no line above them (its first line drawn under the header row):
    // both bands are read, the one that reads more like a ruleset's headers
    // speaks.
    std::vector<std::string> header_bands;
    if (contenders > 1) {
      const int left = static_cast<int>(first.column_x[first_roles.score.front()]);
      const int right = static_cast<int>(first.column_x[first_roles.score.back() + 1]);
      std::vector<float> heights;
      for (int r = 0; r < first.rows(); ++r) heights.push_back(first.row_y[r + 1] - first.row_y[r]);
      std::nth_element(heights.begin(), heights.begin() + heights.size() / 2, heights.end());
      const int top_row = static_cast<int>(first.row_y[0]), below = static_cast<int>(first.row_y[1]);
      const int above = std::max(0, top_row - static_cast<int>(heights[heights.size() / 2]));
      header_bands.push_back(ReadArea(flat, cv::Rect(cv::Point(left, top_row), cv::Point(right, below)), *reader));
      if (above < top_row)
        header_bands.push_back(ReadArea(flat, cv::Rect(cv::Point(left, above), cv::Point(right, top_row)), *reader));
    }
    const double cutoff = scored.front().total - options.tie_margin;
    for (Scored& entry : scored) {
      double header = 0;
      if (entry.contender && entry.total >= cutoff)
        for (const std::string& band : header_bands)
          header = std::max(header, HeaderEvidence(band, score_columns, *entry.ruleset));
      entry.total += options.evidence_weight * (TitleEvidence(title, *entry.ruleset, all) + header);
    }
    std::stable_sort(scored.begin(), scored.end(), by_total);
  }

  std::string source = "labels";
  const Scored& labels_best = scored.front();  // invalid once the layout reading drops rulesets
  if (!std::all_of(labels_best.per_grid.begin(), labels_best.per_grid.end(), [](const RulesetMatch& m) { return m.ok; })) {
    std::ostringstream detail;
    detail << "a ruled grid was found, but its labels fit no ruleset (best: " << labels_best.ruleset->id << ", "
           << std::lround(100 * labels_best.labels) << "% alike)";
    // Labels read in part: half of them garbled in a blurred photo, the
    // rest still fit a ruleset best, and the alignment has placed the
    // unreadable rows by their order among the rows read. Taken when the
    // printed rows are the ruleset's (few of its rows unprinted), less
    // surely than labels read whole; rulesets as close are named as ever
    // (ruleset_undecided), and the entries decide between them.
    // Read means read surely: unrelated text is up to half alike to any
    // label (an upside-down page's labels came out 34% alike to FiveZee's
    // on average), a label read at all is three quarters alike or more.
    const bool partly = std::all_of(labels_best.per_grid.begin(), labels_best.per_grid.end(), [&](const RulesetMatch& m) {
      const auto read = std::count_if(m.rows.begin(), m.rows.end(),
                                      [&](const RowMatch& row) { return row.similarity >= options.read_label; });
      return m.missing_rows <= options.max_partly_missing &&
             read >= options.min_partly_read * static_cast<double>(labels_best.ruleset->rows.size());
    });
    if (options.min_partly_read > 0 && partly) {
      source = "labels partly read";
    } else if (!options.layout_fallback) {
      none.detail = detail.str();
      return none;
    } else {
      // Labels too blurred for the OCR (a page photographed at low
      // resolution: capitals 5 px high): the rows that hold no scores are
      // told by the lattice's shape (ScoreRowsByOrder: headers told by their
      // print, slivers, rows off the pitch) and a ruleset's rows taken in
      // their printed order, for every ruleset whose rows are exactly those
      // left. The grids' shape (columns, grids per page) may leave one
      // ruleset; when it leaves several with as many rows (classic, FiveZee
      // and R.O.C.K. single-column sheets print the same twenty rows), the
      // page's other evidence orders them and all are named alternatives:
      // the entries decide between them (ScanImage), and the page names them
      // undecided as ever.
      std::erase_if(scored, [&](Scored& entry) {
        for (int g = 0; g < grid_count; ++g) {
          // The labels' alignment placed every row of the ruleset, in their
          // order, on every printed row but those their print tells
          // headers: it made no choice the labels had to make, and its rows
          // stand as placed, the bonus's points row under its ticks among
          // them (by the lattice's shape alone, a bonus printed as two rows
          // left one row too many, and the row off the pitch dropped was
          // Aces: every row read the one below it).
          if (EveryRowPlacedPastHeaders(entry.per_grid[g], *entry.ruleset, row_texts[g])) continue;
          const std::optional<std::vector<int>> rows = ScoreRowsByOrder(
              lattice.grids[g], printed_like_top[g], static_cast<int>(entry.ruleset->rows.size()));
          if (!rows) return true;
          RulesetMatch& match = entry.per_grid[g];
          match.rows.clear();
          for (size_t i = 0; i < rows->size(); ++i)
            match.rows.push_back({(*rows)[i], entry.ruleset->rows[i].id, CellPart::kValue, 0});
        }
        return false;
      });
      if (scored.empty()) {
        none.detail = detail.str();
        return none;
      }
      source = "layout";
    }
  }
  const Scored& best = scored.front();

  Grid grid;
  grid.status = GridStatus::kFound;
  grid.image = lattice.upright;
  grid.page_from_grid = lattice.upright_from_page.inv();
  grid.ruleset_id = best.ruleset->id;
  grid.grid_count = grid_count;
  grid.source = source;
  const double second = scored.size() > 1 ? scored[1].total : 0;
  for (size_t i = 1; i < scored.size(); ++i) {
    // Rows placed by order say nothing between the rulesets left: all are
    // the entries' to decide. Rulesets the page puts a little further
    // behind (entries_margin) are weighed by the entries too, the page's
    // lead counted in: one printed number misread ("83 or over" read as
    // "63" in a blurred photo) had put R.O.C.K. past the tie margin, and its
    // five boxes were read by classic rules, eight boxes empty.
    bool same = (source == "layout" || scored[i].total >= best.total - options.entries_margin) &&
                scored[i].columns == best.columns;
    for (int g = 0; g < grid_count && same; ++g) same = SameCells(scored[i].per_grid[g], best.per_grid[g]);
    if (same) {
      grid.ruleset_alternatives.push_back(scored[i].ruleset->id);
      const double lead = options.tie_margin > 0 ? (best.total - scored[i].total) / options.tie_margin : 1.0;
      grid.ruleset_alternative_lead.push_back(std::clamp(lead, 0.0, options.entries_margin / options.tie_margin));
    }
    if (scored[i].total >= best.total - options.tie_margin) grid.ruleset_undecided.push_back(scored[i].ruleset->id);
  }
  // Sure when the labels read well and no other ruleset comes close; from
  // the shape alone, half sure at most (a grid whose labels did read lifts
  // the mean likeness, not the sureness past that).
  grid.ruleset_confidence = source == "layout" ? std::min(0.5, 0.25 + 0.5 * std::clamp(best.labels, 0.0, 1.0))
                                              : std::clamp(best.labels, 0.0, 1.0) *
                                                    std::clamp(0.5 + 0.5 * (best.total - second) / options.sure_lead,
                                                               0.5, 1.0);
  if (source == "labels partly read") grid.ruleset_confidence = std::min(grid.ruleset_confidence, 0.5);
  for (int g = 0; g < grid_count; ++g) {
    const Lattice& printed = lattice.grids[g];
    // The ruleset's fewer score columns: the surplus where how-to text is
    // printed is that text, the likeliest print first.
    ColumnRoles& roles = table.roles[g];
    for (int c : roles.side_print)
      if (static_cast<int>(roles.score.size()) > best.columns[g] && std::erase(roles.score, c) > 0) roles.how_to.push_back(c);
    const std::vector<int>& score = roles.score;
    grid.columns.push_back(static_cast<int>(score.size()));
    for (int c = 0; c < static_cast<int>(score.size()); ++c)
      for (const RowMatch& row : best.per_grid[g].rows)
        grid.cells.push_back({g, c, row.row_id, row.part, printed.Cell(row.printed_row, score[c])});
  }
  return grid;
}

// How many of its ruleset's rows `grid` places (a cell in any column).
size_t RowsPlaced(const Grid& grid) {
  std::set<std::string> rows;
  for (const GridCell& cell : grid.cells) rows.insert(cell.row_id);
  return rows.size();
}

// Whether `grid` places a cell of every row of `ruleset`.
bool HoldsEveryRow(const Grid& grid, const Ruleset& ruleset) {
  return std::all_of(ruleset.rows.begin(), ruleset.rows.end(), [&](const RowSpec& row) {
    return std::any_of(grid.cells.begin(), grid.cells.end(), [&](const GridCell& cell) { return cell.row_id == row.id; });
  });
}

// `grid` with one more row of its common pitch below its last row line
// (`below`) or above its first, inside an image `height` pixels high.
Lattice WithOpenEndRow(Lattice grid, bool below, int height) {
  if (grid.rows() < 2) return grid;
  std::vector<double> gaps;
  for (int r = 0; r < grid.rows(); ++r) gaps.push_back(grid.row_y[r + 1] - grid.row_y[r]);
  const float pitch = static_cast<float>(Median(gaps));
  if (below && grid.row_y.back() + pitch < static_cast<float>(height)) {
    grid.row_y.push_back(grid.row_y.back() + pitch);
    grid.row_inferred.push_back(true);
  } else if (!below && grid.row_y.front() - pitch >= 0) {
    grid.row_y.insert(grid.row_y.begin(), grid.row_y.front() - pitch);
    grid.row_inferred.insert(grid.row_inferred.begin(), true);
  } else {
    return grid;
  }
  grid.frame = cv::Rect2f(grid.frame.x, grid.row_y.front(), grid.frame.width, grid.row_y.back() - grid.row_y.front());
  return grid;
}

// Sheets without a sheet code: ruled lines, then what the columns hold.
Grid GridFromLabels(const Page& page, const RulesetLibrary& rulesets, const GridOptions& options, TextReader* reader) {
  Grid none;
  LatticeOptions lattice_options = options.lattice;
  if (lattice_options.px_per_mm <= 0 && page.px_per_mm > 0) lattice_options.px_per_mm = page.px_per_mm;
  // Registration marks already fix the page's orientation.
  if (page.orientation_known) lattice_options.find_orientation = false;
  LatticeResult lattice = FindLattices(page.rectified, lattice_options);
  options.deadline.Check();
  if (!lattice.ok()) {
    none.detail = lattice.detail;  // says itself what it did not find
    return none;
  }
  if (!reader) {
    none.detail = "ruled grid found, but no text reader to read its labels";
    return none;
  }
  const double px_per_mm = page.px_per_mm > 0 ? page.px_per_mm : std::min(lattice.upright.cols, lattice.upright.rows) / 210.0;
  const cv::Mat flat = FlattenForText(lattice.upright, px_per_mm);
  Grid grid = GridFromLattice(lattice, flat, px_per_mm, rulesets, options, lattice_options.find_orientation, reader);
  if (grid.status == GridStatus::kFound) {
    if (!options.open_end_rows || HoldsEveryRow(grid, rulesets.Get(grid.ruleset_id))) return grid;
    // A ruleset row not placed: a table that rules a line between rows but
    // none under its last one (no frame, no column rules to go on past it)
    // ends a row early, and the rows above took the places of those below
    // them by their order (the grand total read from the row of the total
    // copied above it). Its grids are read again with a row of the common
    // pitch added below, above (the page may be upside down, or the first
    // row has no line over it), or both, and the reading that places the
    // most rows is kept. (The first of them to place more than before was
    // taken: a row added below, read by its order, hid the open first
    // row.) Rows, not cells: a reading that made one column too many had
    // more cells with two rows fewer, and was kept over the right one.
    Grid best = grid;
    for (const auto& [below, above] : {std::pair{true, false}, {false, true}, {true, true}}) {
      LatticeResult longer = lattice;
      for (Lattice& each : longer.grids) {
        if (below) each = WithOpenEndRow(std::move(each), true, longer.upright.rows);
        if (above) each = WithOpenEndRow(std::move(each), false, longer.upright.rows);
      }
      Grid again = GridFromLattice(std::move(longer), flat, px_per_mm, rulesets, options, lattice_options.find_orientation, reader);
      if (again.status == GridStatus::kFound && again.ruleset_id == grid.ruleset_id && RowsPlaced(again) > RowsPlaced(best))
        best = std::move(again);
    }
    return best;
  }
  if (options.join_stacked_mm <= 0) return grid;
  std::optional<std::vector<Lattice>> joined = JoinStackedGrids(
      lattice.grids, static_cast<float>(options.join_stacked_mm * px_per_mm), lattice_options.max_card_rows);
  if (!joined) return grid;
  // Grids stacked with their columns lined up, whose labels fit no ruleset
  // as they stand: the upper and lower sections of one grid, parted by a
  // section bar or a header printed again (the lines cannot tell those from
  // two games' grids; the labels can). Read as one when that fits.
  lattice.grids = std::move(*joined);
  Grid as_one = GridFromLattice(std::move(lattice), flat, px_per_mm, rulesets, options, lattice_options.find_orientation, reader);
  return as_one.status == GridStatus::kFound ? as_one : grid;
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

bool GridOptions::Check() const {
  const auto Share = [](double x) { return x >= 0 && x <= 1; };  // a share or a probability
  return sure_lead > 0 && lattice.Check() && labels.Check() && tints.Check() && unruled.Check() && headers.Check() &&
         score_columns.Check() && roles.Check() && tie_margin >= 0 && entries_margin >= tie_margin &&
         number_weight >= 0 && name_weight >= 0 && evidence_weight >= 0 && column_weight >= 0 &&
         fewer_columns_cost >= 0 && turn_margin >= 0 && join_stacked_mm >= 0 && Share(min_partly_read) &&
         Share(read_label) && max_partly_missing >= 0 && Share(layout_header_alike) && Share(bar_share);
}

}  // namespace scorecheck
