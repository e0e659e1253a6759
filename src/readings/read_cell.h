#pragma once
// Readings stage: a cell's ink becomes a reading: a number with a confidence
// and its best alternatives, a cross-out, ticks, or nothing. Multi-digit
// numbers are segmented (touching digits split, broken strokes joined).

#include <string>
#include <vector>

#include "cells/extract_cell.h"
#include "readings/digit_reader.h"

namespace scorecheck {

enum class ReadingStatus {
  kEmpty,
  kNumber,
  kCrossed,
  kChecks,
  kIllegible,  ///< ink that could not be read as any of the above
};

/// One candidate value and how likely the reader finds it.
struct Candidate {
  int value = 0;
  double score = 0;  ///< product of the digit probabilities
};

/// What is in a cell, as read.
struct Reading {
  ReadingStatus status = ReadingStatus::kEmpty;
  int value = 0;                      ///< kNumber: the chosen value
  int checks = 0;                     ///< kChecks: tick count
  double confidence = 0;              ///< 0..1: how sure the whole reading is
  std::vector<Candidate> alternatives;  ///< kNumber: best first (the raw reading is alternatives[0])
  std::string raw;                    ///< the reader's own top reading as text, before any correction
};

/// Tuning for ReadCell().
struct ReadOptions {
  int max_alternatives = 5;        ///< candidates kept per cell
  double split_aspect = 1.05;      ///< blobs wider than this × their height may be touching digits
  double must_split_aspect = 2.0;  ///< ... and wider than this are (no single digit is that wide)
  double confident_digit = 0.95;   ///< a blob read as one digit at least this surely is not split
  double split_margin = 0.0;      ///< a split must read this much better (per digit) than the whole
  double sure_number = 0.9;        ///< a "cross-out" read as a number this surely is a number
};

/// Reads a classified cell.
Reading ReadCell(const CellInk& ink, DigitReader& reader, const ReadOptions& options = {});

}  // namespace scorecheck
