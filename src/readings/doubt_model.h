#pragma once
// How far to trust a reading: a calibrated probability that a cell's value on
// the card is what the player wrote, from what the reading and the photo say
// about it (scan/cell_doubt.h names those measures). The model is a logistic
// regression learnt from synthetic cards whose truth is known
// (tools/doubt/fit_doubt.py); models/doubt.json holds it beside the digit
// models it was fitted for, with its card: data, split and figures.

#include <string>
#include <vector>

namespace scorecheck {

/// A logistic model over named measures: P(right) =
/// 1 / (1 + exp(-(bias + sum_i weights[i] * (x_i - mean[i]) / scale[i]))).
struct DoubtModel {
  std::vector<std::string> features;  ///< the measures' names, in the order the model takes them
  std::vector<double> mean;           ///< each measure's mean on the training cells
  std::vector<double> scale;          ///< ... and its spread (positive)
  std::vector<double> weights;        ///< log-odds per standardised unit
  double bias = 0;                    ///< log-odds of a cell whose every measure is at its mean

  /// The probability (0..1) that a cell with these measures is read right;
  /// `x` holds one value per feature, in order.
  double ProbabilityRight(const std::vector<double>& x) const;
  /// True when the vectors agree in length and every scale is positive.
  bool Check() const;
};

/// Reads a model written by tools/doubt/fit_doubt.py. Throws Error naming the
/// file and the cause when it cannot be read or is not such a model. Whether
/// its features are the measures the scanner computes is the scanner's to
/// check (scan/cell_doubt.h).
DoubtModel LoadDoubtModel(const std::string& path);

}  // namespace scorecheck
