#include "readings/cuts.h"

#include <algorithm>
#include <cmath>
#include <cstdint>

#include <opencv2/imgproc.hpp>

#include "core/image_constants.h"

namespace scorecheck {
namespace {

// A component of a piece smaller than this share of the piece's largest is
// a sliver of the neighbouring digit that a straight cut took along; a
// digit's own pieces (the bar of a 5 cut off its body) are larger.
constexpr double kSliverShare = 0.2;
// Fewer ink pixels than this give no slant worth measuring: a speck.
constexpr size_t kMinSlantPoints = 20;
// A slant's score beats the best so far only by more than this share of it:
// equal scores, up to the rounding of their sums, are a tie.
constexpr double kTieShare = 1e-9;

// The column in [from, to) where cost(column, centre) is least; -1 when
// the range is empty.
template <typename Cost>
int LeastCost(const Cost& cost, int from, int to, int centre) {
  int best = -1;
  double least = kFarAway;
  for (int x = from; x < to; ++x)
    if (const double c = cost(x, centre); c < least) {
      least = c;
      best = x;
    }
  return best;
}

}  // namespace

// Keeps the components of `mask` inside `box` that are not small slivers of a
// neighbouring digit left over by a straight cut.
cv::Mat DropSlivers(const cv::Mat& mask, const cv::Rect& box) {
  cv::Mat labels, stats, centroids;
  const int count = cv::connectedComponentsWithStats(mask(box), labels, stats, centroids, kEightConnected, CV_32S);
  int largest = 0;
  for (int i = 1; i < count; ++i) largest = std::max(largest, stats.at<int>(i, cv::CC_STAT_AREA));
  cv::Mat out = cv::Mat::zeros(mask.size(), CV_8U);
  cv::Mat local = out(box);
  for (int i = 1; i < count; ++i)
    if (stats.at<int>(i, cv::CC_STAT_AREA) >= kSliverShare * largest) local.setTo(kWhite, labels == i);
  return out;
}

// The writing's slant as a shear s (x' = x - s * (y - centre)), the one that
// makes the ink's columns most concentrated (the largest sum of squared
// column counts): upright strokes then line up. Touching digits that lean
// (a 1 over a 5) are cut along this slant as well as straight down.
double EstimateSlant(const cv::Mat& mask, const ReadOptions& options) {
  std::vector<cv::Point> points;
  cv::findNonZero(mask, points);
  if (points.size() < kMinSlantPoints || options.max_slant <= 0) return 0;
  const cv::Rect box = cv::boundingRect(points);
  const double centre = box.y + box.height / 2.0;
  const int margin = static_cast<int>(std::ceil(options.max_slant * box.height)) + 2;
  std::vector<int> columns(box.width + 2 * margin);
  double best_shear = 0, best_score = -1;
  const int steps = static_cast<int>(std::lround(options.max_slant / options.slant_step));
  // From upright outwards (0, -1, +1, -2, ...): on a tie (a round 0) the
  // smaller slant, found first, stays.
  for (int k = 0; k <= 2 * steps; ++k) {
    const int step = (k % 2 == 1 ? -1 : 1) * ((k + 1) / 2);
    const double shear = step * options.slant_step;
    std::fill(columns.begin(), columns.end(), 0);
    for (const cv::Point& p : points) {
      const int x = static_cast<int>(std::lround(p.x - box.x + margin - shear * (p.y - centre)));
      ++columns[std::clamp(x, 0, static_cast<int>(columns.size()) - 1)];
    }
    double score = 0;
    for (int count : columns) score += static_cast<double>(count) * count;
    if (score > best_score * (1 + kTieShare)) {
      best_score = score;
      best_shear = shear;
    }
  }
  return best_shear;
}

// How many separate strokes the cut at `u` crosses, the fewest of it and
// its two neighbours.
int StrokesCrossed(const CutFrame& frame, const cv::Mat& mask, int u) {
  int fewest = INT32_MAX;
  for (int du = -1; du <= 1; ++du) {
    int runs = 0;
    bool inside = false;
    for (int y = frame.box.y; y < frame.box.y + frame.box.height; ++y) {
      const int x = frame.X(std::clamp(u + du, 0, frame.width - 1), y);
      const bool ink = x >= 0 && x < mask.cols && mask.at<uchar>(y, x) != 0;
      runs += ink && !inside;
      inside = ink;
    }
    fewest = std::min(fewest, runs);
  }
  return fewest;
}

namespace {

// Cuts are looked for within a part's width over kReachParts of their even
// place (a third: digits of one number differ in width by about that), and
// a cut that far off is pulled back by as much as ink over kPullAtReach of
// the digit height: a cut through a thin stroke near the middle beats a
// clean one at the edge of the reach.
constexpr double kPullAtReach = 0.15;
constexpr int kReachParts = 3;
// An end cut leaves at least a part of the width over this (a tenth), and a
// cut this close (or kMinCutsApartPx) to one taken is the same cut.
constexpr int kEndCutDivisor = 10, kCutsApartDivisor = 10, kMinCutsApartPx = 2;
// A cut into two pieces is looked for in the middle half of the width:
// beyond a quarter either side lies one digit.
constexpr int kPairRangeDivisor = 4;

// Ink in a column of a cut frame, slightly smoothed, plus a pull towards the
// even cut.
struct CutCost {
  const std::vector<int>& column_ink;
  int w, parts, digit_height;
  double operator()(int x, int centre) const {
    int ink = 0;
    for (int dx = -1; dx <= 1; ++dx) ink += column_ink[std::clamp(x + dx, 0, w - 1)];
    return ink + kPullAtReach * digit_height * std::abs(x - centre) / std::max(1, w / parts) * kReachParts;
  }
};

// CutCost's ink alone: no pull towards a centre.
struct InkOnly {
  const CutCost& cost;
  double operator()(int x, int) const { return cost(x, x); }
};

// The ink of each column of `frame` (u), its pixels of `mask` counted.
std::vector<int> InkPerColumn(const CutFrame& frame, const cv::Mat& mask) {
  const int w = frame.width;
  std::vector<int> column_ink(w, 0);
  for (int y = frame.box.y; y < frame.box.y + frame.box.height; ++y) {
    const uchar* row = mask.ptr<uchar>(y);
    for (int x = frame.box.x; x < frame.box.x + frame.box.width; ++x)
      if (row[x]) ++column_ink[std::clamp(frame.U(x, y), 0, w - 1)];
  }
  return column_ink;
}

// Cuts into two pieces: the few least-inked columns near the middle, and
// with narrow_pair_cuts the least-inked column of either end quarter.
std::vector<std::vector<int>> PairCuts(const CutCost& cost, int edge, const ReadOptions& options) {
  const int w = cost.w;
  const InkOnly ink_only{cost};
  std::vector<std::vector<int>> result;
  std::vector<std::pair<double, int>> minima;
  const int lo = std::max(1, w / kPairRangeDivisor), hi = std::min(w - 1, w - w / kPairRangeDivisor);
  for (int x = lo; x < hi; ++x) {
    const double c = cost(x, w / 2);
    const bool local_min = (x == lo || c <= cost(x - 1, w / 2)) && (x == hi - 1 || c <= cost(x + 1, w / 2));
    if (local_min) minima.push_back({c, x});
  }
  std::sort(minima.begin(), minima.end());
  std::vector<int> taken;
  // A new cut, unless it is (next to) one already taken.
  auto take = [&](int x) {
    for (int t : taken)
      if (std::abs(t - x) < std::max(kMinCutsApartPx, w / kCutsApartDivisor)) return;
    taken.push_back(x);
    result.push_back({0, x, w});
  };
  for (const auto& [c, x] : minima) {
    if (static_cast<int>(taken.size()) >= options.cut_candidates) break;
    take(x);
  }
  if (options.narrow_pair_cuts) {
    // A 1 touching its neighbour is often narrower than a quarter of the
    // pair, out of the range above: "15" cut there leaves part of the 5
    // on the 1 and reads as a lone 5. So also the least-inked column of
    // either end quarter.
    for (const int x : {LeastCost(ink_only, edge, lo, 0), LeastCost(ink_only, hi, w - edge, 0)})
      if (x > 0) take(x);  // -1: an empty range
  }
  return result;
}

// Adds to `result` uneven cuts into three pieces (see within).
void AddUnevenThirds(const CutCost& cost, int edge, const ReadOptions& options,
                     std::vector<std::vector<int>>& result) {
  const int w = cost.w;
  const InkOnly ink_only{cost};
  // Three touching digits are rarely even: a 1 is a third as wide as a
  // 9, and "192" cut in even thirds reads as two digits at best (every
  // leading 1 of a touching three-digit total was lost on photos of
  // other printers' narrow boxes). So also: a narrow digit at either
  // end, cut at the least-inked column of its end third, and the rest
  // cut near its middle.
  const int first = LeastCost(ink_only, edge, w / kThreeParts, 0);
  const int rest = w - first;
  const int rest_middle =
      LeastCost(cost, first + rest / kThreeParts, first + 2 * rest / kThreeParts + 1, first + rest / 2);
  const int last = LeastCost(ink_only, w - w / kThreeParts, w - edge, 0);
  std::vector<std::vector<int>> uneven = {
      {0, first, rest_middle, w},
      {0, LeastCost(cost, last / kThreeParts, 2 * last / kThreeParts + 1, last / 2), last, w}};
  if (options.narrow_pair_end_cuts) {
    // Two narrow digits: 1s at both ends ("151") or two at one end
    // ("118", "211"), each cut at the least-inked column of its end.
    uneven.push_back({0, first, last, w});
    uneven.push_back({0, first, LeastCost(ink_only, first + edge, first + rest / kThreeParts, 0), w});
    uneven.push_back({0, LeastCost(ink_only, last - last / kThreeParts, last - edge, 0), last, w});
  }
  for (const std::vector<int>& cut : uneven)
    if (cut[1] > 0 && cut[1] < cut[2] && cut[2] < w && std::find(result.begin(), result.end(), cut) == result.end())
      result.push_back(cut);
}

}  // namespace

// Cut positions (u, with 0 and frame.width at the ends) for `parts`
// pieces: the least-inked columns near the even positions, the few best
// for two pieces, the best for three (and, with narrow_end_cuts, up to two
// uneven ones: a narrow digit at either end).
std::vector<std::vector<int>> CutCandidates(const CutFrame& frame, const cv::Mat& mask, int parts, int digit_height,
                                            const ReadOptions& options) {
  const int w = frame.width;
  const std::vector<int> column_ink = InkPerColumn(frame, mask);
  // Ink in a column, slightly smoothed, plus a pull towards the even cut.
  const CutCost cost{column_ink, w, parts, digit_height};
  const int edge = std::max(1, w / kEndCutDivisor);  // an end cut leaves at least this much
  if (parts == 2) return PairCuts(cost, edge, options);
  std::vector<std::vector<int>> result;
  std::vector<int> cuts = {0};
  for (int p = 1; p < parts; ++p) {
    const int centre = w * p / parts, reach = w / (parts * kReachParts);
    const int best = LeastCost(cost, std::max(1, centre - reach), std::min(w - 1, centre + reach), centre);
    cuts.push_back(best < 0 ? centre : best);
  }
  cuts.push_back(w);
  result.push_back(cuts);
  if (parts == kThreeParts && options.narrow_end_cuts) AddUnevenThirds(cost, edge, options, result);
  return result;
}

}  // namespace scorecheck
