// LoadImage: good images come out upright 8-bit BGR; bad files give a status
// and a reason, and a huge header allocates nothing.

#include "image/load_image.h"

#include <sys/resource.h>
#include <unistd.h>

#include <cstdio>
#include <cstdlib>
#include <filesystem>
#include <fstream>

#include <gtest/gtest.h>
#include <opencv2/imgcodecs.hpp>
#include <opencv2/imgproc.hpp>

// After <cstdio>: jpeglib.h needs FILE.
#include <jpeglib.h>

namespace scorecheck {
namespace {

std::string Encode(const cv::Mat& image, const std::string& ext, std::vector<int> params = {}) {
  std::vector<uchar> bytes;
  cv::imencode(ext, image, bytes, params);
  return {bytes.begin(), bytes.end()};
}

// A 60 x 40 picture, red on its left half: easy to tell which way it is turned.
cv::Mat Picture() {
  cv::Mat image(40, 60, CV_8UC3, cv::Scalar(255, 255, 255));
  image(cv::Rect(0, 0, 30, 40)).setTo(cv::Scalar(0, 0, 255));
  return image;
}

// A JPEG with an EXIF APP1 segment holding Orientation = `orientation`.
std::string JpegWithOrientation(const cv::Mat& image, int orientation) {
  const std::string jpeg = Encode(image, ".jpg", {cv::IMWRITE_JPEG_QUALITY, 95});
  std::string tiff = std::string("MM\0*\0\0\0\x08", 8);           // big-endian TIFF header, IFD at 8
  tiff += std::string("\0\x01", 2);                                // one entry
  tiff += std::string("\x01\x12\0\x03\0\0\0\x01", 8);              // Orientation, SHORT, count 1
  tiff += std::string(1, '\0') + std::string(1, static_cast<char>(orientation)) + std::string(2, '\0');
  tiff += std::string(4, '\0');                                    // no next IFD
  const std::string payload = std::string("Exif\0\0", 6) + tiff;
  const size_t length = payload.size() + 2;
  std::string app1 = "\xFF\xE1";
  app1 += static_cast<char>(length >> 8);
  app1 += static_cast<char>(length & 0xFF);
  app1 += payload;
  return jpeg.substr(0, 2) + app1 + jpeg.substr(2);
}

TEST(LoadImageTest, DecodesCommonFormatsToBgr) {
  for (const char* ext : {".png", ".jpg", ".bmp", ".tiff", ".webp"}) {
    const LoadedImage loaded = DecodeImage(Encode(Picture(), ext));
    ASSERT_TRUE(loaded.ok()) << ext << ": " << loaded.detail;
    EXPECT_EQ(loaded.bgr.type(), CV_8UC3) << ext;
    EXPECT_EQ(loaded.bgr.size(), cv::Size(60, 40)) << ext;
  }
  cv::Mat gray16(30, 20, CV_16U, cv::Scalar(65535));
  const LoadedImage loaded = DecodeImage(Encode(gray16, ".png"));
  ASSERT_TRUE(loaded.ok());
  EXPECT_EQ(loaded.bgr.type(), CV_8UC3);
  EXPECT_EQ(loaded.bgr.at<cv::Vec3b>(5, 5), cv::Vec3b(255, 255, 255));
  // Transparent pixels become white paper.
  cv::Mat rgba(10, 10, CV_8UC4, cv::Scalar(0, 0, 0, 0));
  EXPECT_EQ(DecodeImage(Encode(rgba, ".png")).bgr.at<cv::Vec3b>(5, 5), cv::Vec3b(255, 255, 255));
}

TEST(LoadImageTest, AppliesExifOrientation) {
  // Orientation 6: the camera was turned; the upright picture is rotated 90° clockwise.
  const LoadedImage turned = DecodeImage(JpegWithOrientation(Picture(), 6));
  ASSERT_TRUE(turned.ok()) << turned.detail;
  EXPECT_EQ(turned.bgr.size(), cv::Size(40, 60));
  // Red was on the left; after a clockwise turn it is on top.
  EXPECT_GT(turned.bgr.at<cv::Vec3b>(5, 20)[2], 200);
  EXPECT_LT(turned.bgr.at<cv::Vec3b>(5, 20)[0], 80);
  EXPECT_GT(turned.bgr.at<cv::Vec3b>(55, 20)[0], 200);
  const LoadedImage upright = DecodeImage(JpegWithOrientation(Picture(), 1));
  EXPECT_EQ(upright.bgr.size(), cv::Size(60, 40));
}

// Every EXIF orientation comes out as OpenCV's own reader turns it (the
// decoder is libjpeg itself now; OpenCV's reader is the reference), little-
// and big-endian EXIF alike.
TEST(LoadImageTest, EveryExifOrientationAsOpenCvTurnsIt) {
  cv::Mat picture = Picture();
  picture(cv::Rect(0, 0, 60, 8)).setTo(cv::Scalar(255, 0, 0));  // a blue top: flips show too
  for (int orientation = 1; orientation <= 8; ++orientation) {
    const std::string jpeg = JpegWithOrientation(picture, orientation);
    const LoadedImage ours = DecodeImage(jpeg);
    ASSERT_TRUE(ours.ok()) << orientation << ": " << ours.detail;
    const cv::Mat reference = cv::imdecode(cv::Mat(1, static_cast<int>(jpeg.size()), CV_8U, const_cast<char*>(jpeg.data())),
                                           cv::IMREAD_COLOR);
    ASSERT_EQ(ours.bgr.size(), reference.size()) << "orientation " << orientation;
    EXPECT_EQ(cv::norm(ours.bgr, reference, cv::NORM_INF), 0) << "orientation " << orientation;
  }
}

// A CMYK JPEG (print workflows) as libjpeg writes one: `cmyk` is 4-channel.
std::string CmykJpeg(const cv::Mat& cmyk) {
  jpeg_compress_struct info{};
  jpeg_error_mgr errors;
  info.err = jpeg_std_error(&errors);
  jpeg_create_compress(&info);
  unsigned char* buffer = nullptr;
  unsigned long size = 0;
  jpeg_mem_dest(&info, &buffer, &size);
  info.image_width = static_cast<JDIMENSION>(cmyk.cols);
  info.image_height = static_cast<JDIMENSION>(cmyk.rows);
  info.input_components = 4;
  info.in_color_space = JCS_CMYK;
  jpeg_set_defaults(&info);
  jpeg_set_quality(&info, 95, TRUE);
  jpeg_start_compress(&info, TRUE);
  for (int y = 0; y < cmyk.rows; ++y) {
    JSAMPROW row = const_cast<unsigned char*>(cmyk.ptr<unsigned char>(y));
    jpeg_write_scanlines(&info, &row, 1);
  }
  jpeg_finish_compress(&info);
  jpeg_destroy_compress(&info);
  std::string bytes(reinterpret_cast<char*>(buffer), size);
  std::free(buffer);
  return bytes;
}

// CMYK comes out as OpenCV's reader turns it into BGR.
TEST(LoadImageTest, ACmykJpegAsOpenCvReadsIt) {
  cv::Mat cmyk(40, 60, CV_8UC4);
  cv::randu(cmyk, 0, 255);
  const std::string jpeg = CmykJpeg(cmyk);
  const LoadedImage ours = DecodeImage(jpeg);
  ASSERT_TRUE(ours.ok()) << ours.detail;
  const cv::Mat reference = cv::imdecode(cv::Mat(1, static_cast<int>(jpeg.size()), CV_8U, const_cast<char*>(jpeg.data())),
                                         cv::IMREAD_COLOR);
  ASSERT_EQ(ours.bgr.size(), reference.size());
  EXPECT_EQ(cv::norm(ours.bgr, reference, cv::NORM_INF), 0);
}

// A JPEG whose image data is damaged part way (40 kB of the entropy-coded
// data lost, its end marker kept) is refused with our words, and libjpeg prints
// nothing of its own: before, "Corrupt JPEG data: premature end of data
// segment" landed on the terminal and a half-grey photo was read as a card.
TEST(LoadImageTest, ADamagedJpegIsRefusedQuietly) {
  cv::Mat noise(400, 600, CV_8UC3);
  cv::randu(noise, 0, 255);
  std::string jpeg = Encode(noise, ".jpg", {cv::IMWRITE_JPEG_QUALITY, 90});
  jpeg.erase(jpeg.size() / 2, 40000);
  ::testing::internal::CaptureStderr();
  const LoadedImage damaged = DecodeImage(jpeg);
  const std::string printed = ::testing::internal::GetCapturedStderr();
  EXPECT_EQ(damaged.status, ImageStatus::kDamaged);
  EXPECT_NE(damaged.detail.find("damaged JPEG: corrupt JPEG data"), std::string::npos) << damaged.detail;
  EXPECT_EQ(printed, "");
  // Whole, the same photo decodes.
  EXPECT_TRUE(DecodeImage(Encode(noise, ".jpg", {cv::IMWRITE_JPEG_QUALITY, 90})).ok());
}

// A JPEG whose frame our quick look at the header cannot find (a stray byte
// before it, which libjpeg skips) is held to the pixel limit all the same:
// libjpeg was once asked for a 65487 x 64959 frame, 12 GB (found by
// fuzz/image_load_fuzz).
TEST(LoadImageTest, AJpegFrameIsHeldToThePixelLimitWhereverItIs) {
  std::string jpeg = Encode(Picture(), ".jpg");
  const size_t frame = jpeg.find("\xFF\xC0");
  ASSERT_NE(frame, std::string::npos);
  jpeg.replace(frame + 5, 4, "\xEA\x60\xEA\x60");  // 60000 x 60000
  jpeg.insert(frame, 1, '\0');
  ASSERT_FALSE(PeekImageSize(jpeg));
  const LoadedImage loaded = DecodeImage(jpeg);
  EXPECT_EQ(loaded.status, ImageStatus::kTooLarge) << loaded.detail;
  EXPECT_NE(loaded.detail.find("60000 x 60000 pixels is more than the 120 MP limit"), std::string::npos) << loaded.detail;
}

TEST(LoadImageTest, PeeksSizesWithoutDecoding) {
  EXPECT_EQ(PeekImageSize(Encode(Picture(), ".png")), cv::Size(60, 40));
  EXPECT_EQ(PeekImageSize(Encode(Picture(), ".jpg")), cv::Size(60, 40));
  EXPECT_EQ(PeekImageSize(JpegWithOrientation(Picture(), 6)), cv::Size(60, 40));  // past the APP1 segment
  EXPECT_EQ(PeekImageSize(Encode(Picture(), ".bmp")), cv::Size(60, 40));
  EXPECT_FALSE(PeekImageSize("hello"));
}

// A valid PNG signature and IHDR chunk claiming 40000 x 40000 pixels, and
// nothing else: decoding it would need 4.8 GB.
std::string HugePngHeader() {
  std::string png = "\x89PNG\r\n\x1a\n";
  png += std::string("\0\0\0\x0d", 4) + "IHDR";
  for (int i = 0; i < 2; ++i) png += std::string("\0\0\x9c\x40", 4);  // 40000
  png += std::string("\x08\x02\0\0\0", 5);
  png += std::string(4, '\0');  // CRC (not checked: we stop before)
  return png;
}

TEST(LoadImageTest, RefusesAHugeHeaderBeforeDecoding) {
  struct rusage before {}, after {};
  getrusage(RUSAGE_SELF, &before);
  const LoadedImage loaded = DecodeImage(HugePngHeader());
  getrusage(RUSAGE_SELF, &after);
  EXPECT_EQ(loaded.status, ImageStatus::kTooLarge);
  EXPECT_NE(loaded.detail.find("40000 x 40000"), std::string::npos) << loaded.detail;
  EXPECT_LT(after.ru_maxrss - before.ru_maxrss, 50 * 1024) << "KB allocated for a refused image";
}

TEST(LoadImageTest, BadFilesSayWhatIsWrong) {
  EXPECT_EQ(DecodeImage("").status, ImageStatus::kEmpty);
  const LoadedImage text = DecodeImage("Dear organiser, here are the cards.");
  EXPECT_EQ(text.status, ImageStatus::kNotAnImage);
  EXPECT_EQ(text.detail, "not a photo or a scan (a text file)");

  const std::string jpeg = Encode(Picture(), ".jpg");
  const LoadedImage cut = DecodeImage(jpeg.substr(0, jpeg.size() / 2));
  EXPECT_EQ(cut.status, ImageStatus::kTruncated);
  EXPECT_NE(cut.detail.find("truncated JPEG"), std::string::npos);
  const std::string png = Encode(Picture(), ".png");
  EXPECT_EQ(DecodeImage(png.substr(0, png.size() - 20)).status, ImageStatus::kTruncated);

  // Garbage after a JPEG signature.
  EXPECT_EQ(DecodeImage(std::string("\xFF\xD8\xFF\xE0", 4) + std::string(200, 'x') + "\xFF\xD9").status,
            ImageStatus::kNotAnImage);

  ImageLoadOptions small;
  small.max_pixels = 1000;
  EXPECT_EQ(DecodeImage(Encode(Picture(), ".png"), small).status, ImageStatus::kTooLarge);
}

// A file that OpenCV's reader of its format does not claim is offered to
// OpenCV's other readers; GDAL claims one by "DTED" at byte 140 and reads it
// as whatever it looks like (a GIF went to giflib), GDCM one by "DICM" at
// byte 128. Neither is reached: each is refused, naming what the signature
// says, and a GIF (which OpenCV cannot read) is refused as such.
TEST(LoadImageTest, NoFileIsHandedToAReaderOfAnotherFormat) {
  const std::string gif = std::string("GIF89a\x01\0\x01\0\x80\0\0", 13) + std::string(187, '\0');
  const LoadedImage plain_gif = DecodeImage(gif);
  EXPECT_EQ(plain_gif.status, ImageStatus::kNotAnImage);
  EXPECT_NE(plain_gif.detail.find("a GIF picture"), std::string::npos) << plain_gif.detail;

  std::string pnm = "P6x 4 4 255\n" + std::string(188, '\x80');  // no space after P6: not OpenCV's PNM reader's
  pnm.replace(140, 4, "DTED");
  const LoadedImage dted = DecodeImage(pnm);
  EXPECT_EQ(dted.status, ImageStatus::kNotAnImage);
  EXPECT_NE(dted.detail.find("a DTED file"), std::string::npos) << dted.detail;

  std::string webp = std::string("RIFF\x96\x01\0\0WEBPVP8 ", 16) + std::string(184, '\0');
  webp.replace(128, 4, "DICM");
  const LoadedImage dicom = DecodeImage(webp);
  EXPECT_EQ(dicom.status, ImageStatus::kNotAnImage);
  EXPECT_NE(dicom.detail.find("a DICOM file"), std::string::npos) << dicom.detail;

  // A picture of the same formats carrying neither is read as before.
  EXPECT_EQ(DecodeImage(Encode(Picture(), ".png")).status, ImageStatus::kOk);
}

TEST(LoadImageTest, FilesOnDisk) {
  namespace fs = std::filesystem;
  const fs::path dir = fs::temp_directory_path() / ("scorecheck_load_" + std::to_string(::getpid()));
  fs::create_directories(dir);
  const fs::path good = dir / "card.jpg";
  std::ofstream(good, std::ios::binary) << Encode(Picture(), ".jpg");
  EXPECT_TRUE(LoadImage(good.string()).ok());
  EXPECT_EQ(LoadImage((dir / "missing.jpg").string()).status, ImageStatus::kUnreadable);
  EXPECT_EQ(LoadImage(dir.string()).status, ImageStatus::kUnreadable);
  fs::remove_all(dir);
}

TEST(LoadImageTest, EveryPageOfAMultiPageTiff) {
  namespace fs = std::filesystem;
  const fs::path dir = fs::temp_directory_path() / ("scorecheck_pages_" + std::to_string(::getpid()));
  fs::create_directories(dir);
  const fs::path tiff = dir / "stack.tif";
  cv::Mat gray(40, 30, CV_8UC1, cv::Scalar(90));
  ASSERT_TRUE(cv::imwritemulti(tiff.string(), std::vector<cv::Mat>{Picture(), gray, Picture()}));
  const std::vector<LoadedImage> pages = LoadImagePages(tiff.string());
  ASSERT_EQ(pages.size(), 3u);
  for (const LoadedImage& page : pages) {
    EXPECT_TRUE(page.ok()) << page.detail;
    EXPECT_EQ(page.bgr.type(), CV_8UC3);
  }
  EXPECT_EQ(pages[1].bgr.size(), cv::Size(30, 40));
  ImageLoadOptions two;
  two.max_pages = 2;
  EXPECT_EQ(LoadImagePages(tiff.string(), two).size(), 2u);
  // Any other file is one page; a bad one says why.
  const fs::path jpeg = dir / "card.jpg";
  std::ofstream(jpeg, std::ios::binary) << Encode(Picture(), ".jpg");
  EXPECT_EQ(LoadImagePages(jpeg.string()).size(), 1u);
  EXPECT_FALSE(LoadImagePages((dir / "missing.tif").string()).front().ok());
  fs::remove_all(dir);
}

}  // namespace
}  // namespace scorecheck
