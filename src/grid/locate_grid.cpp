#include "grid/locate_grid.h"

#include <algorithm>
#include <cmath>
#include <map>
#include <optional>
#include <set>
#include <sstream>
#include <utility>

#include <opencv2/core.hpp>
#include <opencv2/imgproc.hpp>

#include "core/image_constants.h"
#include "core/paper_sizes.h"
#include "grid/column_roles.h"
#include "grid/printed_text.h"
#include "grid/read_tables.h"
#include "grid/rows_by_order.h"
#include "grid/ruleset_evidence.h"
#include "grid/snap_to_lines.h"
#include "grid/tinted_columns.h"
#include "grid/unruled_columns.h"

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
  if (lattice.upright.channels() == kColourChannels) cv::cvtColor(lattice.upright, gray, cv::COLOR_BGR2GRAY);
  else gray = lattice.upright;
  for (Lattice& grid : lattice.grids) {
    const std::vector<float> ruled = grid.column_x;
    grid = SplitTintedColumns(gray, flat, std::move(grid), px_per_mm, options.tints);
    std::vector<float> tint_edges;
    for (float x : grid.column_x)
      if (std::find(ruled.begin(), ruled.end(), x) == ruled.end()) tint_edges.push_back(x);
    grid = SplitUnruledColumns(flat, std::move(grid), px_per_mm, options.unruled, tint_edges);
    grid = SplitHeadedColumns(flat, std::move(grid), px_per_mm, options.headers);
  }
  return lattice;
}

// The rulesets `lattice`'s count of grids fits (grids per page): the forced
// one, or every one.
std::vector<const Ruleset*> RulesetsForGridCount(const std::vector<const Ruleset*>& all, int grid_count,
                                                 const std::string& forced) {
  std::vector<const Ruleset*> fitting;
  for (const Ruleset* ruleset : all) {
    if (forced != "auto" && forced != ruleset->id) continue;
    const int most_grids = ruleset->grids_per_page.empty()
                               ? 1
                               : *std::max_element(ruleset->grids_per_page.begin(), ruleset->grids_per_page.end());
    if (most_grids >= grid_count) fitting.push_back(ruleset);
  }
  return fitting;
}

// What a page's print says, read once: its lattice the right way up, its
// tables' columns and their roles, and per grid the text of each printed row.
struct PrintedPage {
  LatticeResult lattice;
  cv::Mat flat;  // the upright page flattened for text
  double px_per_mm = 0;
  TableReading table;
  std::vector<std::vector<PrintedRowText>> row_texts;  // per grid, per printed row
  // Per grid, per printed row: its score cells print what the top row's do
  // (header rows, told by their print), or it is a dark bar: for the labels,
  // and for the layout when no label can be read.
  std::vector<std::vector<bool>> printed_like_top;
  int grids() const { return static_cast<int>(lattice.grids.size()); }
};

// `page` with its tables read the way up their labels read better. The lines
// cannot tell upright from upside down; the printed labels can: upside down,
// no column reads like labels. The columns the table does not rule are found
// each way up: headers read upside down are not the headers (a section
// title, at the labels' far end, made a column of them).
// samples/upside-down/0044-piecepack-rotated.jpg.
void ReadTablesUpright(PrintedPage& page, const std::vector<const Ruleset*>& candidates, const KnownLabels& known,
                       const GridOptions& options, bool find_orientation, TextReader& reader) {
  page.table = ReadTables(WithUnruledColumns(page.lattice, page.flat, page.px_per_mm, options), page.flat,
                          page.px_per_mm, candidates, known, options, reader);
  if (find_orientation && page.table.fit < options.labels.min_score) {
    LatticeResult turned = TurnedHalf(page.lattice);
    cv::Mat turned_flat;
    cv::rotate(page.flat, turned_flat, cv::ROTATE_180);
    turned = WithUnruledColumns(std::move(turned), turned_flat, page.px_per_mm, options);
    TableReading other = ReadTables(turned, turned_flat, page.px_per_mm, candidates, known, options, reader);
    // Labels that read no better one way than the other (too small to read
    // at all: both fits a few hundredths from 0) say nothing about which way
    // is up; the page stays as it was taken, most often upright.
    if (other.fit > page.table.fit + options.turn_margin) {
      page.lattice = std::move(turned);
      page.flat = turned_flat;
      page.table = std::move(other);
    }
  }
  page.lattice.grids = page.table.grids;
}

