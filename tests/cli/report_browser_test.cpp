// The batch report in a real browser: headless Chromium (Debian's chromium,
// installed by tools/setup) opens index.html from the report folder, the
// counts and the leaderboard are in the page it built, and its screenshot at
// a phone's width shows the style sheet applied. The screenshot is kept in
// build/test-artifacts/ for a person to look at. Skipped, saying why, where
// Chromium is missing.

#include <filesystem>

#include <gtest/gtest.h>
#include <opencv2/imgcodecs.hpp>
#include <opencv2/imgproc.hpp>

#include "support/cli_fixture.h"

namespace scorecheck {
namespace {

namespace fs = std::filesystem;
using ReportBrowserTest = testing::CliFixture;
using testing::Slurp;

const char* kChromium = "/usr/bin/chromium";

// Runs headless Chromium on `url` with `flags`; its stdout.
std::string Chromium(const fs::path& work, const std::string& flags, const std::string& url) {
  const fs::path out = work / "chromium.out";
  const std::string command = std::string(kChromium) +
                              " --headless --no-sandbox --disable-gpu --disable-dev-shm-usage --hide-scrollbars --user-data-dir=" +
                              (work / "profile").string() + " " + flags + " " + url + " >" + out.string() +
                              " 2>/dev/null";
  EXPECT_EQ(std::system(command.c_str()), 0) << command;
  return Slurp(out);
}

// Pixels of `image` within 40 (per channel) of `bgr`.
int PixelsNear(const cv::Mat& image, cv::Scalar bgr) {
  cv::Mat mask;
  cv::inRange(image, bgr - cv::Scalar::all(40), bgr + cv::Scalar::all(40), mask);
  return cv::countNonZero(mask);
}

TEST_F(ReportBrowserTest, CountsAndLeaderboardRenderAtAPhonesWidth) {
  if (!fs::exists(kChromium)) GTEST_SKIP() << kChromium << " is missing (apt-get install chromium): the report was "
                                              "not checked in a browser";
  const std::string samples = std::string(SCORECHECK_SOURCE_DIR) + "/samples/synthetic/";
  fs::create_directories(dir_ / "in");
  fs::copy_file(samples + "0003-rock-scan.jpg", dir_ / "in/rock.jpg");
  fs::copy_file(samples + "0000-classic-scan.jpg", dir_ / "in/classic.jpg");
  Write("in/broken.png", "not a picture");
  const testing::CliRun run =
      Scorecheck("batch " + (dir_ / "in").string() + " -o " + (dir_ / "report").string() + " -q");
  ASSERT_EQ(run.exit_code, 2) << run.err;
  const std::string url = "file://" + (dir_ / "report/index.html").string();

  const std::string dom = Chromium(dir_, "--dump-dom", url);
  EXPECT_NE(dom.find("<b id=\"count-cards\">3</b>"), std::string::npos) << dom.substr(0, 2000);
  EXPECT_NE(dom.find("<b id=\"count-clean\">1</b>"), std::string::npos);
  EXPECT_NE(dom.find("<b id=\"count-review\">1</b>"), std::string::npos);
  EXPECT_NE(dom.find("<b id=\"count-unreadable\">1</b>"), std::string::npos);
  EXPECT_NE(dom.find("Leaderboard: R.O.C.K. Yahtzee"), std::string::npos);
  EXPECT_NE(dom.find("<td class=\"num total\">84</td>"), std::string::npos);
  EXPECT_NE(dom.find("broken.png"), std::string::npos);
  // The leaderboard links to the cards; the clean card is folded away below
  // the one to look at.
  EXPECT_NE(dom.find("<a class=\"file\" href=\"#card-"), std::string::npos);
  const size_t look = dom.find("<article class=\"card review\""), folded = dom.find("<details class=\"clean-cards\""),
               clean = dom.find("<article class=\"card clean\"");
  ASSERT_NE(look, std::string::npos);
  ASSERT_NE(folded, std::string::npos);
  EXPECT_LT(look, folded);
  EXPECT_LT(folded, clean);

  const fs::path artifacts = fs::path(SCORECHECK_BINARY_DIR) / "test-artifacts";
  fs::create_directories(artifacts);
  const fs::path shot = artifacts / "report-phone.png";
  fs::remove(shot);
  Chromium(dir_, "--window-size=412,1800 --screenshot=" + shot.string(), url);
  const cv::Mat image = cv::imread(shot.string());
  ASSERT_FALSE(image.empty()) << "no screenshot at " << shot;
  EXPECT_EQ(image.cols, 412);
  // The style sheet is applied: green "clean" and amber "needs a look" badges,
  // and the thumbnails loaded (more than a few non-white, non-badge pixels).
  EXPECT_GT(PixelsNear(image, cv::Scalar(0x3b, 0x7f, 0x1b)), 200) << "no green badge in " << shot;
  EXPECT_GT(PixelsNear(image, cv::Scalar(0x00, 0x5c, 0xa1)), 200) << "no amber badge in " << shot;
}

}  // namespace
}  // namespace scorecheck
