#pragma once
// A table drawn with OpenCV for the grid stage's tests: ruled rows and
// columns (or rows only), printed words and hurried handwriting in its cells.

#include <cmath>
#include <random>
#include <string>
#include <vector>

#include <opencv2/imgproc.hpp>

#include "lattice/find_lattice.h"

namespace scorecheck::testing {

inline constexpr double kPxPerMm = 8;

inline cv::Point Px(double x_mm, double y_mm) {
  return cv::Point(static_cast<int>(std::lround(x_mm * kPxPerMm)), static_cast<int>(std::lround(y_mm * kPxPerMm)));
}

// The lattice of a table ruled at rows `ys` and columns `xs` (mm), as the
// lattice finder gives it.
inline Lattice LinesAt(const std::vector<double>& ys, const std::vector<double>& xs) {
  Lattice lattice;
  for (double y : ys) lattice.row_y.push_back(static_cast<float>(y * kPxPerMm));
  for (double x : xs) lattice.column_x.push_back(static_cast<float>(x * kPxPerMm));
  lattice.row_inferred.assign(lattice.row_y.size(), false);
  lattice.column_inferred.assign(lattice.column_x.size(), false);
  lattice.frame = cv::Rect2f(lattice.column_x.front(), lattice.row_y.front(), lattice.column_x.back() - lattice.column_x.front(),
                             lattice.row_y.back() - lattice.row_y.front());
  lattice.line_px = 2;
  return lattice;
}

// A table drawn with OpenCV: columns (mm widths) and what each holds, row by
// row; "" leaves a cell empty. Handwriting is Hershey's script font in blue,
// at a random place in its cell, as a hurried writer puts it.
struct DrawnTable {
  double x = 20, y = 30, row_mm = 9;
  std::vector<double> widths;
  std::vector<std::vector<std::string>> columns;  // per column, per row
  std::vector<bool> handwritten;                  // per column
  std::vector<double> print_scale;                // per column: Hershey scale of its print (none: 0.9)

  Lattice Lines() const {
    std::vector<double> ys, xs = {x};
    for (size_t r = 0; r <= columns.front().size(); ++r) ys.push_back(y + static_cast<double>(r) * row_mm);
    for (double w : widths) xs.push_back(xs.back() + w);
    return LinesAt(ys, xs);
  }

  bool column_rules = true;                       // false: rows ruled only, as a word processor does

  cv::Mat Draw() const {
    cv::Mat page(Px(210, 297).y, Px(210, 297).x, CV_8UC3, cv::Scalar(250, 250, 250));
    const Lattice lattice = Lines();
    std::mt19937 rng(5);
    for (size_t c = 0; c < columns.size(); ++c)
      for (size_t r = 0; r < columns[c].size(); ++r) {
        const std::string& text = columns[c][r];
        if (text.empty()) continue;
        const cv::Rect2f cell = lattice.Cell(static_cast<int>(r), static_cast<int>(c));
        if (handwritten[c]) {
          // Anywhere from the left line to 3 mm short of the right one.
          const int dx = static_cast<int>(rng() % static_cast<unsigned>(std::max(1.0f, cell.width - 90)));
          cv::putText(page, text, cv::Point(static_cast<int>(cell.x) + 6 + dx, static_cast<int>(cell.br().y) - 12 + static_cast<int>(rng() % 6)),
                      cv::FONT_HERSHEY_SCRIPT_SIMPLEX, 1.5, cv::Scalar(150, 60, 20), 3, cv::LINE_AA);
        } else {
          const double scale = c < print_scale.size() ? print_scale[c] : 0.9;
          cv::putText(page, text, cv::Point(static_cast<int>(cell.x) + 12, static_cast<int>(cell.br().y) - 22),
                      cv::FONT_HERSHEY_SIMPLEX, scale, cv::Scalar(20, 20, 20), scale < 0.6 ? 1 : 2, cv::LINE_AA);
        }
      }
    for (float y_px : lattice.row_y)
      cv::line(page, cv::Point(static_cast<int>(lattice.column_x.front()), static_cast<int>(y_px)),
               cv::Point(static_cast<int>(lattice.column_x.back()), static_cast<int>(y_px)), cv::Scalar(0, 0, 0), 2);
    for (float x_px : lattice.column_x)
      if (column_rules) cv::line(page, cv::Point(static_cast<int>(x_px), static_cast<int>(lattice.row_y.front())),
               cv::Point(static_cast<int>(x_px), static_cast<int>(lattice.row_y.back())), cv::Scalar(0, 0, 0), 2);
    return page;
  }
};

// Classic's rows as a one-player sheet prints them, with its how-to text.
inline DrawnTable OnePlayerSheet() {
  DrawnTable table;
  const std::vector<std::string> labels = {"Aces", "Twos", "Threes", "Fours", "Fives", "Sixes", "Total score", "Bonus",
                                           "Total of upper section", "3 of a kind", "4 of a kind", "Full house",
                                           "Sm straight", "Lg straight", "Yahtzee", "Chance", "Yahtzee bonus",
                                           "Total of lower section", "Total of upper section", "Grand total"};
  const std::vector<std::string> how_to = {"Count and add only Aces", "Count and add only Twos", "Count and add only Threes",
                                           "Count and add only Fours", "Count and add only Fives", "Count and add only Sixes",
                                           "", "Score 35 if 63 or over", "", "Add total of all dice", "Add total of all dice",
                                           "Score 25", "Score 30", "Score 40", "Score 50", "Score total of all dice",
                                           "Score 100 per bonus", "", "", ""};
  const std::vector<std::string> scores = {"3", "8", "9", "12", "15", "18", "65", "35", "100", "17", "", "25", "30", "40",
                                           "0", "22", "", "134", "100", "234"};
  table.columns = {labels, scores, how_to};
  table.handwritten = {false, true, false};
  return table;
}


}  // namespace scorecheck::testing
