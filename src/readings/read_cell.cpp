#include "readings/read_cell.h"

// GCC 12 at -O2 warns falsely about std::string copies in this file
// (-Wrestrict, GCC bug 105329); nothing here overlaps.
#pragma GCC diagnostic ignored "-Wrestrict"

#include <algorithm>
#include <cmath>
#include <iomanip>
#include <numeric>
#include <sstream>

#include <opencv2/imgproc.hpp>

namespace scorecheck {
namespace {

// A glyph to classify: the ink of some blobs.
struct Glyph {
  cv::Rect box;
  cv::Mat mask;  // crop-size mask
};

// Turns the cell's blobs into glyphs: the pieces of one digit are joined (a
// 5 whose top bar was drawn separately, a 4 in two strokes, a digit broken by
// the line removal), and marks that are not digits are dropped (a dot, the
// sliver of a neighbour's digit crossing the border).
std::vector<Glyph> GroupBlobs(const CellInk& ink) {
  int tallest = 0;
  for (const cv::Rect& box : ink.blobs) tallest = std::max(tallest, box.height);
  std::vector<Glyph> glyphs;
  std::vector<size_t> flat;  // blobs to attach to a digit afterwards
  for (size_t i = 0; i < ink.blobs.size(); ++i) {
    const cv::Rect box = ink.blobs[i];
    if (box.height < 0.45 * tallest) {
      // Short marks: a bar (wide) belongs to a digit; anything narrow is noise.
      if (box.width > 0.35 * tallest) flat.push_back(i);
      continue;
    }
    if (!glyphs.empty()) {
      // Pieces of one digit sit one above the other; neighbouring digits
      // overlap sideways only (a slanted 1 leaning over the next digit).
      Glyph& last = glyphs.back();
      const int overlap = std::min(last.box.x + last.box.width, box.x + box.width) - std::max(last.box.x, box.x);
      const int shared_height =
          std::min(last.box.y + last.box.height, box.y + box.height) - std::max(last.box.y, box.y);
      if (overlap > 0.5 * std::min(last.box.width, box.width) &&
          shared_height < 0.3 * std::min(last.box.height, box.height)) {
        last.box |= box;
        last.mask |= ink.blob_masks[i];
        continue;
      }
    }
    glyphs.push_back({box, ink.blob_masks[i].clone()});
  }
  if (glyphs.empty()) {
    // Only short marks: read them as they are (a flat, wide 0 or 4...).
    for (size_t i : flat) glyphs.push_back({ink.blobs[i], ink.blob_masks[i].clone()});
    std::sort(glyphs.begin(), glyphs.end(), [](const Glyph& a, const Glyph& b) { return a.box.x < b.box.x; });
    return glyphs;
  }
  for (size_t i : flat) {
    // The digit it overlaps or nearly touches sideways, nearest first.
    const cv::Rect box = ink.blobs[i];
    Glyph* nearest = nullptr;
    int best_gap = static_cast<int>(0.3 * tallest) + 1;
    for (Glyph& glyph : glyphs) {
      const int gap = std::max(glyph.box.x - (box.x + box.width), box.x - (glyph.box.x + glyph.box.width));
      if (gap < best_gap) {
        best_gap = gap;
        nearest = &glyph;
      }
    }
    if (nearest) {
      nearest->box |= box;
      nearest->mask |= ink.blob_masks[i];
    }
  }
  return glyphs;
}

cv::Mat GlyphImage(const CellInk& ink, const Glyph& glyph) {
  cv::Mat image = cv::Mat::zeros(glyph.box.size(), CV_8U);
  ink.ink(glyph.box).copyTo(image, glyph.mask(glyph.box));
  return image;
}

// Splits a wide glyph into `parts` at the columns with least ink near the
// expected cut positions.
std::vector<Glyph> Split(const Glyph& glyph, int parts) {
  cv::Mat column_ink;
  cv::reduce(glyph.mask(glyph.box) / 255, column_ink, 0, cv::REDUCE_SUM, CV_32S);
  std::vector<int> cuts = {0};
  for (int p = 1; p < parts; ++p) {
    const int centre = glyph.box.width * p / parts, reach = glyph.box.width / (parts * 3);
    int best = centre, least = INT32_MAX;
    for (int x = std::max(1, centre - reach); x < std::min(glyph.box.width - 1, centre + reach); ++x)
      if (column_ink.at<int>(0, x) < least) {
        least = column_ink.at<int>(0, x);
        best = x;
      }
    cuts.push_back(best);
  }
  cuts.push_back(glyph.box.width);
  std::vector<Glyph> pieces;
  for (int p = 0; p < parts; ++p) {
    const cv::Rect slice(glyph.box.x + cuts[p], glyph.box.y, cuts[p + 1] - cuts[p], glyph.box.height);
    if (slice.width <= 0) return {};
    Glyph piece{slice, cv::Mat::zeros(glyph.mask.size(), CV_8U)};
    glyph.mask(slice).copyTo(piece.mask(slice));
    const cv::Rect ink_box = cv::boundingRect(piece.mask);
    if (ink_box.empty()) return {};
    piece.box = ink_box;
    pieces.push_back(piece);
  }
  return pieces;
}

double Best(const DigitScores& scores) { return *std::max_element(scores.begin(), scores.end()); }

}  // namespace

Reading ReadCell(const CellInk& ink, DigitReader& reader, const ReadOptions& options) {
  Reading reading;
  reading.confidence = ink.confidence;
  switch (ink.kind) {
    case InkKind::kEmpty: reading.status = ReadingStatus::kEmpty; reading.raw = ""; return reading;
    case InkKind::kCrossed: {
      // The shape test says cross-out; a mark the digit reader is sure of is
      // a number all the same (a 1 leaning over a long-tailed 2 looks like an X).
      CellInk as_number = ink;
      as_number.kind = InkKind::kNumber;
      const Reading number = ReadCell(as_number, reader, options);
      if (number.status == ReadingStatus::kNumber && number.confidence >= options.sure_number) return number;
      reading.status = ReadingStatus::kCrossed;
      reading.raw = "X";
      return reading;
    }
    case InkKind::kTicks:
      reading.status = ReadingStatus::kChecks;
      reading.checks = ink.ticks;
      reading.raw = std::string(ink.ticks, 'v');
      return reading;
    case InkKind::kNumber: break;
  }

  // Each glyph becomes one digit, or two or three when it is wide enough to
  // be touching digits and splitting reads better.
  std::vector<DigitScores> digit_scores;
  for (const Glyph& glyph : GroupBlobs(ink)) {
    DigitScores whole = reader.Classify(GlyphImage(ink, glyph));
    const double aspect = static_cast<double>(glyph.box.width) / std::max(1, glyph.box.height);
    std::vector<DigitScores> chosen = {whole};
    double chosen_score = Best(whole);
    // No handwritten digit is twice as wide as tall: such a blob must be
    // touching digits. Below that, a wide single digit (a flat 2, a long-
    // tailed 5) is common, so split only when the whole reads poorly and
    // the pieces read better.
    const bool must_split = aspect > options.must_split_aspect;
    if (aspect > options.split_aspect && (must_split || chosen_score < options.confident_digit)) {
      if (must_split) chosen_score = 0;
      for (int parts : {2, 3}) {
        if (parts == 3 && aspect < 1.6) break;
        std::vector<DigitScores> split;
        double product = 1;
        for (const Glyph& piece : Split(glyph, parts)) {
          split.push_back(reader.Classify(GlyphImage(ink, piece)));
          product *= Best(split.back());
        }
        if (static_cast<int>(split.size()) != parts) continue;
        // Compare per-digit (geometric mean) confidence; a wide blob is more
        // likely two digits, so the split wins ties.
        const double mean = std::pow(product, 1.0 / parts);
        if (mean > chosen_score + options.split_margin) {
          chosen = split;
          chosen_score = mean;
        }
      }
    }
    digit_scores.insert(digit_scores.end(), chosen.begin(), chosen.end());
  }
  if (digit_scores.empty() || digit_scores.size() > 5) {
    reading.status = ReadingStatus::kIllegible;
    reading.confidence = 0;
    return reading;
  }

  // Best numbers: a beam over the digits' top candidates.
  std::vector<Candidate> beam = {{0, 1.0}};
  for (const DigitScores& scores : digit_scores) {
    std::vector<Candidate> next;
    for (const Candidate& partial : beam)
      for (int d = 0; d < 10; ++d)
        if (scores[d] > 1e-4) next.push_back({partial.value * 10 + d, partial.score * scores[d]});
    std::sort(next.begin(), next.end(), [](const Candidate& a, const Candidate& b) { return a.score > b.score; });
    if (static_cast<int>(next.size()) > options.max_alternatives * 4) next.resize(options.max_alternatives * 4);
    beam = next;
  }
  if (static_cast<int>(beam.size()) > options.max_alternatives) beam.resize(options.max_alternatives);
  reading.status = ReadingStatus::kNumber;
  reading.alternatives = beam;
  reading.value = beam.front().value;
  reading.confidence = beam.front().score;
  // The raw text keeps every digit as read, leading zeros too ("07").
  std::ostringstream raw;
  raw << std::setw(static_cast<int>(digit_scores.size())) << std::setfill('0') << beam.front().value;
  reading.raw = raw.str();
  return reading;
}

}  // namespace scorecheck
