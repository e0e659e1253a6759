#include "lattice/line_runs.h"

#include <algorithm>
#include <cmath>
#include <vector>

#include <opencv2/imgproc.hpp>

#include "core/image_constants.h"

namespace scorecheck::lattice {
namespace {

constexpr double kPi = 3.14159265358979323846;
// Degrees in half a turn as a float: a run's angle (the atan2 of float
// offsets) is a float, and is scaled in float before the division by kPi.
constexpr float kHalfTurnDegFloat = static_cast<float>(kHalfTurnDeg);
// The channels of a page that carries an alpha channel (BGRA).
constexpr int kChannelsWithAlpha = 4;
// A run is trimmed to within this many working pixels of its dark ones: a
// window reaches past the run's end by its unfilled share, and gaps this short
// are still bridged.
constexpr int kRunEndSlackPx = 2;
// A step edge's dark side is measured again this many reaches further on: a
// shaded row (5 mm or more) goes on, while a thin rule or a line of text
// blurred into a bar (capitals are 3 mm tall or less) has ended, at a reach
// of about a millimetre.
constexpr int kGoesOnReaches = 3;

// Thin dark structures across direction `horizontal`: the contrast minus the
// larger of the contrasts `gap` pixels to either side. A ruled line has paper
// on both sides; the body of printed text (blurred words are solid bars in a
// low-resolution photo) and of handwriting is dark on at least one side, and
// its edges too.
cv::Mat RidgesAt(const cv::Mat& contrast, bool horizontal, int gap) {
  cv::Mat ends = cv::Mat::zeros(horizontal ? cv::Size(1, 2 * gap + 1) : cv::Size(2 * gap + 1, 1), CV_8U);
  ends.at<uchar>(0) = 1;
  ends.at<uchar>(2 * gap) = 1;
  cv::Mat sides, ridges;
  cv::dilate(contrast, sides, ends);
  cv::subtract(contrast, sides, ridges);
  return ridges;
}

// Ridges as wide as `gap` and as narrow as two pixels: a thick rule needs the
// wide look (the near sides are still the line), while the two strokes of a
// double rule, or a rule beside a dark bar, are less than `gap` apart and
// only the narrow look finds paper between them.
cv::Mat Ridges(const cv::Mat& contrast, bool horizontal, int gap) {
  cv::Mat ridges = RidgesAt(contrast, horizontal, gap);
  for (int near = 2; near < gap; ++near) cv::max(ridges, RidgesAt(contrast, horizontal, near), ridges);
  return ridges;
}

}  // namespace

cv::Mat WorkingPage(const cv::Mat& page, int pool) {
  cv::Mat colour = page;
  if (page.channels() == kChannelsWithAlpha) cv::cvtColor(page, colour, cv::COLOR_BGRA2BGR);
  std::vector<cv::Mat> channels;
  cv::split(colour, channels);
  for (cv::Mat& channel : channels) channel = MinPool(channel, pool);
  cv::Mat work;
  cv::merge(channels, work);
  return work;
}

cv::Mat Luminance(const cv::Mat& work) {
  if (work.channels() == 1) return work;
  cv::Mat gray;
  cv::cvtColor(work, gray, cv::COLOR_BGR2GRAY);
  return gray;
}

// Down to the working resolution by the minimum of each k x k block: a thin
// dark line keeps its full darkness (an average would halve a 1-px line's
// contrast, and 0.12 mm lines are 1 px at 8 px/mm).
cv::Mat MinPool(const cv::Mat& gray, int k) {
  if (k <= 1) return gray.clone();
  cv::Mat eroded;
  cv::erode(gray, eroded, cv::getStructuringElement(cv::MORPH_RECT, cv::Size(k, k)), cv::Point(0, 0));
  cv::Mat pooled(gray.rows / k, gray.cols / k, CV_8U);
  for (int y = 0; y < pooled.rows; ++y) {
    const uchar* src = eroded.ptr<uchar>(y * k);
    uchar* dst = pooled.ptr<uchar>(y);
    for (int x = 0; x < pooled.cols; ++x) dst[x] = src[x * k];
  }
  return pooled;
}

// Relative darkness against the local paper, 0..255: (paper - gray) / paper.
// The paper is a closing (local max, then min) over a window wider than any
// printed line, so uneven light and shadows cancel out, and grey bands taller
// than the window (shaded header rows) give nothing.
cv::Mat ContrastMap(const cv::Mat& gray, int window) {
  cv::Mat paper, dark, contrast;
  cv::morphologyEx(gray, paper, cv::MORPH_CLOSE, cv::getStructuringElement(cv::MORPH_RECT, cv::Size(window, window)));
  cv::subtract(paper, gray, dark);
  // Below this the "paper" is a table or a deep shadow; its noise must not
  // become strong relative contrast.
  cv::max(paper, kDarkestPaper, paper);
  cv::divide(dark, paper, contrast, kWhite);
  return contrast;
}

cv::Mat LineContrast(const cv::Mat& work, int window) {
  if (work.channels() == 1) return ContrastMap(work, window);
  std::vector<cv::Mat> channels;
  cv::split(work, channels);
  cv::Mat strongest = ContrastMap(channels[0], window);
  for (size_t c = 1; c < channels.size(); ++c) strongest = cv::max(strongest, ContrastMap(channels[c], window));
  return strongest;
}

double PaperContrast(const cv::Mat& contrast) {
  if (contrast.empty()) return 1.0 / kWhite;
  const int channels[] = {0}, bins[] = {kWhite + 1};
  const float range[] = {0, kWhite + 1};
  const float* ranges[] = {range};
  cv::Mat histogram;
  cv::calcHist(&contrast, 1, channels, cv::Mat(), histogram, 1, bins, ranges);
  const double half = contrast.total() / 2.0;
  double below = 0;
  int level = 0;
  for (; level < kWhite; ++level) {
    below += histogram.at<float>(level);
    if (below >= half) break;
  }
  return std::max(1, level) / static_cast<double>(kWhite);
}

// Pixels on straight runs at least `length` long in which at least `fill` of
// the pixels are dark: a rank opening. A plain opening breaks a faint line at
// every noise dip; here small gaps are bridged, while letters of a word (gaps
// between them) and handwriting (short strokes) never fill a run. The dark
// mask is thickened across the run by one pixel each side, so a line skewed by
// a few degrees still fills a straight window.
cv::Mat RunMask(const cv::Mat& contrast, bool horizontal, int length, double threshold, double fill, int gap) {
  cv::Mat thick, dark;
  const cv::Size across = horizontal ? cv::Size(1, kSmallKernel) : cv::Size(kSmallKernel, 1);
  cv::dilate(Ridges(contrast, horizontal, gap), thick, cv::getStructuringElement(cv::MORPH_RECT, across));
  cv::threshold(thick, dark, threshold, 1, cv::THRESH_BINARY);
  return FilledRuns(dark, horizontal, length, fill);
}

cv::Mat FilledRuns(const cv::Mat& dark, bool horizontal, int length, double fill) {
  cv::Mat sum;
  const cv::Size window = horizontal ? cv::Size(length, 1) : cv::Size(1, length);
  cv::boxFilter(dark, sum, CV_16U, window, cv::Point(-1, -1), false, cv::BORDER_CONSTANT);
  cv::Mat centres = sum >= fill * length;
  cv::Mat covered, near_dark;
  cv::dilate(centres, covered, cv::getStructuringElement(cv::MORPH_RECT, window));
  // A window may reach past the run's end by its unfilled share; trim the run
  // to within two pixels of dark ones (gaps that short stay bridged).
  const int slack = 2 * kRunEndSlackPx + 1;
  cv::dilate(dark, near_dark,
             cv::getStructuringElement(cv::MORPH_RECT, horizontal ? cv::Size(slack, 1) : cv::Size(1, slack)));
  return covered & near_dark;
}

namespace {

// Step edges across the rows of `gray` (edges that run along x): the mean
// gray of `reach` rows after the edge against the `reach` rows before it,
// relative to the brighter, where that difference peaks across the edge and
// the darker side is still dark three reaches further on. The edge between
// rows y - 1 and y is marked at y.
cv::Mat StepsAcrossRows(const cv::Mat& gray, int reach, double threshold) {
  cv::Mat level, mean;
  gray.convertTo(level, CV_32F);
  cv::boxFilter(level, mean, CV_32F, cv::Size(1, reach), cv::Point(0, 0), true, cv::BORDER_REPLICATE);
  // mean(y) covers rows y .. y + reach - 1; padded so that mean(y - 4 reach)
  // and mean(y + 3 reach) are rows of `padded` for every y.
  cv::Mat padded;
  cv::copyMakeBorder(mean, padded, (kGoesOnReaches + 1) * reach, kGoesOnReaches * reach, 0, 0, cv::BORDER_REPLICATE);
  auto at = [&](int y, int offset) { return padded.ptr<float>(y + (kGoesOnReaches + 1) * reach + offset); };
  // The step's size, relative to the brighter side (a table or a deep
  // shadow is no paper to step from), and whether its dark side goes on.
  cv::Mat magnitude(gray.size(), CV_32F), goes_on(gray.size(), CV_8U);
  for (int y = 0; y < gray.rows; ++y) {
    const float *after = at(y, 0), *after_far = at(y, kGoesOnReaches * reach), *before = at(y, -reach),
                *before_far = at(y, -(kGoesOnReaches + 1) * reach);
    float* size = magnitude.ptr<float>(y);
    uchar* on = goes_on.ptr<uchar>(y);
    for (int x = 0; x < gray.cols; ++x) {
      const float light = std::max(after[x], before[x]), dark = std::min(after[x], before[x]);
      size[x] = (light - dark) / std::max(light, static_cast<float>(kDarkestPaper));
      // The dark side measured again three reaches further on must still be
      // dark: a shaded row (5 mm or more) goes on, whatever is written in
      // it, while a thin rule or a line of text blurred into a bar (capitals
      // are 3 mm tall or less) has ended.
      const float dark_far = after[x] < before[x] ? after_far[x] : before_far[x];
      on[x] = (light - dark_far) * 2 >= light - dark;
    }
  }
  // At the peak across the edge (ties to the first), which is where the
  // edge is whether or not it is one to keep.
  cv::Mat edges = cv::Mat::zeros(gray.size(), CV_8U);
  const float least = static_cast<float>(threshold);
  for (int y = 1; y + 1 < gray.rows; ++y) {
    const float *m = magnitude.ptr<float>(y), *up = magnitude.ptr<float>(y - 1), *down = magnitude.ptr<float>(y + 1);
    const uchar* on = goes_on.ptr<uchar>(y);
    uchar* out = edges.ptr<uchar>(y);
    for (int x = 0; x < gray.cols; ++x)
      if (on[x] && m[x] >= least && m[x] > up[x] && m[x] >= down[x]) out[x] = 1;
  }
  return edges;
}

}  // namespace

cv::Mat StepMask(const cv::Mat& gray, bool horizontal, int length, double threshold, double fill, int reach,
                 const cv::Mat& ruled) {
  cv::Mat edges;
  if (horizontal) {
    edges = StepsAcrossRows(gray, reach, threshold);
  } else {
    cv::Mat transposed;
    cv::transpose(gray, transposed);
    cv::transpose(StepsAcrossRows(transposed, reach, threshold), edges);
  }
  // Not where a ruled line is already: a rule along a shaded row's edge is
  // that edge (the mask holds the rule's centre; a blurred rule is a few
  // pixels wide).
  if (!ruled.empty()) {
    cv::Mat near_rule;
    const int near = 2 * (reach + 2) + 1;
    cv::dilate(ruled, near_rule, cv::getStructuringElement(cv::MORPH_RECT, horizontal ? cv::Size(1, near) : cv::Size(near, 1)));
    edges.setTo(0, near_rule);
  }
  const cv::Size across = horizontal ? cv::Size(1, kSmallKernel) : cv::Size(kSmallKernel, 1);
  cv::dilate(edges, edges, cv::getStructuringElement(cv::MORPH_RECT, across));
  return FilledRuns(edges, horizontal, length, fill);
}

// The runs (connected components) of a mask as full-resolution runs, each
// with the least-squares line through its pixels.
std::vector<Run> RunsOf(const cv::Mat& mask, bool horizontal, const Scale& scale) {
  cv::Mat labels, stats, centroids;
  // BBDT is the fastest labelling here (2 ms for a page at 4 px/mm).
  const int n = cv::connectedComponentsWithStats(mask, labels, stats, centroids, kEightConnected, CV_32S, cv::CCL_BBDT);
  // Sums of w, u*u and u*w (u along the run, w across it) per component; the
  // labels image is mostly background, so this costs little more than a scan.
  std::vector<cv::Vec3d> sums(n, cv::Vec3d(0, 0, 0));
  for (int y = 0; y < labels.rows; ++y) {
    const int* row = labels.ptr<int>(y);
    for (int x = 0; x < labels.cols; ++x) {
      if (row[x] == 0) continue;
      const double u = horizontal ? x : y, w = horizontal ? y : x;
      cv::Vec3d& s = sums[row[x]];
      s[0] += u * u;
      s[1] += u * w;
      s[2] += w;
    }
  }
  std::vector<Run> runs;
  const double k = scale.pool, offset = (k - 1) / 2;
  for (int i = 1; i < n; ++i) {
    const int left = stats.at<int>(i, cv::CC_STAT_LEFT), top = stats.at<int>(i, cv::CC_STAT_TOP);
    const int width = stats.at<int>(i, cv::CC_STAT_WIDTH), height = stats.at<int>(i, cv::CC_STAT_HEIGHT);
    const int area = stats.at<int>(i, cv::CC_STAT_AREA);
    const int length = horizontal ? width : height;
    const int start = horizontal ? left : top;
    const double cu = centroids.at<double>(i, horizontal ? 0 : 1), cw = centroids.at<double>(i, horizontal ? 1 : 0);
    // Centred moments from the raw sums; the centroid's u is cu.
    const double count = area, suu = sums[i][0] - count * cu * cu, suw = sums[i][1] - cu * sums[i][2];
    const double slope = suu > kTiny ? suw / suu : 0;
    Run run;
    run.pos = static_cast<float>(k * cw + offset);
    run.from = static_cast<float>(k * start + offset - k / 2);
    run.to = static_cast<float>(k * (start + length - 1) + offset + k / 2);
    // The mask was thickened by one working pixel each side.
    run.thickness = static_cast<float>(k * std::max(1.0, static_cast<double>(area) / length - 2));
    const double u0 = start, u1 = start + length - 1;
    const double w0 = cw + slope * (u0 - cu), w1 = cw + slope * (u1 - cu);
    auto point = [&](double u, double w) {
      const double x = horizontal ? u : w, y = horizontal ? w : u;
      return cv::Point2f(static_cast<float>(k * x + offset), static_cast<float>(k * y + offset));
    };
    run.a = point(u0, w0);
    run.b = point(u1, w1);
    runs.push_back(run);
  }
  return runs;
}

// The page's skew in degrees from the slopes of the long runs (positive: lines
// fall to the right, i.e. the page is turned clockwise). The length-weighted
// median of both directions is robust to handwriting attached to a line and
// to the odd stray stroke.
double SkewOf(const Runs& runs, float min_length, double max_skew_deg) {
  std::vector<std::pair<double, double>> angles;  // degrees, weight
  for (bool horizontal : {true, false})
    for (const Run& run : horizontal ? runs.horizontal : runs.vertical) {
      if (run.length() < min_length) continue;
      // A vertical line leaning right at the bottom (dx/dy > 0) belongs to a
      // page turned counter-clockwise: negative skew.
      const cv::Point2f d = run.b - run.a;
      const double degrees = horizontal ? std::atan2(d.y, d.x) * kHalfTurnDegFloat / kPi
                                      : -std::atan2(d.x, d.y) * kHalfTurnDegFloat / kPi;
      if (std::abs(degrees) <= max_skew_deg) angles.push_back({degrees, run.length()});
    }
  if (angles.empty()) return 0;
  std::sort(angles.begin(), angles.end());
  double total = 0;
  for (const auto& a : angles) total += a.second;
  double acc = 0;
  for (const auto& a : angles) {
    acc += a.second;
    if (acc >= total / 2) return a.first;
  }
  return angles.back().first;
}

// Runs turned by the affine `turn` (a multiple of 90 degrees).
Runs TurnRuns(const Runs& runs, const cv::Matx23d& turn) {
  Runs turned;
  auto apply = [&](cv::Point2d p) { return turn * cv::Vec3d(p.x, p.y, 1); };
  for (bool horizontal : {true, false})
    for (const Run& run : horizontal ? runs.horizontal : runs.vertical) {
      // The axis-aligned extent, turned.
      const cv::Vec2d a = apply(horizontal ? cv::Point2d(run.from, run.pos) : cv::Point2d(run.pos, run.from));
      const cv::Vec2d b = apply(horizontal ? cv::Point2d(run.to, run.pos) : cv::Point2d(run.pos, run.to));
      Run out = run;
      const bool now_horizontal = std::abs(a[1] - b[1]) < std::abs(a[0] - b[0]);
      out.pos = static_cast<float>(now_horizontal ? a[1] : a[0]);
      out.from = static_cast<float>(now_horizontal ? std::min(a[0], b[0]) : std::min(a[1], b[1]));
      out.to = static_cast<float>(now_horizontal ? std::max(a[0], b[0]) : std::max(a[1], b[1]));
      const cv::Vec2d fa = apply(run.a), fb = apply(run.b);
      // Keep a before b along the turned run.
      const bool reversed = now_horizontal ? fa[0] > fb[0] : fa[1] > fb[1];
      out.a = cv::Point2f(static_cast<float>(reversed ? fb[0] : fa[0]), static_cast<float>(reversed ? fb[1] : fa[1]));
      out.b = cv::Point2f(static_cast<float>(reversed ? fa[0] : fb[0]), static_cast<float>(reversed ? fa[1] : fb[1]));
      (now_horizontal ? turned.horizontal : turned.vertical).push_back(out);
    }
  return turned;
}

}  // namespace scorecheck::lattice
