#pragma once
// Lattice stage, internal: straight runs of ruled-line pixels on a page, at a
// working resolution of a few pixels per millimetre, in full-resolution
// page pixels. Used by find_lattice.cpp and table_lines.cpp only.

#include <vector>

#include <opencv2/core.hpp>

#include "core/image_constants.h"  // kDarkestPaper

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

/// Lengths every step of the lattice stage reads ruled lines by, mm (pixels
/// through Scale::Full). Lines are looked for kLineTolMm beyond a table's box
/// across them (a photo's slight bow), and lines are matched within it; runs
/// within kMergeMm of a longer run's position are one line (a line broken by
/// a gap, or thickened by writing along it, stays within a pen's width). A
/// ruled line meets a line across it within kMeetMm (a thick rule's blur and a
/// pen's width) and runs on past it by kRuleReachMm at least (a rule crosses,
/// a letter's stroke stops short). Lines of a table ruled one way only share
/// their ends within kEndsTolMm: a hand-ruled or printed table's rules agree
/// better, a text baseline does not. A step edge (a band's, a rule's side) is
/// measured over kStepReachMm to either side.
constexpr double kLineTolMm = 2.0, kMergeMm = 0.8;
constexpr double kMeetMm = 1.25, kRuleReachMm = 0.3;
constexpr double kEndsTolMm = 3;
constexpr double kStepReachMm = 1.0;

/// A 1, 3 or 4 channel page at the working resolution, each colour channel
/// pooled by MinPool() (4 channels lose their alpha).
cv::Mat WorkingPage(const cv::Mat& page, int pool);

/// The gray of each pixel of `work` (1 or 3 channels), as it looks.
cv::Mat Luminance(const cv::Mat& work);

/// Down to the working resolution by the minimum of each k x k block (one
/// channel): a thin dark line keeps its full darkness (an average would
/// halve a 1-px line's contrast, and 0.12 mm lines are 1 px at 8 px/mm).
cv::Mat MinPool(const cv::Mat& gray, int k);

/// Relative darkness against the local paper, 0..255: (paper - gray) / paper.
/// The paper is a closing (local max, then min) over `window` pixels, wider
/// than any printed line, so uneven light and shadows cancel out, and grey
/// bands taller than the window (shaded header rows) give nothing.
cv::Mat ContrastMap(const cv::Mat& gray, int window);

/// ContrastMap() of each channel of `work`, the strongest at each pixel: a
/// coloured rule stands out most in the channel its ink absorbs, and a gray
/// rule across a tinted column in the channel the tint leaves white (in
/// the darkest channel, a rule on a red tint all but vanished).
cv::Mat LineContrast(const cv::Mat& work, int window);

/// The paper's own darkness in `contrast` (LineContrast()'s map, 8-bit), as a
/// share of the paper's brightness: the map's median level. Most of a page is
/// paper, and its grain, texture and a JPEG's noise make each paper pixel a
/// little darker than the local white it is measured against. At least one
/// level of the map (1/255): a page drawn without noise measures no less.
double PaperContrast(const cv::Mat& contrast);

/// Pixels on straight runs at least `length` long in which at least `fill` of
/// the ridge pixels (thin dark structures with paper `gap` pixels to either
/// side) are darker than `threshold`.
cv::Mat RunMask(const cv::Mat& contrast, bool horizontal, int length, double threshold, double fill, int gap);

/// Pixels on straight runs at least `length` long in which at least `fill`
/// of the pixels are set in `dark` (0 or 1, 8-bit): gaps and noise bridged,
/// letters of a word and short strokes never fill a run.
cv::Mat FilledRuns(const cv::Mat& dark, bool horizontal, int length, double fill);

/// Pixels on straight runs at least `length` long along step edges across
/// direction `horizontal`: where the page is darker on one side than on the
/// other (the mean gray of `reach` pixels each side differs by at least
/// `threshold` of the brighter, 0..1). A shaded or striped row, a tinted
/// column or a header bar has no rule of its own to find, only such edges.
/// Edges within `reach` of a pixel set in `ruled` (that direction's
/// RunMask()) are left to the rule.
cv::Mat StepMask(const cv::Mat& gray, bool horizontal, int length, double threshold, double fill, int reach,
                 const cv::Mat& ruled);

/// The runs (connected components) of a working-resolution mask as
/// full-resolution runs, each with the least-squares line through its pixels.
std::vector<Run> RunsOf(const cv::Mat& mask, bool horizontal, const Scale& scale);

/// The page's skew in degrees from the slopes of the runs at least
/// `min_length` long (positive: lines fall to the right), within +-max_skew_deg.
double SkewOf(const Runs& runs, float min_length, double max_skew_deg);

/// Runs turned by the affine `turn` (a multiple of 90 degrees).
Runs TurnRuns(const Runs& runs, const cv::Matx23d& turn);

}  // namespace scorecheck::lattice
