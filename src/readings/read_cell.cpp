#include "readings/read_cell.h"

// GCC 12 at -O2 warns falsely about std::string copies in this file
// (-Wrestrict, GCC bug 105329); nothing here overlaps.
#pragma GCC diagnostic ignored "-Wrestrict"

#include <algorithm>
#include <cmath>
#include <iomanip>
#include <map>
#include <numeric>
#include <optional>
#include <sstream>

#include <opencv2/imgproc.hpp>

namespace scorecheck {
namespace {

// Segmentation by recognition. The cell's ink components ("atoms": a whole
// digit, a piece of one, touching digits, or a stray mark) are ordered left to
// right; every way of cutting that sequence into digits is scored with the
// classifier plus a few shape priors, and the best few segmentations give the
// alternatives. The classifier's "not one digit" output lowers the digit
// scores of fragments and merged pairs, but not always: a stroke fragment can
// still read as a confident 1, two digits merged as a confident 8. The priors
// (digit height, width, overlap of neighbours, digit count) stop those, so
// they are in the same log-probability units as the scores.

struct Atom {
  cv::Rect box;
  cv::Mat mask;  // crop-size
  int area = 0;
};

// A glyph read as one digit: its scores and its log score (best probability
// plus its shape penalty).
struct ReadGlyph {
  cv::Rect box;
  DigitScores scores{};
  double log_score = 0;
};

// One way of reading a run of atoms: one glyph, several cut pieces, or
// nothing (a dropped stray mark).
struct Option {
  std::vector<ReadGlyph> glyphs;
  double penalty = 0;  // log-domain cost outside the glyphs' own scores
};

struct Partial {
  std::vector<ReadGlyph> glyphs;
  double log_score = 0;
};

double BestProbability(const DigitScores& scores) { return *std::max_element(scores.begin(), scores.end()); }

// The number's ink for the whole-number reader: the cell's ink components,
// nothing else of the crop.
cv::Mat NumberInk(const CellInk& ink) {
  cv::Mat mask = cv::Mat::zeros(ink.ink.size(), CV_8U);
  for (const cv::Mat& blob : ink.blob_masks) mask |= blob;
  cv::Mat number = cv::Mat::zeros(ink.ink.size(), CV_8U);
  ink.ink.copyTo(number, mask);
  return number;
}

cv::Mat GlyphImage(const CellInk& ink, const cv::Rect& box, const cv::Mat& mask) {
  cv::Mat image = cv::Mat::zeros(box.size(), CV_8U);
  ink.ink(box).copyTo(image, mask(box));
  return image;
}

// Keeps the components of `mask` inside `box` that are not small slivers of a
// neighbouring digit left over by a straight cut.
cv::Mat DropSlivers(const cv::Mat& mask, const cv::Rect& box) {
  cv::Mat labels, stats, centroids;
  const int count = cv::connectedComponentsWithStats(mask(box), labels, stats, centroids, 8, CV_32S);
  int largest = 0;
  for (int i = 1; i < count; ++i) largest = std::max(largest, stats.at<int>(i, cv::CC_STAT_AREA));
  cv::Mat out = cv::Mat::zeros(mask.size(), CV_8U);
  cv::Mat local = out(box);
  for (int i = 1; i < count; ++i)
    if (stats.at<int>(i, cv::CC_STAT_AREA) >= 0.2 * largest) local.setTo(255, labels == i);
  return out;
}

// The writing's slant as a shear s (x' = x - s * (y - centre)), the one that
// makes the ink's columns most concentrated (the largest sum of squared
// column counts): upright strokes then line up. Touching digits that lean
// (a 1 over a 5) are cut along this slant as well as straight down.
double EstimateSlant(const cv::Mat& mask, const ReadOptions& options) {
  std::vector<cv::Point> points;
  cv::findNonZero(mask, points);
  if (points.size() < 20 || options.max_slant <= 0) return 0;
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
    if (score > best_score * (1 + 1e-9)) {
      best_score = score;
      best_shear = shear;
    }
  }
  return best_shear;
}

// Coordinates for cutting touching digits in `box` along a slant:
// u = x - shear * (y - centre) - origin, so that a cut at a fixed u is a
// straight line leaning with the writing (shear 0: a vertical cut).
struct CutFrame {
  CutFrame(const cv::Rect& atom_box, double cut_shear) : box(atom_box), shear(cut_shear) {
    centre = box.y + box.height / 2.0;
    const double lean = std::abs(shear) * box.height / 2.0;
    origin = box.x - lean;
    width = std::max(1, static_cast<int>(std::ceil(box.width + 2 * lean)));
  }
  int U(int x, int y) const { return static_cast<int>(std::floor(x - shear * (y - centre) - origin)); }
  int X(int u, int y) const { return static_cast<int>(std::floor(u + origin + shear * (y - centre))); }
  // The pixels of `mask` in box with u in [from, to).
  cv::Mat Slice(const cv::Mat& mask, int from, int to) const {
    cv::Mat piece = cv::Mat::zeros(mask.size(), CV_8U);
    for (int y = box.y; y < box.y + box.height; ++y) {
      const uchar* in = mask.ptr<uchar>(y);
      uchar* out = piece.ptr<uchar>(y);
      for (int x = box.x; x < box.x + box.width; ++x) {
        const int u = U(x, y);
        if (in[x] && u >= from && u < to) out[x] = 255;
      }
    }
    return piece;
  }
  cv::Rect box;
  double shear = 0;
  double centre = 0;
  double origin = 0;
  int width = 1;
};

class Segmenter {
 public:
  Segmenter(const CellInk& ink, DigitReader& reader, const ReadOptions& options)
      : ink_(ink), reader_(reader), options_(options) {}

