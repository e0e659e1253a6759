#pragma once
// Whether a photo is good enough to read, judged on the grid found in it
// before any box is read: a photo too dark, too blurred, too small or with
// the grid cut off by its frame is refused with "take the photo again" and
// the reason, instead of being guessed at.
//
// Each measure is taken on the grid's own area, in units of the grid (its
// row pitch) or of grey levels, so that it means the same on any sheet,
// printer or camera:
//   - ink contrast: grey levels between the paper and its darkest ink (ruled
//     lines and writing) inside the grid;
//   - edge width: how far a sharp step (a ruled line's or a pen stroke's
//     edge) is spread, as a share of the row pitch;
//   - smear: whether the camera moved, and how far its smear spreads an
//     edge across it, in the same unit (the sharpest edges, those along the
//     smear, do not show it in the edge width);
//   - row pitch in the photo: how many of the photo's own pixels one row of
//     boxes spans (digits are about half of it);
//   - cut off: boxes of the grid lying outside the photo's frame, or the
//     grid's column rules running on past its first or last row to the edge.

#include <optional>
#include <string>

#include "grid/locate_grid.h"
#include "page/find_page.h"
#include "page/motion_blur.h"

namespace scorecheck {

/// When a photo is refused. Each limit sits where reading falls apart as
/// photos of sample cards are made darker, more blurred or smaller step by
/// step (`tools/photo-quality`, which prints the cells read right against
/// each measure); the figures below are from its run on samples/random.
struct PhotoQualityOptions {
  bool enabled = true;               ///< false: every photo is read, however poor
  double min_ink_contrast = 25;      ///< grey levels (of 255) between paper and ink, at least. A darker photo's
                                     ///< strokes sink into its noise and JPEG steps: every card read right down
                                     ///< to 25 levels, and cards lost a third to nine tenths of their cells at
                                     ///< 23-24; default 25
  double max_edge_width = 0.14;      ///< a sharp edge spread over at most this share of the row pitch (a
                                     ///< Gaussian blur of sigma s spreads it over about 2.5 s; a sharp photo
                                     ///< reads 0.05-0.10, a low-resolution one up to 0.13 from its pixels
                                     ///< alone; a camera's straight smear, over its length). Past 0.13 blurred
                                     ///< cards lost half their cells or more, with one exception; default 0.14
  double min_row_pitch_px = 12;      ///< one row of boxes spans at least this many of the photo's own pixels
                                     ///< (a digit about half of it): cards read right down to 12.5 px, and
                                     ///< lost up to nine tenths of their cells at 8-11.5 px; default 12
  double typical_row_pitch_mm = 7;   ///< a page whose grid was not found is judged as if its rows were this far apart
                                     ///< (scorecards print rows 5-9 mm apart), millimetres; default 7
  MotionOptions motion;              ///< when a photo was taken by a moving camera
  double max_outside = 0.25;         ///< a box may reach past the photo's frame by at most this share of its
                                     ///< height before the grid counts as cut off; default 0.25
  bool Check() const;                ///< true when every field is in range
};

/// The measures, as defined above.
struct PhotoQuality {
  double paper_level = 0;      ///< grey level of the paper (0 black .. 255 white)
  double ink_contrast = 0;     ///< grey levels
  double edge_width = 0;       ///< share of the row pitch (0: too little ink to judge)
  double row_pitch_px = 0;     ///< photo pixels
  int boxes_outside = 0;       ///< boxes reaching past the frame (PhotoQualityOptions::max_outside)
  bool smeared = false;        ///< the photo is smeared along one direction: the camera moved (page/motion_blur)
  double smear_width = 0;      ///< how far that smear spreads an edge across it (its length), as a share of
                               ///< the row pitch; 0 when there is no smear or no grid to measure it by
  bool rows_cut_off = false;   ///< the grid's column rules run on from its first or last row to the page's
                               ///< edge, less than a row away (a flat scan cut through the table)
  double unsmeared_width = 0;  ///< how far the smear taken out of the photo before its page was found
                               ///< (Page::smear_px) spread an edge, as a share of the row pitch; 0: none
};

/// The measures of `grid`, found on `page`.
PhotoQuality MeasurePhotoQuality(const Page& page, const Grid& grid, const PhotoQualityOptions& options = {});

/// The measures of a page whose grid was not found: ink contrast and edge
/// width over the whole page (the edge width as a share of
/// typical_row_pitch_mm; a page of unknown scale is taken to be A4 wide),
/// and whether its photo is smeared by the camera's movement.
PhotoQuality MeasurePageQuality(const Page& page, const PhotoQualityOptions& options = {});

/// Why a page whose grid was not found may be a scorecard photographed too
/// poorly: "too dark", "smeared by the camera's movement" or "too blurred"
/// (MeasurePageQuality), or nullopt (a pale or blank page is no sign of a
/// poor photo).
std::optional<std::string> PageRetakeReason(const PhotoQuality& quality, const PhotoQualityOptions& options = {});

/// Whether the boxes were read through a smear taken out that spread an edge
/// further than a photo may (PhotoQualityOptions::max_edge_width, the limit
/// a smear left in is refused at): what is read there is the deconvolution's
/// best guess, for a person to look at. A shorter smear leaves the digits
/// readable, taken out or not.
bool ReadThroughSmear(const PhotoQuality& quality, const PhotoQualityOptions& options = {});

/// Why the photo should be taken again ("too dark", "too faint", "smeared by
/// the camera's movement", "too blurred", "too small in the picture", "the
/// grid is cut off"), or nullopt when it can be read. The cut first: a
/// better exposure does not bring back a missing row.
std::optional<std::string> RetakeReason(const PhotoQuality& quality, const PhotoQualityOptions& options = {});

}  // namespace scorecheck