// More score columns than any ruleset has: the columns that read like words,
// though not surely (how-to text in a low-resolution photo), are how-to text
// after all, the likeliest print first, as many as the rulesets need:
// blurred handwriting at the table's far side reads like words too (a how-to
// column beside the labels and the sixth player's both unsure words, both
// went, and five players were read).
void SurplusColumnsAsHowTo(std::vector<ColumnRoles>& tables, int most_columns) {
  for (ColumnRoles& roles : tables) {
    if (static_cast<int>(roles.score.size()) <= most_columns) continue;
    std::vector<int> order;
    for (int c : roles.side_print)
      if (std::find(roles.maybe_how_to.begin(), roles.maybe_how_to.end(), c) != roles.maybe_how_to.end())
        order.push_back(c);
    for (int c : roles.maybe_how_to)
      if (std::find(order.begin(), order.end(), c) == order.end()) order.push_back(c);
    for (int c : order)
      if (static_cast<int>(roles.score.size()) > most_columns && std::erase(roles.score, c) > 0)
        roles.how_to.push_back(c);
    std::sort(roles.how_to.begin(), roles.how_to.end());
  }
}

// The score columns each grid keeps under `ruleset`: as many as the table
// shows, or fewer when the surplus stands where how-to text is printed (a
// how-to column of print too blurred to tell from writing); none when the
// ruleset fits neither way.
std::optional<std::vector<int>> ColumnsKept(const std::vector<ColumnRoles>& tables, const Ruleset& ruleset) {
  std::vector<int> kept;
  for (const ColumnRoles& roles : tables) {
    const int n = static_cast<int>(roles.score.size());
    const auto side = std::count_if(roles.side_print.begin(), roles.side_print.end(), [&](int c) {
      return std::find(roles.score.begin(), roles.score.end(), c) != roles.score.end();
    });
    if (n < ruleset.min_columns || n - side > ruleset.max_columns) return std::nullopt;
    kept.push_back(std::min(n, ruleset.max_columns));
  }
  return kept;
}

// Per grid of `page`, the text of each printed row and which rows print as
// headers. Grids of one page are printed alike: a grid whose labels read
// worse than those of another grid with as many rows (a shadow, a thick
// frame beside its labels) takes that grid's labels.
void ReadPrintedRows(PrintedPage& page, const GridOptions& options) {
  const int grid_count = page.grids();
  const TableReading& table = page.table;
  std::vector<double> label_fit(grid_count, -1);
  for (int g = 0; g < grid_count; ++g)
    for (const ColumnReading& reading : table.readings[g])
      if (reading.column == table.roles[g].label) label_fit[g] = reading.label_fit;
  page.row_texts.assign(grid_count, {});
  page.printed_like_top.assign(grid_count, {});
  cv::Mat gray;
  if (page.lattice.upright.channels() == kColourChannels) cv::cvtColor(page.lattice.upright, gray, cv::COLOR_BGR2GRAY);
  else gray = page.lattice.upright;
  for (int g = 0; g < grid_count; ++g) {
    const Lattice& grid = page.lattice.grids[g];
    int source = g;
    for (int other = 0; other < grid_count; ++other)
      if (page.lattice.grids[other].rows() == grid.rows() && label_fit[other] > label_fit[source]) source = other;
    const std::vector<std::string>& labels = ColumnText(table.readings[source], table.roles[source].label);
    std::vector<PrintedRowText>& rows = page.row_texts[g];
    rows.resize(grid.rows());
    for (int r = 0; r < grid.rows() && r < static_cast<int>(labels.size()); ++r) rows[r].label = labels[r];
    // Column headers printed again over the lower section: rows whose score
    // cells print what the top row's do. Only when some row repeats them:
    // the top row alone may hold a player's first numbers.
    const int first = table.roles[g].score.front(), last = table.roles[g].score.back();
    std::vector<bool>& alike = page.printed_like_top[g];
    alike = RowsPrintedLikeTheTop(page.flat, grid, first, last, options.layout_header_alike);
    if (std::count(alike.begin(), alike.end(), true) >= 2)
      for (int r = 0; r < grid.rows(); ++r) rows[r].header_print = alike[r];
    // Rows printed as dark bars across the score columns (the header's bar,
    // a section's bar): their print says header too. Read or not, their
    // white words are no ruleset row's label, and with the first labels
    // garbled (dice icons beside them) the bars had taken the first rows'
    // places ("Player", "Upper" bars as Aces and Twos).
    const std::vector<bool> bars = RowsPrintedAsBars(gray, grid, first, last, options.bar_share);
    for (int r = 0; r < grid.rows(); ++r)
      if (bars[r]) rows[r].header_print = alike[r] = true;
  }
}

// The rulesets whose score columns the tables fit, in the library's order,
// with the score columns each grid keeps under them (ColumnsKept).
using KeptColumns = std::vector<std::pair<const Ruleset*, std::vector<int>>>;

