#include "page/find_page.h"

#include <algorithm>
#include <array>
#include <functional>
#include <limits>
#include <set>

#include <opencv2/aruco.hpp>
#include <opencv2/calib3d.hpp>
#include <opencv2/imgproc.hpp>

#include "core/paper_sizes.h"
#include "image/gray.h"
#include "sheet/sheet_code_reader.h"

namespace scorecheck {
namespace {

// Marker placement of scorecheck's sheets (must match sheet_layout.cpp):
// 10 mm squares, 8 mm from the page edges.
constexpr double kMarkerMarginMm = 8, kMarkerMm = 10;

cv::Size2d PageSizeMm(PageSize page) {
  return page == PageSize::kA4 ? cv::Size2d(kA4ShortSideMm, kA4LongSideMm)
                               : cv::Size2d(kLetterShortSideMm, kLetterLongSideMm);
}

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

bool PageOptions::Check() const {
  return px_per_mm > 0 && detect_long_side_px >= 100 && outline.Check() && bend.Check() && grain.Check() &&
         motion.Check() && unsmear.Check() && max_sheets >= 1 && marker_fit_tolerance > 0;
}

const char* PageMethodName(PageMethod method) {
  switch (method) {
    case PageMethod::kMarkers: return "markers";
    case PageMethod::kOutline: return "outline";
    case PageMethod::kWholeImage: return "whole image";
  }
  return "";
}

namespace {

// A sheet's markers: their indices in the detector's lists, one per id at most.
using MarkerGroup = std::vector<size_t>;

// How far (in marker sides) the worst corner of `group` lies from where one
// homography from a sheet of `page` size puts it.
double MarkerFitError(const MarkerGroup& group, const std::vector<int>& ids,
                      const std::vector<std::vector<cv::Point2f>>& corners, PageSize page) {
  std::vector<cv::Point2f> mm, px;
  double side = 0;
  for (size_t i : group) {
    const auto model = MarkerCornersMm(ids[i], page);
    for (int k = 0; k < 4; ++k) {
      mm.push_back(model[k]);
      px.push_back(corners[i][k]);
      side += cv::norm(corners[i][k] - corners[i][(k + 1) % 4]) / (4.0 * group.size());
    }
  }
  const cv::Mat h = cv::findHomography(mm, px, 0);
  if (h.empty() || side <= 0) return std::numeric_limits<double>::infinity();
  std::vector<cv::Point2f> mapped;
  cv::perspectiveTransform(mm, mapped, h);
  double worst = 0;
  for (size_t k = 0; k < px.size(); ++k) worst = std::max(worst, cv::norm(mapped[k] - px[k]));
  return worst / side;
}

// The markers found, grouped by sheet. When no id repeats they are one
// sheet's (two or more of them: FitMarkers decides). Otherwise several
// sheets lie in the picture: a group is three or four markers of different
// ids whose corners one homography puts where a sheet prints them, the
// groups that fit best (most markers, then closest) taken first.
std::vector<MarkerGroup> GroupMarkers(const std::vector<int>& ids, const std::vector<std::vector<cv::Point2f>>& corners,
                                      const PageOptions& options) {
  std::array<std::vector<size_t>, 4> by_id;
  for (size_t i = 0; i < ids.size(); ++i)
    if (ids[i] >= 0 && ids[i] <= 3 && static_cast<int>(by_id[ids[i]].size()) < options.max_sheets)
      by_id[ids[i]].push_back(i);
  const bool repeated = std::any_of(by_id.begin(), by_id.end(), [](const auto& v) { return v.size() > 1; });
  if (!repeated) {
    MarkerGroup all;
    for (const auto& v : by_id) all.insert(all.end(), v.begin(), v.end());
    return {all};
  }
  struct Fit {
    MarkerGroup group;
    double error = 0;
  };
  std::vector<Fit> fits;
  // Every choice of one marker (or none) per id.
  std::array<size_t, 4> pick{};
  std::function<void(int)> choose = [&](int id) {
    if (id == 4) {
      MarkerGroup group;
      for (int k = 0; k < 4; ++k)
        if (pick[k] > 0) group.push_back(by_id[k][pick[k] - 1]);
      if (group.size() < 3) return;
      double error = std::numeric_limits<double>::infinity();
      for (PageSize size : {PageSize::kA4, PageSize::kLetter})
        error = std::min(error, MarkerFitError(group, ids, corners, size));
      if (error <= options.marker_fit_tolerance) fits.push_back({group, error});
      return;
    }
    for (pick[id] = 0; pick[id] <= by_id[id].size(); ++pick[id]) choose(id + 1);
  };
  choose(0);
  std::sort(fits.begin(), fits.end(), [](const Fit& a, const Fit& b) {
    return a.group.size() != b.group.size() ? a.group.size() > b.group.size() : a.error < b.error;
  });
  std::vector<MarkerGroup> groups;
  std::set<size_t> used;
  for (const Fit& fit : fits) {
    if (std::any_of(fit.group.begin(), fit.group.end(), [&](size_t i) { return used.count(i) > 0; })) continue;
    used.insert(fit.group.begin(), fit.group.end());
    groups.push_back(fit.group);
  }
  return groups;
}

// The sheet of `group`'s markers, rectified, or nullopt when they do not fit one.
std::optional<Page> PageFromMarkers(const cv::Mat& image, const MarkerGroup& group, const std::vector<int>& all_ids,
                                    const std::vector<std::vector<cv::Point2f>>& all_corners, double scale,
                                    const PageOptions& options) {
  std::vector<int> ids;
  std::vector<std::vector<cv::Point2f>> corners;
  for (size_t i : group) {
    ids.push_back(all_ids[i]);
    corners.push_back(all_corners[i]);
  }
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
  return std::nullopt;
}

// The sheet inside `outline` (found in the image shrunk by `scale`), rectified.
Page PageFromOutline(const cv::Mat& image, const PaperOutline& outline, double scale, const PageOptions& options) {
  std::array<cv::Point2f, 4> corners_px;
  for (int i = 0; i < 4; ++i)
    corners_px[i] = (outline.corners_in_image[i] + cv::Point2f(0.5f, 0.5f)) * static_cast<float>(1.0 / scale) -
                    cv::Point2f(0.5f, 0.5f);
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
  const cv::Matx33d image_from_mm(
      cv::getPerspectiveTransform(mm, std::vector<cv::Point2f>(corners_px.begin(), corners_px.end())));
  Page page = Rectify(image, image_from_mm, page_mm, options.px_per_mm);
  page.method = PageMethod::kOutline;
  page.detail = outline.detail;
  return page;
}

// The whole image, scaled to the working resolution as if it were A4.
Page WholeImagePage(const cv::Mat& image, const PageOptions& options) {
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

// The outline of `page` in the image shrunk by `scale`: its corners.
std::vector<cv::Point2f> SheetQuad(const Page& page, double scale) {
  const double w = page.rectified.cols, h = page.rectified.rows;
  std::vector<cv::Point2f> quad;
  for (const cv::Point2d corner : {cv::Point2d(0, 0), cv::Point2d(w, 0), cv::Point2d(w, h), cv::Point2d(0, h)}) {
    const cv::Point2d in_image = ImageFromPage(page, corner);
    quad.emplace_back(static_cast<float>(in_image.x * scale), static_cast<float>(in_image.y * scale));
  }
  return quad;
}

// `page` with the curl its rules show taken out (PageBend). A page whose
// sheet code was read is left as the markers put it: its boxes are placed
// from the code's layout in the markers' frame and moved onto the lines
// printed there (grid/snap_to_lines); a bend taken out would move the lines
// from under the layout (samples/curled-own-sheet/0014-piecepack-curl.jpg).
void Flatten(Page& page, const PageOptions& options) {
  if (page.sheet) return;
  page.bend = MeasureBend(page.rectified, options.px_per_mm, options.bend);
  if (!page.bend.bent()) return;
  page.rectified = Unbent(page.rectified, page.bend);
  page.detail += "; curl taken out";
}

// `page` with a dim photo's grain smoothed away (page/grain.h).
void Ungrained(Page& page, const PageOptions& options) {
  std::optional<cv::Mat> smooth =
      WithoutGrain(page.rectified, page.px_per_mm > 0 ? page.px_per_mm : options.px_per_mm, options.grain);
  if (!smooth) return;
  page.rectified = std::move(*smooth);
  page.detail += "; a dim photo's grain smoothed";
}

// Sheets in the order a person reads them: along the way they lie, left to
// right when they lie side by side, top to bottom when stacked.
void InReadingOrder(std::vector<Page>& pages) {
  if (pages.size() < 2) return;
  std::vector<std::pair<cv::Point2d, size_t>> centres;
  for (size_t i = 0; i < pages.size(); ++i)
    centres.emplace_back(ImageFromPage(pages[i], {pages[i].rectified.cols / 2.0, pages[i].rectified.rows / 2.0}), i);
  double min_x = 1e18, max_x = -1e18, min_y = 1e18, max_y = -1e18;
  for (const auto& [c, i] : centres) {
    min_x = std::min(min_x, c.x), max_x = std::max(max_x, c.x);
    min_y = std::min(min_y, c.y), max_y = std::max(max_y, c.y);
  }
  const bool side_by_side = max_x - min_x >= max_y - min_y;
  std::stable_sort(centres.begin(), centres.end(), [&](const auto& a, const auto& b) {
    return side_by_side ? a.first.x < b.first.x : a.first.y < b.first.y;
  });
  std::vector<Page> ordered;
  for (const auto& [c, i] : centres) ordered.push_back(std::move(pages[i]));
  pages = std::move(ordered);
}

}  // namespace

std::vector<Page> FindPages(const cv::Mat& photo, const PageOptions& options) {
  if (photo.empty()) {
    Page none;
    none.detail = "empty image";
    return {none};
  }
  // 0. A photo smeared by the camera's motion, the smear taken out.
  const MotionBlur smear = MeasureMotionBlur(photo, options.motion);
  const cv::Mat image = Unsmeared(photo, smear, options.unsmear);
  const double scale = std::min(1.0, static_cast<double>(options.detect_long_side_px) / std::max(image.cols, image.rows));
  cv::Mat small;
  cv::resize(Gray(image), small, cv::Size(), scale, scale, cv::INTER_AREA);

  // 1. Markers: each sheet's set.
  std::vector<int> ids;
  std::vector<std::vector<cv::Point2f>> corners;
  const auto parameters = cv::aruco::DetectorParameters::create();
  parameters->cornerRefinementMethod = cv::aruco::CORNER_REFINE_SUBPIX;
  cv::aruco::detectMarkers(small, cv::aruco::getPredefinedDictionary(cv::aruco::DICT_4X4_50), corners, ids, parameters);
  std::vector<Page> pages;
  if (ids.size() >= 2)
    for (const MarkerGroup& group : GroupMarkers(ids, corners, options))
      if (std::optional<Page> page = PageFromMarkers(image, group, ids, corners, scale, options))
        pages.push_back(std::move(*page));

  // 2. The paper's outline, each sheet's: every sheet when no markers were
  // seen; beside our own sheets, those lying apart from them, when they leave
  // room for one (a card of another printer photographed beside ours).
  // Searched in the grey image made for the markers: shrinking the photo once
  // more from there is cheap. The photo in colour is searched too when an
  // outline fills little of it.
  std::vector<std::vector<cv::Point2f>> taken;  // the marker sheets' outlines, in `small`'s pixels
  double uncovered = 1;                         // the share of the picture they leave
  for (const Page& page : pages) {
    taken.push_back(SheetQuad(page, scale));
    uncovered -= cv::contourArea(taken.back()) / (static_cast<double>(small.cols) * small.rows);
  }
  if (static_cast<int>(pages.size()) < options.max_sheets && uncovered >= options.outline.min_area) {
    for (const PaperOutline& outline : FindPaperOutlines(small, options.outline, image)) {
      const std::vector<cv::Point2f> quad(outline.corners_in_image.begin(), outline.corners_in_image.end());
      if (std::any_of(taken.begin(), taken.end(), [&](const std::vector<cv::Point2f>& sheet) {
            return SharedArea(sheet, quad) > options.outline.max_shared_area;
          }))
        continue;
      if (static_cast<int>(pages.size()) >= options.max_sheets) break;
      pages.push_back(PageFromOutline(image, outline, scale, options));
      taken.push_back(quad);
    }
  }

  // 3. The whole image.
  if (pages.empty()) pages.push_back(WholeImagePage(image, options));
  for (Page& page : pages) {
    page.image_size = image.size();
    page.photo_grey = small;
    if (image.data != photo.data) {
      page.smear_px = smear.length_px;
      page.detail += "; a smear of " + std::to_string(std::lround(smear.length_px)) + " px taken out";
    }
    Ungrained(page, options);
    Flatten(page, options);
  }
  InReadingOrder(pages);
  return pages;
}

Page FindPage(const cv::Mat& image, const PageOptions& options) {
  std::vector<Page> pages = FindPages(image, options);
  return std::move(pages.front());
}

cv::Point2d ImageFromPage(const Page& page, cv::Point2d page_px) {
  if (page.bend.bent()) page_px = page.bend.Source(page_px);
  const cv::Vec3d q = page.page_from_image.inv() * cv::Vec3d(page_px.x, page_px.y, 1);
  return {q[0] / q[2], q[1] / q[2]};
}

}  // namespace scorecheck
