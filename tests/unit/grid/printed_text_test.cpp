// Rows told by their print: dark bars across the score columns.

#include "grid/printed_text.h"

#include <gtest/gtest.h>

#include <vector>

#include <opencv2/imgproc.hpp>

#include "unit/grid/drawn_table.h"

namespace scorecheck {
namespace {

using testing::DrawnTable;
using testing::kPxPerMm;
using testing::OnePlayerSheet;

// The one-player sheet with a header bar over its first row and a section
// bar over row 9 (dark, white words), its other rows striped light grey
// every other row. `dim`: the whole page darkened, as a dim photo is.
cv::Mat BarredSheet(const DrawnTable& table, double dim) {
  cv::Mat page = table.Draw();
  const Lattice lattice = table.Lines();
  for (int r = 0; r < lattice.rows(); ++r) {
    const cv::Rect row(cv::Point(static_cast<int>(lattice.column_x.front()) + 2, static_cast<int>(lattice.row_y[r]) + 2),
                       cv::Point(static_cast<int>(lattice.column_x.back()) - 2, static_cast<int>(lattice.row_y[r + 1]) - 2));
    if (r == 0 || r == 9) {
      page(row).setTo(cv::Scalar(70, 70, 70));
      cv::putText(page, r == 0 ? "Player 1" : "Lower", row.tl() + cv::Point(12, row.height - 20), cv::FONT_HERSHEY_SIMPLEX,
                  0.9, cv::Scalar(255, 255, 255), 2, cv::LINE_AA);
    } else if (r % 2) {
      cv::Mat stripe = page(row);
      cv::min(stripe, cv::Scalar(215, 215, 215), stripe);
    }
  }
  cv::Mat gray;
  cv::cvtColor(page, gray, cv::COLOR_BGR2GRAY);
  gray.convertTo(gray, CV_8U, dim);
  return gray;
}

TEST(RowsPrintedAsBarsTest, DarkBarsAreToldFromStripesAndWriting) {
  DrawnTable table = OnePlayerSheet();
  table.widths = {60, 40, 62};
  const Lattice lattice = table.Lines();
  for (double dim : {1.0, 0.4}) {
    const std::vector<bool> bars = RowsPrintedAsBars(BarredSheet(table, dim), lattice, 1, 1, 0.5);
    ASSERT_EQ(bars.size(), static_cast<size_t>(lattice.rows()));
    for (int r = 0; r < lattice.rows(); ++r) EXPECT_EQ(bars[r], r == 0 || r == 9) << "row " << r << ", dim " << dim;
  }
  // No bar at all: stripes and writing alone are no bars.
  cv::Mat plain;
  cv::cvtColor(table.Draw(), plain, cv::COLOR_BGR2GRAY);
  for (bool bar : RowsPrintedAsBars(plain, lattice, 1, 1, 0.5)) EXPECT_FALSE(bar);
}

TEST(RowsPrintedAsBarsTest, AColourPageOrColumnsOutsideTheGridTellNothing) {
  DrawnTable table = OnePlayerSheet();
  table.widths = {60, 40, 62};
  const Lattice lattice = table.Lines();
  const cv::Mat gray = BarredSheet(table, 1.0);
  for (bool bar : RowsPrintedAsBars(table.Draw(), lattice, 1, 1, 0.5)) EXPECT_FALSE(bar);  // not 8-bit gray
  for (bool bar : RowsPrintedAsBars(gray, lattice, 1, 5, 0.5)) EXPECT_FALSE(bar);
  for (bool bar : RowsPrintedAsBars(gray, lattice, 2, 1, 0.5)) EXPECT_FALSE(bar);
}

}  // namespace
}  // namespace scorecheck