// A ruleset as a reading of the page's grids, and the page's score for it.
struct Scored {
  const Ruleset* ruleset;
  std::vector<RulesetMatch> per_grid;
  double labels = 0, total = 0;  // the labels' mean likeness over grids; that with every other piece of print
  std::vector<int> columns;      // score columns kept per grid (ColumnsKept)
  double column_cost = 0;        // fewer_columns_cost when it keeps fewer than the table shows, in `total`
};

void ByTotal(std::vector<Scored>& scored) {
  std::stable_sort(scored.begin(), scored.end(), [](const Scored& a, const Scored& b) { return a.total > b.total; });
}

// Every candidate scored by its rows' labels on every grid (mean over
// grids), less fewer_columns_cost when it keeps fewer score columns than the
// table shows.
std::vector<Scored> ScoreLabels(const PrintedPage& page, const KeptColumns& kept_columns, const KnownLabels& known,
                                const GridOptions& options) {
  std::vector<int> shown_columns;  // score columns per grid, as the table shows them
  for (const ColumnRoles& roles : page.table.roles) shown_columns.push_back(static_cast<int>(roles.score.size()));
  std::vector<Scored> scored;
  for (const auto& [ruleset, kept] : kept_columns) {
    Scored entry{ruleset, {}, 0, 0, kept};
    for (int g = 0; g < page.grids(); ++g) {
      entry.per_grid.push_back(MatchRows(page.row_texts[g], *ruleset, known, options.labels));
      entry.labels += entry.per_grid.back().score / page.grids();
    }
    entry.column_cost = entry.columns != shown_columns ? options.fewer_columns_cost : 0.0;
    entry.total = entry.labels - entry.column_cost;
    scored.push_back(std::move(entry));
  }
  return scored;
}

// The printed bonus rules ("63 or over", "100 per ✓"), the game's name in
// the labels ("FiveZee", "Yahtzee bonus") and the how-to words only one
// ruleset prints ("× column", "exceeds 62") speak for or against every
// ruleset the labels fit, not only the close ones: a label read a little
// better for one variant is noise, a threshold it does not have is not.
// How-to phrasing any variant may print ("Score 35 if 83 or over") says
// nothing: weighed by its likeness to each ruleset's own wording, it made
// R.O.C.K. cards Jumbo FiveZee.
void AddPrintedRules(std::vector<Scored>& scored, const PrintedPage& page, const std::vector<const Ruleset*>& all,
                     const GridOptions& options) {
  const Lattice& first = page.lattice.grids.front();
  const ColumnRoles& first_roles = page.table.roles.front();
  std::vector<std::string> row_text(first.rows());
  const std::vector<std::string>& how_to = first_roles.how_to.empty()
                                               ? std::vector<std::string>()
                                               : ColumnText(page.table.readings[0], first_roles.how_to.front());
  for (int r = 0; r < first.rows(); ++r)
    row_text[r] = page.row_texts[0][r].label + (r < static_cast<int>(how_to.size()) ? "\n" + how_to[r] : "");
  std::vector<std::string> labels;
  for (const PrintedRowText& row : page.row_texts[0]) labels.push_back(row.label);
  std::vector<int> columns_per_grid;
  for (const ColumnRoles& roles : page.table.roles) columns_per_grid.push_back(static_cast<int>(roles.score.size()));
  for (Scored& entry : scored)
    entry.total += options.number_weight * BonusNumberEvidence(row_text, entry.per_grid[0], *entry.ruleset, all) +
                   options.name_weight * NameInLabelsEvidence(labels, entry.per_grid[0], *entry.ruleset, all) +
                   options.evidence_weight * HowToEvidence(row_text, entry.per_grid[0], *entry.ruleset, all) +
                   options.column_weight * ColumnCountEvidence(columns_per_grid, *entry.ruleset);
}

// The score columns `roles` keeps for a ruleset of `count` of them: all, or
// fewer, the surplus standing where how-to text is printed taken for that
// text, the likeliest print first (ColumnRoles::side_print).
std::vector<int> ScoreColumnsKept(const ColumnRoles& roles, int count) {
  std::vector<int> kept = roles.score;
  for (int c : roles.side_print)
    if (static_cast<int>(kept.size()) > count) std::erase(kept, c);
  return kept;
}

