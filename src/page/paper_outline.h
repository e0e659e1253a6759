#pragma once
// Paper outline: the four edges of a sheet lying on a table, for sheets without
// registration markers. Works on a downscaled grey image:
//   1. straight edge segments (OpenCV's line segment detector), each with the
//      side its brighter neighbour lies on;
//   2. collinear segments of the same polarity merged into edge lines, each
//      keeping the stretches where it was seen;
//   3. every four lines (the image border may stand in for up to two of them,
//      when the paper leaves the frame) that enclose a convex quad with their
//      brighter sides facing in, checked on each side for how much of it was
//      seen as an edge, for edges ending at the corners, for a real change of
//      tone across it (a ruled frame printed on the paper has paper on both
//      sides) and for an even strip of paper just inside it (a tablecloth's
//      stripes have checks there);
//   4. of the quads that pass, the one with the most edge seen, weighted by its
//      area (the paper encloses every printed frame on it), is the first
//      sheet; each next best that lies apart from those before it is another
//      sheet on the same table (two cards photographed side by side).
//   5. an outline filling little of the picture may be a frame printed on the
//      paper, its edge lost against a pale coloured cloth: searched again in
//      colour, and replaced by a clearly larger quad enclosing it.
// Fails (found == false) when no quad passes: the caller takes the whole image.

#include <array>
#include <string>
#include <vector>

#include <opencv2/core.hpp>

namespace scorecheck {

/// Tuning for FindPaperOutline(). Defaults suit 1-12 MP phone photos.
struct OutlineOptions {
  int work_long_side_px = 900;       ///< edges are searched at this long side, pixels; default 900
  double min_area = 0.12;            ///< a quad smaller than this share of the image is not the page; default 0.12
  double min_line_share = 0.08;      ///< edge lines seen over less than this share of the image's short side are dropped; default 0.08
  int max_lines = 60;                ///< at most this many edge lines (the longest seen) make quads; default 60
  double min_side_coverage = 0.3;    ///< each seen side must be an edge along at least this share of its visible length; default 0.3
  double min_corner_coverage = 0.1;  ///< each side seen along this share of its last 15 % before a corner in view (and at most half past it); default 0.1
  double border_coverage = 0.5;      ///< the coverage a side lying on the image border counts as (0..1); default 0.5
  double min_side_contrast = 0.04;   ///< tone change across each seen side, |inside - outside| / inside, at least; default 0.04
  double max_roughness = 0.2;        ///< share of jumps in tone along the strip just inside a side, at most (paper is even); default 0.2
  double small_outline = 0.4;        ///< an outline filling less than this share of a colour picture is looked for again with colour taken off; default 0.4
  double colour_weight = 2;          ///< colour taken off: min(B,G,R) - colour_weight * (max - min), so a cloth as bright as the paper stands apart; default 2
  double larger_outline = 1.15;      ///< that outline replaces the grey one when it encloses it and is at least this many times as large; default 1.15
  double max_corner_outside = 0.25;  ///< corners may lie this share of the image size outside it (paper leaving the frame); default 0.25
  double max_shared_area = 0.1;      ///< another sheet may cover at most this share of the smaller one's area (sheets lying
                                     ///< apart, or one just over another's edge; a frame printed on a sheet lies wholly
                                     ///< within it); default 0.1
  bool Check() const;                ///< true when every field is in range
};

/// The paper's outline in the image, or found == false.
struct PaperOutline {
  bool found = false;
  std::array<cv::Point2f, 4> corners_in_image;  ///< pixels of the input image, clockwise from the corner nearest its top-left
  double score = 0;                             ///< mean share of the sides seen as edges, 0..1
  int border_sides = 0;                         ///< sides taken from the image border (paper leaving the frame)
  std::string detail;                           ///< how it was found, or why not
};

/// The share of the smaller of two convex quads (corners in order, either
/// way round) that the other covers: 0 apart, 1 one within the other.
double SharedArea(std::vector<cv::Point2f> a, std::vector<cv::Point2f> b);

/// Every sheet's outline in `image` (8-bit BGR or grey), the most convincing
/// first; empty when no quad is convincing. Each that fills little of the
/// picture is looked for again in colour, as FindPaperOutline does.
std::vector<PaperOutline> FindPaperOutlines(const cv::Mat& image, const OutlineOptions& options = {},
                                            const cv::Mat& colour = cv::Mat());

/// Finds the paper's outline in `image` (8-bit BGR or grey). When it fills
/// little of the picture, the same picture in colour (`image` itself, or
/// `colour`, any size) is searched again with colour taken off (see
/// OutlineOptions::small_outline). Never throws for a bad photo; returns
/// found == false when no quad is convincing.
PaperOutline FindPaperOutline(const cv::Mat& image, const OutlineOptions& options = {},
                              const cv::Mat& colour = cv::Mat());

}  // namespace scorecheck
