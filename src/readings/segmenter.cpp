#include "readings/segmenter.h"

#include <cmath>
#include <map>
#include <optional>

#include <opencv2/imgproc.hpp>

#include "core/image_constants.h"
#include "readings/cuts.h"

namespace scorecheck {
namespace {

// Pieces joined into one glyph may make it this much wider (in row heights)
// than the widest digit the reader takes: the joins of a broken stroke stick
// out a little past the digit they belong to.
constexpr double kJoinedAspectSlack = 0.3;
// A piece at least this share of the number's height is a digit's body
// (a tall atom), not a flat mark or a digit's detached bar.
constexpr double kTallShare = 0.6;
// The digit counts the priors name apart: one, two, three (ReadOptions::
// prior_three_digits), and from four on, longer numbers (prior_more_digits).
constexpr int kThreeDigits = 3, kMoreDigits = 4;
// A bound a hair lower than the score it bounds: summed in another order, it
// may round below it by this much (log-probability units).
constexpr double kRoundingSlack = 1e-9;

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

// One way of reading a run of atoms: one glyph, several cut pieces, or
// nothing (a dropped stray mark).
struct Option {
  std::vector<ReadGlyph> glyphs;
  double penalty = 0;  // log-domain cost outside the glyphs' own scores
};

// A cut of one atom into touching digits, its pieces not yet read.
struct Cut {
  std::vector<cv::Mat> pieces;  // crop-size masks, left to right
  std::vector<cv::Rect> boxes;  // their ink boxes
  double penalty = 0;           // the cut's own cost (Option::penalty)
  double shape_bound = 0;       // penalty plus the pieces' shape and neighbour costs: the most the cut can score
};

cv::Mat GlyphImage(const CellInk& ink, const cv::Rect& box, const cv::Mat& mask) {
  cv::Mat image = cv::Mat::zeros(box.size(), CV_8U);
  ink.ink(box).copyTo(image, mask(box));
  return image;
}

class Segmenter {
 public:
  Segmenter(const CellInk& ink, DigitReader& reader, const ReadOptions& options)
      : ink_(ink), reader_(reader), options_(options) {}

  // The best segmentations, best first, each a list of glyphs and a log score.
  std::vector<ScoredSegmentation> Run() {
    CollectAtoms();
    const int n = static_cast<int>(atoms_.size());
    if (n == 0) return {};
    std::vector<std::vector<ScoredSegmentation>> best(n + 1);
    best[0].push_back({});
    for (int i = 0; i < n; ++i) {
      // Scores only fall as digits are added: what follows a segmentation
      // that cannot reach min_log_score is not worth a classification.
      if (best[i].empty() || best[i].front().log_score < LowestReadingScore()) continue;
      for (int j = i + 1; j <= n; ++j) {
        const cv::Rect box = UnionBox(i, j);
        // Only pieces of one digit are joined, and they make a digit-sized glyph.
        if (j > i + 1 && box.width > (options_.max_digit_aspect + kJoinedAspectSlack) * height_) break;
        ExtendWithOptions(i, j, best[i], best[j]);
      }
    }
    std::vector<ScoredSegmentation> done;
    for (ScoredSegmentation& partial : best[n]) {
      const int digits = static_cast<int>(partial.glyphs.size());
      if (digits == 0 || digits > options_.max_digits) continue;
      partial.log_score += CountPrior(digits);
      // So unlikely a number (too many digit-sized marks, nothing reads well)
      // that it is better called illegible than guessed.
      if (partial.log_score < options_.min_log_score) continue;
      done.push_back(std::move(partial));
    }
    std::sort(done.begin(), done.end(), [](const ScoredSegmentation& a, const ScoredSegmentation& b) { return a.log_score > b.log_score; });
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
      case kThreeDigits: return std::log(options_.prior_three_digits / options_.prior_two_digits);
      default: return std::log(options_.prior_more_digits / options_.prior_two_digits);
    }
  }

  // The lowest score a segmentation may have before its count prior and
  // still end as a reading (the priors are relative to the likeliest count,
  // so at most 0 unless tuned otherwise).
  double LowestReadingScore() const {
    double best_prior = 0;
    for (int digits = 1; digits <= kMoreDigits; ++digits) best_prior = std::max(best_prior, CountPrior(digits));
    return options_.min_log_score - best_prior;
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
      auto tall = [&](int i) { return atoms_[i].box.height >= kTallShare * height_; };
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
        cost += options_.merge_weight * (options_.merge_overlap - share) * std::min(1.0, shorter / kTallShare);
    }
    return cost;
  }