// The header text over `score` (columns of the page's first grid, left to
// right): in the table's top row, or over it when the table rules no line
// above them (its first line drawn under the header row). Both bands are
// read; the one that reads more like a ruleset's headers speaks.
std::vector<std::string> HeaderBands(const PrintedPage& page, const std::vector<int>& score, TextReader& reader) {
  const Lattice& first = page.lattice.grids.front();
  // Inside the rules: a rule's dark ink in a band sets the OCR's threshold
  // between it and the paper, and pale print (a header bar's white letters
  // in a dim photo, lifted to grey) falls on the paper's side.
  const int inset = static_cast<int>(std::ceil(InsideRulesPx(first)));
  const int left = static_cast<int>(first.column_x[score.front()]) + inset;
  const int right = static_cast<int>(first.column_x[score.back() + 1]) - inset;
  const int top_row = static_cast<int>(first.row_y[0]), below = static_cast<int>(first.row_y[1]);
  const double pitch = MedianRowPitch(first);
  const int above = std::max(0, top_row - static_cast<int>(pitch));
  std::vector<std::string> bands;
  bands.push_back(
      ReadArea(page.flat, cv::Rect(cv::Point(left, top_row + inset), cv::Point(right, below - inset)), reader, pitch));
  if (above < top_row)
    bands.push_back(
        ReadArea(page.flat, cv::Rect(cv::Point(left, above), cv::Point(right, top_row - inset)), reader, pitch));
  return bands;
}

// The title above the grids (e.g. "Triple Yahtzee", "Roll-Em") speaks for
// every ruleset the labels fit, like the printed bonus numbers: one-game
// sheets of four variants print nearly the same labels, and a title that
// names one of them outweighs a label read a little better for another.
// The score columns' headers (e.g. "×1 ×2 ×3") only re-rank those the rows
// cannot tell apart (contenders): plain "#1 #2 #3" headers match
// piecepack's fixed headers but say nothing against the label evidence. A
// ruleset that keeps fewer score columns than the table shows is a
// contender by its print, its cost for those columns aside (the headers
// over the columns it keeps may outweigh that cost: fewer_columns_cost),
// and each contender is weighed by the headers over its own columns: over
// a how-to column unread in a dim photo and its three players' columns,
// "How x1 x2 x3" said little for Triple's "×1 ×2 ×3", and the card was
// read as classic with the how-to text as a first player.
void AddTitleAndHeaders(std::vector<Scored>& scored, const PrintedPage& page, const std::vector<const Ruleset*>& all,
                        const GridOptions& options, TextReader& reader) {
  if (scored.size() < 2) return;
  const ColumnRoles& roles = page.table.roles.front();
  const auto by_print = [](const Scored& e) { return e.total + e.column_cost; };
  const double cutoff = scored.front().total - options.tie_margin;  // the contenders' least score by their print
  const auto contenders =
      std::count_if(scored.begin(), scored.end(), [&](const Scored& e) { return by_print(e) >= cutoff; });
  float top = page.lattice.grids.front().frame.y;
  for (const Lattice& grid : page.lattice.grids) top = std::min(top, grid.frame.y);
  const std::string title = ReadArea(page.flat, cv::Rect(0, 0, page.flat.cols, static_cast<int>(top)), reader);
  std::map<std::vector<int>, std::vector<std::string>> header_bands;  // per set of score columns kept
  for (Scored& entry : scored) {
    double header = 0;
    if (contenders > 1 && by_print(entry) >= cutoff) {
      const std::vector<int> kept = ScoreColumnsKept(roles, entry.columns.front());
      if (!header_bands.count(kept)) header_bands[kept] = HeaderBands(page, kept, reader);
      for (const std::string& band : header_bands[kept])
        header = std::max(header, HeaderEvidence(band, static_cast<int>(kept.size()), *entry.ruleset));
    }
    entry.total += options.evidence_weight * (TitleEvidence(title, *entry.ruleset, all) + header);
  }
  ByTotal(scored);
}

// Whether the labels of the best-scored ruleset are read in part, enough to
// take it: half of them garbled in a blurred photo, the rest still fit it
// best, and the alignment has placed the unreadable rows by their order
// among the rows read. Taken when the printed rows are the ruleset's (few of
// its rows unprinted), less surely than labels read whole. Read means read
// surely: unrelated text is up to half alike to any label (an upside-down
// page's labels came out 34% alike to FiveZee's on average), a label read
// at all is three quarters alike or more.
bool LabelsPartlyRead(const Scored& best, const GridOptions& options) {
  if (options.min_partly_read <= 0) return false;
  return std::all_of(best.per_grid.begin(), best.per_grid.end(), [&](const RulesetMatch& m) {
    const auto read = std::count_if(m.rows.begin(), m.rows.end(),
                                    [&](const RowMatch& row) { return row.similarity >= options.read_label; });
    return m.missing_rows <= options.max_partly_missing &&
           read >= options.min_partly_read * static_cast<double>(best.ruleset->rows.size());
  });
}

