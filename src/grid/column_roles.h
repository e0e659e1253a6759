#pragma once
// What each column of a ruled table holds: printed row labels, printed "how
// to score" text, or the boxes players write in. Told from the content, never
// from a column's width or side: a sheet may have one score column as wide
// as its labels, its how-to text left or right of the scores, or none.
//
// Two looks, the cheap one first:
//   1. ProfileColumn(): the ink of each cell, measured without OCR. Printed
//      text fills nearly every row with glyphs of one height that line up on
//      one side (or on their centres) to a fraction of a millimetre, and a
//      word is several pieces; handwriting is a few pieces that wander.
//   2. AssignColumnRoles(): the text the OCR read in the columns that look
//      printed decides. The label column is the one whose rows fit a
//      ruleset's labels best; other columns of printed words are how-to (or
//      other) text; the rest are score columns.

#include <string>
#include <vector>

#include <opencv2/core.hpp>

#include "lattice/find_lattice.h"

namespace scorecheck {

/// The ink of one table column, measured cell by cell without OCR.
struct ColumnProfile {
  double fill = 0;            ///< share of rows whose cell holds ink
  int inked_rows = 0;         ///< rows whose cell holds ink
  int marked_rows = 0;        ///< rows whose cell holds any mark, light pencil too (light_ink_level)
  double pieces = 0;          ///< median count of ink pieces in a cell that holds ink
  double marks = 0;           ///< median count of marks holding ink in such a cell: pieces of light ink
                              ///< (light_ink_level) with ink in them, as an edge detector joins weak edges
                              ///< to strong ones. A thin pen blurred in a low-resolution photo is ink only
                              ///< along the middle of its strokes: a "79" is four pieces or more, as many as
                              ///< a printed word's letters, and one or two marks. Blurred small print runs
                              ///< together at the light level too: few marks alone do not say writing
  double align_mm = 1e9;      ///< spread of the ink's left edges, right edges or centres, whichever is
                              ///< least (robust: scaled median absolute deviation), millimetres
  double width_mm = 0;        ///< the column's width, millimetres
  bool printed_text = false;  ///< looks like printed text (see ColumnRoleOptions)
  double size_spread_mm = 1e9;  ///< spread of the ink's width or height, whichever is more (robust), millimetres
  bool clear_of_sides = false;  ///< the ink stands clear of the cell's sides (median row): print placed in the
                                ///< cell, not what a ruled line leaves along a side of every cell
  double marked_fill = 0;       ///< share of rows whose cell holds any mark (marked_rows over the rows)
  double mark_overlap = 0;      ///< how alike in shape the marks of rows next to each other are: each scaled to
                                ///< one box, the ink they share over the ink either holds (median, 0..1; 0 when
                                ///< no two such rows measure alike)
  bool printed_marks = false;   ///< the same mark printed in row after row: one place, one size, one shape (dice
                                ///< icons), in ColumnRoleOptions::icon_run rows running, or in most of the rows
                                ///< holding ink (a section's title may share the column)
};

/// Tuning for ProfileColumn() and AssignColumnRoles().
struct ColumnRoleOptions {
  int ink_level = 150;             ///< flattened gray below this is ink (paper 255); default 150
  int light_ink_level = 200;       ///< ... and below this any mark at all (a light pencil stroke is about 0.7 of
                                   ///< its paper); default 200
  int min_text_rows = 3;           ///< printed text stands in at least this many rows (how-to text may be printed
                                   ///< in a third of them only); default 3
  double text_pieces = 3;          ///< ... holds this many pieces per cell (median: a word's letters; a written
                                   ///< score is one to three digits, mostly one or two); default 3 ...
  double text_align_mm = 1.0;      ///< ... and lines up to this spread (mm; left, right or centred); default 1.0
  double min_letters = 3;          ///< a column of printed words reads at least this many letters in the median
                                   ///< row that holds text; handwritten digits read as digits or short noise,
                                   ///< and a printed column header is one row; default 3
  double min_print_confidence = 0.75;  ///< ... and the OCR is this sure of it (median over the rows with text): it
                                       ///< reads printed words at 0.9 and more, handwriting taken for words
                                       ///< ("vee foe") at 0.3-0.6; default 0.75 ...
  double alike_width = 1.25;       ///< score columns this close in width (widest over narrowest) are alike (a
                                   ///< ruled column so alike beside one is one too: ScoreColumnsAlike,
                                   ///< samples/score-columns-alike) ...
  double how_to_width = 2;         ///< ... and a column reading like words, unsure, where how-to text is printed,
                                   ///< this many times as wide as the widest of them is how-to text; default 1.25, 2
  double many_letters = 8;         ///< ... or reads this many letters (median row) however unsure: small print
                                   ///< blurred in a photo ("Aad total ot all dice", 0.5 sure) is still long
                                   ///< words, three handwritten numbers read as letters make 4; default 8
  double marks_alike_mm = 0.3;     ///< printed marks (icons) stand alike in their rows to this spread, mm;
                                   ///< handwriting wanders by more; default 0.3
  double marks_size_mm = 0.5;      ///< ... and most of them measure as the median one both ways to this, mm (blur
                                   ///< moves each edge of a 5 mm icon by a pixel of a 4 px/mm photo; the ink
                                   ///< of one row of several players' numbers measures alike only by
                                   ///< chance, to millimetres); default 0.5
  double min_mark_mm = 1.5;        ///< ... and measure at least this much both ways; default 1.5
  double same_mark_overlap = 0.35;  ///< ... and are one shape: marks of rows next to each other, each scaled to
                                    ///< one box, share at least this share of their ink (ColumnProfile::mark_overlap).
                                    ///< Die faces share their square, outline or fill, and differ only by their
                                    ///< pips: 0.51-0.97 over 103 development photos and scans, lowest when curled
                                    ///< or at low resolution. Numbers differ digit by digit, however tidily a hand
                                    ///< sets them one size in one place: 0.13-0.22 on two development scans
                                    ///< (samples/tidy-writing), Hershey's script 0.22. About midway; default 0.35
  int icon_run = 5;                ///< that many rows next to each other holding the same mark are print whatever
                                   ///< else the column holds (labels running over into it, a section's title, a
                                   ///< header bar): a die face is printed beside each of the six upper rows, and
                                   ///< no player writes numbers of one size in one place five rows running (their
                                   ///< upper scores mix one and two digits). One row of the run may measure
                                   ///< larger: a face merged into its label, or touched by a speck of toner or
                                   ///< a pen's stroke. Shorter runs count only when they are most of the
                                   ///< column's inked rows; default 5 (samples/dice-icons)
  double word_pieces = 10;         ///< a column that looks printed with this many pieces per cell (median), in
                                   ///< word_fill of its rows or more, is words, however the OCR reads it (a written
                                   ///< score is 1-4 digits, and each digit of a blurred photo a piece or two);
                                   ///< default 10
  double word_fill = 0.5;          ///< ... (printed in fewer rows, the words are headers over a column of light
                                   ///< writing); default 0.5 ...
  double max_word_numbers = 1.0 / 3;  ///< ... and the OCR read fewer than this share of its text rows as numbers
                                      ///< (as many digits as letters); default 1/3
  int marked_per_text_row = 3;     ///< a column holding marks in more than this many rows per row the OCR read
                                   ///< text in, and per row holding ink, holds light writing under its headers,
                                   ///< whatever the text; default 3
  double min_score_column_mm = 4;  ///< a narrower column cannot hold a written number (the gap of a double
                                   ///< line, a margin strip); default 4
  double min_label_fit = 0.15;     ///< a column whose rows fit the labels less than this fits them by chance (OCR
                                   ///< noise of a few letters fits any ruleset -0.05 to 0.05); where no column
                                   ///< fits better, the labels are the column the OCR reads most letters in ...
  double min_label_letters_lead = 2;  ///< ... when it reads this many times the letters of any other; default 2
  double min_label_marked_fill = 0.5;  ///< the label column holds marks in this share of its rows or more
                                       ///< (ColumnProfile::marked_fill); default 0.5
  bool Check() const;  ///< true when every field is in range
};

/// Measures column `column` of `grid` on `flat` (8-bit gray, paper at 255).
ColumnProfile ProfileColumn(const cv::Mat& flat, const Lattice& grid, int column, double px_per_mm,
                            const ColumnRoleOptions& options = {});

/// The OCR's reading of one column, row by row, and how well its rows fit
/// the best ruleset's labels (MatchRows' score; < 0 when not read).
struct ColumnReading {
  int column = 0;
  std::vector<std::string> rows;  ///< one text per table row ("" for none)
  double label_fit = -1;
  std::vector<double> confidence;  ///< per row: the OCR's confidence in what it read (0..1); empty = not known
};

/// The roles found.
struct ColumnRoles {
  int label = -1;               ///< the label column, or -1
  std::vector<int> how_to;      ///< columns of other printed text (how-to), left to right
  std::vector<int> score;       ///< score columns, left to right
  std::vector<int> maybe_how_to;  ///< score columns that read like words, but not surely (letters in enough rows,
                                  ///< at low confidence): how-to text when the table has more score columns than
                                  ///< any ruleset
  std::vector<int> side_print;    ///< score columns standing where how-to text is printed (HowToPlaces), the
                                  ///< likeliest print first (read like words, then most ink pieces a box): how-to
                                  ///< text when the ruleset the page names has fewer score columns
  std::string detail;           ///< why, when not ok
  bool ok() const { return label >= 0 && !score.empty(); }
};

/// Letters (a-z, A-Z) in the median row of those of `rows` that hold text.
double LettersPerTextRow(const std::vector<std::string>& rows);

/// Whether the OCR reads `reading` (one column, `profile` its ink) as it
/// reads print, however blurred: words (min_letters) it is sure of
/// (min_print_confidence) in min_text_rows rows or more, and something in
/// at least half the rows that hold a mark. Small print blurred in a
/// low-resolution photo reads as half-words in most rows ("Tone ot Os
/// erty", "30 powes") and surely in a few ("Score 25", "40 pts"); blurred
/// handwriting taken for letters ("oi BG", "Gael F") is read unsure in
/// every row.
bool ReadsAsPrint(const ColumnReading& reading, const ColumnProfile& profile, const ColumnRoleOptions& options = {});

/// The columns where a how-to column may be printed: beside the labels it
/// explains (the nearest column on each side, past the columns too narrow
/// to write in and those printing the same mark in every row, dice icons),
/// or at a side of the table (its first and last such column: labels, then
/// the scores, then how-to text). Left to right, each once; never `label`.
std::vector<int> HowToPlaces(const std::vector<ColumnProfile>& profiles, int label,
                             const ColumnRoleOptions& options = {});

/// Decides every column's role from `profiles` (one per column of the table)
/// and `readings` (the columns the OCR read). The label column is the read
/// column with the best label_fit; a read column with printed words
/// (LettersPerTextRow >= min_letters, in min_text_rows rows, read with
/// min_print_confidence, or many_letters however sure) is how-to text;
/// a column that looks printed but of which the OCR read nothing at all
/// (print too blurred), or that looks printed in words of word_pieces
/// pieces (and reads as numbers in fewer than max_word_numbers of its
/// rows), one of the same printed mark in every row (printed_marks), and
/// one too narrow to write in, are neither; the rest
/// are score columns. A score column that might be how-to text
/// (maybe_how_to) is how-to text when its ink looks printed in twice the
/// pieces of written score columns whose ink does not.
ColumnRoles AssignColumnRoles(const std::vector<ColumnProfile>& profiles, const std::vector<ColumnReading>& readings,
                              const ColumnRoleOptions& options = {});

/// `roles` with a column that might be how-to text (maybe_how_to), beside
/// the labels, taken for how-to text when every other score column (two at
/// least) prints ink in the top row, its header, and it prints none there:
/// small print in the labels' box, blurred past reading surely ("Tout of 4
/// onty"), under the labels' header that spans both, beside columns headed
/// "Game #1" ... "Game #5". (Where the top row holds the players' first
/// numbers, every column written in holds ink there, how-to text too.)
/// `flat`: 8-bit gray, paper at 255 (FlattenForText).
ColumnRoles HowToWithoutAHeader(const cv::Mat& flat, const Lattice& grid, ColumnRoles roles, double px_per_mm,
                                const ColumnRoleOptions& options = {});

/// `roles` with each column beside a score column, ruled on both sides as
/// that one is and as wide (alike_width), taken for a score column too,
/// unless the OCR is sure of words there in min_text_rows rows (print reads
/// so in some rows however blurred the rest: a how-to column as narrow as
/// the players'), reads many letters however unsure (many_letters), prints
/// the same mark in every row or holds the labels. A table rules its
/// players' columns alike; what one of them holds may look printed where
/// another's does not: a copy of a copy breaks a pale hand's strokes into
/// beads, many pieces a box lined up like letters, and the first game's
/// column was taken for print beside the second's
/// (samples/score-columns-alike).
ColumnRoles ScoreColumnsAlike(const Lattice& grid, const std::vector<ColumnProfile>& profiles,
                              const std::vector<ColumnReading>& readings, ColumnRoles roles,
                              const ColumnRoleOptions& options = {});

/// `roles` with each score column that reads like words, unsure
/// (maybe_how_to), where how-to text is printed (side_print), and at least
/// how_to_width times as wide as the widest of the other score columns of
/// `grid`, which are alike (alike_width), taken for how-to text: a table
/// prints its players' columns alike and its how-to column as wide as its
/// words need. After the score columns are split (SplitScoreColumns): an
/// open area several players wide, read as letters in light pencil, comes
/// apart into columns like the others there.
ColumnRoles WideWordsAreHowTo(const Lattice& grid, ColumnRoles roles, const ColumnRoleOptions& options = {});

}  // namespace scorecheck