  // The best segmentations, best first, each a list of glyphs and a log score.
  std::vector<Partial> Run() {
    CollectAtoms();
    const int n = static_cast<int>(atoms_.size());
    if (n == 0) return {};
    std::vector<std::vector<Partial>> best(n + 1);
    best[0].push_back({});
    for (int i = 0; i < n; ++i) {
      if (best[i].empty()) continue;
      for (int j = i + 1; j <= n; ++j) {
        const cv::Rect box = UnionBox(i, j);
        // Only pieces of one digit are joined, and they make a digit-sized glyph.
        if (j > i + 1 && box.width > (options_.max_digit_aspect + 0.3) * height_) break;
        for (const Option& option : Options(i, j)) Extend(best[i], option, best[j]);
      }
    }
    std::vector<Partial> done;
    for (Partial& partial : best[n]) {
      const int digits = static_cast<int>(partial.glyphs.size());
      if (digits == 0 || digits > options_.max_digits) continue;
      partial.log_score += CountPrior(digits);
      // So unlikely a number (too many digit-sized marks, nothing reads well)
      // that it is better called illegible than guessed.
      if (partial.log_score < options_.min_log_score) continue;
      done.push_back(std::move(partial));
    }
    std::sort(done.begin(), done.end(), [](const Partial& a, const Partial& b) { return a.log_score > b.log_score; });
    if (static_cast<int>(done.size()) > options_.max_segmentations) done.resize(options_.max_segmentations);
    return done;
  }

 private:
  void CollectAtoms() {
    std::vector<Atom> atoms;
    for (size_t i = 0; i < ink_.blobs.size(); ++i)
      atoms.push_back({ink_.blobs[i], ink_.blob_masks[i], cv::countNonZero(ink_.blob_masks[i](ink_.blobs[i]))});
    // Many pieces: keep the biggest (a messy cell is read from its main ink).
    if (static_cast<int>(atoms.size()) > options_.max_atoms) {
      std::sort(atoms.begin(), atoms.end(), [](const Atom& a, const Atom& b) { return a.area > b.area; });
      atoms.resize(options_.max_atoms);
    }
    std::sort(atoms.begin(), atoms.end(), [](const Atom& a, const Atom& b) {
      return 2 * a.box.x + a.box.width < 2 * b.box.x + b.box.width;
    });
    atoms_ = std::move(atoms);
    total_area_ = 0;
    height_ = 1;
    cv::Mat all_ink = cv::Mat::zeros(ink_.ink.size(), CV_8U);
    for (const Atom& atom : atoms_) {
      total_area_ += atom.area;
      height_ = std::max(height_, atom.box.height);
      all_ink |= atom.mask;
    }
    slant_ = EstimateSlant(all_ink, options_);
  }

  cv::Rect UnionBox(int from, int to) const {
    cv::Rect box = atoms_[from].box;
    for (int k = from + 1; k < to; ++k) box |= atoms_[k].box;
    return box;
  }

  // Log prior of a reading with `digits` digits, relative to the likeliest
  // count. Score boxes hold 0..~400 (triple totals up to ~1000); two digits
  // are the commonest, four almost never happen.
  double CountPrior(int digits) const {
    switch (digits) {
      case 1: return std::log(options_.prior_one_digit / options_.prior_two_digits);
      case 2: return 0;
      case 3: return std::log(options_.prior_three_digits / options_.prior_two_digits);
      default: return std::log(options_.prior_more_digits / options_.prior_two_digits);
    }
  }

