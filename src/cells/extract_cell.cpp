#include "cells/extract_cell.h"

#include <algorithm>
#include <cmath>

#include <opencv2/imgproc.hpp>

#include "cells/border_lines.h"
#include "cells/ink_mask.h"
#include "cells/mark_kind.h"
#include "core/image_constants.h"

namespace scorecheck {

const char* InkKindName(InkKind kind) {
  switch (kind) {
    case InkKind::kEmpty: return "empty";
    case InkKind::kNumber: return "number";
    case InkKind::kCrossed: return "crossed";
    case InkKind::kTicks: return "ticks";
  }
  return "";
}

namespace {

// How far from a box's top or bottom line, as a share of the box's height,
// ink may be what the line removal left of that row line.
constexpr double kRowLineBand = 0.18;
// What is left of a ruled line along a box's edge, as shares of the box: a
// flat piece thinner than a tenth of its height and longer than a fifth of
// its width along its top or bottom (no digit's stroke is that flat), or an
// upright one narrower than 6 % of its width along a side (thinner than any
// pen stroke at the rows' usual proportions).
constexpr double kFlatRemnantHeight = 0.1, kFlatRemnantLength = 0.2, kUprightRemnantWidth = 0.06;

// A crop narrower or lower than this many pixels holds no cell worth reading
// (the cell lies almost wholly off the page).
constexpr int kMinCropPx = 4;
// A piece of ink at most this many pixels thick along a border is the edge of
// a blurred ruled line: no pen stroke is that thin at 8 px/mm.
constexpr int kSliverPx = 2;
// An upright run of ink narrower than this share of the cell's width is a
// ruled column line: a pen stroke is wider at the rows' usual proportions.
constexpr double kColumnLineWidth = 0.06;
// A piece along a row line stays when it lies within the cell's height over
// this of a mark reaching into the box: a third, about a digit's width, so a
// stroke of that digit cut off along the line (a 5's top bar) is kept.
constexpr int kStrokeReachDivisor = 3;
// The confidence that a box is empty when some ink was found in it but too
// little, or too small, to be a mark: likely, but less sure than a clean box.
constexpr double kSpecksEmptyConfidence = 0.8;
// A mark beyond a side line is a digit of ours when it is digit-tall (at
// least this share of the cell's height: a digit fills about two thirds of
// its box, a speck or a stray end of a neighbour's stroke is lower)...
constexpr double kBeyondDigitHeight = 0.45;
// ... no wider than this share of the height (one digit, about 0.6 of its
// height wide, not a neighbour's number)...
constexpr double kBeyondDigitWidth = 0.6;
// ... and level with the row: within this share of the cell's height above
// its top line or below its bottom one (digits overrun a box by that much).
constexpr double kBeyondLevelSlack = 0.2;
// A pen stroke's width, as a share of the cell's height: a mark beyond a
// side line may lie over the line by that much.
constexpr double kPenWidth = 0.06;
// A crop fewer rows high than this is too low to tell a column line running
// from its top edge to its bottom one from a digit's stroke.
constexpr int kMinUprightRows = 8;

// True when `box`, a mark wholly outside the cell (`cell`, in a crop
// `crop_width` wide), is a digit of the number in it written just beyond a
// side line: digit-tall, level with the row, close to a line with a written
// column on its far side (beside printed labels or the grid's edge, the
// PenAlongSide test covers strokes on the line), not running on out of the
// crop, and the cell's own ink (`kept`) pushed against that line and level
// with it. A writer who runs a number over the side starts or ends it
// there; the neighbour's digits sit in their own box. (Synthetic cards
// overrun a side by up to a quarter of the digit height: the leading 1 of
// a "10" landed wholly left of the left line and read "0".)
bool BelongsBeyondSide(const cv::Rect& box, const std::vector<std::pair<cv::Rect, int>>& kept, const cv::Rect2f& cell,
                       int crop_width, WrittenBeside beside, const CellOptions& options) {
  const double h = cell.height;
  if (box.height < kBeyondDigitHeight * h || box.width <= kSliverPx || box.width > kBeyondDigitWidth * h) return false;
  if (box.y < cell.y - kBeyondLevelSlack * h || box.y + box.height > cell.y + cell.height + kBeyondLevelSlack * h)
    return false;
  // Beyond the line, or over it by no more than a pen's width.
  const double over = kPenWidth * h;
  const bool left = box.x < cell.x && box.x + box.width <= cell.x + over;
  const bool right = box.x + box.width > cell.x + cell.width && box.x >= cell.x + cell.width - over;
  if (left == right) return false;
  if (left ? (!beside.left || box.x <= 0) : (!beside.right || box.x + box.width >= crop_width)) return false;
  const double beyond = left ? cell.x - (box.x + box.width) : box.x - (cell.x + cell.width);
  const double from_line = std::max(0.0, beyond);
  if (from_line > options.beyond_side * h) return false;
  // Our ink nearest that line.
  const cv::Rect* nearest = nullptr;
  for (const auto& [other, label] : kept)
    if (!nearest || (left ? other.x < nearest->x : other.x + other.width > nearest->x + nearest->width))
      nearest = &other;
  const double ink_from_line = left ? nearest->x - cell.x : cell.x + cell.width - (nearest->x + nearest->width);
  if (ink_from_line > options.beyond_side_ink * h) return false;
  const int level = std::min(box.y + box.height, nearest->y + nearest->height) - std::max(box.y, nearest->y);
  return level >= std::min(box.height, nearest->height) / 2.0;
}

// Takes out of `mask` (the crop's ink) the column lines that run through
// it wherever they lie: upright runs of ink, thin for the cell, from the
// crop's top edge to its bottom edge (to a pixel), through both row lines
// and the margins beyond. A column line a few pixels off the lattice's (a
// page straightened from a steep photo, an inferred column line beside a
// faint printed rule) is outside the border bands RemoveBorderLines()
// looks in, and a cross-out or a digit touching it went with it as one
// mark, no longer a cross. No pen stroke runs out of its box both ways.
// (A piece of a line off one edge only cannot be told from a digit of the
// row above or below written across the row line: taken out, it cut such
// a digit from the crop's edge, and what was left read as ours.)
void RemoveColumnLines(cv::Mat& mask, const cv::Rect2f& cell) {
  if (mask.rows < kMinUprightRows) return;
  cv::Mat upright;
  // Nothing beyond the crop's edges counts as ink (the default border would
  // count all of it, and a stroke off one edge over half the crop passed).
  cv::morphologyEx(mask, upright, cv::MORPH_OPEN, cv::getStructuringElement(cv::MORPH_RECT, cv::Size(1, mask.rows - 2)),
                   cv::Point(-1, -1), 1, cv::BORDER_CONSTANT, cv::Scalar(0));
  if (cv::countNonZero(upright) == 0) return;
  cv::Mat labels, stats, centroids;
  const int count = cv::connectedComponentsWithStats(upright, labels, stats, centroids, kEightConnected, CV_32S);
  for (int i = 1; i < count; ++i)
    if (stats.at<int>(i, cv::CC_STAT_WIDTH) < kColumnLineWidth * cell.width) mask.setTo(0, labels == i);
}

// Whether `piece` (CV_8U, 255 on its pixels) is nowhere more than two
// pixels thick: no pixel of it has all eight neighbours in it.
bool NoThickerThanTwoPixels(const cv::Mat& piece) {
  cv::Mat core;
  cv::erode(piece, core, cv::getStructuringElement(cv::MORPH_RECT, cv::Size(kSmallKernel, kSmallKernel)),
            cv::Point(-1, -1), 1, cv::BORDER_CONSTANT, cv::Scalar(0));
  return cv::countNonZero(core) == 0;
}


// A cell crop's pieces of ink (8-connected) and what they are measured against.
struct Pieces {
  cv::Mat gray;           // the crop, its own background divided out
  cv::Mat mask;           // the crop's ink, ruled lines taken out
  cv::Mat pen_on_side;    // strokes along a side line that PenAlongSide found to be ours
  bool any_pen = false;   // most cells have none: no per-blob masks then
  cv::Mat against_lines;  // the pixels the line removal took out, and the pixels touching them
  cv::Mat labels, stats, centroids;
  int count = 0;
};

// The box of piece `i` of `p`.
cv::Rect PieceBox(const Pieces& p, int i) {
  return {p.stats.at<int>(i, cv::CC_STAT_LEFT), p.stats.at<int>(i, cv::CC_STAT_TOP),
          p.stats.at<int>(i, cv::CC_STAT_WIDTH), p.stats.at<int>(i, cv::CC_STAT_HEIGHT)};
}

// Whether specks of `p` string into a mark (see CellOptions::bead_gap): the
// pieces too small to be a mark alone, lying wholly inside the cell `c`
// clear of its lines' bands, that close up over the bead gap into a group a
// mark's size with a toner-dark bead in it: a pale stroke a copier broke up.
// They are not read (a string of grain read as a number counts in the
// totals); they only say that an empty-looking box may hold writing.
bool SpecksStringIntoAMark(const Pieces& p, const cv::Rect2f& c, double cell_area, const CellOptions& options) {
  const int gap = static_cast<int>(std::lround(options.bead_gap * c.height));
  if (gap < 1 || p.count <= 2) return false;  // label 0 is the background: fewer than two pieces
  const double mark = options.min_mark_size * c.height;
  const int band = static_cast<int>(std::ceil(kRowLineBand * c.height));
  const int side = static_cast<int>(std::ceil(options.side_remnant_band * c.height));
  const cv::Rect clear(static_cast<int>(c.x) + side, static_cast<int>(c.y) + band,
                       static_cast<int>(c.width) - 2 * side, static_cast<int>(c.height) - 2 * band);
  struct Bead {
    cv::Rect box;
    cv::Point pixel;  // one of its pixels, crop coordinates
    int area = 0;
    double darkest = kWhite;
  };
  cv::Mat beads = cv::Mat::zeros(p.mask.size(), CV_8U);
  std::vector<Bead> small;
  for (int i = 1; i < p.count; ++i) {
    Bead bead;
    bead.box = PieceBox(p, i);
    if ((bead.box & clear) != bead.box || std::max(bead.box.width, bead.box.height) >= mark) continue;
    const cv::Mat piece = p.labels(bead.box) == i;
    beads(bead.box).setTo(kWhite, piece);
    cv::minMaxLoc(piece, nullptr, nullptr, nullptr, &bead.pixel);
    bead.pixel += bead.box.tl();
    bead.area = p.stats.at<int>(i, cv::CC_STAT_AREA);
    cv::minMaxLoc(p.gray(bead.box), &bead.darkest, nullptr, nullptr, nullptr, piece);
    small.push_back(bead);
  }
  if (small.size() < 2) return false;
  cv::Mat groups;
  cv::dilate(beads, beads, cv::getStructuringElement(cv::MORPH_ELLIPSE, cv::Size(gap | 1, gap | 1)));
  const int count = cv::connectedComponents(beads, groups, kEightConnected, CV_32S);
  std::vector<int> area(count, 0);
  std::vector<double> darkest(count, kWhite);
  std::vector<cv::Rect> extent(count);
  for (const Bead& bead : small) {
    const int g = groups.at<int>(bead.pixel);
    area[g] += bead.area;
    extent[g] = extent[g].empty() ? bead.box : (extent[g] | bead.box);
    darkest[g] = std::min(darkest[g], bead.darkest);
  }
  // A mark's size, and toner's darkness: specks no darker than the levels
  // of an empty box let in (its grain, in a dim photo) string nothing.
  for (int g = 1; g < count; ++g)
    if (area[g] >= options.min_blob_fraction * cell_area && std::max(extent[g].width, extent[g].height) >= mark &&
        darkest[g] < options.weak_ink)
      return true;
  return false;
}

// The crop around `cell_in_page` (its margin added, cut to the page), set in
// `result` with the cell's place in it.
cv::Rect PlaceCrop(const NormalizedPage& page, const cv::Rect2f& cell_in_page, const CellOptions& options,
                   CellInk& result) {
  const float margin = static_cast<float>(cell_in_page.height * options.margin);
  cv::Rect crop(static_cast<int>(std::floor(cell_in_page.x - margin)),
                static_cast<int>(std::floor(cell_in_page.y - margin)),
                static_cast<int>(std::ceil(cell_in_page.width + 2 * margin)),
                static_cast<int>(std::ceil(cell_in_page.height + 2 * margin)));
  crop &= cv::Rect(0, 0, page.gray.cols, page.gray.rows);
  result.crop_in_page = crop;
  result.cell_in_crop =
      cv::Rect2f(cell_in_page.x - crop.x, cell_in_page.y - crop.y, cell_in_page.width, cell_in_page.height);
  return crop;
}

// The ink of `crop` (CellInk::shaded set in `result` on the way) as pieces,
// dark fills beyond the box's lines and the ruled lines taken out.
Pieces InkPieces(const NormalizedPage& page, const cv::Rect& crop, const cv::Rect2f& cell_in_page,
                 const CellOptions& options, WrittenBeside beside, CellInk& result) {
  Pieces p;
  // The box's ink is what differs from its own background: paper, a shaded
  // or striped row, a tinted column. Against white paper alone, a shaded
  // empty box was all ink and read "9" or "389".
  cv::Mat dark_fill;
  p.gray = OwnBackgroundCrop(page, crop, cell_in_page.height, options, &result.shaded, &dark_fill);
  const cv::Rect inner_box(static_cast<int>(result.cell_in_crop.x), static_cast<int>(result.cell_in_crop.y),
                           static_cast<int>(result.cell_in_crop.width), static_cast<int>(result.cell_in_crop.height));
  p.mask = InkMask(p.gray, inner_box, options, result.shaded, &result.may_hold_writing);
  // Beyond the box's lines, a fill darker than any shading (a header bar, a
  // section bar) is print, not writing: a digit overrunning into it cannot
  // be told from it. Taken for ink there, the bar's grain met every stroke
  // that touches the line, across it, and the digit went with the bar as
  // ink mostly outside the box (a "12" under a dark header read as empty).
  // Inside the box such a fill is ink (a blot, a box inked over).
  dark_fill(inner_box & cv::Rect(0, 0, dark_fill.cols, dark_fill.rows)).setTo(0);
  p.mask.setTo(0, dark_fill);
  // Beside a box whose margins lie on other paper (a stripe), its side lines
  // are measured over the box alone (PenAlongSide).
  const bool box_alone = result.shaded || MarginsOnOtherPaper(page.gray_paper, crop, result.cell_in_crop);
  const cv::Mat ink_with_lines = p.mask.clone();
  p.pen_on_side = RemoveBorderLines(p.mask, p.gray, result.cell_in_crop, options, beside, box_alone);
  p.any_pen = cv::countNonZero(p.pen_on_side) > 0;  // most cells have none: no per-blob masks then
  RemoveColumnLines(p.mask, result.cell_in_crop);
  // The pixels the line removal took out, and the pixels touching them.
  p.against_lines = ink_with_lines & ~p.mask;
  cv::dilate(p.against_lines, p.against_lines,
             cv::getStructuringElement(cv::MORPH_RECT, cv::Size(kSmallKernel, kSmallKernel)));
  p.count = cv::connectedComponentsWithStats(p.mask, p.labels, p.stats, p.centroids, kEightConnected, CV_32S);
  return p;
}

// True when piece `i` of `p` (its box `box`) is what the line removal left of
// a ruled line along the cell `c`, or a column line through it.
bool LineRemnant(const Pieces& p, int i, const cv::Rect& box, const cv::Rect2f& c, const CellOptions& options) {
  // What the line removal left of a ruled line: thin and along a border.
  const float band = static_cast<float>(kRowLineBand * c.height);
  const bool near_top_or_bottom =
      std::abs(box.y - c.y) < band || std::abs(box.y + box.height - (c.y + c.height)) < band;
  const float side_band = static_cast<float>(options.side_remnant_band * c.height);
  const bool near_side =
      std::abs(box.x - c.x) < side_band || std::abs(box.x + box.width - (c.x + c.width)) < side_band;
  const bool flat_near_edge =
      box.height < kFlatRemnantHeight * c.height && box.width > kFlatRemnantLength * c.width && near_top_or_bottom;
  const bool upright_near_edge =
      box.width < kUprightRemnantWidth * c.width && box.height > options.remnant_height * c.height && near_side;
  // A sliver one or two pixels thick along a border is the edge of a
  // blurred line the removal missed; no pen stroke is that thin at 8 px/mm.
  // Kept, it stretches the mark's box into a corner and makes a number look
  // like a cross-out.
  // So is a piece no thicker than that anywhere, along a side and round a
  // corner onto a row line (the blurred edge of a thick frame beside the
  // box, the row line's end joined to it): its box is no sliver's, but
  // nothing in it is a pen's width.
  // So, wherever it lies, is such a piece lying against the pixels the line
  // removal took out: the pale edge of a blurred line (a low-resolution
  // page upsampled to 8 px/mm: lines of 12-14 px, their middle a few
  // pixels off the lattice's) stood a pixel wide and half the box tall
  // beside it, a little further into the box than the side band reaches,
  // and read as a leading 1 ("130" for 30, "153" for 53).
  // Each piece is looked at closely only when it lies where such edges do
  // (every cell's every piece passes here).
  auto against_a_line = [&] { return cv::countNonZero(p.against_lines(box) & (p.labels(box) == i)) > 0; };
  const bool sliver = (box.height <= kSliverPx && near_top_or_bottom) || (box.width <= kSliverPx && near_side) ||
                      ((near_side || near_top_or_bottom || against_a_line()) &&
                       NoThickerThanTwoPixels(p.labels(box) == i));
  // A thin upright piece through both row lines (to within the line band
  // of each) and running off the crop's top or bottom edge is a column
  // line, wherever it lies: no digit runs that far out of its box. A page
  // straightened from a steep photo by the lattice stage leaves its column
  // lines a few pixels off the lattice's, outside the side band (phantom
  // "1"s in empty columns). Its edge alone, a pixel wide, is one too: no
  // pen stroke is a pixel wide over half the cell's height.
  const float line_band = static_cast<float>(kLineBand * c.height);
  const bool column_line =
      ((box.y <= 0 || box.y + box.height >= p.mask.rows) && box.y <= c.y + line_band &&
       box.y + box.height >= c.y + c.height - line_band && box.width < kColumnLineWidth * c.width) ||
      (box.width <= 1 && box.height >= c.height / 2.0);
  return flat_near_edge || upright_near_edge || sliver || column_line;
}

// Sorts the pieces of `p` that belong to the cell `c` (most of their pixels
// inside it) into `kept`, counting their pixels in `ink_pixels`, and those
// that may be a digit of ours written beyond a side line into `beyond_sides`.
void SortPieces(const Pieces& p, const cv::Rect2f& c, double cell_area, const CellOptions& options,
                std::vector<std::pair<cv::Rect, int>>& kept, std::vector<std::pair<cv::Rect, int>>& beyond_sides,
                int& ink_pixels) {
  const cv::Rect inner(static_cast<int>(c.x), static_cast<int>(c.y), static_cast<int>(c.width),
                       static_cast<int>(c.height));
  for (int i = 1; i < p.count; ++i) {
    const int area = p.stats.at<int>(i, cv::CC_STAT_AREA);
    if (area < options.min_blob_fraction * cell_area) continue;
    const cv::Rect box = PieceBox(p, i);
    const cv::Rect inside = box & inner;
    // A stroke beside a side line that PenAlongSide found to be ours counts
    // as inside, wherever it lies (a 1 written on the left line, mostly left
    // of it).
    const int pen_pixels = p.any_pen ? cv::countNonZero(p.pen_on_side(box) & (p.labels(box) == i)) : 0;
    if (inside.empty() && pen_pixels == 0) {
      // Wholly in the margin: another cell's ink, or a digit of ours written
      // just beyond a side line, claimed below if our ink comes up to it.
      beyond_sides.push_back({box, i});
      continue;
    }
    const int here = inside.empty() ? 0 : cv::countNonZero(p.labels(inside) == i);
    const int pen_here =
        inside.empty() || pen_pixels == 0 ? 0 : cv::countNonZero(p.pen_on_side(inside) & (p.labels(inside) == i));
    const int inside_count = here + pen_pixels - pen_here;
    if (inside_count < area / 2.0) {  // the neighbour's digit overrunning into our margin, or ours (see above)
      beyond_sides.push_back({box, i});
      continue;
    }
    // The same, when the crop cuts it off: ink that runs off the crop's top or
    // bottom edge, the far side of our margin, and reaches no further into the
    // cell than its nearer half is the top of the digit below written high
    // (or the foot of the one above), however much of what we see is inside.
    const bool from_below = box.y + box.height >= p.mask.rows && box.y > c.y + c.height / 2.0;
    const bool from_above = box.y <= 0 && box.y + box.height < c.y + c.height / 2.0;
    if (from_below || from_above) continue;
    // Unless the line was left there because a pen stroke runs along it.
    if (LineRemnant(p, i, box, c, options) && pen_pixels == 0)
      continue;
    kept.push_back({box, i});
    ink_pixels += area;
  }
}

// Drops from `kept` the pieces lying wholly along the top or bottom line of
// the cell `c`, taking their pixels off `ink_pixels` (see within).
void DropRowLineSteps(const Pieces& p, const cv::Rect2f& c, std::vector<std::pair<cv::Rect, int>>& kept,
                      int& ink_pixels) {
  // Pieces lying wholly along the top or bottom line, reaching into the box
  // no further than a line's blur: what the line removal left of a row line
  // in a blurred, tilted photo (its steps, a few pixels each, too short for
  // a flat remnant above). Kept, an empty box held a mark that could not be
  // read and a digit's box took in a piece half the cell away ("?" for a
  // 4). Beside a mark that reaches into the box, a piece within a third of
  // the cell's height of it may be the mark's own stroke cut off along the
  // line (a 5's top bar), and stays.
  const float band = static_cast<float>(kRowLineBand * c.height);
  auto along_row_line = [&](const cv::Rect& box) {
    auto along = [&](float line) {
      return std::abs(box.y - line) < band && std::abs(box.y + box.height - line) < band;
    };
    return along(c.y) || along(c.y + c.height);
  };
  std::vector<cv::Rect> bodies;
  for (const auto& [box, label] : kept)
    if (!along_row_line(box)) bodies.push_back(box);
  const float reach = static_cast<float>(c.height / kStrokeReachDivisor);
  std::erase_if(kept, [&](const std::pair<cv::Rect, int>& blob) {
    const cv::Rect& box = blob.first;  // not a structured binding: lambdas below capture it
    const int label = blob.second;
    if (!along_row_line(box)) return false;
    if (p.any_pen && cv::countNonZero(p.pen_on_side(box) & (p.labels(box) == label)) > 0) return false;
    const bool beside_a_body = std::any_of(bodies.begin(), bodies.end(), [&](const cv::Rect& body) {
      return box.x < body.x + body.width + reach && body.x < box.x + box.width + reach;
    });
    if (beside_a_body) return false;
    ink_pixels -= p.stats.at<int>(label, cv::CC_STAT_AREA);
    return true;
  });
}

// The `kept` pieces of `p` as `result`'s blobs, left to right, and their ink.
void TakeBlobs(const Pieces& p, std::vector<std::pair<cv::Rect, int>>& kept, CellInk& result) {
  std::sort(kept.begin(), kept.end(), [](const auto& a, const auto& b) { return a.first.x < b.first.x; });
  result.ink = cv::Mat::zeros(p.gray.size(), CV_8U);
  for (const auto& [box, label] : kept) {
    cv::Mat blob_mask = p.labels == label;
    result.blobs.push_back(box);
    result.blob_masks.push_back(blob_mask);
    cv::Mat inverted = kWhite - p.gray;
    inverted.copyTo(result.ink, blob_mask);
  }
}
}  // namespace

CellInk ExtractCell(const cv::Mat& normalized, const cv::Rect2f& cell_in_page, CellPart part, const CellOptions& options,
                    WrittenBeside beside) {
  return ExtractCell(NormalizedPage{normalized, {}, {}, {}}, cell_in_page, part, options, beside);
}

CellInk ExtractCell(const NormalizedPage& page, const cv::Rect2f& cell_in_page, CellPart part, const CellOptions& options,
                    WrittenBeside beside) {
  CellInk result;
  const cv::Rect crop = PlaceCrop(page, cell_in_page, options, result);
  if (crop.width < kMinCropPx || crop.height < kMinCropPx) return result;
  const Pieces pieces = InkPieces(page, crop, cell_in_page, options, beside, result);

  // Components that belong to this cell: most of their pixels inside it.
  const double cell_area = cell_in_page.area();
  int ink_pixels = 0;
  std::vector<std::pair<cv::Rect, int>> kept;
  std::vector<std::pair<cv::Rect, int>> beyond_sides;  // marks wholly beyond a side line: see below
  SortPieces(pieces, result.cell_in_crop, cell_area, options, kept, beyond_sides, ink_pixels);
  if (options.beyond_side > 0 && !kept.empty())
    for (const auto& [box, label] : beyond_sides)
      if (BelongsBeyondSide(box, kept, result.cell_in_crop, pieces.mask.cols, beside, options)) {
        kept.push_back({box, label});
        ink_pixels += pieces.stats.at<int>(label, cv::CC_STAT_AREA);
      }
  DropRowLineSteps(pieces, result.cell_in_crop, kept, ink_pixels);
  TakeBlobs(pieces, kept, result);
  const bool only_specks = std::none_of(kept.begin(), kept.end(), [&](const auto& blob) {
    return std::max(blob.first.width, blob.first.height) >= options.min_mark_size * result.cell_in_crop.height;
  });
  if (ink_pixels < options.empty_fraction * cell_area || kept.empty() || only_specks) {
    result.kind = InkKind::kEmpty;
    result.confidence = ink_pixels == 0 ? 1.0 : kSpecksEmptyConfidence;
    result.may_hold_writing =
        result.may_hold_writing || SpecksStringIntoAMark(pieces, result.cell_in_crop, cell_area, options);
    return result;
  }

  ClassifyMark(result, ink_pixels, part, options);
  return result;
}

bool CellOptions::Check() const {
  const auto Share = [](double x) { return x >= 0 && x <= 1; };  // a share or a probability
  const auto Level = [](double x) { return x >= 0 && x <= kWhite; };  // a grey level
  return Share(margin) && Level(strong_ink) && Level(max_strong_ink) && Level(weak_ink) && Level(max_weak_ink) &&
         faint_strong_sigmas >= 0 && faint_weak_sigmas >= 0 && Level(faint_min_contrast) &&
         Level(max_faint_strong_ink) && Level(max_faint_weak_ink) && background_kernel > 0 && stipple_run >= 0 &&
         paper_grain_px >= 1 && Level(shaded_below) &&
         Level(min_background) && shaded_noise_sigmas >= 0 && Share(min_blob_fraction) && Share(empty_fraction) &&
         Share(min_mark_size) && Share(bead_gap) && Share(min_dash_width) && dash_elongation >= 1 &&
         solid_dash_elongation >= 1 && Share(solid_dash_solidity) && Share(digit_beside_dash) && Share(cross_overlap) &&
         Share(side_remnant_band) && Share(pen_along_side) && pen_widening >= 0 && pen_heavier >= 0 &&
         Share(beyond_side) && Share(beyond_side_ink) && Share(cross_stroke_length) && Share(cross_on_strokes) &&
         scribble_strokes >= 0 && Share(remnant_height);
}

}  // namespace scorecheck
