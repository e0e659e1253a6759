#pragma once
// Lattice stage: finds the ruled grids of a scorecard from its lines alone, for
// sheets without registration markers (other printers' sheets; also a fallback
// for scorecheck's own). Input is FindPage()'s rectified page, which may still
// be turned a quarter or half turn, skewed by a few degrees, framed by
// scanner-lid margins, or (a photo whose paper outline was not found) seen in
// perspective. Steps:
//   1. a relative line-contrast map (dark against the local paper white, so
//      light and shading cancel) at a working resolution of about 4 px/mm;
//   2. thin ridges of it (paper on both sides: text bodies and handwriting
//      drop out), long straight runs of those (a rank opening that tolerates
//      noise and small gaps), and the page skew from the runs' slopes; the
//      same again on the deskewed map;
//   3. runs that cross each other are grouped into tables, and a table is
//      split where its lines leave a gap (grids side by side under one rule);
//      in each, lines that span most of the table and cross the lines across
//      it are kept (text baselines stay inside their cells), a frame line too
//      thick to be a ridge is put back where the lines across end, and a
//      missing row line is put back from the regular row pitch;
//   4. orientation up to a half turn: a scorecard has more rows than columns
//      (which side is up, the printed text tells: see TurnedHalf());
//   5. a table is a scorecard grid only with enough regular rows and 2-12
//      columns. What each column holds (labels, how-to text, scores) is not
//      decided here: a column's width says nothing about it;
//   6. when the grids' frames are not rectangles (perspective left in the
//      page), the page is straightened by a homography and looked at again,
//      up to a few times: on a steep photo each look straightens part of
//      what the last one left;
//   7. when no grid is found, all of it once more for fainter rules
//      (LatticeOptions::faint_contrast): thin grey rules in a blurred
//      low-resolution photo; on a scan's clean paper fainter still, down to
//      a few times the paper's own darkness (faint_over_paper).
//
// Coordinates: OpenCV pixel centres (x right, y down) of LatticeResult::upright,
// the input page warped by upright_from_page (deskew, quarter turns and, if
// needed, a perspective correction) at the input's resolution.

#include <algorithm>
#include <string>
#include <vector>

#include <opencv2/core.hpp>

#include "lattice/bands.h"

namespace scorecheck {

/// One ruled grid: its row and column lines in upright-page pixels.
struct Lattice {
  cv::Rect2f frame;               ///< outer frame: from the first to the last row and column line
  std::vector<float> row_y;       ///< horizontal line centres, top to bottom (rows = row_y.size() - 1)
  std::vector<float> column_x;    ///< vertical line centres, left to right (columns = column_x.size() - 1)
  std::vector<bool> row_inferred;     ///< per row_y: true when the line was not seen but put back from the row pitch
  std::vector<bool> column_inferred;  ///< per column_x: true when put back from the score-column width
  float line_px = 1;              ///< typical printed row line thickness, upright pixels (approximate, +-1 working pixel)

  int rows() const { return static_cast<int>(row_y.size()) - 1; }
  int columns() const { return static_cast<int>(column_x.size()) - 1; }
  /// The cell between row lines `row`, `row`+1 and column lines `column`,
  /// `column`+1, from line centre to line centre (half a line of ink at each
  /// edge). Throws scorecheck::Error for an index outside the lattice.
  cv::Rect2f Cell(int row, int column) const;
  /// Whether column line `line` was put in rather than seen (false past
  /// column_inferred's end: a lattice with no such marks is all seen).
  bool ColumnLineInferred(int line) const {
    return line >= 0 && static_cast<size_t>(line) < column_inferred.size() && column_inferred[line];
  }
  /// Whether no row line was seen, every one put in (rows found where the
  /// labels are printed: RowsFromPrint).
  bool RuledNowhere() const {
    return !row_inferred.empty() && std::all_of(row_inferred.begin(), row_inferred.end(), [](bool put_in) { return put_in; });
  }
  /// Whether row line `line` was put back from the pitch rather than seen.
  bool RowLineInferred(int line) const {
    return line >= 0 && static_cast<size_t>(line) < row_inferred.size() && row_inferred[line];
  }
};

/// Tuning for FindLattices(). Defaults suit pages rectified at ~8 px/mm
/// (FindPage's default), from flat scans to phone photos.
struct LatticeOptions {
  double px_per_mm = 0;              ///< input page resolution; 0 = its short side taken as 210 mm (A4 width)
  double work_px_per_mm = 4;         ///< lines are searched at about this resolution (px/mm); default 4
  double min_contrast = 0.07;        ///< darkest-to-paper share a line pixel must reach (0..1); default 0.07
  double faint_contrast = 0.04;      ///< when no grid is found at min_contrast, the page is looked at again with
                                     ///< lines this faint: a thin grey rule blurred in a low-resolution photo
                                     ///< keeps 4-6 % of the paper's brightness, and no run of rules reached
                                     ///< 0.07 (a table of 1-7 rows). Only then: below 0.04 the grain of such
                                     ///< photos makes runs of its own (at 0.03 fewer grids than at 0.04). A
                                     ///< grid found with a row 2.5 pitches tall gets that look too, and only
                                     ///< the row lines it sees inside that row are taken (WithFaintRows). 0 =
                                     ///< no second look; default 0.04
  double faint_over_paper = 3;       ///< on a page whose paper is cleaner than a photo's (a scan), the second look
                                     ///< goes below faint_contrast, down to this many times the paper's own
                                     ///< darkness (PaperContrast(): its median against the local white, 1-3
                                     ///< levels of 255 on a scan, 4-20 on a photo). The paper's scatter about
                                     ///< the local white is about one-sided: three times its median is two
                                     ///< standard deviations, passed by one paper pixel in twenty, while a line
                                     ///< needs run_fill of its pixels. A rule printed 3 % darker than a scan's
                                     ///< paper is found; 0 = never below faint_contrast; default 3
  double min_step = 0.035;            ///< a shaded row's or tinted column's edge: one side darker than the other by this
                                     ///< share of the brighter (0..1); 0 = rules only; default 0.035
  double min_run_mm = 6;             ///< a line is a run of at least this length (mm); shorter strokes are writing; default 6
  double run_fill = 0.8;             ///< share of a run's pixels that must be dark (noise and gaps tolerated); default 0.8
  double min_line_mm = 15;           ///< runs this long (mm) are used to group lines into tables; default 15
  double min_line_span = 0.45;       ///< a table line must cover this share of its table's width or height; default 0.45
  double max_skew_deg = 6;           ///< page skew searched and corrected, degrees either way; default 6
  int min_rows = 10;                 ///< fewer rows is not a scorecard (a table, a chessboard); default 10
  int max_rows = 45;                 ///< more rows is not a scorecard (ruled paper); default 45
  int max_card_rows = 28;            ///< one scorecard grid prints at most this many rows: a ruleset's rows (20 at
                                     ///< most) with headers, section rows and split rows; two grids stacked close
                                     ///< make more; default 28
  int min_columns = 1;               ///< columns between rules; 1: a table whose columns are not ruled (the grid
                                     ///< stage finds them in what the rows hold); default 1
  int max_columns = 12;              ///< label, how-to and up to 10 score columns; default 12
  double min_regular_rows = 0.7;     ///< share of row gaps within 25 % of the row pitch; default 0.7
  double max_row_repairs = 0.25;     ///< row lines dropped (off the pitch) or put back (missing), at most this share; default 0.25
  bool find_orientation = true;      ///< false: keep the input's orientation (only deskew), e.g. own sheets; default true
  double min_frame_margin_mm = 1.0;  ///< a grid frame closer than this to the page edge is ruled paper, not a grid; default 1.0
  double double_frame_mm = 3;        ///< a line this close inside the outermost one is the inner line of a double
                                     ///< frame: the lines across may end there; default 3
  lattice::BandOptions bands;        ///< filled bands (header bars, shaded rows, tinted columns) whose edges are rules
  int max_perspective_rounds = 4;    ///< straighten a perspective-distorted page and look again, at most this often
                                     ///< (each look straightens what the last left, until the frames are
                                     ///< rectangles); 0 = never; default 4

