// Names for the fixed facts of 8-bit images, pixel neighbourhoods, angles
// and sentinels that the pipeline's stages share. These are not tuned: each is
// what the representation or the geometry makes it.
#pragma once

namespace scorecheck {

/// The brightest level of an 8-bit image: paper after flattening, and the
/// "on" value of a binary mask (OpenCV's convention).
inline constexpr int kWhite = 255;
/// The number of levels an 8-bit pixel takes (a full histogram's bins).
inline constexpr int kGreyLevels = 256;

/// The gray level below which the brightest pixel nearby is no paper but a
/// table or a deep shadow (a quarter of white): darkness and noise are
/// measured relative to at least this, so a dark background's noise never
/// becomes strong contrast.
inline constexpr int kDarkestPaper = 64;

/// The colour channels of a page: blue, green, red (an alpha channel, when
/// there is one, is dropped).
inline constexpr int kColourChannels = 3;

/// Pixel neighbourhoods for connected components: with 8, pixels touching at
/// a corner join (a pen stroke drawn on a slant stays one piece); with 4,
/// only those sharing a side.
inline constexpr int kEightConnected = 8;
inline constexpr int kFourConnected = 4;
/// The side of the smallest centred neighbourhood, in pixels: a pixel and its
/// eight neighbours (3 x 3 kernels, 3-tap smoothing).
inline constexpr int kSmallKernel = 3;

/// Angles in degrees.
inline constexpr double kQuarterTurnDeg = 90;
inline constexpr double kHalfTurnDeg = 180;
inline constexpr double kFullTurnDeg = 360;

/// Larger than any distance, cost or area the pipeline computes: the start of
/// a search for a minimum ("nothing found yet").
inline constexpr double kFarAway = 1e18;
/// Smaller than any meaningful length, weight or variance: a guard against
/// dividing by zero, not a tolerance.
inline constexpr double kTiny = 1e-9;

/// Decimal digits 0..9.
inline constexpr int kDigitCount = 10;
/// A fraction as a percentage.
inline constexpr double kPercent = 100;

}  // namespace scorecheck
