#pragma once
// Lattice stage, internal: filled bands. A dark header bar with white text, a
// shaded or striped row, a tinted column is a region, not a line: the ridge
// filter that finds ruled lines (paper on both sides) sees nothing in it, and
// a table whose column rules stop at a header bar falls apart into the
// sections above and below it. Its edges are rules: this file finds the bands
// and gives their edges to the line runs, and carries the column rules that
// meet a band through it.

#include <array>
#include <cstddef>
#include <vector>

#include <opencv2/core.hpp>

#include "lattice/line_runs.h"

namespace scorecheck::lattice {

/// Tuning for FindBands().
struct BandOptions {
  double min_darkness = 0.2;    ///< darker than the paper around by this share (0..1); default 0.2: header bars and
                                ///< dark stripes; a light tint (90% grey) is no edge to rely on, and sheets that tint
                                ///< rows rule them too
  double paper_window_mm = 30;  ///< the paper level is the brightest within this window, mm; default 30
  double min_thickness_mm = 2.5;  ///< a band is at least this thick (thicker than any printed line), mm; default 2.5
  double min_length_mm = 15;    ///< ... and at least this long, mm; default 15 (a table line's length)
  double max_thickness_mm = 40; ///< ... and at most this thick: a band is narrow one way (a row, a column); a
                                ///< shadow or the table around a photo's page is large both ways; default 40
  double min_edge_step = 0.08;  ///< an edge is one where the page steps: lighter outside than inside by this share
                                ///< (median along it, a millimetre each side); default 0.08. The darkness is
                                ///< measured against the paper nearby, and where no paper is near (the middle of
                                ///< a tinted column wider than paper_window_mm), a band fades out where the page
                                ///< does not change at all: no edge to give the table
  bool Check() const;  ///< true when every field is in range
};

/// The sides of a band, in the order of Band::stepped.
enum BandSide : std::size_t { kBandTop, kBandBottom, kBandLeft, kBandRight };

/// One band, in full-resolution page pixels.
struct Band {
  cv::Rect2f box;       ///< bounding box
  Run top, bottom;      ///< its horizontal edges, as runs
  Run left, right;      ///< its vertical edges, as runs
  std::array<bool, 4> stepped = {true, true, true, true};  ///< top, bottom, left, right: the page steps there
                                                           ///< (min_edge_step), so the edge is a rule
  bool horizontal() const { return box.width >= box.height; }
};

/// The bands of `darkness` (working resolution, 0..255 relative darkness
/// against the paper, see DarknessMap()) that do not touch the image's border;
/// `gray` (the same pixels, paper light) says which of their edges are steps.
std::vector<Band> FindBands(const cv::Mat& darkness, const cv::Mat& gray, const Scale& scale,
                            const BandOptions& options = {});

/// Relative darkness against the brightest paper within `window` pixels
/// (0..255): wide enough that a header bar is dark against the paper above
/// and below it.
cv::Mat DarknessMap(const cv::Mat& gray, int window);

/// Adds every band's edges to `runs` (but an edge that a run already lies on,
/// within `same` pixels), and carries each run at least `min_rule` long that
/// ends on a band's edge across it (within `tol` pixels) through the band: a
/// column rule goes on behind a header bar, upright or turned a quarter.
void AddBandEdges(const std::vector<Band>& bands, float tol, float same, float min_rule, Runs& runs);

/// Removes from `runs` every run within `near` pixels of a band's edge along
/// it (and overlapping it): a step edge found along a bar the band already
/// gives.
void DropEdgesOnBands(const std::vector<Band>& bands, float near, Runs& runs);

}  // namespace scorecheck::lattice
