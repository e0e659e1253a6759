#pragma once
// Page stage, first step: a photo taken while the camera moved is smeared
// along one direction, and the printed rules across that direction fade
// into wide faint bands that no line search finds. Such a blur is measured
// in the photo itself and taken out before the sheet is looked for:
//   1. a straight blur of length L multiplies the photo's spectrum by a sinc
//      whose zeros repeat every 1/L; in the cepstrum (the spectrum of the
//      log spectrum) that shows as a dip at distance L along the blur's
//      direction, which a sharp photo lacks;
//   2. the deepest such dip, measured against the cepstrum's spread near
//      its centre, gives the blur's direction and length; a dip under
//      MotionOptions::min_dip is no blur;
//   3. the blur is taken out by a Wiener filter with that straight kernel.

#include <opencv2/core.hpp>

namespace scorecheck {

/// Tuning for MeasureMotionBlur() and Unblurred().
struct MotionOptions {
  int analysis_side_px = 1024;  ///< the cepstrum is taken of the photo shrunk to this long side, pixels; default 1024
  double min_length_px = 3;     ///< blurs shorter than this (at the analysis size, pixels) are left in: they
                                ///< soften no rule away; default 3
  double max_length_px = 60;    ///< nor is a longer one looked for (6 % of the photo: no sheet survives it); default 60
  double min_dip = 2.0;         ///< a blur's cepstral dip is at least this many times the spread of the
                                ///< cepstrum near its centre; sharp photos of every kind (scans, copies,
                                ///< steep, dim, shadowed, curled) dip at most 1.4; default 2.0
  double noise_to_signal = 0.05;  ///< the Wiener filter's noise-to-signal power: how far it trusts the
                                  ///< frequencies the blur all but removed; default 0.05
  bool Check() const;           ///< true when every field is in range
};

/// A straight motion blur of a photo.
struct MotionBlur {
  bool found = false;
  double angle_deg = 0;  ///< its direction, degrees from the photo's x axis toward y (0..180)
  double length_px = 0;  ///< its length in the photo's pixels
  double dip = 0;        ///< how deep its cepstral dip is, in spreads (MotionOptions::min_dip)
};

/// The motion blur of `photo` (8-bit, 1 or 3 channels), or one not found.
MotionBlur MeasureMotionBlur(const cv::Mat& photo, const MotionOptions& options = {});

/// `photo` with `blur` taken out; `photo` itself when none was found.
cv::Mat Unblurred(const cv::Mat& photo, const MotionBlur& blur, const MotionOptions& options = {});

}  // namespace scorecheck