  ReadGlyph Read(const cv::Rect& box, const cv::Mat& mask) { return ReadImage(box, GlyphImage(ink_, box, mask)); }

  // The glyph `image` (GlyphImage()) of the ink in `box`, read as one digit.
  ReadGlyph ReadImage(const cv::Rect& box, const cv::Mat& image) {
    ReadGlyph glyph;
    glyph.box = box;
    glyph.scores = Classify(image);
    glyph.log_score = std::log(std::max(kLeastGlyphProbability, BestProbability(glyph.scores))) + ShapePenalty(box);
    return glyph;
  }

  // A glyph's size and pixels: identical glyphs have the same key.
  using GlyphKeyType = std::pair<std::pair<int, int>, std::vector<uchar>>;
  static GlyphKeyType GlyphKey(const cv::Mat& glyph) {
    return {{glyph.cols, glyph.rows}, std::vector<uchar>(glyph.begin<uchar>(), glyph.end<uchar>())};
  }

  // The classifier's scores for `glyph`; a glyph already classified for this
  // cell is not classified again (cuts of three digits share their pieces
  // with each other and with cuts of two).
  DigitScores Classify(const cv::Mat& glyph) {
    GlyphKeyType key = GlyphKey(glyph);
    if (const auto known = classified_.find(key); known != classified_.end()) return known->second;
    const DigitScores scores = reader_.Classify(glyph);
    classified_.emplace(std::move(key), scores);
    return scores;
  }

  // Extends the partial segmentations `before` (those ending at atom `from`)
  // into `after` (ending at `to`) with the ways to read atoms [from, to): one
  // digit, two or three touching digits cut apart, or (a single small atom)
  // nothing.
  void ExtendWithOptions(int from, int to, const std::vector<ScoredSegmentation>& before,
                         std::vector<ScoredSegmentation>& after) {
    const cv::Rect box = UnionBox(from, to);
    cv::Mat mask = atoms_[from].mask.clone();
    for (int k = from + 1; k < to; ++k) mask |= atoms_[k].mask;
    if (to == from + 1) {
      // A stray mark (a dot, a remnant of a ruled line or of a neighbour's
      // digit) may be dropped, at a cost growing with its share of the ink
      // and its height: dropping a whole digit must not pay.
      const double share = static_cast<double>(atoms_[from].area) / std::max(1, total_area_);
      const double relative_height = static_cast<double>(box.height) / height_;
      Extend(before, {{}, -options_.drop_cost - options_.drop_share_weight * share -
                              options_.drop_height_weight * relative_height}, after);
    }
    const double aspect = static_cast<double>(box.width) / height_;
    bool doubtful = true;  // as one digit
    bool sure = false;     // as one digit of a digit's width
    if (to == from + 1) {
      if (aspect <= options_.must_split_aspect) {
        const ReadGlyph whole = Read(box, mask);
        doubtful = BestProbability(whole.scores) < options_.split_doubtful;
        sure = BestProbability(whole.scores) >= options_.sure_whole && aspect <= options_.max_digit_aspect;
        Extend(before, {{whole}, 0}, after);
      }
    } else {
      // Pieces of one digit make a digit-sized glyph; a hopeless merge is not
      // worth a classification, nor is one that could not be kept.
      const double merge_cost = MergeCost(from, to);
      if (aspect <= options_.max_digit_aspect + kJoinedAspectSlack && merge_cost < options_.hopeless_cost &&
          BestFollowedBy(before, box) - merge_cost + ShapePenalty(box) >= KeepFloor(after))
        Extend(before, {{Read(box, mask)}, -merge_cost}, after);
    }
    // Touching digits are one atom; pieces of several atoms are combined by
    // the search itself.
    // A narrow atom is tried as touching digits too when it reads badly as
    // one: two 1s, or a 1 leaning on its neighbour, are narrower than most digits.
    // A sure digit no wider than a digit is not cut: of the ~600 glyphs a
    // photo's cells cost, most are pieces of cuts.
    const bool try_split = (aspect > options_.split_aspect && !sure) || (doubtful && aspect > options_.split_doubtful_aspect);
    if (to == from + 1 && try_split) ExtendWithCuts(box, mask, aspect, before, after);
  }

