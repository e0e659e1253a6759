#pragma once
// Page stage, internal: the straight edges a paper outline is made of, and
// how they are measured: where each was seen as an edge, the change of tone
// across it, how even the paper just inside it is. Work pixels of the grey
// image the outline is searched in. Used by paper_outline.cpp only.

#include <utility>
#include <vector>

#include <opencv2/core.hpp>

namespace scorecheck::paper {

// One straight edge: a line in work pixels with the stretches along it where
// the segment detector saw an edge of the same polarity.
struct EdgeLine {
  cv::Point2d origin;                              // a point on the line
  cv::Point2d dir;                                 // unit direction
  cv::Point2d bright;                              // unit normal towards the brighter side
  std::vector<std::pair<double, double>> seen;     // [t0, t1] along dir, sorted, disjoint
  double support = 0;                              // total seen length
  double dark_width = 0;                           // an opposite edge this far on the dark side: a band, not a step
  bool border = false;                             // the image border standing in for an unseen edge
};

// The visible part of the side between parameters t0 and t1 (either order)
// on `line`: inside the image, its ends trimmed (blur rounds corners off and
// the detector stops short of them).
struct SideSpan {
  double lo = 0, hi = 0;
  double length() const { return hi - lo; }
};

double Dot(cv::Point2d u, cv::Point2d v);
double Cross(cv::Point2d u, cv::Point2d v);

/// Bilinear grey value at p, clamped to the image.
double Sample(const cv::Mat& gray, cv::Point2d p);

/// Mean grey 4-8 work pixels off the line at p on the side of `normal`.
double Strip(const cv::Mat& gray, cv::Point2d p, cv::Point2d normal);

/// Straight edges of `gray`: line segments at least `min_length` long
/// (OpenCV's line segment detector), each with the side its brighter
/// neighbour lies on, collinear ones of one polarity merged into lines.
std::vector<EdgeLine> FindEdgeLines(const cv::Mat& gray, double min_length);

/// Sets each line's dark_width: how far its dark side reaches before an
/// edge of opposite polarity (a printed rule's far side, a paper edge's
/// shadow). Lines below `min_support` are skipped.
void MeasureDarkWidths(std::vector<EdgeLine>& lines, double min_support);

/// Tone change across `line` between parameters lo < hi, where it was seen:
/// (bright - dark) / bright, median.
double SideContrast(const EdgeLine& line, double lo, double hi, const cv::Mat& gray);

/// The range of t where origin + dir * t lies inside `box`, or lo > hi.
std::pair<double, double> ClipToBox(const EdgeLine& line, const cv::Rect2d& box);

/// The visible part of the side between t0 and t1 (either order), trimmed.
SideSpan Visible(const EdgeLine& line, double t0, double t1, const cv::Rect2d& image_box);

/// Median grey just inside `line` over `span`.
double StripMedian(const EdgeLine& line, SideSpan span, const cv::Mat& gray);

/// {min, max} of t0 and t1.
SideSpan Ordered(double t0, double t1);

/// `span` cut to the part of `line` inside `box` (possibly empty).
SideSpan Clip(SideSpan span, const EdgeLine& line, const cv::Rect2d& box);

/// Share of jumps in tone along the strip just inside `line` over `span`.
double Roughness(const EdgeLine& line, SideSpan span, const cv::Mat& gray);

/// Roughness() over the stretches where the line was seen.
double SeenRoughness(const EdgeLine& line, const cv::Mat& gray);

/// Share of `span` seen as an edge.
double Coverage(const EdgeLine& line, SideSpan span);

/// Where lines a and b cross; false when they are parallel.
bool Intersect(const EdgeLine& a, const EdgeLine& b, cv::Point2d& at);

}  // namespace scorecheck::paper
