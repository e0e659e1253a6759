#pragma once
// Page stage: finds the scorecard sheet in a photo or scan and rectifies it to
// an upright page at a fixed resolution.
//   0. a photo smeared by the camera's motion has the smear taken out first
//      (page/unsmear.h), so the sheet's rules are lines again.
//   1. scorecheck's own sheets: the four ArUco corner markers give an exact
//      homography and the orientation (marker ids go clockwise from top-left);
//      the QR sheet code is then read from its known place on the page.
//   2. other sheets: the outline of the paper against the table, when the
//      photo shows one.
//   3. otherwise the whole image is taken as the page (a flat scan); the grid
//      stage then finds the ruled lines and the orientation.
// A page that does not lie flat is then flattened by its own rules
// (page/page_bend.h): a curl bends them, a straight rule is what the lattice
// stage looks for. Not our own sheets once their code is read: their boxes
// come from the code's layout in the markers' frame and are snapped to the
// lines printed there.
// A photo of several cards side by side holds several sheets: each set of
// markers is a page of its own, and so is each paper outline lying apart
// from those sheets (all of them when the picture shows no markers).

#include <optional>
#include <string>
#include <vector>

#include <opencv2/core.hpp>

#include "page/grain.h"
#include "page/page_bend.h"
#include "page/paper_outline.h"
#include "page/unsmear.h"
#include "sheet/sheet_layout.h"

namespace scorecheck {

/// Tuning for FindPage(). Defaults suit phone photos and 150-600 dpi scans.
struct PageOptions {
  double px_per_mm = 8.0;           ///< resolution of the rectified page (8 px/mm = 203 dpi)
  int detect_long_side_px = 1800;   ///< markers are searched at this long side, pixels; default 1800
  OutlineOptions outline;           ///< the paper outline search, for sheets without markers
  BendOptions bend;                 ///< a curled page's bend, measured from its rules and taken out
  GrainOptions grain;               ///< a dim photo's grain, measured and smoothed away
  MotionOptions motion;             ///< a photo's smear by the camera's motion, measured in its cepstrum
  UnsmearOptions unsmear;           ///< and taken out before the sheet is looked for
  int max_sheets = 6;               ///< at most this many sheets are taken from one picture; default 6
  double marker_fit_tolerance = 0.25;  ///< where markers repeat (several own sheets in one picture), three or four
                                       ///< markers are one sheet's when one homography puts every corner within
                                       ///< this many marker sides of where the sheet prints it (a marker of
                                       ///< another sheet lies tens of sides away); default 0.25
  bool Check() const;               ///< true when every field is in range
};

enum class PageMethod { kMarkers, kOutline, kWholeImage };

/// "markers", "outline" or "whole image".
const char* PageMethodName(PageMethod method);

enum class PageStatus { kFound, kEmptyImage };

/// The rectified page.
struct Page {
  PageStatus status = PageStatus::kEmptyImage;
  PageMethod method = PageMethod::kWholeImage;
  cv::Mat rectified;                   ///< BGR, upright when the orientation is known
  cv::Matx33d page_from_image = cv::Matx33d::eye();  ///< image pixel -> rectified pixel, before the bend
  PageBend bend;                       ///< the curl taken out of `rectified` (flat when none)
  cv::Size image_size;                 ///< the photo's size, pixels (where its frame ends)
  double smear_px = 0;                 ///< the length of the camera's smear taken out of the photo before
                                       ///< the page was found (page/unsmear.h), photo pixels; 0: none
  double px_per_mm = 0;                ///< rectified pixels per page millimetre (0 = unknown scale)
  bool orientation_known = false;      ///< true with markers: the page is upright for sure
  std::optional<std::string> sheet_code;  ///< the QR payload, when read
  std::optional<SheetCodeInfo> sheet;     ///< the parsed sheet code
  PageSize page_size = PageSize::kA4;     ///< from the sheet code or the outline's aspect
  std::string detail;                  ///< how it was found, or why not
  cv::Mat photo_grey;                  ///< the whole photo in grey, shrunk to PageOptions::detect_long_side_px
                                       ///< (shared by its sheets): for measures of the photo itself taken later,
                                       ///< such as whether the camera moved (photo_quality)
  bool ok() const { return status == PageStatus::kFound; }
};

/// Finds and rectifies every sheet in `image` (8-bit BGR; its smear taken
/// out first, when it has one: Page::image_size is still its size), in reading order
/// (left to right when side by side, top to bottom when stacked): one page at
/// least, the whole image when no sheet is seen, or kEmptyImage. Never throws
/// for a bad photo.
std::vector<Page> FindPages(const cv::Mat& image, const PageOptions& options = {});

/// The first of FindPages(): the page when the picture holds one sheet.
Page FindPage(const cv::Mat& image, const PageOptions& options = {});

/// Where page point `page_px` (rectified pixels, the bend taken out) lies in
/// the original image.
cv::Point2d ImageFromPage(const Page& page, cv::Point2d page_px);

}  // namespace scorecheck
