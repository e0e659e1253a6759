// lattice_eval: measures FindLattices() on a synthetic corpus made by
// tools/synth (build target `synth`). Not a test; a measuring tool:
//
//   lattice_eval DIR [--dump OUT_DIR] [--verbose] [--repeat N]
//                    [--whole-image] [--perspective-rounds N] [--page-only]
//
// For each image with a .truth.json: LoadImage -> FindPage -> FindLattices
// (timed, one OpenCV thread; --repeat keeps the fastest of N runs). Every
// written cell's quad centre is carried from image pixels into upright pixels
// (Page::page_from_image, then LatticeResult::upright_from_page) and must fall
// in the lattice cell of its grid, at score column `column`
// (the layout's score columns are the lattice's rightmost ones) and at the printed row the sheet layout gives
// its row id (header row = lattice row 0).
// Per capture profile, and for pages the page stage rectified ("page ok") or
// not ("page bad": the paper's edges more than 3 degrees off the axes, or the
// paper not filling the rectified page), it prints: pages, pages whose grid
// count matches, pages turned the right way, cells hit, score columns mapped
// right (majority vote per truth column), and ms per page.
// --dump writes each imperfect page, upright, with the lattice drawn (red rows,
// magenta rows put back, blue columns, green the first score column) and the
// missed cell centres (orange). --whole-image skips FindPage (the image scaled
// to A4 width, as FindPage's last resort): own sheets without their markers.
// --page-only measures FindPage alone: per profile, the pages whose four
// rectified corners land within 1 % of the image diagonal of the true paper
// corners (in any cyclic order: the page stage need not know which way is up),
// the method used and FindPage's median and worst ms; --dump then draws the
// truth (green) and the found outline (red) on every page off by more.

#include <algorithm>
#include <array>
#include <chrono>
#include <cstdio>
#include <filesystem>
#include <fstream>
#include <iostream>
#include <map>

#include <nlohmann/json.hpp>
#include <opencv2/core.hpp>
#include <opencv2/imgcodecs.hpp>
#include <opencv2/imgproc.hpp>

#include "image/load_image.h"
#include "lattice/find_lattice.h"
#include "page/find_page.h"
#include "rules/ruleset_library.h"
#include "sheet/sheet_layout.h"

