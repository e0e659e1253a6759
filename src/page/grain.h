#pragma once
// Page stage: the grain of a photo taken in poor light. A camera in dim light
// turns up its sensor's gain, and the noise comes up with the picture: on a
// page a fifth as bright, each pixel scatters by a twentieth of the paper's
// brightness and more, where in good light it scatters by a hundredth. Every
// later stage reads darkness against the paper (a ruled line, a box's ink),
// and in such grain chance dark runs become lines and specks become strokes.
//   1. the grain is measured as each pixel's spread about its 3 x 3
//      neighbourhood (a robust standard deviation: printed lines and writing,
//      a small share of the pixels, barely move it), against the paper's
//      brightness;
//   2. a page whose grain is over GrainOptions::max_grain is smoothed over
//      the grain's scale, far finer than a printed rule or a pen's stroke:
//      the noise of neighbouring pixels averages out, the lines stay.
// A page in good light is left as it is.

#include <optional>

#include <opencv2/core.hpp>

namespace scorecheck {

/// Tuning for WithoutGrain().
struct GrainOptions {
  double max_grain = 0.025;  ///< a page whose grain (a standard deviation, a share of the paper's brightness) is
                             ///< over this is smoothed. The faintest ruled line looked for darkens the paper by
                             ///< 7 % (LatticeOptions::min_contrast); grain of a third of that reaches it at
                             ///< three standard deviations, about once in 700 pixels, often enough to join into
                             ///< runs. Photos in good light measure 0.003-0.02, in dim light 0.03-0.09;
                             ///< default 0.025
  double smooth_mm = 0.125;  ///< the smoothing's width (a Gaussian's standard deviation), mm: a pixel at the
                             ///< rectified page's 8 px/mm, a fifth of a pen's stroke and half of a thin printed
                             ///< rule, so neither fades; default 0.125
  bool Check() const;        ///< true when every field is in range
};
// Shown by tests/unit/page/grain_test.cpp (a rendered sheet in a dim photo's
// grain has no grid found in it until the grain is smoothed) and by
// tests/cli/batch_test.cpp (APhotoTakenInDimLightIsReadAsAGoodOne: the clean
// rock sample in dim light, read as the good photo; unsmoothed, its grain
// made three false errors).

/// The grain of `page` (8-bit, 1, 3 or 4 channels): the standard deviation of
/// its pixels about their neighbours, as a share of its paper's brightness
/// (the level 90 % of its pixels lie below: most of a sheet is paper); 0 for
/// an empty page or one of another depth.
double MeasureGrain(const cv::Mat& page);

/// `page` smoothed over `options.smooth_mm` at `px_per_mm` when its grain is
/// over `options.max_grain`; nullopt when it is not (the page is as good as
/// its light allows).
std::optional<cv::Mat> WithoutGrain(const cv::Mat& page, double px_per_mm, const GrainOptions& options = {});

}  // namespace scorecheck
