#pragma once
// Lattice stage, internal: straight runs of ruled-line pixels on a page, at a
// working resolution of a few pixels per millimetre, in full-resolution
// page pixels. Used by find_lattice.cpp and table_lines.cpp only.

#include <vector>

#include <opencv2/core.hpp>

namespace scorecheck::lattice {

/// A straight run of line pixels in full-resolution page pixels. `pos` is y
/// for a horizontal run and x for a vertical one; [from, to] is its extent
/// along the run.
struct Run {
  float pos = 0, from = 0, to = 0, thickness = 0;
  cv::Point2f a, b;  ///< the least-squares line through its pixels, from its start to its end (x, y)
  float length() const { return to - from; }
};

struct Runs {
  std::vector<Run> horizontal, vertical;
};

/// Everything derived from the options and the page resolution, in pixels.
struct Scale {
  int pool = 1;             ///< full-resolution pixels per working pixel, each way
  double px_per_mm = 8;     ///< full resolution
  double work_px_per_mm = 4;
  double Full(double mm) const { return mm * px_per_mm; }
  int WorkOdd(double mm) const { return std::max(3, static_cast<int>(std::lround(mm * work_px_per_mm)) | 1); }
};

/// 8-bit gray of a 1, 3 or 4 channel page.
cv::Mat ToGray(const cv::Mat& page);

/// Down to the working resolution by the minimum of each k x k block: a thin
/// dark line keeps its full darkness (an average would halve a 1-px line's
/// contrast, and 0.12 mm lines are 1 px at 8 px/mm).
cv::Mat MinPool(const cv::Mat& gray, int k);

/// Relative darkness against the local paper, 0..255: (paper - gray) / paper.
/// The paper is a closing (local max, then min) over `window` pixels, wider
/// than any printed line, so uneven light and shadows cancel out, and grey
/// bands taller than the window (shaded header rows) give nothing.
cv::Mat ContrastMap(const cv::Mat& gray, int window);

/// Pixels on straight runs at least `length` long in which at least `fill` of
/// the ridge pixels (thin dark structures with paper `gap` pixels to either
/// side) are darker than `threshold`.
cv::Mat RunMask(const cv::Mat& contrast, bool horizontal, int length, double threshold, double fill, int gap);

/// The runs (connected components) of a working-resolution mask as
/// full-resolution runs, each with the least-squares line through its pixels.
std::vector<Run> RunsOf(const cv::Mat& mask, bool horizontal, const Scale& scale);

/// The page's skew in degrees from the slopes of the runs at least
/// `min_length` long (positive: lines fall to the right), within +-max_skew_deg.
double SkewOf(const Runs& runs, float min_length, double max_skew_deg);

/// Runs turned by the affine `turn` (a multiple of 90 degrees).
Runs TurnRuns(const Runs& runs, const cv::Matx23d& turn);

}  // namespace scorecheck::lattice