namespace scorecheck {
namespace {

namespace fs = std::filesystem;
using Json = nlohmann::json;

struct Tally {
  int pages = 0, grids_ok = 0, orientation_ok = 0, cells = 0, cells_hit = 0, columns_ok = 0, column_grids = 0;
  double ms = 0, ms_max = 0;
};

cv::Point2d Apply(const cv::Matx33d& h, cv::Point2d p) {
  const cv::Vec3d q = h * cv::Vec3d(p.x, p.y, 1);
  return {q[0] / q[2], q[1] / q[2]};
}

// The lattice column of score column 0: the sheets this tool measures print
// their score columns rightmost (which the lattice stage no longer decides).
int FirstScoreColumn(const Lattice& lattice, const GridLayout& layout) { return lattice.columns() - layout.columns(); }

int Locate(const std::vector<float>& lines, double v) {
  for (size_t i = 0; i + 1 < lines.size(); ++i)
    if (v >= lines[i] && v < lines[i + 1]) return static_cast<int>(i);
  return -1;
}

CellPart Part(const std::string& name) {
  return name == "checks" ? CellPart::kChecks : name == "points" ? CellPart::kPoints : CellPart::kValue;
}

// --page-only: FindPage's corners against the truth's page quad.
int RunPageOnly(const std::vector<fs::path>& truths, const std::string& dump, int repeat) {
  struct PageTally {
    int pages = 0, close = 0;
    std::map<std::string, int> methods;
    std::vector<double> ms;
  };
  std::map<std::string, PageTally> tallies;
  for (const fs::path& truth_path : truths) {
    std::ifstream in(truth_path);
    const Json truth = Json::parse(in);
    const std::string image_path = (truth_path.parent_path() / truth["image"].get<std::string>()).string();
    const LoadedImage image = LoadImage(image_path);
    if (!image.ok()) {
      std::cerr << image_path << ": " << image.detail << "\n";
      continue;
    }
    Page page;
    double ms = 1e9;
    for (int r = 0; r < repeat; ++r) {
      const auto start = std::chrono::steady_clock::now();
      page = FindPage(image.bgr);
      ms = std::min(ms, std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now() - start).count());
    }
    std::array<cv::Point2d, 4> true_quad, found;
    for (int i = 0; i < 4; ++i)
      true_quad[i] = {truth["page_quad"][i][0].get<double>(), truth["page_quad"][i][1].get<double>()};
    const double w = page.rectified.cols, h = page.rectified.rows;
    const cv::Point2d page_corners[4] = {{0, 0}, {w, 0}, {w, h}, {0, h}};
    for (int i = 0; i < 4; ++i) found[i] = ImageFromPage(page, page_corners[i]);
    double error = 1e18;
    for (int shift = 0; shift < 4; ++shift) {
      double worst = 0;
      for (int i = 0; i < 4; ++i) worst = std::max(worst, cv::norm(found[(i + shift) % 4] - true_quad[i]));
      error = std::min(error, worst);
    }
    const double diagonal = std::hypot(image.bgr.cols, image.bgr.rows);
    const bool close = error <= 0.01 * diagonal;
    for (const std::string& name : {truth["profile"].get<std::string>(), std::string("all")}) {
      PageTally& t = tallies[name];
      t.pages++;
      t.close += close;
      t.methods[PageMethodName(page.method)]++;
      t.ms.push_back(ms);
    }
    if (!close) {
      std::printf("%-34s %-11s corner error %6.1f px (%.1f %% of the diagonal)  %s\n",
                  truth_path.filename().string().c_str(), PageMethodName(page.method), error, 100 * error / diagonal,
                  page.detail.c_str());
      if (!dump.empty()) {
        cv::Mat view = image.bgr.clone();
        const int thick = std::max(2, static_cast<int>(diagonal / 800));
        for (int i = 0; i < 4; ++i) {
          cv::line(view, true_quad[i], true_quad[(i + 1) % 4], cv::Scalar(0, 220, 0), thick);
          cv::line(view, found[i], found[(i + 1) % 4], cv::Scalar(0, 0, 255), thick);
        }
        const double s = 700.0 / std::max(view.cols, view.rows);
        cv::resize(view, view, cv::Size(), s, s, cv::INTER_AREA);
        cv::imwrite(dump + "/" + truth_path.stem().stem().string() + ".png", view);
      }
    }
  }
  std::printf("\n%-8s %6s %14s %10s %10s  %s\n", "profile", "pages", "outline ok", "median ms", "max ms", "methods");
  for (auto& [name, t] : tallies) {
    std::sort(t.ms.begin(), t.ms.end());
    std::string methods;
    for (const auto& [method, n] : t.methods) methods += method + " " + std::to_string(n) + "  ";
    std::printf("%-8s %6d %6d %5.1f%% %10.1f %10.1f  %s\n", name.c_str(), t.pages, t.close, 100.0 * t.close / t.pages,
                t.ms[t.ms.size() / 2], t.ms.back(), methods.c_str());
  }
  return 0;
}

int Run(int argc, char** argv) {
  if (argc < 2) {
    std::cerr << "usage: lattice_eval DIR [--dump OUT_DIR] [--verbose]\n";
    return 2;
  }
  const std::string dir = argv[1];
  std::string dump;
  bool verbose = false;
  LatticeOptions options;
  bool whole_image = false;
  bool page_only = false;  // measure FindPage's outline alone
  int repeat = 1;  // time each page this often and keep the fastest (a shared machine)
  for (int i = 2; i < argc; ++i) {
    const std::string arg = argv[i];
    if (arg == "--dump" && i + 1 < argc) dump = argv[++i];
    else if (arg == "--verbose") verbose = true;
    else if (arg == "--whole-image") whole_image = true;
    else if (arg == "--page-only") page_only = true;
    else if (arg == "--repeat" && i + 1 < argc) repeat = std::max(1, std::stoi(argv[++i]));
    else if (arg == "--perspective-rounds" && i + 1 < argc) options.max_perspective_rounds = std::stoi(argv[++i]);
  }
  if (!dump.empty()) fs::create_directories(dump);
  cv::setNumThreads(1);
  const RulesetLibrary rulesets = RulesetLibrary::LoadFolder(std::string(SCORECHECK_SOURCE_DIR) + "/templates/rulesets");

  std::vector<fs::path> truths;
  for (const auto& entry : fs::directory_iterator(dir))
    if (entry.path().string().ends_with(".truth.json")) truths.push_back(entry.path());
  std::sort(truths.begin(), truths.end());

  if (page_only) return RunPageOnly(truths, dump, repeat);

  std::map<std::string, Tally> tallies;
  for (const fs::path& truth_path : truths) {
    std::ifstream in(truth_path);
    const Json truth = Json::parse(in);
    const std::string image_path = (truth_path.parent_path() / truth["image"].get<std::string>()).string();
    const std::string profile = truth["profile"];
    Tally& tally = tallies[profile];
    Tally& all = tallies["all"];
    const LoadedImage image = LoadImage(image_path);
    if (!image.ok()) {
      std::cerr << image_path << ": " << image.detail << "\n";
      continue;
    }
    Page page;
    if (whole_image) {
      const double s = (image.bgr.cols > image.bgr.rows ? 297.0 : 210.0) * 8 / image.bgr.cols;
      page.status = PageStatus::kFound;
      page.page_from_image = cv::Matx33d(s, 0, 0, 0, s, 0, 0, 0, 1);
      cv::resize(image.bgr, page.rectified, cv::Size(), s, s, s < 1 ? cv::INTER_AREA : cv::INTER_LINEAR);
    } else {
      page = FindPage(image.bgr);
    }
    LatticeResult result;
    double ms = 1e9;
    for (int r = 0; r < repeat; ++r) {
      const auto start = std::chrono::steady_clock::now();
      result = FindLattices(page.rectified, options);
      ms = std::min(ms, std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now() - start).count());
    }

    // Expected turn: the page's top edge (truth TL -> TR) must point right.
    const Json& quad = truth["page_quad"];
    const cv::Point2d tl = Apply(page.page_from_image, {quad[0][0].get<double>(), quad[0][1].get<double>()});
    const cv::Point2d tr = Apply(page.page_from_image, {quad[1][0].get<double>(), quad[1][1].get<double>()});
    const double angle = std::atan2(tr.y - tl.y, tr.x - tl.x) * 180 / CV_PI;
    const int expected_turn = ((360 - static_cast<int>(std::lround(angle / 90)) * 90) % 360 + 360) % 360;
    const int grids = static_cast<int>(truth["grids"].size());
    // How far the page stage left the paper from a rectangle: the largest
    // angle between a page edge and the nearest image axis, degrees. Above
    // 3 degrees the page is not rectified (a wrong outline), which no lattice
    // with straight rows and columns can fit: "page bad".
    double distortion = 0;
    std::vector<cv::Point2f> paper;
    for (int i = 0; i < 4; ++i) {
      const cv::Point2d a = Apply(page.page_from_image, {quad[i][0].get<double>(), quad[i][1].get<double>()});
      paper.emplace_back(a);
      const cv::Point2d b = Apply(page.page_from_image, {quad[(i + 1) % 4][0].get<double>(), quad[(i + 1) % 4][1].get<double>()});
      const double deg = std::fmod(std::abs(std::atan2(b.y - a.y, b.x - a.x) * 180 / CV_PI), 90.0);
      distortion = std::max(distortion, std::min(deg, 90 - deg));
    }
    // And the paper must fill the rectified page (not a patch of the table
    // that the outline search took for it): bounding boxes overlap >= 60 %.
    const cv::Rect2f paper_box = cv::boundingRect(paper), page_box(0, 0, page.rectified.cols, page.rectified.rows);
    const double overlap = (paper_box & page_box).area() / (paper_box | page_box).area();
    const bool page_ok = distortion <= 3 && overlap >= 0.6;

    // The printed row of each row id, from the layout (the style's split
    // Yahtzee-bonus row shows in the truth's parts).
    bool split = false;
    for (const Json& cell : truth["cells"]) split |= cell["part"] != "value";
    SheetOptions sheet;
    sheet.style.split_bonus_row = split;
    const GridLayout layout = LayoutSheet(rulesets.Get(truth["ruleset"]), sheet).grids[0];

    int cells = 0, hit = 0;
    std::map<std::pair<int, int>, std::map<int, int>> lattice_columns;  // (grid, truth column) -> lattice column votes
    std::vector<cv::Point2d> misses;
    for (const Json& cell : truth["cells"]) {
      const Json& q = cell["quad"];
      cv::Point2d centre(0, 0);
      for (int i = 0; i < 4; ++i) centre += cv::Point2d(q[i][0].get<double>(), q[i][1].get<double>()) * 0.25;
      const cv::Point2d up = UprightFromPage(result, Apply(page.page_from_image, centre));
      const int g = cell["grid"], column = cell["column"];
      // Random sheets say where each cell's row is printed; older truth files
      // (own and "other" sheets only) follow our own layout.
      const int row = cell.contains("printed_row") ? cell["printed_row"].get<int>()
                                                   : layout.FindRow(cell["row"], Part(cell["part"]));
      ++cells;
      bool ok = false;
      if (result.ok() && g < static_cast<int>(result.grids.size())) {
        const Lattice& lattice = result.grids[g];
        const int r = Locate(lattice.row_y, up.y), c = Locate(lattice.column_x, up.x);
        if (c >= 0) lattice_columns[{g, column}][c]++;
        ok = r == row && c == FirstScoreColumn(lattice, layout) + column;
      }
      hit += ok;
      if (!ok) misses.push_back(up);
    }
    int columns_ok = 0;
    for (const auto& [key, votes] : lattice_columns) {
      const auto best = std::max_element(votes.begin(), votes.end(), [](auto a, auto b) { return a.second < b.second; });
      columns_ok += best->first == FirstScoreColumn(result.grids[key.first], layout) + key.second;
    }

    Tally& rectified = tallies[page_ok ? "page ok" : "page bad"];
    for (Tally* t : {&tally, &all, &rectified}) {
      t->pages++;
      t->grids_ok += result.ok() && static_cast<int>(result.grids.size()) == grids;
      t->orientation_ok += result.ok() && result.rotation_deg == expected_turn;
      t->cells += cells;
      t->cells_hit += hit;
      t->columns_ok += columns_ok;
      t->column_grids += static_cast<int>(lattice_columns.size());
      t->ms += ms;
      t->ms_max = std::max(t->ms_max, ms);
    }
    const bool perfect = hit == cells && result.ok() && static_cast<int>(result.grids.size()) == grids;
    if (verbose || !perfect) {
      std::printf("%-34s %s grids %zu/%d turn %d/%d skew %.2f cells %d/%d %.0f ms page %s (%.1f deg, %.0f %%)  %s\n",
                  truth_path.filename().string().c_str(), perfect ? "ok  " : "FAIL", result.grids.size(), grids,
                  result.rotation_deg, expected_turn, result.skew_deg, hit, cells, ms, PageMethodName(page.method),
                  distortion, overlap * 100, result.detail.c_str());
    }
    if (!dump.empty() && !perfect) {
      cv::Mat view = result.upright.empty() ? page.rectified.clone() : result.upright.clone();
      for (const Lattice& lattice : result.grids) {
        for (size_t i = 0; i < lattice.row_y.size(); ++i)
          cv::line(view, cv::Point2f(lattice.frame.x, lattice.row_y[i]), cv::Point2f(lattice.frame.br().x, lattice.row_y[i]),
                   lattice.row_inferred[i] ? cv::Scalar(255, 0, 255) : cv::Scalar(0, 0, 255), 2);
        for (size_t i = 0; i < lattice.column_x.size(); ++i)
          cv::line(view, cv::Point2f(lattice.column_x[i], lattice.frame.y),
                   cv::Point2f(lattice.column_x[i], lattice.frame.br().y),
                   static_cast<int>(i) == FirstScoreColumn(lattice, layout) ? cv::Scalar(0, 200, 0) : cv::Scalar(255, 0, 0), 2);
      }
      for (const cv::Point2d& p : misses) cv::circle(view, p, 8, cv::Scalar(0, 140, 255), -1);
      cv::resize(view, view, cv::Size(), 0.5, 0.5, cv::INTER_AREA);
      cv::imwrite(dump + "/" + truth_path.stem().stem().string() + ".png", view);
    }
  }
  std::printf("\n%-8s %6s %12s %12s %16s %12s %8s %8s\n", "profile", "pages", "grids", "orientation", "cells", "columns",
              "ms/page", "ms max");
  for (const auto& [name, t] : tallies) {
    if (name == "all" || name.starts_with("page")) continue;
    std::printf("%-8s %6d %5d %5.1f%% %5d %5.1f%% %7d %6.2f%% %5d/%-5d %8.1f %8.1f\n", name.c_str(), t.pages, t.grids_ok,
                100.0 * t.grids_ok / t.pages, t.orientation_ok, 100.0 * t.orientation_ok / t.pages, t.cells_hit,
                100.0 * t.cells_hit / std::max(1, t.cells), t.columns_ok, t.column_grids, t.ms / t.pages, t.ms_max);
  }
  for (const char* name : {"all", "page ok", "page bad"}) {
    if (!tallies.count(name)) continue;
    const Tally& t = tallies[name];
    std::printf("%-8s %6d %5d %5.1f%% %5d %5.1f%% %7d %6.2f%% %5d/%-5d %8.1f %8.1f\n", name, t.pages, t.grids_ok,
                100.0 * t.grids_ok / t.pages, t.orientation_ok, 100.0 * t.orientation_ok / t.pages, t.cells_hit,
                100.0 * t.cells_hit / std::max(1, t.cells), t.columns_ok, t.column_grids, t.ms / t.pages, t.ms_max);
  }
  return 0;
}

}  // namespace
}  // namespace scorecheck

int main(int argc, char** argv) {
  try {
    return scorecheck::Run(argc, argv);
  } catch (const std::exception& e) {
    std::cerr << "lattice_eval: " << e.what() << "\n";
    return 2;
  }
}
