#pragma once
// Turns a flat, rendered score sheet into what a scanner or a phone camera would
// have produced, and says exactly where every page pixel went (a homography), so
// the synthetic truth can carry cell boxes and the page outline into the image.
//
// Coordinates: OpenCV convention everywhere (integer coordinates are pixel
// centres; x right, y down). image_from_page maps page pixels (of the image given
// to ApplyCapture) to pixels of Capture::image.

#include <array>
#include <optional>
#include <random>
#include <string>
#include <string_view>
#include <vector>

#include <opencv2/core.hpp>

namespace scorecheck {

/// How the sheet was digitised.
enum class CaptureProfile {
  kScan,     ///< flatbed scan at about the page's resolution
  kPhoto,    ///< phone photo at an angle on a table, 8-12 MP
  kLowres,   ///< low-resolution phone snap or low-dpi scan, long side ~1600 px
  kRotated,  ///< a scan turned by 90, 180 or 270 degrees
  // Photos as people take them: a phone photo (kPhoto) with one hardship each.
  kSteep,    ///< the camera tilted 20-35 degrees
  kMotion,   ///< the hand moved while the shutter was open: motion blur
  kShadow,   ///< a hand's or an arm's shadow across part of the sheet
  kDim,      ///< dim light: a dark, noisy picture
  kPattern,  ///< a patterned tablecloth (gingham, checks) around the sheet
  kCutOff,   ///< the sheet running out of the frame on one side
  kCopy,     ///< a photocopy of a photocopy, scanned: toner speckle, rules thickened and broken
  kCurl,     ///< a sheet that does not lie flat: it bows, and its shading follows the bow
};

/// The profiles of the standard corpus mix, in declaration order (for loops in
/// tools and tests; `tools/synth` draws from these unless told otherwise).
inline constexpr std::array<CaptureProfile, 4> kAllCaptureProfiles = {
    CaptureProfile::kScan, CaptureProfile::kPhoto, CaptureProfile::kLowres, CaptureProfile::kRotated};

/// Photos as people take them (issue 64): each of kPhoto's or kScan's
/// captures with one hardship, asked for by name (`tools/synth --profiles`).
inline constexpr std::array<CaptureProfile, 8> kHardCaptureProfiles = {
    CaptureProfile::kSteep, CaptureProfile::kMotion, CaptureProfile::kShadow, CaptureProfile::kDim,
    CaptureProfile::kPattern, CaptureProfile::kCutOff, CaptureProfile::kCopy, CaptureProfile::kCurl};

/// "scan", "photo", "lowres", "rotated", "steep", "motion", "shadow", "dim", "pattern", "cutoff", "copy" or "curl".
const char* CaptureProfileName(CaptureProfile profile);
/// The profile named `name` (as CaptureProfileName() spells it), or nullopt.
std::optional<CaptureProfile> ParseCaptureProfile(std::string_view name);

/// What the camera or scanner produced.
struct Capture {
  cv::Mat image;                                     ///< BGR 8-bit, not yet compressed (see EncodeCapture)
  cv::Matx33d image_from_page = cv::Matx33d::eye();  ///< homography: page pixel -> image pixel
  int rotation_deg = 0;                              ///< 0/90/180/270, clockwise, applied in kRotated; else 0
  std::string extension = ".png";                    ///< ".jpg" or ".png": how the device would store it
  int jpeg_quality = 95;                             ///< JPEG quality 0..100 to store with, when extension is ".jpg"
};

/// Degrades a flat page image (BGR 8-bit, as rendered at 300 dpi, any size) according to
/// `profile`; deterministic in rng (same seed and page -> identical pixels, regardless of
/// cv::setNumThreads).
/// - kScan: white scanner lid around the page, rotation within +-2 deg, scale 0.97..1.03,
///   light sensor noise, mild blur, dust specks; PNG (50 %) or JPEG 88..96; image about the
///   page's size (plus a margin of a few mm).
/// - kPhoto: the page perspective-projected by a pinhole camera (24-30 mm-equivalent lens, tilt
///   0..25 deg about a random axis, roll within +-15 deg), covering 50-85 % of the frame's area
///   when it fits (less in a landscape frame or at a large roll, since the whole page stays in
///   view), on a procedural table (wood, cloth, gingham or laminate) with the page's cast
///   shadow; uneven light (gradient, vignetting, a soft shadow across part of the page),
///   colour cast, defocus blur, sensor noise; JPEG 70..90; 8-12 MP nominal, 7.99-12.19 MP
///   actual (4032x3024, 4000x3000, 3648x2736, 3264x2448, 4000x2250; usually in the page's
///   orientation, i.e. portrait for a portrait page).
/// - kLowres: half the time a flat-ish phone snap (tilt <= 10 deg, roll <= 6 deg), half a
///   low-dpi scan; long side 1400..1800 px, more blur, JPEG 75..90.
/// - kRotated: as kScan, then turned clockwise by 90, 180 or 270 degrees (rotation_deg).
/// - kSteep, kMotion, kShadow, kDim, kPattern, kCutOff, kCurl: as kPhoto, with a tilt of 20-35
///   degrees; a motion blur 0.3-1.2 % of the frame's long side long; a hand's shadow (an
///   elongated soft dark shape from the frame's edge over part of the sheet, 30-60 % darker);
///   light at 30-50 % with stronger noise; a gingham or checked cloth always; the sheet
///   pushed 3-9 % of its width or height past one edge of the frame; the sheet bowed (its
///   middle lifted: rows and columns bend by 0.5-2 % of the sheet's size) with the shading
///   of the bow. image_from_page stays the flat sheet's homography (kCurl: within the bow).
/// - kCopy: as kScan of a sheet photocopied twice: grey; the copier's toner goes down
///   past a soft, grainy threshold, so black print thickens by about a pixel while thin or
///   light rules come out broken into dashes (or hardly at all) and light tints vanish;
///   toner speckle; strokes broken where toner is missing.
/// The page is entirely inside the image except with kCutOff. Throws Error if page is empty or not CV_8UC3.
Capture ApplyCapture(const cv::Mat& page, CaptureProfile profile, std::mt19937& rng);

/// `image` smeared along a straight line `length_px` long, `angle_rad` from
/// its x axis toward y: the camera moved while the shutter was open (kMotion's
/// blur, at a chosen angle and length).
cv::Mat SmearedAlong(const cv::Mat& image, double angle_rad, double length_px);

/// `image` bowed as a sheet that does not lie flat: its rows (`rows_bend`) or
/// its columns lifted by `amplitude_px` in the middle, by a half sine wave
/// along them, nothing at the ends.
cv::Mat BowedAlong(const cv::Mat& image, double amplitude_px, bool rows_bend);

/// `image` (8-bit BGR) as a camera in dim light takes it: `light` times as
/// bright, with the grain the camera turns up there, a standard deviation of
/// `grain` of the paper's brightness in grains two pixels wide (a sensor's
/// noise, spread by demosaicing), the same in each channel; `seed` draws it.
cv::Mat InDimLight(const cv::Mat& image, double light, double grain, unsigned seed);

/// `page_px` mapped through capture.image_from_page (page pixels -> image pixels).
cv::Point2d ImageFromPage(const Capture& capture, cv::Point2d page_px);

/// The page's outline in image pixels for a page of `page_size`: the images of the page's
/// outer corners (-0.5, -0.5) .. (w-0.5, h-0.5), in the order top-left, top-right,
/// bottom-right, bottom-left of the page (not of the image: in kRotated they turn with it).
std::array<cv::Point2d, 4> PageQuadInImage(const Capture& capture, cv::Size page_size);

/// capture.image encoded as capture.extension (JPEG at capture.jpeg_quality, or PNG).
/// Throws Error if encoding fails.
std::vector<uchar> EncodeCapture(const Capture& capture);

/// Writes capture.image to `path` (which should end in capture.extension) with the right
/// encoder settings. Throws Error if the file cannot be written.
void WriteCapture(const Capture& capture, const std::string& path);

/// Several sheets (scans or rendered pages, CV_8UC3) photographed side by side
/// on a wooden table from above: left to right in the order given, each turned
/// by up to 4 degrees either way, with gaps between them, some grain, blur and
/// noise; the long side of the photo is at most `long_side_px`. Throws Error if
/// `sheets` is empty or a sheet is not CV_8UC3.
cv::Mat PhotographSideBySide(const std::vector<cv::Mat>& sheets, std::mt19937& rng, int long_side_px = 3000);

}  // namespace scorecheck
