#pragma once
// Page stage: whether the camera moved while the shutter was open. A photo
// taken so is smeared along one direction, and the printed rules across
// that direction fade into wide faint bands that no line search finds; the
// scan then finds no grid, and the one honest answer is to ask for the photo
// again, naming the cause, rather than to say the picture holds no
// scorecard for some cause that follows from the smear.
//   1. a straight blur of length L multiplies the photo's spectrum by a sinc
//      whose zeros repeat every 1/L; in the cepstrum (the spectrum of the
//      log spectrum) that shows as a dip at distance L along the blur's
//      direction, which a sharp photo lacks;
//   2. the deepest such dip, measured against the cepstrum's spread near
//      its centre, gives the blur's direction and length; a dip under
//      MotionOptions::min_dip, or shorter than MotionOptions::min_length_px
//      (whose echoes at twice and three times its length run on), is no blur.
// The page stage takes a smear so found out of the photo (page/unsmear.h);
// the photo's quality is then judged on what is left (scan/photo_quality).

#include <opencv2/core.hpp>

namespace scorecheck {

/// Tuning for MeasureMotionBlur().
struct MotionOptions {
  int analysis_side_px = 1024;  ///< the cepstrum is taken of the photo shrunk to this long side, pixels; default 1024
  double min_length_px = 4;     ///< a blur shorter than this (at the analysis size, pixels; 0.4 % of the
                                ///< photo) is not taken out: it softens no rule away (a shorter one reads as
                                ///< a sharp photo), and dips so near the cepstrum's centre are as often the
                                ///< sensor's noise; default 4
  double max_length_px = 60;    ///< nor longer ones (6 % of the photo: no sheet survives it); default 60
  double min_dip = 1.0;         ///< a blur's cepstral dip is at least this many times the spread of the
                                ///< cepstrum near its centre. A straight smear's sinc has zeros all along its
                                ///< direction, which deepen the dip with every one, past the cepstrum's own
                                ///< spread; a sharp photo's dips come from its content alone and stay within
                                ///< it (samples/smear-taken-out/0012-classic-motion.jpg is smeared, every
                                ///< other sample is sharp). Default 1.0: one spread
  bool Check() const;           ///< true when every field is in range
};
// Shown by tests/cli/batch_test.cpp (PhotosTooPoorToReadAreRefusedWithTheReasonNotGuessedAt):
// a card smeared 1.2 % or 0.6 % of the picture across its rows is read with its smear taken
// out, every box doubted (ReadThroughSmear); one smeared 0.3 % reads as the good photo.

/// A straight motion blur of a photo.
struct MotionBlur {
  bool found = false;
  double angle_deg = 0;  ///< its direction, degrees from the photo's x axis toward y (0..180)
  double length_px = 0;  ///< its length in the given photo's pixels
  double dip = 0;        ///< how deep its cepstral dip is, in spreads (MotionOptions::min_dip)
};

/// The motion blur of `photo` (8-bit, 1 or 3 channels, any size: it is
/// shrunk to MotionOptions::analysis_side_px), or one not found.
MotionBlur MeasureMotionBlur(const cv::Mat& photo, const MotionOptions& options = {});

}  // namespace scorecheck
