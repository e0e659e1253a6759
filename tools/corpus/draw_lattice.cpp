// draw_lattice: the page and lattice stages on one image, drawn. A look for a
// developer at why a sheet's grid is or is not found: writes the upright page
// with every grid's row lines (red; inferred ones orange) and column lines
// (blue; inferred ones cyan), and prints the lattice's detail. With a third
// argument, also the page before any turn with every straight run of line
// pixels the lattice stage saw (rules: horizontal green, vertical magenta;
// step edges of shaded rows and tinted columns: orange, cyan) and the
// filled bands it saw (blue boxes).
//
//   build/draw_lattice IMAGE OUT.png [RUNS.png]

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <string>

#include <opencv2/imgcodecs.hpp>
#include <opencv2/imgproc.hpp>

#include "image/load_image.h"
#include "lattice/bands.h"
#include "lattice/find_lattice.h"
#include "lattice/line_runs.h"
#include "page/find_page.h"

int main(int argc, char** argv) {
  using namespace scorecheck;
  if (argc != 3 && argc != 4) {
    std::fprintf(stderr, "usage: draw_lattice IMAGE OUT.png [RUNS.png]\n");
    return 2;
  }
  try {
    const LoadedImage image = LoadImage(argv[1]);
    const Page page = FindPage(image.bgr);
    LatticeOptions options;
    options.px_per_mm = page.px_per_mm;
    const LatticeResult lattice = FindLattices(page.rectified, options);
    std::printf("page: %s; lattice: %s (turn %d, skew %.2f)\n", page.detail.c_str(), lattice.detail.c_str(),
                lattice.rotation_deg, lattice.skew_deg);
    cv::Mat canvas = lattice.upright.empty() ? page.rectified.clone() : lattice.upright.clone();
    if (canvas.channels() == 1) cv::cvtColor(canvas, canvas, cv::COLOR_GRAY2BGR);
    for (const Lattice& grid : lattice.grids) {
      std::printf("line_px %.2f rows", grid.line_px); for (float y : grid.row_y) std::printf(" %.1f", y); std::printf(" cols"); for (float x : grid.column_x) std::printf(" %.1f", x); std::printf("\n");
      std::printf("grid %dx%d at (%.0f,%.0f %.0fx%.0f)\n", grid.rows(), grid.columns(), grid.frame.x, grid.frame.y,
                  grid.frame.width, grid.frame.height);
      for (size_t i = 0; i < grid.row_y.size(); ++i)
        cv::line(canvas, {cvRound(grid.column_x.front()), cvRound(grid.row_y[i])},
                 {cvRound(grid.column_x.back()), cvRound(grid.row_y[i])},
                 grid.row_inferred[i] ? cv::Scalar(0, 140, 255) : cv::Scalar(0, 0, 255), 2);
      for (size_t i = 0; i < grid.column_x.size(); ++i)
        cv::line(canvas, {cvRound(grid.column_x[i]), cvRound(grid.row_y.front())},
                 {cvRound(grid.column_x[i]), cvRound(grid.row_y.back())},
                 grid.column_inferred[i] ? cv::Scalar(255, 255, 0) : cv::Scalar(255, 0, 0), 2);
    }
    if (argc == 4) {
      // The runs as Detect() finds them on the page before deskew (its defaults).
      lattice::Scale scale;
      scale.px_per_mm = page.px_per_mm > 0 ? page.px_per_mm : std::min(page.rectified.cols, page.rectified.rows) / 210.0;
      scale.pool = std::max(1, static_cast<int>(std::lround(scale.px_per_mm / options.work_px_per_mm)));
      scale.work_px_per_mm = scale.px_per_mm / scale.pool;
      const cv::Mat work = lattice::WorkingPage(page.rectified, scale.pool);
      const cv::Mat contrast = lattice::LineContrast(work, scale.WorkOdd(2.5));
      const cv::Mat darkest = DarkestChannel(work);
      const int run = scale.WorkOdd(options.min_run_mm);
      const int gap = std::max(2, static_cast<int>(std::lround(1.0 * scale.work_px_per_mm)));
      cv::Mat runs_canvas = page.rectified.clone();
      const int reach = std::max(2, static_cast<int>(std::lround(1.0 * scale.work_px_per_mm)));
      for (bool horizontal : {true, false}) {
        const cv::Mat ruled = lattice::RunMask(contrast, horizontal, run, options.min_contrast * 255, options.run_fill, gap);
        for (const lattice::Run& r : lattice::RunsOf(ruled, horizontal, scale))
          cv::line(runs_canvas, r.a, r.b, horizontal ? cv::Scalar(0, 200, 0) : cv::Scalar(255, 0, 255), 3);
        // Step edges (shaded rows, tinted columns): orange across, cyan up.
        for (const lattice::Run& r : lattice::RunsOf(
                 lattice::StepMask(darkest, horizontal, scale.WorkOdd(options.min_line_mm), options.min_step, options.run_fill, reach, ruled), horizontal, scale))
          cv::line(runs_canvas, r.a, r.b, horizontal ? cv::Scalar(0, 140, 255) : cv::Scalar(255, 255, 0), 3);
      }
      // The filled bands (header bars, shaded rows), before any deskew: blue.
      const cv::Mat darkness = lattice::DarknessMap(lattice::Luminance(work), scale.WorkOdd(options.bands.paper_window_mm));
      for (const lattice::Band& band : lattice::FindBands(darkness, darkest, scale, options.bands))
        cv::rectangle(runs_canvas, band.box, cv::Scalar(255, 120, 0), 3);
      cv::imwrite(argv[3], runs_canvas);
    }
    if (!cv::imwrite(argv[2], canvas)) {
      std::fprintf(stderr, "draw_lattice: cannot write %s\n", argv[2]);
      return 1;
    }
  } catch (const std::exception& error) {
    std::fprintf(stderr, "draw_lattice: %s: %s\n", argv[1], error.what());
    return 1;
  }
  return 0;
}
