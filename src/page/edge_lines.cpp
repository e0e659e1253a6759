#include "page/edge_lines.h"

#include <algorithm>
#include <cmath>

#include <opencv2/imgproc.hpp>

namespace scorecheck::paper {
namespace {

// Segments of one edge, or the two edges of one printed rule, run within this
// angle (degrees) of each other: the detector's segments of a straight
// paper edge scatter by a degree or two, a page's neighbouring sides meet at
// 90.
constexpr double kSameDirectionDeg = 6;
// Which side of a segment is brighter is read this far (work pixels) to
// either side of it: past the edge's blur, within the paper's margin.
constexpr double kSideProbePx = 2;

struct Segment {
  cv::Point2d a, b;
  double length = 0;
  cv::Point2d bright;  // unit normal towards the brighter side
};

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
      difference += Sample(gray, p + normal * kSideProbePx) - Sample(gray, p - normal * kSideProbePx);
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
  const double same_direction = std::cos(kSameDirectionDeg * CV_PI / 180);
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

// How often the tone just inside `line` jumps along `span`: the share of
// neighbouring 12-pixel blocks differing by more than 8 %. A paper margin is
// even (a shadow's edge or a stroke of handwriting make a jump or two); a
// chequered tablecloth seen between two of its stripes jumps at every check.
struct Jumps {
  int jumps = 0, pairs = 0;
};

Jumps CountJumps(const EdgeLine& line, SideSpan span, const cv::Mat& gray) {
  constexpr double kBlock = 12;        // work px
  constexpr double kToneJump = 0.08;   // share of the brighter block's grey: paper's own shading stays under it
  std::vector<double> blocks;
  for (double t = span.lo; t + kBlock <= span.hi; t += kBlock) {
    double sum = 0;
    for (double u = 1.5; u < kBlock; u += 3) sum += Strip(gray, line.origin + line.dir * (t + u), line.bright);
    blocks.push_back(sum / 4);
  }
  Jumps count;
  for (size_t i = 1; i < blocks.size(); ++i, ++count.pairs)
    count.jumps += std::abs(blocks[i] - blocks[i - 1]) > kToneJump * std::max(blocks[i], blocks[i - 1]);
  return count;
}

}  // namespace

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

std::vector<EdgeLine> FindEdgeLines(const cv::Mat& gray, double min_length) {
  return MergeSegments(DetectSegments(gray, min_length), gray);
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
  const double opposite = -std::cos(kSameDirectionDeg * CV_PI / 180);
  // The twin edge stands at least this far (work px) on the dark side: nearer
  // it is the same edge seen twice. It must run beside this one over this
  // share of its length to make it a rule's far side.
  constexpr double kMinTwinGapPx = 0.3, kMinTwinShare = 0.3;
  for (EdgeLine& line : lines) {
    if (line.support < min_support) continue;
    double twin_seen = 0, width = 0;
    for (const EdgeLine& other : lines) {
      if (&other == &line || Dot(other.bright, line.bright) > opposite) continue;
      for (const auto& [o0, o1] : other.seen) {
        // The other edge's stretch lies on this one's dark side, within a line's width.
        const cv::Point2d p0 = other.origin + other.dir * o0, p1 = other.origin + other.dir * o1;
        const double d0 = -Dot(p0 - line.origin, line.bright), d1 = -Dot(p1 - line.origin, line.bright);
        if (std::min(d0, d1) < kMinTwinGapPx || std::max(d0, d1) > kMaxWidth) continue;
        const double u0 = Dot(p0 - line.origin, line.dir), u1 = Dot(p1 - line.origin, line.dir);
        for (const auto& [s0, s1] : line.seen) {
          const double overlap = std::max(0.0, std::min(s1, std::max(u0, u1)) - std::max(s0, std::min(u0, u1)));
          twin_seen += overlap;
          if (overlap > 0) width = std::max(width, std::max(d0, d1));
        }
      }
    }
    if (twin_seen >= kMinTwinShare * line.support) line.dark_width = width;
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

SideSpan Visible(const EdgeLine& line, double t0, double t1, const cv::Rect2d& image_box) {
  SideSpan span{std::min(t0, t1), std::max(t0, t1)};
  // Near a corner the strip inside one side crosses the side it meets: the
  // ends of a side, this share of its length each, are left out.
  constexpr double kCornerTrim = 0.04;
  const double trim = kCornerTrim * span.length();
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

}  // namespace scorecheck::paper
