#pragma once
// Score columns told apart by their tint. A pad may tint every other column
// instead of ruling it: the edge between a tinted column and a white one is
// the line between them, though nothing is drawn there. Its place shows in
// the paper of every row at once (the median level at each x, down the
// rows, which the handwriting in a few rows does not move): a step from one
// flat level to another, as sharp as printing makes it. A shadow across a
// photo changes the level slowly, and a number written across the edge
// moves it in one row only. A printed edge between columns is one the
// writing keeps to: a step that more numbers are written across than stand
// wholly on one side of it is the light's, not the print's
// (samples/shadow-edge/0041-triple-lowres.jpg).

#include <vector>

#include <opencv2/core.hpp>

#include "grid/unruled_columns.h"
#include "lattice/find_lattice.h"

namespace scorecheck {

/// Tuning for TintColumnLines().
struct TintColumnOptions {
  double min_step = 10;       ///< the paper's level changes by at least this much (gray levels, 0..255) at an
                              ///< edge: a light tint (95% of white) is ten to twelve levels below the paper;
                              ///< numbers written at the same place in every row moved it by 8 or 9; default 10
  double paper_share = 0.8;   ///< a row's paper at an x is this far up its levels there, bright end 1 (ink
                              ///< darkens a few of them, a tint all); default 0.8
  double step_noise = 4;      ///< ... and by this many times the level's spread along the flat stretches on
                              ///< both sides (a photo's grain and shadows); default 4
  double edge_mm = 1.0;       ///< the change happens within this width, mm (a printed edge, blurred); default 1
  double sharpness = 0.6;     ///< ... this share of the change within the edge's width either side of it (a
                              ///< soft shadow's edge ramps over centimetres); default 0.6
  bool detrend = true;        ///< steps are measured over and above the light's own trend (the stretches'
                              ///< slope, carried across the edge); default true
  double min_row_share = 0.6;  ///< the edge shows in this share of the rows, each on its own (numbers written
                               ///< across it hide it in some; numbers ending at one place in some rows and
                               ///< light falling off in others make a median step of no row's); default 0.6
  double row_step = 0.5;      ///< ... stepping there by at least this share of the edge's sharp step; default 0.5
  double min_part_mm = 6;     ///< each side stays flat at least this wide, mm (a narrow score column is 10 mm);
                              ///< default 6
  double line_margin_mm = 1.5;  ///< steps this close to the column's own lines are those lines; default 1.5
  UnruledColumnOptions ink;     ///< what is ink, row by row (WrittenInColumn), to see the writing keep to an edge
  int max_written_across = 2;   ///< an edge that at most this many rows write across is kept however little
                                ///< its sides hold on their own (a column nobody played, beside one whose
                                ///< writer strayed over the edge twice); default 2
  bool Check() const;  ///< true when every field is in range
};

/// The x positions (grid image pixels) inside column `column` of `grid`
/// where its paper steps from one tint to another, in order; none when it
/// is one tint. `gray`: 8-bit gray of the upright page, not flattened (a
/// flattening divides the tint out).
std::vector<float> TintColumnLines(const cv::Mat& gray, const Lattice& grid, int column, double px_per_mm,
                                   const TintColumnOptions& options = {});

/// `lines` (TintColumnLines() of column `column` of `grid`, in order) less
/// those the writing does not keep to: a line that more rows write across
/// (ink unbroken over the edge's blur on both sides of it) than write wholly
/// on one side of it, between it and the next line, and more than
/// max_written_across rows. `flat`: 8-bit gray, paper at 255 (FlattenForText).
std::vector<float> EdgesTheWritingKeepsTo(const cv::Mat& flat, const Lattice& grid, int column, std::vector<float> lines,
                                          double px_per_mm, const TintColumnOptions& options = {});

/// `grid` with every column that TintColumnLines() parts, at edges the
/// writing keeps to (EdgesTheWritingKeepsTo()), split there.
Lattice SplitTintedColumns(const cv::Mat& gray, const cv::Mat& flat, Lattice grid, double px_per_mm,
                           const TintColumnOptions& options = {});

}  // namespace scorecheck
