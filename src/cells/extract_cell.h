#pragma once
// Cells stage: the ink inside one score cell, with the ruled lines taken out,
// and what kind of mark it is: empty, a number, a cross-out, or tick marks.
// Works on a page whose lighting has been flattened (NormalizePage), and
// judges each box's ink against that box's own background: paper, a shaded
// or striped row, a tinted column.

#include <vector>

#include <opencv2/core.hpp>

#include "sheet/sheet_layout.h"

namespace scorecheck {

/// The page in gray with the paper flattened to white: uneven light, shadows
/// and colour casts divided out. 8-bit, paper ~255, ink dark.
cv::Mat NormalizeLighting(const cv::Mat& page_bgr);

/// A page as the cells stage reads it: its lighting flattened, in gray and,
/// for a colour page, in colour.
struct NormalizedPage {
  cv::Mat gray;          ///< NormalizeLighting(): the darkest channel over its paper; paper ~255, ink dark
  cv::Mat gray_paper;    ///< CV_8U: the paper's brightness `gray` was divided by; empty: not divided
  cv::Mat colour;        ///< CV_8UC3: each channel over its own paper the same way; empty for a gray page
  cv::Mat colour_paper;  ///< CV_8UC3: the paper's brightness `colour` was divided by
};

/// NormalizeLighting(), and for a colour page each channel flattened alike: a
/// tint that differs from the ink more in colour than in gray is told apart
/// in colour (ExtractCell on a shaded or tinted box).
NormalizedPage NormalizePage(const cv::Mat& page_bgr);

/// Tuning for ExtractCell(). Defaults suit pages rectified at 8 px/mm.
struct CellOptions {
  double margin = 0.25;             ///< crop this share of the cell height beyond each border (ink overruns borders)
  int strong_ink = 150;             ///< certain ink is below a level set per cell between this...
  int max_strong_ink = 220;         ///< ... and this (normalised gray; blurred, faint writing at 75 dpi stays above 200)
  int weak_ink = 205;               ///< ink connected to certain ink is below a level between this...
  int max_weak_ink = 228;           ///< ... and this
  double faint_strong_sigmas = 4;   ///< faint writing (too pale for max_strong_ink) on quiet paper: the strong
                                    ///< cap rises to the paper's level less this many of its noise widths...
  double faint_weak_sigmas = 3;     ///< ... and the weak cap to this many; 0 = fixed caps; default 4 and 3
  int faint_min_contrast = 20;      ///< ... when the darkest ink lies this many levels below the paper (paper
                                    ///< noise in an empty box: about 12)...
  int max_faint_strong_ink = 232;   ///< ... and never above these
  int max_faint_weak_ink = 240;
  double background_kernel = 0.6;   ///< a box's own background (paper, shading, stripe, tint) is the page closed
                                    ///< over a square this share of the cell height: wider than any pen stroke,
                                    ///< ruled line or blurred blot of a digit (at 0.3, blurred low-resolution
                                    ///< digits kept squares of ink that wide: 197 crops of one card taken for
                                    ///< shaded), narrower than a shaded row, so it follows the row, the rows beside
                                    ///< it in the margins and the ramp NormalizePage leaves along a tint's edge;
                                    ///< default 0.6 (at 0.5-0.9 no crop of seed 900034's white boxes is shaded
                                    ///< inside: only margins over a shaded header row or label)
  double stipple_run = 0;           ///< a box whose background comes out paper is looked at again for a tint a
                                    ///< copier laid down as stipple (dark dots, white paper between them): the
                                    ///< page averaged over paper_grain_px, closed over a rectangle this many
                                    ///< times as wide as the background's square (a row's tint runs along the
                                    ///< row, a number does not), is the background where it is shading; 0 =
                                    ///< never; default 0. At 3, development corpus 900610's 40 copies had boxes
                                    ///< wrong and unflagged 109 -> 100, but reserved seeds 950098-950100 did not
                                    ///< bear it out: copies the same, captures 1 silent box fewer, flat pages a
                                    ///< review load 0.08 a card higher (tools/corpus/SEEDS.md)
  int paper_grain_px = 5;           ///< ... averaged over a square this many pixels wide: wider than a stipple's
                                    ///< dots and the white between them, well under the square; 5 px is 0.6 mm
                                    ///< at 8 px/mm, the grain the labels' OCR smooths its paper over too
  int shaded_below = 238;           ///< pixels whose own background lies below this (normalised gray) are divided
                                    ///< by it, their shading brought to white; the rest, paper, are read as they
                                    ///< are (white paper's background lies at 245-255); 0 = never; default 238, a
                                    ///< third of the way from paper to the weak-ink cap
  int min_background = 140;         ///< ... no background darker than this: a solid blot of ink as wide as the
                                    ///< closing is ink, not shading (printed shading of score boxes stays above
                                    ///< ~60% gray, 153; darker bands are headers, not score boxes); default 140.
                                    ///< In colour, a channel whose background lies below it (the blue of a yellow
                                    ///< tint) is left out of the comparison: it cannot show the ink
  double shaded_noise_sigmas = 4;   ///< on a shaded box, certain ink lies at least this many of the shading's
                                    ///< noise widths below it (a printed tint's grain, amplified by the division);
                                    ///< 0 = off; default 4
  double min_blob_fraction = 0.0012;  ///< blobs smaller than this share of the cell area are specks
  double empty_fraction = 0.004;    ///< less ink than this share of the cell area: empty
  double min_mark_size = 0.25;      ///< ... and so when no piece of ink reaches this share of the cell height either
                                    ///< way: grain of a shaded row and what the line removal left are specks, a
                                    ///< written digit, tick or stroke is millimetres long; default 0.25
  double bead_gap = 0.08;           ///< a photocopier that lays its toner down in patches breaks a pale pen stroke
                                    ///< into beads, each a speck, with gaps up to this share of the cell height
                                    ///< between them: a box whose specks inside it (clear of its lines) close
                                    ///< up into a mark's size, one of them toner-dark (below weak_ink; a dim
                                    ///< photo's grain is paler), is read as empty but may hold writing
                                    ///< (CellInk::may_hold_writing). Dust lies scattered, not strung along a
                                    ///< stroke. 0.08 is about 5 px at 8 px/mm in a box 8 mm high, twice a pen
                                    ///< stroke's width; 0 = never (samples/pale-writing-copied/0002-piecepack-copy.jpg)
  double min_dash_width = 0.4;      ///< a stroke lying down this long (share of the cell width) ...
  double dash_elongation = 6;       ///< ... and this many times longer than thick is a dash striking the box out
  double solid_dash_elongation = 3.5;  ///< ... or this many times, when it fills this share of its convex hull:
  double solid_dash_solidity = 0.9;    ///< a broad pen's dash in a small box
  double digit_beside_dash = 0.35;  ///< a dash with another mark at least this share of the cell height beside
                                    ///< it is a digit written flat (the long tail of a 2 in "25"), not a
                                    ///< stroke striking the box out, which is alone; 0 = off; default 0.35
  double cross_overlap = 0.5;       ///< two marks along a box's diagonals are the strokes of a cross only when
                                    ///< they overlap sideways by this share of the narrower one; side by side
                                    ///< they are two digits; 0 = off; default 0.5. With digit_beside_dash,
                                    ///< seeds 900025 + 900026 + 900028: error-free cards with a false alarm
                                    ///< 18 -> 17 of 638, player errors found unchanged at 497 of 526, 6 more
                                    ///< cells right (numbers read "X" 12 -> 7; cross-outs misread 40 -> 40)
  double side_remnant_band = 0.08;  ///< a thin upright piece whose edge is this close to a side (share of the
                                    ///< cell height) is what the line removal left of the side's ruled line;
                                    ///< default 0.08 (0.18 also took a 1 written a few pixels from the left
                                    ///< line: "199" read 99)
  double pen_along_side = 0.35;     ///< a side's ruled line wider than elsewhere over this share of the cell
                                    ///< height is a pen stroke along it (a 1 on the left line) and kept as
                                    ///< ink there; 0 = off; default 0.35
  int pen_widening = 2;             ///< ... when darker over at least this many more pixels across (or a quarter
                                    ///< of its width); default 2 (was 3 counting pale edges: a 1 overlapping the
                                    ///< line added only 2 dark pixels, "18" read 8)
  double pen_heavier = 0.3;         ///< ... or when the line holds this share more ink (each pixel's depth
                                    ///< below the paper, summed across the line) over the stretch, on average:
                                    ///< a pen over a gray line darkens it more than it widens it; 0 = widths
                                    ///< only; default 0.3 (seed 900024: "18" read 8 and two more cells right,
                                    ///< one error-free card quiet; seed 900023: no cell changed)
  double beyond_side = 0.12;        ///< a digit-tall mark wholly beyond a side line written in on both sides,
                                    ///< within this share of the cell height of it, is this cell's when the
                                    ///< cell's own ink is pushed against that line (see beyond_side_ink); a
                                    ///< careless writer's leading 1 lands there ("10" read 0); 0 = off
  double beyond_side_ink = 0.25;    ///< ... the cell's ink reaching within this share of the height of the line
                                    ///< (a number written centred keeps further away)
  double cross_stroke_length = 0.6;  ///< two straight strokes crossing near their middles, leaning opposite ways,
                                     ///< each at least this share of the mark's diagonal long, strike the box out
                                     ///< (an X of any aspect: a wide flat X is too flat for the diagonal test and
                                     ///< read "76"); 0 = off; default 0.6 (an X's strokes run corner to corner)
  double cross_on_strokes = 0.85;    ///< ... when they hold this share of the mark's centre line (a 4 has a third
                                     ///< stroke; a bowed hand stroke keeps nearly all of it within 4% of the
                                     ///< diagonal of a straight line); default 0.85
  double scribble_strokes = 4;       ///< a mark spanning half the box and crossed by this many strokes per digit
                                     ///< height along its rows (or one more along its columns) is a scribble
                                     ///< striking it out: a number crosses two or three ("1111": 2 per height,
                                     ///< "1000": 3, an 8's column 3); 0 = off; default 4
  double remnant_height = 0.8;      ///< a thin upright piece near a side is a remnant of the side's line only when
                                    ///< at least this share of the cell height (upright pieces half as high are
                                    ///< taken out with the line itself); default 0.8 (0.4 also took a 1 squeezed
                                    ///< against the line, leaning: "1" in Aces read as empty)
  bool Check() const;  ///< true when every field is in range
};

enum class InkKind { kEmpty, kNumber, kCrossed, kTicks };

/// "empty", "number", "crossed", "ticks".
const char* InkKindName(InkKind kind);

/// The ink of one cell.
struct CellInk {
  InkKind kind = InkKind::kEmpty;
  cv::Mat ink;                 ///< CV_8U, ink bright (255 - gray, the box's own background brought to paper),
                               ///< 0 elsewhere; crop coordinates
  bool shaded = false;         ///< the crop's own background lay below CellOptions::shaded_below and was divided out
  bool may_hold_writing = false;  ///< read as empty, writing may be there unseen: the box is shaded and its grain so
                                  ///< coarse that ink paler than CellOptions::strong_ink cannot be told from it
                                  ///< (a tint copied as stipple:
                                  ///< samples/tint-copied-as-stipple/0026-piecepack-copy.jpg), or its specks
                                  ///< string into a mark (CellOptions::bead_gap)
  cv::Rect crop_in_page;       ///< where `ink` lies on the page
  cv::Rect2f cell_in_crop;     ///< the cell between its lines, crop coordinates
  std::vector<cv::Rect> blobs; ///< ink components, left to right, crop coordinates
  std::vector<cv::Mat> blob_masks;  ///< one CV_8U mask per blob, crop size
  int ticks = 0;               ///< kTicks: how many
  double confidence = 1;       ///< how sure the kind is (0..1)
  bool struck_out = false;     ///< kCrossed: the shape alone says so (two long straight strokes crossing, a
                               ///< scribble), whatever the strokes' centre lines: only a sure number overturns it
  double straightness = 1;     ///< kCrossed: share of the strokes' centre lines on two straight lines, one per
                               ///< diagonal of the mark's box (1 for one flat stroke). Thick digits crammed
                               ///< into a small box pass the looser shape test; their centre lines curve.
};

/// How many tick marks `blobs` (ink components, left to right) of a cell
/// `cell_height` high make: each a stroke at least a quarter of the height;
/// strokes that overlap sideways are one tick.
int CountTicks(const std::vector<cv::Rect>& blobs, double cell_height);

/// Whether the cells beside a cell's left and right lines are written in by
/// hand. Beside the first score column lie the printed labels, beside the
/// last the grid's edge: a pen stroke along such a line is this cell's.
struct WrittenBeside {
  bool left = true;
  bool right = true;
};

/// Extracts and classifies the ink of `cell_in_page` on `page` (from
/// NormalizePage), against the box's own background. `part` says whether
/// ticks are expected.
CellInk ExtractCell(const NormalizedPage& page, const cv::Rect2f& cell_in_page, CellPart part,
                    const CellOptions& options = {}, WrittenBeside beside = {});

/// The same on a gray page alone (NormalizeLighting): shading is told from ink
/// in gray only.
CellInk ExtractCell(const cv::Mat& normalized, const cv::Rect2f& cell_in_page, CellPart part,
                    const CellOptions& options = {}, WrittenBeside beside = {});

}  // namespace scorecheck