  /// The second look's line contrast on a page whose paper measures
  /// `paper_contrast` (PaperContrast()): faint_contrast, or lower on clean paper.
  double FaintContrast(double paper_contrast) const {
    return faint_over_paper > 0 ? std::min(faint_contrast, faint_over_paper * paper_contrast) : faint_contrast;
  }

  /// True when every field is in range (positive sizes, 0 < shares <= 1,
  /// min <= max counts, min_line_mm >= min_run_mm, skew under 45 degrees).
  /// FindLattices() answers kNoGrid ("invalid lattice options") otherwise.
  bool Check() const;
};

enum class LatticeStatus { kFound, kNoGrid };

/// What FindLattices() found.
struct LatticeResult {
  LatticeStatus status = LatticeStatus::kNoGrid;
  int rotation_deg = 0;           ///< clockwise turn applied to the (deskewed) input to make it upright: 0, 90, 180, 270
  double skew_deg = 0;            ///< small counter-clockwise turn applied first to straighten the lines, degrees
  bool perspective_corrected = false;  ///< true when a residual perspective (unrectified photo) was taken out too
  cv::Matx33d upright_from_page = cv::Matx33d::eye();  ///< homography: input page pixel -> upright pixel
  cv::Mat upright;                ///< the input warped by upright_from_page (same type; width and height swap at 90/270);
                                  ///< set whenever the input could be read, grids found or not
  std::vector<Lattice> grids;     ///< in upright coordinates, ordered top to bottom, then left to right
  std::string detail;             ///< what was found, or why not
  bool ok() const { return status == LatticeStatus::kFound; }
};

/// Finds every ruled scorecard grid on a rectified page (8-bit, 1, 3 or 4
/// channels) and turns the page upright. A page without a scorecard grid (text,
/// a small table, a chessboard, a blank sheet, an empty image) gives kNoGrid
/// with the reason in `detail`; never throws for the image's content.
LatticeResult FindLattices(const cv::Mat& page_bgr, const LatticeOptions& options = {});

/// `result` turned by half a turn more: the upright image rotated by 180
/// degrees, every grid's lines mapped and reordered (top to bottom, left to
/// right again), rotation_deg and upright_from_page updated. For a page the
/// lines alone cannot tell upside down from upright.
LatticeResult TurnedHalf(const LatticeResult& result);

/// The median height of `grid`'s rows (the upper middle one), 0 for none.
float MedianRowPitch(const Lattice& grid);

/// Whether `a` and `b` rule the same columns: as many column lines (two or
/// more), each within `tolerance` pixels of the other's.
bool SameColumns(const Lattice& a, const Lattice& b, float tolerance);

/// `grids` ordered top to bottom, then left to right (grids whose vertical
/// extents overlap stand side by side), as LatticeResult::grids are.
void SortGrids(std::vector<Lattice>& grids);

/// `page_px` (input page pixels) in upright pixels, through result.upright_from_page.
cv::Point2d UprightFromPage(const LatticeResult& result, cv::Point2d page_px);

/// `upright_px` (upright pixels) back in input page pixels.
cv::Point2d PageFromUpright(const LatticeResult& result, cv::Point2d upright_px);

}  // namespace scorecheck
