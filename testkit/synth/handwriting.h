#pragma once
// Handwriting for synthetic score cards: digits, crosses and tick marks written
// into a rendered (flat, BGR) sheet image, as one person with one pen would.
//
// Coordinates: page pixels, OpenCV convention (integer coordinates are pixel
// centres; a cv::Rect2f(x, y, w, h) spans x..x+w, y..y+h). All functions draw
// ink multiplicatively (ink darkens what is under it), so printed lines under a
// digit stay visible, as with a real pen.
//
// Data rule: digit shapes come only from the TEST half of OpenCV's digits.png
// (see kDigitsPngTestBegin below). The other half trains the recogniser, and a
// training digit in a synthetic image would make every measurement optimistic;
// it is drawn only on training cards (DigitBank::LoadTrainingHalf), which are
// never measured on.

#include <array>
#include <random>
#include <string>
#include <vector>

#include <opencv2/core.hpp>

namespace scorecheck {

// ---------------------------------------------------------------------------
// digits.png split. MUST match tools/digits/split.md ("digits_png": train
// [0,250), test [250,500) per class), owned by the digit-model work. Change the
// two together or not at all.
// ---------------------------------------------------------------------------

/// Default location of OpenCV's digits.png (Debian package opencv-doc).
inline constexpr const char* kDigitsPngPath = "/usr/share/doc/opencv-doc/examples/data/digits.png";
/// Digits per class in digits.png (5 rows of 100 cells of 20x20 px).
inline constexpr int kDigitsPngPerClass = 500;
/// First per-class index of the test half; indices below it are training digits and
/// must never be drawn into a synthetic image.
inline constexpr int kDigitsPngTestBegin = 250;
/// One past the last per-class index of the test half.
inline constexpr int kDigitsPngTestEnd = 500;
/// Side of one digits.png cell, px.
inline constexpr int kDigitsPngCellPx = 20;

/// How a writer ticks a box (one style per writer).
enum class TickStyle {
  kCheck,  ///< check mark: short down stroke, long up stroke
  kSlash,  ///< '/'
  kBar,    ///< '|' (tally)
};

/// How a writer crosses a box out (a writer has a favourite, used most of the time).
enum class CrossStyle {
  kX,           ///< two diagonals
  kDiagonal,    ///< one diagonal, bottom-left to top-right
  kHorizontal,  ///< one horizontal stroke through the middle
};

/// One person with one pen: the same style is used for every mark on a card.
/// All lengths are page pixels at the dpi given to RandomWriter().
struct WriterStyle {
  double digit_height_px = 75.0;     ///< typical digit height, px; default = 6.4 mm at 300 dpi
  double slant_deg = 5.0;            ///< shear of upright strokes, degrees, + = top leans right; -15..+20
  cv::Scalar ink_bgr{45, 38, 34};    ///< ink colour, BGR 0..255 (near-black, blue ballpoint, graphite grey)
  double stroke_scale = 1.0;         ///< line width multiplier on pen_width_px: 0.7 fine pen .. 2.5 felt tip
  double spacing = 0.15;             ///< gap between digits, fraction of a digit's width; < 0 = touching/overlapping
  double size_jitter = 0.06;         ///< per-digit relative height variation (standard deviation), e.g. 0.06 = 6 %
  double position_jitter_px = 5.0;   ///< standard deviation of the number's offset from the cell centre, px
  double rotation_jitter_deg = 2.5;  ///< standard deviation of per-digit rotation, degrees
  bool pencil = false;               ///< pencil: lighter, grainy, softer edges
  // Fields beyond the core set; RandomWriter() fills them too.
  double pen_width_px = 5.3;  ///< line width at stroke_scale 1, px; default = 0.45 mm at 300 dpi
  double ink_opacity = 0.92;  ///< peak ink coverage 0..1 (ballpoint 0.85-0.97, pencil 0.6-0.85)
  double messiness = 0.5;     ///< 0..1, scales the elastic distortion of each digit (0 = the glyph as is)
  TickStyle tick_style = TickStyle::kCheck;  ///< this writer's tick mark
  CrossStyle cross_style = CrossStyle::kX;   ///< this writer's usual cross-out
};

/// A random but plausible writer for a page printed at `dpi` (dots per inch, > 0):
/// digits 4.5-7.5 mm tall (6-8 mm with a felt tip), slant mostly right-leaning in
/// -15..+20 degrees, ink black (~35 %), blue ballpoint (~45 %) or pencil (~20 %),
/// pens from fine (0.3 mm) to felt tip (1.1 mm).
/// Deterministic in rng. Throws Error if dpi <= 0.
WriterStyle RandomWriter(std::mt19937& rng, double dpi);

/// One half of digits.png: the test half (per-class indices kDigitsPngTestBegin..
/// kDigitsPngTestEnd-1), which every measured corpus is written with, or the training
/// half, only for cards whose glyphs train the recogniser (tools/digits).
/// Load it once and share it: it is immutable, and its const methods are thread-safe.
class DigitBank {
 public:
  /// Reads digits.png and keeps only the test-half cells (the training half is never
  /// copied out of the decoded image). Throws Error if the file is missing or is not
  /// the 2000x1000 digits sheet.
  static DigitBank LoadTestHalf(const std::string& digits_png_path = kDigitsPngPath);
  /// The training half (per-class indices 0..kDigitsPngTestBegin-1), for cards made
  /// to train the recogniser on digits as the scanner sees them. A corpus written
  /// with it measures nothing: its digits are the ones the model learnt. Throws as
  /// LoadTestHalf().
  static DigitBank LoadTrainingHalf(const std::string& digits_png_path = kDigitsPngPath);

