// Files as phones and scanners make them are read by their content: an
// iPhone's HEIC upright by its own rotation, every page of a scanner's PDF, a
// photo whose name says another format; a file that is no photo says what it
// seems to be.

#include <unistd.h>

#include <filesystem>
#include <fstream>

#include <gtest/gtest.h>
#include <opencv2/imgcodecs.hpp>
#include <opencv2/imgproc.hpp>

#include "files/heif_file.h"
#include "files/pdf_file.h"
#include "image/file_kind.h"
#include "image/load_image.h"

namespace scorecheck {
namespace {

namespace fs = std::filesystem;

// 120 x 80, red on its left half and blue in its bottom-right corner: easy to
// tell which way it is turned, and colours that survive lossy coding.
cv::Mat Picture() {
  cv::Mat image(80, 120, CV_8UC3, cv::Scalar(255, 255, 255));
  image(cv::Rect(0, 0, 60, 80)).setTo(cv::Scalar(0, 0, 255));
  image(cv::Rect(90, 60, 30, 20)).setTo(cv::Scalar(255, 0, 0));
  return image;
}

bool Reddish(const cv::Vec3b& bgr) { return bgr[2] > 180 && bgr[0] < 90 && bgr[1] < 90; }
bool Bluish(const cv::Vec3b& bgr) { return bgr[0] > 180 && bgr[1] < 90 && bgr[2] < 90; }

class FilesOnDisk : public ::testing::Test {
 protected:
  fs::path Write(const std::string& name, const std::string& bytes) {
    fs::create_directories(dir_);
    std::ofstream(dir_ / name, std::ios::binary) << bytes;
    return dir_ / name;
  }
  ~FilesOnDisk() override { fs::remove_all(dir_); }
  const fs::path dir_ = fs::temp_directory_path() / ("scorecheck_files_" + std::to_string(::getpid()));
};

TEST(FileKindTest, TheContentDecidesNotTheName) {
  std::vector<uchar> jpeg;
  cv::imencode(".jpg", Picture(), jpeg);
  EXPECT_EQ(SniffFileKind(std::string(jpeg.begin(), jpeg.end())), FileKind::kJpeg);
  EXPECT_EQ(SniffFileKind("%PDF-1.7\n%\xE2\xE3\xCF\xD3"), FileKind::kPdf);
  // iPhone HEIC: major brand "heic"; others carry an image brand among the compatible ones.
  EXPECT_EQ(SniffFileKind(std::string("\0\0\0\x18" "ftypheic\0\0\0\0mif1heic", 24)), FileKind::kHeif);
  EXPECT_EQ(SniffFileKind(std::string("\0\0\0\x18" "ftypXXXX\0\0\0\0mif1miaf", 24)), FileKind::kHeif);
  EXPECT_EQ(SniffFileKind(std::string("\0\0\0\x18" "ftypisom\0\0\0\0isomavc1", 24)), FileKind::kUnknown);  // an MP4
  // A box size of 2 GB or more (a damaged header) is read as the unsigned number it is.
  EXPECT_EQ(SniffFileKind(std::string("\xFF\xFF\xFF\xF0" "ftypXXXX\0\0\0\0avif", 20)), FileKind::kHeif);
  EXPECT_EQ(SniffFileKind("Dear organiser"), FileKind::kUnknown);
  EXPECT_EQ(DescribeOtherFile("<?xml version=\"1.0\"?>\n<plist>"), "a text file");  // an iPhone .AAE sidecar
  EXPECT_EQ(DescribeOtherFile(std::string("\0\0\0\x18" "ftypisom\0\0\0\0isomavc1", 24)), "a video");
  EXPECT_EQ(DescribeOtherFile(std::string("PK\x03\x04\x14\0\0\0", 8)), "a ZIP archive (or an office document)");
  EXPECT_EQ(DescribeOtherFile(std::string("\x01\x02\x03\x00\xFE", 5)), "");
}

TEST(HeifTest, AnIphonePhotoComesOutUprightByItsOwnRotation) {
  std::string heic;
  try {
    heic = testkit::HeifFile(Picture(), 6);
  } catch (const std::exception& e) {
    GTEST_FAIL() << "libheif cannot write HEIC here: " << e.what();
  }
  ASSERT_EQ(SniffFileKind(heic), FileKind::kHeif);
  const LoadedImage loaded = DecodeImage(heic);
  ASSERT_TRUE(loaded.ok()) << loaded.detail;
  EXPECT_EQ(loaded.format, "heif");
  ASSERT_EQ(loaded.bgr.size(), Picture().size());  // stored 80 wide and 120 tall, turned back
  EXPECT_TRUE(Reddish(loaded.bgr.at<cv::Vec3b>(40, 10))) << loaded.bgr.at<cv::Vec3b>(40, 10);
  EXPECT_TRUE(Bluish(loaded.bgr.at<cv::Vec3b>(72, 110))) << loaded.bgr.at<cv::Vec3b>(72, 110);
  EXPECT_FALSE(Reddish(loaded.bgr.at<cv::Vec3b>(40, 100)));
}

TEST(HeifTest, ADamagedOrHugeHeicSaysWhy) {
  const std::string heic = testkit::HeifFile(Picture(), 1);
  const LoadedImage cut = DecodeImage(heic.substr(0, heic.size() / 2));
  EXPECT_FALSE(cut.ok());
  EXPECT_NE(cut.detail.find("HEIF"), std::string::npos) << cut.detail;
  ImageLoadOptions small;
  small.max_pixels = 5000;
  const LoadedImage huge = DecodeImage(heic, small);
  EXPECT_EQ(huge.status, ImageStatus::kTooLarge);
  EXPECT_NE(huge.detail.find("120 x 80"), std::string::npos) << huge.detail;
}

TEST_F(FilesOnDisk, EveryPageOfAScannersPdfIsAScan) {
  cv::Mat second(400, 300, CV_8UC3, cv::Scalar(255, 255, 255));
  cv::rectangle(second, cv::Rect(100, 100, 100, 200), cv::Scalar(0, 0, 0), cv::FILLED);
  cv::Mat big;
  cv::resize(Picture(), big, cv::Size(600, 400), 0, 0, cv::INTER_NEAREST);
  const fs::path pdf = Write("scanner.pdf", testkit::PdfFile({big, second, big}, 100));
  const std::vector<LoadedImage> pages = LoadImagePages(pdf.string());
  ASSERT_EQ(pages.size(), 3u);
  for (const LoadedImage& page : pages) {
    ASSERT_TRUE(page.ok()) << page.detail;
    EXPECT_EQ(page.format, "pdf");
  }
  // Drawn at 200 dpi: twice the 100-dpi scans' pixels, give or take rounding.
  EXPECT_NEAR(pages[0].bgr.cols, 1200, 2);
  EXPECT_NEAR(pages[0].bgr.rows, 800, 2);
  EXPECT_TRUE(Reddish(pages[0].bgr.at<cv::Vec3b>(400, 100)));
  EXPECT_TRUE(Bluish(pages[2].bgr.at<cv::Vec3b>(750, 1150)));
  EXPECT_LT(pages[1].bgr.at<cv::Vec3b>(400, 300)[1], 60);   // the black bar
  EXPECT_GT(pages[1].bgr.at<cv::Vec3b>(50, 50)[1], 200);    // white paper
  // The page limit holds; a single image of a PDF is its first page.
  ImageLoadOptions two;
  two.max_pages = 2;
  EXPECT_EQ(LoadImagePages(pdf.string(), two).size(), 2u);
  EXPECT_EQ(LoadImage(pdf.string()).bgr.cols, pages[0].bgr.cols);
}

TEST_F(FilesOnDisk, APdfTooBigForTheLimitIsDrawnSmallerNotRefused) {
  ImageLoadOptions small;
  small.max_pixels = 2'000'000;
  const fs::path pdf = Write("poster.pdf", testkit::PdfFile({cv::Mat()}));  // A4 at 200 dpi = 3.9 MP
  const std::vector<LoadedImage> pages = LoadImagePages(pdf.string(), small);
  ASSERT_EQ(pages.size(), 1u);
  ASSERT_TRUE(pages[0].ok()) << pages[0].detail;
  EXPECT_LE(static_cast<std::int64_t>(pages[0].bgr.total()), small.max_pixels);
  EXPECT_GT(static_cast<std::int64_t>(pages[0].bgr.total()), small.max_pixels * 9 / 10);
}

// A page outside PDF's own limits on a side (3 to 14,400 points) is refused,
// not drawn: 32 points by 1e9 held to the pixel limit by its resolution
// alone is a bitmap of one pixel by half a billion (fuzz/image_load_fuzz
// found one that had poppler ask for 2.5 GB). A page of a real size reads.
TEST_F(FilesOnDisk, APdfPageOfNoRealSizeIsRefusedNotDrawn) {
  // PDF writes no exponents: 1e9 and 2e121 points in full.
  const std::vector<std::string> boxes = {"0 0 32 1000000000", "0 2" + std::string(121, '0') + " 32 24", "0 0 2 2"};
  for (const std::string& box : boxes) {
    const std::vector<LoadedImage> pages = LoadImagePages(Write("strip.pdf", testkit::PdfOfPage(box)).string());
    ASSERT_EQ(pages.size(), 1u) << box;
    EXPECT_FALSE(pages[0].ok()) << box;
    EXPECT_NE(pages[0].detail.find("which no page is"), std::string::npos) << box << ": " << pages[0].detail;
  }
  const std::vector<LoadedImage> letter = LoadImagePages(Write("letter.pdf", testkit::PdfOfPage("0 0 612 792")).string());
  ASSERT_EQ(letter.size(), 1u);
  EXPECT_TRUE(letter[0].ok()) << letter[0].detail;
}

TEST_F(FilesOnDisk, ADamagedPdfSaysSo) {
  const std::string pdf = testkit::PdfFile({Picture()});
  const std::vector<LoadedImage> pages = LoadImagePages(Write("cut.pdf", pdf.substr(0, 40)).string());
  ASSERT_EQ(pages.size(), 1u);
  EXPECT_FALSE(pages[0].ok());
  EXPECT_NE(pages[0].detail.find("PDF"), std::string::npos) << pages[0].detail;
}

TEST_F(FilesOnDisk, APhotoWithAnotherFormatsNameIsReadAndAFileThatIsNoPhotoSaysWhatItIs) {
  std::vector<uchar> jpeg;
  cv::imencode(".jpg", Picture(), jpeg);
  const LoadedImage renamed = LoadImage(Write("IMG_0001.heic", std::string(jpeg.begin(), jpeg.end())).string());
  ASSERT_TRUE(renamed.ok()) << renamed.detail;
  EXPECT_EQ(renamed.format, "jpeg");
  const LoadedImage sidecar =
      LoadImage(Write("IMG_0001.AAE", "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<plist version=\"1.0\">").string());
  EXPECT_EQ(sidecar.status, ImageStatus::kNotAnImage);
  EXPECT_EQ(sidecar.detail, "not a photo or a scan (a text file)");
}

}  // namespace
}  // namespace scorecheck
