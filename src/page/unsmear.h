#pragma once
// Page stage: a photo smeared by the camera's motion (page/motion_blur),
// the smear taken out before the sheet is looked for.
//   1. the smear is a straight line of the measured length and direction;
//      the photo is that line convolved with the sharp page, plus noise;
//   2. a linear inverse (a Wiener filter) cannot bring back what the line's
//      spectrum zeroes, and rings: every rule comes back with ghost rules
//      one smear length away, which the lattice takes for rows and the
//      reader for a leading 1;
//   3. a printed page is flat paper and flat ink with sharp edges between,
//      so the sharp page is taken as the one that, smeared, matches the
//      photo while having as few brightness steps between neighbouring
//      pixels as it can (an L0 gradient prior, solved by half-quadratic
//      splitting: steps too small to pay for themselves are set to zero,
//      the page solved for in the Fourier domain, and again with the
//      steps held closer each round). Ghosts and noise are small steps and
//      go; rules, print and writing are large ones and stay.
// Only the grey level is sharpened; a colour's hue and saturation, which
// vary slowly, keep the photo's.

#include <opencv2/core.hpp>

#include "page/motion_blur.h"

namespace scorecheck {

/// Tuning for Unsmeared().
struct UnsmearOptions {
  int work_side_px = 2048;    ///< the smear is taken out of the photo shrunk to this long side, pixels, and the
                              ///< result brought back to the photo's size: a sheet's boxes stay 40 px tall or more,
                              ///< and each round's two Fourier transforms stay quick; default 2048
  double step_cost = 3e-4;    ///< what one brightness step between neighbouring pixels costs (brightness 0..1,
                              ///< against the squared misfit of the page, smeared again, to the photo): a step
                              ///< whose square is under this over the rounds' stiffness is no edge. Ink on paper
                              ///< steps by 0.3-0.9; a pale pencil stroke's 0.1 keeps its edges (3e-4 / 0.1^2 is
                              ///< far under 1), a smear's noise and ringing, steps of a few hundredths spread
                              ///< over many pixels, do not; default 3e-4
  double stiffness_growth = 2;   ///< each round holds the steps this many times closer to the page's own; default 2
  double max_stiffness = 1e5;    ///< the rounds stop when the hold passes this (the page's steps then are the
                                 ///< kept steps to within 1e-5); default 1e5
  bool Check() const;            ///< true when every field is in range
};

/// `photo` (8-bit, 1 or 3 channels) with `blur` taken out, the same size and
/// type; `photo` itself when `blur` was not found (MotionOptions::min_dip).
cv::Mat Unsmeared(const cv::Mat& photo, const MotionBlur& blur, const UnsmearOptions& options = {});

}  // namespace scorecheck