  /// Number of glyphs of `digit` (0..9): 250. Throws Error for a digit outside 0..9.
  int size(int digit) const;
  /// Glyph `index` (0..size-1) of `digit`: 20x20 CV_8U, ink white (255) on black (0).
  /// It is digits.png's cell at per-class index SourceIndex(index). Throws Error when out of range.
  const cv::Mat& Glyph(int digit, int index) const;
  /// The per-class index in digits.png of bank glyph `index`: kDigitsPngTestBegin + index.
  static int SourceIndex(int index) { return kDigitsPngTestBegin + index; }

 private:
  static DigitBank LoadIndices(const std::string& digits_png_path, int begin, int end);

  std::array<std::vector<cv::Mat>, 10> glyphs_;  // [digit][index], one half only
};

/// Where and how to write in one cell.
struct WriteOptions {
  /// Let the number be larger and off-centre so it overruns one cell border by 6-25 % of
  /// the digit height (a careless writer). Default off: the ink stays inside the cell.
  bool touch_border = false;
};

/// Writes the decimal `value` (0..99999) in handwriting into the BGR 8-bit `page`, roughly
/// centred in `cell_px` (the cell's inner rectangle, page pixels) with the writer's jitter.
/// Each digit is a random bank glyph, upscaled, elastically distorted, slanted, scaled and
/// redrawn with the writer's pen width (per-digit size, rotation and pressure jitter); long
/// numbers are written smaller to fit, and digits may touch when writer.spacing < 0.
/// Without touch_border the ink stays inside cell_px. Returns the bounding box of every page
/// pixel the ink touched (clipped to the page; empty when nothing landed on the page).
/// Throws Error if page is not CV_8UC3, value is outside 0..99999 or cell_px is empty.
cv::Rect WriteNumber(cv::Mat& page, const cv::Rect2f& cell_px, int value, const WriterStyle& writer,
                     const DigitBank& bank, std::mt19937& rng, const WriteOptions& options = {});

/// Crosses a box out inside `cell_px`: usually the writer's cross_style (a big X, one diagonal
/// or one horizontal stroke), sometimes another. Returns the ink bbox (as WriteNumber).
/// Throws Error if page is not CV_8UC3 or cell_px is empty.
cv::Rect CrossOut(cv::Mat& page, const cv::Rect2f& cell_px, const WriterStyle& writer, std::mt19937& rng);

/// Draws `count` (1..6) tick marks in the writer's tick_style side by side, centred in `cell_px`.
/// Returns the ink bbox (as WriteNumber). Throws Error if page is not CV_8UC3, count is outside
/// 1..6 or cell_px is empty.
cv::Rect DrawTicks(cv::Mat& page, const cv::Rect2f& cell_px, int count, const WriterStyle& writer, std::mt19937& rng);

}  // namespace scorecheck
