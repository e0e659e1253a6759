#include "page/find_page.h"

#include <algorithm>
#include <array>
#include <set>

#include <opencv2/aruco.hpp>
#include <opencv2/calib3d.hpp>
#include <opencv2/imgproc.hpp>

#include "sheet/sheet_code_reader.h"

namespace scorecheck {
namespace {

// Marker placement of scorecheck's sheets (must match sheet_layout.cpp):
// 10 mm squares, 8 mm from the page edges.
constexpr double kMarkerMarginMm = 8, kMarkerMm = 10;

cv::Size2d PageSizeMm(PageSize page) { return page == PageSize::kA4 ? cv::Size2d(210, 297) : cv::Size2d(215.9, 279.4); }

// The four corners (TL, TR, BR, BL) of marker `id` on the page, millimetres.
std::array<cv::Point2f, 4> MarkerCornersMm(int id, PageSize page) {
  const cv::Size2d size = PageSizeMm(page);
  const double left = kMarkerMarginMm, right = size.width - kMarkerMarginMm - kMarkerMm;
  const double top = kMarkerMarginMm, bottom = size.height - kMarkerMarginMm - kMarkerMm;
  const cv::Point2d origin[4] = {{left, top}, {right, top}, {right, bottom}, {left, bottom}};
  const cv::Point2d o = origin[id];
  return {cv::Point2f(o.x, o.y), cv::Point2f(o.x + kMarkerMm, o.y), cv::Point2f(o.x + kMarkerMm, o.y + kMarkerMm),
          cv::Point2f(o.x, o.y + kMarkerMm)};
}

cv::Mat Gray(const cv::Mat& image) {
  cv::Mat gray;
  if (image.channels() == 3) cv::cvtColor(image, gray, cv::COLOR_BGR2GRAY);
  else gray = image;
  return gray;
}

// Homography page-mm -> image pixels from the markers found, or nullopt.
struct MarkerFit {
  cv::Matx33d image_from_mm;
  int markers = 0;
};

std::optional<MarkerFit> FitMarkers(const std::vector<int>& ids, const std::vector<std::vector<cv::Point2f>>& corners,
                                    double scale_to_image, PageSize page) {
  std::vector<cv::Point2f> mm, px;
  std::set<int> seen;
  for (size_t i = 0; i < ids.size(); ++i) {
    if (ids[i] < 0 || ids[i] > 3 || !seen.insert(ids[i]).second) continue;
    const auto model = MarkerCornersMm(ids[i], page);
    for (int k = 0; k < 4; ++k) {
      mm.push_back(model[k]);
      px.push_back(corners[i][k] * static_cast<float>(scale_to_image));
    }
  }
  // Two markers give 8 points, enough for a homography, but a diagonal pair is
  // the least we trust; three or four are the norm.
  if (seen.size() < 2) return std::nullopt;
  const cv::Mat h = cv::findHomography(mm, px, cv::RANSAC, 3.0 * scale_to_image);
  if (h.empty()) return std::nullopt;
  return MarkerFit{cv::Matx33d(h), static_cast<int>(seen.size())};
}

Page Rectify(const cv::Mat& image, const cv::Matx33d& image_from_mm, cv::Size2d page_mm, double px_per_mm) {
  Page page;
  const cv::Matx33d mm_from_page(1 / px_per_mm, 0, 0, 0, 1 / px_per_mm, 0, 0, 0, 1);
  const cv::Matx33d image_from_page = image_from_mm * mm_from_page;
  page.page_from_image = image_from_page.inv();
  const cv::Size size(static_cast<int>(std::lround(page_mm.width * px_per_mm)),
                      static_cast<int>(std::lround(page_mm.height * px_per_mm)));
  cv::warpPerspective(image, page.rectified, cv::Mat(page.page_from_image), size, cv::INTER_AREA, cv::BORDER_REPLICATE);
  page.px_per_mm = px_per_mm;
  page.status = PageStatus::kFound;
  return page;
}

// Reads the QR sheet code from its place on a rectified own sheet.
void ReadCode(Page& page, PageSize assumed) {
  const cv::Size2d size = PageSizeMm(assumed);
  // The code sits left of the top-right marker (sheet_layout.cpp); search a
  // generous box around it at the rectified resolution.
  const double px = page.px_per_mm;
  cv::Rect box(static_cast<int>((size.width - 70) * px), 0, static_cast<int>(62 * px), static_cast<int>(40 * px));
  box &= cv::Rect(0, 0, page.rectified.cols, page.rectified.rows);
  if (box.empty()) return;
  if (auto code = ReadSheetCode(page.rectified(box))) {
    page.sheet_code = code->payload;
    page.sheet = ParseSheetCode(code->payload);
  }
}

}  // namespace

const char* PageMethodName(PageMethod method) {
  switch (method) {
    case PageMethod::kMarkers: return "markers";
    case PageMethod::kOutline: return "outline";
    case PageMethod::kWholeImage: return "whole image";
  }
  return "";
}

Page FindPage(const cv::Mat& image, const PageOptions& options) {
  Page none;
  if (image.empty()) {
    none.detail = "empty image";
    return none;
  }
  const double scale = std::min(1.0, static_cast<double>(options.detect_long_side_px) / std::max(image.cols, image.rows));
  cv::Mat small;
  cv::resize(Gray(image), small, cv::Size(), scale, scale, cv::INTER_AREA);

  // 1. Markers.
  std::vector<int> ids;
  std::vector<std::vector<cv::Point2f>> corners;
  const auto parameters = cv::aruco::DetectorParameters::create();
  parameters->cornerRefinementMethod = cv::aruco::CORNER_REFINE_SUBPIX;
  cv::aruco::detectMarkers(small, cv::aruco::getPredefinedDictionary(cv::aruco::DICT_4X4_50), corners, ids, parameters);
  if (ids.size() >= 2) {
    // The page size decides where the bottom markers are; try A4, then Letter,
    // and keep the QR code's word when it can be read.
    for (PageSize assumed : {PageSize::kA4, PageSize::kLetter}) {
      auto fit = FitMarkers(ids, corners, 1.0 / scale, assumed);
      if (!fit) continue;
      Page page = Rectify(image, fit->image_from_mm, PageSizeMm(assumed), options.px_per_mm);
      page.method = PageMethod::kMarkers;
      page.orientation_known = true;
      page.page_size = assumed;
      ReadCode(page, assumed);
      if (page.sheet && page.sheet->options.page != assumed) continue;  // the code says Letter: refit
      page.detail = std::to_string(fit->markers) + " markers";
      return page;
    }
  }

  // 2. The paper's outline.
  // Searched in the grey image made for the markers: shrinking the photo once
  // more from there is cheap. The photo in colour is searched too when that
  // outline fills little of it.
  if (const PaperOutline outline = FindPaperOutline(small, options.outline, image); outline.found) {
    std::array<cv::Point2f, 4> corners_px;
    for (int i = 0; i < 4; ++i) corners_px[i] = (outline.corners_in_image[i] + cv::Point2f(0.5f, 0.5f)) * static_cast<float>(1.0 / scale) - cv::Point2f(0.5f, 0.5f);
    const double top = cv::norm(corners_px[1] - corners_px[0]), bottom = cv::norm(corners_px[2] - corners_px[3]);
    const double left = cv::norm(corners_px[3] - corners_px[0]), right = cv::norm(corners_px[2] - corners_px[1]);
    const bool landscape = top + bottom > left + right;
    // Portrait paper seen landscape is turned a quarter; keep the paper's own
    // proportions and let the grid stage decide which way is up.
    cv::Size2d page_mm = PageSizeMm(PageSize::kA4);
    if (landscape) std::swap(page_mm.width, page_mm.height);
    const std::vector<cv::Point2f> mm = {{0, 0}, {static_cast<float>(page_mm.width), 0},
                                         {static_cast<float>(page_mm.width), static_cast<float>(page_mm.height)},
                                         {0, static_cast<float>(page_mm.height)}};
    const cv::Matx33d image_from_mm(cv::getPerspectiveTransform(mm, std::vector<cv::Point2f>(corners_px.begin(), corners_px.end())));
    Page page = Rectify(image, image_from_mm, page_mm, options.px_per_mm);
    page.method = PageMethod::kOutline;
    page.detail = outline.detail;
    return page;
  }

  // 3. The whole image, scaled to the working resolution as if it were A4.
  const bool landscape = image.cols > image.rows;
  cv::Size2d page_mm = PageSizeMm(PageSize::kA4);
  if (landscape) std::swap(page_mm.width, page_mm.height);
  const double s = page_mm.width * options.px_per_mm / image.cols;
  const cv::Matx33d page_from_image(s, 0, 0, 0, s, 0, 0, 0, 1);
  Page page;
  page.status = PageStatus::kFound;
  page.method = PageMethod::kWholeImage;
  page.page_from_image = page_from_image;
  cv::resize(image, page.rectified, cv::Size(), s, s, s < 1 ? cv::INTER_AREA : cv::INTER_LINEAR);
  page.px_per_mm = 0;  // unknown: the scan may have margins
  page.detail = "no markers or paper outline: the whole image";
  return page;
}

cv::Point2d ImageFromPage(const Page& page, cv::Point2d page_px) {
  const cv::Vec3d q = page.page_from_image.inv() * cv::Vec3d(page_px.x, page_px.y, 1);
  return {q[0] / q[2], q[1] / q[2]};
}

}  // namespace scorecheck