// Labels too blurred for the OCR (a page photographed at low resolution:
// capitals 5 px high): the rows that hold no scores are told by the
// lattice's shape (ScoreRowsByOrder: headers told by their print, slivers,
// rows off the pitch) and a ruleset's rows taken in their printed order, for
// every ruleset whose rows are exactly those left; the others are dropped.
// The grids' shape (columns, grids per page) may leave one ruleset; when it
// leaves several with as many rows (classic, FiveZee and R.O.C.K.
// single-column sheets print the same twenty rows), the page's other
// evidence orders them, and the entries decide between them.
// samples/labels-unreadable/0110-piecepack-lowres.jpg.
void PlaceRowsByLayout(std::vector<Scored>& scored, const PrintedPage& page) {
  std::erase_if(scored, [&](Scored& entry) {
    for (int g = 0; g < page.grids(); ++g) {
      // The labels' alignment placed every row of the ruleset, in their
      // order, on every printed row but those their print tells headers:
      // it made no choice the labels had to make, and its rows stand as
      // placed, the bonus's points row under its ticks among them (by the
      // lattice's shape alone, a bonus printed as two rows left one row too
      // many, and the row off the pitch dropped was Aces: every row read the
      // one below it).
      if (EveryRowPlacedPastHeaders(entry.per_grid[g], *entry.ruleset, page.row_texts[g])) continue;
      const std::optional<std::vector<int>> rows = ScoreRowsByOrder(
          page.lattice.grids[g], page.printed_like_top[g], static_cast<int>(entry.ruleset->rows.size()));
      if (!rows) return true;
      RulesetMatch& match = entry.per_grid[g];
      match.rows.clear();
      for (size_t i = 0; i < rows->size(); ++i)
        match.rows.push_back({(*rows)[i], entry.ruleset->rows[i].id, CellPart::kValue, 0});
    }
    return false;
  });
}

// How the rows of `scored` are placed on the page: by their labels, by the
// labels read in part, or by the layout (PlaceRowsByLayout, which drops the
// rulesets that do not fit); kNone, with `detail`, when none fits.
GridSource PlaceRows(std::vector<Scored>& scored, const PrintedPage& page, const GridOptions& options,
                     std::string& detail) {
  const Scored& best = scored.front();
  if (std::all_of(best.per_grid.begin(), best.per_grid.end(), [](const RulesetMatch& m) { return m.ok; }))
    return GridSource::kLabels;
  if (LabelsPartlyRead(best, options)) return GridSource::kLabelsPartlyRead;
  std::ostringstream why;
  why << "a table was found, but its labels fit no ruleset (best: " << best.ruleset->id << ", "
      << std::lround(kPercent * best.labels) << "% alike)";
  detail = why.str();
  if (!options.layout_fallback) return GridSource::kNone;
  PlaceRowsByLayout(scored, page);
  return scored.empty() ? GridSource::kNone : GridSource::kLayout;
}

// The rulesets `scored` (best first) offers the one choice of the card's
// ruleset: those the page cannot tell from its favourite (within
// tie_margin), and those the entries are weighed under. Rows placed by
// order say nothing between the rulesets left: all are the entries' to
// decide. Rulesets the page puts a little further behind (entries_margin)
// are weighed by the entries too, the page's lead counted in: one printed
// number misread ("83 or over" read as "63" in a blurred photo) had put
// R.O.C.K. past the tie margin, and its five boxes were read by classic
// rules, eight boxes empty. Only a ruleset whose rows fall on the
// favourite's cells can be weighed: the boxes are read once.
std::vector<RulesetCandidate> OfferedRulesets(const std::vector<Scored>& scored, GridSource source,
                                              const GridOptions& options) {
  const Scored& best = scored.front();
  std::vector<RulesetCandidate> offered = {{best.ruleset->id, 0, false, false}};
  for (size_t i = 1; i < scored.size(); ++i) {
    bool weighed = (source == GridSource::kLayout || scored[i].total >= best.total - options.entries_margin) &&
                   scored[i].columns == best.columns;
    for (size_t g = 0; g < best.per_grid.size() && weighed; ++g)
      weighed = SameCells(scored[i].per_grid[g], best.per_grid[g]);
    const bool ties = scored[i].total >= best.total - options.tie_margin;
    if (!weighed && !ties) continue;
    const double lead = options.tie_margin > 0 ? (best.total - scored[i].total) / options.tie_margin : 1.0;
    offered.push_back({scored[i].ruleset->id, std::clamp(lead, 0.0, options.entries_margin / options.tie_margin),
                       ties, weighed});
  }
  return offered;
}

// How sure the print is of its favourite: sure when the labels read well
// and no other ruleset comes close (sure_lead); from the shape alone, half
// sure at most (a grid whose labels did read lifts the mean likeness, not
// the sureness past that); from labels read in part, half sure at most.
double FavouriteSureness(const std::vector<Scored>& scored, GridSource source, const GridOptions& options) {
  constexpr double kHalfSure = 0.5;  // a tie with the runner-up, or rows placed without their labels read whole
  // From the shape alone, labels that read not at all leave half of that,
  // and labels half alike or more lift it to kHalfSure.
  constexpr double kShapeOnlyBase = 0.5;
  const Scored& best = scored.front();
  const double labels = std::clamp(best.labels, 0.0, 1.0);
  if (source == GridSource::kLayout) return std::min(kHalfSure, kHalfSure * (kShapeOnlyBase + labels));
  const double second = scored.size() > 1 ? scored[1].total : 0;
  const double sureness =
      labels * std::clamp(kHalfSure + kHalfSure * (best.total - second) / options.sure_lead, kHalfSure, 1.0);
  return source == GridSource::kLabelsPartlyRead ? std::min(sureness, kHalfSure) : sureness;
}

