#include "cells/ink_mask.h"

#include <algorithm>
#include <vector>

#include <opencv2/imgproc.hpp>

#include "core/image_constants.h"
#include "core/robust_stats.h"
#include "image/label_mask.h"
#include "image/load_image.h"

namespace scorecheck {
namespace {

// The paper's brightness is measured on a copy this share of the page's
// size (a quarter: 2 px/mm at 8 px/mm), where light changes over centimetres
// and the closing below is cheap.
constexpr double kFlattenScale = 0.25;
// ... closed over a disc this many pixels across on that copy (15: about
// 7.5 mm on the page), wider than any digit's stroke or ruled line, so that
// ink and lines go and the paper stays.
constexpr int kPaperClosingPx = 15;
// The levels of ink are measured in the cell's interior: inset from its
// lines by this share of its height (an eighth), at least kMinInsetPx
// pixels, clear of the lines and their blurred edges.
constexpr int kInsetDivisor = 8, kMinInsetPx = 4;
// Rules are trimmed off an interior at least this many pixels each way...
constexpr int kMinInteriorPx = 4;
// ... by at most a quarter of it from each side (a rule at the edge is
// narrow; writing covers the middle)...
constexpr int kMostTrimDivisor = 4;
// ... and by the rule's blurred edge beyond: this share of the cell's height
// (a sixteenth), at least two pixels.
constexpr int kRuleBlurDivisor = 16;
// The darkest ink is the sorted interior's 0.5th percentile (one pixel in
// this many): past a few stray dark pixels of noise, within any stroke.
constexpr int kDarkestDivisor = 200;
// The ink levels follow the darkest ink: strong ink below this percentage
// of the way from it to the paper, weak ink below this one (integer
// percentages of the way: kWholeWay).
constexpr int kStrongWayPercent = 45, kWeakWayPercent = 75, kWholeWay = 100;
// The paper's quartiles lie at a quarter and three quarters of the sorted
// interior.
constexpr int kQuarters = 4;
// The paper's noise width is taken as at least this many levels: JPEG-
// flattened paper reads as 1, and caps that close to the paper let its grain
// in as ink.
constexpr double kMinPaperNoise = 3.0;
// On shading, the weak-ink cap lies this share of the strong cap's distance
// below the shading's level: weak ink is nearer the paper than strong ink.
constexpr double kWeakNoiseShare = 0.75;

// Weak-ink regions that contain some strong ink (hysteresis).
cv::Mat Hysteresis(const cv::Mat& gray, int strong, int weak) {
  cv::Mat weak_mask = gray < weak, strong_mask = gray < strong;
  cv::Mat labels;
  const int count = cv::connectedComponents(weak_mask, labels, kEightConnected, CV_32S);
  std::vector<uchar> keep(count, 0);
  for (int y = 0; y < labels.rows; ++y) {
    const int* l = labels.ptr<int>(y);
    const uchar* s = strong_mask.ptr<uchar>(y);
    for (int x = 0; x < labels.cols; ++x)
      if (s[x]) keep[l[x]] = 1;
  }
  keep[0] = 0;
  return MaskOfLabels(labels, keep);
}

// Paper brightness differing by more than this share between a box and its
// margin is other paper (MarginsOnOtherPaper).
constexpr double kOtherPaper = 0.04;

// `channel` over its paper's brightness: a heavy closing (removes ink and
// lines) on a small copy. Uneven light, shadows and colour casts go.
// `paper` (if set) receives that brightness, full size. Not blurred after
// the closing: a stripe or shaded row wider than the closing stays in it
// with its sharp edges (the closing keeps a step where it is), and the
// division takes it out evenly. Blurred, its level spread 2 mm into the
// white rows beside it, where a pale rule then came out a third lighter near
// the stripes than half way between them; darker in the middle of every box,
// it looked like a pen stroke along the rule (empty boxes read "1", "3" read
// "31"; gen150 0028). The light across a page changes over centimetres and
// needs no blur to come out smooth.
cv::Mat FlattenPaper(const cv::Mat& channel, cv::Mat* paper = nullptr) {
  cv::Mat small, background;
  cv::resize(channel, small, cv::Size(), kFlattenScale, kFlattenScale, cv::INTER_AREA);
  cv::morphologyEx(small, background, cv::MORPH_CLOSE,
                   cv::getStructuringElement(cv::MORPH_ELLIPSE, cv::Size(kPaperClosingPx, kPaperClosingPx)));
  cv::resize(background, background, channel.size(), 0, 0, cv::INTER_LINEAR);
  cv::Mat normalized;
  cv::divide(channel, cv::max(background, 1), normalized, kWhite, CV_8U);
  if (paper) *paper = background;
  return normalized;
}

// `raw` (a plane before the division) closed over a rectangle `size`, cut to
// `crop_in_raw`, and divided by `lit` (the crop's paper brightness, a share
// of white; empty: not divided).
cv::Mat ClosedAndDivided(const cv::Mat& raw, const cv::Rect& crop_in_raw, cv::Size size, const cv::Mat& lit) {
  cv::Mat closed;
  cv::morphologyEx(raw, closed, cv::MORPH_CLOSE, cv::getStructuringElement(cv::MORPH_RECT, size));
  cv::Mat background;
  closed(crop_in_raw).convertTo(background, CV_32F);
  if (!lit.empty()) cv::divide(background, lit, background);
  return background;
}

// Where `background` is paper (options.shaded_below or above), `raw`
// averaged over options.paper_grain_px and closed over `run` (as
// ClosedAndDivided) in its place when that is shading: a tint laid down as
// stipple (see BoxBackground).
void TakeStippleForTint(const cv::Mat& raw, const cv::Rect& crop_in_raw, cv::Size run, const cv::Mat& lit,
                        const CellOptions& options, cv::Mat& background) {
  cv::Mat averaged;
  cv::blur(raw, averaged, cv::Size(options.paper_grain_px, options.paper_grain_px));
  const cv::Mat tint = ClosedAndDivided(averaged, crop_in_raw, run, lit);
  const double shaded_below = options.shaded_below;
  tint.copyTo(background, (background >= shaded_below) & (tint < shaded_below));
}

// The background of `crop` on a flattened plane (`normalized`, divided by
// `paper`; empty `paper`: not divided), in the flattened plane's levels
// (CV_32F, crop size): the plane as it was before the division, closed over a
// `side` square, then divided the same way. Closed before the division, a
// shaded row keeps its sharp edges; after it, the ramp the division leaves
// along them (dark bands hugging the row's lines, narrower than the square)
// would be filled in as if it were ink. Computed on as much of the page
// around the crop as the closing reaches, so that at the crop's edge it
// sees what lies beyond (a shaded label cell beside the first column is
// wider than the crop's margin shows).
// With options.stipple_run set, where that background is paper (at
// options.shaded_below or above) the plane averaged over
// options.paper_grain_px first and closed over a rectangle stipple_run times
// as wide may show a tint a copier laid down as stipple (below
// shaded_below), and is the background there: closed as it came, the white
// between the dots was the box's paper and the dots, strung together, a
// mark. Wide, for a row's tint runs along the row and a number does not
// (closed over the square alone, a thick "13" in a small box, averaged,
// left no white within it and was divided away). Elsewhere the background
// is left as it was: on paper or an even tint the average only takes the
// crest off the grain, and every level of the box would move with it.
cv::Mat BoxBackground(const cv::Mat& normalized, const cv::Mat& paper, const cv::Rect& crop, int side,
                      const CellOptions& options) {
  const int wide = options.stipple_run > 0 ? static_cast<int>(options.stipple_run * side) | 1 : side;
  const int reach = std::max(side, wide / 2);
  const cv::Rect around = cv::Rect(crop.x - reach, crop.y - side, crop.width + 2 * reach, crop.height + 2 * side) &
                          cv::Rect(0, 0, normalized.cols, normalized.rows);
  // Closed in 8 bits (the plane before the division is an 8-bit photo, to
  // half a level): four times the pixels per instruction of 32-bit floats.
  cv::Mat raw;
  if (paper.empty())
    raw = normalized(around);
  else
    cv::multiply(normalized(around), paper(around), raw, 1.0 / kWhite);
  cv::Mat lit;
  if (!paper.empty()) {
    paper(crop).convertTo(lit, CV_32F, 1.0 / kWhite);
    lit = cv::max(lit, 1.0 / kWhite);
  }
  const cv::Rect crop_in_raw = crop - around.tl();
  cv::Mat background = ClosedAndDivided(raw, crop_in_raw, cv::Size(side, side), lit);
  if (options.stipple_run > 0) TakeStippleForTint(raw, crop_in_raw, cv::Size(wide, side), lit, options, background);
  return background;
}

// `interior` less the lines at its edges that are dark from end to end (their
// median `contrast` levels or more below `paper`): a rule thicker than the
// inset that keeps clear of the box's lines (a thick frame, 1.5 mm, beside
// a 5 mm row) reaches into it, and writing covers part of a line only.
// Trimmed from each side by at most a quarter of the interior, and by
// `blur` pixels more where it was trimmed: a rule's blurred edge, paler
// than half its line, is no writing either (left in, it set the levels of
// an empty box low enough to take that edge for a faint stroke).
cv::Rect AwayFromRules(const cv::Mat& gray, cv::Rect interior, int paper, int contrast, int blur) {
  auto dark = [&](int index, bool row) {
    cv::Mat line = (row ? gray(interior).row(index) : gray(interior).col(index)).clone().reshape(1, 1);
    std::vector<uchar> values(line.begin<uchar>(), line.end<uchar>());
    std::nth_element(values.begin(), values.begin() + values.size() / 2, values.end());
    return values[values.size() / 2] <= paper - contrast;
  };
  for (bool rows : {true, false}) {
    const int length = rows ? interior.height : interior.width, most = length / kMostTrimDivisor;
    int from = 0, to = length;
    while (from < most && dark(from, rows)) ++from;
    while (length - to < most && dark(to - 1, rows)) --to;
    if (from > 0) from += blur;
    if (to < length) to -= blur;
    if (to - from < length / 2) return interior;
    if (rows)
      interior = cv::Rect(interior.x, interior.y + from, interior.width, to - from);
    else
      interior = cv::Rect(interior.x + from, interior.y, to - from, interior.height);
  }
  return interior;
}

}  // namespace

namespace {

// The levels that tell ink in a cell's crop.
struct InkLevels {
  int strong = 0, weak = 0;      // certain ink lies below `strong`, ink joined to it below `weak`
  bool grain_hides_ink = false;  // a shaded box's grain pushed the strong cap below CellOptions::strong_ink
};

// The ink levels of `gray` (InkMask). They follow the darkest ink in the
// cell: a thin pencil line in a blurred photo never gets as dark as
// ballpoint.
InkLevels LevelsOf(const cv::Mat& gray, const cv::Rect& inner, const CellOptions& options, bool shaded) {
  // Measure the ink away from the ruled lines: they are the darkest thing in
  // the cell and would set the levels for a faint pencil number.
  const int inset = std::max(kMinInsetPx, inner.height / kInsetDivisor);
  cv::Rect interior(inner.x + inset, inner.y + inset, inner.width - 2 * inset, inner.height - 2 * inset);
  interior &= cv::Rect(0, 0, gray.cols, gray.rows);
  if (interior.empty()) interior = inner & cv::Rect(0, 0, gray.cols, gray.rows);
  cv::Mat sorted = gray(interior).clone().reshape(1, 1);
  cv::sort(sorted, sorted, cv::SORT_ASCENDING);
  // A thick rule reaching past the inset (a frame) is as dark as lines are:
  // the levels follow the writing clear of it. A box with no writing there
  // (nothing clear of paper noise) keeps the levels the rule sets: at the
  // fixed caps, what the line removal leaves of a thick rule's edge is ink.
  if (!sorted.empty() && interior.width >= kMinInteriorPx && interior.height >= kMinInteriorPx) {
    const cv::Rect clear = AwayFromRules(gray, interior, sorted.at<uchar>(0, sorted.cols / 2), options.faint_min_contrast,
                                          std::max(2, inner.height / kRuleBlurDivisor));
    if (clear != interior && !clear.empty()) {
      cv::Mat clear_sorted = gray(clear).clone().reshape(1, 1);
      cv::sort(clear_sorted, clear_sorted, cv::SORT_ASCENDING);
      const int clear_darkest = clear_sorted.at<uchar>(0, clear_sorted.cols / kDarkestDivisor);
      if (clear_sorted.at<uchar>(0, clear_sorted.cols / 2) - clear_darkest >= options.faint_min_contrast) {
        interior = clear;
        sorted = std::move(clear_sorted);
      }
    }
  }
  // The 0.5th percentile.
  const int darkest = sorted.empty() ? kWhite : sorted.at<uchar>(0, sorted.cols / kDarkestDivisor);
  const int wanted_strong = darkest + (kPaper - darkest) * kStrongWayPercent / kWholeWay,
            wanted_weak = darkest + (kPaper - darkest) * kWeakWayPercent / kWholeWay;
  int max_strong = options.max_strong_ink, max_weak = options.max_weak_ink;
  // Faint writing: ink paler than the strong cap lets through, yet clear of
  // the paper. The caps guard against paper noise, so on quiet paper they
  // may rise to a few of its noise widths below it. Light pencil on a
  // low-resolution photo (ink at 215-235, paper at 250 +-4) kept only its
  // darkest pixels under the fixed caps: "19" read 9, "134" read 34 (card
  // 0204 of seed 900023, 41 cells). Only for faint ink: darker writing
  // fattened under the higher weak cap and closed the loop of a 4.
  if (options.faint_strong_sigmas > 0 && !sorted.empty() && wanted_strong > options.max_strong_ink) {
    const int median = sorted.at<uchar>(0, sorted.cols / 2), quartile = sorted.at<uchar>(0, sorted.cols / kQuarters);
    // Ink next to an empty box's paper noise stands out by a dozen levels.
    if (median - darkest >= options.faint_min_contrast) {
      // The paper's noise width from its darker quartile (the brighter one is
      // clipped at white); at least 3 levels: JPEG-flattened paper reads as 1.
      const double noise = std::max(kMinPaperNoise, SigmaFromQuartile(median - quartile));
      auto raised = [&](int cap, double sigmas, int ceiling) {
        return std::max(cap, std::min(ceiling, static_cast<int>(median - sigmas * noise)));
      };
      max_strong = raised(max_strong, options.faint_strong_sigmas, options.max_faint_strong_ink);
      max_weak = raised(max_weak, options.faint_weak_sigmas, options.max_faint_weak_ink);
    }
  }
  // A shaded box brought to white keeps its print's grain (a tint's screen,
  // JPEG blocks), widened by the division: certain ink lies clear of it. Its
  // width from the brighter quartile of the interior, which ink leaves alone
  // (white paper clips there; shading divided to the paper's level does not).
  if (shaded && options.shaded_noise_sigmas > 0 && !sorted.empty()) {
    const int median = sorted.at<uchar>(0, sorted.cols / 2),
              upper = sorted.at<uchar>(0, sorted.cols * (kQuarters - 1) / kQuarters);
    const double noise = std::max(1.0, SigmaFromQuartile(upper - median));
    max_strong = std::min(max_strong, static_cast<int>(median - options.shaded_noise_sigmas * noise));
    max_weak = std::min(max_weak, static_cast<int>(median - kWeakNoiseShare * options.shaded_noise_sigmas * noise));
  }
  // The caps may fall below the floors on a grainy box: then they win.
  return {std::clamp(wanted_strong, std::min(options.strong_ink, max_strong), max_strong),
          std::clamp(wanted_weak, std::min(options.weak_ink, max_weak), max_weak), max_strong < options.strong_ink};
}

}  // namespace

// Ink pixels: weak-ink regions that contain some strong ink (hysteresis), so
// faint pencil strokes are kept whole and paper texture is not.
cv::Mat InkMask(const cv::Mat& gray, const cv::Rect& inner, const CellOptions& options, bool shaded,
                bool* grain_hides_ink) {
  const InkLevels levels = LevelsOf(gray, inner, options, shaded);
  if (grain_hides_ink) *grain_hides_ink = levels.grain_hides_ink;
  return Hysteresis(gray, levels.strong, levels.weak);
}

bool MarginsOnOtherPaper(const cv::Mat& paper, const cv::Rect& crop, const cv::Rect2f& cell) {
  if (paper.empty()) return false;
  const cv::Rect inside = crop & cv::Rect(0, 0, paper.cols, paper.rows);
  if (inside.empty()) return false;
  const cv::Mat region = paper(inside);
  const int top = std::clamp(static_cast<int>(cell.y) - (inside.y - crop.y), 0, region.rows);
  const int bottom = std::clamp(static_cast<int>(cell.y + cell.height) - (inside.y - crop.y), 0, region.rows);
  auto level = [&](int from, int to) { return from < to ? cv::mean(region.rowRange(from, to))[0] : -1.0; };
  const double own = level(top, bottom);
  if (own <= 0) return false;
  // A light stripe (6-10 % below the paper) is other paper; the light's own
  // fall-off across a box's margin is a percent or two.
  for (double beside : {level(0, top), level(bottom, region.rows)})
    if (beside >= 0 && std::abs(beside - own) > kOtherPaper * own) return true;
  return false;
}

cv::Mat NormalizeLighting(const cv::Mat& page_bgr) {
  // The darkest channel keeps blue ink and pencil dark while paper stays light.
  return FlattenPaper(DarkestChannel(page_bgr));
}

NormalizedPage NormalizePage(const cv::Mat& page_bgr) {
  NormalizedPage page;
  // As NormalizeLighting, keeping the paper's brightness.
  page.gray = FlattenPaper(DarkestChannel(page_bgr), &page.gray_paper);
  if (page_bgr.channels() < kColourChannels) return page;
  std::vector<cv::Mat> planes, papers(kColourChannels);
  cv::split(page_bgr, planes);
  planes.resize(kColourChannels);  // not alpha
  for (int c = 0; c < kColourChannels; ++c) planes[c] = FlattenPaper(planes[c], &papers[c]);
  cv::merge(planes, page.colour);
  cv::merge(papers, page.colour_paper);
  return page;
}

cv::Mat OwnBackgroundCrop(const NormalizedPage& page, const cv::Rect& crop, double cell_height,
                          const CellOptions& options, bool* shaded, cv::Mat* dark_fill) {
  const cv::Mat gray = page.gray(crop);
  if (shaded) *shaded = false;
  if (dark_fill) *dark_fill = cv::Mat::zeros(gray.size(), CV_8U);
  if (options.shaded_below <= 0 || options.background_kernel <= 0) return gray;
  // The box's background: closed over a square wider than any pen stroke or
  // ruled line, so that they go and the paper, a shaded row, the rows beside
  // it in the margins and a tint's edge stay (see BoxBackground).
  const int side = std::max(kSmallKernel, static_cast<int>(options.background_kernel * cell_height) | 1);
  const cv::Mat background = BoxBackground(page.gray, page.gray_paper, crop, side, options);
  double lowest = 0;
  cv::minMaxLoc(background, &lowest);
  // White paper lies at 245-255 after NormalizePage: read it as it is.
  if (lowest >= options.shaded_below) return gray;
  if (shaded) *shaded = true;
  if (dark_fill) cv::compare(background, std::max(1, options.min_background), *dark_fill, cv::CMP_LT);
  // Each pixel on shading over its background, brought to paper (kPaper). A
  // pixel on paper (background at shaded_below or above) is taken against
  // its own background too, as white is: paper is read as it is (its
  // background is white), and the lighter end of the ramp NormalizePage
  // leaves along a tint's edge is paper again. Left as it was, that end
  // stayed 15-20 levels below white where the ramp crossed shaded_below,
  // and outlined both sides of an empty tinted box as "(" and ")" (two
  // ticks in a Yahtzee-bonus box; gen120 0090). A background darker than
  // min_background is a blot of ink as wide as the closing, not shading:
  // ink all the same.
  const double floor = std::max(1, options.min_background);
  const float on_paper = static_cast<float>(options.shaded_below);
  auto over_own = [&](double level, float own) {
    return own >= on_paper ? level * kWhite / std::min<double>(own, kWhite)
                           : level * kPaper / std::clamp<double>(own, floor, kPaper);
  };
  cv::Mat out(gray.size(), CV_8U);
  if (page.colour.empty()) {
    for (int y = 0; y < gray.rows; ++y) {
      const uchar* g = gray.ptr<uchar>(y);
      const float* b = background.ptr<float>(y);
      uchar* o = out.ptr<uchar>(y);
      for (int x = 0; x < gray.cols; ++x) o[x] = cv::saturate_cast<uchar>(over_own(g[x], b[x]));
    }
    return out;
  }
  // In colour: each channel over its own background, and the darkest of
  // those ratios, over the channels whose background is light enough to show
  // ink. Blue or black ink darkens every channel a light tint leaves light
  // (a yellow tint's red and green); the darkest channel alone (the gray
  // page) compares the ink with the tint's darkest channel, where it hardly
  // differs (blue ink on a yellow band). No channel light enough: a blot.
  const cv::Rect around = cv::Rect(crop.x - side, crop.y - side, crop.width + 2 * side, crop.height + 2 * side) &
                          cv::Rect(0, 0, page.colour.cols, page.colour.rows);
  std::vector<cv::Mat> planes, papers, backgrounds(kColourChannels);
  cv::split(page.colour(around), planes);
  cv::split(page.colour_paper(around), papers);
  const cv::Rect local = crop - around.tl();
  for (int c = 0; c < kColourChannels; ++c) {
    backgrounds[c] = BoxBackground(planes[c], papers[c], local, side, options);
    planes[c] = planes[c](local);
  }
  for (int y = 0; y < gray.rows; ++y) {
    const uchar* g = gray.ptr<uchar>(y);
    const float* b = background.ptr<float>(y);
    uchar* o = out.ptr<uchar>(y);
    for (int x = 0; x < gray.cols; ++x) {
      if (b[x] >= on_paper) {
        o[x] = cv::saturate_cast<uchar>(over_own(g[x], b[x]));
        continue;
      }
      double ratio = 2, blot = 2;
      for (int c = 0; c < kColourChannels; ++c) {
        const double level = planes[c].at<uchar>(y, x), below = backgrounds[c].at<float>(y, x);
        if (below >= floor) ratio = std::min(ratio, level / std::min<double>(below, kPaper));
        blot = std::min(blot, level / floor);
      }
      o[x] = cv::saturate_cast<uchar>(kPaper * (ratio < 2 ? ratio : blot));
    }
  }
  return out;
}

}  // namespace scorecheck
