#include "lattice/find_lattice.h"

#include <algorithm>
#include <array>
#include <cmath>
#include <numeric>
#include <optional>
#include <sstream>

#include <opencv2/calib3d.hpp>
#include <opencv2/imgproc.hpp>

#include "core/error.h"
#include "core/image_constants.h"
#include "core/paper_sizes.h"
#include "image/load_image.h"
#include "lattice/bands.h"
#include "lattice/faint_rows.h"
#include "lattice/stacked_grids.h"
#include "lattice/line_runs.h"
#include "lattice/table_lines.h"

namespace scorecheck {
namespace {

using namespace lattice;

// A line's runs closer than kStretchGapMm are one stretch of it (a rule is
// cut or faint over less; two grids side by side stand further apart), and a
// stretch counts when at least kShortestStretchMm long and crossing
// kMinCrossed lines the other way: a grid's line crosses its frame and a line
// between, while a column rule stopped by a header row crosses one row beside
// it, and a shorter piece is a stub that says nothing about which way the
// table's lines run (see QuarterVote()).
constexpr double kStretchGapMm = 4.0, kShortestStretchMm = 10.0;
constexpr int kMinCrossed = 3;
// A page lies in one of kQuarters orientations, each a quarter turn of
// kQuarterDegrees (whole degrees, as LatticeResult::rotation_deg counts them).
constexpr int kQuarters = 4;
constexpr int kQuarterDegrees = static_cast<int>(kQuarterTurnDeg);
// A corner further than this share of its grid's longer side from its
// rectangle's is a fit gone wrong, not perspective (see PerspectiveFix()).
constexpr float kMaxCornerOff = 0.1f;
// The detail string gives the skew rounded to this many steps per degree
// (hundredths).
constexpr double kSkewDetailSteps = 100;

// How many times `line` counts in a table whose other lines are `across`:
// once for each stretch of it (its runs closer than `gap`, at least
// `shortest` long) that crosses `min_crossed` of them, once at least. A
// line at one height through two grids side by side counts twice; a
// column rule stopped by a header row only once, its stretch beside the
// header crossing one row.
double LineCount(const Line& line, const std::vector<Line>& across, float tol, float gap, float shortest, int min_crossed) {
  std::vector<std::pair<float, float>> stretches;
  for (const auto& span : line.spans) {
    if (!stretches.empty() && span.first - stretches.back().second < gap)
      stretches.back().second = std::max(stretches.back().second, span.second);
    else
      stretches.push_back(span);
  }
  double count = 0;
  for (const auto& stretch : stretches) {
    const float from = stretch.first, to = stretch.second;  // captured below: not a structured binding
    if (to - from < shortest) continue;
    const auto crossed = std::count_if(across.begin(), across.end(), [&](const Line& other) {
      return from - tol <= other.pos && other.pos <= to + tol && Passes(other, line.pos, tol);
    });
    if (crossed >= min_crossed) ++count;
  }
  return std::max(1.0, count);
}

// Quarter-turn votes: positive when the tables' rows run across the page as
// seen (more horizontal than vertical lines), negative when turned. A line
// counts once for each stretch of it that crosses three lines the other
// way (LineCount): two grids side by side, their header bars or frames in
// line, are found as one table, and its column lines are both grids' while
// each of its row lines runs through both (16 column lines against 10 rows
// had turned a page of four grids).
double QuarterVote(const Runs& runs, const LatticeOptions& options, const Scale& scale) {
  const float tol = static_cast<float>(scale.Full(kLineTolMm)), merge = static_cast<float>(scale.Full(kMergeMm));
  const float gap = static_cast<float>(scale.Full(kStretchGapMm));
  const float shortest = static_cast<float>(scale.Full(kShortestStretchMm));
  double vote = 0;
  for (const Table& table : FindTables(runs, options, scale)) {
    const cv::Rect2f& box = table.box;
    auto rows = Spanning(TableLines(runs.horizontal, true, box.y, box.br().y, box.x, box.br().x, merge, tol), options.min_line_span);
    auto columns = Spanning(TableLines(runs.vertical, false, box.x, box.br().x, box.y, box.br().y, merge, tol), options.min_line_span);
    // A table ruled one way only (its rows) keeps its lines as they are.
    if (rows.size() >= 2 && columns.size() >= 2)
      KeepRuled(rows, columns, static_cast<float>(scale.Full(kMeetMm)), static_cast<float>(scale.Full(kRuleReachMm)),
                static_cast<float>(scale.Full(options.double_frame_mm)));
    const auto h = rows.size(), v = columns.size();
    if (static_cast<int>(std::max(h, v)) - 1 < options.min_rows) continue;
    double h_stretches = 0, v_stretches = 0;
    for (const Line& line : rows) h_stretches += LineCount(line, columns, tol, gap, shortest, kMinCrossed);
    for (const Line& line : columns) v_stretches += LineCount(line, rows, tol, gap, shortest, kMinCrossed);
    vote += (h_stretches > v_stretches ? 1.0 : h_stretches < v_stretches ? -1.0 : 0.0) * static_cast<double>(h + v);
  }
  return vote;
}

// Clockwise quarter turns of a w x h image.
cv::Matx33d QuarterTurn(int quarters, cv::Size size) {
  const double w = size.width, h = size.height;
  switch (((quarters % kQuarters) + kQuarters) % kQuarters) {
    case 1: return {0, -1, h - 1, 1, 0, 0, 0, 0, 1};
    case 2: return {-1, 0, w - 1, 0, -1, h - 1, 0, 0, 1};
    case kQuarters - 1: return {0, 1, 0, -1, 0, w - 1, 0, 0, 1};
  }
  return cv::Matx33d::eye();
}

cv::Matx33d ToMatx33(const cv::Mat& affine) {
  const cv::Matx23d m(affine);
  return {m(0, 0), m(0, 1), m(0, 2), m(1, 0), m(1, 1), m(1, 2), 0, 0, 1};
}

cv::Matx23d ToMatx23(const cv::Matx33d& m) { return {m(0, 0), m(0, 1), m(0, 2), m(1, 0), m(1, 1), m(1, 2)}; }

// One look at the page: line runs, skew, orientation and candidate grids.
struct Detection {
  double skew = 0;                 // degrees, counter-clockwise turn applied first
  int quarters = 0;                // clockwise quarter turns applied next
  cv::Matx33d turned_from_input = cv::Matx33d::eye();  // full-resolution pixels
  std::vector<Candidate> candidates;  // in turned pixels
  double paper_contrast = 0;          // the paper's own darkness (PaperContrast())
};

// Rules stand out against the paper around them over a window this wide, mm:
// wider than the thickest printed rule with its blur, narrower than a row.
constexpr double kContrastWindowMm = 2.5;
// A rule needs paper this far (mm) to either side of its ridge, and a step
// edge is measured over this far each side (see Detect()), each at least
// kMinSidePx working pixels so a coarse look still sees paper.
constexpr double kRidgeGapMm = 1.0;  // and kStepReachMm (line_runs.h)
constexpr int kMinSidePx = 2;
// Below this skew (degrees) a line drifts less than 0.4 mm across a page:
// not worth the warp.
constexpr double kMinSkewDeg = 0.1;
// A run this near a band's edge (mm) lies on it: a bar's edge found as a
// step, or a rule ending where a bar begins; a band's edge within
// kSameEdgeMm of a run is that run.
constexpr double kOnBandEdgeMm = 2.0, kSameEdgeMm = 1.0;

// The maps Detect() finds lines in, of one look at the page.
struct LineMaps {
  cv::Mat contrast;  // ridges: rules
  cv::Mat darkest;   // the darkest channel: step edges
  cv::Mat darkness;  // darkness as it looks (gray): bands
};

// The ruled lines in `maps`, and in `steps` the step edges of shaded rows
// apart: only the edges along the rows are rows (see Detect()).
Runs FindRuns(const LineMaps& maps, const LatticeOptions& options, const Scale& scale, Runs& steps) {
  const int run = scale.WorkOdd(options.min_run_mm);
  // Wider than half the thickest printed line with its blur: rules to about
  // 1.5 mm. (A 1.5 mm look, for 2.5 mm rules, took the white-on-colour text
  // of header bands and the body of blurred text for rules: more sheets
  // lost their grid than rules that thick gained one.)
  const int gap = std::max(kMinSidePx, static_cast<int>(std::lround(kRidgeGapMm * scale.work_px_per_mm)));
  const double threshold = options.min_contrast * kWhite;
  // Step edges are measured over a millimetre each side: wider than a rule
  // (left to the ridges), narrower than a row.
  const int reach = std::max(kMinSidePx, static_cast<int>(std::lround(kStepReachMm * scale.work_px_per_mm)));
  // A step edge counts as long as a table line: a stripe's or a bar's ends
  // are a row high, and would stand as a dashed rule down the table's side.
  const int edge_run = scale.WorkOdd(options.min_line_mm);
  Runs found;
  steps = Runs{};
  for (bool horizontal : {true, false}) {
    const cv::Mat ruled = RunMask(maps.contrast, horizontal, run, threshold, options.run_fill, gap);
    (horizontal ? found.horizontal : found.vertical) = RunsOf(ruled, horizontal, scale);
    if (options.min_step > 0)
      (horizontal ? steps.horizontal : steps.vertical) = RunsOf(
          StepMask(maps.darkest, horizontal, edge_run, options.min_step, options.run_fill, reach, ruled), horizontal,
          scale);
  }
  return found;
}

// `lines` with the step edges `steps` along the rows (`horizontal`) or the
// columns (`vertical`) added.
Runs WithSteps(Runs lines, const Runs& steps, bool horizontal, bool vertical) {
  if (horizontal) lines.horizontal.insert(lines.horizontal.end(), steps.horizontal.begin(), steps.horizontal.end());
  if (vertical) lines.vertical.insert(lines.vertical.end(), steps.vertical.begin(), steps.vertical.end());
  return lines;
}

// `lines` with the edges of `bands` added (AddBandEdges()).
Runs WithBands(Runs lines, const std::vector<Band>& bands, const LatticeOptions& options, const Scale& scale) {
  AddBandEdges(bands, static_cast<float>(scale.Full(kOnBandEdgeMm)), static_cast<float>(scale.Full(kSameEdgeMm)),
               static_cast<float>(scale.Full(options.min_line_mm)), lines);
  return lines;
}

// Turns each of `maps` (of `work`) by `skew` degrees about the page's
// centre; returns the same turn in full-resolution pixels.
cv::Matx33d Deskew(LineMaps& maps, const cv::Mat& work, double skew, const Scale& scale) {
  const double k = scale.pool, offset = (k - 1) / 2;
  const cv::Point2f centre_work(work.cols / 2.0f, work.rows / 2.0f);
  const cv::Point2f centre_full(static_cast<float>(k * centre_work.x + offset),
                                static_cast<float>(k * centre_work.y + offset));
  // Each map into its own image: warped into one shared output, the maps
  // were all the last one warped (the contrast map had been the darkness
  // map on every deskewed page).
  const cv::Mat rotation = cv::getRotationMatrix2D(centre_work, skew, 1);
  auto turn = [&](const cv::Mat& map, int border) {
    cv::Mat turned;
    cv::warpAffine(map, turned, rotation, map.size(), cv::INTER_LINEAR, border, cv::Scalar(0));
    return turned;
  };
  maps.contrast = turn(maps.contrast, cv::BORDER_CONSTANT);
  maps.darkness = turn(maps.darkness, cv::BORDER_CONSTANT);
  maps.darkest = turn(maps.darkest, cv::BORDER_REPLICATE);
  return ToMatx33(cv::getRotationMatrix2D(centre_full, skew, 1));
}

// Finds the grids on `work` (the page's colour channels at the working
// resolution, see WorkingPage(); `size` is the full-resolution page it
// stands for).
Detection Detect(const cv::Mat& work, cv::Size size, const LatticeOptions& options, const Scale& scale) {
  Detection d;
  LineMaps maps;
  maps.contrast = LineContrast(work, scale.WorkOdd(kContrastWindowMm));
  d.paper_contrast = PaperContrast(maps.contrast);
  // Step edges in the darkest channel: a stripe printed in a colour is as
  // dark there as its ink makes it.
  maps.darkest = DarkestChannel(work);
  // Bands as dark as they look (in gray): a bar in a strong colour is far
  // darker in its darkest channel than it looks, and its blurred edges
  // reach out with it.
  maps.darkness = DarknessMap(Luminance(work), scale.WorkOdd(options.bands.paper_window_mm));
  // Ruled lines, and the step edges of shaded rows apart: only the edges
  // along the rows are rows (see below).
  Runs steps;
  Runs runs = FindRuns(maps, options, scale, steps);
  d.skew = SkewOf(WithSteps(runs, steps, true, true), static_cast<float>(scale.Full(options.min_line_mm)),
                  options.max_skew_deg);
  cv::Matx33d deskew = cv::Matx33d::eye();
  // Below 0.1 degrees a line drifts less than 0.4 mm across a page.
  if (std::abs(d.skew) >= kMinSkewDeg) {
    deskew = Deskew(maps, work, d.skew, scale);
    runs = FindRuns(maps, options, scale, steps);
  } else {
    d.skew = 0;
  }
  // Header bars, shaded rows and tinted columns: their edges are rules too
  // (an edge that a rule or a step edge already lies on is not added again).
  const std::vector<Band> bands = FindBands(maps.darkness, maps.darkest, scale, options.bands);
  // A bar's edge is a step edge too: the band's alone. (Both, a title bar
  // over the table stacked onto it as rows of its own.)
  DropEdgesOnBands(bands, static_cast<float>(scale.Full(kOnBandEdgeMm)), steps);

  // Tables in the orientation where rows run across. Whether the page is
  // upside down is for the printed text to say (the grid stage reads it): a
  // column's width or side says nothing about what it holds.
  if (options.find_orientation &&
      QuarterVote(WithBands(WithSteps(runs, steps, true, true), bands, options, scale), options, scale) < 0)
    d.quarters = 1;
  // Step edges along the rows only: a striped or shaded row has no rule of
  // its own, while a column's edges are its rules, a tint the grid stage
  // finds, or a bar's sides (bands, above). The sides of a header bar a
  // few rows tall, taken for column rules, framed a table that has none.
  runs = WithBands(WithSteps(runs, steps, d.quarters % 2 == 0, d.quarters % 2 == 1), bands, options, scale);
  d.candidates = BuildAll(TurnRuns(runs, ToMatx23(QuarterTurn(d.quarters, size))), options, scale);
  d.turned_from_input = QuarterTurn(d.quarters, size) * deskew;
  return d;
}

// A perspective correction (in turned pixels) that makes the found grids'
// frames rectangles, or none when they are rectangles already (every corner
// within `tolerance` of its rectangle's) or the correction looks wrong.
// A photo whose paper outline was not found keeps the camera's perspective:
// rows then fan out a few degrees, more than one skew angle can take out.
std::optional<cv::Matx33d> PerspectiveFix(const std::vector<Candidate>& candidates, float tolerance) {
  std::vector<cv::Point2f> from, to;
  float worst = 0;
  for (const Candidate& c : candidates) {
    if (!c.lattice) continue;
    const auto& q = c.corners;
    const float left = (q[kTopLeft].x + q[kBottomLeft].x) / 2, right = (q[kTopRight].x + q[kBottomRight].x) / 2;
    const float top = (q[kTopLeft].y + q[kTopRight].y) / 2, bottom = (q[kBottomRight].y + q[kBottomLeft].y) / 2;
    const decltype(c.corners) rect = {cv::Point2f(left, top), cv::Point2f(right, top), cv::Point2f(right, bottom),
                                      cv::Point2f(left, bottom)};
    for (size_t i = 0; i < rect.size(); ++i) {
      // A corner far off its rectangle is a fit gone wrong, not perspective.
      // Far is measured against the grid's longer side: a one-player sheet
      // (tall and narrow) seen from its foot has its top corners come in by
      // more than a tenth of its width.
      const float off = static_cast<float>(cv::norm(q[i] - rect[i]));
      if (off > kMaxCornerOff * std::max(right - left, bottom - top)) return std::nullopt;
      worst = std::max(worst, off);
      from.push_back(q[i]);
      to.push_back(rect[i]);
    }
  }
  if (from.empty() || worst <= tolerance) return std::nullopt;
  const cv::Mat h = cv::findHomography(from, to, 0);
  if (h.empty()) return std::nullopt;
  return cv::Matx33d(h);
}

}  // namespace

// Grids whose vertical extents overlap form one band.
void SortGrids(std::vector<Lattice>& grids) {
  std::sort(grids.begin(), grids.end(), [](const Lattice& a, const Lattice& b) { return a.frame.y < b.frame.y; });
  for (size_t i = 0; i < grids.size();) {
    size_t j = i + 1;
    const float middle = grids[i].frame.y + grids[i].frame.height / 2;
    while (j < grids.size() && grids[j].frame.y < middle) ++j;
    std::sort(grids.begin() + static_cast<long>(i), grids.begin() + static_cast<long>(j),
              [](const Lattice& a, const Lattice& b) { return a.frame.x < b.frame.x; });
    i = j;
  }
}

float MedianRowPitch(const Lattice& grid) {
  std::vector<float> pitches;
  for (int r = 0; r < grid.rows(); ++r) pitches.push_back(grid.row_y[r + 1] - grid.row_y[r]);
  if (pitches.empty()) return 0;
  std::nth_element(pitches.begin(), pitches.begin() + pitches.size() / 2, pitches.end());
  return pitches[pitches.size() / 2];
}

bool SameColumns(const Lattice& a, const Lattice& b, float tolerance) {
  if (a.column_x.size() != b.column_x.size() || a.column_x.size() < 2) return false;
  for (size_t i = 0; i < a.column_x.size(); ++i)
    if (std::abs(a.column_x[i] - b.column_x[i]) > tolerance) return false;
  return true;
}

cv::Rect2f Lattice::Cell(int row, int column) const {
  SC_CHECK(row >= 0 && column >= 0 && row + 1 < static_cast<int>(row_y.size()) &&
               column + 1 < static_cast<int>(column_x.size()),
           "Lattice::Cell: row " << row << ", column " << column << " outside a " << rows() << " x " << columns()
                                 << " lattice");
  return cv::Rect2f(column_x[column], row_y[row], column_x[column + 1] - column_x[column], row_y[row + 1] - row_y[row]);
}


bool LatticeOptions::Check() const {
  return min_frame_margin_mm >= 0 && px_per_mm >= 0 && work_px_per_mm > 0 && min_contrast > 0 && min_contrast < 1 &&
         faint_contrast >= 0 && faint_contrast < 1 && faint_over_paper >= 0 &&
         min_run_mm > 0 && min_step >= 0 && min_step < 1 &&
         run_fill > 0 && run_fill <= 1 && min_line_mm >= min_run_mm && min_line_span > 0 && min_line_span <= 1 &&
         max_skew_deg >= 0 && max_skew_deg < kQuarterTurnDeg / 2 &&
         min_rows >= 1 && min_rows <= max_rows && min_columns >= 1 &&
         min_columns <= max_columns && min_regular_rows >= 0 && min_regular_rows <= 1 && max_row_repairs >= 0 &&
         max_row_repairs <= 1 && max_perspective_rounds >= 0 && double_frame_mm >= 0 && max_card_rows >= min_rows;
}

LatticeResult TurnedHalf(const LatticeResult& result) {
  LatticeResult turned = result;
  if (result.upright.empty()) return turned;
  const cv::Size size = result.upright.size();
  // The copy shares the image's pixels: rotated in place, the page kept
  // upright would be turned with it (its grids not).
  turned.upright = cv::Mat();
  cv::rotate(result.upright, turned.upright, cv::ROTATE_180);
  turned.upright_from_page = QuarterTurn(2, size) * result.upright_from_page;
  turned.rotation_deg = (result.rotation_deg + 2 * kQuarterDegrees) % (kQuarters * kQuarterDegrees);
  const float right = static_cast<float>(size.width - 1), bottom = static_cast<float>(size.height - 1);
  for (Lattice& grid : turned.grids) {
    auto flip = [](std::vector<float>& positions, float far) {
      std::reverse(positions.begin(), positions.end());
      for (float& p : positions) p = far - p;
    };
    flip(grid.row_y, bottom);
    flip(grid.column_x, right);
    std::reverse(grid.row_inferred.begin(), grid.row_inferred.end());
    std::reverse(grid.column_inferred.begin(), grid.column_inferred.end());
    grid.frame = cv::Rect2f(grid.column_x.front(), grid.row_y.front(), grid.column_x.back() - grid.column_x.front(),
                            grid.row_y.back() - grid.row_y.front());
  }
  SortGrids(turned.grids);
  return turned;
}

cv::Point2d UprightFromPage(const LatticeResult& result, cv::Point2d page_px) {
  const cv::Vec3d p = result.upright_from_page * cv::Vec3d(page_px.x, page_px.y, 1);
  return {p[0] / p[2], p[1] / p[2]};
}

cv::Point2d PageFromUpright(const LatticeResult& result, cv::Point2d upright_px) {
  const cv::Vec3d p = result.upright_from_page.inv() * cv::Vec3d(upright_px.x, upright_px.y, 1);
  return {p[0] / p[2], p[1] / p[2]};
}

namespace {

// A page smaller than this many working pixels either way holds no grid whose
// lines could be told apart.
constexpr int kMinWorkSidePx = 32;
// Frames whose corners all lie within this (mm) of their rectangles' are
// rectangles already: half a millimetre moves no line out of its cell.
constexpr double kPerspectiveTolMm = 0.5;
// A fainter look turned the page the same way when it puts no corner of the
// page further than this (mm) from where this look puts it: a tenth of a
// millimetre, well under a rule's width, moves no line off itself. Its skew,
// measured on more lines, may differ by a few thousandths of a degree
// (samples/frame-where-a-quarter-reach).
constexpr double kSameTurnMm = 0.1;
// A fainter look's grid, or a twin grid, is the same grid as ours when its
// lines (or its width and height) lie within this of ours, mm: a line's
// width and blur.
constexpr double kSameGridTolMm = 1.5;

// Whether `a` and `b` turn a page of `size` upright alike: no corner of it
// lands further than `tolerance_px` apart.
bool TurnedAlike(const LatticeResult& a, const LatticeResult& b, cv::Size size, double tolerance_px) {
  for (const cv::Point2d corner : {cv::Point2d(0, 0), cv::Point2d(size.width, 0), cv::Point2d(0, size.height),
                                   cv::Point2d(size.width, size.height)})
    if (cv::norm(UprightFromPage(a, corner) - UprightFromPage(b, corner)) > tolerance_px) return false;
  return true;
}

// How good a look at the page is: the grids it finds, then the lines it saw
// in them (not put back).
std::pair<int, int> LookScore(const Detection& d) {
  int grids = 0, seen = 0;
  for (const Candidate& c : d.candidates) {
    if (!c.lattice) continue;
    ++grids;
    seen += static_cast<int>(std::count(c.lattice->row_inferred.begin(), c.lattice->row_inferred.end(), false));
    seen += static_cast<int>(std::count(c.lattice->column_inferred.begin(), c.lattice->column_inferred.end(), false));
  }
  return std::pair(grids, seen);
}

// Straightens the page (`work`, standing for a page of `size`) and looks again
// while that makes `detection` no worse; `fix_in_input` is the last
// straightening taken, in input pixels. True when one was taken.
bool Straighten(const cv::Mat& work, cv::Size size, const LatticeOptions& options, const Scale& scale,
                Detection& detection, cv::Matx33d& fix_in_input) {
  // Straighten the page and look again, until the frames are rectangles or
  // a look is worse: a steep photo of two stacked grids (card 0104 of seed
  // 900022) needed four looks, each straightening part of what the last one
  // left; a page already straight stops after the first. A look is better
  // when it finds more grids, or as many with more lines seen (not put
  // back): straight lines fill the runs that slanted ones break.
  bool corrected = false;
  for (int round = 0; round < options.max_perspective_rounds; ++round) {
    const auto fix = PerspectiveFix(detection.candidates, static_cast<float>(scale.Full(kPerspectiveTolMm)));
    if (!fix) break;
    const cv::Matx33d fix_input = detection.turned_from_input.inv() * *fix * detection.turned_from_input * fix_in_input;
    const double k = scale.pool, offset = (k - 1) / 2;
    const cv::Matx33d full_from_work(k, 0, offset, 0, k, offset, 0, 0, 1);
    cv::Mat straight;
    cv::warpPerspective(work, straight, cv::Mat(full_from_work.inv() * fix_input * full_from_work), work.size(),
                        cv::INTER_LINEAR, cv::BORDER_REPLICATE);
    Detection next = Detect(straight, size, options, scale);
    if (LookScore(next) < LookScore(detection)) break;
    detection = std::move(next);
    fix_in_input = fix_input;
    corrected = true;
  }
  return corrected;
}

// `result.upright`: `page_bgr` turned upright (to `upright_size`) by
// `result.upright_from_page`, the cheapest way that does it.
void TurnUpright(const cv::Mat& page_bgr, const Detection& detection, cv::Size upright_size, LatticeResult& result) {
  if (result.perspective_corrected) {
    cv::warpPerspective(page_bgr, result.upright, cv::Mat(result.upright_from_page), upright_size, cv::INTER_LINEAR,
                        cv::BORDER_REPLICATE);
  } else if (detection.skew != 0) {
    // Half the time of a perspective warp.
    cv::warpAffine(page_bgr, result.upright, cv::Mat(ToMatx23(result.upright_from_page)), upright_size,
                   cv::INTER_LINEAR, cv::BORDER_REPLICATE);
  } else if (detection.quarters % kQuarters == 0) {
    result.upright = page_bgr.clone();
  } else {
    cv::rotate(page_bgr, result.upright, detection.quarters % kQuarters == 1   ? cv::ROTATE_90_CLOCKWISE
                                         : detection.quarters % kQuarters == 2 ? cv::ROTATE_180
                                                                       : cv::ROTATE_90_COUNTERCLOCKWISE);
  }
}

// Adds to `result.grids` the candidates' grids that lie inside the page's
// margins (`edge` pixels, the page `upright_size`), sorted; `off_the_edge`
// says whether one did not. Returns the rejected candidate that came
// nearest to a grid (null when none was rejected).
const Candidate* KeepGrids(const Detection& detection, cv::Size upright_size, double edge, LatticeResult& result,
                           bool& off_the_edge) {
  const Candidate* best_rejected = nullptr;
  off_the_edge = false;
  for (const Candidate& c : detection.candidates) {
    if (c.lattice) {
      const cv::Rect2f& frame = c.lattice->frame;
      if (frame.x < edge || frame.y < edge || frame.x + frame.width > upright_size.width - 1 - edge ||
          frame.y + frame.height > upright_size.height - 1 - edge) {
        off_the_edge = true;
        continue;
      }
      result.grids.push_back(*c.lattice);
    } else if (!best_rejected || c.rows + c.columns > best_rejected->rows + best_rejected->columns) {
      best_rejected = &c;
    }
  }
  SortGrids(result.grids);
  return best_rejected;
}

// What `result`, grids found, says it found.
std::string FoundDetail(const LatticeResult& result) {
  std::ostringstream detail;
  detail << result.grids.size() << (result.grids.size() == 1 ? " grid" : " grids");
  for (size_t i = 0; i < result.grids.size(); ++i)
    detail << (i ? ", " : ": ") << result.grids[i].rows() << "x" << result.grids[i].columns();
  detail << "; turned " << result.rotation_deg << " deg, skew "
         << std::round(result.skew_deg * kSkewDetailSteps) / kSkewDetailSteps << " deg";
  if (result.perspective_corrected) detail << ", perspective corrected";
  return detail.str();
}

// Why no grid was found among `detection`'s candidates.
std::string NotFoundDetail(const Detection& detection, bool off_the_edge, const Candidate* best_rejected) {
  std::ostringstream detail;
  if (detection.candidates.empty()) detail << "no ruled table (no long lines crossing each other)";
  else if (off_the_edge)
    detail << "ruled lines run off the edge of the picture (ruled paper, or a card cut off: then take the photo "
              "again)";
  else detail << best_rejected->why;
  return detail.str();
}

}  // namespace

LatticeResult FindLattices(const cv::Mat& page_bgr, const LatticeOptions& options) {
  LatticeResult result;
  if (page_bgr.empty() || page_bgr.depth() != CV_8U) {
    result.detail = page_bgr.empty() ? "empty image" : "not an 8-bit image";
    return result;
  }
  if (!options.Check()) {
    result.detail = "invalid lattice options";
    return result;
  }
  const cv::Size size = page_bgr.size();
  Scale scale;
  // Without a known resolution the page's short side is taken for an A4
  // sheet's width: scorecards are printed on A4 or Letter, and the page stage
  // crops the photo to the sheet.
  scale.px_per_mm =
      options.px_per_mm > 0 ? options.px_per_mm : std::min(size.width, size.height) / kA4ShortSideMm;
  scale.pool = std::max(1, static_cast<int>(std::lround(scale.px_per_mm / options.work_px_per_mm)));
  scale.work_px_per_mm = scale.px_per_mm / scale.pool;
  if (size.width / scale.pool < kMinWorkSidePx || size.height / scale.pool < kMinWorkSidePx) {
    result.detail = "image too small for a grid";
    return result;
  }

  const cv::Mat work = WorkingPage(page_bgr, scale.pool);
  Detection detection = Detect(work, size, options, scale);
  cv::Matx33d fix_in_input = cv::Matx33d::eye();
  result.perspective_corrected = Straighten(work, size, options, scale, detection, fix_in_input);

  // The page turned upright, and the grids that pass as scorecards.
  result.rotation_deg = kQuarterDegrees * (detection.quarters % kQuarters);
  result.skew_deg = detection.skew;
  result.upright_from_page = detection.turned_from_input * fix_in_input;
  const cv::Size upright_size = detection.quarters % 2 ? cv::Size(size.height, size.width) : size;
  TurnUpright(page_bgr, detection, upright_size, result);

  // A printed grid sits inside the page's margins; lines that run to the
  // page's edge are ruled paper (a notebook's lines and margin rule).
  const double edge = options.min_frame_margin_mm * scale.px_per_mm;
  bool off_the_edge = false;
  const Candidate* best_rejected = KeepGrids(detection, upright_size, edge, result, off_the_edge);
  // A grid with a row two and a half pitches tall or more lost row lines
  // too faint for this look (light grey rules under a photo's falling
  // light, seen in the rows below): the page is looked at again for fainter
  // rules, and what that look sees inside those rows is taken.
  const bool faint_look = options.faint_contrast > 0 && options.faint_contrast < options.min_contrast;
  LatticeOptions faint = options;  // the second look: fainter lines, no third
  faint.min_contrast = options.FaintContrast(detection.paper_contrast);
  faint.faint_contrast = 0;
  const float same_grid = static_cast<float>(scale.Full(kSameGridTolMm));
  if (faint_look &&
      std::any_of(result.grids.begin(), result.grids.end(), [](const Lattice& g) { return HasLongRows(g); })) {
    const LatticeResult again = FindLattices(page_bgr, faint);
    // The same page turned the same way, or its lines are elsewhere.
    if (again.ok() && again.rotation_deg == result.rotation_deg &&
        TurnedAlike(again, result, size, scale.Full(kSameTurnMm)))
      for (Lattice& grid : result.grids) grid = WithFaintRows(grid, again.grids, same_grid);
  }
  result.grids = SplitTallGrids(result.grids, options.max_card_rows);
  result.grids = WithRowsOfTwins(result.grids, same_grid);
  if (result.grids.empty() && faint_look) {
    LatticeResult again = FindLattices(page_bgr, faint);
    if (again.ok()) {
      again.detail += " (rules faint)";
      return again;
    }
  }
  if (result.grids.empty()) {
    result.detail = NotFoundDetail(detection, off_the_edge, best_rejected);
    return result;
  }
  result.status = LatticeStatus::kFound;
  result.detail = FoundDetail(result);
  return result;
}

}  // namespace scorecheck