  // Extends `before` into `after` with the cuts of one atom (`box`, `mask`)
  // into two or three touching digits, upright and along the writing's slant.
  void ExtendWithCuts(const cv::Rect& box, const cv::Mat& mask, double aspect,
                      const std::vector<ScoredSegmentation>& before,
                      std::vector<ScoredSegmentation>& after) {
    std::vector<double> shears = {0.0};
    if (std::abs(slant_) >= options_.min_slant) shears.push_back(slant_);
    bool sure_upright_cut = false;
    for (double shear : shears) {
      // Cuts along the slant are for touching digits the upright cuts read
      // badly; when some upright cut already reads every piece surely, they
      // would cost a dozen classifications for nothing.
      if (shear != 0.0 && sure_upright_cut) break;
      // An upright cut may only be given up unread when it cannot be the one
      // that spares the slanted cuts.
      const bool sureness_matters = shear == 0.0 && shears.size() > 1;
      for (const Cut& cut : CutsBestShapedFirst(CutFrame(box, shear), box, mask, aspect)) {
        std::optional<Option> option = ReadCut(cut, BestFollowedBy(before, cut.boxes.front()), after, sureness_matters);
        if (!option) continue;
        sure_upright_cut = sure_upright_cut || (shear == 0.0 && ReadsSurely(*option));
        Extend(before, *option, after);
      }
    }
  }

  // The cuts of `mask` in `frame` into two and (wide enough) three pieces
  // with ink, the best shaped first: the sooner good cuts are kept, the
  // sooner the others fall short of them unread (ReadCut).
  std::vector<Cut> CutsBestShapedFirst(const CutFrame& frame, const cv::Rect& box, const cv::Mat& mask,
                                       double aspect) const {
    std::vector<Cut> result;
    for (int parts = 2; parts <= kThreeParts; ++parts) {
      if (parts == kThreeParts && aspect < options_.split3_aspect) break;
      for (const std::vector<int>& cuts : CutCandidates(frame, mask, parts, height_, options_))
        if (std::optional<Cut> cut = MakeCut(frame, box, mask, cuts)) result.push_back(std::move(*cut));
    }
    std::stable_sort(result.begin(), result.end(),
                     [](const Cut& a, const Cut& b) { return a.shape_bound > b.shape_bound; });
    return result;
  }

  // The cut of `mask` at `cuts` of `frame`, its pieces not yet read; nothing
  // when a piece has no ink.
  std::optional<Cut> MakeCut(const CutFrame& frame, const cv::Rect& box, const cv::Mat& mask,
                             const std::vector<int>& cuts) const {
    Cut cut;
    const int parts = static_cast<int>(cuts.size()) - 1;
    cut.penalty = -options_.cut_cost * (parts - 1);
    // Touching digits meet in one stroke; a cut crossing two or more
    // strokes goes through one digit (the loop of a 0 or an 8).
    for (int p = 1; p < parts; ++p)
      cut.penalty -= options_.cut_stroke_cost * std::max(0, StrokesCrossed(frame, mask, cuts[p]) - 1);
    cut.shape_bound = cut.penalty;
    for (int p = 0; p < parts; ++p) {
      cv::Mat piece = DropSlivers(frame.Slice(mask, cuts[p], cuts[p + 1]), box);
      const cv::Rect ink_box = cv::boundingRect(piece);
      if (ink_box.empty()) return std::nullopt;
      cut.shape_bound += ShapePenalty(ink_box);
      // Pieces cut along a slant overlap sideways, as Extend() will find.
      if (p > 0) cut.shape_bound += NeighbourCost(cut.boxes.back(), ink_box);
      cut.boxes.push_back(ink_box);
      cut.pieces.push_back(std::move(piece));
    }
    return cut;
  }

  // `cut` read as digits; nothing when, extending partial segmentations
  // scoring at best `best_before` (with its first piece's neighbour cost),
  // it could not score KeepFloor(after): a glyph's log score is at most its
  // shape penalty, so the pieces read and the shapes of those not yet read
  // bound the cut's score, and the rest are not classified once it falls
  // short. Pieces already classified for this cell are read first (they
  // cost nothing), then the worst shaped (the likeliest to fall short). With
  // `sureness_matters` a cut whose pieces read so far are all sure is read
  // to the end (see ExtendWithCuts).
  std::optional<Option> ReadCut(const Cut& cut, double best_before, const std::vector<ScoredSegmentation>& after,
                                bool sureness_matters) {
    const int parts = static_cast<int>(cut.pieces.size());
    std::vector<int> order(parts);
    for (int p = 0; p < parts; ++p) order[p] = p;
    std::vector<cv::Mat> images(parts);
    std::vector<bool> known(parts);  // already classified for this cell
    for (int p = 0; p < parts; ++p) {
      images[p] = GlyphImage(ink_, cut.boxes[p], cut.pieces[p]);
      known[p] = classified_.count(GlyphKey(images[p])) > 0;
    }
    std::stable_sort(order.begin(), order.end(), [&](int a, int b) {
      if (known[a] != known[b]) return static_cast<bool>(known[a]);
      return ShapePenalty(cut.boxes[a]) < ShapePenalty(cut.boxes[b]);
    });
    const double floor = KeepFloor(after);
    double bound = best_before + cut.shape_bound;
    bool all_sure = true;
    std::vector<ReadGlyph> glyphs(parts);
    for (int p : order) {
      if (bound < floor && !(sureness_matters && all_sure)) return std::nullopt;
      glyphs[p] = ReadImage(cut.boxes[p], images[p]);
      bound += glyphs[p].log_score - ShapePenalty(cut.boxes[p]);
      all_sure = all_sure && BestProbability(glyphs[p].scores) >= options_.sure_cut;
    }
    return Option{std::move(glyphs), cut.penalty};
  }

