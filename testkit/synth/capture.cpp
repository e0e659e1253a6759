#include "synth/capture.h"

#include <algorithm>
#include <cmath>
#include <cstddef>
#include <cstdint>
#include <utility>
#include <vector>

#include <opencv2/imgcodecs.hpp>
#include <opencv2/imgproc.hpp>

#include "core/error.h"
#include "synth/random.h"

namespace scorecheck {
namespace {

using namespace synth_random;

cv::Point2d Apply(const cv::Matx33d& h, cv::Point2d p) {
  const cv::Vec3d q = h * cv::Vec3d(p.x, p.y, 1.0);
  return {q[0] / q[2], q[1] / q[2]};
}

cv::Matx33d Translation(double dx, double dy) { return {1, 0, dx, 0, 1, dy, 0, 0, 1}; }

// Images of the page's outer corners, in page order TL, TR, BR, BL.
std::array<cv::Point2d, 4> Corners(const cv::Matx33d& h, cv::Size page) {
  const double x1 = page.width - 0.5, y1 = page.height - 0.5;
  return {Apply(h, {-0.5, -0.5}), Apply(h, {x1, -0.5}), Apply(h, {x1, y1}), Apply(h, {-0.5, y1})};
}

cv::Rect2d BoundsOf(const std::array<cv::Point2d, 4>& quad) {
  double x0 = quad[0].x, x1 = quad[0].x, y0 = quad[0].y, y1 = quad[0].y;
  for (const cv::Point2d& p : quad) {
    x0 = std::min(x0, p.x);
    x1 = std::max(x1, p.x);
    y0 = std::min(y0, p.y);
    y1 = std::max(y1, p.y);
  }
  return {x0, y0, x1 - x0, y1 - y0};
}

double AreaOf(const std::array<cv::Point2d, 4>& quad) {
  double twice = 0.0;
  for (int i = 0; i < 4; ++i) twice += quad[i].x * quad[(i + 1) % 4].y - quad[(i + 1) % 4].x * quad[i].y;
  return std::abs(twice) / 2.0;
}

// Local linear scale of `h` at page point p (sqrt of the Jacobian's determinant).
double LocalScale(const cv::Matx33d& h, cv::Point2d p) {
  const cv::Point2d o = Apply(h, p), dx = Apply(h, p + cv::Point2d(1, 0)), dy = Apply(h, p + cv::Point2d(0, 1));
  const cv::Point2d a = dx - o, b = dy - o;
  return std::sqrt(std::abs(a.x * b.y - a.y * b.x));
}

// ---------------------------------------------------------------------------
// Pixel operations on whole images. Each is one or two OpenCV passes: at 12 MP a
// pass costs ~10-40 ms on one core, so the photo pipeline is budgeted in passes.
// ---------------------------------------------------------------------------

// Tone curve: 0 -> black, 255 -> white, with gamma in between. A camera or
// scanner never records printed black as 0 (flare, the sensor's black level) nor
// paper as 255 unless it over-exposes. One curve for all channels: a one-channel
// LUT is about twice as fast as a per-channel one, and colour comes from the light.
cv::Mat ToneLut(double black, double white, double gamma) {
  cv::Mat lut(1, 256, CV_8U);
  for (int v = 0; v < 256; ++v) {
    lut.at<uchar>(0, v) = cv::saturate_cast<uchar>(black + std::pow(v / 255.0, gamma) * (white - black));
  }
  return lut;
}

// The page made ready to be sampled at `scale` output px per page px. Bilinear
// sampling below ~0.8x skips pixels and aliases thin ruled lines (they would come
// and go along their length), where a lens and sensor would average. So: halve with
// pyrDown (a proper low-pass, and fast) while the scale is below 0.55, then, if it
// is still below 0.85, blur just enough for the remaining reduction.
struct Source {
  cv::Mat image;
  cv::Matx33d source_from_page = cv::Matx33d::eye();
};

Source PrepareSource(const cv::Mat& page, double scale) {
  Source source{page};
  while (scale < 0.55 && source.image.cols > 64 && source.image.rows > 64) {
    cv::Mat half;
    cv::pyrDown(source.image, half);  // dst pixel i is centred on src pixel 2i
    source.image = half;
    source.source_from_page = cv::Matx33d(0.5, 0, 0, 0, 0.5, 0, 0, 0, 1) * source.source_from_page;
    scale *= 2.0;
  }
  if (scale < 0.85) {
    cv::Mat blurred;
    cv::GaussianBlur(source.image, blurred, cv::Size(5, 5), 0.5 * std::sqrt(1.0 / (scale * scale) - 1.0));
    source.image = blurred;
  }
  return source;
}

// Optical blur of sigma px. The kernel is cut at about +-2 sigma (5 taps up to
// sigma 1.6): half the cost of OpenCV's default +-3 sigma at 12 MP, and a defocus
// spot is closer to a disc than to a Gaussian's long tails anyway.
void Defocus(cv::Mat& image, double sigma) {
  const int k = sigma < 0.7 ? 3 : (sigma <= 1.6 ? 5 : 7);
  cv::GaussianBlur(image, image, cv::Size(k, k), sigma);
}

// Sensor noise: luminance grain (the same in the three channels) plus chroma noise,
// blurred into the small blotches that demosaicing makes. Generated on a 512 px
// tile at a random phase and added tile by tile with saturating 8-bit add/subtract:
// two SIMD passes instead of 36 M normal draws per 12 MP photo. Grain that repeats
// every 512 px is invisible.
void AddSensorNoise(cv::Mat& image, double luma_sd, double chroma_sd, std::mt19937& rng) {
  constexpr int kTile = 512;
  cv::RNG cv_rng = CvRng(rng);
  cv::Mat luma(kTile, kTile, CV_32F);
  cv_rng.fill(luma, cv::RNG::NORMAL, 0.0, luma_sd);
  cv::Mat chroma(kTile, kTile, CV_32FC3);
  // A Gaussian blur of sigma s lowers white noise's deviation by 1 / (2 sqrt(pi) s);
  // draw it larger so the blotches keep chroma_sd.
  constexpr double kChromaBlur = 1.2;
  cv_rng.fill(chroma, cv::RNG::NORMAL, 0.0, chroma_sd * 2.0 * std::sqrt(kPi) * kChromaBlur);
  cv::GaussianBlur(chroma, chroma, cv::Size(0, 0), kChromaBlur, kChromaBlur, cv::BORDER_REFLECT);
  cv::Mat luma3;
  cv::merge(std::vector<cv::Mat>{luma, luma, luma}, luma3);
  cv::Mat noise = luma3 + chroma;
  cv::Mat positive, negative;
  cv::max(noise, 0.0, positive);
  cv::max(-noise, 0.0, negative);
  positive.convertTo(positive, CV_8UC3);
  negative.convertTo(negative, CV_8UC3);

  const int ox = UniformInt(rng, 0, kTile - 1), oy = UniformInt(rng, 0, kTile - 1);
  for (int ty = -oy; ty < image.rows; ty += kTile) {
    for (int tx = -ox; tx < image.cols; tx += kTile) {
      const cv::Rect tile(tx, ty, kTile, kTile);
      const cv::Rect part = tile & cv::Rect(0, 0, image.cols, image.rows);
      if (part.empty()) continue;
      cv::Mat dst = image(part);
      const cv::Rect src = part - tile.tl();
      cv::add(dst, positive(src), dst);
      cv::subtract(dst, negative(src), dst);
    }
  }
}

// Smooth noise of about unit deviation with features `feature_px` across.
cv::Mat SmoothNoise(cv::Size size, double feature_px, cv::RNG& cv_rng) {
  const int gw = std::max(2, static_cast<int>(std::ceil(size.width / feature_px)) + 1);
  const int gh = std::max(2, static_cast<int>(std::ceil(size.height / feature_px)) + 1);
  cv::Mat grid(gh, gw, CV_32F);
  cv_rng.fill(grid, cv::RNG::NORMAL, 0.0, 1.0);
  cv::Mat field;
  cv::resize(grid, field, size, 0, 0, cv::INTER_CUBIC);
  return field;
}

// Stretched noise: independent along y, smooth along x (features `length_px` long),
// the basic streak of wood grain and of cloth fibres.
cv::Mat StreakNoise(cv::Size size, double length_px, cv::RNG& cv_rng) {
  cv::Mat grid(size.height, std::max(2, static_cast<int>(size.width / length_px) + 1), CV_32F);
  cv_rng.fill(grid, cv::RNG::NORMAL, 0.0, 1.0);
  cv::Mat field;
  cv::resize(grid, field, size, 0, 0, cv::INTER_LINEAR);
  return field;
}

// The y coordinate of every pixel (a column 0..rows-1 repeated across).
cv::Mat YRamp(cv::Size size) {
  cv::Mat column(size.height, 1, CV_32F);
  for (int y = 0; y < size.height; ++y) column.at<float>(y) = static_cast<float>(y);
  return cv::repeat(column, 1, size.width);
}

// Square-wave stripes along one axis: 0.5 on the coloured half of each period,
// 0 elsewhere; a row (1 x n) to be repeated.
cv::Mat Stripes(int n, double period, double phase) {
  cv::Mat row(1, n, CV_32F);
  for (int i = 0; i < n; ++i) {
    row.at<float>(i) = std::cos(2.0 * kPi * (i / period + phase)) > 0.0 ? 0.5f : 0.0f;
  }
  return row;
}

cv::Mat Cos(const cv::Mat& radians) {
  cv::Mat ones = cv::Mat::ones(radians.size(), CV_32F), c, s;
  cv::polarToCart(ones, radians, c, s);
  return c;
}

// Blend between two colours by t (CV_32F, 0..1): CV_32FC3, 0..1.
cv::Mat Colourise(const cv::Mat& t, const cv::Vec3d& dark, const cv::Vec3d& light) {
  cv::Mat channels[3];
  for (int c = 0; c < 3; ++c) channels[c] = t * (light[c] - dark[c]) + dark[c];
  cv::Mat out;
  cv::merge(channels, 3, out);
  return out;
}

// Rotates a texture about its centre, cropping to `size` (the texture was made big
// enough that the corners stay covered).
cv::Mat RotateCrop(const cv::Mat& big, cv::Size size, double angle_deg) {
  cv::Matx23d m = cv::getRotationMatrix2D(cv::Point2f(big.cols / 2.0f, big.rows / 2.0f), angle_deg, 1.0);
  m(0, 2) -= (big.cols - size.width) / 2.0;
  m(1, 2) -= (big.rows - size.height) / 2.0;
  cv::Mat out;
  cv::warpAffine(big, out, m, size, cv::INTER_LINEAR, cv::BORDER_REFLECT);
  return out;
}

cv::Vec3d Rgb(double r, double g, double b) { return {b / 255.0, g / 255.0, r / 255.0}; }

enum class TableKind { kWood, kCloth, kLaminate };

// A table top, made procedurally at low resolution: `size` is about 1/8 of the
// photo's (1/4 for cloth), as the table needs no detail finer than a few mm and the
// sensor noise added later gives it grain. CV_32FC3 BGR, 0..1. Feature sizes are
// fractions of the texture, so the look does not depend on its resolution. The
// texture is drawn axis-aligned on an oversized square and rotated by a random angle.

cv::Mat MakeTable(cv::Size size, TableKind kind, std::mt19937& rng) {
  cv::RNG cv_rng = CvRng(rng);
  const int side = static_cast<int>(std::ceil(std::hypot(size.width, size.height))) + 4;
  const cv::Size big(side, side);
  cv::Mat table;
  if (kind == TableKind::kWood) {
    // Wood: growth rings (a cosine of a warped y coordinate) plus grain streaks.
    const double period = Uniform(rng, 0.03, 0.09) * side;
    cv::Mat warp = SmoothNoise(big, side / Uniform(rng, 2.0, 4.0), cv_rng) * Uniform(rng, 0.6, 1.6);
    warp += SmoothNoise(big, side / 12.0, cv_rng) * 0.15;
    cv::Mat phase = YRamp(big) * (2.0 * kPi / period) + warp * (2.0 * kPi);
    cv::Mat rings = Cos(phase);
    cv::Mat grain = StreakNoise(big, side / Uniform(rng, 3.0, 8.0), cv_rng);
    cv::Mat coarse = StreakNoise(cv::Size(side, side / 3), side / 4.0, cv_rng);
    cv::resize(coarse, coarse, big, 0, 0, cv::INTER_LINEAR);
    cv::Mat t = rings * 0.22 + grain * 0.10 + coarse * 0.12 + 0.5;
    cv::min(t, 1.0, t);
    cv::max(t, 0.0, t);
    static const std::array<std::pair<cv::Vec3d, cv::Vec3d>, 4> kWoods = {{
        {Rgb(150, 100, 60), Rgb(215, 170, 120)},  // oak
        {Rgb(70, 40, 25), Rgb(130, 85, 55)},      // walnut
        {Rgb(170, 130, 90), Rgb(230, 200, 160)},  // birch / pine
        {Rgb(110, 55, 35), Rgb(170, 95, 60)},     // cherry
    }};
    const auto& wood = kWoods[UniformInt(rng, 0, 3)];
    table = RotateCrop(Colourise(t, wood.first, wood.second), size, Uniform(rng, 0.0, 180.0));
  } else if (kind == TableKind::kCloth) {
    // Cloth: fibre streaks and soft folds; a gingham check a third of the time.
    cv::Mat fibres = StreakNoise(big, std::max(2.0, side / 200.0), cv_rng);
    cv::Mat t = fibres * 0.05 + 0.5;
    cv::Vec3d base;
    static const std::array<cv::Vec3d, 7> kCloths = {Rgb(235, 232, 225), Rgb(200, 190, 170), Rgb(150, 35, 40),
                                                     Rgb(40, 80, 50),    Rgb(45, 60, 110),   Rgb(120, 120, 125),
                                                     Rgb(60, 60, 65)};
    base = kCloths[UniformInt(rng, 0, static_cast<int>(kCloths.size()) - 1)];
    cv::Mat cloth = Colourise(t, base * 0.85, base * 1.15);
    if (Chance(rng, 0.35)) {
      // Gingham: bands of colour in x and y; a crossing is darker than a band.
      const double check = Uniform(rng, 0.012, 0.045) * side;  // ~6-25 mm squares
      const cv::Mat bx = cv::repeat(Stripes(side, check, Uniform(rng, 0.0, 1.0)), side, 1);
      const cv::Mat by = cv::repeat(Stripes(side, check, Uniform(rng, 0.0, 1.0)).t(), 1, side);
      cv::Mat bands;
      cv::GaussianBlur(bx + by, bands, cv::Size(0, 0), 0.6);
      const cv::Vec3d colour = kCloths[UniformInt(rng, 2, 4)];
      cv::Mat channels[3];
      cv::split(cloth, channels);
      for (int c = 0; c < 3; ++c) {
        // white*(1-b) + colour*b, on top of the fibre brightness
        channels[c] = channels[c].mul(1.0 - bands) * (0.95 / std::max(0.2, base[c])) + bands * colour[c];
      }
      cv::merge(channels, 3, cloth);
    }
    cv::Mat folds = SmoothNoise(big, side / Uniform(rng, 3.0, 6.0), cv_rng);
    folds.convertTo(folds, CV_32F, Uniform(rng, 0.04, 0.1), 1.0);
    cv::Mat folds3;
    cv::merge(std::vector<cv::Mat>{folds, folds, folds}, folds3);
    table = RotateCrop(cloth.mul(folds3), size, Uniform(rng, 0.0, 180.0));
  } else {
    // Laminate / painted desk: one colour, faint mottling and speckle.
    static const std::array<cv::Vec3d, 6> kDesks = {Rgb(240, 240, 236), Rgb(180, 180, 178), Rgb(40, 40, 42),
                                                    Rgb(220, 205, 180), Rgb(60, 70, 95),    Rgb(150, 155, 150)};
    const cv::Vec3d base = kDesks[UniformInt(rng, 0, static_cast<int>(kDesks.size()) - 1)];
    cv::Mat mottle = SmoothNoise(size, size.width / Uniform(rng, 4.0, 12.0), cv_rng) * 0.03;
    cv::Mat speckle(size, CV_32F);
    cv_rng.fill(speckle, cv::RNG::NORMAL, 0.0, 0.015);
    cv::Mat t = mottle + speckle + 0.5;
    table = Colourise(t, base * 0.5, base * 1.5);
  }
  cv::min(table, 1.0, table);
  cv::max(table, 0.0, table);
  return table;
}

// Lighting over the frame at low resolution (CV_32FC3 gain per channel): exposure,
// a gradient from one side, vignetting, an optional soft shadow (the photographer
// or the phone) whose edge passes through `shadow_point`, and a colour cast.
cv::Mat MakeLight(cv::Size size, cv::Point2d shadow_point, bool shadow, std::mt19937& rng) {
  cv::RNG cv_rng = CvRng(rng);
  const double exposure = Uniform(rng, 0.8, 1.08);
  const double gradient = Uniform(rng, 0.0, 0.35);
  const double gradient_dir = Uniform(rng, 0.0, 2.0 * kPi);
  const double vignette = Uniform(rng, 0.08, 0.35);
  // Colour cast left after the phone's white balance: mostly along the
  // warm (tungsten) / cool (shade) axis, a little green-magenta tint.
  const double temperature = ClampedNormal(rng, 0.0, 0.045, -0.12, 0.12);
  const double tint = ClampedNormal(rng, 0.0, 0.015, -0.04, 0.04);
  const cv::Vec3d cast(1.0 - temperature, 1.0 + tint, 1.0 + temperature);
  const double diag = std::hypot(size.width, size.height);
  const cv::Point2d centre(size.width / 2.0, size.height / 2.0);
  const cv::Point2d g_dir(std::cos(gradient_dir), std::sin(gradient_dir));

  cv::Mat gain(size, CV_32F);
  for (int y = 0; y < size.height; ++y) {
    float* row = gain.ptr<float>(y);
    for (int x = 0; x < size.width; ++x) {
      const cv::Point2d d = cv::Point2d(x, y) - centre;
      const double along = (d.x * g_dir.x + d.y * g_dir.y) / diag;      // -0.5..0.5
      const double r2 = (d.x * d.x + d.y * d.y) / (diag * diag / 4.0);  // 0 centre .. 1 corner
      row[x] = static_cast<float>((1.0 - gradient * (0.5 - along)) * (1.0 - vignette * r2));
    }
  }
  if (shadow) {
    // An ellipse whose boundary passes through shadow_point, lying beyond it in a
    // random direction, so part of the page is shaded and the edge crosses it.
    const double dir = Uniform(rng, 0.0, 2.0 * kPi);
    const double a = Uniform(rng, 0.25, 0.7) * diag, b = Uniform(rng, 0.25, 0.8) * diag;
    const cv::Point2d u(std::cos(dir), std::sin(dir));
    const cv::Point2d c = shadow_point + u * a;
    cv::Mat mask = cv::Mat::zeros(size, CV_32F);
    cv::ellipse(mask, cv::Point(cvRound(c.x), cvRound(c.y)), cv::Size(cvRound(a), cvRound(b)), dir * 180.0 / kPi, 0,
                360, cv::Scalar(1.0), cv::FILLED, cv::LINE_AA);
    const double penumbra = Uniform(rng, 0.008, 0.04) * diag;
    cv::GaussianBlur(mask, mask, cv::Size(0, 0), penumbra);
    const double darkness = Uniform(rng, 0.15, 0.45);
    gain = gain.mul(1.0 - mask * darkness);
  }
  // Paper is never perfectly even: a faint low-frequency unevenness of the light.
  cv::Mat uneven = SmoothNoise(size, diag / 6.0, cv_rng);
  uneven.convertTo(uneven, CV_32F, 0.015, 1.0);
  gain = gain.mul(uneven) * exposure;
  cv::Mat channels[3];
  for (int c = 0; c < 3; ++c) channels[c] = gain * cast[c];
  cv::Mat light;
  cv::merge(channels, 3, light);
  return light;
}

// Multiplies `image` by a low-resolution gain field (CV_32FC3). The gain is stored
// as 8-bit with 1.0 = 128 (so up to 2x, in steps of 0.8 %), upscaled once and
// applied with one saturating multiply.
void ApplyGain(cv::Mat& image, const cv::Mat& gain_low) {
  cv::Mat gain8_low;
  gain_low.convertTo(gain8_low, CV_8UC3, 128.0);
  cv::Mat gain8;
  cv::resize(gain8_low, gain8, image.size(), 0, 0, cv::INTER_LINEAR);
  cv::multiply(image, gain8, image, 1.0 / 128.0);
}

// A few dust specks and fibres on the scanner glass.
void AddDust(cv::Mat& image, double px_per_mm, std::mt19937& rng) {
  const int specks = UniformInt(rng, 0, 6);
  for (int i = 0; i < specks; ++i) {
    const cv::Point centre(UniformInt(rng, 0, image.cols - 1), UniformInt(rng, 0, image.rows - 1));
    const double grey = Uniform(rng, 60.0, 180.0);
    if (Chance(rng, 0.8)) {
      const int r = std::max(1, cvRound(Uniform(rng, 0.05, 0.25) * px_per_mm));
      cv::circle(image, centre, r, cv::Scalar::all(grey), cv::FILLED, cv::LINE_AA);
    } else {
      const double len = Uniform(rng, 1.0, 4.0) * px_per_mm, ang = Uniform(rng, 0.0, kPi);
      const cv::Point end = centre + cv::Point(cvRound(len * std::cos(ang)), cvRound(len * std::sin(ang)));
      cv::line(image, centre, end, cv::Scalar::all(grey), 1, cv::LINE_AA);
    }
  }
}

std::array<cv::Point, 4> IntQuad(const std::array<cv::Point2d, 4>& quad, double scale) {
  std::array<cv::Point, 4> out;
  for (int i = 0; i < 4; ++i) out[i] = cv::Point(cvRound(quad[i].x * scale), cvRound(quad[i].y * scale));
  return out;
}

// ---------------------------------------------------------------------------
// Scanner
// ---------------------------------------------------------------------------

struct ScanParams {
  double page_scale = 1.0;              // output px per page px before the scanner's own scale jitter
  double blur_lo = 0.5, blur_hi = 0.9;  // Gaussian sigma, output px
  bool low_quality = false;             // lowres: JPEG 75..90 always
};

Capture Scan(const cv::Mat& page, const ScanParams& params, std::mt19937& rng) {
  const double px_per_mm = 300.0 / 25.4 * params.page_scale;

  // Pose on the glass: a small rotation and the scanner's scale error (a low-dpi
  // scan is the same with a smaller scale).
  const double angle = ClampedNormal(rng, 0.0, 0.8, -2.0, 2.0);
  const double scale = params.page_scale * Uniform(rng, 0.97, 1.03);
  const cv::Point2d centre((page.cols - 1) / 2.0, (page.rows - 1) / 2.0);
  const cv::Matx23d rot = cv::getRotationMatrix2D(centre, angle, scale);
  cv::Matx33d pose(rot(0, 0), rot(0, 1), rot(0, 2), rot(1, 0), rot(1, 1), rot(1, 2), 0, 0, 1);
  const cv::Rect2d bounds = BoundsOf(Corners(pose, page.size()));
  // Margins of scanner lid around the page, 0.2-4 mm; more often than not the page
  // is pushed into a corner of the glass, leaving two thin margins there.
  auto margin = [&] { return Uniform(rng, 0.2, 4.0) * px_per_mm; };
  double left = margin(), top = margin(), right = margin(), bottom = margin();
  if (Chance(rng, 0.6)) {
    const int corner = UniformInt(rng, 0, 3);
    (corner % 2 == 0 ? left : right) = Uniform(rng, 0.1, 0.8) * px_per_mm;
    (corner < 2 ? top : bottom) = Uniform(rng, 0.1, 0.8) * px_per_mm;
  }
  // At least a pixel, so the page's outer edge stays inside the image.
  for (double* m : {&left, &top, &right, &bottom}) *m = std::max(*m, 1.5);
  const cv::Size out_size(static_cast<int>(std::ceil(bounds.width + left + right)),
                          static_cast<int>(std::ceil(bounds.height + top + bottom)));
  pose = Translation(left - bounds.x, top - bounds.y) * pose;

  // Lid: near-white, slightly grey or blue, a little uneven.
  cv::RNG cv_rng = CvRng(rng);
  const double lid = Uniform(rng, 222.0, 250.0);
  const cv::Size low(std::max(2, out_size.width / 8), std::max(2, out_size.height / 8));
  cv::Mat lid_low = SmoothNoise(low, low.width / 3.0, cv_rng);
  lid_low.convertTo(lid_low, CV_32F, 2.0, lid);
  cv::Mat lid3;
  cv::merge(std::vector<cv::Mat>{lid_low + Uniform(rng, 0.0, 4.0), lid_low, lid_low - Uniform(rng, 0.0, 2.0)}, lid3);
  cv::Mat image;
  lid3.convertTo(lid3, CV_8UC3);
  cv::resize(lid3, image, out_size, 0, 0, cv::INTER_LINEAR);

  // Scanner tone: paper a little below 255 (the scanner calibrates it neutral),
  // printed black well above 0.
  const double white = Uniform(rng, 238.0, 255.0), black = Uniform(rng, 12.0, 38.0);
  const Source source = PrepareSource(page, scale);
  cv::Mat toned;
  cv::LUT(source.image, ToneLut(black, white, Uniform(rng, 0.9, 1.15)), toned);
  const cv::Matx33d image_from_source = pose * source.source_from_page.inv();
  cv::warpAffine(toned, image,
                 cv::Matx23d(image_from_source(0, 0), image_from_source(0, 1), image_from_source(0, 2),
                             image_from_source(1, 0), image_from_source(1, 1), image_from_source(1, 2)),
                 out_size, cv::INTER_LINEAR, cv::BORDER_TRANSPARENT);

  // The scanner lamp throws the page's edge into a thin shadow on one or two sides.
  const auto quad = Corners(pose, page.size());
  const int first_edge = UniformInt(rng, 0, 3);
  const int edges = UniformInt(rng, 1, 2);
  for (int e = 0; e < edges; ++e) {
    const int i = (first_edge + e) % 4;
    const double grey = Uniform(rng, 120.0, 200.0);
    cv::line(image, cv::Point2d(quad[i]), cv::Point2d(quad[(i + 1) % 4]), cv::Scalar::all(grey),
             std::max(1, cvRound(Uniform(rng, 0.05, 0.2) * px_per_mm)), cv::LINE_AA);
  }

  Defocus(image, Uniform(rng, params.blur_lo, params.blur_hi));
  AddDust(image, px_per_mm, rng);
  AddSensorNoise(image, Uniform(rng, 1.0, 2.5), Uniform(rng, 0.3, 1.0), rng);

  Capture capture;
  capture.image = std::move(image);
  capture.image_from_page = pose;
  if (params.low_quality) {
    capture.extension = ".jpg";
    capture.jpeg_quality = UniformInt(rng, 75, 90);
  } else if (Chance(rng, 0.5)) {
    capture.extension = ".png";
  } else {
    capture.extension = ".jpg";
    capture.jpeg_quality = UniformInt(rng, 88, 96);
  }
  return capture;
}

// ---------------------------------------------------------------------------
// Camera
// ---------------------------------------------------------------------------

struct PhotoParams {
  std::vector<cv::Size> sensor_sizes;     // landscape; portrait is the transpose
  double same_orientation_chance = 0.85;  // frame held in the page's orientation
  double max_tilt_deg = 25.0;
  double roll_sd_deg = 6.0, max_roll_deg = 15.0;
  double area_lo = 0.50, area_hi = 0.85;  // page area / frame area, when it fits
  double blur_lo = 0.6, blur_hi = 1.5;    // Gaussian sigma, output px
  double luma_lo = 2.0, luma_hi = 5.0;    // sensor noise deviation, grey levels
  int jpeg_lo = 70, jpeg_hi = 90;
  // Hardships (kHardCaptureProfiles); each draws from the generator only when
  // on, so that the standard profiles' pictures stay as they were.
  double min_tilt_deg = 0.0;
  double motion_lo = 0, motion_hi = 0;  // motion blur length, share of the frame's long side
  bool hand_shadow = false;
  double light_lo = 1, light_hi = 1;    // the light, share of the usual
  bool patterned_table = false;
  double cut_lo = 0, cut_hi = 0;        // share of the page's extent pushed past one edge of the frame
  double bow_lo = 0, bow_hi = 0;        // curl: how far the middle of the page moves, share of its shorter side
};

// The page bowed as a sheet that does not lie flat: its middle lifted, so
// that seen from above every row (or column) bends by `amplitude` pixels at
// the middle and not at the ends, and its shading follows the bow (the side
// of the bow away from the light darker by up to a fifth).
cv::Mat Bowed(const cv::Mat& page, double amplitude, bool rows_bend, std::mt19937& rng) {
  cv::Mat map_x(page.size(), CV_32F), map_y(page.size(), CV_32F), shade(page.size(), CV_32F);
  const double dark = Uniform(rng, 0.05, 0.2);
  const bool lit_first = Chance(rng, 0.5);
  // The lift and the shade depend only on the position along the bow.
  const int length = rows_bend ? page.cols : page.rows;
  std::vector<double> lift(length), light(length);
  for (int i = 0; i < length; ++i) {
    const double along = static_cast<double>(i) / (length - 1);
    lift[i] = std::sin(kPi * along);
    const double slope = std::cos(kPi * along) * (lit_first ? 1 : -1);  // -1..1: facing away from the light .. towards
    light[i] = 1.0 - dark * std::max(0.0, -slope);
  }
  for (int y = 0; y < page.rows; ++y)
    for (int x = 0; x < page.cols; ++x) {
      const int i = rows_bend ? x : y;
      map_x.at<float>(y, x) = static_cast<float>(rows_bend ? x : x - amplitude * lift[i]);
      map_y.at<float>(y, x) = static_cast<float>(rows_bend ? y - amplitude * lift[i] : y);
      shade.at<float>(y, x) = static_cast<float>(light[i]);
    }
  cv::Mat bowed;
  cv::remap(page, bowed, map_x, map_y, cv::INTER_LINEAR, cv::BORDER_REPLICATE);
  cv::Mat shade3;
  cv::merge(std::vector<cv::Mat>{shade, shade, shade}, shade3);
  bowed.convertTo(bowed, CV_32FC3);
  bowed = bowed.mul(shade3);
  bowed.convertTo(bowed, CV_8UC3);
  return bowed;
}

// A hand's or an arm's shadow over the low-resolution light `gain` (CV_32FC3):
// an elongated soft shape reaching in from one edge of the frame, 30-60 %
// darker.
void AddHandShadow(cv::Mat& gain, std::mt19937& rng) {
  const cv::Size size = gain.size();
  const double diag = std::hypot(size.width, size.height);
  const int edge = UniformInt(rng, 0, 3);
  const double at = Uniform(rng, 0.2, 0.8);
  const cv::Point2d from = edge == 0   ? cv::Point2d(at * size.width, 0)
                           : edge == 1 ? cv::Point2d(size.width, at * size.height)
                           : edge == 2 ? cv::Point2d(at * size.width, size.height)
                                       : cv::Point2d(0, at * size.height);
  const cv::Point2d centre(size.width / 2.0, size.height / 2.0);
  const cv::Point2d inward = (centre - from) / std::max(1.0, cv::norm(centre - from));
  const double reach = Uniform(rng, 0.25, 0.55) * diag, width = Uniform(rng, 0.08, 0.16) * diag;
  const cv::Point2d middle = from + inward * (reach / 2);
  cv::Mat mask = cv::Mat::zeros(size, CV_32F);
  cv::ellipse(mask, cv::Point(cvRound(middle.x), cvRound(middle.y)), cv::Size(cvRound(reach / 2), cvRound(width / 2)),
              std::atan2(inward.y, inward.x) * 180.0 / kPi, 0, 360, cv::Scalar(1.0), cv::FILLED, cv::LINE_AA);
  cv::GaussianBlur(mask, mask, cv::Size(0, 0), std::max(0.8, Uniform(rng, 0.01, 0.03) * diag));
  cv::Mat keep = 1.0 - mask * Uniform(rng, 0.3, 0.6);
  cv::Mat keep3;
  cv::merge(std::vector<cv::Mat>{keep, keep, keep}, keep3);
  gain = gain.mul(keep3);
}

// A straight motion blur `length` pixels long at a random angle.
void MotionBlur(cv::Mat& image, double length, std::mt19937& rng) {
  image = SmearedAlong(image, Uniform(rng, 0.0, kPi), length);
}

// `page` as a photocopier gives it back. Its optics soften the page a
// little, so a thin rule loses some of its darkness; its toner then goes
// down where that darkness passes a threshold, softly and unevenly (the
// toner's grain): black print comes out black and a pixel thicker, the
// paper white or a pale grey, while a thin or light rule near the threshold
// comes out broken into dashes and dots, or hardly at all, and a light tint
// vanishes. Toner missing in patches breaks strokes; toner dust, a pixel or
// two across, speckles the page.
cv::Mat Photocopied(const cv::Mat& page, std::mt19937& rng) {
  cv::RNG cv_rng = CvRng(rng);
  cv::Mat grey, density;
  cv::cvtColor(page, grey, cv::COLOR_BGR2GRAY);
  // Its exposure set to the paper (a copy's pale grey paper copies white):
  // darkness 0 on the paper, 1 black.
  std::vector<uchar> levels(grey.begin<uchar>(), grey.end<uchar>());
  const auto paper_at = levels.begin() + static_cast<std::ptrdiff_t>(levels.size() * 9 / 10);
  std::nth_element(levels.begin(), paper_at, levels.end());
  const double paper_level = std::max(1.0, static_cast<double>(*paper_at));
  grey.convertTo(density, CV_32F, -1.0 / paper_level, 1.0);
  cv::max(density, 0.0, density);
  cv::GaussianBlur(density, density, cv::Size(0, 0), Uniform(rng, 0.4, 1.0));
  density += SmoothNoise(density.size(), Uniform(rng, 1.5, 3.0), cv_rng) * Uniform(rng, 0.02, 0.06);
  // The toner's response: none below the threshold (the paper's darkness
  // and its grain stay below it), full a softness above it.
  const double threshold = Uniform(rng, 0.12, 0.30), softness = Uniform(rng, 0.15, 0.45);
  cv::Mat toner = (density - threshold) / softness;
  cv::min(cv::max(toner, 0.0), 1.0, toner);
  // Toner missing in patches a few pixels wide: strokes and rules break there.
  cv::Mat weak = SmoothNoise(grey.size(), Uniform(rng, 3.0, 6.0), cv_rng);
  cv::threshold(weak, weak, Uniform(rng, 1.2, 1.8), 1.0, cv::THRESH_BINARY);
  toner = toner.mul(1.0 - weak * 0.8);
  cv::dilate(toner, toner, cv::getStructuringElement(cv::MORPH_ELLIPSE, cv::Size(3, 3)));
  // Speckle: toner dust, a pixel or two across.
  const int specks = static_cast<int>(Uniform(rng, 2e-4, 8e-4) * grey.total());
  for (int i = 0; i < specks; ++i)
    cv::circle(toner, cv::Point(UniformInt(rng, 0, toner.cols - 1), UniformInt(rng, 0, toner.rows - 1)),
               UniformInt(rng, 0, 1), cv::Scalar(Uniform(rng, 0.5, 1.0)), cv::FILLED);
  const double paper = Uniform(rng, 215.0, 250.0), black = Uniform(rng, 20.0, 60.0);
  toner.convertTo(grey, CV_8U, black - paper, paper);
  cv::Mat copy;
  cv::cvtColor(grey, copy, cv::COLOR_GRAY2BGR);
  return copy;
}

// Pinhole camera looking at the page: page px -> image px, before placement.
// The page lies in z = 0 centred on the optical axis, is tilted by `tilt` about an
// in-plane axis at `axis` and rolled about the optical axis, at distance d.
cv::Matx33d CameraHomography(cv::Size page, double focal, double distance, double tilt, double axis, double roll) {
  const cv::Vec3d k(std::cos(axis), std::sin(axis), 0.0);
  // Rodrigues: rotation by `tilt` about unit axis k.
  cv::Matx33d kx(0, -k[2], k[1], k[2], 0, -k[0], -k[1], k[0], 0);
  const cv::Matx33d r_tilt = cv::Matx33d::eye() + std::sin(tilt) * kx + (1.0 - std::cos(tilt)) * (kx * kx);
  const cv::Matx33d r_roll(std::cos(roll), -std::sin(roll), 0, std::sin(roll), std::cos(roll), 0, 0, 0, 1);
  const cv::Matx33d r = r_roll * r_tilt;
  // [r1 r2 t] maps (X, Y, 1) on the page plane to camera coordinates.
  const cv::Matx33d plane(r(0, 0), r(0, 1), 0.0, r(1, 0), r(1, 1), 0.0, r(2, 0), r(2, 1), distance);
  const cv::Matx33d intrinsics(focal, 0, 0, 0, focal, 0, 0, 0, 1);
  return intrinsics * plane * Translation(-(page.width - 1) / 2.0, -(page.height - 1) / 2.0);
}

Capture Photograph(const cv::Mat& flat_page, const PhotoParams& params, std::mt19937& rng) {
  const cv::Mat page = params.bow_hi > 0 ? Bowed(flat_page,
                                                 Uniform(rng, params.bow_lo, params.bow_hi) *
                                                     std::min(flat_page.cols, flat_page.rows),
                                                 Chance(rng, 0.5), rng)
                                         : flat_page;
  // Frame: a phone sensor size, usually held in the page's orientation.
  cv::Size frame = params.sensor_sizes[UniformInt(rng, 0, static_cast<int>(params.sensor_sizes.size()) - 1)];
  const bool page_portrait = page.rows >= page.cols;
  const bool same_orientation = Chance(rng, params.same_orientation_chance);
  if (page_portrait == same_orientation) frame = cv::Size(frame.height, frame.width);

  // Camera pose. Tilt is uniform in 0..max: steep shots are common. Phone main
  // cameras are 24-30 mm equivalent: focal = 0.67..0.83 x the long side.
  const double tilt = Uniform(rng, params.min_tilt_deg, params.max_tilt_deg) * kPi / 180.0;
  const double axis = Uniform(rng, 0.0, 2.0 * kPi);
  const double roll =
      ClampedNormal(rng, 0.0, params.roll_sd_deg, -params.max_roll_deg, params.max_roll_deg) * kPi / 180.0;
  const double focal = Uniform(rng, 0.67, 0.83) * std::max(frame.width, frame.height);
  const double area_fraction = Uniform(rng, params.area_lo, params.area_hi);
  // Distance that would make the untilted page cover area_fraction; the exact size
  // is fixed below by rescaling (= a slightly different focal length).
  const double page_area = static_cast<double>(page.cols) * page.rows;
  const double target_area = area_fraction * frame.area();
  const double distance = focal * std::sqrt(page_area / target_area);
  cv::Matx33d h = CameraHomography(page.size(), focal, distance, tilt, axis, roll);

  // Scale to the target area, then shrink until the whole page fits with a margin,
  // then place it at a random position in the remaining room.
  auto quad = Corners(h, page.size());
  double scale = std::sqrt(target_area / AreaOf(quad));
  const cv::Rect2d bounds = BoundsOf(quad);
  const double margin = 0.02 * std::min(frame.width, frame.height);
  scale = std::min({scale, (frame.width - 2 * margin) / bounds.width, (frame.height - 2 * margin) / bounds.height});
  const double room_x = frame.width - 2 * margin - bounds.width * scale;
  const double room_y = frame.height - 2 * margin - bounds.height * scale;
  const double tx = margin + Uniform(rng, 0.0, std::max(0.0, room_x)) - bounds.x * scale;
  const double ty = margin + Uniform(rng, 0.0, std::max(0.0, room_y)) - bounds.y * scale;
  h = Translation(tx, ty) * cv::Matx33d(scale, 0, 0, 0, scale, 0, 0, 0, 1) * h;
  quad = Corners(h, page.size());
  if (params.cut_hi > 0) {
    // Pushed past one edge of the frame by a share of its extent there.
    const cv::Rect2d placed = BoundsOf(quad);
    const double cut = Uniform(rng, params.cut_lo, params.cut_hi);
    const int side = UniformInt(rng, 0, 3);
    const double dx = side == 0 ? -(placed.x + cut * placed.width)
                      : side == 1 ? frame.width - (placed.x + (1 - cut) * placed.width) : 0;
    const double dy = side == 2 ? -(placed.y + cut * placed.height)
                      : side == 3 ? frame.height - (placed.y + (1 - cut) * placed.height) : 0;
    h = Translation(dx, dy) * h;
    quad = Corners(h, page.size());
  }

  // Sampled at the scale of the page's centre; the far side is smaller by up to
  // ~20 % at the steepest tilt, which the defocus blur covers.
  const Source source = PrepareSource(page, LocalScale(h, {(page.cols - 1) / 2.0, (page.rows - 1) / 2.0}));
  const cv::Matx33d image_from_source = h * source.source_from_page.inv();

  // Table, with the page's own shadow (the page lies slightly above the surface
  // and light comes from one side). Wood and laminate are smooth enough at 1/8
  // resolution; cloth is made at 1/4 so a gingham's edges stay crisp.
  const double kind_pick = Uniform(rng, 0.0, 1.0);
  const TableKind kind = params.patterned_table ? TableKind::kCloth
                         : kind_pick < 0.4      ? TableKind::kWood
                                                : (kind_pick < 0.7 ? TableKind::kCloth : TableKind::kLaminate);
  const double low_scale = kind == TableKind::kCloth ? 0.25 : 0.125;
  const cv::Size low(std::max(8, cvRound(frame.width * low_scale)), std::max(8, cvRound(frame.height * low_scale)));
  // The texture lives on the table's plane, which is the page's plane: made in
  // page coordinates over the part of the plane the frame sees, then projected with
  // the page's own homography, so a gingham or the grain shrinks with distance
  // exactly as the page does.
  const cv::Matx33d low_from_image(low_scale, 0, 0.5 * low_scale - 0.5, 0, low_scale, 0.5 * low_scale - 0.5, 0, 0, 1);
  const cv::Matx33d low_from_page = low_from_image * h;
  const cv::Matx33d page_from_low = low_from_page.inv();
  const cv::Rect2d seen = BoundsOf({Apply(page_from_low, {-0.5, -0.5}), Apply(page_from_low, {low.width - 0.5, -0.5}),
                                    Apply(page_from_low, {low.width - 0.5, low.height - 0.5}),
                                    Apply(page_from_low, {-0.5, low.height - 0.5})});
  // Texture pixels per page pixel: the projection's scale at the page centre, so the
  // texture has about the frame's resolution; capped against degenerate poses.
  double tex_scale = LocalScale(low_from_page, {(page.cols - 1) / 2.0, (page.rows - 1) / 2.0});
  tex_scale = std::min(tex_scale, 3.0 * std::max(low.width, low.height) / std::max(seen.width, seen.height));
  const cv::Size tex_size(std::max(8, cvCeil(seen.width * tex_scale)), std::max(8, cvCeil(seen.height * tex_scale)));
  const cv::Mat texture = MakeTable(tex_size, kind, rng);
  const cv::Matx33d low_from_tex =
      low_from_page * Translation(seen.x, seen.y) * cv::Matx33d(1.0 / tex_scale, 0, 0, 0, 1.0 / tex_scale, 0, 0, 0, 1);
  cv::Mat table;
  cv::warpPerspective(texture, table, low_from_tex, low, cv::INTER_LINEAR, cv::BORDER_REFLECT);
  {
    cv::Mat shadow = cv::Mat::zeros(low, CV_32F);
    const double diag = std::hypot(frame.width, frame.height);
    const double offset = Uniform(rng, 0.002, 0.008) * diag;
    const double dir = Uniform(rng, 0.0, 2.0 * kPi);
    std::array<cv::Point2d, 4> shifted = quad;
    for (cv::Point2d& p : shifted) p += cv::Point2d(std::cos(dir), std::sin(dir)) * offset;
    const auto poly = IntQuad(shifted, low_scale);
    cv::fillConvexPoly(shadow, poly.data(), 4, cv::Scalar(1.0), cv::LINE_AA);
    cv::GaussianBlur(shadow, shadow, cv::Size(0, 0), std::max(0.8, Uniform(rng, 0.003, 0.012) * diag * low_scale));
    cv::Mat keep = 1.0 - shadow * Uniform(rng, 0.25, 0.5);
    cv::Mat keep3;
    cv::merge(std::vector<cv::Mat>{keep, keep, keep}, keep3);
    table = table.mul(keep3);
  }
  cv::Mat image;
  cv::Mat table8;
  table.convertTo(table8, CV_8UC3, 255.0);
  cv::resize(table8, image, frame, 0, 0, cv::INTER_LINEAR);

  // The page: tone (flare lifts the blacks), then the perspective warp, only over
  // the page's bounding box.
  const double black = Uniform(rng, 15.0, 45.0);
  cv::Mat toned;
  cv::LUT(source.image, ToneLut(black, Uniform(rng, 240.0, 254.0), Uniform(rng, 0.9, 1.2)), toned);
  const cv::Rect2d quad_bounds = BoundsOf(quad);
  const cv::Rect roi = cv::Rect(cvFloor(quad_bounds.x) - 2, cvFloor(quad_bounds.y) - 2, cvCeil(quad_bounds.width) + 5,
                                cvCeil(quad_bounds.height) + 5) &
                       cv::Rect(0, 0, frame.width, frame.height);
  cv::Mat image_roi = image(roi);
  cv::warpPerspective(toned, image_roi, Translation(-roi.x, -roi.y) * image_from_source, roi.size(), cv::INTER_LINEAR,
                      cv::BORDER_TRANSPARENT);

  // Light over everything, at 1/16 resolution. The shadow's edge crosses a random
  // point of the page (bilinear in the quad), so it shades part of it.
  const double light_scale = 1.0 / 16.0;
  const cv::Size light_size(std::max(4, cvRound(frame.width * light_scale)),
                            std::max(4, cvRound(frame.height * light_scale)));
  const double u = Uniform(rng, 0.15, 0.85), v = Uniform(rng, 0.15, 0.85);
  const cv::Point2d on_page = (quad[0] * (1 - u) + quad[1] * u) * (1 - v) + (quad[3] * (1 - u) + quad[2] * u) * v;
  cv::Mat light = MakeLight(light_size, on_page * light_scale, Chance(rng, 0.8), rng);
  if (params.hand_shadow) AddHandShadow(light, rng);
  if (params.light_hi < 1) light *= Uniform(rng, params.light_lo, params.light_hi);
  ApplyGain(image, light);

  Defocus(image, Uniform(rng, params.blur_lo, params.blur_hi));
  if (params.motion_hi > 0)
    MotionBlur(image, Uniform(rng, params.motion_lo, params.motion_hi) * std::max(frame.width, frame.height), rng);
  AddSensorNoise(image, Uniform(rng, params.luma_lo, params.luma_hi), Uniform(rng, 1.0, 2.5), rng);

  Capture capture;
  capture.image = std::move(image);
  capture.image_from_page = h;
  capture.extension = ".jpg";
  capture.jpeg_quality = UniformInt(rng, params.jpeg_lo, params.jpeg_hi);
  return capture;
}

// Turns a capture clockwise by `degrees` (90, 180, 270), image and homography.
void Rotate(Capture& capture, int degrees) {
  const int w = capture.image.cols, h = capture.image.rows;
  cv::Matx33d turn;
  if (degrees == 90) {
    cv::rotate(capture.image, capture.image, cv::ROTATE_90_CLOCKWISE);
    turn = cv::Matx33d(0, -1, h - 1, 1, 0, 0, 0, 0, 1);  // (x, y) -> (h-1-y, x)
  } else if (degrees == 180) {
    cv::rotate(capture.image, capture.image, cv::ROTATE_180);
    turn = cv::Matx33d(-1, 0, w - 1, 0, -1, h - 1, 0, 0, 1);
  } else {
    cv::rotate(capture.image, capture.image, cv::ROTATE_90_COUNTERCLOCKWISE);
    turn = cv::Matx33d(0, 1, 0, -1, 0, w - 1, 0, 0, 1);  // (x, y) -> (y, w-1-x)
  }
  capture.image_from_page = turn * capture.image_from_page;
  capture.rotation_deg = degrees;
}

// The standard phone photo's parameters (kPhoto), which the hardships start from.
PhotoParams PhoneParams() {
  PhotoParams params;
  params.sensor_sizes = {{4032, 3024}, {4000, 3000}, {3648, 2736}, {3264, 2448}, {4000, 2250}};
  return params;
}

// kPhoto's parameters with the one hardship of `profile` (a photo's).
PhotoParams HardshipParams(CaptureProfile profile) {
  PhotoParams params = PhoneParams();
  switch (profile) {
    case CaptureProfile::kSteep: params.min_tilt_deg = 20, params.max_tilt_deg = 35; break;
    case CaptureProfile::kMotion: params.motion_lo = 0.003, params.motion_hi = 0.012; break;
    case CaptureProfile::kShadow: params.hand_shadow = true; break;
    case CaptureProfile::kDim: params.light_lo = 0.3, params.light_hi = 0.5, params.luma_lo = 5, params.luma_hi = 10; break;
    case CaptureProfile::kPattern: params.patterned_table = true; break;
    case CaptureProfile::kCutOff: params.cut_lo = 0.03, params.cut_hi = 0.09; break;
    case CaptureProfile::kCurl: params.bow_lo = 0.005, params.bow_hi = 0.02; break;
    default: break;
  }
  return params;
}

}  // namespace

const char* CaptureProfileName(CaptureProfile profile) {
  switch (profile) {
    case CaptureProfile::kScan:
      return "scan";
    case CaptureProfile::kPhoto:
      return "photo";
    case CaptureProfile::kLowres:
      return "lowres";
    case CaptureProfile::kRotated:
      return "rotated";
    case CaptureProfile::kSteep: return "steep";
    case CaptureProfile::kMotion: return "motion";
    case CaptureProfile::kShadow: return "shadow";
    case CaptureProfile::kDim: return "dim";
    case CaptureProfile::kPattern: return "pattern";
    case CaptureProfile::kCutOff: return "cutoff";
    case CaptureProfile::kCopy: return "copy";
    case CaptureProfile::kCurl: return "curl";
  }
  return "unknown";
}

std::optional<CaptureProfile> ParseCaptureProfile(std::string_view name) {
  for (CaptureProfile profile : kAllCaptureProfiles) {
    if (name == CaptureProfileName(profile)) return profile;
  }
  for (CaptureProfile profile : kHardCaptureProfiles)
    if (name == CaptureProfileName(profile)) return profile;
  return std::nullopt;
}

cv::Mat SmearedAlong(const cv::Mat& image, double angle_rad, double length_px) {
  const int size = std::max(3, 2 * cvRound(length_px / 2) + 1);
  cv::Mat kernel = cv::Mat::zeros(size, size, CV_32F);
  const cv::Point2d c(size / 2.0 - 0.5, size / 2.0 - 0.5),
      d(std::cos(angle_rad) * length_px / 2, std::sin(angle_rad) * length_px / 2);
  cv::line(kernel, cv::Point(cvRound(c.x - d.x), cvRound(c.y - d.y)), cv::Point(cvRound(c.x + d.x), cvRound(c.y + d.y)),
           cv::Scalar(1.0), 1, cv::LINE_AA);
  kernel /= cv::sum(kernel)[0];
  cv::Mat smeared;
  cv::filter2D(image, smeared, -1, kernel, cv::Point(-1, -1), 0, cv::BORDER_REPLICATE);
  return smeared;
}

cv::Mat BowedAlong(const cv::Mat& image, double amplitude_px, bool rows_bend) {
  cv::Mat map(image.size(), CV_32FC2);
  for (int y = 0; y < image.rows; ++y)
    for (int x = 0; x < image.cols; ++x) {
      const double along = rows_bend ? x / (image.cols - 1.0) : y / (image.rows - 1.0);
      const double lift = amplitude_px * std::sin(CV_PI * along);
      map.at<cv::Vec2f>(y, x) = rows_bend ? cv::Vec2f(x, static_cast<float>(y - lift))
                                          : cv::Vec2f(static_cast<float>(x - lift), y);
    }
  cv::Mat bowed;
  cv::remap(image, bowed, map, cv::noArray(), cv::INTER_LINEAR, cv::BORDER_REPLICATE);
  return bowed;
}

cv::Mat InDimLight(const cv::Mat& image, double light, double grain, unsigned seed) {
  constexpr double kPaper = 255;
  constexpr int kGrainPx = 2;
  cv::Mat dim, fine(image.rows / kGrainPx, image.cols / kGrainPx, CV_32F), noise;
  image.convertTo(dim, CV_32FC3, light);
  cv::RNG(seed).fill(fine, cv::RNG::NORMAL, 0, grain * kPaper * light);
  cv::resize(fine, noise, image.size(), 0, 0, cv::INTER_LINEAR);
  cv::cvtColor(noise, noise, cv::COLOR_GRAY2BGR);
  cv::Mat out;
  cv::Mat(dim + noise).convertTo(out, CV_8UC3);
  return out;
}

Capture ApplyCapture(const cv::Mat& page, CaptureProfile profile, std::mt19937& rng) {
  SC_CHECK(!page.empty() && page.type() == CV_8UC3, "capture needs a non-empty BGR 8-bit page, got "
                                                        << page.cols << "x" << page.rows << " of OpenCV type "
                                                        << page.type());
  switch (profile) {
    case CaptureProfile::kScan:
      return Scan(page, ScanParams{}, rng);
    case CaptureProfile::kRotated: {
      Capture capture = Scan(page, ScanParams{}, rng);
      Rotate(capture, 90 * UniformInt(rng, 1, 3));
      return capture;
    }
    case CaptureProfile::kPhoto:
      return Photograph(page, PhoneParams(), rng);
    case CaptureProfile::kSteep:
    case CaptureProfile::kMotion:
    case CaptureProfile::kShadow:
    case CaptureProfile::kDim:
    case CaptureProfile::kPattern:
    case CaptureProfile::kCutOff:
    case CaptureProfile::kCurl:
      return Photograph(page, HardshipParams(profile), rng);
    case CaptureProfile::kCopy:
      return Scan(Photocopied(Photocopied(page, rng), rng), ScanParams{}, rng);
    case CaptureProfile::kLowres: {
      if (Chance(rng, 0.5)) {
        // Page long side 1460..1620 px (~125-140 dpi for A4): with the scanner's
        // +-3 % scale, the rotated bounding box and the lid margins the image's long
        // side stays within 1400..1800.
        ScanParams params;
        const double long_side = Uniform(rng, 1460.0, 1620.0);
        params.page_scale = long_side / std::max(page.cols, page.rows);
        params.blur_lo = 0.6;
        params.blur_hi = 1.2;
        params.low_quality = true;
        return Scan(page, params, rng);
      }
      PhotoParams params;
      params.sensor_sizes = {{1600, 1200}, {1440, 1080}, {1632, 1224}, {1680, 1260}, {1536, 1152}, {1600, 900}};
      params.max_tilt_deg = 10.0;
      params.roll_sd_deg = 2.5;
      params.max_roll_deg = 6.0;
      params.area_lo = 0.55;
      params.area_hi = 0.85;
      params.blur_lo = 0.7;
      params.blur_hi = 1.4;
      params.luma_lo = 1.5;
      params.luma_hi = 4.0;
      params.jpeg_lo = 75;
      params.jpeg_hi = 90;
      return Photograph(page, params, rng);
    }
  }
  SC_CHECK(false, "unknown capture profile " << static_cast<int>(profile));
  return {};
}

cv::Point2d ImageFromPage(const Capture& capture, cv::Point2d page_px) {
  return Apply(capture.image_from_page, page_px);
}

std::array<cv::Point2d, 4> PageQuadInImage(const Capture& capture, cv::Size page_size) {
  return Corners(capture.image_from_page, page_size);
}

std::vector<uchar> EncodeCapture(const Capture& capture) {
  std::vector<int> params;
  if (capture.extension == ".jpg") params = {cv::IMWRITE_JPEG_QUALITY, capture.jpeg_quality};
  std::vector<uchar> bytes;
  const bool ok = cv::imencode(capture.extension, capture.image, bytes, params);
  SC_CHECK(ok, "cannot encode the capture as " << capture.extension);
  return bytes;
}

void WriteCapture(const Capture& capture, const std::string& path) {
  std::vector<int> params;
  if (capture.extension == ".jpg") params = {cv::IMWRITE_JPEG_QUALITY, capture.jpeg_quality};
  bool ok = false;
  try {
    ok = cv::imwrite(path, capture.image, params);
  } catch (const cv::Exception& e) {
    SC_CHECK(false, "cannot write '" << path << "': " << e.what());
  }
  SC_CHECK(ok, "cannot write '" << path << "'");
}

cv::Mat PhotographSideBySide(const std::vector<cv::Mat>& sheets, std::mt19937& rng, int long_side_px) {
  SC_CHECK(!sheets.empty(), "no sheet to photograph");
  int width = 0, height = 0;
  for (const cv::Mat& sheet : sheets) {
    SC_CHECK(!sheet.empty() && sheet.type() == CV_8UC3, "a sheet to photograph must be 8-bit colour");
    width += sheet.cols;
    height = std::max(height, sheet.rows);
  }
  // A table a fifth wider and taller than the sheets laid out, a gap of a
  // tenth of a sheet between neighbours.
  const int gap = static_cast<int>(0.1 * width / sheets.size());
  const cv::Size table(static_cast<int>(1.15 * width) + gap * static_cast<int>(sheets.size() + 1),
                       static_cast<int>(1.25 * height));
  cv::Mat photo(table, CV_8UC3);
  std::uniform_real_distribution<double> unit(0, 1);
  const double phase = 6.28 * unit(rng);
  for (int y = 0; y < table.height; ++y)
    for (int x = 0; x < table.width; ++x) {
      const double t = 0.5 + 0.3 * std::sin((x * 0.3 + y) / 53.0 + phase) + 0.15 * std::sin(x / 17.0 + y / 91.0);
      photo.at<cv::Vec3b>(y, x) = cv::Vec3b(cv::saturate_cast<uchar>(50 + 50 * t), cv::saturate_cast<uchar>(80 + 60 * t),
                                            cv::saturate_cast<uchar>(120 + 70 * t));
    }
  double x = gap + 0.05 * width;
  for (const cv::Mat& sheet : sheets) {
    const double angle = -4 + 8 * unit(rng);
    const cv::Point2f centre(static_cast<float>(x + sheet.cols / 2.0), static_cast<float>(table.height / 2.0));
    cv::Mat turn = cv::getRotationMatrix2D(cv::Point2f(sheet.cols / 2.0f, sheet.rows / 2.0f), angle, 1.0);
    turn.at<double>(0, 2) += centre.x - sheet.cols / 2.0;
    turn.at<double>(1, 2) += centre.y - sheet.rows / 2.0;
    cv::warpAffine(sheet, photo, turn, table, cv::INTER_AREA, cv::BORDER_TRANSPARENT);
    x += sheet.cols + gap;
  }
  const double scale = std::min(1.0, static_cast<double>(long_side_px) / std::max(table.width, table.height));
  cv::Mat small;
  cv::resize(photo, small, cv::Size(), scale, scale, cv::INTER_AREA);
  cv::GaussianBlur(small, small, cv::Size(3, 3), 0.7);
  cv::Mat noise(small.size(), CV_16SC3);
  cv::RNG(static_cast<uint64_t>(rng())).fill(noise, cv::RNG::NORMAL, 0, 3);
  cv::Mat noisy;
  cv::add(small, noise, noisy, cv::noArray(), CV_8UC3);
  return noisy;
}

}  // namespace scorecheck
