#include "report/overlay.h"

#include <gtest/gtest.h>
#include <opencv2/imgproc.hpp>

#include "report/overlay_text.h"
#include "scan/apply_corrections.h"
#include "support/fake_scan.h"

namespace scorecheck {
namespace {

// The colour of the box drawn around `cell` (its left edge, half way down).
cv::Vec3b BoxColour(const cv::Mat& page, const ScannedCell& cell) {
  const cv::Rect2f& r = cell.where.cell_in_page;
  return page.at<cv::Vec3b>(static_cast<int>(r.y + r.height / 2), static_cast<int>(r.x));
}

bool Near(const cv::Vec3b& pixel, const cv::Scalar& colour) {
  for (int i = 0; i < 3; ++i)
    if (std::abs(pixel[i] - colour[i]) > 30) return false;
  return true;
}

const ScannedCell& CellAt(const ScanResult& scan, int column, const std::string& row) {
  for (const ScannedCell& cell : scan.cells)
    if (cell.where.column == column && cell.where.row_id == row) return cell;
  throw std::runtime_error("no cell " + row);
}

ScanResult Example() {
  // Sixes written 15 (illegal: wrong), aces read unsurely, chance corrected by a person.
  testing::Cells column = testing::With(testing::CorrectColumn("classic"), "sixes", CellValue::Number(15));
  ScanResult scan = testing::FakeScan("classic", column);
  for (ScannedCell& cell : scan.cells)
    if (cell.where.column == 0 && cell.where.row_id == "aces") cell.reading.confidence = cell.reading.number_confidence = 0.2;
  ApplyCorrections(scan, {{"card.jpg", 1, 1, "chance", testing::At(column, "chance"), std::nullopt, ""}},
                   testing::ShippedRulesets());
  return scan;
}

TEST(OverlayTest, CellsAreBoxedByWhatAPersonShouldKnow) {
  const ScanResult scan = Example();
  const cv::Mat page = AnnotatePage(scan);
  ASSERT_EQ(page.size(), scan.grid.image.size());
  EXPECT_TRUE(Near(BoxColour(page, CellAt(scan, 0, "sixes")), kOverlayWrong));
  EXPECT_TRUE(Near(BoxColour(page, CellAt(scan, 0, "aces")), kOverlayUncertain));
  EXPECT_TRUE(Near(BoxColour(page, CellAt(scan, 0, "chance")), kOverlayByPerson));
  // A cell read surely and right has no box: the page shows through, faded.
  EXPECT_FALSE(Near(BoxColour(page, CellAt(scan, 0, "twos")), kOverlayWrong));
  EXPECT_GT(BoxColour(page, CellAt(scan, 0, "twos"))[0], 200);
}

TEST(OverlayTest, AHeaderAboveAndALegendBelowThePage) {
  const ScanResult scan = Example();
  const cv::Mat page = AnnotatePage(scan);
  const cv::Mat overlay = DrawOverlay(scan, testing::ShippedRulesets());
  ASSERT_EQ(overlay.cols, page.cols);
  ASSERT_GT(overlay.rows, page.rows + 60);
  // Find where the page sits: the one offset at which the overlay holds it unchanged.
  int header = -1;
  for (int y = 0; y + page.rows <= overlay.rows && header < 0; ++y)
    if (cv::norm(overlay(cv::Rect(0, y, page.cols, page.rows)), page, cv::NORM_INF) == 0) header = y;
  ASSERT_GT(header, 0) << "no header above the page";
  ASSERT_LT(header + page.rows, overlay.rows) << "no legend below the page";
  // The header says the card has errors in the wrong-cell colour; the legend shows every colour.
  auto holds = [](const cv::Mat& band, const cv::Scalar& colour) {
    cv::Mat mask;
    cv::inRange(band, colour - cv::Scalar::all(30), colour + cv::Scalar::all(30), mask);
    return cv::countNonZero(mask) > 5;
  };
  const cv::Mat top = overlay(cv::Rect(0, 0, overlay.cols, header));
  const cv::Mat bottom = overlay(cv::Rect(0, header + page.rows, overlay.cols, overlay.rows - header - page.rows));
  EXPECT_TRUE(holds(top, kOverlayWrong));
  for (const cv::Scalar& colour : {kOverlayRead, kOverlayUncertain, kOverlayWrong, kOverlayByPerson})
    EXPECT_TRUE(holds(bottom, colour)) << colour;
}

TEST(OverlayTest, TextInAnyLanguageIsDrawnNotReplaced) {
  // "Zoë" drawn as itself: the diaeresis is ink that "Zoe" does not have, and
  // it is not the "?" the Hershey fonts gave.
  auto drawn = [](const std::string& text) {
    cv::Mat image(60, 200, CV_8UC3, cv::Scalar::all(255));
    DrawOverlayText(image, text, cv::Point(10, 45), 36, cv::Scalar(30, 30, 30));
    cv::Mat grey;
    cv::cvtColor(image, grey, cv::COLOR_BGR2GRAY);
    return grey;
  };
  const cv::Mat with = drawn("Zoë"), without = drawn("Zoe"), question = drawn("Zo?");
  EXPECT_GT(cv::countNonZero(with < 128), cv::countNonZero(without < 128));
  EXPECT_GT(cv::norm(with, question, cv::NORM_L1), 0);
  EXPECT_NEAR(OverlayTextWidth("Zoë", 36), OverlayTextWidth("Zoe", 36), 1.0);  // the same letters' width
  EXPECT_GT(OverlayTextWidth("Zoë ×2", 36), OverlayTextWidth("Zoë", 36));
}

}  // namespace
}  // namespace scorecheck