  // The best score among `partials` followed by a glyph in `next`, before
  // that glyph's own score.
  double BestFollowedBy(const std::vector<ScoredSegmentation>& partials, const cv::Rect& next) const {
    double best = -kFarAway;
    for (const ScoredSegmentation& partial : partials)
      best = std::max(best, partial.log_score +
                                (partial.glyphs.empty() ? 0.0 : NeighbourCost(partial.glyphs.back().box, next)));
    return best;
  }

  // The score a new partial segmentation must reach to be kept in
  // `partials` (sorted best first) and, since scores only fall as digits
  // are added, to end as a reading at all. A hair lower: a bound summed in
  // another order than the score it bounds may round below it.
  double KeepFloor(const std::vector<ScoredSegmentation>& partials) const {
    double floor = LowestReadingScore();
    if (static_cast<int>(partials.size()) >= options_.max_segmentations)
      floor = std::max(floor, partials.back().log_score);
    return floor - kRoundingSlack;
  }

  // True when `option` cuts the ink into two or more pieces that each read
  // as a digit at least `sure_cut` likely.
  bool ReadsSurely(const Option& option) const {
    if (option.glyphs.size() < 2) return false;
    for (const ReadGlyph& glyph : option.glyphs)
      if (BestProbability(glyph.scores) < options_.sure_cut) return false;
    return true;
  }

  // Cost of reading the ink in `right` as the digit after the one in
  // `left`: neighbouring digits overlap sideways only a little (a slanted
  // digit leaning over the next); much overlap means one digit.
  double NeighbourCost(const cv::Rect& left, const cv::Rect& right) const {
    const int overlap = std::min(left.x + left.width, right.x + right.width) - std::max(left.x, right.x);
    const double share = static_cast<double>(overlap) / std::max(1, std::min(left.width, right.width));
    return share > options_.max_overlap ? -options_.overlap_weight * (share - options_.max_overlap) : 0.0;
  }

  // Adds `option` after every partial segmentation in `from`, keeping the
  // best few in `to`.
  void Extend(const std::vector<ScoredSegmentation>& from, const Option& option, std::vector<ScoredSegmentation>& to) const {
    for (const ScoredSegmentation& partial : from) {
      ScoredSegmentation next = partial;
      next.log_score += option.penalty;
      for (const ReadGlyph& glyph : option.glyphs) {
        if (!next.glyphs.empty()) next.log_score += NeighbourCost(next.glyphs.back().box, glyph.box);
        next.glyphs.push_back(glyph);
        next.log_score += glyph.log_score;
      }
      if (static_cast<int>(next.glyphs.size()) > options_.max_digits) continue;
      to.push_back(std::move(next));
    }
    std::sort(to.begin(), to.end(), [](const ScoredSegmentation& a, const ScoredSegmentation& b) { return a.log_score > b.log_score; });
    if (static_cast<int>(to.size()) > options_.max_segmentations) to.resize(options_.max_segmentations);
  }

  const CellInk& ink_;
  DigitReader& reader_;
  const ReadOptions& options_;
  std::vector<Atom> atoms_;
  int total_area_ = 0;
  int height_ = 1;  // the tallest atom: the number's digit height
  double slant_ = 0;  // the writing's slant (EstimateSlant), for cuts
  std::map<GlyphKeyType, DigitScores> classified_;  // see Classify()
};

}  // namespace

std::vector<ScoredSegmentation> SegmentNumber(const CellInk& ink, DigitReader& reader, const ReadOptions& options) {
  Segmenter segmenter(ink, reader, options);
  return segmenter.Run();
}

}  // namespace scorecheck