  // Shape cost of reading the ink in `box` as ONE digit: a digit is about as
  // tall as the number's tallest ink and rarely wider than tall.
  double ShapePenalty(const cv::Rect& box) const {
    double penalty = 0;
    const double relative_height = static_cast<double>(box.height) / height_;
    if (relative_height < options_.min_digit_height)
      penalty -= options_.height_weight * (options_.min_digit_height - relative_height);
    const double aspect = static_cast<double>(box.width) / height_;
    if (aspect > options_.max_digit_aspect) penalty -= options_.width_weight * (aspect - options_.max_digit_aspect);
    return penalty;
  }

  // Cost of reading atoms [from, to) as one digit. The pieces of one digit
  // (a 4 in two strokes, a 5's bar, a stroke broken by the line removal)
  // overlap sideways or one is short; two tall atoms side by side are two
  // digits, however well their union reads (a 1 beside a 6 reads as a 6).
  double MergeCost(int from, int to) const {
    double cost = 0;
    for (int k = from + 1; k < to; ++k) {
      // A tall atom is compared with the tall atoms before it, when there
      // are any: a flat mark spanning two digits (the foot of the digit in
      // the box above) overlaps both and must not bridge them into one.
      auto tall = [&](int i) { return atoms_[i].box.height >= 0.6 * height_; };
      std::optional<cv::Rect> tall_before;
      if (tall(k))
        for (int i = from; i < k; ++i)
          if (tall(i)) tall_before = tall_before ? (*tall_before | atoms_[i].box) : atoms_[i].box;
      const cv::Rect joined = tall_before ? *tall_before : UnionBox(from, k);
      const cv::Rect& next = atoms_[k].box;
      const int overlap = std::min(joined.x + joined.width, next.x + next.width) - std::max(joined.x, next.x);
      const double share = static_cast<double>(overlap) / std::max(1, std::min(joined.width, next.width));
      const double shorter = static_cast<double>(std::min(joined.height, next.height)) / height_;
      if (share < options_.merge_overlap)
        cost += options_.merge_weight * (options_.merge_overlap - share) * std::min(1.0, shorter / 0.6);
    }
    return cost;
  }

  ReadGlyph Read(const cv::Rect& box, const cv::Mat& mask) {
    ReadGlyph glyph;
    glyph.box = box;
    glyph.scores = Classify(GlyphImage(ink_, box, mask));
    glyph.log_score = std::log(std::max(1e-6, BestProbability(glyph.scores))) + ShapePenalty(box);
    return glyph;
  }

  // The classifier's scores for `glyph`; a glyph already classified for this
  // cell is not classified again (cuts of three digits share their pieces
  // with each other and with cuts of two).
  DigitScores Classify(const cv::Mat& glyph) {
    const std::vector<uchar> pixels(glyph.begin<uchar>(), glyph.end<uchar>());
    auto key = std::make_pair(std::make_pair(glyph.cols, glyph.rows), pixels);
    if (const auto known = classified_.find(key); known != classified_.end()) return known->second;
    const DigitScores scores = reader_.Classify(glyph);
    classified_.emplace(std::move(key), scores);
    return scores;
  }

