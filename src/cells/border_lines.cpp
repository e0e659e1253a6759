#include "cells/border_lines.h"

#include <algorithm>
#include <array>
#include <cmath>
#include <vector>

#include <opencv2/imgproc.hpp>

#include "cells/ink_mask.h"
#include "core/image_constants.h"

namespace scorecheck {
namespace {

// A pen stroke along a side's line whose pixels lie this far (pixels, on
// average) into the cell from the line's own middle leans into the cell.
constexpr double kLeanIn = 0.5;
// A ruled line runs across the whole cell; the opening that finds it keeps
// straight runs at least this share of the cell's width (height, for a side
// line) long. A digit's straight strokes (a 1's stem, a 7's bar) are shorter
// and stay ink; a line with a gap near its middle (faint print) still leaves
// runs this long on either side of it.
constexpr double kLineRunShare = 0.45;

// Takes out of `lines` the pieces where a pen stroke crosses the line: a run
// of line pixels across the line with ink off the line on both sides of it.
// Digits overrun their box; cut at the line, the part beyond it becomes a
// blob of its own, mostly outside the cell, and is dropped (a 7 whose stem
// crossed the top line lost its bar). Kept, the stroke stays one blob.
void KeepCrossingStrokes(cv::Mat& lines, const cv::Mat& mask, bool horizontal) {
  const cv::Mat off_line = mask & ~lines;
  const int across = horizontal ? lines.rows : lines.cols, along = horizontal ? lines.cols : lines.rows;
  auto at = [horizontal](const cv::Mat& m, int a, int t) -> uchar {
    return horizontal ? m.at<uchar>(a, t) : m.at<uchar>(t, a);
  };
  auto clear = [horizontal](cv::Mat& m, int a, int t) { (horizontal ? m.at<uchar>(a, t) : m.at<uchar>(t, a)) = 0; };
  auto ink_at = [&](int a, int t) { return a >= 0 && a < across && at(off_line, a, t); };
  for (int t = 0; t < along; ++t)
    for (int a = 0; a < across;) {
      if (!at(lines, a, t)) {
        ++a;
        continue;
      }
      int end = a;
      while (end < across && at(lines, end, t)) ++end;
      if ((ink_at(a - 1, t) || ink_at(a - 2, t)) && (ink_at(end, t) || ink_at(end + 1, t)))
        for (int k = a; k < end; ++k) clear(lines, k, t);
      a = end;
    }
}

// The line's core is its gray at the darkest tenth of its pixels (line pixels
// over this): dark enough to pass over its pale edges, a speck too few to decide.
constexpr int kCoreDivisor = 10;
// A line pixel is dark from this part of the way from paper to the line's
// core on (a quarter: a faint pen beside the line is darker still, and its
// anti-aliased edges at the ink threshold are not).
constexpr int kDarkDivisor = 4;
// Fewer rows than this where the line runs alone tell nothing of its own width.
constexpr size_t kMinSeenRows = 4;
// The line alone is its narrower rows: the rows' width (and ink) at this part
// of them, a quarter; a digit along it covers far fewer than three quarters
// of the crop's rows.
constexpr size_t kAloneDivisor = 4;
// A stroke widens the line over its stretch by at least pen_widening pixels a
// row on average, or by the line's own width over this (a quarter: a thick
// line's edges alone wander by more than a pixel).
constexpr int kWideningDivisor = 4;
// The line must run alone in at least this share of the cell's height (and
// kMinAloneRowCount rows) both before and after the stretch, so its own width
// and middle are known on either side.
constexpr double kAloneRowsShare = 0.1;
constexpr int kMinAloneRowCount = 3;
// Ink is looked for up to this share of the cell's height either side of the
// line: half, as far as a digit of either cell reaches towards it.
constexpr double kInkReachShare = 0.5;
// Ink on the far side within this share of the cell's height is the rest of
// the neighbour's digit (the curve of a 0 overrunning its right line).
constexpr double kNeighbourInkShare = 0.1;

// A side line's rows as PenAlongSide() measures them.
struct LineRows {
  std::vector<int> width;            // the row's dark line pixels
  std::vector<int> mass;             // the row's ink: its line pixels' depth below the paper
  std::vector<double> middle;        // mean column of the row's dark pixels
  std::vector<int> seen, seen_mass;  // width and mass of the rows where the line is measured alone
};

// What a side line is alone, and how PenAlongSide() tells a row with a pen
// stroke beside it.
struct LineAlone {
  int width = 0;      // dark pixels a row
  int mass = 0;       // ink a row
  int wider = 0;      // a row at least this wide has a stroke beside the line
  bool by_mass = false;
  double heavier_share = 0;
  int between_from = 0, between_to = 0;  // the rows between the row lines' bands
};

// The gray from which `line_pixels` of `gray` count as dark (see within), in
// `dark`; false when there are no line pixels.
bool DarkLevel(const cv::Mat& line_pixels, const cv::Mat& gray, int& dark) {
  // Widths count the line's darker pixels only (a quarter of the way from
  // paper to the line's core and beyond): its pale, anti-aliased edges sit at
  // the ink threshold and come and go along the line (a line turned by a
  // fraction of a pixel on a rotated scan); a pen beside it is darker, even
  // a faint one (half way, a faint 1 beside the line went with it).
  std::array<int, kGreyLevels> levels{};  // line pixels by gray level
  int line_count = 0;
  for (int y = 0; y < line_pixels.rows; ++y)
    for (int x = 0; x < line_pixels.cols; ++x)
      if (line_pixels.at<uchar>(y, x)) ++levels[gray.at<uchar>(y, x)], ++line_count;
  if (line_count == 0) return false;
  int core = 0;  // the line's 10th-percentile gray
  for (int below = 0; below + levels[core] <= line_count / kCoreDivisor;) below += levels[core++];
  dark = kPaper - (kPaper - core) / kDarkDivisor;
  return true;
}

// Each row's dark width, ink and middle along the line, and those of the rows
// where it is measured alone.
LineRows MeasureRows(const cv::Mat& line_pixels, const cv::Mat& gray, int dark, const cv::Rect2f& cell,
                     bool box_alone) {
  LineRows rows;
  rows.width.assign(line_pixels.rows, 0);
  rows.mass.assign(line_pixels.rows, 0);
  rows.middle.assign(line_pixels.rows, 0);
  // On a shaded crop the line alone is measured over the box only: through
  // the box's shading and through the paper beside it, each divided by its
  // own background, it comes out wider and heavier over the box (by two
  // pixels: a phantom 1 in every empty box of a striped row). So it does
  // where the margins lie on other paper: a stripe too light to be divided
  // out is flattened to white with the page's light, and a rule printed over
  // it comes out lighter than over the white box ("11" in empty boxes of a
  // white row between stripes, gen120 0039).
  const int band = LineBand(cell);
  const int alone_from = box_alone ? static_cast<int>(cell.y) + band : 0;
  const int alone_to = box_alone ? static_cast<int>(cell.y + cell.height) - band : line_pixels.rows;
  for (int y = 0; y < line_pixels.rows; ++y) {
    double columns_sum = 0;
    const uchar* on_line = line_pixels.ptr<uchar>(y);
    const uchar* level = gray.ptr<uchar>(y);
    for (int x = 0; x < line_pixels.cols; ++x) {
      if (!on_line[x]) continue;
      rows.mass[y] += std::max(0, kPaper - level[x]);
      if (level[x] < dark) ++rows.width[y], columns_sum += x;
    }
    if (rows.width[y] == 0) continue;
    rows.middle[y] = columns_sum / rows.width[y];
    if (y < alone_from || y >= alone_to) continue;
    rows.seen.push_back(rows.width[y]);
    rows.seen_mass.push_back(rows.mass[y]);
  }
  return rows;
}

// The line alone, from its narrower rows in `rows` (whose seen widths and
// masses this reorders).
LineAlone Alone(LineRows& rows, const cv::Rect2f& cell, const CellOptions& options) {
  LineAlone alone;
  std::vector<int>& seen = rows.seen;
  std::vector<int>& seen_mass = rows.seen_mass;
  // The line alone: its narrower rows (a digit along it covers far fewer
  // than three quarters of the crop's rows).
  std::nth_element(seen.begin(), seen.begin() + seen.size() / kAloneDivisor, seen.end());
  alone.width = seen[seen.size() / kAloneDivisor];
  std::nth_element(seen_mass.begin(), seen_mass.begin() + seen_mass.size() / kAloneDivisor, seen_mass.end());
  alone.mass = seen_mass[seen_mass.size() / kAloneDivisor];
  // The stretch: rows wider than the line alone, on average by `widening`
  // (a faint or wavering stroke widens some rows by a pixel only), or
  // holding more ink than it alone (a thin 1 laid over the line's edge
  // widens its dark core by a pixel but nearly doubles its ink: "18" read 8,
  // card 0271 of seed 900024).
  alone.wider = alone.width + 1;
  alone.heavier_share = options.pen_heavier;
  alone.by_mass = alone.heavier_share > 0 && alone.mass > 0;
  // By ink only between the row lines' bands: where a row line crosses, the
  // line holds more ink anyway (a phantom 1 in an empty box of a blurred page).
  const int band = LineBand(cell);
  alone.between_from = static_cast<int>(cell.y) + band;
  alone.between_to = static_cast<int>(cell.y + cell.height) - band;
  return alone;
}

// True when row `y` of the line holds more ink than the line alone.
bool Heavier(const LineRows& rows, const LineAlone& alone, int y) {
  return alone.by_mass && y >= alone.between_from && y < alone.between_to &&
         rows.mass[y] >= alone.mass * (1 + alone.heavier_share / 2);
}

// True when row `y` of the line has a stroke beside it: wider or heavier.
bool BesideLine(const LineRows& rows, const LineAlone& alone, int y) {
  return rows.width[y] >= alone.wider || Heavier(rows, alone, y);
}

// The longest stretch of rows with a stroke beside the line (gaps of a row
// bridged), from `best_from`, `best_length` rows long.
void LongestStretch(const LineRows& rows, const LineAlone& alone, int& best_from, int& best_length) {
  const int n = static_cast<int>(rows.width.size());
  best_from = 0, best_length = 0;
  for (int y = 0; y < n;) {
    if (!BesideLine(rows, alone, y)) {
      ++y;
      continue;
    }
    int end = y, gap = 0;
    for (int k = y; k < n && gap <= 1; ++k) {
      if (BesideLine(rows, alone, k)) end = k + 1, gap = 0;
      else ++gap;
    }
    if (end - y > best_length) best_from = y, best_length = end - y;
    y = end;
  }
}

// Where the line runs alone (its middle summed, its rows counted, its extent
// per row), on both sides of a stretch.
struct AloneExtent {
  double middle = 0;
  int count = 0;
  std::vector<int> left, right;
};

// True when the line runs alone over at least the rows `alone_rows` asks
// between rows `from` and `to`, those rows added to `extent`.
bool RunsAlone(const cv::Mat& line_pixels, const LineRows& rows, const LineAlone& alone, int from, int to,
               int alone_rows, AloneExtent& extent) {
  int count = 0;
  for (int y = std::max(0, from); y < std::min(line_pixels.rows, to); ++y) {
    if (rows.width[y] == 0 || BesideLine(rows, alone, y)) continue;
    ++count;
    extent.middle += rows.middle[y];
    std::vector<cv::Point> points;
    cv::findNonZero(line_pixels.row(y), points);
    const auto [left, right] = std::minmax_element(points.begin(), points.end(),
                                                   [](const cv::Point& a, const cv::Point& b) { return a.x < b.x; });
    extent.left.push_back(left->x);
    extent.right.push_back(right->x);
  }
  extent.count += count;
  return count >= alone_rows;
}

// The paper between the stretch's rows (from `from`, `length` rows) and the
// nearest ink in `direction` (+1 right, -1 left), pixels, at most `reach`: per
// row, from the line's edge on that side, past ink touching it (the stroke's
// own), the paper up to the next ink.
int GapToInk(const cv::Mat& mask, const cv::Range& columns, const cv::Mat& line_pixels, int from, int length,
             int reach, int direction) {
  int nearest = reach;
  for (int y = from; y < from + length; ++y) {
    int edge = -1;
    for (int x = 0; x < line_pixels.cols; ++x)
      if (line_pixels.at<uchar>(y, x) && (edge < 0 || (direction > 0) == (x > edge))) edge = x;
    if (edge < 0) continue;
    int x = columns.start + edge + direction;
    const uchar* row = mask.ptr<uchar>(y);
    auto inside = [&](int at) { return at >= 0 && at < mask.cols && std::abs(at - (columns.start + edge)) <= reach; };
    while (inside(x) && row[x]) x += direction;
    const int paper_from = x;
    while (inside(x) && !row[x]) x += direction;
    if (inside(x)) nearest = std::min(nearest, std::abs(x - paper_from));
  }
  return nearest;
}

// The mask PenAlongSide() returns for the stretch (`stretch`) of a stroke
// leaning by `lean` pixels, `darkens` when it darkens the line (see within).
cv::Mat PenMask(const cv::Mat& line_pixels, AloneExtent& extent, const cv::Range& stretch, double lean, int inward,
                bool darkens) {
  // A stroke leaning into the cell: keep what lies beyond the line's own
  // extent, the pen; the line's pixels in between would add a bar to a digit
  // whose curve touches the line (a "0" read "10"). A stroke leaning out (a
  // 1 written mostly left of the left line) keeps the line's pixels too: what
  // lies beyond them is outside, and the bar is most of the 1 we see. So does
  // a stroke that darkens the line, unless it leans in by kLeanIn: it lies
  // over the line, and beyond it only its edge shows (card 0271 of seed
  // 900024). Found by its width alone, a stroke leaning in by less is still
  // cut at the line: the curve of a blurred 2 along it read "1" otherwise
  // (card 0204 of seed 900023).
  std::vector<int>& alone_left = extent.left;
  std::vector<int>& alone_right = extent.right;
  std::nth_element(alone_left.begin(), alone_left.begin() + alone_left.size() / 2, alone_left.end());
  std::nth_element(alone_right.begin(), alone_right.begin() + alone_right.size() / 2, alone_right.end());
  const int line_from = alone_left[alone_left.size() / 2], line_to = alone_right[alone_right.size() / 2] + 1;
  cv::Mat keep = cv::Mat::zeros(line_pixels.size(), CV_8U);
  keep(stretch, cv::Range::all()).setTo(kWhite, line_pixels(stretch, cv::Range::all()));
  const bool over_line = darkens && lean * inward < kLeanIn;
  if (lean * inward > 0 && !over_line) keep(stretch, cv::Range(line_from, line_to)).setTo(0);
  return keep;
}

// The pixels of a side's ruled line where a pen stroke of this cell runs
// along it (a 1 written on the left line): the line is darker over a wider
// span there than where it runs alone (on average by `pen_widening` pixels,
// or a quarter of its width), or holds more ink (by `pen_heavier` of its
// own), over a stretch of at least `pen_along_side` of the cell's height.
// The stroke is this cell's when it leans into the cell (`inward`: +1 when
// the cell lies to the right of this line, -1 to its left) or the cell's
// other ink comes nearer to it than the neighbour's. `mask` is the
// crop's ink, `columns` the side's band in it, `line_pixels` the band's line
// pixels, `gray` the band of the page. Returns a mask of the band (CV_8U, 255
// = keep: pen, not line); empty when there is no such stroke of this cell.
cv::Mat PenAlongSide(const cv::Mat& mask, const cv::Range& columns, const cv::Mat& line_pixels, const cv::Mat& gray,
                     const cv::Rect2f& cell, const CellOptions& options, int inward, bool written_beyond, bool box_alone) {
  const double min_share = options.pen_along_side;
  const int widening = options.pen_widening;
  int dark = 0;
  if (!DarkLevel(line_pixels, gray, dark)) return {};
  LineRows rows = MeasureRows(line_pixels, gray, dark, cell, box_alone);
  if (rows.seen.size() < kMinSeenRows) return {};
  const LineAlone alone = Alone(rows, cell, options);
  int best_from = 0, best_length = 0;
  LongestStretch(rows, alone, best_from, best_length);
  if (best_length < min_share * cell.height) return {};
  double excess = 0, excess_mass = 0;
  for (int y = best_from; y < best_from + best_length; ++y) {
    excess += std::max(0, rows.width[y] - alone.width);
    if (y >= alone.between_from && y < alone.between_to) excess_mass += std::max(0, rows.mass[y] - alone.mass);
  }
  const bool widens = excess >= std::max(widening, alone.width / kWideningDivisor) * best_length;
  const bool darkens = alone.by_mass && excess_mass >= alone.heavier_share * alone.mass * best_length;
  if (!widens && !darkens) return {};
  // The line runs alone at its own width above and below the stretch. A
  // line leaning out of the side's band narrows towards one end instead: its
  // "wider" stretch runs to the end of the crop.
  const int alone_rows = std::max(kMinAloneRowCount, static_cast<int>(kAloneRowsShare * cell.height));
  AloneExtent extent;
  // Anywhere before and after the stretch, not only next to it: a 1 written
  // down to the bottom border widens the line right up to where the row line
  // crosses it, and the line runs alone only in the margin beyond ("18" read
  // 8 on a low-resolution page).
  if (!RunsAlone(line_pixels, rows, alone, 0, best_from, alone_rows, extent) ||
      !RunsAlone(line_pixels, rows, alone, best_from + best_length, line_pixels.rows, alone_rows, extent))
    return {};
  double pen_middle = 0;
  for (int y = best_from; y < best_from + best_length; ++y) pen_middle += rows.middle[y];
  const double lean = pen_middle / best_length - extent.middle / extent.count;
  // Whose stroke: this cell's when it leans into it, or when the cell's other
  // ink comes nearer to it than ink on the far side (a 1 written on the line
  // before the rest of the number, mostly outside). Not by the nearer ink
  // alone: beside the first score column lie the printed labels. Per row of
  // the stretch, from the line's edge on one side, past ink touching it (the
  // stroke's own), the paper up to the next ink.
  const int reach = static_cast<int>(kInkReachShare * cell.height);
  // Nobody writes beyond the line (printed labels, the grid's edge): the
  // stroke is this cell's whichever way it leans. Judged by the nearer ink,
  // a 1 on the first column's left line went to the label beside it ("17"
  // read 7, card 0216 of seed 900023).
  const int ours = GapToInk(mask, columns, line_pixels, best_from, best_length, reach, inward);
  const int theirs = GapToInk(mask, columns, line_pixels, best_from, best_length, reach, -inward);
  // A lean under half a pixel (kLeanIn) is the line's own blur, not a pen
  // beside it; ink on the far side within a tenth of the height is the rest
  // of the neighbour's digit (the curve of a 0 overrunning its right line).
  const bool leans_in = lean * inward >= kLeanIn && theirs >= kNeighbourInkShare * cell.height;
  if (written_beyond && !leans_in && ours >= theirs) return {};
  return PenMask(line_pixels, extent, cv::Range(best_from, best_from + best_length), lean, inward, darkens);
}

// The columns a side's ruled line covers: the band around column `at`
// (`band` either way), widened to the line's own extent when it is wider.
// Per row, the run of `lines` pixels (upright runs of ink) through the
// band's pixel nearest `at`, followed up to twice the band out; the line's
// extent is the median of those runs' ends, so a stroke along part of the
// line does not widen it. A blurred low-resolution page upsampled to 8
// px/mm rules lines of 12-14 px beside boxes 60 px tall: cut at the band,
// the line's part beyond it stayed as ink (a leading "1" in the box: "130"
// for 30) and, standing on both sides of what was taken, looked like a
// stroke across the line (KeepCrossingStrokes), which kept the line there
// too.
cv::Range SideLineColumns(const cv::Mat& lines, int at, int band) {
  const int from = std::max(0, at - band), to = std::min(lines.cols, at + band);
  if (to <= from) return cv::Range(from, from);
  const int reach_from = std::max(0, at - 2 * band), reach_to = std::min(lines.cols, at + 2 * band);
  std::vector<int> lefts, rights;
  for (int y = 0; y < lines.rows; ++y) {
    const uchar* row = lines.ptr<uchar>(y);
    int nearest = -1;
    for (int x = from; x < to; ++x)
      if (row[x] && (nearest < 0 || std::abs(x - at) < std::abs(nearest - at))) nearest = x;
    if (nearest < 0) continue;
    int left = nearest, right = nearest;
    while (left - 1 >= reach_from && row[left - 1]) --left;
    while (right + 1 < reach_to && row[right + 1]) ++right;
    lefts.push_back(left);
    rights.push_back(right);
  }
  // A line seen in half the rows at least; fewer is no line to measure.
  if (2 * static_cast<int>(lefts.size()) < lines.rows) return cv::Range(from, to);
  std::nth_element(lefts.begin(), lefts.begin() + lefts.size() / 2, lefts.end());
  std::nth_element(rights.begin(), rights.begin() + rights.size() / 2, rights.end());
  return cv::Range(std::min(from, lefts[lefts.size() / 2]), std::max(to, rights[rights.size() / 2] + 1));
}

}  // namespace

// Removes the ruled lines along the cell's four borders: long straight runs
// within a band around each border, except where a stroke crosses them. A
// stroke across the middle of the cell (a cross-out) is not near a border and
// stays. Returns the pixels kept on a side's line because a pen stroke runs
// along it there (PenAlongSide; empty mask when none).
cv::Mat RemoveBorderLines(cv::Mat& mask, const cv::Mat& gray, const cv::Rect2f& cell, const CellOptions& options,
                          WrittenBeside beside, bool box_alone) {
  cv::Mat pen = cv::Mat::zeros(mask.size(), CV_8U);
  const int band = LineBand(cell);
  auto clear_lines = [&](bool horizontal) {
    const int length = static_cast<int>((horizontal ? cell.width : cell.height) * kLineRunShare);
    const cv::Mat kernel = cv::getStructuringElement(cv::MORPH_RECT, horizontal ? cv::Size(length, 1) : cv::Size(1, length));
    cv::Mat lines;
    cv::morphologyEx(mask, lines, cv::MORPH_OPEN, kernel);
    // Keep only line pixels close to the border positions: a band
    // [from, to) of rows (columns) around each.
    // Rows only: twice the band, and the border rows themselves (see below).
    cv::Mat near = cv::Mat::zeros(mask.size(), CV_8U), wide = cv::Mat::zeros(mask.size(), CV_8U);
    std::vector<cv::Range> bands;
    std::vector<int> border_rows;
    const int extent = horizontal ? mask.rows : mask.cols;
    for (float edge : {horizontal ? cell.y : cell.x, horizontal ? cell.y + cell.height : cell.x + cell.width}) {
      const int at = static_cast<int>(edge);
      const int from = std::max(0, at - band), to = std::min(extent, at + band);
      if (to <= from) continue;
      if (!horizontal) {
        bands.push_back(SideLineColumns(lines, at, band));
        near.colRange(bands.back()).setTo(kWhite);
        continue;
      }
      bands.emplace_back(from, to);
      near.rowRange(bands.back()).setTo(kWhite);
      wide.rowRange(std::max(0, at - 2 * band), std::min(extent, at + 2 * band)).setTo(kWhite);
      if (at >= 0 && at < extent) border_rows.push_back(at);
    }
    // A row line thicker than the band (a blurred low-resolution page
    // upsampled to 8 px/mm: lines of 10-12 px) is followed out of it, up to
    // twice the band from the border. Cut at the band's edge, its outer rows
    // stayed as ink, and every stroke touching the line from inside looked as
    // if it crossed it: the line under a "202" written low was kept as a bar,
    // read 0. Only the pieces lying on the border row itself are followed; a
    // stroke beside the line is cut at the band as before. A column line is
    // measured instead (SideLineColumns): a 1 on the left line is one piece
    // with it, and PenAlongSide looks for it over the line's whole width.
    if (horizontal) {
      cv::Mat thick = lines & wide, pieces;
      const int piece_count = cv::connectedComponents(thick, pieces, kEightConnected, CV_32S);
      std::vector<uchar> on_border(piece_count, 0);
      for (int y : border_rows) {
        const int* p = pieces.ptr<int>(y);
        for (int x = 0; x < pieces.cols; ++x) on_border[p[x]] = 1;
      }
      on_border[0] = 0;
      lines &= near;
      for (int y = 0; y < pieces.rows; ++y) {
        const int* p = pieces.ptr<int>(y);
        uchar* l = lines.ptr<uchar>(y);
        for (int x = 0; x < pieces.cols; ++x)
          if (on_border[p[x]]) l[x] = kWhite;
      }
    } else {
      lines &= near;
    }
    // Widen by a pixel: anti-aliased line edges are ink too.
    cv::dilate(lines, lines,
               cv::getStructuringElement(cv::MORPH_RECT,
                                         horizontal ? cv::Size(1, kSmallKernel) : cv::Size(kSmallKernel, 1)));
    KeepCrossingStrokes(lines, mask, horizontal);
    if (!horizontal && options.pen_along_side > 0)
      for (size_t b = 0; b < bands.size(); ++b) {
        const cv::Range& columns = bands[b];
        cv::Mat side = lines.colRange(columns);
        const cv::Mat keep = PenAlongSide(mask, columns, side, gray.colRange(columns), cell, options,
                                          b == 0 ? 1 : -1, b == 0 ? beside.left : beside.right, box_alone);
        if (keep.empty()) continue;
        pen.colRange(columns) |= keep;
        side.setTo(0, keep);
      }
    mask.setTo(0, lines);
  };
  clear_lines(true);
  clear_lines(false);
  return pen;
}

}  // namespace scorecheck
