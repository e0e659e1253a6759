// FindPage: own sheets by their markers (exact corners, orientation, sheet
// code), other sheets by the paper outline, and the shipped synthetic samples
// against their truth page corners.

#include "page/find_page.h"

#include <filesystem>

#include <gtest/gtest.h>
#include <nlohmann/json.hpp>
#include <opencv2/imgproc.hpp>

#include "core/text.h"
#include "image/load_image.h"
#include "sheet/render_sheet.h"
#include "support/test_support.h"
#include "synth/capture.h"

namespace scorecheck {
namespace {

using namespace scorecheck::testing;

// A page photographed: perspective onto a grey table, `turns` quarter turns clockwise.
struct Photo {
  cv::Mat image;
  std::array<cv::Point2f, 4> page_corners;  // page TL, TR, BR, BL in the image
};

Photo Photograph(const cv::Mat& page, int turns) {
  const cv::Size frame(1600, 2000);
  std::array<cv::Point2f, 4> target = {cv::Point2f(230, 180), cv::Point2f(1380, 240), cv::Point2f(1450, 1850),
                                       cv::Point2f(150, 1780)};
  std::rotate(target.begin(), target.begin() + (4 - turns % 4) % 4, target.end());
  const std::vector<cv::Point2f> src = {{0, 0}, {static_cast<float>(page.cols), 0},
                                        {static_cast<float>(page.cols), static_cast<float>(page.rows)},
                                        {0, static_cast<float>(page.rows)}};
  Photo photo;
  photo.image = cv::Mat(frame, CV_8UC3, cv::Scalar(70, 80, 90));
  cv::warpPerspective(page, photo.image, cv::getPerspectiveTransform(src, std::vector<cv::Point2f>(target.begin(), target.end())),
                      frame, cv::INTER_AREA, cv::BORDER_TRANSPARENT);
  photo.page_corners = target;
  return photo;
}

double CornerError(const Page& page, const std::array<cv::Point2f, 4>& truth) {
  const cv::Size size = page.rectified.size();
  const cv::Point2d corners[4] = {{0, 0}, {static_cast<double>(size.width), 0},
                                  {static_cast<double>(size.width), static_cast<double>(size.height)},
                                  {0, static_cast<double>(size.height)}};
  double worst = 0;
  for (int i = 0; i < 4; ++i) worst = std::max(worst, cv::norm(ImageFromPage(page, corners[i]) - cv::Point2d(truth[i])));
  return worst;
}

TEST(FindPageTest, OwnSheetByMarkersInAnyOrientation) {
  SheetOptions options;
  options.grids = 2;
  const cv::Mat page = RenderSheetImage(LayoutSheet(ShippedRulesets().Get("piecepack"), options), 200);
  for (int turns : {0, 1, 2, 3}) {
    const Photo photo = Photograph(page, turns);
    const Page found = FindPage(photo.image);
    ASSERT_TRUE(found.ok());
    EXPECT_EQ(found.method, PageMethod::kMarkers) << turns;
    EXPECT_TRUE(found.orientation_known);
    EXPECT_LT(CornerError(found, photo.page_corners), 6.0) << turns << " quarter turns";
    ASSERT_TRUE(found.sheet) << turns;
    EXPECT_EQ(found.sheet->ruleset_id, "piecepack");
    EXPECT_EQ(found.sheet->options.grids, 2);
    EXPECT_EQ(found.rectified.size(), cv::Size(1680, 2376));
  }
}

TEST(FindPageTest, OtherSheetByItsOutline) {
  SheetOptions options;
  options.style.markers = false;
  options.style.qr = false;
  const cv::Mat page = RenderSheetImage(LayoutSheet(ShippedRulesets().Get("classic"), options), 200);
  const Photo photo = Photograph(page, 0);
  const Page found = FindPage(photo.image);
  ASSERT_TRUE(found.ok());
  EXPECT_EQ(found.method, PageMethod::kOutline);
  EXPECT_FALSE(found.sheet);
  EXPECT_LT(CornerError(found, photo.page_corners), 12.0);
}

// A curled sheet's page is flattened by its rules, except our own: its boxes
// come from its sheet code's layout in the markers' frame, and are snapped to
// the lines printed there (samples/curled-own-sheet).
TEST(FindPageTest, OnlyAnotherPrintersCurledSheetIsFlattened) {
  constexpr double kDpi = 200, kMmPerInch = 25.4, kLiftMm = 3;  // the middle of a curled sheet
  for (const bool own : {true, false}) {
    SheetOptions options;
    options.style.markers = own;
    options.style.qr = own;
    const cv::Mat page = RenderSheetImage(LayoutSheet(ShippedRulesets().Get("classic"), options), kDpi);
    const Page found = FindPage(Photograph(BowedAlong(page, kLiftMm * kDpi / kMmPerInch, true), 0).image);
    ASSERT_TRUE(found.ok());
    EXPECT_EQ(found.method, own ? PageMethod::kMarkers : PageMethod::kOutline);
    EXPECT_EQ(found.bend.bent(), !own) << (own ? "our own sheet" : "another printer's");
  }
}

// Two pages photographed side by side (each turned a little) on a grey table.
cv::Mat PhotographTwo(const cv::Mat& left, const cv::Mat& right) {
  const cv::Size frame(2400, 1700);
  cv::Mat image(frame, CV_8UC3, cv::Scalar(70, 80, 90));
  const std::array<std::array<cv::Point2f, 4>, 2> targets = {
      std::array<cv::Point2f, 4>{cv::Point2f(80, 160), {1130, 100}, {1190, 1590}, {130, 1630}},
      std::array<cv::Point2f, 4>{cv::Point2f(1260, 110), {2300, 170}, {2250, 1650}, {1220, 1600}}};
  const cv::Mat* pages[2] = {&left, &right};
  for (int i = 0; i < 2; ++i) {
    const cv::Mat& page = *pages[i];
    const std::vector<cv::Point2f> src = {{0, 0}, {static_cast<float>(page.cols), 0},
                                          {static_cast<float>(page.cols), static_cast<float>(page.rows)},
                                          {0, static_cast<float>(page.rows)}};
    cv::warpPerspective(page, image,
                        cv::getPerspectiveTransform(src, std::vector<cv::Point2f>(targets[i].begin(), targets[i].end())),
                        frame, cv::INTER_AREA, cv::BORDER_TRANSPARENT);
  }
  return image;
}

TEST(FindPageTest, TwoOwnSheetsSideBySideAreTwoPagesLeftFirst) {
  // Each sheet's four markers repeat the other's ids: grouped by where a sheet prints them.
  const cv::Mat rock = RenderSheetImage(LayoutSheet(ShippedRulesets().Get("rock"), {}), 200);
  const cv::Mat classic = RenderSheetImage(LayoutSheet(ShippedRulesets().Get("classic"), {}), 200);
  const std::vector<Page> pages = FindPages(PhotographTwo(rock, classic));
  ASSERT_EQ(pages.size(), 2u);
  for (const Page& page : pages) {
    EXPECT_EQ(page.method, PageMethod::kMarkers);
    EXPECT_EQ(page.detail, "4 markers");
    ASSERT_TRUE(page.sheet);
  }
  EXPECT_EQ(pages[0].sheet->ruleset_id, "rock");
  EXPECT_EQ(pages[1].sheet->ruleset_id, "classic");
  EXPECT_EQ(FindPage(PhotographTwo(classic, rock)).sheet->ruleset_id, "classic");
}

TEST(FindPageTest, TwoOtherSheetsSideBySideAreTwoPagesByTheirOutlines) {
  SheetOptions options;
  options.style.markers = false;
  options.style.qr = false;
  const cv::Mat page = RenderSheetImage(LayoutSheet(ShippedRulesets().Get("classic"), options), 200);
  const std::vector<Page> pages = FindPages(PhotographTwo(page, page));
  ASSERT_EQ(pages.size(), 2u);
  for (const Page& p : pages) EXPECT_EQ(p.method, PageMethod::kOutline);
  // Left first: its centre lies left of the other's.
  const auto centre = [](const Page& p) {
    return ImageFromPage(p, {p.rectified.cols / 2.0, p.rectified.rows / 2.0});
  };
  EXPECT_LT(centre(pages[0]).x, 1200);
  EXPECT_GT(centre(pages[1]).x, 1200);
}

TEST(FindPageTest, AnOtherPrintersSheetBesideOursIsAPageToo) {
  SheetOptions plain;
  plain.style.markers = false;
  plain.style.qr = false;
  const cv::Mat other = RenderSheetImage(LayoutSheet(ShippedRulesets().Get("classic"), plain), 200);
  const cv::Mat ours = RenderSheetImage(LayoutSheet(ShippedRulesets().Get("rock"), {}), 200);
  const std::vector<Page> pages = FindPages(PhotographTwo(other, ours));
  ASSERT_EQ(pages.size(), 2u);
  EXPECT_EQ(pages[0].method, PageMethod::kOutline);
  EXPECT_EQ(pages[1].method, PageMethod::kMarkers);
  ASSERT_TRUE(pages[1].sheet);
  EXPECT_EQ(pages[1].sheet->ruleset_id, "rock");
}

TEST(FindPageTest, BlankImageIsTakenWhole) {
  const Page found = FindPage(cv::Mat(1000, 700, CV_8UC3, cv::Scalar::all(250)));
  ASSERT_TRUE(found.ok());
  EXPECT_EQ(found.method, PageMethod::kWholeImage);
  EXPECT_FALSE(FindPage(cv::Mat()).ok());
}

TEST(FindPageTest, OptionsCheck) {
  EXPECT_TRUE(PageOptions{}.Check());
  PageOptions none;
  none.max_sheets = 0;
  EXPECT_FALSE(none.Check());
}

// Every shipped synthetic photo: own sheets by markers with the code read,
// page corners close to the truth.
TEST(FindPageTest, SyntheticSamples) {
  namespace fs = std::filesystem;
  const fs::path root = SourcePath("samples/synthetic");
  if (!fs::is_directory(root)) GTEST_SKIP();
  int own = 0;
  for (const auto& entry : fs::directory_iterator(root)) {
    if (!entry.path().string().ends_with(".truth.json")) continue;
    const auto truth = nlohmann::json::parse(ReadTextFile(entry.path().string()));
    const LoadedImage image = LoadImage((root / truth["image"].get<std::string>()).string());
    ASSERT_TRUE(image.ok());
    const Page page = FindPage(image.bgr);
    ASSERT_TRUE(page.ok());
    std::array<cv::Point2f, 4> corners;
    for (int i = 0; i < 4; ++i)
      corners[i] = cv::Point2f(truth["page_quad"][i][0].get<float>(), truth["page_quad"][i][1].get<float>());
    const double diagonal = std::hypot(image.bgr.cols, image.bgr.rows);
    if (truth["style"] == "own") {
      ++own;
      EXPECT_EQ(page.method, PageMethod::kMarkers) << entry.path();
      ASSERT_TRUE(page.sheet_code) << entry.path();
      EXPECT_EQ(*page.sheet_code, truth["sheet_code"].get<std::string>());
      EXPECT_LT(CornerError(page, corners), 0.006 * diagonal) << entry.path();
    }
  }
  EXPECT_GT(own, 10);
}

}  // namespace
}  // namespace scorecheck
