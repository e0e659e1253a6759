// Corpus test over samples/not_scorecards: photos and scans of pages that are
// not scorecards (text, a small table, a chessboard, a blank sheet, ruled
// paper, a calendar, a receipt; made by tools/corpus/not_scorecards.cpp) must
// yield no grid. Checked twice: the whole scan pipeline refuses each with a
// "no page found" / "holds no scorecard" reason, and the lattice stage (the
// ruled-line grid finder for sheets without markers) finds no scorecard grid
// on the rectified page, which is what will decide once it is in the pipeline.

#include <algorithm>
#include <filesystem>
#include <iostream>
#include <vector>

#include <gtest/gtest.h>

#include "image/load_image.h"
#include "lattice/find_lattice.h"
#include "page/find_page.h"
#include "scan/scan_card.h"
#include "support/fake_digit_reader.h"
#include "support/test_support.h"

namespace scorecheck {
namespace {

using namespace scorecheck::testing;
namespace fs = std::filesystem;

std::vector<fs::path> Photos() {
  std::vector<fs::path> photos;
  const fs::path root = SourcePath("samples/not_scorecards");
  if (fs::is_directory(root))
    for (const auto& entry : fs::directory_iterator(root))
      if (entry.path().extension() == ".jpg") photos.push_back(entry.path());
  std::sort(photos.begin(), photos.end());
  return photos;
}

bool StartsWith(const std::string& text, const std::string& prefix) { return text.rfind(prefix, 0) == 0; }

TEST(NotScorecardsTest, TheFolderHoldsEveryKindOfPage) {
  const std::vector<fs::path> photos = Photos();
  if (photos.empty()) GTEST_SKIP() << "samples/not_scorecards missing";
  // The folder is the test's input: losing pictures would quietly weaken it.
  EXPECT_GE(photos.size(), 10u);
  for (const char* kind : {"text", "table", "chessboard", "blank", "notebook", "calendar", "receipt"})
    EXPECT_TRUE(std::any_of(photos.begin(), photos.end(),
                            [&](const fs::path& p) { return p.filename().string().find(kind) != std::string::npos; }))
        << kind;
}

TEST(NotScorecardsTest, ScanRefusesEveryPhoto) {
  const std::vector<fs::path> photos = Photos();
  if (photos.empty()) GTEST_SKIP() << "samples/not_scorecards missing";
  // No grid may be found, so no digit should ever be read: a fake reader
  // keeps the test independent of the model, and counts any call.
  FakeDigitReader reader([](const cv::Mat&) { return std::pair<int, float>(0, 1.0f); });
  for (const fs::path& photo : photos) {
    const ScanResult scan = ScanCard(photo.string(), ShippedRulesets(), reader);
    EXPECT_FALSE(scan.ok()) << photo.filename() << " was read as a " << scan.ruleset.id << " scorecard";
    EXPECT_TRUE(scan.status == ScanStatus::kNoGrid || scan.status == ScanStatus::kNoPage)
        << photo.filename() << ": " << scan.detail;
    EXPECT_TRUE(StartsWith(scan.detail, "holds no scorecard: ") || StartsWith(scan.detail, "no page found"))
        << photo.filename() << ": " << scan.detail;
  }
  EXPECT_EQ(reader.calls, 0);
}

TEST(NotScorecardsTest, LatticeFindsNoGridOnAnyRectifiedPage) {
  const std::vector<fs::path> photos = Photos();
  if (photos.empty()) GTEST_SKIP() << "samples/not_scorecards missing";
  for (const fs::path& photo : photos) {
    const LoadedImage image = LoadImage(photo.string());
    ASSERT_TRUE(image.ok()) << photo.filename() << ": " << image.detail;
    const Page page = FindPage(image.bgr);
    ASSERT_TRUE(page.ok()) << photo.filename() << ": " << page.detail;
    const LatticeResult lattice = FindLattices(page.rectified);
    std::cout << photo.filename().string() << ": page by " << PageMethodName(page.method) << "; lattice: "
              << lattice.detail << "\n";
    EXPECT_FALSE(lattice.ok()) << photo.filename() << ": " << lattice.grids.size() << " grid(s) found: "
                               << lattice.detail;
  }
}

}  // namespace
}  // namespace scorecheck
