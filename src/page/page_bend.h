#pragma once
// Page stage, last step: a page that does not lie flat (curled, bowed over a
// fold) bends its printed rules even once the perspective is taken out, and
// a bent rule is not one straight line to the lattice stage. The bend is
// measured from the rules themselves and taken out:
//   1. the page's thin dark lines (darker than the paper around them), and
//      of them the pieces that run along the rows (or the columns) for a few
//      millimetres: rules, not text;
//   2. the page is cut into strips across the lines; in each band of rows,
//      the strip's profile (how much rule lies at each height) is matched to
//      its neighbour's, which says how far the rules climb or fall from one
//      strip to the next; chained from the strip with most rule, those steps
//      give each rule's course across the page;
//   3. one smooth bend, shared by every band, is fitted to those courses,
//      each band keeping its own straight line (a skew or a perspective left
//      in the page is the lattice stage's: only what is not straight is the
//      bend);
//   4. a bend under BendOptions::min_bend_mm leaves the page as it is;
//      otherwise the page is redrawn with its rules straight.
// The same for columns: the rules running down the page, strips across them.

#include <array>

#include <opencv2/core.hpp>

namespace scorecheck {

/// Tuning for MeasureBend().
struct BendOptions {
  double work_px_per_mm = 4;   ///< the rules are followed at this resolution, px/mm; default 4
  double strip_mm = 10;        ///< the page is cut into strips this wide across its rules, mm: narrow enough
                               ///< that a curled rule climbs little within one; default 10
  double band_mm = 40;         ///< and into bands this tall along them, mm: a handful of rows, so a band's
                               ///< profile is more than one rule's; default 40
  double rule_window_mm = 2.5;  ///< a rule is darker than the paper within this window, mm: wider than the
                               ///< thickest printed rule with its blur, narrower than a row; default 2.5
  double min_piece_mm = 4;     ///< a rule's piece runs at least this far along it, mm: longer than a digit's
                               ///< or a letter's strokes; default 4
  double max_step_mm = 1.5;    ///< a rule climbs at most this from one strip to the next, mm (8 degrees over
                               ///< 10 mm: a curl's steepest side with a page's skew); default 1.5
  double min_match = 0.6;      ///< neighbouring strips' profiles, moved by the step, agree at least this well
                               ///< (normalised correlation, 0..1) for the step to be taken; default 0.6
  double min_bend_mm = 0.5;    ///< a bend whose rules leave a straight line by less than this, mm, is left in:
                               ///< it moves no rule out of its row; default 0.5
  bool Check() const;          ///< true when every field is in range
};

/// How far one direction's rules (the rows', or the columns') leave
/// straight lines: a polynomial of the place along them and across them,
/// both scaled to -1..1 over the page. Outside the part of the page where
/// rules were followed it holds its last value: a table in the middle of a
/// page says nothing of its margins. The middle of that part stays where it
/// is: the rules are straightened onto where they cross it, so a rule moves
/// no more than its bend.
struct RuleBend {
  static constexpr int kTerms = 6;  ///< x^2, x^3, x^4, each alone and times y (x along the rules, y across)
  std::array<double, kTerms> terms{};  ///< the shift, pixels, across the rules
  double along_from = -1, along_to = 1, across_from = -1, across_to = 1;  ///< where rules were followed
  bool bent = false;
  /// The shift (pixels) at `along`, `across` (-1..1); 0 when not bent.
  double Shift(double along, double across) const;
};

/// A rectified page's bend: a smooth map from the flattened page to the
/// rectified one. Flat (no shift) by default.
struct PageBend {
  cv::Size size;     ///< the page the shifts are measured on, pixels
  RuleBend rows;     ///< vertical shift: the rows' course across the page
  RuleBend columns;  ///< horizontal shift: the columns' course down the page
  bool bent() const { return rows.bent || columns.bent; }
  /// Where pixel `flat` of the flattened page lies on the rectified page.
  cv::Point2d Source(cv::Point2d flat) const;
};

/// The bend of `page` (8-bit, 1 or 3 channels, `px_per_mm` pixels a
/// millimetre): flat where its rules are straight or too few to tell.
PageBend MeasureBend(const cv::Mat& page, double px_per_mm, const BendOptions& options = {});

/// `page` redrawn with `bend` taken out (pixel p of the result is
/// bend.Source(p) of `page`); `page` itself when it is flat.
cv::Mat Unbent(const cv::Mat& page, const PageBend& bend);

}  // namespace scorecheck
