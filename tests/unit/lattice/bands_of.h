#pragma once
// The filled bands FindLattices() would see on a page drawn at `px_per_mm`,
// with its default options: for the lattice tests that look at bands alone.

#include <cmath>
#include <vector>

#include <opencv2/core.hpp>

#include "image/load_image.h"
#include "lattice/bands.h"
#include "lattice/find_lattice.h"

namespace scorecheck::testing {

inline std::vector<lattice::Band> BandsOf(const cv::Mat& page, double px_per_mm) {
  const LatticeOptions options;
  lattice::Scale scale;
  scale.px_per_mm = px_per_mm;
  scale.pool = static_cast<int>(std::lround(px_per_mm / options.work_px_per_mm));
  scale.work_px_per_mm = px_per_mm / scale.pool;
  const cv::Mat work = lattice::WorkingPage(page, scale.pool);
  const cv::Mat darkness = lattice::DarknessMap(lattice::Luminance(work), scale.WorkOdd(options.bands.paper_window_mm));
  return lattice::FindBands(darkness, DarkestChannel(work), scale, options.bands);
}

}  // namespace scorecheck::testing
