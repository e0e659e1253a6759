#include "grid/printed_text.h"

#include <algorithm>
#include <cmath>
#include <vector>

#include <opencv2/imgproc.hpp>

#include "core/image_constants.h"
#include "core/robust_stats.h"
#include "image/label_mask.h"
#include "grid/rule_lengths.h"

namespace scorecheck {
namespace {

constexpr double kOcrRowPitchPx = 52;  // label rows are shrunk to about this height for the OCR
constexpr double kRuleLevel = 230;  // flattened page (paper 255): darker may be a rule, however faint
// A label cell's paper is this far up its pixels' levels: print covers less
// than a quarter of a cell.
constexpr double kPaperQuantile = 0.75;
// A row whose paper is this share darker than the band's is tinted.
constexpr double kTintStep = 0.05;
// A band is striped with this many tinted rows.
constexpr long kMinStripes = 3;
// A dark run down a band longer than this many rows is a rule (no letter is
// taller than its row); one across it over this share of its width is one.
constexpr double kRuleRows = 1.5, kRuleWidthShare = 0.9;
// A fill (a header bar, a shaded cell) holds a square of dark this wide (mm);
// a letter's stroke does not.
constexpr double kFillSquareMm = 2.5;
// The flattening's paper is a closing over kPaperWindowMm (mm), at least
// kMinPaperWindowPx pixels: wider than any letter, narrower than a tint.
constexpr double kPaperWindowMm = 6;
constexpr int kMinPaperWindowPx = 9;
// ... taken on the page smoothed by a median over kPaperGrainMm (mm), at
// least kMinGrainPx pixels: wider than a speck of missing toner or a
// photo's grain, narrower than a letter.
constexpr double kPaperGrainMm = 0.6;
constexpr int kMinGrainPx = 3;
// A fill is darker than kFillDarkness of the lightest paper within
// kFillPaperMm (past any bar's height), and print inside it joins it under a
// closing over kFillCloseMm (wider than a letter's counters and gaps).
constexpr double kFillPaperMm = 15, kFillDarkness = 0.5, kFillCloseMm = 5;
// A fill runs at least kFillLengthMm (mm) one way or the other: a header bar,
// a shaded cell. A die face or an icon beside a label is a dark shape on the
// paper, within its row, shorter both ways: ink to be read as ink, not a fill
// whose lighter marks are the print.
constexpr double kFillLengthMm = 12;
// A column band or a cell narrower or lower than kMinBandPx pixels is a sliver
// between rules with nothing in it; an area to OCR narrower or lower than
// kMinTextPx holds no letter.
constexpr int kMinBandPx = 4, kMinTextPx = 8;
// Dust (DustOut) is a mark darker than kRuleLevel, both ways shorter than
// kDustRows of a row at the OCR's scale (a full stop or an i's dot is as
// small), and no nearer than kDustClearRows of a row to a mark larger than
// that: a full stop, an i's dot or a hyphen stands a stroke's width from
// its letters, while a copy's toner dust lies anywhere.
constexpr double kDustRows = 0.1, kDustClearRows = 0.15;
// The top row's score cells hold print when their darkest pixel is at most
// this level (flattened, paper 255): blurred small headers stay light
// (darkest 120-132 on one low-resolution page), so any print at all counts.
constexpr double kTopPrintLevel = 200;
// An icon (PaintOutIcons) is ink darker than kIconInkLevel (flattened, paper
// 255), its sides within kIconSquareness of each other, from kIconRows of a
// row tall to a whole row, and over kIconFill of its box inked. Half a row:
// a small letter printed thick, a third of its row tall, fills as much of
// its box as a die face does of its own (the "a" of a copy's "Total").
constexpr double kIconInkLevel = 128, kIconSquareness = 0.75, kIconRows = 0.5, kIconFill = 0.7;

// Paints white what in a column band is a rule, not print: dark runs down
// the band longer than one and a half rows (no letter is taller than its
// row), and across it over nine tenths of its width. The band's edges are
// painted at the grid's common line width; a thicker outer frame or a double
// rule left a bar beside every label, which the OCR read as a letter
// ("laces" for ACES, "[3x").
void PaintOutRules(cv::Mat& block, double row_pitch) {
  cv::Mat dark;
  cv::threshold(block, dark, kRuleLevel, kWhite, cv::THRESH_BINARY_INV);
  cv::Mat rules = cv::Mat::zeros(block.size(), CV_8U);
  const int tall = static_cast<int>(std::lround(kRuleRows * row_pitch));
  if (tall >= kMinRuleRunPx && tall < block.rows) {
    cv::Mat down;
    cv::morphologyEx(dark, down, cv::MORPH_OPEN, cv::getStructuringElement(cv::MORPH_RECT, cv::Size(1, tall)));
    rules |= down;
  }
  const int wide = static_cast<int>(std::lround(kRuleWidthShare * block.cols));
  if (wide >= kMinRuleRunPx) {
    cv::Mat across;
    cv::morphologyEx(dark, across, cv::MORPH_OPEN, cv::getStructuringElement(cv::MORPH_RECT, cv::Size(wide, 1)));
    rules |= across;
  }
  // Their antialiased edges too.
  cv::dilate(rules, rules, cv::getStructuringElement(cv::MORPH_RECT, cv::Size(kSmallKernel, kSmallKernel)));
  block.setTo(kWhite, rules);
}

// Paints white what in a column band is an icon, not a letter: a piece of
// dark ink (darker than half the paper) about square (its sides within
// kIconSquareness of each other), from kIconRows of a row tall to a row, and
// mostly ink (over kIconFill of its box): a die face printed dark with light
// pips. Read, it came out as letters before the label ("BB vcs" for ACES,
// "@ Maximize 2"). A letter that tall is a stroke around its counters, far
// less of its box; an outlined die face is too, and is left as it is.
void PaintOutIcons(cv::Mat& block, double row_pitch) {
  cv::Mat dark, labels, stats, centroids;
  cv::threshold(block, dark, kIconInkLevel, kWhite, cv::THRESH_BINARY_INV);
  const int n = cv::connectedComponentsWithStats(dark, labels, stats, centroids, kEightConnected, CV_32S);
  for (int i = 1; i < n; ++i) {
    const int width = stats.at<int>(i, cv::CC_STAT_WIDTH), height = stats.at<int>(i, cv::CC_STAT_HEIGHT);
    const bool square = std::min(width, height) >= kIconSquareness * std::max(width, height);
    const bool tall = height >= kIconRows * row_pitch && height <= row_pitch;
    const bool solid = stats.at<int>(i, cv::CC_STAT_AREA) > kIconFill * width * height;
    if (square && tall && solid)
      block(cv::Rect(stats.at<int>(i, cv::CC_STAT_LEFT), stats.at<int>(i, cv::CC_STAT_TOP), width, height)).setTo(kWhite);
  }
}

// Rows of a column band tinted darker than its other rows brought to their
// paper's level (each row's paper: the bright end of its pixels): a tinted
// row lower than the flattening's 6 mm window (every other row of a striped
// table, 3 mm tall) is left grey by it, and grey across the whole band it
// was taken for a rule and painted out, print and all (a striped piecepack
// sheet read every other label). Rows within kTintStep of the band's paper
// are left as they are: stretched, a blurred photo's grain reads as letters.
// So is a band with fewer than kMinStripes tinted rows: a lone darker row is
// a header's or a section's band (its words no row's label), and read, its
// print took the labels' place on low-resolution pages.
void LiftRowTints(cv::Mat& block, const Lattice& grid, float top) {
  std::vector<cv::Range> rows;
  std::vector<double> paper;
  for (int r = 0; r < grid.rows(); ++r) {
    const int y0 = std::max(0, static_cast<int>(grid.row_y[r] - top)), y1 = std::min(block.rows, static_cast<int>(grid.row_y[r + 1] - top) + 1);
    if (y1 - y0 < 2) continue;
    const cv::Mat row = block.rowRange(y0, y1);
    std::vector<uchar> levels(row.begin<uchar>(), row.end<uchar>());
    auto bright = levels.begin() + static_cast<long>(kPaperQuantile * static_cast<double>(levels.size() - 1));
    std::nth_element(levels.begin(), bright, levels.end());
    rows.push_back(cv::Range(y0, y1));
    paper.push_back(*bright);
  }
  if (paper.empty()) return;
  const double band_paper = *std::max_element(paper.begin(), paper.end());
  auto tinted = [&](double level) { return level > 0 && level < (1 - kTintStep) * band_paper; };
  if (std::count_if(paper.begin(), paper.end(), tinted) < kMinStripes) return;
  for (size_t i = 0; i < rows.size(); ++i)
    if (tinted(paper[i])) {
      cv::Mat row = block.rowRange(rows[i]);
      row.convertTo(row, CV_8U, band_paper / paper[i]);
    }
}

// Print sharpened for the OCR (an unsharp mask: the band less its blur of
// sigma 2 px, at the OCR's scale): a photo taken at 3-4 px/mm is warped up
// to the working resolution, and its small print comes out soft, strokes
// melting into each other ("Tews" for Twos, "fous" for Fours); the OCR reads
// the edges put back. Print that is sharp already reads the same.
void SharpenForText(cv::Mat& block) {
  cv::Mat soft;
  cv::GaussianBlur(block, soft, cv::Size(), 2.0);
  cv::addWeighted(block, 2.0, soft, -1.0, 0, block);
}

// Paints white the dust in `block` (see kDustRows), its rows `row_pitch`
// pixels apart: a photocopy's toner dust, and a noisy photo's darkest
// grain. Among letters the OCR takes dust for letters and the lines it
// reads for text: the labels of a copy came out as "ae TWwOS|e2 =" and
// "mete 3OFAKIND", and fit no ruleset.
void DustOut(cv::Mat& block, double row_pitch) {
  cv::Mat dark, labels, stats, centroids;
  cv::compare(block, kRuleLevel, dark, cv::CMP_LT);
  const int n = cv::connectedComponentsWithStats(dark, labels, stats, centroids, kEightConnected, CV_32S);
  const double small = kDustRows * row_pitch;
  std::vector<uchar> is_small(n, 0), is_large(n, 0);
  for (int i = 1; i < n; ++i) {
    is_small[i] = std::max(stats.at<int>(i, cv::CC_STAT_WIDTH), stats.at<int>(i, cv::CC_STAT_HEIGHT)) < small;
    is_large[i] = !is_small[i];  // label 0, the paper, is neither
  }
  cv::Mat near_large = MaskOfLabels(labels, is_large);
  const int reach = 2 * static_cast<int>(std::ceil(kDustClearRows * row_pitch)) + 1;
  cv::dilate(near_large, near_large, cv::getStructuringElement(cv::MORPH_ELLIPSE, cv::Size(reach, reach)));
  for (int i = 1; i < n; ++i) {
    if (!is_small[i]) continue;
    const cv::Rect box(stats.at<int>(i, cv::CC_STAT_LEFT), stats.at<int>(i, cv::CC_STAT_TOP),
                       stats.at<int>(i, cv::CC_STAT_WIDTH), stats.at<int>(i, cv::CC_STAT_HEIGHT));
    const cv::Mat piece = labels(box) == i;
    if (cv::countNonZero(near_large(box) & piece) > 0) continue;  // beside a letter: a full stop, a dot
    block(box).setTo(kWhite, piece);
  }
}

// Clears from `dark` each piece of it shorter than `length_px` both ways.
void LeaveOutShortPieces(cv::Mat& dark, double length_px) {
  cv::Mat labels, stats, centroids;
  const int n = cv::connectedComponentsWithStats(dark, labels, stats, centroids, kEightConnected, CV_32S);
  std::vector<uchar> long_enough(n, 0);
  for (int i = 1; i < n; ++i)
    long_enough[i] = std::max(stats.at<int>(i, cv::CC_STAT_WIDTH), stats.at<int>(i, cv::CC_STAT_HEIGHT)) >= length_px;
  dark = MaskOfLabels(labels, long_enough);
}

}  // namespace

cv::Mat FlattenForText(const cv::Mat& upright, double px_per_mm) {
  cv::Mat gray, paper, flat;
  if (upright.channels() == kColourChannels) cv::cvtColor(upright, gray, cv::COLOR_BGR2GRAY);
  else gray = upright;
  // The paper: a grey closing over 6 mm, wider than any letter (a letter's
  // strokes close over), narrower than a tint or a bar, whose edges it keeps.
  // The local maximum alone reaches half its window into a tinted column or
  // shaded row from the white paper beside it, and the tint there was ink
  // all along its edge.
  // The closing keeps the brightest it covers, so it is taken on the page
  // with its grain smoothed out: a photocopy's grey paper with the toner
  // missing in specks all over it, or a noisy photo's grain, put the paper
  // at the specks' white, and the real paper flattened grey, dark enough
  // for a rule: the labels were painted out with the "rules" (a copy of our
  // own sheet read 16% alike). The print is divided as it is, unsmoothed:
  // thin strokes and small how-to text stay.
  const int window = std::max(kMinPaperWindowPx, static_cast<int>(std::lround(kPaperWindowMm * px_per_mm)) | 1);
  const cv::Mat square = cv::getStructuringElement(cv::MORPH_RECT, cv::Size(window, window));
  const int grain = std::max(kMinGrainPx, static_cast<int>(std::lround(kPaperGrainMm * px_per_mm)) | 1);
  cv::Mat smooth;
  cv::medianBlur(gray, smooth, grain);
  cv::morphologyEx(smooth, paper, cv::MORPH_CLOSE, square);
  cv::max(paper, 1, paper);
  cv::divide(gray, paper, flat, kWhite);
  // White print on a dark fill (a header bar): there the fill is the paper
  // and the print is what is lighter than it.
  const cv::Mat filled = DarkFills(gray, px_per_mm);
  if (cv::countNonZero(filled) > 0) {
    cv::Mat inverse = kWhite - gray, fill, flat_inverse;
    cv::morphologyEx(inverse, fill, cv::MORPH_CLOSE, square);
    cv::max(fill, 1, fill);
    cv::divide(inverse, fill, flat_inverse, kWhite);
    flat_inverse.copyTo(flat, filled);
  }
  return flat;
}

cv::Mat DarkFills(const cv::Mat& gray, double px_per_mm) {
  cv::Mat filled = cv::Mat::zeros(gray.size(), CV_8U);
  if (gray.empty() || px_per_mm <= 0) return filled;
  // At 2 px/mm: fills are millimetres across.
  constexpr double kWorkPxPerMm = 2;
  const double shrink = std::min(1.0, kWorkPxPerMm / px_per_mm);
  cv::Mat small;
  cv::resize(gray, small, cv::Size(), shrink, shrink, cv::INTER_AREA);
  const double px = px_per_mm * shrink;
  auto square = [&](double mm) {
    const int side = std::max(1, static_cast<int>(std::lround(mm * px)));
    return cv::getStructuringElement(cv::MORPH_RECT, cv::Size(side, side));
  };
  // The paper around: the lightest within 15 mm, past any bar's height.
  cv::Mat paper, dark;
  cv::dilate(small, paper, square(kFillPaperMm));
  cv::Mat half;
  paper.convertTo(half, CV_8U, kFillDarkness);
  cv::compare(small, half, dark, cv::CMP_LT);
  LeaveOutShortPieces(dark, kFillLengthMm * px);
  // A fill holds a square of dark (a letter's stroke does not); the print
  // inside it is part of it.
  cv::morphologyEx(dark, dark, cv::MORPH_OPEN, square(kFillSquareMm));
  cv::morphologyEx(dark, dark, cv::MORPH_CLOSE, square(kFillCloseMm));
  cv::resize(dark, filled, gray.size(), 0, 0, cv::INTER_NEAREST);
  return filled;
}

PrintLines ReadRowsOfPrint(cv::Mat block, double row_pitch, TextReader& reader, bool scattered) {
  PrintLines read;
  // Tesseract reads printed text well from ~20 px capitals; rows printed
  // larger than that are shrunk, which saves a third of its time.
  read.scale = std::min(1.0, kOcrRowPitchPx / row_pitch);
  if (read.scale < 1) cv::resize(block, block, cv::Size(), read.scale, read.scale, cv::INTER_AREA);
  DustOut(block, row_pitch * read.scale);
  SharpenForText(block);
  read.lines = scattered ? reader.ReadScattered(block) : reader.ReadLines(block);
  return read;
}

cv::Rect2d PrintLines::InBlock(const cv::Rect& box) const {
  return {box.x / scale, box.y / scale, box.width / scale, box.height / scale};
}

BandText ReadColumnBand(const cv::Mat& flat, const Lattice& grid, int column, TextReader& reader) {
  BandText band_text;
  std::vector<std::string>& texts = band_text.rows;
  texts.assign(grid.rows(), "");
  band_text.confidence.assign(grid.rows(), 0.0);
  std::vector<int> lines(grid.rows(), 0);
  const float left = grid.column_x[column], right = grid.column_x[column + 1];
  const float top = grid.row_y.front(), bottom = grid.row_y.back();
  const cv::Rect band = cv::Rect(cv::Point(static_cast<int>(left), static_cast<int>(top)),
                                 cv::Point(static_cast<int>(std::ceil(right)), static_cast<int>(std::ceil(bottom)))) &
                        cv::Rect(0, 0, flat.cols, flat.rows);
  if (band.width < kMinBandPx || band.height < kMinBandPx) return band_text;
  cv::Mat block = flat(band).clone();
  const double pitch = (bottom - top) / grid.rows();
  LiftRowTints(block, grid, top);
  PaintOutRules(block, pitch);
  PaintOutIcons(block, pitch);
  const int half_line = static_cast<int>(std::ceil(grid.line_px / 2 + 2));
  for (float y : grid.row_y)
    cv::rectangle(block, cv::Point(0, static_cast<int>(y - top) - half_line),
                  cv::Point(block.cols, static_cast<int>(y - top) + half_line), cv::Scalar(kWhite), cv::FILLED);
  for (float x : {left, right})
    cv::rectangle(block, cv::Point(static_cast<int>(x - left) - half_line, 0),
                  cv::Point(static_cast<int>(x - left) + half_line, block.rows), cv::Scalar(kWhite), cv::FILLED);
  // A table ruled nowhere (rows from the print: every row line put in) is
  // print scattered among a copy's dust: read as such, not as one block.
  const PrintLines read = ReadRowsOfPrint(block, pitch, reader, grid.RuledNowhere());
  for (const TextLine& line : read.lines) {
    const float centre = top + static_cast<float>((line.box.y + line.box.height / 2.0) / read.scale);
    const auto next = std::upper_bound(grid.row_y.begin(), grid.row_y.end(), centre);
    const int row = static_cast<int>(next - grid.row_y.begin()) - 1;
    if (row < 0 || row >= grid.rows()) continue;
    texts[row] += (texts[row].empty() ? "" : "\n") + line.text;
    band_text.confidence[row] += line.confidence;
    ++lines[row];
  }
  for (int r = 0; r < grid.rows(); ++r)
    if (lines[r] > 0) band_text.confidence[r] /= lines[r];
  return band_text;
}

std::string ReadArea(const cv::Mat& flat, cv::Rect area, TextReader& reader, double row_pitch) {
  area &= cv::Rect(0, 0, flat.cols, flat.rows);
  if (area.width < kMinTextPx || area.height < kMinTextPx) return "";
  std::vector<TextLine> lines;
  if (row_pitch > 0) {
    // Its darkest ink made black and its paper white: pale print (a header
    // bar's white letters in a dim photo, lifted to grey) read nothing, and
    // stretched it reads as the labels do.
    cv::Mat block;
    cv::normalize(flat(area), block, 0, kWhite, cv::NORM_MINMAX);
    lines = ReadRowsOfPrint(block, row_pitch, reader).lines;
  } else {
    lines = reader.ReadLines(flat(area));
  }
  std::string text;
  for (const TextLine& line : lines) text += line.text + " ";
  return text;
}

float InsideRulesPx(const Lattice& grid) { return grid.line_px + 2; }

std::vector<bool> RowsPrintedLikeTheTop(const cv::Mat& flat, const Lattice& grid, int first, int last, double min_alike) {
  std::vector<bool> header(grid.rows(), false);
  const float inset = InsideRulesPx(grid);
  // A row's score cells inside their rules, side by side: the rules between
  // the columns are the same in every row, and compared with them every
  // row was alike to the top (0.85-0.93 on a sheet with four columns).
  auto band = [&](int row) {
    std::vector<cv::Mat> cells;
    for (int c = first; c <= last; ++c) {
      const cv::Rect2f area(cv::Point2f(grid.column_x[c] + inset, grid.row_y[row] + inset),
                            cv::Point2f(grid.column_x[c + 1] - inset, grid.row_y[row + 1] - inset));
      const cv::Rect pixels = cv::Rect(area) & cv::Rect(0, 0, flat.cols, flat.rows);
      if (pixels.width < 2 || pixels.height < kMinBandPx) return cv::Mat();
      cells.push_back(flat(pixels));
    }
    if (cells.empty()) return cv::Mat();
    // Rows differ in height by a pixel or two: the cells are brought to the
    // first one's height before they are put side by side.
    for (cv::Mat& cell : cells)
      if (cell.rows != cells.front().rows) cv::resize(cell, cell, cv::Size(cell.cols, cells.front().rows), 0, 0, cv::INTER_AREA);
    cv::Mat joined;
    cv::hconcat(cells, joined);
    return joined.cols < kMinTextPx ? cv::Mat() : joined;
  };
  const cv::Mat top = band(0);
  if (top.empty()) return header;
  double darkest = 0;
  cv::minMaxLoc(top, &darkest);
  // No print in the top row's score cells. Blurred small headers stay light
  // (darkest 120-132 of 255 on one low-resolution page): print at all is enough.
  if (darkest > kTopPrintLevel) return header;
  header[0] = true;
  for (int r = 1; r < grid.rows(); ++r) {
    cv::Mat row = band(r);
    if (row.empty()) continue;
    cv::resize(row, row, top.size(), 0, 0, cv::INTER_AREA);
    cv::Mat alike;
    cv::matchTemplate(row, top, alike, cv::TM_CCOEFF_NORMED);
    header[r] = alike.at<float>(0, 0) >= min_alike;
  }
  return header;
}

std::vector<bool> RowsPrintedAsBars(const cv::Mat& gray, const Lattice& grid, int first, int last, double max_share) {
  std::vector<bool> bar(grid.rows(), false);
  if (gray.empty() || gray.type() != CV_8UC1 || first < 0 || last >= grid.columns() || first > last) return bar;
  const float inset = InsideRulesPx(grid);
  std::vector<double> grey(grid.rows(), -1);
  for (int r = 0; r < grid.rows(); ++r) {
    std::vector<uchar> pixels;
    for (int c = first; c <= last; ++c) {
      const cv::Rect2f area(cv::Point2f(grid.column_x[c] + inset, grid.row_y[r] + inset),
                            cv::Point2f(grid.column_x[c + 1] - inset, grid.row_y[r + 1] - inset));
      const cv::Rect inside = cv::Rect(area) & cv::Rect(0, 0, gray.cols, gray.rows);
      if (inside.width < 2 || inside.height < 2) continue;
      for (int y = inside.y; y < inside.br().y; ++y) {
        const uchar* row = gray.ptr<uchar>(y);
        pixels.insert(pixels.end(), row + inside.x, row + inside.br().x);
      }
    }
    if (pixels.empty()) continue;
    std::nth_element(pixels.begin(), pixels.begin() + static_cast<long>(pixels.size() / 2), pixels.end());
    grey[r] = pixels[pixels.size() / 2];
  }
  std::vector<double> measured;
  for (double g : grey)
    if (g >= 0) measured.push_back(g);
  if (measured.empty()) return bar;
  const double typical = Median(measured);
  for (int r = 0; r < grid.rows(); ++r) bar[r] = grey[r] >= 0 && grey[r] <= max_share * typical;
  return bar;
}

}  // namespace scorecheck
