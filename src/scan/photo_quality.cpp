#include "scan/photo_quality.h"

#include <algorithm>
#include <cmath>
#include <vector>

#include <opencv2/imgproc.hpp>

#include "core/paper_sizes.h"
#include "core/robust_stats.h"
#include "image/gray.h"

namespace scorecheck {
namespace {

// The share of the grid's pixels darker than the ink level, and the share
// brighter than the paper level: ruled lines and writing cover a few percent
// of a grid, paper most of it.
constexpr double kInkShare = 0.01, kPaperShare = 0.10;
// Edges whose step is at least this share of the ink contrast are measured
// (the paper's grain and JPEG ripples are not edges).
constexpr double kEdgeStepShare = 0.5;
// The sharpest edges decide: this share of the measured edge pixels is sharper.
constexpr double kSharpestShare = 0.10;
// An edge's step is taken over a window this share of the row pitch wide
// (wider than the widest blur still worth measuring).
constexpr double kStepWindowShare = 0.3;
// A column rule runs on past the grid when it is dark in this share of the
// rows between the grid's end (past a gap of kRuleGapShare of the row pitch,
// where the grid's own frame line lies) and the page's edge, within
// kRuleSlackPx of its line; the grid is cut when this share of its rules do.
// Paper darker than this grey level (of 255) is paper in the dark.
constexpr double kDarkPaperLevel = 128;
constexpr double kRuleRunOnShare = 0.8, kRuleGapShare = 0.2;
constexpr int kRuleSlackPx = 3;

// The value below which `share` of `values` lie.
double Quantile(std::vector<float>& values, double share) {
  if (values.empty()) return 0;
  const size_t k = std::min(values.size() - 1, static_cast<size_t>(share * values.size()));
  std::nth_element(values.begin(), values.begin() + k, values.end());
  return values[k];
}

// Where the cell's corners lie in the photo.
std::vector<cv::Point2d> CornersInPhoto(const Page& page, const Grid& grid, const cv::Rect2f& r) {
  std::vector<cv::Point2d> corners;
  for (const cv::Point2d corner : {cv::Point2d(r.x, r.y), cv::Point2d(r.x + r.width, r.y),
                                   cv::Point2d(r.x + r.width, r.y + r.height), cv::Point2d(r.x, r.y + r.height)}) {
    const cv::Vec3d on_page = grid.page_from_grid * cv::Vec3d(corner.x, corner.y, 1);
    corners.push_back(ImageFromPage(page, {on_page[0] / on_page[2], on_page[1] / on_page[2]}));
  }
  return corners;
}

// How far a sharp step is spread, in pixels of `gray`: the step across a
// window of `window` pixels over the steepest slope, at the sharpest edges
// whose step is at least `min_step` grey levels.
double EdgeWidthPx(const cv::Mat& gray, int window, double min_step) {
  cv::Mat g, dx, dy, slope, high, low, step;
  gray.convertTo(g, CV_32F);
  cv::Sobel(g, dx, CV_32F, 1, 0, 3, 1.0 / 8);
  cv::Sobel(g, dy, CV_32F, 0, 1, 3, 1.0 / 8);
  cv::magnitude(dx, dy, slope);
  const cv::Mat kernel = cv::getStructuringElement(cv::MORPH_RECT, cv::Size(window, window));
  cv::dilate(g, high, kernel);
  cv::erode(g, low, kernel);
  step = high - low;
  std::vector<float> sharpness;  // slope over step: 1 / the width the step is spread over
  for (int y = 0; y < g.rows; ++y) {
    const float* s = slope.ptr<float>(y);
    const float* d = step.ptr<float>(y);
    for (int x = 0; x < g.cols; ++x)
      if (d[x] >= min_step && s[x] > 0) sharpness.push_back(s[x] / d[x]);
  }
  // No step as high as `min_step` within the window: every edge is spread
  // wider than the window, counted as twice it.
  if (sharpness.empty()) return 2.0 * window;
  const double sharpest = Quantile(sharpness, 1 - kSharpestShare);
  return sharpest > 0 ? 1 / sharpest : 2.0 * window;
}

// Whether the grid's column rules run on from its top or bottom row to the
// edge of `gray` (its page) less than a row pitch away: rows past the edge
// were cut off (a printed table ends in a ruled line, with paper around it).
// `columns` are the rules' x positions, `top` and `bottom` the grid's ends,
// `ink` the grey level a rule is darker than.
bool RulesRunOnToTheEdge(const cv::Mat& gray, const std::vector<float>& columns, double top, double bottom,
                         double pitch, double ink) {
  for (const bool below : {true, false}) {
    const double from = below ? bottom + kRuleGapShare * pitch : 0;
    const double to = below ? gray.rows : top - kRuleGapShare * pitch;
    if (to - from > pitch) continue;  // paper between the grid and the edge
    if (to - from < kRuleSlackPx) return true;  // the grid ends at the edge
    const int y0 = std::max(0, static_cast<int>(from)), y1 = std::min(gray.rows, static_cast<int>(to));
    int running_on = 0;
    for (const float x : columns) {
      // A rule runs on where each row of the strip has a dark pixel within a
      // few pixels of the rule's line.
      const int x0 = std::max(0, static_cast<int>(x) - kRuleSlackPx);
      const int x1 = std::min(gray.cols, static_cast<int>(x) + kRuleSlackPx + 1);
      if (x1 <= x0 || y1 <= y0) continue;
      int dark_rows = 0;
      for (int y = y0; y < y1; ++y) {
        const uchar* row = gray.ptr<uchar>(y);
        dark_rows += std::any_of(row + x0, row + x1, [&](uchar v) { return v < ink; });
      }
      running_on += dark_rows >= kRuleRunOnShare * (y1 - y0);
    }
    if (!columns.empty() && running_on >= kRuleRunOnShare * static_cast<double>(columns.size())) return true;
  }
  return false;
}

// Whether a table ruled nowhere (rows from the print: no rules to run on),
// over `area` of its page with rows `pitch` apart, may go on past the
// picture: a row more at either end would reach past the page's image or
// the photo's frame.
bool EndsAtTheEdge(const Page& page, const Grid& grid, const cv::Rect2f& area, double pitch) {
  const float row = static_cast<float>(pitch);
  const cv::Rect2f longer(area.x, area.y - row, area.width, area.height + 2 * row);
  if (longer.y < 0 || longer.br().y > static_cast<float>(grid.image.rows)) return true;
  const cv::Rect2d frame(0, 0, page.image_size.width, page.image_size.height);
  if (frame.area() <= 0) return false;
  const std::vector<cv::Point2d> corners = CornersInPhoto(page, grid, longer);
  return std::any_of(corners.begin(), corners.end(), [&](const cv::Point2d& p) { return !frame.contains(p); });
}

// Paper and ink levels of `gray` into `quality`; returns the ink level.
double MeasureContrast(const cv::Mat& gray, PhotoQuality& quality) {
  std::vector<float> levels(gray.begin<uchar>(), gray.end<uchar>());
  const double ink = Quantile(levels, kInkShare), paper = Quantile(levels, 1 - kPaperShare);
  quality.paper_level = paper;
  quality.ink_contrast = paper - ink;
  return ink;
}

// The length of `blur` (measured on the page's shrunk photo_grey) in the
// photo's own pixels.
double SmearLengthInPhoto(const Page& page, const MotionBlur& blur) {
  const int shrunk = std::max(page.photo_grey.cols, page.photo_grey.rows);
  const int photo = std::max(page.image_size.width, page.image_size.height);
  return shrunk > 0 ? blur.length_px * photo / shrunk : 0;
}

// Whether a smear found is one to refuse the photo for. A straight smear
// of length L spreads an edge across it over L, the width the edge width
// measures, so it is held to the same limit (max_edge_width of the row
// pitch): a shorter one leaves the digits readable. A page whose grid was
// not found has no row pitch to measure it against, and a smear found there
// is taken as why the grid was lost.
bool TooSmeared(const PhotoQuality& quality, const PhotoQualityOptions& options) {
  return quality.smeared && (quality.row_pitch_px <= 0 || quality.smear_width > options.max_edge_width);
}

int StepWindow(double pitch) { return std::max(3, static_cast<int>(std::lround(kStepWindowShare * pitch)) | 1); }

}  // namespace

bool PhotoQualityOptions::Check() const {
  return min_ink_contrast >= 0 && min_ink_contrast < 255 && max_edge_width > 0 && min_row_pitch_px >= 0 &&
         typical_row_pitch_mm > 0 && max_outside >= 0 && motion.Check();
}

PhotoQuality MeasurePageQuality(const Page& page, const PhotoQualityOptions& options) {
  PhotoQuality quality;
  if (page.rectified.empty()) return quality;
  const cv::Mat gray = Gray(page.rectified);
  MeasureContrast(gray, quality);
  const double px_per_mm = page.px_per_mm > 0 ? page.px_per_mm : std::min(gray.cols, gray.rows) / kA4ShortSideMm;
  const double pitch = options.typical_row_pitch_mm * px_per_mm;
  if (quality.ink_contrast >= options.min_ink_contrast)  // else too little ink to judge its edges by
    quality.edge_width = EdgeWidthPx(gray, StepWindow(pitch), kEdgeStepShare * quality.ink_contrast) / pitch;
  quality.smeared = MeasureMotionBlur(page.photo_grey, options.motion).found;
  return quality;
}

PhotoQuality MeasurePhotoQuality(const Page& page, const Grid& grid, const PhotoQualityOptions& options) {
  PhotoQuality quality;
  if (grid.image.empty() || grid.cells.empty()) return quality;
  // The grid's area on its page and its row pitch there, and the same rows in the photo.
  cv::Rect2f area = grid.cells.front().cell_in_page;
  std::vector<double> pitch_on_page, pitch_in_photo;
  const cv::Rect2d frame(0, 0, page.image_size.width, page.image_size.height);
  for (const GridCell& cell : grid.cells) {
    const cv::Rect2f& r = cell.cell_in_page;
    area |= r;
    if (cell.part != CellPart::kValue) continue;
    pitch_on_page.push_back(r.height);
    const std::vector<cv::Point2d> corners = CornersInPhoto(page, grid, r);
    const double height = cv::norm((corners[3] + corners[2]) / 2 - (corners[0] + corners[1]) / 2);
    pitch_in_photo.push_back(height);
    if (frame.area() <= 0) continue;
    const double slack = options.max_outside * height;
    const bool outside = std::any_of(corners.begin(), corners.end(), [&](const cv::Point2d& p) {
      return p.x < frame.x - slack || p.y < frame.y - slack || p.x > frame.br().x + slack || p.y > frame.br().y + slack;
    });
    quality.boxes_outside += outside;
  }
  const double pitch = Median(pitch_on_page);
  quality.row_pitch_px = Median(pitch_in_photo);
  const cv::Rect inside = cv::Rect(area) & cv::Rect(0, 0, grid.image.cols, grid.image.rows);
  if (inside.empty() || pitch <= 0) return quality;
  const cv::Mat page_gray = Gray(grid.image);
  const cv::Mat gray = page_gray(inside);
  const double ink = MeasureContrast(gray, quality);
  if (quality.ink_contrast >= options.min_ink_contrast)  // else too little ink to judge its edges by
    quality.edge_width = EdgeWidthPx(gray, StepWindow(pitch), kEdgeStepShare * quality.ink_contrast) / pitch;
  // Rows cut off where the picture ends on the page itself (a flat scan).
  std::vector<float> rules;
  for (const GridCell& cell : grid.cells)
    if (cell.part == CellPart::kValue) {
      rules.push_back(cell.cell_in_page.x);
      rules.push_back(cell.cell_in_page.br().x);
    }
  std::sort(rules.begin(), rules.end());
  const auto same_rule = [](float a, float b) { return std::abs(a - b) < kRuleSlackPx; };
  rules.erase(std::unique(rules.begin(), rules.end(), same_rule), rules.end());
  const double rule_level = ink + quality.ink_contrast / 2;
  quality.rows_cut_off = grid.ruled_nowhere
                             ? EndsAtTheEdge(page, grid, area, pitch)
                             : RulesRunOnToTheEdge(page_gray, rules, area.y, area.br().y, pitch, rule_level);
  // A grid may still be found through a smear along its rows, but its boxes
  // are smeared too: read, they give wrong numbers with no warning.
  const MotionBlur blur = MeasureMotionBlur(page.photo_grey, options.motion);
  quality.smeared = blur.found;
  if (blur.found && quality.row_pitch_px > 0)
    quality.smear_width = SmearLengthInPhoto(page, blur) / quality.row_pitch_px;
  if (quality.row_pitch_px > 0) quality.unsmeared_width = page.smear_px / quality.row_pitch_px;
  return quality;
}

bool ReadThroughSmear(const PhotoQuality& quality, const PhotoQualityOptions& options) {
  return quality.unsmeared_width > options.max_edge_width;
}

std::optional<std::string> RetakeReason(const PhotoQuality& quality, const PhotoQualityOptions& options) {
  if (!options.enabled) return std::nullopt;
  if (quality.boxes_outside > 0 || quality.rows_cut_off) return "the grid is cut off by the edge of the picture";
  if (quality.row_pitch_px > 0 && quality.row_pitch_px < options.min_row_pitch_px)
    return "the card is too small in the picture; come closer";
  // Little contrast on dark paper is a dark photo; on bright paper, a washed-out one.
  if (quality.ink_contrast < options.min_ink_contrast)
    return quality.paper_level < kDarkPaperLevel ? "too dark" : "too faint: the ink hardly shows against the paper";
  if (TooSmeared(quality, options)) return "smeared by the camera's movement";
  if (quality.edge_width > options.max_edge_width) return "too blurred";
  return std::nullopt;
}

std::optional<std::string> PageRetakeReason(const PhotoQuality& quality, const PhotoQualityOptions& options) {
  // A page measured without its grid has no boxes to be cut off or small;
  // of the other causes, a pale page (little ink on bright paper) is no sign
  // of a poor photo.
  const bool pale = quality.ink_contrast < options.min_ink_contrast && quality.paper_level >= kDarkPaperLevel;
  return pale ? std::nullopt : RetakeReason(quality, options);
}

}  // namespace scorecheck
