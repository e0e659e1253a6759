#include "page/paper_outline.h"

#include <algorithm>
#include <cmath>
#include <utility>
#include <vector>

#include <opencv2/imgproc.hpp>

namespace scorecheck {
namespace {

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

struct Segment {
  cv::Point2d a, b;
  double length = 0;
  cv::Point2d bright;  // unit normal towards the brighter side
};

double Dot(cv::Point2d u, cv::Point2d v) { return u.x * v.x + u.y * v.y; }
double Cross(cv::Point2d u, cv::Point2d v) { return u.x * v.y - u.y * v.x; }

// Bilinear grey value at p, clamped to the image.
double Sample(const cv::Mat& gray, cv::Point2d p) {
  const double x = std::clamp(p.x, 0.0, gray.cols - 1.001), y = std::clamp(p.y, 0.0, gray.rows - 1.001);
  const int x0 = static_cast<int>(x), y0 = static_cast<int>(y);
  const double fx = x - x0, fy = y - y0;
  const uchar* r0 = gray.ptr<uchar>(y0);
  const uchar* r1 = gray.ptr<uchar>(y0 + 1);
  return (r0[x0] * (1 - fx) + r0[x0 + 1] * fx) * (1 - fy) + (r1[x0] * (1 - fx) + r1[x0 + 1] * fx) * fy;
}

// Mean grey a few pixels off the line at p on the side of `normal`: past the
// edge's blur, short of most printed margins (3-8 work pixels is 1-4 mm of a
// page filling half a 900 px frame).
double Strip(const cv::Mat& gray, cv::Point2d p, cv::Point2d normal) {
  double sum = 0;
  for (double k : {4.0, 6.0, 8.0}) sum += Sample(gray, p + normal * k);
  return sum / 3;
}

// Paper's tone with colour taken off: min(B, G, R) less `colour_weight` times
// (max - min). White or grey paper keeps its tone; a pale tablecloth check
// as bright as the paper (a gingham's light squares) turns darker.
cv::Mat Whiteness(const cv::Mat& bgr, double colour_weight) {
  std::vector<cv::Mat> channels;
  cv::split(bgr, channels);
  cv::Mat low, high, colour, white;
  cv::min(channels[0], channels[1], low);
  cv::min(low, channels[2], low);
  cv::max(channels[0], channels[1], high);
  cv::max(high, channels[2], high);
  cv::subtract(high, low, colour);
  cv::subtract(low, colour * colour_weight, white);  // saturates at 0
  return white;
}

std::vector<Segment> DetectSegments(const cv::Mat& gray, double min_length) {
  // Defaults of the detector; it sees the faint edge of white paper on a white
  // desk as well as a strong one, and needs no thresholds of ours.
  const cv::Ptr<cv::LineSegmentDetector> detector = cv::createLineSegmentDetector(cv::LSD_REFINE_STD);
  std::vector<cv::Vec4f> raw;
  detector->detect(gray, raw);
  std::vector<Segment> segments;
  for (const cv::Vec4f& r : raw) {
    Segment s;
    s.a = {r[0], r[1]};
    s.b = {r[2], r[3]};
    s.length = cv::norm(s.b - s.a);
    if (s.length < min_length) continue;
    const cv::Point2d dir = (s.b - s.a) / s.length;
    cv::Point2d normal(-dir.y, dir.x);
    double difference = 0;
    for (double t : {0.25, 0.5, 0.75}) {
      const cv::Point2d p = s.a + (s.b - s.a) * t;
      difference += Sample(gray, p + normal * 2.0) - Sample(gray, p - normal * 2.0);
    }
    s.bright = difference >= 0 ? normal : -normal;
    segments.push_back(s);
  }
  std::sort(segments.begin(), segments.end(), [](const Segment& x, const Segment& y) { return x.length > y.length; });
  return segments;
}

// Total least squares line through the members' end points, weighted by length.
void FitLine(const std::vector<const Segment*>& members, EdgeLine& line) {
  cv::Point2d centre(0, 0);
  double weight = 0;
  for (const Segment* s : members) {
    centre += (s->a + s->b) * (s->length / 2);
    weight += s->length;
  }
  centre /= weight;
  double sxx = 0, sxy = 0, syy = 0;
  for (const Segment* s : members) {
    for (cv::Point2d p : {s->a, s->b}) {
      const cv::Point2d d = p - centre;
      sxx += s->length * d.x * d.x;
      sxy += s->length * d.x * d.y;
      syy += s->length * d.y * d.y;
    }
  }
  const double angle = 0.5 * std::atan2(2 * sxy, sxx - syy);
  line.origin = centre;
  line.dir = {std::cos(angle), std::sin(angle)};
  cv::Point2d normal(-line.dir.y, line.dir.x);
  line.bright = Dot(normal, line.bright) >= 0 ? normal : -normal;
}

// Merges collinear segments of one polarity into edge lines (a paper edge is
// broken by the lighting, the table's texture and the detector's own gaps).
std::vector<EdgeLine> MergeSegments(const std::vector<Segment>& segments, const cv::Mat& gray) {
  constexpr double kTolerance = 2.0;                       // work px off the line
  const double same_direction = std::cos(6.0 * CV_PI / 180);
  std::vector<bool> used(segments.size(), false);
  std::vector<EdgeLine> lines;
  for (size_t i = 0; i < segments.size(); ++i) {
    if (used[i]) continue;
    EdgeLine line;
    line.origin = segments[i].a;
    line.dir = (segments[i].b - segments[i].a) / segments[i].length;
    line.bright = segments[i].bright;
    std::vector<const Segment*> members;
    std::vector<size_t> member_ids;
    // Two rounds: the refit line from the first gathers the stragglers.
    for (int round = 0; round < 2; ++round) {
      members.clear();
      member_ids.clear();
      for (size_t j = i; j < segments.size(); ++j) {
        if (used[j] || Dot(segments[j].bright, line.bright) < same_direction) continue;
        if (std::abs(Dot(segments[j].a - line.origin, line.bright)) > kTolerance ||
            std::abs(Dot(segments[j].b - line.origin, line.bright)) > kTolerance)
          continue;
        members.push_back(&segments[j]);
        member_ids.push_back(j);
      }
      FitLine(members, line);
    }
    for (size_t j : member_ids) used[j] = true;
    std::vector<std::pair<double, double>> spans;
    for (const Segment* s : members) {
      const double t0 = Dot(s->a - line.origin, line.dir), t1 = Dot(s->b - line.origin, line.dir);
      spans.emplace_back(std::min(t0, t1), std::max(t0, t1));
    }
    std::sort(spans.begin(), spans.end());
    for (const auto& span : spans) {
      if (!line.seen.empty() && span.first <= line.seen.back().second) {
        line.seen.back().second = std::max(line.seen.back().second, span.second);
      } else {
        line.seen.push_back(span);
      }
    }
    for (const auto& span : line.seen) line.support += span.second - span.first;
    lines.push_back(std::move(line));
  }
  (void)gray;
  return lines;
}

// Notes how far the dark side of each line reaches before it turns back to
// bright: the detector sees both sides of a thick printed line (a grid's
// frame, a heading's rule) as two edges of opposite polarity a few pixels
// apart, dark sides facing. A paper edge usually has the table beyond it, but
// also its own thin shadow on the table, which makes the same pair; so the
// pair only moves the tone comparison past the dark band (SideContrast)
// rather than ruling the line out. Lines below `min_support` are skipped.
void MeasureDarkWidths(std::vector<EdgeLine>& lines, double min_support) {
  constexpr double kMaxWidth = 7;  // work px: a 2 mm rule on a page filling a 900 px frame
  const double opposite = -std::cos(6.0 * CV_PI / 180);
  for (EdgeLine& line : lines) {
    if (line.support < min_support) continue;
    double twin_seen = 0, width = 0;
    for (const EdgeLine& other : lines) {
      if (&other == &line || Dot(other.bright, line.bright) > opposite) continue;
      for (const auto& [o0, o1] : other.seen) {
        // The other edge's stretch lies on this one's dark side, within a line's width.
        const cv::Point2d p0 = other.origin + other.dir * o0, p1 = other.origin + other.dir * o1;
        const double d0 = -Dot(p0 - line.origin, line.bright), d1 = -Dot(p1 - line.origin, line.bright);
        if (std::min(d0, d1) < 0.3 || std::max(d0, d1) > kMaxWidth) continue;
        const double u0 = Dot(p0 - line.origin, line.dir), u1 = Dot(p1 - line.origin, line.dir);
        for (const auto& [s0, s1] : line.seen) {
          const double overlap = std::max(0.0, std::min(s1, std::max(u0, u1)) - std::max(s0, std::min(u0, u1)));
          twin_seen += overlap;
          if (overlap > 0) width = std::max(width, std::max(d0, d1));
        }
      }
    }
    if (twin_seen >= 0.3 * line.support) line.dark_width = width;
  }
}

// Tone change across `line` between parameters lo < hi, where it was seen as
// an edge: (bright - dark) / bright, the median over samples every 3 work
// pixels. A line printed on the paper (a grid's frame) has paper on both sides
// a few pixels off and scores near 0; a paper edge keeps the table's tone on
// its dark side.
double SideContrast(const EdgeLine& line, double lo, double hi, const cv::Mat& gray) {
  std::vector<double> values;
  for (const auto& [s0, s1] : line.seen) {
    for (double t = std::max(s0, lo) + 1; t <= std::min(s1, hi) - 1; t += 3) {
      const cv::Point2d p = line.origin + line.dir * t;
      const double in = Strip(gray, p, line.bright);
      const double out = Strip(gray, p - line.bright * line.dark_width, -line.bright);
      values.push_back((in - out) / std::max(in, 1.0));
    }
  }
  if (values.empty()) return 0;
  std::nth_element(values.begin(), values.begin() + values.size() / 2, values.end());
  return values[values.size() / 2];
}

// The range of t where origin + dir * t lies inside `box` (Liang-Barsky), or an
// empty range (lo > hi).
std::pair<double, double> ClipToBox(const EdgeLine& line, const cv::Rect2d& box) {
  double lo = -1e18, hi = 1e18;
  const double p[2] = {line.origin.x, line.origin.y}, d[2] = {line.dir.x, line.dir.y};
  const double min[2] = {box.x, box.y}, max[2] = {box.x + box.width, box.y + box.height};
  for (int k = 0; k < 2; ++k) {
    if (std::abs(d[k]) < 1e-12) {
      if (p[k] < min[k] || p[k] > max[k]) return {1, 0};
      continue;
    }
    double a = (min[k] - p[k]) / d[k], b = (max[k] - p[k]) / d[k];
    if (a > b) std::swap(a, b);
    lo = std::max(lo, a);
    hi = std::min(hi, b);
  }
  return {lo, hi};
}

// The visible part of the side between parameters t0 and t1 (either order)
// on `line`: inside the image, its ends trimmed (blur rounds corners off and
// the detector stops short of them).
struct SideSpan {
  double lo = 0, hi = 0;
  double length() const { return hi - lo; }
};

SideSpan Visible(const EdgeLine& line, double t0, double t1, const cv::Rect2d& image_box) {
  SideSpan span{std::min(t0, t1), std::max(t0, t1)};
  const double trim = 0.04 * span.length();
  const auto [in_lo, in_hi] = ClipToBox(line, image_box);
  span.lo = std::max(span.lo + trim, in_lo);
  span.hi = std::min(span.hi - trim, in_hi);
  return span;
}

// Median grey just inside `line` (on its bright side) over `span`.
double StripMedian(const EdgeLine& line, SideSpan span, const cv::Mat& gray) {
  std::vector<double> values;
  for (double t = span.lo; t <= span.hi; t += 3) values.push_back(Strip(gray, line.origin + line.dir * t, line.bright));
  if (values.empty()) return 0;
  std::nth_element(values.begin(), values.begin() + values.size() / 2, values.end());
  return values[values.size() / 2];
}

SideSpan Ordered(double t0, double t1) { return {std::min(t0, t1), std::max(t0, t1)}; }

// `span` cut to the part of `line` inside `box` (possibly empty).
SideSpan Clip(SideSpan span, const EdgeLine& line, const cv::Rect2d& box) {
  const auto [in_lo, in_hi] = ClipToBox(line, box);
  return {std::max(span.lo, in_lo), std::min(span.hi, in_hi)};
}

// How often the tone just inside `line` jumps along `span`: the share of
// neighbouring 12-pixel blocks differing by more than 8 %. A paper margin is
// even (a shadow's edge or a stroke of handwriting make a jump or two); a
// chequered tablecloth seen between two of its stripes jumps at every check.
struct Jumps {
  int jumps = 0, pairs = 0;
};

Jumps CountJumps(const EdgeLine& line, SideSpan span, const cv::Mat& gray) {
  constexpr double kBlock = 12;
  std::vector<double> blocks;
  for (double t = span.lo; t + kBlock <= span.hi; t += kBlock) {
    double sum = 0;
    for (double u = 1.5; u < kBlock; u += 3) sum += Strip(gray, line.origin + line.dir * (t + u), line.bright);
    blocks.push_back(sum / 4);
  }
  Jumps count;
  for (size_t i = 1; i < blocks.size(); ++i, ++count.pairs)
    count.jumps += std::abs(blocks[i] - blocks[i - 1]) > 0.08 * std::max(blocks[i], blocks[i - 1]);
  return count;
}

double Roughness(const EdgeLine& line, SideSpan span, const cv::Mat& gray) {
  const Jumps count = CountJumps(line, span, gray);
  return count.pairs < 2 ? 0 : static_cast<double>(count.jumps) / count.pairs;
}

// Roughness() over the stretches where the line was seen (a paper edge's line
// may run on along a tablecloth stripe past the corner).
double SeenRoughness(const EdgeLine& line, const cv::Mat& gray) {
  Jumps total;
  for (const auto& [t0, t1] : line.seen) {
    const Jumps count = CountJumps(line, {t0, t1}, gray);
    total.jumps += count.jumps;
    total.pairs += count.pairs;
  }
  return total.pairs < 2 ? 0 : static_cast<double>(total.jumps) / total.pairs;
}

// Share of `span` seen as an edge.
double Coverage(const EdgeLine& line, SideSpan span) {
  if (span.length() <= 0) return 0;
  double covered = 0;
  for (const auto& [s0, s1] : line.seen) covered += std::max(0.0, std::min(s1, span.hi) - std::max(s0, span.lo));
  return covered / span.length();
}

bool Intersect(const EdgeLine& a, const EdgeLine& b, cv::Point2d& at) {
  const double denominator = Cross(a.dir, b.dir);
  if (std::abs(denominator) < 1e-9) return false;
  const double t = Cross(b.origin - a.origin, b.dir) / denominator;
  at = a.origin + a.dir * t;
  return true;
}

struct Candidate {
  std::array<cv::Point2d, 4> corners;  // work pixels, around the quad
  std::array<int, 4> lines;            // side k lies on lines[k], from corner k-1 to corner k
  std::array<SideSpan, 4> spans;       // the visible part of each side, along its line
  double score = 0;                    // mean side coverage
  double rank = 0;                     // score weighted by area
  int border_sides = 0;
};

}  // namespace

bool OutlineOptions::Check() const {
  return work_long_side_px >= 100 && min_area > 0 && min_area < 1 && min_line_share > 0 && max_lines >= 4 &&
         min_side_coverage >= 0 && min_side_coverage <= 1 && border_coverage >= 0 && border_coverage <= 1 &&
         min_side_contrast >= 0 && max_corner_outside >= 0 && min_corner_coverage >= 0 && min_corner_coverage <= 1 &&
         max_roughness >= 0 && colour_weight >= 0 && small_outline >= 0 && larger_outline >= 1;
}

namespace {

// The outline in `gray`, the image shrunk by `scale`.
PaperOutline OutlineIn(const cv::Mat& gray, double scale, const OutlineOptions& options) {
  PaperOutline outline;
  const double short_side = std::min(gray.cols, gray.rows);
  const cv::Rect2d box(-0.5, -0.5, gray.cols, gray.rows);

  std::vector<EdgeLine> lines = MergeSegments(DetectSegments(gray, 0.015 * short_side), gray);
  MeasureDarkWidths(lines, options.min_line_share * short_side);
  // Printed lines (paper on both sides) are most of what the detector finds
  // on a scorecard; dropped before the longest lines are kept, so the paper's
  // own edges are not crowded out. Half the side threshold: a side is judged
  // again on its own stretch.
  // So are the stripes of a chequered cloth (uneven on their bright side),
  // which can outnumber everything else in the picture.
  std::erase_if(lines, [&](const EdgeLine& l) {
    return l.support < options.min_line_share * short_side ||
           SideContrast(l, -1e18, 1e18, gray) < 0.5 * options.min_side_contrast ||
           SeenRoughness(l, gray) > options.max_roughness;
  });
  std::sort(lines.begin(), lines.end(), [](const EdgeLine& x, const EdgeLine& y) { return x.support > y.support; });
  if (static_cast<int>(lines.size()) > options.max_lines) lines.resize(options.max_lines);
  // The image border stands in for a paper edge outside the frame.
  const cv::Point2d corners_of_box[4] = {{box.x, box.y}, {box.br().x, box.y}, {box.br().x, box.br().y}, {box.x, box.br().y}};
  for (int k = 0; k < 4; ++k) {
    EdgeLine border;
    border.border = true;
    border.origin = corners_of_box[k];
    border.dir = (corners_of_box[(k + 1) % 4] - corners_of_box[k]) / cv::norm(corners_of_box[(k + 1) % 4] - corners_of_box[k]);
    border.bright = {-border.dir.y, border.dir.x};  // inwards: the box goes clockwise in image coordinates
    lines.push_back(border);
  }

  // Opposite sides: nearly parallel (perspective of a tilted phone opens them
  // by up to ~30 degrees), brighter sides facing each other, far apart.
  const double parallel = std::cos(40.0 * CV_PI / 180), perpendicular = std::cos(45.0 * CV_PI / 180);
  const double min_separation = 0.2 * short_side;
  auto middle = [&](const EdgeLine& l) {
    if (l.border) {
      const auto [lo, hi] = ClipToBox(l, box);
      return l.origin + l.dir * ((lo + hi) / 2);
    }
    return l.origin + l.dir * ((l.seen.front().first + l.seen.back().second) / 2);
  };
  std::vector<std::pair<int, int>> pairs;
  const int n = static_cast<int>(lines.size());
  for (int a = 0; a < n; ++a) {
    for (int b = a + 1; b < n; ++b) {
      const EdgeLine &la = lines[a], &lb = lines[b];
      if (std::abs(Dot(la.dir, lb.dir)) < parallel) continue;
      if (Dot(la.bright, middle(lb) - la.origin) < min_separation) continue;
      if (Dot(lb.bright, middle(la) - lb.origin) < min_separation) continue;
      pairs.emplace_back(a, b);
    }
  }

  const double image_area = static_cast<double>(gray.cols) * gray.rows;
  const double slack_x = options.max_corner_outside * gray.cols, slack_y = options.max_corner_outside * gray.rows;
  const double min_visible = 0.1 * short_side;
  std::vector<Candidate> candidates;
  for (size_t p = 0; p < pairs.size(); ++p) {
    for (size_t q = p + 1; q < pairs.size(); ++q) {
      const int ids[4] = {pairs[p].first, pairs[q].first, pairs[p].second, pairs[q].second};  // around the quad
      if (ids[0] == ids[1] || ids[0] == ids[3] || ids[2] == ids[1] || ids[2] == ids[3]) continue;
      int border_sides = 0;
      bool square = true;
      for (int k = 0; k < 4; ++k) {
        border_sides += lines[ids[k]].border;
        square &= std::abs(Dot(lines[ids[k]].dir, lines[ids[(k + 1) % 4]].dir)) <= perpendicular;
      }
      if (!square || border_sides > 2) continue;
      Candidate c;
      c.border_sides = border_sides;
      bool ok = true;
      for (int k = 0; k < 4 && ok; ++k) ok = Intersect(lines[ids[k]], lines[ids[(k + 1) % 4]], c.corners[k]);
      if (!ok) continue;
      // Convex, every line's bright side facing in, corners near the frame.
      cv::Point2d centre(0, 0);
      for (const cv::Point2d& corner : c.corners) centre += corner * 0.25;
      double area = 0;
      int turns = 0;  // +1 per clockwise corner, -1 per anticlockwise one
      for (int k = 0; k < 4 && ok; ++k) {
        const cv::Point2d &u = c.corners[k], &v = c.corners[(k + 1) % 4], &w = c.corners[(k + 2) % 4];
        ok = Dot(lines[ids[k]].bright, centre - lines[ids[k]].origin) > 0 && u.x > box.x - slack_x &&
             u.x < box.br().x + slack_x && u.y > box.y - slack_y && u.y < box.br().y + slack_y;
        turns += Cross(v - u, w - v) > 0 ? 1 : -1;
        area += Cross(u, v) / 2;
      }
      area = std::abs(area);
      if (!ok || std::abs(turns) != 4 || area < options.min_area * image_area) continue;
      // How much of each side was seen as an edge. Side k runs from corner k-1
      // to corner k along line k.
      double total = 0;
      for (int k = 0; k < 4 && ok; ++k) {
        const EdgeLine& line = lines[ids[k]];
        c.lines[k] = ids[k];
        if (line.border) {
          total += options.border_coverage;
          continue;
        }
        const cv::Point2d &from = c.corners[(k + 3) % 4], &to = c.corners[k];
        c.spans[k] = Visible(line, Dot(from - line.origin, line.dir), Dot(to - line.origin, line.dir), box);
        const double coverage = c.spans[k].length() < min_visible ? 0 : Coverage(line, c.spans[k]);
        ok = coverage >= options.min_side_coverage;
        total += coverage;
      }
      if (!ok) continue;
      // A paper corner is where two edges end: each side seen up to the
      // corner, and not seen running on past it (a wood streak or a printed
      // rule met by the extension of a paper edge makes a corner of neither).
      // A corner outside the frame: the side must then be seen right up to
      // where it leaves the image (the paper running out of the picture).
      for (int k = 0; k < 4 && ok; ++k) {
        const cv::Point2d& corner = c.corners[k];
        const bool in_view = box.contains(corner);
        for (int side : {k, (k + 1) % 4}) {
          const EdgeLine& line = lines[ids[side]];
          if (line.border) continue;
          double at = Dot(corner - line.origin, line.dir);
          const double other_end = Dot(c.corners[side == k ? (k + 3) % 4 : (k + 1) % 4] - line.origin, line.dir);
          const double inward = other_end > at ? 1 : -1, length = std::abs(other_end - at);
          const double near = 0.04 * length, reach = 0.15 * length;
          if (in_view) {
            const SideSpan before = Ordered(at + inward * near, at + inward * reach);
            const SideSpan after = Ordered(at - inward * near, at - inward * reach);
            ok = Coverage(line, before) >= options.min_corner_coverage &&
                 Coverage(line, Clip(after, line, box)) <= 0.5;
          } else {
            const auto [in_lo, in_hi] = ClipToBox(line, box);
            at = inward > 0 ? std::max(at, in_lo) : std::min(at, in_hi);
            const SideSpan before = Ordered(at, at + inward * reach);
            const SideSpan tip = Ordered(at, at + inward * 0.02 * short_side);
            ok = Coverage(line, before) >= options.min_corner_coverage && Coverage(line, tip) > 0;
          }
          if (!ok) break;
        }
      }
      if (!ok) continue;
      c.score = total / 4;
      c.rank = c.score * std::sqrt(area / image_area);
      candidates.push_back(c);
    }
  }
  // The best ranked quad whose sides are real paper edges: a change of tone
  // across each seen side, and a border side only where the paper runs into
  // the border (its neighbours seen up to there, paper tone along it).
  std::sort(candidates.begin(), candidates.end(), [](const Candidate& x, const Candidate& y) { return x.rank > y.rank; });
  const Candidate* chosen = nullptr;
  for (const Candidate& c : candidates) {
    bool ok = true;
    std::vector<double> inside;  // the paper's tone just inside each seen side
    for (int k = 0; k < 4 && ok; ++k) {
      const EdgeLine& line = lines[c.lines[k]];
      if (line.border) continue;
      const double contrast = SideContrast(line, c.spans[k].lo, c.spans[k].hi, gray);
      ok = contrast >= options.min_side_contrast && Roughness(line, c.spans[k], gray) <= options.max_roughness;
      inside.push_back(StripMedian(line, c.spans[k], gray));
    }
    for (int k = 0; k < 4 && ok; ++k) {
      const EdgeLine& line = lines[c.lines[k]];
      if (!line.border) continue;
      // The neighbours' last stretch before this border must be seen.
      for (int neighbour : {(k + 3) % 4, (k + 1) % 4}) {
        const EdgeLine& next = lines[c.lines[neighbour]];
        if (next.border) continue;
        const SideSpan& span = c.spans[neighbour];
        const double end = Dot(c.corners[neighbour == (k + 3) % 4 ? (k + 3) % 4 : k] - next.origin, next.dir);
        // Clipped to the image but not trimmed: the edge must be seen up to a
        // few pixels from the border, and densely over its last fifth.
        const bool at_lo = std::abs(end - span.lo) < std::abs(end - span.hi);
        const auto [in_lo, in_hi] = ClipToBox(next, box);
        const double reach = 0.2 * span.length(), gap = 0.02 * short_side;
        const SideSpan last = at_lo ? SideSpan{std::max(in_lo, end), span.lo + reach}
                                    : SideSpan{span.hi - reach, std::min(in_hi, end)};
        const SideSpan tip = at_lo ? SideSpan{last.lo, last.lo + gap} : SideSpan{last.hi - gap, last.hi};
        ok &= Coverage(next, last) >= 0.5 && Coverage(next, tip) > 0;
      }
      if (!ok || inside.empty()) break;
      std::nth_element(inside.begin(), inside.begin() + inside.size() / 2, inside.end());
      const double paper = inside[inside.size() / 2];
      const SideSpan along = Visible(line, Dot(c.corners[(k + 3) % 4] - line.origin, line.dir),
                                     Dot(c.corners[k] - line.origin, line.dir), box);
      ok = StripMedian(line, along, gray) >= 0.75 * paper;
    }
    if (ok) {
      chosen = &c;
      break;
    }
  }
  if (!chosen) {
    outline.detail = "no quad of paper edges";
    return outline;
  }
  const Candidate& best = *chosen;
  // Clockwise as seen (y down), starting at the corner nearest the image's
  // top-left; back to image pixels (pixel centres: work x = (image x + 0.5) *
  // scale - 0.5).
  std::array<cv::Point2d, 4> corners = best.corners;
  double signed_area = 0;
  for (int k = 0; k < 4; ++k) signed_area += Cross(corners[k], corners[(k + 1) % 4]);
  if (signed_area < 0) std::reverse(corners.begin(), corners.end());
  const auto first = std::min_element(corners.begin(), corners.end(),
                                      [](cv::Point2d u, cv::Point2d v) { return u.x + u.y < v.x + v.y; });
  std::rotate(corners.begin(), first, corners.end());
  for (int k = 0; k < 4; ++k) {
    outline.corners_in_image[k] = cv::Point2f(static_cast<float>((corners[k].x + 0.5) / scale - 0.5),
                                              static_cast<float>((corners[k].y + 0.5) / scale - 0.5));
  }
  outline.found = true;
  outline.score = best.score;
  outline.border_sides = best.border_sides;
  outline.detail = "paper outline, " + std::to_string(static_cast<int>(std::lround(best.score * 100))) +
                   " % of its sides seen" +
                   (best.border_sides ? ", " + std::to_string(best.border_sides) + " on the image border" : "");
  return outline;
}

double Area(const PaperOutline& outline) {
  return cv::contourArea(std::vector<cv::Point2f>(outline.corners_in_image.begin(), outline.corners_in_image.end()));
}

// True when every corner of `inner` lies inside `outer` or within `slack`
// pixels of it.
bool Encloses(const PaperOutline& outer, const PaperOutline& inner, double slack) {
  const std::vector<cv::Point2f> polygon(outer.corners_in_image.begin(), outer.corners_in_image.end());
  return std::all_of(inner.corners_in_image.begin(), inner.corners_in_image.end(),
                     [&](cv::Point2f corner) { return cv::pointPolygonTest(polygon, corner, true) > -slack; });
}

}  // namespace

PaperOutline FindPaperOutline(const cv::Mat& image, const OutlineOptions& options, const cv::Mat& colour) {
  if (image.empty()) {
    PaperOutline outline;
    outline.detail = "empty image";
    return outline;
  }
  const double scale =
      std::min(1.0, static_cast<double>(options.work_long_side_px) / std::max(image.cols, image.rows));
  cv::Mat small;
  cv::resize(image, small, cv::Size(), scale, scale, cv::INTER_AREA);
  cv::Mat gray = small;
  if (small.channels() == 3) cv::cvtColor(small, gray, cv::COLOR_BGR2GRAY);
  const PaperOutline in_gray = OutlineIn(gray, scale, options);
  // Grey loses the edge of white paper against the pale checks of a coloured
  // cloth, so a frame printed on the sheet can pass for it (seed 900033 card
  // 0104: the left two of four grids). An outline that fills little of the
  // picture (3 of 136 found on other printers' sheets of seeds 900031 and
  // 900033; most fill half of it or more) is looked for again with colour
  // taken off, and that one replaces it only when it encloses it and is
  // clearly larger (the paper encloses every frame printed on it). Not the
  // other way round: chroma noise can hide a faint edge of white paper on a
  // white desk (seed 900033 card 0131).
  const double image_area = static_cast<double>(image.cols) * image.rows;
  if (!in_gray.found || Area(in_gray) >= options.small_outline * image_area) return in_gray;
  // A colour `image` is already shrunk to the working size; `colour` is shrunk here.
  const cv::Mat& source = image.channels() == 3 ? image : colour;
  if (source.empty() || source.channels() != 3) return in_gray;
  const double colour_scale =
      std::min(1.0, static_cast<double>(options.work_long_side_px) / std::max(source.cols, source.rows));
  cv::Mat colour_small = small;
  if (&source != &image) cv::resize(source, colour_small, cv::Size(), colour_scale, colour_scale, cv::INTER_AREA);
  PaperOutline in_colour = OutlineIn(Whiteness(colour_small, options.colour_weight), colour_scale, options);
  if (!in_colour.found) return in_gray;
  const cv::Point2f to_image(static_cast<float>(image.cols) / source.cols, static_cast<float>(image.rows) / source.rows);
  for (cv::Point2f& corner : in_colour.corners_in_image)
    corner = cv::Point2f((corner.x + 0.5f) * to_image.x - 0.5f, (corner.y + 0.5f) * to_image.y - 0.5f);
  in_colour.detail += ", colour taken off";
  const double slack = 0.02 * std::min(image.cols, image.rows);
  return Encloses(in_colour, in_gray, slack) && Area(in_colour) >= options.larger_outline * Area(in_gray) ? in_colour
                                                                                                     : in_gray;
}

}  // namespace scorecheck
