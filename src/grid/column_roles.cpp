#include "grid/column_roles.h"

#include <algorithm>
#include <cctype>
#include <cmath>
#include <set>

#include <opencv2/imgproc.hpp>

#include "core/image_constants.h"
#include "core/robust_stats.h"

namespace scorecheck {
namespace {

// A piece of ink that lies along a side of the cell, thin across it and long
// along it: what a ruled line thicker than the lattice's typical one (a
// frame, a double rule) or its blur leaves inside the inset. It is the
// sheet's, not the cell's: counted, it put ink at the same place in every
// row of a column, and a column of words or of writing looked aligned like
// no other.
bool AlongASide(const cv::Mat& stats, int i, cv::Size area, double thin_px) {
  const int left = stats.at<int>(i, cv::CC_STAT_LEFT), top = stats.at<int>(i, cv::CC_STAT_TOP);
  const int width = stats.at<int>(i, cv::CC_STAT_WIDTH), height = stats.at<int>(i, cv::CC_STAT_HEIGHT);
  const bool at_top_or_bottom = top == 0 || top + height == area.height;
  const bool at_left_or_right = left == 0 || left + width == area.width;
  return (at_top_or_bottom && height <= thin_px && width * 2 >= area.width) ||
         (at_left_or_right && width <= thin_px && height * 2 >= area.height);
}

// A cell's inside is this far (mm) inside its ruled lines beyond half their
// width: clear of what a thick line's blur leaves beside them.
constexpr double kCellInsetMm = 0.4;
// A piece of print in a header cell covers at least this (mm², and
// kMinPiecePx pixels): a printed letter's stroke does, a speck of dust not.
constexpr double kPrintSpeckMm2 = 0.1;

// The pixels of cell (`row`, `column`) of `grid` inside its ruled lines,
// clear of them and of what a thick line's blur leaves beside them, within
// an image of `size`.
cv::Rect InsideCell(const Lattice& grid, int row, int column, double px_per_mm, cv::Size size) {
  const cv::Rect2f cell = grid.Cell(row, column);
  const float inset = grid.line_px / 2 + static_cast<float>(kCellInsetMm * px_per_mm);
  return cv::Rect(cv::Point(static_cast<int>(std::ceil(cell.x + inset)), static_cast<int>(std::ceil(cell.y + inset))),
                  cv::Point(static_cast<int>(cell.br().x - inset), static_cast<int>(cell.br().y - inset))) &
         cv::Rect(cv::Point(0, 0), size);
}

// A piece of ink smaller than kMinPieceMm2 (mm², and kMinPiecePx pixels) is
// not counted: dust and the paper's grain are smaller, a pen's dot larger.
constexpr double kMinPieceMm2 = 0.06;
constexpr int kMinPiecePx = 3;
// A piece along a side thinner than this (mm) is what a ruled line thicker
// than the lattice's typical one leaves inside the inset: a frame or a double
// rule, blurred, is no thicker; a pen's stroke along a side is shorter.
constexpr double kThinRemnantMm = 0.6;
// A cell's inside narrower or lower than this many pixels holds nothing to
// measure (a cell squeezed between thick rules).
constexpr int kMinInsidePx = 3;

// A row's mark is compared in shape with the next row's at this many pixels
// a side, each scaled to it and cut at half ink: fine enough to keep a
// digit's strokes apart, coarse enough that a pixel of blur or of
// misplacement does not decide.
constexpr int kMarkShapePx = 24;
constexpr double kHalfInk = kWhite / 2.0;

// The ink of the cells ProfileColumn() finds holding any, one entry a row.
struct InkedRows {
  std::vector<double> lefts, rights, centres, pieces, mark_counts, widths, heights, sides;
  std::vector<cv::Mat> shapes;  // the dark ink, scaled to kMarkShapePx a side: 0 paper, kWhite ink
  std::vector<int> inked_at;    // the row of each entry of the vectors above: the rows holding ink
};

// The dark ink of a cell's inside: its pieces' count and the box around them.
struct DarkInk {
  int count = 0, x0 = 0, x1 = -1, y0 = 0, y1 = -1;
};

// The light marks (pencil too) of a cell's inside `inside`, as labels in
// `light_labels`; their count, background included. `marked` says whether any
// is a mark, not a speck or a piece along a side.
int LightMarks(const cv::Mat& inside, const ColumnRoleOptions& options, int min_area, double thin_px,
               cv::Mat& light_labels, bool& marked) {
  cv::Mat ink;
  // Light writing (pencil) too: rows that hold any mark at all.
  cv::threshold(inside, ink, options.light_ink_level, kWhite, cv::THRESH_BINARY_INV);
  cv::Mat light_stats, unused;
  const int light = cv::connectedComponentsWithStats(ink, light_labels, light_stats, unused, kEightConnected, CV_32S);
  marked = false;
  for (int i = 1; i < light; ++i)
    if (light_stats.at<int>(i, cv::CC_STAT_AREA) >= min_area && !AlongASide(light_stats, i, inside.size(), thin_px)) {
      marked = true;
      break;
    }
  return light;
}

// The dark ink of a cell's inside `inside`, specks and pieces along a side
// left out: its pieces as labels in `labels`, those kept marked in `kept`.
DarkInk DarkPieces(const cv::Mat& inside, const ColumnRoleOptions& options, int min_area, double thin_px,
                   cv::Mat& labels, std::vector<bool>& kept) {
  cv::Mat ink;
  cv::threshold(inside, ink, options.ink_level, kWhite, cv::THRESH_BINARY_INV);
  cv::Mat stats, centroids;
  const int n = cv::connectedComponentsWithStats(ink, labels, stats, centroids, kEightConnected, CV_32S);
  DarkInk dark;
  dark.x0 = inside.cols;
  dark.y0 = inside.rows;
  kept.assign(n, false);
  for (int i = 1; i < n; ++i) {
    if (stats.at<int>(i, cv::CC_STAT_AREA) < min_area || AlongASide(stats, i, inside.size(), thin_px)) continue;
    ++dark.count;
    kept[i] = true;
    dark.x0 = std::min(dark.x0, stats.at<int>(i, cv::CC_STAT_LEFT));
    dark.x1 = std::max(dark.x1, stats.at<int>(i, cv::CC_STAT_LEFT) + stats.at<int>(i, cv::CC_STAT_WIDTH));
    dark.y0 = std::min(dark.y0, stats.at<int>(i, cv::CC_STAT_TOP));
    dark.y1 = std::max(dark.y1, stats.at<int>(i, cv::CC_STAT_TOP) + stats.at<int>(i, cv::CC_STAT_HEIGHT));
  }
  return dark;
}

// The dark pieces kept (`kept`, of `labels`) in the box around them
// (`dark`), scaled to kMarkShapePx a side: 0 paper, kWhite ink.
cv::Mat MarkShape(const cv::Mat& labels, const std::vector<bool>& kept, const DarkInk& dark) {
  cv::Mat mask(dark.y1 - dark.y0, dark.x1 - dark.x0, CV_8U, cv::Scalar(0));
  for (int y = dark.y0; y < dark.y1; ++y) {
    const int* label = labels.ptr<int>(y);
    for (int x = dark.x0; x < dark.x1; ++x)
      if (kept[label[x]]) mask.at<uchar>(y - dark.y0, x - dark.x0) = kWhite;
  }
  cv::Mat shape;
  cv::resize(mask, shape, cv::Size(kMarkShapePx, kMarkShapePx), 0, 0, cv::INTER_AREA);
  cv::threshold(shape, shape, kHalfInk, kWhite, cv::THRESH_BINARY);
  return shape;
}

// Measures the inside `area` of row `r`'s cell: counts it in
// ColumnProfile::marked_rows when it holds any mark, and adds its ink to
// `rows` when it holds dark ink.
void ProfileRow(const cv::Mat& flat, const cv::Rect& area, int r, const ColumnRoleOptions& options, int min_area,
                double thin_px, ColumnProfile& profile, InkedRows& rows) {
  cv::Mat light_labels;
  bool marked = false;
  const int light = LightMarks(flat(area), options, min_area, thin_px, light_labels, marked);
  if (marked) ++profile.marked_rows;
  cv::Mat labels;
  std::vector<bool> kept;
  const DarkInk dark = DarkPieces(flat(area), options, min_area, thin_px, labels, kept);
  if (dark.count == 0) return;
  // The light marks that hold ink (hysteresis, as an edge detector joins
  // weak edges to strong ones): see ColumnProfile::marks.
  std::vector<bool> holds_ink(light, false);
  for (int y = 0; y < labels.rows; ++y) {
    const int* strong = labels.ptr<int>(y);
    const int* weak = light_labels.ptr<int>(y);
    for (int x = 0; x < labels.cols; ++x)
      if (kept[strong[x]]) holds_ink[weak[x]] = true;
  }
  const auto marks = std::count(holds_ink.begin(), holds_ink.end(), true);
  rows.inked_at.push_back(r);
  rows.pieces.push_back(dark.count);
  rows.mark_counts.push_back(static_cast<double>(marks));
  rows.lefts.push_back(dark.x0);
  rows.rights.push_back(dark.x1);
  rows.centres.push_back((dark.x0 + dark.x1) / 2.0);
  rows.widths.push_back(dark.x1 - dark.x0);
  rows.sides.push_back(area.width);
  rows.heights.push_back(dark.y1 - dark.y0);
  rows.shapes.push_back(MarkShape(labels, kept, dark));
}

// Whether row `i` of `rows` holds a mark that measures as the median one
// does (to `size_px` both ways).
bool MeasuresAsTheMedian(const InkedRows& rows, size_t i, double median_width, double median_height, double size_px) {
  return std::abs(rows.widths[i] - median_width) <= size_px && std::abs(rows.heights[i] - median_height) <= size_px;
}

// Row after row the same mark: how many of the inked rows' marks measure as
// the median one does (to `size_px` both ways), in `alike`; returns the most
// of them in one run of inked rows next to each other. The run may pass one
// row whose mark measures larger (a die face touched by a speck of toner or
// a pen's stroke, or merged into its label, in the middle of the faces as
// at their ends): what touches a mark adds to it. A smaller one, or a
// second, ends it.
int LongestAlikeRun(const InkedRows& rows, double median_width, double median_height, double size_px, int& alike) {
  int run = 0, since_touched = 0, longest_run = 0, last_row = -2;
  alike = 0;
  for (size_t i = 0; i < rows.inked_at.size(); ++i) {
    if (rows.inked_at[i] != last_row + 1) run = since_touched = 0;  // a row without ink ends the run
    last_row = rows.inked_at[i];
    if (!MeasuresAsTheMedian(rows, i, median_width, median_height, size_px)) {
      const bool touched = rows.widths[i] - median_width >= -size_px && rows.heights[i] - median_height >= -size_px;
      run = touched ? since_touched : 0;  // past this row, not past the one before
      since_touched = 0;
      continue;
    }
    ++alike;
    ++run;
    ++since_touched;
    longest_run = std::max(longest_run, run);
  }
  return longest_run;
}

// ColumnProfile::mark_overlap: over each two rows next to each other whose
// marks measure as the median one does, the ink their shapes share over the
// ink either holds; the median of those, 0 when there are none.
double NeighbourShapeOverlap(const InkedRows& rows, double median_width, double median_height, double size_px) {
  std::vector<double> overlaps;
  for (size_t i = 0; i + 1 < rows.inked_at.size(); ++i) {
    if (rows.inked_at[i + 1] != rows.inked_at[i] + 1 ||
        !MeasuresAsTheMedian(rows, i, median_width, median_height, size_px) ||
        !MeasuresAsTheMedian(rows, i + 1, median_width, median_height, size_px))
      continue;
    const int either = cv::countNonZero(rows.shapes[i] | rows.shapes[i + 1]);
    const int both = cv::countNonZero(rows.shapes[i] & rows.shapes[i + 1]);
    if (either > 0) overlaps.push_back(static_cast<double>(both) / either);
  }
  return overlaps.empty() ? 0 : Median(overlaps);
}

// Sets ColumnProfile::clear_of_sides and ColumnProfile::printed_marks of
// `column` from the ink of its rows.
void ProfileMarks(const InkedRows& rows, const Lattice& grid, int column, double px_per_mm,
                  const ColumnRoleOptions& options, ColumnProfile& profile) {
  const int inked = static_cast<int>(rows.inked_at.size());
  // Marks of their own (an icon is millimetres both ways), standing clear
  // of the cell's sides: not what a ruled line leaves along a side of every
  // cell (a blurred or curled photo's rules), which is as alike. And nothing
  // else in the column: a header printed twice over a column of light
  // pencil is alike too.
  const double mark_px = options.min_mark_mm * px_per_mm;
  // A line put in where the table rules none (between the ink of two
  // columns, at a tint's edge) leaves no ink: ink that meets it is the
  // column's own (dice icons up to the gap before their labels). But ink
  // from side to side is the cell's own fill (a tint darker than ink in a
  // blurred photo), no mark placed in it.
  const bool meets_left = rows.lefts.empty() || Median(rows.lefts) <= 0;
  const bool meets_right = rows.rights.empty() || Median(rows.rights) >= Median(rows.sides);
  profile.clear_of_sides = !rows.lefts.empty() && (grid.ColumnLineInferred(column) || !meets_left) &&
                           (grid.ColumnLineInferred(column + 1) || !meets_right) &&
                           !(meets_left && meets_right);
  // Row after row the same mark: the rows whose mark measures as the median
  // one does (to marks_size_mm both ways: blur moves each edge of an icon
  // by a pixel of a photo) are most of the rows that hold ink,
  // and some of them stand in a run. A header printed over each section
  // of an empty column and a speck of dust are alike too, in rows far
  // apart; a section's title printed in the column of the icons ("Scoring"
  // over the icons, again over the lower section) is not alike, and leaves
  // the icons the same mark.
  const double median_width = Median(rows.widths), median_height = Median(rows.heights);
  const double size_px = options.marks_size_mm * px_per_mm;
  int alike = 0;
  const int longest_run = LongestAlikeRun(rows, median_width, median_height, size_px, alike);
  // What a ruled line leaves beside itself runs along it, thin across it:
  // less than half as wide as it is tall. A mark about as wide as it is
  // tall that meets a ruled side is printed up to it (icons set against the
  // table's frame, cut by the side a little or by the rows above and below),
  // not the line's.
  const bool along_a_rule = 2 * median_width < median_height;
  const bool marks_clear =
      profile.clear_of_sides || (!rows.lefts.empty() && !(meets_left && meets_right) && !along_a_rule);
  // The marks are the column's print when they stand in a run as long as the
  // dice faces' (icon_run), or in a shorter run that is most of the column's
  // inked rows and holds no light marks beside them (pencil under a header).
  const bool only_the_marks = 2 * alike > inked && profile.marked_rows <= profile.inked_rows + 1;
  // One size in one place is not yet one mark: a tidy hand sets its numbers
  // so too. The same printed mark is also one shape, row after row.
  profile.mark_overlap = NeighbourShapeOverlap(rows, median_width, median_height, size_px);
  profile.printed_marks = longest_run >= options.min_text_rows &&
                          (longest_run >= options.icon_run || only_the_marks) &&
                          profile.align_mm <= options.marks_alike_mm && median_width >= mark_px &&
                          median_height >= mark_px && marks_clear && profile.mark_overlap >= options.same_mark_overlap;
}

}  // namespace

ColumnProfile ProfileColumn(const cv::Mat& flat, const Lattice& grid, int column, double px_per_mm,
                            const ColumnRoleOptions& options) {
  ColumnProfile profile;
  if (column < 0 || column >= grid.columns() || grid.rows() < 1 || px_per_mm <= 0) return profile;
  profile.width_mm = (grid.column_x[column + 1] - grid.column_x[column]) / px_per_mm;
  const int min_area = std::max(kMinPiecePx, static_cast<int>(std::lround(kMinPieceMm2 * px_per_mm * px_per_mm)));
  const double thin_px = kThinRemnantMm * px_per_mm;
  InkedRows rows;
  for (int r = 0; r < grid.rows(); ++r) {
    const cv::Rect area = InsideCell(grid, r, column, px_per_mm, flat.size());
    if (area.width < kMinInsidePx || area.height < kMinInsidePx) continue;
    ProfileRow(flat, area, r, options, min_area, thin_px, profile, rows);
  }
  const int inked = static_cast<int>(rows.inked_at.size());
  profile.fill = static_cast<double>(inked) / grid.rows();
  profile.marked_fill = static_cast<double>(profile.marked_rows) / grid.rows();
  profile.inked_rows = inked;
  profile.pieces = Median(rows.pieces);
  profile.marks = Median(rows.mark_counts);
  profile.align_mm =
      std::min({RobustSpread(rows.lefts), RobustSpread(rows.rights), RobustSpread(rows.centres)}) / px_per_mm;
  profile.printed_text = profile.inked_rows >= options.min_text_rows && profile.pieces >= options.text_pieces &&
                         profile.align_mm <= options.text_align_mm;
  profile.size_spread_mm = std::max(RobustSpread(rows.widths), RobustSpread(rows.heights)) / px_per_mm;
  ProfileMarks(rows, grid, column, px_per_mm, options, profile);
  return profile;
}

namespace {

// Whether the top row's cell of column `column` holds dark ink (print: a
// column's header), clear of its rules.
bool TopCellInked(const cv::Mat& flat, const Lattice& grid, int column, double px_per_mm, int ink_level) {
  const cv::Rect inside = InsideCell(grid, 0, column, px_per_mm, flat.size());
  if (inside.width < kMinInsidePx || inside.height < kMinInsidePx) return false;
  cv::Mat ink;
  cv::threshold(flat(inside), ink, ink_level, kWhite, cv::THRESH_BINARY_INV);
  cv::Mat labels, stats, centroids;
  const int n = cv::connectedComponentsWithStats(ink, labels, stats, centroids, kEightConnected, CV_32S);
  const int speck = std::max(kMinPiecePx, static_cast<int>(std::lround(kPrintSpeckMm2 * px_per_mm * px_per_mm)));
  for (int i = 1; i < n; ++i)
    if (stats.at<int>(i, cv::CC_STAT_AREA) >= speck) return true;
  return false;
}

// The letters (a-z, A-Z) and the digits of an OCR'd row.
int Letters(const std::string& row) {
  return static_cast<int>(std::count_if(row.begin(), row.end(), [](char c) { return std::isalpha(static_cast<unsigned char>(c)); }));
}
int Digits(const std::string& row) {
  return static_cast<int>(std::count_if(row.begin(), row.end(), [](char c) { return std::isdigit(static_cast<unsigned char>(c)); }));
}

}  // namespace

double LettersPerTextRow(const std::vector<std::string>& rows) {
  std::vector<double> letters;
  for (const std::string& row : rows)
    if (!row.empty()) letters.push_back(Letters(row));
  return Median(letters);
}

namespace {

// The OCR's confidence in the median row that holds text (1 when not known).
double PrintConfidence(const ColumnReading& reading) {
  if (reading.confidence.size() != reading.rows.size()) return 1;
  std::vector<double> sure;
  for (size_t r = 0; r < reading.rows.size(); ++r)
    if (!reading.rows[r].empty()) sure.push_back(reading.confidence[r]);
  return sure.empty() ? 0 : Median(sure);
}

// Share of the rows holding text that the OCR read as a number more than
// as a word: as many digits as letters, and at least one.
double NumberShare(const std::vector<std::string>& rows) {
  int text = 0, numbers = 0;
  for (const std::string& row : rows) {
    if (row.empty()) continue;
    ++text;
    const int digits = Digits(row);
    if (digits > 0 && digits >= Letters(row)) ++numbers;
  }
  return text == 0 ? 0 : static_cast<double>(numbers) / text;
}

// Rows the OCR read as a word or more (min_letters letters) and was sure of
// (min_print_confidence): print reads so in some rows however blurred the
// rest; handwriting taken for letters is read unsure.
int SureWordRows(const ColumnReading& reading, const ColumnRoleOptions& options) {
  int rows = 0;
  for (size_t r = 0; r < reading.rows.size() && r < reading.confidence.size(); ++r)
    rows += Letters(reading.rows[r]) >= options.min_letters && reading.confidence[r] >= options.min_print_confidence;
  return rows;
}

int TextRows(const std::vector<std::string>& rows) {
  return static_cast<int>(std::count_if(rows.begin(), rows.end(), [](const std::string& row) { return !row.empty(); }));
}

// Rows that read as words: some letters, and at least two different texts
// among them (how-to text says something of its own on every row; a header
// printed again over each section says one thing); 0 when they say one.
int WordRows(const std::vector<std::string>& rows) {
  std::set<std::string> texts;
  int words = 0;
  for (const std::string& row : rows)
    if (Letters(row) > 0) {
      ++words;
      texts.insert(row);
    }
  return texts.size() >= 2 ? words : 0;
}

}  // namespace

namespace {

// Wide enough to write a number in: narrower is the gap of a double rule or
// a margin strip, which holds neither scores nor labels.
bool WideEnoughToWrite(const ColumnProfile& profile, const ColumnRoleOptions& options) {
  return profile.width_mm >= options.min_score_column_mm;
}

bool Writable(const ColumnProfile& profile, const ColumnRoleOptions& options) {
  return WideEnoughToWrite(profile, options) && !profile.printed_marks;
}

// The first column from `from` on, `step` at a time, that could hold
// writing or words; -1 when none does.
int NearestWritable(const std::vector<ColumnProfile>& profiles, int from, int step, const ColumnRoleOptions& options) {
  for (int c = from; c >= 0 && c < static_cast<int>(profiles.size()); c += step)
    if (Writable(profiles[c], options)) return c;
  return -1;
}

// The nearest column on each side of `label` that could hold writing or words.
std::set<int> LabelNeighbours(const std::vector<ColumnProfile>& profiles, int label, const ColumnRoleOptions& options) {
  std::set<int> neighbours;
  for (int step : {-1, 1})
    if (const int c = NearestWritable(profiles, label + step, step, options); c >= 0) neighbours.insert(c);
  return neighbours;
}

}  // namespace

bool ReadsAsPrint(const ColumnReading& reading, const ColumnProfile& profile, const ColumnRoleOptions& options) {
  return SureWordRows(reading, options) >= options.min_text_rows && 2 * TextRows(reading.rows) >= profile.marked_rows;
}

std::vector<int> HowToPlaces(const std::vector<ColumnProfile>& profiles, int label, const ColumnRoleOptions& options) {
  std::set<int> places = LabelNeighbours(profiles, label, options);
  // The table's sides.
  for (const int c : {NearestWritable(profiles, 0, 1, options),
                      NearestWritable(profiles, static_cast<int>(profiles.size()) - 1, -1, options)})
    if (c >= 0) places.insert(c);
  places.erase(label);
  return {places.begin(), places.end()};
}

namespace {

// A column that reads as words is print rather than writing beside score
// columns when it comes in at least this many times as many pieces a box as
// the written ones: a word's letters against a number's one or two strokes.
constexpr double kPrintPiecesRatio = 2;

// Whether `column` cannot hold the labels (see AssignColumnRoles()).
bool CannotHoldLabels(const std::vector<ColumnProfile>& profiles, int column, const ColumnRoleOptions& options) {
  return column >= 0 && column < static_cast<int>(profiles.size()) &&
         (!WideEnoughToWrite(profiles[column], options) ||
          profiles[column].marked_fill < options.min_label_marked_fill);
}

// The column the OCR reads far more letters in than in any other (see
// AssignColumnRoles()); null when none stands out so.
const ColumnReading* Wordiest(const std::vector<ColumnProfile>& profiles, const std::vector<ColumnReading>& readings,
                              const ColumnRoleOptions& options) {
  const ColumnReading* wordiest = nullptr;
  int most = 0, second = 0;
  for (const ColumnReading& reading : readings) {
    if (reading.label_fit <= -1 || CannotHoldLabels(profiles, reading.column, options)) continue;
    int letters = 0;
    for (const std::string& row : reading.rows) letters += Letters(row);
    if (letters > most) {
      second = most;
      most = letters;
      wordiest = &reading;
    } else {
      second = std::max(second, letters);
    }
  }
  return wordiest && most >= options.min_label_letters_lead * second ? wordiest : nullptr;
}

// The reading of the labels' column; null when no column holds labels.
const ColumnReading* LabelColumn(const std::vector<ColumnProfile>& profiles, const std::vector<ColumnReading>& readings,
                                 const ColumnRoleOptions& options) {
  // A strip too narrow to write a number in (the gap inside a double rule, a
  // margin) holds no labels either: where nothing reads like labels (a
  // blurred four-grid page), such a strip's noise had fitted them best, and
  // the labels' column was taken for scores.
  // Nor does a column with nothing in most of its rows: labels are printed
  // in every row but a few (a section's bar, a header). Where nothing read
  // like labels, an empty players' column had fitted them by chance and the
  // labels were taken for scores.
  const ColumnReading* label = nullptr;
  for (const ColumnReading& reading : readings)
    if (reading.label_fit > -1 && !CannotHoldLabels(profiles, reading.column, options) &&
        (!label || reading.label_fit > label->label_fit))
      label = &reading;
  if (!label) return nullptr;
  // No column reads like labels (print too small or blurred for the OCR: a
  // page of four grids photographed at low resolution): the best fit is
  // chance, and handwriting read as letter noise fits as well as the
  // blurred labels do. The labels are then the column the OCR reads far
  // more letters in than in any other (twice as many), words however
  // garbled ("Comoe", "Set tee Fy") against the stray letter a handwritten
  // number makes. When no column stands out so, nothing says more than
  // the fit does.
  if (label->label_fit < options.min_label_fit)
    if (const ColumnReading* wordiest = Wordiest(profiles, readings, options)) label = wordiest;
  return label;
}

// Sorts the column `reading` is of (not the labels') as how-to text, maybe
// how-to text, print no one writes in (`taken`), or none of these.
void SortColumn(const ColumnReading& reading, const ColumnProfile& profile, const std::set<int>& beside_labels,
                const ColumnRoleOptions& options, ColumnRoles& roles, std::vector<bool>& taken) {
  const double letters = LettersPerTextRow(reading.rows);
  // Words in a few rows (the headers "Single", "Double", printed again
  // over the lower section) over light marks in many more, the rows the
  // OCR read nothing in mostly light: light pencil under column headers
  // (some of it pressed hard enough to look dark), a score column. (Print
  // too small to read is as dark as any: a how-to column of 1 mm letters,
  // read in four rows of twenty, is dark in the other sixteen.)
  const int text_rows = TextRows(reading.rows);
  const int unread_marked = profile.marked_rows - text_rows, unread_dark = std::max(0, profile.inked_rows - text_rows);
  const bool headers_over_writing = text_rows > 0 && text_rows * options.marked_per_text_row < profile.marked_rows &&
                                    unread_dark * options.marked_per_text_row < unread_marked;
  if (headers_over_writing) return;
  // Many letters however unsure are small print blurred where print is
  // looked for: in ink that looks printed, or beside the labels. Not in
  // light marks at a side of the table (pencil in an open area five
  // columns wide came out as "SOAS Late eee aioe", 0.2 sure).
  const bool blurred_print = letters >= options.many_letters &&
                             (profile.printed_text || beside_labels.count(reading.column) > 0);
  if (WordRows(reading.rows) >= options.min_text_rows && letters >= options.min_letters &&
      (PrintConfidence(reading) >= options.min_print_confidence || blurred_print)) {
    roles.how_to.push_back(reading.column);
    taken[reading.column] = true;
  } else if (profile.printed_text && profile.pieces >= options.word_pieces && profile.clear_of_sides &&
             profile.fill >= options.word_fill && NumberShare(reading.rows) < options.max_word_numbers) {
    // Looks printed, words of many letters in most rows: print too small
    // or blurred for the OCR, whatever noise it made of it. No written
    // score is that many pieces. (Printed in a few rows only, the words
    // are headers over a column of light writing: "Single", "Double".)
    // Unless the OCR read numbers in many of its rows: sketchy pencil
    // breaks each digit into pieces ("12", "70", "106" read in a Triple
    // sheet's ×2 column of 11 pieces a box), blurred words do not come
    // out as numbers.
    taken[reading.column] = true;
  } else if (WordRows(reading.rows) >= options.min_text_rows && letters >= options.min_letters) {
    roles.maybe_how_to.push_back(reading.column);
  } else if (profile.printed_text && text_rows == 0) {
    // Looks printed, and the OCR made nothing of it, not even noise (it
    // reads handwriting as digits and stray letters): print too blurred
    // to read, no place to write.
    taken[reading.column] = true;
  }
}

// Words where how-to text is printed: beside the labels it explains (left
// or right), or at a side of the table past the scores, read as print is
// read however blurred (ReadsAsPrint). Only while other score columns
// remain.
void HowToAtItsPlaces(const std::vector<ColumnProfile>& profiles, const std::vector<ColumnReading>& readings,
                      const ColumnRoleOptions& options, ColumnRoles& roles) {
  for (int c : HowToPlaces(profiles, roles.label, options)) {
    const auto reading =
        std::find_if(readings.begin(), readings.end(), [&](const ColumnReading& r) { return r.column == c; });
    if (reading == readings.end() || roles.score.size() < 2) continue;
    if (ReadsAsPrint(*reading, profiles[c], options) && std::erase(roles.maybe_how_to, c) > 0) {
      std::erase(roles.score, c);
      roles.how_to.push_back(c);
    }
  }
}

// Words the OCR is unsure of, in a column whose ink lines up like print
// and comes in at least twice as many pieces a box (words against
// numbers), beside written score columns whose ink does not line up: that
// column is print (a how-to column of small words in a photo, read a
// little less surely than the bar for sure; six columns still fit
// Roll-Em, and it was taken for a sixth game). Blurred writing may line up
// in some columns and not in others, but not in words' pieces.
void HowToByPieces(const std::vector<ColumnProfile>& profiles, const ColumnRoleOptions& options, ColumnRoles& roles) {
  double writing_pieces = -1;
  for (int c : roles.score)
    if (profiles[c].marked_rows >= options.min_text_rows && !profiles[c].printed_text &&
        std::find(roles.maybe_how_to.begin(), roles.maybe_how_to.end(), c) == roles.maybe_how_to.end())
      writing_pieces = std::max(writing_pieces, profiles[c].pieces);
  if (writing_pieces >= 0)
    std::erase_if(roles.maybe_how_to, [&](int c) {
      if (!profiles[c].printed_text || profiles[c].pieces < kPrintPiecesRatio * std::max(1.0, writing_pieces))
        return false;
      std::erase(roles.score, c);
      roles.how_to.push_back(c);
      return true;
    });
}

// Whether two widths are alike, as a table prints its players' columns
// (alike_width, widest over narrowest).
bool AlikeWidths(double a, double b, const ColumnRoleOptions& options) {
  return std::max(a, b) <= options.alike_width * std::min(a, b);
}

// Score columns where how-to text may be printed, the likeliest print
// first: those that read like words, then those unlike the score columns
// in width (a table prints its players' columns alike, alike_width of
// their median), then by their ink's pieces a box (words against
// numbers). A how-to column of print too small and blurred to read or to
// line up (a low-resolution photo) stays a score column here; the ruleset
// the page names may have fewer. A margin strip 10 mm wide beside three
// players' columns of 40, a speck in it, had come after the first
// player's light pencil (two pieces a box against the speck's one), and
// every player was read one column off.
void SidePrint(const std::vector<ColumnProfile>& profiles, const ColumnRoleOptions& options, ColumnRoles& roles) {
  for (int c : HowToPlaces(profiles, roles.label, options))
    if (std::find(roles.score.begin(), roles.score.end(), c) != roles.score.end()) roles.side_print.push_back(c);
  auto words = [&](int c) {
    return std::find(roles.maybe_how_to.begin(), roles.maybe_how_to.end(), c) != roles.maybe_how_to.end();
  };
  std::vector<double> widths;
  for (int c : roles.score) widths.push_back(profiles[c].width_mm);
  const double players = widths.empty() ? 0 : Median(widths);
  auto unlike = [&](int c) { return !AlikeWidths(profiles[c].width_mm, players, options); };
  std::stable_sort(roles.side_print.begin(), roles.side_print.end(), [&](int a, int b) {
    if (words(a) != words(b)) return words(a);
    if (unlike(a) != unlike(b)) return unlike(a);
    return profiles[a].pieces > profiles[b].pieces;
  });
}

}  // namespace

ColumnRoles AssignColumnRoles(const std::vector<ColumnProfile>& profiles, const std::vector<ColumnReading>& readings,
                              const ColumnRoleOptions& options) {
  ColumnRoles roles;
  const ColumnReading* label = LabelColumn(profiles, readings, options);
  if (!label) {
    roles.detail = "no column of printed labels";
    return roles;
  }
  roles.label = label->column;
  std::vector<bool> taken(profiles.size(), false);
  taken[roles.label] = true;
  const std::set<int> beside_labels = LabelNeighbours(profiles, roles.label, options);
  for (const ColumnReading& reading : readings) {
    if (reading.column == roles.label || reading.column < 0 || reading.column >= static_cast<int>(profiles.size()))
      continue;
    SortColumn(reading, profiles[reading.column], beside_labels, options, roles, taken);
  }
  std::sort(roles.how_to.begin(), roles.how_to.end());
  // The same printed mark in row after row (dice icons beside the labels)
  // is no place to write either.
  for (size_t c = 0; c < profiles.size(); ++c)
    if (!taken[c] && Writable(profiles[c], options))
      roles.score.push_back(static_cast<int>(c));
  std::erase_if(roles.maybe_how_to, [&](int c) {
    return std::find(roles.score.begin(), roles.score.end(), c) == roles.score.end();
  });
  std::sort(roles.maybe_how_to.begin(), roles.maybe_how_to.end());
  HowToAtItsPlaces(profiles, readings, options, roles);
  HowToByPieces(profiles, options, roles);
  std::sort(roles.how_to.begin(), roles.how_to.end());
  SidePrint(profiles, options, roles);
  if (roles.score.empty()) roles.detail = "no column to write scores in beside the labels";
  return roles;
}

ColumnRoles HowToWithoutAHeader(const cv::Mat& flat, const Lattice& grid, ColumnRoles roles, double px_per_mm,
                                const ColumnRoleOptions& options) {
  if (roles.label < 0 || grid.rows() < 2) return roles;
  for (int c : {roles.label - 1, roles.label + 1}) {
    if (std::find(roles.maybe_how_to.begin(), roles.maybe_how_to.end(), c) == roles.maybe_how_to.end()) continue;
    int headed = 0, others = 0;
    for (int other : roles.score)
      if (other != c) ++others, headed += TopCellInked(flat, grid, other, px_per_mm, options.ink_level);
    if (others < 2 || headed < others || TopCellInked(flat, grid, c, px_per_mm, options.ink_level)) continue;
    std::erase(roles.score, c);
    std::erase(roles.maybe_how_to, c);
    roles.how_to.push_back(c);
    std::sort(roles.how_to.begin(), roles.how_to.end());
  }
  return roles;
}

ColumnRoles ScoreColumnsAlike(const Lattice& grid, const std::vector<ColumnProfile>& profiles,
                              const std::vector<ColumnReading>& readings, ColumnRoles roles,
                              const ColumnRoleOptions& options) {
  const int columns = std::min(grid.columns(), static_cast<int>(profiles.size()));
  auto ruled = [&](int c) { return !grid.ColumnLineInferred(c) && !grid.ColumnLineInferred(c + 1); };
  auto width = [&](int c) { return grid.column_x[c + 1] - grid.column_x[c]; };
  auto score = [&](int c) { return std::find(roles.score.begin(), roles.score.end(), c) != roles.score.end(); };
  auto print = [&](int c) {
    const auto reading =
        std::find_if(readings.begin(), readings.end(), [&](const ColumnReading& r) { return r.column == c; });
    return reading != readings.end() && (SureWordRows(*reading, options) >= options.min_text_rows ||
                                         LettersPerTextRow(reading->rows) >= options.many_letters);
  };
  auto twin_of_a_score_column = [&](int c) {
    const int beside[] = {c - 1, c + 1};
    return std::any_of(std::begin(beside), std::end(beside), [&](int twin) {
      return twin >= 0 && twin < columns && score(twin) && ruled(twin) && AlikeWidths(width(c), width(twin), options);
    });
  };
  // Outward from the score columns, until no column beside one is its twin.
  for (bool grew = true; grew;) {
    grew = false;
    for (int c = 0; c < columns; ++c) {
      if (c == roles.label || score(c) || !ruled(c) || !Writable(profiles[c], options) || print(c) ||
          !twin_of_a_score_column(c))
        continue;
      roles.score.push_back(c);
      std::erase(roles.how_to, c);
      grew = true;
    }
  }
  std::sort(roles.score.begin(), roles.score.end());
  return roles;
}

ColumnRoles WideWordsAreHowTo(const Lattice& grid, ColumnRoles roles, const ColumnRoleOptions& options) {
  auto width = [&](int c) { return grid.column_x[c + 1] - grid.column_x[c]; };
  auto unsure_words = [&](int c) {
    return std::find(roles.maybe_how_to.begin(), roles.maybe_how_to.end(), c) != roles.maybe_how_to.end();
  };
  float narrowest = 0, widest = 0;
  for (int c : roles.score)
    if (!unsure_words(c) && c + 1 < static_cast<int>(grid.column_x.size())) {
      narrowest = narrowest == 0 ? width(c) : std::min(narrowest, width(c));
      widest = std::max(widest, width(c));
    }
  if (widest <= 0 || !AlikeWidths(widest, narrowest, options)) return roles;
  std::erase_if(roles.maybe_how_to, [&](int c) {
    const bool where_how_to_stands = std::find(roles.side_print.begin(), roles.side_print.end(), c) != roles.side_print.end();
    if (!where_how_to_stands || c + 1 >= static_cast<int>(grid.column_x.size()) || width(c) < options.how_to_width * widest)
      return false;
    std::erase(roles.score, c);
    std::erase(roles.side_print, c);
    roles.how_to.push_back(c);
    return true;
  });
  std::sort(roles.how_to.begin(), roles.how_to.end());
  return roles;
}

bool ColumnRoleOptions::Check() const {
  const auto Share = [](double x) { return x >= 0 && x <= 1; };  // a share or a probability
  const auto Level = [](double x) { return x >= 0 && x <= kWhite; };  // a grey level
  return Level(ink_level) && Level(light_ink_level) && light_ink_level >= ink_level && min_text_rows >= 1 &&
         text_pieces >= 0 && text_align_mm >= 0 && min_letters >= 0 && Share(min_print_confidence) && alike_width >= 1 &&
         how_to_width >= 1 && many_letters >= 0 && marks_alike_mm >= 0 && marks_size_mm >= 0 && min_mark_mm >= 0 &&
         icon_run >= min_text_rows && Share(same_mark_overlap) &&
         word_pieces >= 0 && Share(word_fill) && Share(max_word_numbers) && marked_per_text_row >= 0 &&
         min_score_column_mm > 0 && Share(min_label_fit) && min_label_letters_lead >= 0 &&
         Share(min_label_marked_fill);
}

}  // namespace scorecheck
