#include "grid/rows_from_print.h"

#include <algorithm>
#include <cmath>
#include <optional>
#include <sstream>
#include <string>
#include <utility>
#include <vector>

#include <opencv2/imgproc.hpp>

#include "core/robust_stats.h"
#include "grid/printed_text.h"

namespace scorecheck {
namespace {

// A line above the first label or below the last, this many row pitches
// from it (a row's worth, give or take half), is the table's too: the
// header row over the players' columns, or a last label the OCR misread.
constexpr double kEndRowNear = 0.5, kEndRowFar = 1.5;
// Flattened print (paper 255) darker than this is ink.
constexpr int kInkLevel = 160;
// A row line is looked for between two labels' centres, this share of
// their gap in from each: print stands in the middle of its row.
constexpr float kLineSearchShare = 0.25f;

// The lines of `read` (a page read whole), their boxes and their words'
// boxes in the page's pixels.
std::vector<TextLine> InPagePixels(PrintLines read) {
  auto unshrunk = [&](cv::Rect& box) {
    const cv::Rect2d in_page = read.InBlock(box);
    box = cv::Rect(cv::Point(static_cast<int>(std::floor(in_page.x)), static_cast<int>(std::floor(in_page.y))),
                   cv::Point(static_cast<int>(std::ceil(in_page.br().x)), static_cast<int>(std::ceil(in_page.br().y))));
  };
  for (TextLine& line : read.lines) {
    unshrunk(line.box);
    for (TextWord& word : line.words) unshrunk(word.box);
  }
  return std::move(read.lines);
}

// The centre of `box`, top to bottom.
float CentreY(const cv::Rect& box) { return static_cast<float>(box.y) + static_cast<float>(box.height) / 2; }

// A line of print read as a label: where it stands.
struct PrintedLabel {
  float y = 0;           // the centre of the words that read as the label, top to bottom
  int left = 0, right = 0;  // the words that read as the label, across
};

// The words of `line` (its whole text in one, from a reader that does not
// tell its words).
std::vector<TextWord> WordsOf(const TextLine& line) {
  if (!line.words.empty()) return line.words;
  std::vector<TextWord> words;
  std::istringstream in(line.text);
  for (std::string word; in >> word;) words.push_back({word, line.box});
  return words;
}

// Where `line` reads as a known label, when a run of up to max_label_words
// of its words is at least read_label alike to one.
std::optional<PrintedLabel> AsLabel(const TextLine& line, const KnownLabels& known, const PrintRowOptions& options) {
  const std::vector<TextWord> words = WordsOf(line);
  double best = 0;
  cv::Rect where;
  for (size_t first = 0; first < words.size(); ++first) {
    std::string run;
    cv::Rect box = words[first].box;
    for (size_t last = first; last < words.size() && last < first + options.max_label_words; ++last) {
      run += (run.empty() ? "" : " ") + words[last].text;
      box |= words[last].box;
      if (const double likeness = known.Known(run); likeness > best) best = likeness, where = box;
    }
  }
  if (best < options.read_label) return std::nullopt;
  return PrintedLabel{CentreY(where), where.x, where.br().x};
}

// The lines of `lines` read as labels, top to bottom.
std::vector<PrintedLabel> LabelsOf(const std::vector<TextLine>& lines, const KnownLabels& known,
                                   const PrintRowOptions& options) {
  std::vector<PrintedLabel> labels;
  for (const TextLine& line : lines)
    if (const std::optional<PrintedLabel> label = AsLabel(line, known, options)) labels.push_back(*label);
  std::sort(labels.begin(), labels.end(), [](const PrintedLabel& a, const PrintedLabel& b) { return a.y < b.y; });
  return labels;
}

// The row pitch of `labels`: the gaps between neighbours, each over the
// rows it likely spans (none: two labels read in one row).
double RowPitch(const std::vector<PrintedLabel>& labels) {
  std::vector<double> gaps;
  for (size_t i = 1; i < labels.size(); ++i) gaps.push_back(labels[i].y - labels[i - 1].y);
  const double first_guess = Median(gaps);
  if (first_guess <= 0) return 0;
  std::vector<double> per_row;
  for (const double gap : gaps)
    if (const double rows = std::round(gap / first_guess); rows >= 1) per_row.push_back(gap / rows);
  return Median(per_row);
}

// A run of labels a whole number of row pitches apart, and the rows it spans.
struct LabelRun {
  std::vector<float> rows;    // row centres, top to bottom: its labels' and those between them
  size_t first = 0, end = 0;  // its labels, [first, end) of the labels it was found in
  int rows_read = 0;          // rows whose label was read (two labels read in one row count once)
};

// The longest run of `labels` whose neighbours stand a whole number of
// `pitch`es apart, at most max_rows_between, within max_pitch_spread.
LabelRun LongestRun(const std::vector<PrintedLabel>& labels, double pitch, const PrintRowOptions& options) {
  LabelRun best, run{{labels.front().y}, 0, 1, 1};
  for (size_t i = 1; i <= labels.size(); ++i) {
    const double gap = i < labels.size() ? labels[i].y - run.rows.back() : 0;
    const double rows = std::round(gap / pitch);
    if (i < labels.size() && rows < 1) continue;  // a second label read in the same row
    if (i == labels.size() || rows > options.max_rows_between ||
        std::abs(gap / rows - pitch) > options.max_pitch_spread * pitch) {
      if (run.rows_read > best.rows_read) best = run;
      if (i < labels.size()) run = {{labels[i].y}, i, i + 1, 1};
      continue;
    }
    for (int r = 1; r < rows; ++r) run.rows.push_back(static_cast<float>(run.rows.back() + gap / rows));
    run.rows.push_back(labels[i].y);
    run.end = i + 1;
    ++run.rows_read;
  }
  return best;
}

// The run of labels in `lines`, or one of fewer than min_labels.
LabelRun RunOfLabels(const std::vector<TextLine>& lines, const KnownLabels& known, const PrintRowOptions& options,
                     std::vector<PrintedLabel>& labels) {
  labels = LabelsOf(lines, known, options);
  if (static_cast<int>(labels.size()) < options.min_labels) return {};
  const double pitch = RowPitch(labels);
  return pitch > 0 ? LongestRun(labels, pitch, options) : LabelRun{};
}

// `rows` with the line of `lines` standing a row beyond either end put in.
void AddEndRows(std::vector<float>& rows, const std::vector<TextLine>& lines, double pitch) {
  auto nearest = [&](float from, double direction) {
    float found = -1;
    for (const TextLine& line : lines) {
      const double rows_away = direction * (CentreY(line.box) - from) / pitch;
      if (rows_away >= kEndRowNear && rows_away <= kEndRowFar &&
          (found < 0 || std::abs(CentreY(line.box) - from) < std::abs(found - from)))
        found = CentreY(line.box);
    }
    return found;
  };
  if (const float above = nearest(rows.front(), -1); above >= 0) rows.insert(rows.begin(), above);
  if (const float below = nearest(rows.back(), 1); below >= 0) rows.push_back(below);
}

// Where a row line parts each two neighbours of row centres `rows` (two
// or more): the level between them, kLineSearchShare of the way in from each,
// at which `flat` prints least across the labels' strip `across` (print
// stands clear of its row's edges, as the words of two lines do; the
// nearest the middle of equals), and as far past the first and the last
// as the line next to them.
std::vector<float> RowLines(const cv::Mat& flat, const std::vector<float>& rows, cv::Range across) {
  const int start = std::clamp(across.start, 0, flat.cols - 1);
  cv::Mat ink;
  cv::threshold(flat.colRange(start, std::clamp(across.end, start + 1, flat.cols)), ink, kInkLevel, 1,
                cv::THRESH_BINARY_INV);
  std::vector<float> lines;
  for (size_t i = 1; i < rows.size(); ++i) {
    const float gap = rows[i] - rows[i - 1], middle = (rows[i - 1] + rows[i]) / 2;
    const int from = std::max(0, static_cast<int>(std::ceil(rows[i - 1] + kLineSearchShare * gap)));
    const int to = std::min(ink.rows - 1, static_cast<int>(rows[i] - kLineSearchShare * gap));
    float best = middle;
    int least = -1;
    for (int y = from; y <= to; ++y) {
      const int printed = cv::countNonZero(ink.row(y));
      if (least < 0 || printed < least || (printed == least && std::abs(y - middle) < std::abs(best - middle)))
        least = printed, best = static_cast<float>(y);
    }
    lines.push_back(best);
  }
  lines.insert(lines.begin(), std::max(0.0f, rows.front() - (lines.front() - rows.front())));
  lines.push_back(std::min(static_cast<float>(flat.rows - 1), rows.back() + (rows.back() - lines.back())));
  return lines;
}

// The table of row lines `row_lines` (three or more), its sides around
// every line of print in its rows.
Lattice TableOfRows(const std::vector<float>& row_lines, const std::vector<TextLine>& lines, cv::Size page) {
  Lattice table;
  table.row_y = row_lines;
  float left = static_cast<float>(page.width), right = 0;
  for (const TextLine& line : lines) {
    const float y = CentreY(line.box);
    if (y < table.row_y.front() || y > table.row_y.back()) continue;
    left = std::min(left, static_cast<float>(line.box.x));
    right = std::max(right, static_cast<float>(line.box.br().x));
  }
  const float margin = (table.row_y.back() - table.row_y.front()) / static_cast<float>(table.rows()) / 2;
  table.column_x = {std::max(0.0f, left - margin), std::min(static_cast<float>(page.width - 1), right + margin)};
  table.row_inferred.assign(table.row_y.size(), true);
  table.column_inferred = {true, true};
  table.frame = cv::Rect2f(table.column_x[0], table.row_y.front(), table.column_x[1] - table.column_x[0],
                           table.row_y.back() - table.row_y.front());
  return table;
}

}  // namespace

bool PrintRowOptions::Check() const {
  return typical_row_mm > 0 && read_label > 0 && read_label <= 1 && min_labels >= 2 && max_label_words >= 1 &&
         max_pitch_spread > 0 && max_pitch_spread < 1 && max_rows_between >= 1;
}

LatticeResult RowsFromPrint(const cv::Mat& page, const cv::Mat& flat, double px_per_mm, const KnownLabels& known,
                            TextReader& reader, const PrintRowOptions& options) {
  LatticeResult result;
  result.upright = page;
  if (!options.Check()) {
    result.detail = "invalid options for rows from print";
    return result;
  }
  const std::vector<TextLine> lines =
      InPagePixels(ReadRowsOfPrint(flat, options.typical_row_mm * px_per_mm, reader, true));
  std::vector<PrintedLabel> labels;
  const LabelRun run = RunOfLabels(lines, known, options, labels);
  if (run.rows_read < options.min_labels) {
    result.detail = "not " + std::to_string(options.min_labels) + " lines of print read as labels a row or a few apart";
    return result;
  }
  const double pitch = (run.rows.back() - run.rows.front()) / static_cast<double>(run.rows.size() - 1);
  std::vector<float> rows = run.rows;
  AddEndRows(rows, lines, pitch);
  int left = flat.cols, right = 0;  // the labels' strip
  for (size_t i = run.first; i < run.end; ++i) {
    left = std::min(left, labels[i].left);
    right = std::max(right, labels[i].right);
  }
  result.grids = {TableOfRows(RowLines(flat, rows, cv::Range(left, right)), lines, page.size())};
  result.status = LatticeStatus::kFound;
  result.detail = "no ruled table: " + std::to_string(rows.size()) + " rows where " +
                  std::to_string(run.rows_read) + " labels are printed";
  return result;
}

}  // namespace scorecheck