// The grid of `page` read by `best`: its score columns (the ruleset's fewer
// score columns: the surplus where how-to text is printed is that text, the
// likeliest print first), and a cell per column of every row it places.
void PlaceCells(Grid& grid, PrintedPage& page, const Scored& best) {
  for (int g = 0; g < page.grids(); ++g) {
    const Lattice& printed = page.lattice.grids[g];
    ColumnRoles& roles = page.table.roles[g];
    const std::vector<int> score = ScoreColumnsKept(roles, best.columns[g]);
    for (int c : roles.score)
      if (std::find(score.begin(), score.end(), c) == score.end()) roles.how_to.push_back(c);
    std::sort(roles.how_to.begin(), roles.how_to.end());
    roles.score = score;
    grid.columns.push_back(static_cast<int>(score.size()));
    for (int c = 0; c < static_cast<int>(score.size()); ++c)
      for (const RowMatch& row : best.per_grid[g].rows)
        grid.cells.push_back({g, c, row.row_id, row.part, printed.Cell(row.printed_row, score[c])});
  }
}

// Every ruleset of `rulesets`.
std::vector<const Ruleset*> AllRulesets(const RulesetLibrary& rulesets) {
  std::vector<const Ruleset*> all;
  for (const std::string& id : rulesets.Ids()) all.push_back(&rulesets.Get(id));
  return all;
}

// A grid that was not found, and why.
Grid NoGrid(std::string detail) {
  Grid none;
  none.detail = std::move(detail);
  return none;
}

// The grids of `lattice` read by what their columns hold: each ruleset that
// fits the page's shape scored by every piece of its print, the best one
// the page's favourite, those near it offered too. `flat`: its page
// flattened for text; `known`: every ruleset's labels.
Grid GridFromLattice(LatticeResult lattice, cv::Mat flat, double px_per_mm, const RulesetLibrary& rulesets,
                     const KnownLabels& known, const GridOptions& options, bool find_orientation,
                     TextReader& reader) {
  options.deadline.Check();
  const std::vector<const Ruleset*> all = AllRulesets(rulesets);
  const int grid_count = static_cast<int>(lattice.grids.size());
  std::vector<const Ruleset*> candidates = RulesetsForGridCount(all, grid_count, options.ruleset);
  if (candidates.empty()) return NoGrid(std::to_string(grid_count) + " grids on the page fit no ruleset");

  PrintedPage page{std::move(lattice), std::move(flat), px_per_mm, {}, {}, {}};
  ReadTablesUpright(page, candidates, known, options, find_orientation, reader);
  for (const ColumnRoles& roles : page.table.roles)
    if (!roles.ok()) return NoGrid("a table was found, but " + roles.detail);
  SurplusColumnsAsHowTo(page.table.roles, MostScoreColumns(candidates));
  KeptColumns kept_columns;
  std::ostringstream why_not;
  for (const Ruleset* ruleset : candidates) {
    if (const std::optional<std::vector<int>> kept = ColumnsKept(page.table.roles, *ruleset))
      kept_columns.emplace_back(ruleset, *kept);
    else why_not << " " << ruleset->id << " (" << ruleset->min_columns << ".." << ruleset->max_columns << " columns)";
  }
  if (kept_columns.empty())
    return NoGrid("a grid of " + std::to_string(page.table.roles.front().score.size()) +
                  " score columns fits no ruleset:" + why_not.str());

  ReadPrintedRows(page, options);
  std::vector<Scored> scored = ScoreLabels(page, kept_columns, known, options);
  AddPrintedRules(scored, page, all, options);
  ByTotal(scored);
  AddTitleAndHeaders(scored, page, all, options, reader);
  std::string detail;
  const GridSource source = PlaceRows(scored, page, options, detail);
  if (source == GridSource::kNone) return NoGrid(detail);

  Grid grid;
  grid.status = GridStatus::kFound;
  grid.image = page.lattice.upright;
  grid.page_from_grid = page.lattice.upright_from_page.inv();
  grid.grid_count = grid_count;
  grid.source = source;
  grid.rulesets = OfferedRulesets(scored, source, options);
  grid.favourite_sureness = FavouriteSureness(scored, source, options);
  PlaceCells(grid, page, scored.front());
  return grid;
}