  // The ways to read atoms [from, to): one digit, two or three touching
  // digits cut apart, or (a single small atom) nothing.
  std::vector<Option> Options(int from, int to) {
    std::vector<Option> options;
    const cv::Rect box = UnionBox(from, to);
    cv::Mat mask = atoms_[from].mask.clone();
    for (int k = from + 1; k < to; ++k) mask |= atoms_[k].mask;
    if (to == from + 1) {
      // A stray mark (a dot, a remnant of a ruled line or of a neighbour's
      // digit) may be dropped, at a cost growing with its share of the ink
      // and its height: dropping a whole digit must not pay.
      const double share = static_cast<double>(atoms_[from].area) / std::max(1, total_area_);
      const double relative_height = static_cast<double>(box.height) / height_;
      options.push_back({{}, -options_.drop_cost - options_.drop_share_weight * share -
                                 options_.drop_height_weight * relative_height});
    }
    const double aspect = static_cast<double>(box.width) / height_;
    bool doubtful = true;  // as one digit
    bool sure = false;     // as one digit of a digit's width
    if (to == from + 1) {
      if (aspect <= options_.must_split_aspect) {
        const ReadGlyph whole = Read(box, mask);
        doubtful = BestProbability(whole.scores) < options_.split_doubtful;
        sure = BestProbability(whole.scores) >= options_.sure_whole && aspect <= options_.max_digit_aspect;
        options.push_back({{whole}, 0});
      }
    } else {
      // Pieces of one digit make a digit-sized glyph; a hopeless merge is not
      // worth a classification.
      const double merge_cost = MergeCost(from, to);
      if (aspect <= options_.max_digit_aspect + 0.3 && merge_cost < options_.hopeless_cost)
        options.push_back({{Read(box, mask)}, -merge_cost});
    }
    // Touching digits are one atom; pieces of several atoms are combined by
    // the search itself.
    // A narrow atom is tried as touching digits too when it reads badly as
    // one: two 1s, or a 1 leaning on its neighbour, are narrower than most digits.
    // A sure digit no wider than a digit is not cut: of the ~600 glyphs a
    // photo's cells cost, most are pieces of cuts.
    const bool try_split = (aspect > options_.split_aspect && !sure) || (doubtful && aspect > options_.split_doubtful_aspect);
    if (to == from + 1 && try_split) {
      std::vector<double> shears = {0.0};
      if (std::abs(slant_) >= options_.min_slant) shears.push_back(slant_);
      for (double shear : shears) {
        // Cuts along the slant are for touching digits the upright cuts read
        // badly; when some upright cut already reads every piece surely, they
        // would cost a dozen classifications for nothing.
        if (shear != 0.0 && SureCutAmong(options)) break;
        const CutFrame frame(box, shear);
        for (int parts = 2; parts <= 3; ++parts) {
          if (parts == 3 && aspect < options_.split3_aspect) break;
          for (const std::vector<int>& cuts : CutCandidates(frame, mask, parts)) {
            Option option;
            option.penalty = -options_.cut_cost * (parts - 1);
            // Touching digits meet in one stroke; a cut crossing two or more
            // strokes goes through one digit (the loop of a 0 or an 8).
            for (int p = 1; p < parts; ++p)
              option.penalty -= options_.cut_stroke_cost * std::max(0, StrokesCrossed(frame, mask, cuts[p]) - 1);
            bool valid = true;
            for (int p = 0; p < parts && valid; ++p) {
              const cv::Mat piece = DropSlivers(frame.Slice(mask, cuts[p], cuts[p + 1]), box);
              const cv::Rect ink_box = cv::boundingRect(piece);
              valid = !ink_box.empty();
              if (valid) option.glyphs.push_back(Read(ink_box, piece));
            }
            if (valid) options.push_back(std::move(option));
          }
        }
      }
    }
    return options;
  }

  // True when one of `options` cuts the ink into two or more pieces that
  // each read as a digit at least `sure_cut` likely.
  bool SureCutAmong(const std::vector<Option>& options) const {
    for (const Option& option : options) {
      if (option.glyphs.size() < 2) continue;
      bool sure = true;
      for (const ReadGlyph& glyph : option.glyphs) sure = sure && BestProbability(glyph.scores) >= options_.sure_cut;
      if (sure) return true;
    }
    return false;
  }

