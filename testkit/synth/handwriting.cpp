#include "synth/handwriting.h"

#include <algorithm>
#include <cmath>
#include <cstdint>
#include <string>
#include <utility>

#include <opencv2/imgcodecs.hpp>
#include <opencv2/imgproc.hpp>
#include <opencv2/ximgproc.hpp>

#include "core/error.h"
#include "synth/random.h"

namespace scorecheck {
namespace {

using namespace synth_random;

// Smooth random field of roughly unit standard deviation whose features are about
// `feature_px` across: a coarse grid of normal noise, upsampled. Used for pen
// pressure and ink density, which vary slowly along a stroke.
cv::Mat SmoothNoise(cv::Size size, double feature_px, std::mt19937& rng) {
  const int gw = std::max(2, static_cast<int>(std::ceil(size.width / feature_px)) + 1);
  const int gh = std::max(2, static_cast<int>(std::ceil(size.height / feature_px)) + 1);
  cv::Mat grid(gh, gw, CV_32F);
  CvRng(rng).fill(grid, cv::RNG::NORMAL, 0.0, 1.0);
  cv::Mat field;
  cv::resize(grid, field, size, 0, 0, cv::INTER_LINEAR);
  return field;
}

// Stroke width in page pixels for one mark, with a little per-mark jitter (the
// pen is held differently, pressed harder).
double MarkWidthPx(const WriterStyle& writer, std::mt19937& rng) {
  const double nominal = writer.pen_width_px * writer.stroke_scale;
  return std::max(1.2, nominal * ClampedNormal(rng, 1.0, 0.08, 0.8, 1.2));
}

// Euclidean distance (CV_32F, px) of every pixel to the nearest non-zero pixel of
// a one-pixel centre line (CV_8U).
cv::Mat DistanceToLine(const cv::Mat& centre_line) {
  cv::Mat off_line = (centre_line == 0);
  cv::Mat dist;
  cv::distanceTransform(off_line, dist, cv::DIST_L2, cv::DIST_MASK_PRECISE);
  return dist;
}

// Ink coverage (CV_32F, 0..1, before opacity) of a round pen of `width_px` moved
// along a centre line, given each pixel's distance to that line (`dist`, px).
// Re-stroking a centre line rather than scaling the glyph's own blob gives the
// uniform line of a ballpoint at any size: digits.png strokes upscaled 5x would be
// ~1.2 mm wide, far too bold for a pen.
cv::Mat StrokeAlpha(const cv::Mat& dist, double width_px, const WriterStyle& writer, std::mt19937& rng) {
  // Pressure: the half width breathes by ~10 % along the stroke.
  const double feature_px = std::max(8.0, 6.0 * width_px);
  cv::Mat half_width = SmoothNoise(dist.size(), feature_px, rng);
  half_width.convertTo(half_width, CV_32F, 0.10 * width_px / 2.0, width_px / 2.0);

  // Coverage of a pixel at distance d from the centre line: 1 inside, a linear ramp
  // `edge` px wide across the edge (anti-aliasing; pencil edges are softer).
  const double edge = writer.pencil ? 1.8 : 1.0;
  cv::Mat alpha = (half_width - dist) * (1.0 / edge) + 0.5;
  cv::min(alpha, 1.0, alpha);
  cv::max(alpha, 0.0, alpha);

  // Ink density: a ballpoint lays down ink unevenly (lighter where it skips
  // slightly); pencil graphite sits on the paper's tooth, which looks grainy.
  cv::Mat density = SmoothNoise(dist.size(), feature_px, rng);
  density.convertTo(density, CV_32F, 0.07, 0.93);
  if (writer.pencil) {
    cv::Mat grain(dist.size(), CV_32F);
    CvRng(rng).fill(grain, cv::RNG::UNIFORM, 0.0, 1.0);
    cv::GaussianBlur(grain, grain, cv::Size(0, 0), 0.6);
    // Blurred uniform noise clusters near 0.5; stretch it to 0.35..1.
    grain.convertTo(grain, CV_32F, 2.2, -0.45);
    cv::min(grain, 1.0, grain);
    cv::max(grain, 0.35, grain);
    density = density.mul(grain);
  }
  cv::min(density, 1.0, density);
  return alpha.mul(density);
}

// Ink coverage for one patch of the page: alpha (CV_32F, 0..1) whose top-left
// pixel sits at page pixel `origin`.
struct InkPatch {
  cv::Mat alpha;
  cv::Point origin;
};

// Draws `patch` onto `page` as ink: each channel is multiplied by
// 1 - a * opacity * (1 - ink/255), i.e. the ink is a translucent filter, so what
// is printed underneath darkens but stays visible. Returns the bbox of the pixels
// whose coverage would change a white page by at least half a grey level.
cv::Rect CompositeInk(cv::Mat& page, const InkPatch& patch, const WriterStyle& writer) {
  const cv::Rect patch_rect(patch.origin, patch.alpha.size());
  const cv::Rect on_page = patch_rect & cv::Rect(0, 0, page.cols, page.rows);
  if (on_page.empty()) return {};
  const cv::Mat alpha = patch.alpha(on_page - patch.origin);

  double strength[3];
  double max_strength = 0.0;
  for (int c = 0; c < 3; ++c) {
    strength[c] = writer.ink_opacity * (1.0 - std::clamp(writer.ink_bgr[c], 0.0, 255.0) / 255.0);
    max_strength = std::max(max_strength, strength[c]);
  }

  cv::Mat roi = page(on_page);
  cv::Mat roi_f;
  roi.convertTo(roi_f, CV_32FC3);
  cv::Mat channels[3];
  cv::split(roi_f, channels);
  for (int c = 0; c < 3; ++c) {
    cv::Mat factor = 1.0 - alpha * strength[c];
    channels[c] = channels[c].mul(factor);
  }
  cv::merge(channels, 3, roi_f);
  roi_f.convertTo(roi, CV_8UC3);

  cv::Mat touched = alpha * (255.0 * max_strength) >= 0.5;
  const cv::Rect box = cv::boundingRect(touched);
  if (box.empty()) return {};
  return box + on_page.tl();
}

// Keeps only the part of `patch` inside `keep` (page pixels). Used as the last
// guarantee that ink stays in its cell when the caller did not allow overrun.
void ClipPatch(InkPatch& patch, const cv::Rect& keep) {
  const cv::Rect patch_rect(patch.origin, patch.alpha.size());
  const cv::Rect inside = patch_rect & keep;
  cv::Mat clipped = cv::Mat::zeros(patch.alpha.size(), CV_32F);
  if (!inside.empty()) {
    const cv::Rect local = inside - patch.origin;
    patch.alpha(local).copyTo(clipped(local));
  }
  patch.alpha = clipped;
}

// The whole-pixel rectangle inside the continuous cell rectangle.
cv::Rect InnerPixels(const cv::Rect2f& cell) {
  const int x0 = static_cast<int>(std::ceil(cell.x));
  const int y0 = static_cast<int>(std::ceil(cell.y));
  const int x1 = static_cast<int>(std::floor(cell.x + cell.width));
  const int y1 = static_cast<int>(std::floor(cell.y + cell.height));
  return cv::Rect(x0, y0, std::max(0, x1 - x0), std::max(0, y1 - y0));
}

void CheckPage(const cv::Mat& page, const cv::Rect2f& cell_px) {
  SC_CHECK(page.type() == CV_8UC3, "handwriting needs a BGR 8-bit page, got OpenCV type " << page.type());
  SC_CHECK(cell_px.width > 1.0f && cell_px.height > 1.0f,
           "cell " << cell_px.width << "x" << cell_px.height << " px is too small to write in");
}

// ---------------------------------------------------------------------------
// Digits
// ---------------------------------------------------------------------------

// Per-digit choices, drawn once so that a re-render at a smaller size (to fit a
// long number in its cell) keeps the same glyphs and pose.
struct DigitPlan {
  const cv::Mat* glyph = nullptr;
  double height_factor = 1.0;  // size jitter
  double aspect_x = 1.0;       // width/height stretch of this instance
  double rotation_deg = 0.0;
  double slant_deg = 0.0;
  double dy_frac = 0.0;       // baseline wobble, fraction of the digit height
  double width_factor = 1.0;  // stroke width jitter
  uint32_t seed = 0;          // for the elastic field, pressure, grain
};

struct RenderedDigit {
  InkPatch ink;        // origin relative to the digit's anchor, filled in at placement
  cv::Point2d anchor;  // patch coordinates of the glyph box centre
  double left = 0.0;   // ink extent left of the anchor, in un-slanted coordinates (<= 0)
  double right = 0.0;  // ink extent right of the anchor, un-slanted (>= 0)
};

// A loop the source glyph has filled in (a broad pen, a small loop of a 9, 6
// or 8: a third of digits.png's 8s have fewer than two holes) has no hole, so
// its skeleton is a short spur: re-stroked with a fine pen, a 9 became a "/"
// and a 6 an "l". A writer's pen goes round such a loop: where a disk as wide
// as the glyph's median stroke fits inside the shape, the outline of that part,
// inset by half a stroke, replaces the centre line. On a plain stroke that
// outline is about its centre line; on a filled loop it is the loop. With it,
// 0.9% of the test half's digits drawn at messiness 0 read as another digit,
// without it 1.6% (0.8% of the glyphs as they are). Both images CV_8U 0/255.
void DrawRoundFilledLoops(const cv::Mat& shape, cv::Mat& skeleton) {
  cv::Mat inside;
  cv::distanceTransform(shape, inside, cv::DIST_L2, cv::DIST_MASK_PRECISE);
  std::vector<float> half_widths;
  for (int v = 0; v < skeleton.rows; ++v)
    for (int u = 0; u < skeleton.cols; ++u)
      if (skeleton.at<uchar>(v, u)) half_widths.push_back(inside.at<float>(v, u));
  if (half_widths.empty()) return;
  std::nth_element(half_widths.begin(), half_widths.begin() + half_widths.size() / 2, half_widths.end());
  const double half_width = std::max(1.0, static_cast<double>(half_widths[half_widths.size() / 2]));
  const auto disk = [](double radius) {
    const int r = std::max(1, static_cast<int>(std::lround(radius)));
    return cv::getStructuringElement(cv::MORPH_ELLIPSE, cv::Size(2 * r + 1, 2 * r + 1));
  };
  cv::Mat blobs;
  cv::morphologyEx(shape, blobs, cv::MORPH_OPEN, disk(half_width));
  if (cv::countNonZero(blobs) == 0) return;
  cv::Mat loop_line;
  cv::erode(blobs, loop_line, disk(half_width));
  std::vector<std::vector<cv::Point>> loops;
  cv::findContours(loop_line, loops, cv::RETR_EXTERNAL, cv::CHAIN_APPROX_NONE);
  cv::Mat interior;
  cv::erode(loop_line, interior, disk(1.0));
  skeleton.setTo(0, interior);
  cv::drawContours(skeleton, loops, -1, cv::Scalar(255), 1);
}

// Renders one glyph at `height_px` (the height its ink box in digits.png maps to).
// Pipeline: one remap from the padded 20x20 glyph through slant, rotation, scale and
// an elastic displacement field (bicubic, so the upscale is smooth), a threshold to
// the digit's shape, its skeleton, the distance to that skeleton, and a re-stroke
// with the writer's pen on the full-resolution canvas.
// The shape and its skeleton are made at the canvas's full resolution. At half
// resolution (once done for big digits, to halve the cost of thinning) Zhang-Suen
// deleted diagonal strokes two pixels wide: the foot of a 2 went and it read as a
// reversed C, and 2.5% of the test half's digits drawn at messiness 0 read as
// another digit, against 1.6% at full resolution (before the filled loops below).
RenderedDigit RenderDigit(const DigitPlan& plan, double height_px, double slant_for_spacing_deg,
                          const WriterStyle& writer, double width_px) {
  std::mt19937 rng(plan.seed);
  constexpr int kPad = 4;
  cv::Mat src;
  plan.glyph->convertTo(src, CV_32F, 1.0 / 255.0);
  cv::copyMakeBorder(src, src, kPad, kPad, kPad, kPad, cv::BORDER_CONSTANT, 0.0);

  cv::Rect box = cv::boundingRect(*plan.glyph > 40);
  if (box.empty()) box = cv::Rect(0, 0, plan.glyph->cols, plan.glyph->rows);
  const cv::Point2d box_centre(kPad + box.x + (box.width - 1) / 2.0, kPad + box.y + (box.height - 1) / 2.0);
  const double scale = height_px / box.height;

  // Forward linear part, source px -> canvas px: rotate * shear * scale.
  const double rot = plan.rotation_deg * kPi / 180.0;
  const double shear = std::tan(plan.slant_deg * kPi / 180.0);
  const cv::Matx22d scale_m(scale * plan.aspect_x, 0.0, 0.0, scale);
  const cv::Matx22d shear_m(1.0, -shear, 0.0, 1.0);  // y grows downwards: top (y < 0) moves right
  const cv::Matx22d rot_m(std::cos(rot), -std::sin(rot), std::sin(rot), std::cos(rot));
  const cv::Matx22d forward = rot_m * shear_m * scale_m;
  const cv::Matx22d inverse = forward.inv();

  // Canvas: the transformed padded glyph plus room for the pen and the distortion.
  double min_x = 0, max_x = 0, min_y = 0, max_y = 0;
  for (double sx : {-box_centre.x, src.cols - box_centre.x}) {
    for (double sy : {-box_centre.y, src.rows - box_centre.y}) {
      const cv::Vec2d p = forward * cv::Vec2d(sx, sy);
      min_x = std::min(min_x, p[0]);
      max_x = std::max(max_x, p[0]);
      min_y = std::min(min_y, p[1]);
      max_y = std::max(max_y, p[1]);
    }
  }
  const double margin = width_px + 3.0;
  const cv::Point2d anchor(std::ceil(-min_x + margin), std::ceil(-min_y + margin));
  const cv::Size canvas(static_cast<int>(anchor.x + max_x + margin + 1),
                        static_cast<int>(anchor.y + max_y + margin + 1));

  // Elastic distortion (Simard, Steinkraus & Platt 2003): uniform noise in [-1, 1],
  // Gaussian-blurred with sigma, times alpha, as a displacement in source pixels.
  // Their values (sigma 4, alpha 34) are for 28 px MNIST; digits.png is MNIST at
  // 20 px, so sigma scales by k = 20/28 and alpha by k^2 (a blurred white-noise
  // field's amplitude falls as 1/sigma). alpha 34 is their strongest; messiness
  // picks 8..34 so every digit stays its class.
  constexpr double k = 20.0 / 28.0;
  const double sigma_src = 4.0 * k;
  const double alpha_src = (8.0 + 26.0 * std::clamp(writer.messiness, 0.0, 1.0)) * k * k;
  // The field lives at the glyph's own resolution (Simard's); bounded, as a tiny
  // digit (scale << 1) would otherwise ask for a huge one.
  const cv::Size field_size(std::clamp(static_cast<int>(std::ceil(canvas.width / scale)), 8, 128),
                            std::clamp(static_cast<int>(std::ceil(canvas.height / scale)), 8, 128));
  cv::Mat field[2];
  cv::RNG cv_rng = CvRng(rng);
  for (cv::Mat& f : field) {
    cv::Mat noise(field_size, CV_32F);
    cv_rng.fill(noise, cv::RNG::UNIFORM, -1.0, 1.0);
    cv::GaussianBlur(noise, noise, cv::Size(0, 0), sigma_src, sigma_src, cv::BORDER_REFLECT);
    cv::resize(noise * alpha_src, f, canvas, 0, 0, cv::INTER_LINEAR);
  }

  // Sampling map: canvas pixel -> source pixel. A plain loop: the canvas is ~100x100.
  cv::Mat map_x(canvas, CV_32F), map_y(canvas, CV_32F);
  for (int v = 0; v < canvas.height; ++v) {
    float* mx = map_x.ptr<float>(v);
    float* my = map_y.ptr<float>(v);
    const float* fx = field[0].ptr<float>(v);
    const float* fy = field[1].ptr<float>(v);
    const double dv = v - anchor.y;
    for (int u = 0; u < canvas.width; ++u) {
      const double du = u - anchor.x;
      mx[u] = static_cast<float>(box_centre.x + inverse(0, 0) * du + inverse(0, 1) * dv + fx[u]);
      my[u] = static_cast<float>(box_centre.y + inverse(1, 0) * du + inverse(1, 1) * dv + fy[u]);
    }
  }
  cv::Mat shape_f;
  cv::remap(src, shape_f, map_x, map_y, cv::INTER_CUBIC, cv::BORDER_CONSTANT, 0.0);

  RenderedDigit out;
  out.anchor = anchor;
  // 0.4 keeps the faint anti-aliased rim of MNIST strokes out of the shape, so thin
  // joins survive but the outline does not bloat.
  cv::Mat shape = shape_f > 0.4;
  if (cv::countNonZero(shape) == 0) {
    out.ink.alpha = cv::Mat::zeros(canvas, CV_32F);
    return out;
  }
  cv::Mat skeleton;
  cv::ximgproc::thinning(shape, skeleton, cv::ximgproc::THINNING_ZHANGSUEN);
  DrawRoundFilledLoops(shape, skeleton);
  cv::Mat dist = DistanceToLine(skeleton);
  out.ink.alpha = StrokeAlpha(dist, width_px * plan.width_factor, writer, rng);

  // Ink extent along the writing line, measured in coordinates with the slant
  // removed, so slanted digits are spaced by their bodies, not their wide boxes.
  const double unslant = std::tan(slant_for_spacing_deg * kPi / 180.0);
  double left = 0.0, right = 0.0;
  bool any = false;
  for (int v = 0; v < canvas.height; ++v) {
    const float* a = out.ink.alpha.ptr<float>(v);
    for (int u = 0; u < canvas.width; ++u) {
      if (a[u] < 0.3f) continue;
      const double x = (u - anchor.x) + unslant * (v - anchor.y);
      if (!any) {
        left = right = x;
        any = true;
      }
      left = std::min(left, x);
      right = std::max(right, x);
    }
  }
  out.left = left;
  out.right = right;
  return out;
}

// Bounding box of the coverage that would visibly change the page.
cv::Rect InkBox(const cv::Mat& alpha) { return cv::boundingRect(alpha > 0.002); }

// Lays the digits of one number out on a shared canvas (max of coverages, so
// touching digits merge like one continuous ink line). Returns the canvas with its
// origin relative to the number's nominal centre (0, 0).
InkPatch LayOutNumber(const std::vector<RenderedDigit>& digits, const std::vector<DigitPlan>& plans, double height_px,
                      double gap_px, double baseline_tilt) {
  // Anchor x of each digit along the line, then y with the baseline wobble.
  std::vector<cv::Point2d> anchors(digits.size());
  double cursor = 0.0;
  for (size_t i = 0; i < digits.size(); ++i) {
    const double x = (i == 0) ? -digits[i].left : cursor - digits[i].left;
    anchors[i] = cv::Point2d(x, 0.0);
    cursor = x + digits[i].right + gap_px;
  }
  const double line_length = cursor - gap_px;
  for (size_t i = 0; i < digits.size(); ++i) {
    anchors[i].x -= line_length / 2.0;
    anchors[i].y = plans[i].dy_frac * height_px + baseline_tilt * anchors[i].x;
  }

  // Union of the patches at whole-pixel offsets.
  cv::Rect all;
  std::vector<cv::Point> offsets(digits.size());
  for (size_t i = 0; i < digits.size(); ++i) {
    offsets[i] = cv::Point(static_cast<int>(std::lround(anchors[i].x - digits[i].anchor.x)),
                           static_cast<int>(std::lround(anchors[i].y - digits[i].anchor.y)));
    const cv::Rect r(offsets[i], digits[i].ink.alpha.size());
    all = (i == 0) ? r : (all | r);
  }
  InkPatch number;
  number.alpha = cv::Mat::zeros(all.size(), CV_32F);
  number.origin = all.tl();
  for (size_t i = 0; i < digits.size(); ++i) {
    cv::Mat dst = number.alpha(cv::Rect(offsets[i] - all.tl(), digits[i].ink.alpha.size()));
    cv::max(dst, digits[i].ink.alpha, dst);
  }
  return number;
}

// ---------------------------------------------------------------------------
// Strokes (crosses, ticks)
// ---------------------------------------------------------------------------

// A hand-drawn straight-ish line from p0 to p1: a slightly bowed quadratic curve
// with a small low-frequency wobble, sampled every ~2 px.
std::vector<cv::Point> HandPath(cv::Point2d p0, cv::Point2d p1, double bow_sd, std::mt19937& rng) {
  const cv::Point2d d = p1 - p0;
  const double length = std::max(1.0, std::hypot(d.x, d.y));
  const cv::Point2d normal(-d.y / length, d.x / length);
  const cv::Point2d control = (p0 + p1) * 0.5 + normal * (Normal(rng, 0.0, bow_sd) * length);
  const int steps = std::max(2, static_cast<int>(length / 2.0));
  const double wobble_amp = std::min(1.5, 0.006 * length);
  const double phase = Uniform(rng, 0.0, 2.0 * kPi);
  const double cycles = Uniform(rng, 0.5, 1.5);
  std::vector<cv::Point> points;
  points.reserve(steps + 1);
  for (int i = 0; i <= steps; ++i) {
    const double t = static_cast<double>(i) / steps;
    cv::Point2d p = (1 - t) * (1 - t) * p0 + 2 * (1 - t) * t * control + t * t * p1;
    p += normal * (wobble_amp * std::sin(phase + 2.0 * kPi * cycles * t));
    points.emplace_back(static_cast<int>(std::lround(p.x)), static_cast<int>(std::lround(p.y)));
  }
  return points;
}

// A stroke canvas covering the cell with room for the pen: skeleton CV_8U and the
// page position of its top-left pixel.
struct StrokeCanvas {
  cv::Mat skeleton;
  cv::Point origin;
  cv::Point2d ToCanvas(cv::Point2d page_px) const { return page_px - cv::Point2d(origin); }
};

StrokeCanvas MakeStrokeCanvas(const cv::Rect2f& cell, double width_px) {
  const int pad = static_cast<int>(std::ceil(width_px)) + 4;
  StrokeCanvas canvas;
  canvas.origin = cv::Point(static_cast<int>(std::floor(cell.x)) - pad, static_cast<int>(std::floor(cell.y)) - pad);
  canvas.skeleton = cv::Mat::zeros(static_cast<int>(std::ceil(cell.height)) + 2 * pad + 1,
                                   static_cast<int>(std::ceil(cell.width)) + 2 * pad + 1, CV_8U);
  return canvas;
}

void DrawPath(StrokeCanvas& canvas, cv::Point2d p0_page, cv::Point2d p1_page, double bow_sd, std::mt19937& rng) {
  const std::vector<cv::Point> path = HandPath(canvas.ToCanvas(p0_page), canvas.ToCanvas(p1_page), bow_sd, rng);
  cv::polylines(canvas.skeleton, path, false, cv::Scalar(255), 1, cv::LINE_8);
}

// Finishes a set of strokes: pen coverage, clipped to the cell, composited.
cv::Rect InkStrokes(cv::Mat& page, const StrokeCanvas& canvas, const cv::Rect2f& cell, double width_px,
                    const WriterStyle& writer, std::mt19937& rng) {
  InkPatch patch{StrokeAlpha(DistanceToLine(canvas.skeleton), width_px, writer, rng), canvas.origin};
  ClipPatch(patch, InnerPixels(cell));
  return CompositeInk(page, patch, writer);
}

}  // namespace

// ---------------------------------------------------------------------------
// Public API
// ---------------------------------------------------------------------------

WriterStyle RandomWriter(std::mt19937& rng, double dpi) {
  SC_CHECK(dpi > 0.0, "page resolution must be positive, got " << dpi << " dpi");
  const double px_per_mm = dpi / 25.4;
  WriterStyle w;
  w.digit_height_px = Uniform(rng, 4.5, 7.5) * px_per_mm;
  // Most people lean right a little; some write upright or backwards.
  w.slant_deg = ClampedNormal(rng, 5.0, 7.0, -15.0, 20.0);

  const double ink = Uniform(rng, 0.0, 1.0);
  if (ink < 0.35) {
    // Black ballpoint / gel: never quite black, often a little blue-violet.
    const double base = Uniform(rng, 25.0, 55.0);
    w.ink_bgr =
        cv::Scalar(base + Uniform(rng, 0.0, 15.0), base + Uniform(rng, -5.0, 5.0), base + Uniform(rng, -5.0, 5.0));
    w.pencil = false;
  } else if (ink < 0.80) {
    // Blue ballpoint: saturated mid blue (RGB ~ 25, 55, 150).
    w.ink_bgr = cv::Scalar(Uniform(rng, 125.0, 175.0), Uniform(rng, 35.0, 75.0), Uniform(rng, 5.0, 35.0));
    w.pencil = false;
  } else {
    const double grey = Uniform(rng, 65.0, 105.0);
    w.ink_bgr = cv::Scalar(grey + Uniform(rng, 0.0, 8.0), grey, grey - Uniform(rng, 0.0, 5.0));
    w.pencil = true;
  }

  if (w.pencil) {
    w.pen_width_px = 0.5 * px_per_mm;
    w.stroke_scale = Uniform(rng, 0.8, 1.4);
    w.ink_opacity = Uniform(rng, 0.6, 0.85);
  } else {
    w.pen_width_px = 0.45 * px_per_mm;
    if (Chance(rng, 0.12)) {
      // Felt tip / marker: people write bigger with one.
      w.stroke_scale = Uniform(rng, 1.8, 2.5);
      w.digit_height_px = std::max(w.digit_height_px, Uniform(rng, 6.0, 8.0) * px_per_mm);
    } else {
      w.stroke_scale = std::clamp(std::exp(Normal(rng, 0.0, 0.2)), 0.7, 1.5);
    }
    w.ink_opacity = Uniform(rng, 0.85, 0.97);
  }

  w.spacing = ClampedNormal(rng, 0.18, 0.15, -0.2, 0.6);
  w.size_jitter = Uniform(rng, 0.03, 0.10);
  w.position_jitter_px = Uniform(rng, 0.03, 0.10) * w.digit_height_px;
  w.rotation_jitter_deg = Uniform(rng, 1.0, 5.0);
  w.messiness = Uniform(rng, 0.15, 0.75);

  const double tick = Uniform(rng, 0.0, 1.0);
  w.tick_style = tick < 0.5 ? TickStyle::kCheck : (tick < 0.75 ? TickStyle::kSlash : TickStyle::kBar);
  const double cross = Uniform(rng, 0.0, 1.0);
  w.cross_style = cross < 0.55 ? CrossStyle::kX : (cross < 0.8 ? CrossStyle::kDiagonal : CrossStyle::kHorizontal);
  return w;
}

DigitBank DigitBank::LoadTestHalf(const std::string& digits_png_path) {
  return LoadIndices(digits_png_path, kDigitsPngTestBegin, kDigitsPngTestEnd);
}

DigitBank DigitBank::LoadTrainingHalf(const std::string& digits_png_path) {
  return LoadIndices(digits_png_path, 0, kDigitsPngTestBegin);
}

DigitBank DigitBank::LoadIndices(const std::string& digits_png_path, int begin, int end) {
  const cv::Mat sheet = cv::imread(digits_png_path, cv::IMREAD_GRAYSCALE);
  SC_CHECK(!sheet.empty(),
           "cannot read the digits sheet '" << digits_png_path << "' (Debian package opencv-doc provides it)");
  constexpr int kCols = 100;
  SC_CHECK(sheet.cols == kCols * kDigitsPngCellPx && sheet.rows == 10 * (kDigitsPngPerClass / kCols) * kDigitsPngCellPx,
           "'" << digits_png_path << "' is " << sheet.cols << "x" << sheet.rows
               << " px, not OpenCV's 2000x1000 digits sheet");
  DigitBank bank;
  for (int digit = 0; digit < 10; ++digit) {
    auto& glyphs = bank.glyphs_[digit];
    glyphs.reserve(end - begin);
    // Only the half asked for is ever copied out: per-class index i lives in
    // cell row 5*digit + i/100, column i%100 (tools/digits/split.md).
    for (int i = begin; i < end; ++i) {
      const int row = digit * (kDigitsPngPerClass / kCols) + i / kCols;
      const int col = i % kCols;
      glyphs.push_back(
          sheet(cv::Rect(col * kDigitsPngCellPx, row * kDigitsPngCellPx, kDigitsPngCellPx, kDigitsPngCellPx)).clone());
    }
  }
  return bank;
}

int DigitBank::size(int digit) const {
  SC_CHECK(digit >= 0 && digit <= 9, "digit " << digit << " is not 0..9");
  return static_cast<int>(glyphs_[digit].size());
}

const cv::Mat& DigitBank::Glyph(int digit, int index) const {
  SC_CHECK(digit >= 0 && digit <= 9, "digit " << digit << " is not 0..9");
  SC_CHECK(index >= 0 && index < static_cast<int>(glyphs_[digit].size()),
           "glyph index " << index << " out of range for digit " << digit << " (bank holds " << glyphs_[digit].size()
                          << ")");
  return glyphs_[digit][index];
}

cv::Rect WriteNumber(cv::Mat& page, const cv::Rect2f& cell_px, int value, const WriterStyle& writer,
                     const DigitBank& bank, std::mt19937& rng, const WriteOptions& options) {
  CheckPage(page, cell_px);
  SC_CHECK(value >= 0 && value <= 99999, "value " << value << " is outside 0..99999");
  const std::string text = std::to_string(value);
  const int n = static_cast<int>(text.size());

  // Per-digit choices first, so fitting can re-render with the same glyphs.
  const double number_rotation = Normal(rng, 0.0, 0.4 * writer.rotation_jitter_deg);
  std::vector<DigitPlan> plans(n);
  for (int i = 0; i < n; ++i) {
    const int digit = text[i] - '0';
    DigitPlan& p = plans[i];
    p.glyph = &bank.Glyph(digit, UniformInt(rng, 0, bank.size(digit) - 1));
    p.height_factor = ClampedNormal(rng, 1.0, writer.size_jitter, 0.75, 1.25);
    p.aspect_x = ClampedNormal(rng, 1.0, 0.06, 0.85, 1.15);
    p.rotation_deg = number_rotation + Normal(rng, 0.0, writer.rotation_jitter_deg);
    p.slant_deg = writer.slant_deg + Normal(rng, 0.0, 2.0);
    p.dy_frac = Normal(rng, 0.0, 0.03);
    p.width_factor = ClampedNormal(rng, 1.0, 0.07, 0.85, 1.15);
    p.seed = rng();
  }
  // Writing drifts slightly up or down along a long number.
  const double baseline_tilt = std::tan(Normal(rng, 0.0, 1.5) * kPi / 180.0);
  const double width_px = MarkWidthPx(writer, rng);

  // Size: the writer's habit, but nobody writes taller than the box allows. With
  // touch_border the writer is careless: bigger, and pushed against one border.
  double height = writer.digit_height_px * ClampedNormal(rng, 1.0, 0.04, 0.9, 1.1);
  if (options.touch_border) {
    height = std::max(height, cell_px.height * Uniform(rng, 0.75, 0.95));
  } else {
    height = std::min(height, cell_px.height * Uniform(rng, 0.62, 0.8));
  }
  // Below ~8 px a digit is a blot; a cell too small for that gets a clipped blot
  // rather than an endless shrink.
  constexpr double kMinHeightPx = 8.0;
  height = std::max(height, kMinHeightPx);
  const double margin = options.touch_border ? 0.0 : std::max(2.0, 0.05 * cell_px.height);
  const double avail_w = cell_px.width - 2.0 * margin;
  const double avail_h = cell_px.height - 2.0 * margin;

  // Render, measure, and shrink until the number fits (a writer squeezes a long
  // number into a small box). Usually one pass; at most four.
  InkPatch number;
  cv::Rect ink;
  for (int attempt = 0; attempt < 4; ++attempt) {
    std::vector<RenderedDigit> digits;
    digits.reserve(n);
    for (int i = 0; i < n; ++i) {
      // A pen too wide for the digit fills its loops; people write bigger with a
      // marker, and when the box forces small digits the line must give way.
      const double digit_width_px = std::min(width_px, 0.13 * height);
      digits.push_back(
          RenderDigit(plans[i], height * plans[i].height_factor, writer.slant_deg, writer, digit_width_px));
    }
    const double gap = writer.spacing * 0.55 * height;
    number = LayOutNumber(digits, plans, height, gap, baseline_tilt);
    ink = InkBox(number.alpha);
    if (ink.empty()) break;
    const double fit =
        std::min(avail_w / ink.width, (options.touch_border ? cell_px.height * 1.15 : avail_h) / ink.height);
    if (fit >= 1.0 || height <= kMinHeightPx) break;
    height = std::max(kMinHeightPx, height * fit * 0.97);
  }
  if (ink.empty()) return {};

  // Place the ink box: centred plus jitter, clamped into the available area.
  const cv::Point2d cell_centre(cell_px.x + cell_px.width / 2.0, cell_px.y + cell_px.height / 2.0);
  cv::Point2d centre = cell_centre + cv::Point2d(Normal(rng, 0.0, writer.position_jitter_px),
                                                 Normal(rng, 0.0, writer.position_jitter_px));
  const double half_w = ink.width / 2.0, half_h = ink.height / 2.0;
  if (options.touch_border) {
    // Overrun one border by 6-25 % of the digit height: mostly the bottom or top
    // (a tail or a top through the ruled line), sometimes a side of a long number.
    // Measured in digit heights so a long number does not spill into the next cell.
    const double overrun = Uniform(rng, 0.06, 0.25) * ink.height;
    const double side = Uniform(rng, 0.0, 1.0);
    if (side < 0.4) {
      centre.y = cell_px.y + cell_px.height - half_h + overrun;
    } else if (side < 0.7) {
      centre.y = cell_px.y + half_h - overrun;
    } else if (side < 0.85) {
      centre.x = cell_px.x + cell_px.width - half_w + overrun;
    } else {
      centre.x = cell_px.x + half_w - overrun;
    }
  } else {
    const double lo_x = cell_px.x + margin + half_w, hi_x = cell_px.x + cell_px.width - margin - half_w;
    const double lo_y = cell_px.y + margin + half_h, hi_y = cell_px.y + cell_px.height - margin - half_h;
    centre.x = lo_x <= hi_x ? std::clamp(centre.x, lo_x, hi_x) : cell_centre.x;
    centre.y = lo_y <= hi_y ? std::clamp(centre.y, lo_y, hi_y) : cell_centre.y;
  }
  // Move the patch so its ink box centre lands on `centre`.
  const cv::Point2d ink_centre_in_patch(ink.x + ink.width / 2.0, ink.y + ink.height / 2.0);
  number.origin = cv::Point(static_cast<int>(std::lround(centre.x - ink_centre_in_patch.x)),
                            static_cast<int>(std::lround(centre.y - ink_centre_in_patch.y)));
  if (!options.touch_border) ClipPatch(number, InnerPixels(cell_px));
  return CompositeInk(page, number, writer);
}

cv::Rect CrossOut(cv::Mat& page, const cv::Rect2f& cell_px, const WriterStyle& writer, std::mt19937& rng) {
  CheckPage(page, cell_px);
  CrossStyle style = writer.cross_style;
  if (Chance(rng, 0.2)) style = static_cast<CrossStyle>(UniformInt(rng, 0, 2));
  const double width_px = MarkWidthPx(writer, rng);
  StrokeCanvas canvas = MakeStrokeCanvas(cell_px, width_px);

  // Keep the pen inside the cell; the insets vary, as a hurried stroke starts and
  // ends anywhere near the corners.
  const double keep = width_px / 2.0 + 1.5;
  const double x0 = cell_px.x, y0 = cell_px.y, w = cell_px.width, h = cell_px.height;
  auto inset_x = [&] { return std::max(keep, Uniform(rng, 0.04, 0.2) * w); };
  auto inset_y = [&] { return std::max(keep, Uniform(rng, 0.06, 0.22) * h); };
  switch (style) {
    case CrossStyle::kX: {
      DrawPath(canvas, {x0 + inset_x(), y0 + inset_y()}, {x0 + w - inset_x(), y0 + h - inset_y()}, 0.03, rng);
      DrawPath(canvas, {x0 + w - inset_x(), y0 + inset_y()}, {x0 + inset_x(), y0 + h - inset_y()}, 0.03, rng);
      break;
    }
    case CrossStyle::kDiagonal: {
      DrawPath(canvas, {x0 + inset_x(), y0 + h - inset_y()}, {x0 + w - inset_x(), y0 + inset_y()}, 0.03, rng);
      break;
    }
    case CrossStyle::kHorizontal: {
      const double y_mid = y0 + h * Uniform(rng, 0.4, 0.6);
      const double rise = Normal(rng, 0.0, 0.06) * h;
      DrawPath(canvas, {x0 + inset_x(), y_mid + rise}, {x0 + w - inset_x(), y_mid - rise}, 0.02, rng);
      break;
    }
  }
  return InkStrokes(page, canvas, cell_px, width_px, writer, rng);
}

cv::Rect DrawTicks(cv::Mat& page, const cv::Rect2f& cell_px, int count, const WriterStyle& writer, std::mt19937& rng) {
  CheckPage(page, cell_px);
  SC_CHECK(count >= 1 && count <= 6, "tick count " << count << " is outside 1..6");
  const double width_px = MarkWidthPx(writer, rng);
  StrokeCanvas canvas = MakeStrokeCanvas(cell_px, width_px);

  // Natural size of one mark, relative to its height, and the gap between marks.
  double tick_h = std::min(cell_px.height * Uniform(rng, 0.5, 0.75), writer.digit_height_px * 1.1);
  const double aspect =
      writer.tick_style == TickStyle::kCheck ? 0.8 : (writer.tick_style == TickStyle::kSlash ? 0.45 : 0.0);
  const double slant = std::tan(writer.slant_deg * kPi / 180.0);
  double mark_w = std::max(aspect * tick_h, std::abs(slant) * tick_h);
  double gap = Uniform(rng, 0.2, 0.4) * tick_h;
  const double keep = width_px / 2.0 + 1.5;
  const double avail_w = cell_px.width - 2.0 * keep;
  double total = count * mark_w + (count - 1) * gap;
  if (total > avail_w) {
    // Squeeze: narrower marks and gaps first; a check mark keeps its shape by
    // shrinking in height too.
    const double f = avail_w / total;
    mark_w *= f;
    gap *= f;
    if (writer.tick_style == TickStyle::kCheck) tick_h *= std::max(f, 0.5);
    total = avail_w;
  }
  tick_h = std::min(tick_h, cell_px.height - 2.0 * keep);

  const double jitter = 0.5 * writer.position_jitter_px;
  const double cx = cell_px.x + cell_px.width / 2.0 +
                    std::clamp(Normal(rng, 0.0, jitter), -(avail_w - total) / 2.0, (avail_w - total) / 2.0);
  const double cy_room = (cell_px.height - 2.0 * keep - tick_h) / 2.0;
  const double cy = cell_px.y + cell_px.height / 2.0 + std::clamp(Normal(rng, 0.0, jitter), -cy_room, cy_room);

  double left = cx - total / 2.0;
  for (int i = 0; i < count; ++i) {
    const double h = tick_h * ClampedNormal(rng, 1.0, 0.06, 0.85, 1.0);
    const double top = cy - h / 2.0 + Normal(rng, 0.0, 0.03 * tick_h);
    const double bottom = top + h;
    const double x = left + i * (mark_w + gap);
    switch (writer.tick_style) {
      case TickStyle::kCheck: {
        // Short stroke down into the vertex, long stroke up to the right.
        const cv::Point2d start(x, top + h * Uniform(rng, 0.4, 0.6));
        const cv::Point2d vertex(x + mark_w * Uniform(rng, 0.25, 0.4), bottom);
        const cv::Point2d end(x + mark_w, top);
        DrawPath(canvas, start, vertex, 0.05, rng);
        DrawPath(canvas, vertex, end, 0.04, rng);
        break;
      }
      case TickStyle::kSlash: {
        DrawPath(canvas, {x, bottom}, {x + mark_w, top}, 0.03, rng);
        break;
      }
      case TickStyle::kBar: {
        // Upright bar with the writer's slant, centred in its slot.
        const double lean = slant * h / 2.0;
        const double xm = x + mark_w / 2.0 + Normal(rng, 0.0, 0.02 * h);
        DrawPath(canvas, {xm + lean, top}, {xm - lean, bottom}, 0.02, rng);
        break;
      }
    }
  }
  return InkStrokes(page, canvas, cell_px, width_px, writer, rng);
}

}  // namespace scorecheck