// How many of its favourite's rows `grid` places (a cell in any column).
size_t RowsPlaced(const Grid& grid) {
  std::set<std::string> rows;
  for (const GridCell& cell : grid.cells) rows.insert(cell.row_id);
  return rows.size();
}

// Whether `grid` places a cell of every row of its favourite ruleset.
bool HoldsEveryRow(const Grid& grid, const RulesetLibrary& rulesets) {
  const Ruleset& ruleset = rulesets.Get(grid.favourite());
  return std::all_of(ruleset.rows.begin(), ruleset.rows.end(), [&](const RowSpec& row) {
    return std::any_of(grid.cells.begin(), grid.cells.end(), [&](const GridCell& cell) { return cell.row_id == row.id; });
  });
}

// `grid` with one more row of its common pitch below its last row line
// (`below`) or above its first, inside an image `height` pixels high.
Lattice WithOpenEndRow(Lattice grid, bool below, int height) {
  if (grid.rows() < 2) return grid;
  const float pitch = MedianRowPitch(grid);
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

// The ways the page's ruled lines may be read, the lattice as found first.
// A table that rules a line between rows but none under its last one (no
// frame, no column rules to go on past it) ends a row early, and the rows
// above take the places of those below them by their order (the grand total
// read from the row of the total copied above it): its grids with a row of
// their pitch added below, above (the page may be upside down, or the first
// row has no line over it), or both (GridOptions::open_end_rows;
// samples/open-end-rows/0059-triple-photo.jpg, 0130-rollem-photo.jpg).
std::vector<std::pair<std::string, LatticeResult>> LatticeReadings(const LatticeResult& lattice,
                                                                   bool open_end_rows) {
  std::vector<std::pair<std::string, LatticeResult>> readings = {{"as found", lattice}};
  if (open_end_rows)
    for (const auto& [below, above] : {std::pair{true, false}, {false, true}, {true, true}}) {
      LatticeResult longer = lattice;
      for (Lattice& each : longer.grids) {
        if (below) each = WithOpenEndRow(std::move(each), true, longer.upright.rows);
        if (above) each = WithOpenEndRow(std::move(each), false, longer.upright.rows);
      }
      readings.emplace_back(below && above ? "a row added at both ends" : below ? "a row added below" : "a row added above",
                            std::move(longer));
    }
  return readings;
}

// The grid of the ruled lines `lattice` (found on `page`), read by what
// its columns hold. Each way of reading the lines (LatticeReadings) is
// read in turn; the first whose favourite has every one of its rows placed
// is the page's, else the one that places the most rows (rows, not cells:
// a reading that made one column too many had more cells with two rows
// fewer), the first of equals. The other readings add a row to what the
// lines as found show: when those hold no scorecard, neither do they
// (reading them cost a page that holds none half as long again, and found
// nothing on any card measured).
Grid GridFromRuledLines(const LatticeResult& lattice, double px_per_mm, const RulesetLibrary& rulesets,
                        const KnownLabels& known, const GridOptions& options, bool find_orientation,
                        TextReader& reader) {
  const cv::Mat flat = FlattenForText(lattice.upright, px_per_mm);
  std::optional<Grid> best;
  for (auto& [how, reading] : LatticeReadings(lattice, options.open_end_rows)) {
    Grid grid =
        GridFromLattice(std::move(reading), flat, px_per_mm, rulesets, known, options, find_orientation, reader);
    grid.lines_read = how;
    if (!grid.ok()) {
      if (!best) return grid;  // the lines as found say why not
      continue;
    }
    if (HoldsEveryRow(grid, rulesets)) return grid;
    if (!best || RowsPlaced(grid) > RowsPlaced(*best)) best = std::move(grid);
  }
  return *best;
}

// The grid of `page` read in rows where its labels are printed
// (RowsFromPrint), the page as it is.
Grid GridFromPrint(const Page& page, double px_per_mm, const RulesetLibrary& rulesets, const KnownLabels& known,
                   const GridOptions& options, TextReader& reader) {
  const cv::Mat flat = FlattenForText(page.rectified, px_per_mm);
  LatticeResult rows = RowsFromPrint(page.rectified, flat, px_per_mm, known, reader, options.print_rows);
  if (!rows.ok()) return NoGrid(rows.detail);
  // The rows stand where labels were read: their labels must fit a
  // ruleset outright, neither read in part nor placed by the table's shape.
  GridOptions read_outright = options;
  read_outright.min_partly_read = 0;
  read_outright.layout_fallback = false;
  Grid grid = GridFromLattice(std::move(rows), flat, px_per_mm, rulesets, known, read_outright, false, reader);
  if (!grid.ok()) return NoGrid("in rows where its labels are printed, " + grid.detail);
  grid.lines_read = "rows from the print";
  grid.ruled_nowhere = true;
  return grid;
}

// Sheets without a sheet code: ruled lines, then what the columns hold; and
// when no ruled table is found, the rows where the labels are printed. (A
// ruled table whose labels fit no ruleset is not read again that way: on
// development captures, such tables with tinted columns came out half a
// column off, their numbers read with no warning, and no copy gained.)
Grid GridFromLabels(const Page& page, const RulesetLibrary& rulesets, const GridOptions& options, TextReader* reader) {
  LatticeOptions lattice_options = options.lattice;
  if (lattice_options.px_per_mm <= 0 && page.px_per_mm > 0) lattice_options.px_per_mm = page.px_per_mm;
  // Registration marks already fix the page's orientation.
  if (page.orientation_known) lattice_options.find_orientation = false;
  const LatticeResult lattice = FindLattices(page.rectified, lattice_options);
  options.deadline.Check();
  if (!reader) {
    if (!lattice.ok()) return NoGrid(lattice.detail);  // says itself what it did not find
    return NoGrid("ruled grid found, but no text reader to read its labels");
  }
  const double px_per_mm =
      page.px_per_mm > 0 ? page.px_per_mm : std::min(lattice.upright.cols, lattice.upright.rows) / kA4ShortSideMm;
  // One vocabulary for every reading of the page: its likenesses are kept
  // as they are worked out.
  const KnownLabels known(LabelVocabulary(AllRulesets(rulesets)));
  if (lattice.ok())
    return GridFromRuledLines(lattice, px_per_mm, rulesets, known, options, lattice_options.find_orientation, *reader);
  Grid from_print = GridFromPrint(page, px_per_mm, rulesets, known, options, *reader);
  if (from_print.ok()) return from_print;
  return NoGrid(lattice.detail + ", and " + from_print.detail);
}

}  // namespace

