#pragma once
// The printed text of a ruled table, read with a TextReader: whole column
// bands (one OCR call per band, not per cell), the title area, and which rows
// print what the top row prints in the score columns (repeated header rows).

#include <string>
#include <vector>

#include <opencv2/core.hpp>

#include "labels/text_reader.h"
#include "lattice/find_lattice.h"

namespace scorecheck {

/// Gray page with the paper brought to white (a grey closing over a window
/// wider than a letter divided out): printed shading and uneven light
/// would otherwise become text or noise to the OCR. 8-bit, paper ~255.
/// White print on a dark fill (a header bar) comes out as dark print on
/// white: within DarkFills() the fill is taken for the paper.
cv::Mat FlattenForText(const cv::Mat& upright, double px_per_mm);

/// Where `gray` (8-bit) is filled dark: below half the paper within 15 mm,
/// in areas 12 mm long or more that hold a 2.5 mm square of it (a bar, a
/// black cell; not the strokes of letters or handwriting, nor a die face or
/// an icon beside a label), the print inside them included. 255 there, 0
/// elsewhere.
cv::Mat DarkFills(const cv::Mat& gray, double px_per_mm);

/// What the OCR read in one column band, row by row.
struct BandText {
  std::vector<std::string> rows;   ///< one per table row ("" for none); a cell's lines joined by '\n'
                                   ///< (a label with its how-to text printed under it)
  std::vector<double> confidence;  ///< per row: the OCR's mean confidence in its lines, 0..1 (0 for none)
};

/// Lines of print read from a block shrunk for the OCR.
struct PrintLines {
  std::vector<TextLine> lines;  ///< their boxes in the shrunk block's pixels
  double scale = 1;             ///< the shrunk block's size over the block's
  /// `box` (of `lines`) in the block's pixels.
  cv::Rect2d InBlock(const cv::Rect& box) const;
};

/// The lines of print in `block` (of a flattened page), read as the labels
/// are: shrunk to a size the OCR reads well, for rows `row_pitch` pixels
/// apart, and sharpened. `scattered`: a whole page
/// (TextReader::ReadScattered), not one block.
PrintLines ReadRowsOfPrint(cv::Mat block, double row_pitch, TextReader& reader, bool scattered = false);

/// The text of column `column` of `grid`. One OCR call for the whole band
/// (a grid ruled nowhere: read as scattered print, TextReader::ReadScattered);
/// ruled lines are painted out first so they do not join rows.
BandText ReadColumnBand(const cv::Mat& flat, const Lattice& grid, int column, TextReader& reader);

/// How far inside a rule of `grid` (from its centre line, pixels) a cell's
/// print is clear of the rule's ink: its thickness, and a pixel each side
/// for its soft edge.
float InsideRulesPx(const Lattice& grid);

/// All text in `area` of the flattened page, one line after another. Given
/// `row_pitch` (pixels), a band of table rows: its contrast stretched to
/// black and white, and read as the labels are (ReadRowsOfPrint).
std::string ReadArea(const cv::Mat& flat, cv::Rect area, TextReader& reader, double row_pitch = 0);

/// Which rows of `grid` print in columns first..last (the score columns)
/// what its top row prints there (the column headers "#1 #2 ...", repeated
/// over the lower section): its header rows, told by their print when their
/// labels cannot be read. Handwritten and empty rows are not alike. None when
/// the top row prints nothing there. `min_alike`: normalised correlation.
std::vector<bool> RowsPrintedLikeTheTop(const cv::Mat& flat, const Lattice& grid, int first, int last, double min_alike);

/// Which rows of `grid` are printed as dark bars across columns
/// first..last (the score columns): a header or section bar, white print on
/// a dark fill, no place to write. A row is a bar when the median grey of
/// its score cells (inside their rules) is at most `max_share` of the
/// median over all rows (the paper, light tints and stripes included: in a
/// dim photo the paper is dim too). `gray`: the upright page, 8-bit, not
/// flattened (flattening takes a bar for the paper of its print).
std::vector<bool> RowsPrintedAsBars(const cv::Mat& gray, const Lattice& grid, int first, int last, double max_share);

}  // namespace scorecheck
