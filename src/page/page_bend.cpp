#include "page/page_bend.h"

#include <algorithm>
#include <cmath>
#include <optional>
#include <vector>

#include <opencv2/imgproc.hpp>

namespace scorecheck {
namespace {

constexpr double kWhite = 255;
// A strip's profile holds a rule when some height of it is this dark over
// half the strip's width: the lattice stage's faintest rule (a share of the
// paper's brightness).
constexpr double kMinRuleDarkness = 0.04;
// A band needs this many strips' steps, and the page this many bands, for
// its rules' course to say anything.
constexpr int kMinStripsInBand = 4;
constexpr int kMinBands = 2;
constexpr size_t kMinBandsForSlope = 3;
// A strip's course measured against the first strip directly is looked for
// this near (working pixels) where the chain of neighbours put it.
constexpr int kRefineReachPx = 2;

int OddPx(double mm, double px_per_mm) { return std::max(1, static_cast<int>(std::lround(mm * px_per_mm))) | 1; }

// Pieces of the dark lines of `gray` that run along its rows for `piece`
// pixels or more: how much darker than the paper (within `window` pixels).
cv::Mat RulesAlongRows(const cv::Mat& gray, int window, int piece) {
  cv::Mat paper, rules;
  cv::morphologyEx(gray, paper, cv::MORPH_CLOSE, cv::getStructuringElement(cv::MORPH_RECT, {window, window}));
  const cv::Mat dark = paper - gray;
  cv::morphologyEx(dark, rules, cv::MORPH_OPEN, cv::getStructuringElement(cv::MORPH_RECT, {piece, 1}));
  return rules;
}

// The basis of the bend at (x along the rules, y across them), both -1..1:
// x^2, x^3, x^4 and each times y.
std::array<double, RuleBend::kTerms> Basis(double x, double y) {
  const double x2 = x * x, x3 = x2 * x, x4 = x2 * x2;
  return {x2, x3, x4, y * x2, y * x3, y * x4};
}

double Evaluate(const std::array<double, RuleBend::kTerms>& c, double x, double y) {
  const auto b = Basis(x, y);
  double sum = 0;
  for (int i = 0; i < RuleBend::kTerms; ++i) sum += c[i] * b[i];
  return sum;
}

double Scaled(double v, int length) { return length > 1 ? 2 * v / (length - 1) - 1 : 0; }

// How far the rules in rows [y0, y1) of profile `b` lie below those of `a`
// (pixels, to a fraction), when the two agree once moved: nullopt otherwise.
// The steps looked at are `centre` +- `max_step`.
std::optional<double> StepBetween(const cv::Mat& a, const cv::Mat& b, int y0, int y1, int max_step,
                                  double min_match, double min_peak, int centre = 0) {
  const int reach = max_step + std::abs(centre);
  const int from = std::max(y0, reach), to = std::min(y1, a.rows - reach);
  if (to - from < 2 * reach) return std::nullopt;
  double peak_a = 0, peak_b = 0;
  cv::minMaxLoc(a.rowRange(from, to), nullptr, &peak_a);
  cv::minMaxLoc(b.rowRange(from, to), nullptr, &peak_b);
  if (peak_a < min_peak || peak_b < min_peak) return std::nullopt;
  const cv::Mat pa = a.rowRange(from, to) - cv::mean(a.rowRange(from, to))[0];
  const double norm_a = cv::norm(pa);
  std::vector<double> match(2 * max_step + 1, -1);
  for (int t = -max_step; t <= max_step; ++t) {
    const cv::Range moved(from + centre + t, to + centre + t);
    const cv::Mat pb = b.rowRange(moved) - cv::mean(b.rowRange(moved))[0];
    const double norm = norm_a * cv::norm(pb);
    if (norm > 0) match[t + max_step] = pa.dot(pb) / norm;
  }
  const int best = static_cast<int>(std::max_element(match.begin(), match.end()) - match.begin());
  if (match[best] < min_match || best == 0 || best == 2 * max_step) return std::nullopt;
  const double l = match[best - 1], c = match[best], r = match[best + 1];
  const double curvature = l - 2 * c + r;
  const double fraction = curvature < 0 ? 0.5 * (l - r) / curvature : 0;
  return centre + best - max_step + fraction;
}

struct Sample {
  double along, across, shift;  // strip centre and band centre (-1..1), the rules' course (full pixels)
  int band;
};

// Each band's rules followed from strip to strip, starting at the strip
// where the band holds most rule.
std::vector<Sample> FollowRules(const cv::Mat& profiles, int strip_px, int band_px, int max_step, double min_match,
                                double min_peak, double pool, cv::Size full) {
  std::vector<Sample> samples;
  const int strips = profiles.cols;
  int band = 0;
  for (int y0 = 0; y0 + band_px / 2 < profiles.rows; y0 += band_px, ++band) {
    const int y1 = std::min(profiles.rows, y0 + band_px);
    std::vector<std::optional<double>> step(strips);  // step[s]: from strip s - 1 to s
    for (int s = 1; s < strips; ++s)
      step[s] = StepBetween(profiles.col(s - 1), profiles.col(s), y0, y1, max_step, min_match, min_peak);
    int start = 0;
    double most = -1;
    for (int s = 0; s < strips; ++s) {
      const double rule = cv::sum(profiles.col(s).rowRange(y0, y1))[0];
      if (rule > most) most = rule, start = s;
    }
    std::vector<std::optional<double>> course(strips);
    course[start] = 0;
    for (int s = start + 1; s < strips && step[s]; ++s) course[s] = *course[s - 1] + *step[s];
    for (int s = start - 1; s >= 0 && step[s + 1]; --s) course[s] = *course[s + 1] - *step[s + 1];
    // Each strip measured against the first once more, near where the
    // chain put it: the chain's small errors add up over a page.
    for (int s = 0; s < strips; ++s)
      if (course[s] && s != start)
        if (const auto direct = StepBetween(profiles.col(start), profiles.col(s), y0, y1, kRefineReachPx,
                                            min_match, min_peak, static_cast<int>(std::lround(*course[s]))))
          course[s] = direct;
    const int followed = static_cast<int>(std::count_if(course.begin(), course.end(), [](auto& c) { return c; }));
    if (followed < kMinStripsInBand) continue;
    const double across = Scaled(pool * (y0 + y1) / 2.0, full.height);
    for (int s = 0; s < strips; ++s)
      if (course[s])
        samples.push_back({Scaled(pool * (s + 0.5) * strip_px, full.width), across, pool * *course[s], band});
  }
  return samples;
}

// The bend shared by every band, each band with its own straight line;
// nullopt with too few bands.
std::optional<std::array<double, RuleBend::kTerms>> FitBend(const std::vector<Sample>& samples) {
  std::vector<int> bands;
  for (const Sample& s : samples)
    if (std::find(bands.begin(), bands.end(), s.band) == bands.end()) bands.push_back(s.band);
  if (static_cast<int>(bands.size()) < kMinBands) return std::nullopt;
  const int lines = 2 * static_cast<int>(bands.size()), unknowns = lines + RuleBend::kTerms;
  cv::Mat a = cv::Mat::zeros(static_cast<int>(samples.size()), unknowns, CV_64F), b(a.rows, 1, CV_64F), x;
  for (int i = 0; i < a.rows; ++i) {
    const Sample& s = samples[i];
    const int k = static_cast<int>(std::find(bands.begin(), bands.end(), s.band) - bands.begin());
    a.at<double>(i, 2 * k) = 1;
    a.at<double>(i, 2 * k + 1) = s.along;
    // How the bend changes across the bands, only when three or more tell
    // it (a zero column takes no part in the least-norm solution).
    const auto basis = Basis(s.along, bands.size() >= kMinBandsForSlope ? s.across : 0);
    for (int t = 0; t < RuleBend::kTerms; ++t) a.at<double>(i, lines + t) = basis[t];
    b.at<double>(i) = s.shift;
  }
  // Fewer samples than unknowns tell no bend (and OpenCV's SVD refuses them).
  if (a.rows < a.cols || !cv::solve(a, b, x, cv::DECOMP_SVD)) return std::nullopt;
  std::array<double, RuleBend::kTerms> bend{};
  for (int t = 0; t < RuleBend::kTerms; ++t) bend[t] = x.at<double>(lines + t);
  return bend;
}

// How far the bend takes a band's rules from the straight line nearest them,
// at the samples (full pixels): the most of any band.
double LargestBend(const std::array<double, RuleBend::kTerms>& bend, const std::vector<Sample>& samples) {
  double largest = 0;
  std::vector<int> seen;
  for (const Sample& first : samples) {
    if (std::find(seen.begin(), seen.end(), first.band) != seen.end()) continue;
    seen.push_back(first.band);
    std::vector<cv::Point2d> points;
    for (const Sample& s : samples)
      if (s.band == first.band) points.emplace_back(s.along, Evaluate(bend, s.along, s.across));
    cv::Vec4d line;
    cv::fitLine(points, line, cv::DIST_L2, 0, 0.01, 0.01);
    for (const cv::Point2d& p : points) {
      const double on_line = line[3] + (p.x - line[2]) * line[1] / line[0];
      largest = std::max(largest, std::abs(p.y - on_line));
    }
  }
  return largest;
}

// The bend of the rules along the rows of `gray` (full resolution), or
// nullopt when it is under the options' least or cannot be told.
RuleBend RowBend(const cv::Mat& gray, double px_per_mm, const BendOptions& options) {
  const double pool = std::max(1.0, px_per_mm / options.work_px_per_mm);
  const double work_px_per_mm = px_per_mm / pool;
  cv::Mat work;
  cv::resize(gray, work, cv::Size(), 1 / pool, 1 / pool, cv::INTER_AREA);
  const cv::Mat rules = RulesAlongRows(work, OddPx(options.rule_window_mm, work_px_per_mm),
                                       OddPx(options.min_piece_mm, work_px_per_mm));
  const int strip_px = std::max(2, static_cast<int>(std::lround(options.strip_mm * work_px_per_mm)));
  const int strips = work.cols / strip_px;
  if (strips < kMinStripsInBand) return {};
  cv::Mat profiles(work.rows, strips, CV_64F);
  for (int s = 0; s < strips; ++s) {
    cv::Mat column;
    cv::reduce(rules.colRange(s * strip_px, (s + 1) * strip_px), column, 1, cv::REDUCE_SUM, CV_64F);
    column.copyTo(profiles.col(s));
  }
  const int band_px = std::max(2, static_cast<int>(std::lround(options.band_mm * work_px_per_mm)));
  const int max_step = std::max(1, static_cast<int>(std::ceil(options.max_step_mm * work_px_per_mm)));
  const double min_peak = kMinRuleDarkness * kWhite * strip_px / 2;
  const std::vector<Sample> samples = FollowRules(profiles, strip_px, band_px, max_step, options.min_match, min_peak,
                                                  pool, gray.size());
  const auto terms = FitBend(samples);
  if (!terms || LargestBend(*terms, samples) < options.min_bend_mm * px_per_mm) return {};
  RuleBend bend;
  bend.terms = *terms;
  bend.bent = true;
  bend.along_from = bend.along_to = samples.front().along;
  bend.across_from = bend.across_to = samples.front().across;
  for (const Sample& s : samples) {
    bend.along_from = std::min(bend.along_from, s.along), bend.along_to = std::max(bend.along_to, s.along);
    bend.across_from = std::min(bend.across_from, s.across), bend.across_to = std::max(bend.across_to, s.across);
  }
  return bend;
}

}  // namespace

bool BendOptions::Check() const {
  return work_px_per_mm > 0 && strip_mm > 0 && band_mm >= strip_mm && rule_window_mm > 0 && min_piece_mm > 0 &&
         max_step_mm > 0 && min_match > 0 && min_match <= 1 && min_bend_mm >= 0;
}

double RuleBend::Shift(double along, double across) const {
  if (!bent) return 0;
  const double y = std::clamp(across, across_from, across_to);
  return Evaluate(terms, std::clamp(along, along_from, along_to), y) - Evaluate(terms, (along_from + along_to) / 2, y);
}

cv::Point2d PageBend::Source(cv::Point2d flat) const {
  const double x = Scaled(flat.x, size.width), y = Scaled(flat.y, size.height);
  return {flat.x + columns.Shift(y, x), flat.y + rows.Shift(x, y)};
}

PageBend MeasureBend(const cv::Mat& page, double px_per_mm, const BendOptions& options) {
  PageBend bend;
  bend.size = page.size();
  if (page.empty() || px_per_mm <= 0 || !options.Check()) return bend;
  cv::Mat gray;
  if (page.channels() == 1) gray = page;
  else cv::cvtColor(page, gray, page.channels() == 4 ? cv::COLOR_BGRA2GRAY : cv::COLOR_BGR2GRAY);
  bend.rows = RowBend(gray, px_per_mm, options);
  bend.columns = RowBend(gray.t(), px_per_mm, options);
  return bend;
}

namespace {

// `bend`'s shift over a page `along` pixels along its rules and `across`
// pixels across them: a bend's shift is linear across its rules, so it is
// the shift where rules were followed first across (`from`, per place along)
// plus how it grows across them (`slope`) times how far across (`across`,
// per place across: clamped, less where following began). All nought when
// the bend is flat.
struct ShiftTable {
  std::vector<float> from, slope, across;
};

ShiftTable ShiftsOf(const RuleBend& bend, int along, int across) {
  ShiftTable table{std::vector<float>(along), std::vector<float>(along), std::vector<float>(across)};
  const double span = bend.across_to - bend.across_from;
  for (int i = 0; i < along; ++i) {
    const double place = Scaled(i, along), first = bend.Shift(place, bend.across_from);
    table.from[i] = static_cast<float>(first);
    table.slope[i] = span > 0 ? static_cast<float>((bend.Shift(place, bend.across_to) - first) / span) : 0.0f;
  }
  for (int j = 0; j < across; ++j)
    table.across[j] =
        static_cast<float>(std::clamp(Scaled(j, across), bend.across_from, bend.across_to) - bend.across_from);
  return table;
}

}  // namespace

cv::Mat Unbent(const cv::Mat& page, const PageBend& bend) {
  if (!bend.bent() || page.empty()) return page;
  const ShiftTable rows = ShiftsOf(bend.rows, page.cols, page.rows);
  const ShiftTable columns = ShiftsOf(bend.columns, page.rows, page.cols);
  cv::Mat map(page.size(), CV_32FC2);
  for (int y = 0; y < page.rows; ++y) {
    auto* out = map.ptr<cv::Vec2f>(y);
    for (int x = 0; x < page.cols; ++x) {
      const float dx = columns.from[y] + columns.across[x] * columns.slope[y];
      const float dy = rows.from[x] + rows.across[y] * rows.slope[x];
      out[x] = cv::Vec2f(static_cast<float>(x) + dx, static_cast<float>(y) + dy);
    }
  }
  cv::Mat flat;
  // Cubic: a linear blend of neighbours softens every line by up to half a
  // pixel, and a blurred photo's tint edges had been lost to it.
  cv::remap(page, flat, map, cv::noArray(), cv::INTER_CUBIC, cv::BORDER_REPLICATE);
  return flat;
}

}  // namespace scorecheck