  // How many separate strokes the cut at `u` crosses, the fewest of it and
  // its two neighbours.
  int StrokesCrossed(const CutFrame& frame, const cv::Mat& mask, int u) const {
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

  // The column in [from, to) where cost(column, centre) is least; -1 when
  // the range is empty.
  template <typename Cost>
  static int LeastCost(const Cost& cost, int from, int to, int centre) {
    int best = -1;
    double least = 1e18;
    for (int x = from; x < to; ++x)
      if (const double c = cost(x, centre); c < least) {
        least = c;
        best = x;
      }
    return best;
  }

  // Cut positions (u, with 0 and frame.width at the ends) for `parts`
  // pieces: the least-inked columns near the even positions, the few best
  // for two pieces, the best for three (and, with narrow_end_cuts, up to two
  // uneven ones: a narrow digit at either end).
  std::vector<std::vector<int>> CutCandidates(const CutFrame& frame, const cv::Mat& mask, int parts) const {
    const int w = frame.width;
    std::vector<int> column_ink(w, 0);
    for (int y = frame.box.y; y < frame.box.y + frame.box.height; ++y) {
      const uchar* row = mask.ptr<uchar>(y);
      for (int x = frame.box.x; x < frame.box.x + frame.box.width; ++x)
        if (row[x]) ++column_ink[std::clamp(frame.U(x, y), 0, w - 1)];
    }
    // Ink in a column, slightly smoothed, plus a pull towards the even cut.
    auto cost = [&](int x, int centre) {
      int ink = 0;
      for (int dx = -1; dx <= 1; ++dx) ink += column_ink[std::clamp(x + dx, 0, w - 1)];
      return ink + 0.15 * height_ * std::abs(x - centre) / std::max(1, w / parts) * 3;
    };
    auto ink_only = [&](int x, int) { return cost(x, x); };  // ink alone: no pull towards a centre
    const int edge = std::max(1, w / 10);  // an end cut leaves at least this much
    std::vector<std::vector<int>> result;
    if (parts == 2) {
      std::vector<std::pair<double, int>> minima;
      const int lo = std::max(1, w / 4), hi = std::min(w - 1, w - w / 4);
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
          if (std::abs(t - x) < std::max(2, w / 10)) return;
        taken.push_back(x);
        result.push_back({0, x, w});
      };
      for (const auto& [c, x] : minima) {
        if (static_cast<int>(taken.size()) >= options_.cut_candidates) break;
        take(x);
      }
      if (options_.narrow_pair_cuts) {
        // A 1 touching its neighbour is often narrower than a quarter of the
        // pair, out of the range above: "15" cut there leaves part of the 5
        // on the 1 and reads as a lone 5. So also the least-inked column of
        // either end quarter.
        for (const int x : {LeastCost(ink_only, edge, lo, 0), LeastCost(ink_only, hi, w - edge, 0)})
          if (x > 0) take(x);  // -1: an empty range
      }
    } else {
      std::vector<int> cuts = {0};
      for (int p = 1; p < parts; ++p) {
        const int centre = w * p / parts, reach = w / (parts * 3);
        const int best = LeastCost(cost, std::max(1, centre - reach), std::min(w - 1, centre + reach), centre);
        cuts.push_back(best < 0 ? centre : best);
      }
      cuts.push_back(w);
      result.push_back(cuts);
      if (parts == 3 && options_.narrow_end_cuts) {
        // Three touching digits are rarely even: a 1 is a third as wide as a
        // 9, and "192" cut in even thirds reads as two digits at best (every
        // leading 1 of a touching three-digit total was lost on photos of
        // other printers' narrow boxes). So also: a narrow digit at either
        // end, cut at the least-inked column of its end third, and the rest
        // cut near its middle.
        const int first = LeastCost(ink_only, edge, w / 3, 0);
        const int rest = w - first;
        const int rest_middle = LeastCost(cost, first + rest / 3, first + 2 * rest / 3 + 1, first + rest / 2);
        const int last = LeastCost(ink_only, w - w / 3, w - edge, 0);
        std::vector<std::vector<int>> uneven = {{0, first, rest_middle, w},
                                                {0, LeastCost(cost, last / 3, 2 * last / 3 + 1, last / 2), last, w}};
        if (options_.narrow_pair_end_cuts) {
          // Two narrow digits: 1s at both ends ("151") or two at one end
          // ("118", "211"), each cut at the least-inked column of its end.
          uneven.push_back({0, first, last, w});
          uneven.push_back({0, first, LeastCost(ink_only, first + edge, first + rest / 3, 0), w});
          uneven.push_back({0, LeastCost(ink_only, last - last / 3, last - edge, 0), last, w});
        }
        for (const std::vector<int>& cut : uneven)
          if (cut[1] > 0 && cut[1] < cut[2] && cut[2] < w &&
              std::find(result.begin(), result.end(), cut) == result.end())
            result.push_back(cut);
      }
    }
    return result;
  }

  // Adds `option` after every partial segmentation in `from`, keeping the
  // best few in `to`.
  void Extend(const std::vector<Partial>& from, const Option& option, std::vector<Partial>& to) const {
    for (const Partial& partial : from) {
      Partial next = partial;
      next.log_score += option.penalty;
      for (const ReadGlyph& glyph : option.glyphs) {
        if (!next.glyphs.empty()) {
          // Neighbouring digits overlap sideways only a little (a slanted
          // digit leaning over the next); much overlap means one digit.
          const cv::Rect& last = next.glyphs.back().box;
          const int overlap = std::min(last.x + last.width, glyph.box.x + glyph.box.width) - std::max(last.x, glyph.box.x);
          const double share = static_cast<double>(overlap) / std::max(1, std::min(last.width, glyph.box.width));
          if (share > options_.max_overlap) next.log_score -= options_.overlap_weight * (share - options_.max_overlap);
        }
        next.glyphs.push_back(glyph);
        next.log_score += glyph.log_score;
      }
      if (static_cast<int>(next.glyphs.size()) > options_.max_digits) continue;
      to.push_back(std::move(next));
    }
    std::sort(to.begin(), to.end(), [](const Partial& a, const Partial& b) { return a.log_score > b.log_score; });
    if (static_cast<int>(to.size()) > options_.max_segmentations) to.resize(options_.max_segmentations);
  }

