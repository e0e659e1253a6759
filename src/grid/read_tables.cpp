#include "grid/read_tables.h"

#include <algorithm>

#include "core/robust_stats.h"
#include "grid/printed_text.h"
#include "grid/score_columns.h"

namespace scorecheck {
namespace {

// How well `texts` (one per table row) fit the best of `rulesets` as labels.
double LabelFit(const std::vector<std::string>& texts, const std::vector<const Ruleset*>& rulesets,
                const KnownLabels& known, const LabelMatchOptions& options) {
  std::vector<PrintedRowText> printed(texts.size());
  for (size_t r = 0; r < texts.size(); ++r) printed[r].label = texts[r];
  double best = -1;
  for (const Ruleset* ruleset : rulesets) best = std::max(best, MatchRows(printed, *ruleset, known, options).score);
  return best;
}

// The OCR's reading of column `column` of `grid`, row by row (its label fit
// left for the caller).
ColumnReading ReadColumn(const cv::Mat& flat, const Lattice& grid, int column, TextReader& reader) {
  ColumnReading reading;
  reading.column = column;
  BandText text = ReadColumnBand(flat, grid, column, reader);
  reading.rows = std::move(text.rows);
  reading.confidence = std::move(text.confidence);
  return reading;
}

// `grid` with each score column that holds several equal ones unruled
// (EqualScoreSplits) split apart; `roles` and `readings` renumbered to match,
// `parts` the columns a split made (every part of each column split).
Lattice SplitScoreColumns(const cv::Mat& flat, const Lattice& grid, double px_per_mm, const ScoreColumnOptions& options,
                          ColumnRoles& roles, std::vector<ColumnReading>& readings, std::vector<int>& parts) {
  std::vector<int> added(grid.columns(), 0);  // lines put into each column
  Lattice split = grid;
  split.column_x = {grid.column_x.front()};
  split.column_inferred = {grid.column_inferred.front()};
  std::vector<int> new_score;
  for (int c = 0; c < grid.columns(); ++c) {
    const bool score = std::find(roles.score.begin(), roles.score.end(), c) != roles.score.end();
    const int first = static_cast<int>(split.column_x.size()) - 1;
    if (score) {
      // The other score columns' width, their median: the table's score
      // columns are alike, and one strip among them unlike the rest (a
      // label cell's blank side, parted by a copy's dust) does not halve
      // the others.
      std::vector<double> others;
      for (int other : roles.score)
        if (other != c) others.push_back(grid.column_x[other + 1] - grid.column_x[other]);
      const float sibling_px = others.empty() ? 0.0f : static_cast<float>(Median(others));
      for (float x : EqualScoreSplits(flat, grid, c, px_per_mm, options, sibling_px)) {
        split.column_x.push_back(x);
        split.column_inferred.push_back(true);
        ++added[c];
      }
      for (int part = 0; part <= added[c]; ++part) {
        new_score.push_back(first + part);
        if (added[c] > 0) parts.push_back(first + part);
      }
    }
    split.column_x.push_back(grid.column_x[c + 1]);
    split.column_inferred.push_back(grid.column_inferred[c + 1]);
  }
  auto renumber = [&](int c) {
    if (c < 0) return c;
    int shift = 0;
    for (int before = 0; before < c; ++before) shift += added[before];
    return c + shift;
  };
  roles.label = renumber(roles.label);
  for (int& c : roles.how_to) c = renumber(c);
  roles.score = std::move(new_score);
  std::erase_if(roles.maybe_how_to, [&](int c) { return added[c] > 0; });  // columns of numbers after all
  for (int& c : roles.maybe_how_to) c = renumber(c);
  std::erase_if(roles.side_print, [&](int c) { return added[c] > 0; });
  for (int& c : roles.side_print) c = renumber(c);
  for (ColumnReading& reading : readings) reading.column = renumber(reading.column);
  return split;
}

// `roles` with each part of a split score column (`parts`, columns of
// `split`) that stands where how-to text is printed and reads as print, read
// on its own, taken for how-to text (ReadsAsPrint). An open table rules no
// line between its how-to column and the first players' column: small print
// blurred past looking printed went with the numbers beside it into one
// score column, which then came apart into the two, both taken for scores.
// Read whole, the handwriting had hidden the print's words. The parts read
// replace the reading of the column they came from.
ColumnRoles HowToAmongParts(const cv::Mat& flat, const Lattice& split, const std::vector<int>& parts, ColumnRoles roles,
                            std::vector<ColumnReading>& readings, double px_per_mm, const ColumnRoleOptions& options,
                            TextReader& reader) {
  if (parts.empty() || roles.label < 0) return roles;
  std::vector<ColumnProfile> profiles;
  for (int c = 0; c < split.columns(); ++c) profiles.push_back(ProfileColumn(flat, split, c, px_per_mm, options));
  for (int c : HowToPlaces(profiles, roles.label, options)) {
    if (std::find(parts.begin(), parts.end(), c) == parts.end() || roles.score.size() < 2) continue;
    ColumnReading reading = ReadColumn(flat, split, c, reader);
    const bool print = ReadsAsPrint(reading, profiles[c], options);
    std::erase_if(readings, [&](const ColumnReading& r) { return r.column == c; });
    readings.push_back(std::move(reading));
    if (!print) continue;
    std::erase(roles.score, c);
    std::erase(roles.maybe_how_to, c);
    roles.how_to.insert(std::upper_bound(roles.how_to.begin(), roles.how_to.end(), c), c);
  }
  return roles;
}

}  // namespace

// The most score columns any of `rulesets` has.
int MostScoreColumns(const std::vector<const Ruleset*>& rulesets) {
  int most = 0;
  for (const Ruleset* ruleset : rulesets) most = std::max(most, ruleset->max_columns);
  return most;
}

namespace {

// Where each of `grid`'s column lines stands among `other`'s, by its place
// from its frame's left side (to `tol`); -1 for a line `other` lacks.
std::vector<int> LinesAmong(const Lattice& grid, const Lattice& other, float tol) {
  std::vector<int> at;
  for (float x : grid.column_x) {
    int found = -1;
    for (int i = 0; i < static_cast<int>(other.column_x.size()) && found < 0; ++i)
      if (std::abs((other.column_x[i] - other.frame.x) - (x - grid.frame.x)) <= tol) found = i;
    at.push_back(found);
  }
  return at;
}

}  // namespace

void ShareColumns(TableReading& table, int most_columns, double px_per_mm) {
  const float tol = static_cast<float>(2 * px_per_mm);
  const int grid_count = static_cast<int>(table.grids.size());
  for (int g = 0; g < grid_count; ++g) {
    const Lattice& grid = table.grids[g];
    const ColumnRoles& own = table.roles[g];
    int best = g;
    std::vector<int> best_at;  // where this grid's lines stand among best's; empty unless all do
    for (int other = 0; other < grid_count; ++other) {
      const Lattice& o = table.grids[other];
      const ColumnRoles& roles = table.roles[other];
      if (other == g || o.rows() != grid.rows() || std::abs(o.frame.width - grid.frame.width) > tol) continue;
      if (!roles.ok() || !own.ok() || static_cast<int>(roles.score.size()) > most_columns) continue;
      if (roles.score.size() <= table.roles[best].score.size()) continue;
      // Its labels where the other's are; or every line it has stands where
      // the other has one, its labels' first among them: the other's lines
      // it lacks part columns nobody wrote in, or its first score column
      // from labels its writing came close to (no line ruled between them).
      const std::vector<int> at = LinesAmong(grid, o, tol);
      const bool lines_among = std::find(at.begin(), at.end(), -1) == at.end() && at[own.label] == roles.label;
      const bool labels_alike = roles.label == own.label &&
                                std::abs((o.column_x[roles.label + 1] - o.frame.x) - (grid.column_x[own.label + 1] - grid.frame.x)) <= tol;
      if (!lines_among && !labels_alike) continue;
      best = other;
      best_at = lines_among ? at : std::vector<int>{};
    }
    if (best == g) continue;
    const Lattice& source = table.grids[best];
    Lattice shared = grid;
    shared.column_x.clear();
    for (float x : source.column_x) shared.column_x.push_back(x - source.frame.x + grid.frame.x);
    shared.column_inferred = source.column_inferred;
    // Its own printed texts (its labels may read better): each column
    // numbered as the other's it stands at; a column that spanned several
    // of the other's (labels with writing beside them) takes the other's
    // reading of it. Without such a map, the columns past its score area
    // are numbered on.
    if (!best_at.empty()) {
      for (ColumnReading& reading : table.readings[g]) {
        const int c = reading.column;
        reading.column = best_at[c];
        if (best_at[c + 1] - best_at[c] > 1)
          for (const ColumnReading& theirs : table.readings[best])
            if (theirs.column == reading.column) reading = theirs;
      }
    } else {
      const int more = static_cast<int>(table.roles[best].score.size() - own.score.size());
      for (ColumnReading& reading : table.readings[g])
        if (reading.column > own.score.back()) reading.column += more;
    }
    table.grids[g] = std::move(shared);
    table.roles[g] = table.roles[best];
  }
}

TableReading ReadTables(const LatticeResult& lattice, const cv::Mat& flat, double px_per_mm,
                        const std::vector<const Ruleset*>& rulesets, const KnownLabels& known,
                        const GridOptions& options, TextReader& reader) {
  TableReading table;
  const int grid_count = static_cast<int>(lattice.grids.size());
  std::vector<std::vector<ColumnReading>> read(grid_count);  // per grid, as read (before score columns are split)
  for (int g = 0; g < grid_count; ++g) {
    const Lattice& grid = lattice.grids[g];
    std::vector<ColumnProfile> profiles;
    for (int c = 0; c < grid.columns(); ++c) profiles.push_back(ProfileColumn(flat, grid, c, px_per_mm, options.roles));
    std::vector<ColumnReading> readings;
    for (int earlier = 0; earlier < g && readings.empty(); ++earlier)
      if (lattice.grids[earlier].rows() == grid.rows() && lattice.grids[earlier].columns() == grid.columns())
        readings = read[earlier];
    auto read_column = [&](int c) {
      options.deadline.Check();  // the OCR is the grid stage's longest step
      ColumnReading reading = ReadColumn(flat, grid, c, reader);
      reading.label_fit = LabelFit(reading.rows, rulesets, known, options.labels);
      readings.push_back(std::move(reading));
    };
    auto was_read = [&](int c) {
      return std::any_of(readings.begin(), readings.end(), [&](const ColumnReading& r) { return r.column == c; });
    };
    if (readings.empty()) {
      std::vector<int> to_read;
      for (int c = 0; c < grid.columns(); ++c)
        if (profiles[c].printed_text) to_read.push_back(c);
      // Nothing looks printed (a blurred photo: words melt into bars that
      // neither split into letters nor line up): the OCR looks at all.
      if (to_read.empty())
        for (int c = 0; c < grid.columns(); ++c) to_read.push_back(c);
      for (int c : to_read) read_column(c);
      // No column read like labels: the labels may be blurred past looking
      // printed (letters melted into one piece). The other columns that hold
      // something are read too.
      const auto best = std::max_element(readings.begin(), readings.end(), [](const auto& a, const auto& b) {
        return a.label_fit < b.label_fit;
      });
      if (best == readings.end() || best->label_fit < options.labels.min_score)
        for (int c = 0; c < grid.columns(); ++c)
          if (std::find(to_read.begin(), to_read.end(), c) == to_read.end() && profiles[c].inked_rows >= options.roles.min_text_rows)
            read_column(c);
    }
    ColumnRoles roles = AssignColumnRoles(profiles, readings, options.roles);
    // The columns where a how-to column is printed (beside the labels, at
    // the table's sides) are read too, whatever their ink looks like: its
    // small print, faint or blurred (a low-resolution photo), may look no
    // more printed than handwriting does.
    if (roles.label >= 0) {
      bool more = false;
      for (int c : HowToPlaces(profiles, roles.label, options.roles))
        if (!was_read(c) && profiles[c].marked_rows >= options.roles.min_text_rows) {
          read_column(c);
          more = true;
        }
      if (more) roles = AssignColumnRoles(profiles, readings, options.roles);
    }
    // More score columns than any ruleset has: a how-to column blurred past
    // looking printed is among them, at the table's side. Those sides are
    // read too.
    if (static_cast<int>(roles.score.size()) > MostScoreColumns(rulesets)) {
      for (int c : {roles.score.front(), roles.score.back()})
        if (!was_read(c)) read_column(c);
      roles = AssignColumnRoles(profiles, readings, options.roles);
    }
    roles = ScoreColumnsAlike(grid, profiles, readings, std::move(roles), options.roles);
    roles = HowToWithoutAHeader(flat, grid, std::move(roles), px_per_mm, options.roles);
    read[g] = readings;
    std::vector<int> parts;
    Lattice split = SplitScoreColumns(flat, grid, px_per_mm, options.score_columns, roles, readings, parts);
    roles = HowToAmongParts(flat, split, parts, std::move(roles), readings, px_per_mm, options.roles, reader);
    roles = WideWordsAreHowTo(split, std::move(roles), options.roles);
    for (const ColumnReading& reading : readings)
      if (reading.column == roles.label) table.fit += reading.label_fit / grid_count;
    if (roles.label < 0) table.fit -= 1.0 / grid_count;
    table.grids.push_back(std::move(split));
    table.roles.push_back(std::move(roles));
    table.readings.push_back(std::move(readings));
  }
  ShareColumns(table, MostScoreColumns(rulesets), px_per_mm);
  return table;
}

const std::vector<std::string>& ColumnText(const std::vector<ColumnReading>& readings, int column) {
  static const std::vector<std::string> kNone;
  for (const ColumnReading& reading : readings)
    if (reading.column == column) return reading.rows;
  return kNone;
}

}  // namespace scorecheck