Grid GridFromLayout(const SheetLayout& layout, double px_per_mm) {
  Grid grid;
  grid.status = GridStatus::kFound;
  grid.rulesets = {{layout.ruleset_id, 0, false, false}};
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
  if (!page.ok()) return NoGrid("no page");
  if (options.ruleset != "auto" && !rulesets.Find(options.ruleset))
    return NoGrid("unknown ruleset \"" + options.ruleset + "\"");
  if (!page.sheet || page.px_per_mm <= 0) return GridFromLabels(page, rulesets, options, text_reader);
  const Ruleset* ruleset = rulesets.Find(page.sheet->ruleset_id);
  if (!ruleset)
    return NoGrid("the sheet code names ruleset \"" + page.sheet->ruleset_id + "\", which is not installed");
  if (options.ruleset != "auto" && options.ruleset != ruleset->id)
    return NoGrid("the sheet code says " + ruleset->id + ", not " + options.ruleset);
  SheetOptions sheet = page.sheet->options;
  sheet.page = page.page_size;
  if (const std::string misfit = sheet.Check(*ruleset); !misfit.empty())
    return NoGrid("the sheet code's layout does not fit ruleset " + ruleset->id + ": " + misfit);
  Grid grid = GridFromLayout(LayoutSheet(*ruleset, sheet), page.px_per_mm);
  grid.image = page.rectified;
  if (options.snap_to_lines) grid.cells = SnapToRuledLines(grid.image, std::move(grid.cells));
  grid.favourite_sureness = 1.0;
  grid.source = GridSource::kSheetCode;
  return grid;
}

const std::string& Grid::favourite() const {
  static const std::string kNoRuleset;
  return rulesets.empty() ? kNoRuleset : rulesets.front().id;
}

const char* GridSourceName(GridSource source) {
  switch (source) {
    case GridSource::kNone: return "";
    case GridSource::kSheetCode: return "sheet code";
    case GridSource::kLabels: return "labels";
    case GridSource::kLabelsPartlyRead: return "labels partly read";
    case GridSource::kLayout: return "layout";
    case GridSource::kTyped: return "typed";
  }
  return "";
}

bool GridOptions::Check() const {
  const auto Share = [](double x) { return x >= 0 && x <= 1; };  // a share or a probability
  return sure_lead > 0 && lattice.Check() && labels.Check() && tints.Check() && unruled.Check() && headers.Check() &&
         score_columns.Check() && roles.Check() && print_rows.Check() && tie_margin >= 0 && entries_margin >= tie_margin &&
         number_weight >= 0 && name_weight >= 0 && evidence_weight >= 0 && column_weight >= 0 &&
         fewer_columns_cost >= 0 && turn_margin >= 0 && Share(min_partly_read) &&
         Share(read_label) && max_partly_missing >= 0 && Share(layout_header_alike) && Share(bar_share);
}

}  // namespace scorecheck