  const CellInk& ink_;
  DigitReader& reader_;
  const ReadOptions& options_;
  std::vector<Atom> atoms_;
  int total_area_ = 0;
  int height_ = 1;  // the tallest atom: the number's digit height
  double slant_ = 0;  // the writing's slant (EstimateSlant), for cuts
  std::map<std::pair<std::pair<int, int>, std::vector<uchar>>, DigitScores> classified_;  // see Classify()
};

}  // namespace

DigitScores SoftenDigit(const DigitScores& scores, double temperature) {
  if (temperature <= 1) return scores;
  // The reject output's share is what the ten digits leave (11-way softmax).
  std::array<float, 11> eleven{};
  double sum = 0;
  for (int d = 0; d < 10; ++d) sum += eleven[d] = std::max(0.0f, scores[d]);
  eleven[10] = static_cast<float>(std::max(0.0, 1.0 - sum));
  SoftenEleven(eleven, temperature);
  DigitScores softened{};
  std::copy_n(eleven.begin(), 10, softened.begin());
  return softened;
}

namespace {

// ValueScore() of `digits` with the given whole-number steps (the reading's
// own, softened, or the steps as read for the confidence).
double MixedScore(const Reading& reading, const NumberSteps& steps, const std::string& digits, double temperature) {
  // The segmenter's best score of `spelled`; with `hidden_at` (a position in
  // `digits`), of `spelled` being those digits less a 1 there, hidden in the
  // glyph before or after it (see below).
  // `side` (with `hidden_at`): the share of a host glyph's credit when the 1
  // would follow its digit (`after`: the glyph before the 1's place) or
  // precede it (`before`: the glyph after); see side_share below.
  struct Sides {
    double after = 1, before = 1;
  };
  const auto segmenter = [&](const std::string& spelled, std::optional<size_t> hidden_at = std::nullopt,
                             Sides side = {}) {
    double best = 0;
    for (const Segmentation& segmentation : reading.segmentations) {
      if (segmentation.digits.size() != spelled.size()) continue;
      double score = segmentation.factor, host_reject = 0;
      for (size_t k = 0; k < spelled.size(); ++k) {
        const DigitScores soft = SoftenDigit(segmentation.digits[k], temperature);
        score *= soft[spelled[k] - '0'];
        if (hidden_at && (k + 1 == *hidden_at || k == *hidden_at))
          host_reject = std::max(host_reject, (1.0 - std::accumulate(soft.begin(), soft.end(), 0.0)) *
                                                  (k + 1 == *hidden_at ? side.after : side.before));
      }
      best = std::max(best, hidden_at ? score * reading.hidden_one * host_reject : score);
    }
    return best;
  };
  // A glyph hiding a 1 says nothing of which side of its digit the 1 is on:
  // "212" and "221" both read "22" with a doubtful second glyph, and a total
  // written with two digits swapped (a player's slip) passed for a misread of
  // its sum. The whole-number reader sees the order: the 1 on this side keeps
  // the credit, scaled down by as much as that reader finds the 1 likelier on the
  // other side. (Split between the two orders instead, an order it cannot
  // tell halved both: a "15" read "5", with "15" and "51" alike to it, was no
  // longer found for a total that needed it.)
  const bool whole = !steps.empty() && reading.whole_weight > 0;  // the whole-number reader has a say
  const double here = whole ? SequenceProbability(steps, digits) : 0;
  const auto side_share = [&](size_t one, size_t other) {
    std::string swapped = digits;
    std::swap(swapped[one], swapped[other]);
    if (!whole || swapped == digits) return 1.0;
    const double there = SequenceProbability(steps, swapped);
    return there > here ? here / there : 1.0;
  };
  double best = segmenter(digits);
  // A 1 the segmenter may have lost: one leaning into its neighbour, or
  // written over its edge, is part of that digit's glyph (a "10" whose 1
  // overlaps the 0 reads "0"; a "318" reads "38"). Such a glyph is not one
  // digit, which the classifier's reject output says: the value without the
  // 1, as the segmenter reads it, times the reject share of the glyph the 1
  // would be part of (the more doubtful of its neighbours), times hidden_one.
  // A clean "5" (reject share ~0.001) does not turn into "15".
  if (reading.hidden_one > 0 && digits.size() > 1)
    for (size_t i = 0; i < digits.size(); ++i) {
      if (digits[i] != '1') continue;
      const std::string rest = digits.substr(0, i) + digits.substr(i + 1);
      if (rest.size() > 1 && rest[0] == '0') continue;
      const Sides side{i > 0 ? side_share(i, i - 1) : 1.0, i + 1 < digits.size() ? side_share(i, i + 1) : 1.0};
      best = std::max(best, segmenter(rest, i, side));
    }
  if (!whole) return best;
  // A geometric mix: a value both readers find likely keeps its score; one
  // the segmenter cannot spell at all (a lost digit) needs the other's
  // conviction to come up.
  return std::pow(std::max(best, reading.whole_floor), 1 - reading.whole_weight) * std::pow(here, reading.whole_weight);
}

}  // namespace

Reading ReadCell(const CellInk& ink, DigitReader& reader, const ReadOptions& options) {
  Reading reading;
  reading.confidence = ink.confidence;
  switch (ink.kind) {
    case InkKind::kEmpty: reading.status = ReadingStatus::kEmpty; reading.raw = ""; return reading;
    case InkKind::kCrossed: {
      // The shape test says cross-out; a mark the digit reader is sure of is
      // a number all the same (a 1 leaning over a long-tailed 2 looks like an X).
      // Curved strokes are writing, so then a fair reading is enough: a big
      // number crammed into a small box fills its diagonals too.
      CellInk as_number = ink;
      as_number.kind = InkKind::kNumber;
      const Reading number = ReadCell(as_number, reader, options);
      const double enough = ink.straightness > options.straight_cross ? options.sure_number : options.curved_cross_number;
      // On the alternatives' scale, which these thresholds were set on (before
      // the digit scores were softened: since, fewer crosses read as numbers,
      // and crossed cells of seeds 900025 + 900026 read as right or better).
      if (number.status == ReadingStatus::kNumber && number.alternatives.front().score >= enough) return number;
      reading.status = ReadingStatus::kCrossed;
      reading.raw = "X";
      // Keep the mark read as a number: a "30" whose strokes fill the box's
      // diagonals passes the shape test, and the totals can still tell.
      if (number.status == ReadingStatus::kNumber) {
        reading.alternatives = number.alternatives;
        reading.segmentations = number.segmentations;
        reading.whole_steps = number.whole_steps;
        reading.whole_weight = number.whole_weight;
        reading.whole_floor = number.whole_floor;
        reading.digit_temperature = number.digit_temperature;
        reading.hidden_one = number.hidden_one;
        reading.number_confidence = number.number_confidence;
      }
      return reading;
    }
    case InkKind::kTicks:
      reading.status = ReadingStatus::kChecks;
      reading.checks = ink.ticks;
      reading.raw = std::string(ink.ticks, 'v');
      return reading;
    case InkKind::kNumber: break;
  }

  reading.digit_temperature = options.digit_temperature;
  reading.hidden_one = options.hidden_one_factor;
  Segmenter segmenter(ink, reader, options);
  const std::vector<Partial> segmentations = segmenter.Run();
  if (segmentations.empty()) {
    reading.status = ReadingStatus::kIllegible;
    reading.raw = "?";
    reading.confidence = 0;
    return reading;
  }

  // Numbers: a beam over each segmentation's digits. A candidate's score is
  // the product of its digit probabilities times the segmentation's prior
  // factors (at most 1), so a lone clean reading keeps its old meaning.
  std::map<int, double> scores;  // value -> best score
  int best_value = -1, best_digits = 0;
  double best_score = -1;
  for (const Partial& segmentation : segmentations) {
    double factor_log = segmentation.log_score;
    for (const ReadGlyph& glyph : segmentation.glyphs) factor_log -= std::log(std::max(1e-6, BestProbability(glyph.scores)));
    const double factor = std::exp(std::min(0.0, factor_log));
    Segmentation kept;
    kept.factor = factor;
    for (const ReadGlyph& glyph : segmentation.glyphs) kept.digits.push_back(glyph.scores);
    reading.segmentations.push_back(std::move(kept));
    std::vector<Candidate> beam = {{0, 1.0}};
    for (size_t g = 0; g < segmentation.glyphs.size(); ++g) {
      const DigitScores digit_scores = SoftenDigit(segmentation.glyphs[g].scores, options.digit_temperature);
      std::vector<Candidate> next;
      for (const Candidate& partial : beam)
        for (int d = 0; d < 10; ++d) {
          if (digit_scores[d] <= 1e-4) continue;
          // Nobody writes a leading zero ("07").
          const double lead = (g == 0 && d == 0 && segmentation.glyphs.size() > 1) ? options.leading_zero_factor : 1.0;
          next.push_back({partial.value * 10 + d, partial.score * digit_scores[d] * lead});
        }
      std::sort(next.begin(), next.end(), [](const Candidate& a, const Candidate& b) { return a.score > b.score; });
      if (static_cast<int>(next.size()) > options.max_alternatives * 4) next.resize(options.max_alternatives * 4);
      beam = next;
    }
    for (const Candidate& candidate : beam) {
      const double score = candidate.score * factor;
      double& kept = scores[candidate.value];
      kept = std::max(kept, score);
      if (score > best_score) {
        best_score = score;
        best_value = candidate.value;
        best_digits = static_cast<int>(segmentation.glyphs.size());
      }
    }
  }
  std::vector<Candidate> alternatives;
  if (options.whole_number_weight > 0) reading.whole_steps = reader.ReadNumber(NumberInk(ink));
  const NumberSteps unsoftened = reading.whole_steps;
  reading.whole_steps = SoftenSteps(unsoftened, options.whole_number_temperature);
  if (reading.whole_steps.empty()) {
    for (const auto& [value, score] : scores) alternatives.push_back({value, score});
  } else {
    // Both readers' values, each scored by both: the segmenter's beam may
    // lack the value the whole-number reader sees (a lost digit), and the
    // other way round.
    reading.whole_weight = options.whole_number_weight;
    reading.whole_floor = options.whole_number_floor;
    for (const SpelledNumber& spelled : LikeliestNumbers(reading.whole_steps, options.whole_number_candidates, options.max_digits))
      if (spelled.digits.size() == 1 || spelled.digits[0] != '0') scores.emplace(std::stoi(spelled.digits), 0.0);
    for (const auto& [value, score] : scores) alternatives.push_back({value, ValueScore(reading, value)});
  }
  std::sort(alternatives.begin(), alternatives.end(), [](const Candidate& a, const Candidate& b) { return a.score > b.score; });
  if (static_cast<int>(alternatives.size()) > options.max_alternatives) alternatives.resize(options.max_alternatives);
  reading.status = ReadingStatus::kNumber;
  reading.alternatives = alternatives;
  reading.value = alternatives.front().value;
  reading.number_confidence = alternatives.front().score;
  // How sure, on the scale of a probability: the same mix, steps as read.
  if (!reading.whole_steps.empty() || reading.digit_temperature > 1)
    reading.number_confidence = MixedScore(reading, unsoftened, std::to_string(reading.value), 1);
  reading.confidence = reading.number_confidence;
  // The raw text keeps every digit as read, leading zeros too ("07").
  std::ostringstream raw;
  raw << std::setw(best_value == reading.value ? best_digits : 1) << std::setfill('0') << reading.value;
  reading.raw = raw.str();
  return reading;
}

Reading ReadTicksOrPoints(const CellInk& as_value, const CellInk& as_ticks, DigitReader& reader,
                          const ReadOptions& options) {
  Reading as_number = ReadCell(as_value, reader, options);
  if (as_number.status != ReadingStatus::kNumber && as_number.status != ReadingStatus::kIllegible) return as_number;
  // A tick reads as a 1, a 4 or a 7, two ticks as 11 or 14, never as a whole
  // number of bonuses; points are 100, 200, ... (rock: 50, 150), and a messy
  // 100 still has it among its readings.
  const int step = std::max(1, options.bonus_points_step);
  for (const Candidate& candidate : as_number.alternatives)
    if (candidate.value > 0 && candidate.value % step == 0) return as_number;
  if (as_ticks.kind != InkKind::kTicks) return as_number;
  return ReadCell(as_ticks, reader, options);
}

double ValueScore(const Reading& reading, int value) {
  return value < 0 ? 0 : MixedScore(reading, reading.whole_steps, std::to_string(value), reading.digit_temperature);
}

}  // namespace scorecheck
