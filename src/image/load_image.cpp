#include "image/load_image.h"

#include <cerrno>
#include <cstring>
#include <filesystem>
#include <fstream>
#include <sstream>

#include <opencv2/imgcodecs.hpp>
#include <opencv2/imgproc.hpp>

#include "core/error.h"
#include "image/file_kind.h"
#include "image/heif_decoder.h"
#include "image/jpeg_decoder.h"
#include "image/pdf_pages.h"

namespace scorecheck {
namespace {

std::uint32_t BigEndian(const std::string& bytes, size_t at, int width) {
  std::uint32_t value = 0;
  for (int i = 0; i < width; ++i) value = (value << 8) | static_cast<unsigned char>(bytes[at + i]);
  return value;
}

std::uint32_t LittleEndian(const std::string& bytes, size_t at, int width) {
  std::uint32_t value = 0;
  for (int i = width - 1; i >= 0; --i) value = (value << 8) | static_cast<unsigned char>(bytes[at + i]);
  return value;
}

std::string Sniff(const std::string& bytes) { return FileKindName(SniffFileKind(bytes)); }

// The JPEG ends with its End Of Image marker (a few padding bytes may follow).
bool JpegComplete(const std::string& bytes) {
  const size_t tail = bytes.size() > 64 ? bytes.size() - 64 : 0;
  return bytes.find("\xFF\xD9", tail) != std::string::npos;
}

// The PNG's last chunk, IEND, is present.
bool PngComplete(const std::string& bytes) {
  const size_t tail = bytes.size() > 64 ? bytes.size() - 64 : 0;
  return bytes.find("IEND", tail) != std::string::npos;
}

// "Corrupt JPEG data: ..." -> "corrupt JPEG data: ...", to follow our "damaged JPEG: ".
std::string Lowered(std::string text) {
  if (!text.empty() && text[0] >= 'A' && text[0] <= 'Z' && (text.size() < 2 || !(text[1] >= 'A' && text[1] <= 'Z')))
    text[0] = static_cast<char>(text[0] - 'A' + 'a');
  return text;
}

LoadedImage Fail(ImageStatus status, std::string detail, std::string format = "") {
  LoadedImage result;
  result.status = status;
  result.detail = std::move(detail);
  result.format = std::move(format);
  return result;
}

// A decoded image of any depth and channel count as 8-bit BGR.
LoadedImage FromDecoded(cv::Mat decoded, const std::string& format) {
  LoadedImage result;
  result.status = ImageStatus::kOk;
  result.format = format;
  if (decoded.depth() == CV_16U) {
    decoded.convertTo(decoded, CV_8U, 1.0 / 257);
  } else if (decoded.depth() != CV_8U) {
    cv::normalize(decoded, decoded, 0, 255, cv::NORM_MINMAX, CV_8U);
  }
  switch (decoded.channels()) {
    case 1: cv::cvtColor(decoded, result.bgr, cv::COLOR_GRAY2BGR); break;
    case 4: {
      // Transparent areas become white paper, not black.
      std::vector<cv::Mat> planes;
      cv::split(decoded, planes);
      cv::Mat alpha, bgr, white(decoded.size(), CV_32FC3, cv::Scalar::all(255));
      planes[3].convertTo(alpha, CV_32F, 1.0 / 255);
      cv::merge(std::vector<cv::Mat>{alpha, alpha, alpha}, alpha);
      cv::merge(std::vector<cv::Mat>{planes[0], planes[1], planes[2]}, bgr);
      bgr.convertTo(bgr, CV_32FC3);
      cv::Mat blended = bgr.mul(alpha) + white.mul(cv::Scalar::all(1.0) - alpha);
      blended.convertTo(result.bgr, CV_8UC3);
      break;
    }
    default: result.bgr = decoded; break;
  }
  return result;
}

// "not a photo or a scan (a text file)": the cause, and what the file seems to be.
std::string NotAPhoto(const std::string& bytes) {
  const std::string what = DescribeOtherFile(std::string_view(bytes).substr(0, 512));
  return "not a photo or a scan" + (what.empty() ? std::string() : " (" + what + ")");
}

std::vector<LoadedImage> DecodePdf(const std::string& bytes, const ImageLoadOptions& options, int max_pages) {
  PdfPages pdf = RenderPdfPages(bytes, options.pdf_dpi, options.max_pixels, max_pages);
  if (!pdf.error.empty()) return {Fail(ImageStatus::kNotAnImage, pdf.error, "pdf")};
  std::vector<LoadedImage> pages;
  for (PdfPage& page : pdf.pages)
    pages.push_back(page.bgr.empty() ? Fail(ImageStatus::kNotAnImage, page.error, "pdf") : FromDecoded(std::move(page.bgr), "pdf"));
  return pages;
}

std::string ReadFileBytes(const std::string& path, const ImageLoadOptions& options, LoadedImage* failure) {
  std::error_code ec;
  if (std::filesystem::is_directory(path, ec)) return *failure = Fail(ImageStatus::kUnreadable, "it is a folder, not a file"), "";
  // A device or a pipe may never end.
  if (std::filesystem::exists(path, ec) && !std::filesystem::is_regular_file(path, ec))
    return *failure = Fail(ImageStatus::kUnreadable, "cannot read: not a regular file"), "";
  const auto size = std::filesystem::file_size(path, ec);
  if (ec) return *failure = Fail(ImageStatus::kUnreadable, "cannot read: " + ec.message()), "";
  if (static_cast<std::int64_t>(size) > options.max_file_bytes)
    return *failure = Fail(ImageStatus::kTooLarge, "the file has " + std::to_string(size >> 20) + " MiB, more than the " +
                                                        std::to_string(options.max_file_bytes >> 20) + " MiB limit"),
           "";
  std::ifstream in(path, std::ios::binary);
  if (!in) return *failure = Fail(ImageStatus::kUnreadable, std::string("cannot read: ") + std::strerror(errno)), "";
  std::string bytes(size, '\0');
  in.read(bytes.data(), static_cast<std::streamsize>(size));
  if (!in) return *failure = Fail(ImageStatus::kUnreadable, "cannot read: I/O error"), "";
  failure->status = ImageStatus::kOk;
  return bytes;
}

// OpenCV picks its reader by the content, not by the header sniffed here: a
// file its reader of that format does not claim (a damaged header) is
// offered to every other reader it has, and two of those claim a file by a
// signature deep inside it: its DICOM reader (GDCM) by "DICM" at byte 128,
// and GDAL (whose drivers, hundreds of formats, then read a temporary copy
// as whatever it looks like to them) by "DTED" at byte 140. GDCM aborted
// the process on a damaged file (found by fuzz/image_load_fuzz: a broken
// WebP header with those four bytes); GDAL's GIF driver printed its own line.
// GDAL's other claim, "NITF" in the first four bytes, no sniffed format
// starts with. No photo or scan carries either signature: such a file is
// refused before OpenCV sees it, so that each format is read by its own
// reader or not at all. What the file is, or "" when no other reader claims it.
std::string OfferedToAnotherReader(const std::string& bytes) {
  struct Claim {
    size_t at;
    const char* signature;
    const char* what;
  };
  static constexpr Claim kClaims[] = {
      {128, "DICM", "a DICOM file (a medical image format)"},
      {140, "DTED", "a DTED file (a map format)"},
  };
  for (const Claim& claim : kClaims)
    if (bytes.size() >= claim.at + 4 && bytes.compare(claim.at, 4, claim.signature) == 0) return claim.what;
  return "";
}

}  // namespace

bool ImageLoadOptions::Check() const {
  return max_pixels >= 1 && max_file_bytes >= 1 && max_pages >= 1 && pdf_dpi >= 50 && pdf_dpi <= 1200;
}

std::optional<cv::Size> PeekImageSize(const std::string& bytes) {
  const std::string format = Sniff(bytes);
  if (format == "png" && bytes.size() >= 24 && bytes.compare(12, 4, "IHDR") == 0)
    return cv::Size(static_cast<int>(std::min<std::uint32_t>(BigEndian(bytes, 16, 4), INT32_MAX)),
                    static_cast<int>(std::min<std::uint32_t>(BigEndian(bytes, 20, 4), INT32_MAX)));
  if (format == "bmp" && bytes.size() >= 26)
    return cv::Size(static_cast<int>(LittleEndian(bytes, 18, 4)), std::abs(static_cast<int>(LittleEndian(bytes, 22, 4))));
  if (format == "gif" && bytes.size() >= 10)
    return cv::Size(static_cast<int>(LittleEndian(bytes, 6, 2)), static_cast<int>(LittleEndian(bytes, 8, 2)));
  if (format == "jpeg") {
    // Walk the marker segments up to a Start Of Frame.
    size_t at = 2;
    while (at + 9 < bytes.size()) {
      if (static_cast<unsigned char>(bytes[at]) != 0xFF) return std::nullopt;
      const unsigned char marker = static_cast<unsigned char>(bytes[at + 1]);
      if (marker == 0xFF) {
        ++at;
        continue;
      }
      const std::uint32_t length = BigEndian(bytes, at + 2, 2);
      const bool start_of_frame = marker >= 0xC0 && marker <= 0xCF && marker != 0xC4 && marker != 0xC8 && marker != 0xCC;
      if (start_of_frame)
        return cv::Size(static_cast<int>(BigEndian(bytes, at + 7, 2)), static_cast<int>(BigEndian(bytes, at + 5, 2)));
      if (length < 2) return std::nullopt;
      at += 2 + length;
    }
  }
  return std::nullopt;
}

LoadedImage DecodeImage(const std::string& bytes, const ImageLoadOptions& options) {
  if (bytes.empty()) return Fail(ImageStatus::kEmpty, "the file is empty");
  if (static_cast<std::int64_t>(bytes.size()) > options.max_file_bytes)
    return Fail(ImageStatus::kTooLarge, "the file has " + std::to_string(bytes.size() >> 20) + " MiB, more than the " +
                                            std::to_string(options.max_file_bytes >> 20) + " MiB limit");
  const std::string format = Sniff(bytes);
  if (format.empty()) return Fail(ImageStatus::kNotAnImage, NotAPhoto(bytes));
  if (format == "pdf") return DecodePdf(bytes, options, 1).front();
  if (const auto size = PeekImageSize(bytes)) {
    const std::int64_t pixels = static_cast<std::int64_t>(size->width) * size->height;
    if (size->width <= 0 || size->height <= 0)
      return Fail(ImageStatus::kNotAnImage, "the " + format + " header gives no image size", format);
    if (pixels > options.max_pixels) {
      std::ostringstream why;
      why << size->width << " x " << size->height << " pixels (" << pixels / 1'000'000 << " MP) is more than the "
          << options.max_pixels / 1'000'000 << " MP limit";
      return Fail(ImageStatus::kTooLarge, why.str(), format);
    }
  }
  if (format == "jpeg" && !JpegComplete(bytes))
    return Fail(ImageStatus::kTruncated, "truncated JPEG: the file ends before the image data does", format);
  if (format == "png" && !PngComplete(bytes))
    return Fail(ImageStatus::kTruncated, "truncated PNG: the file ends before the image data does", format);
  if (format == "heif") {
    const DecodedHeif heif = DecodeHeif(bytes, options.max_pixels);
    if (heif.too_large) return Fail(ImageStatus::kTooLarge, heif.error, format);
    if (!heif.error.empty()) return Fail(ImageStatus::kNotAnImage, heif.error, format);
    return FromDecoded(heif.image, format);
  }

  cv::Mat decoded;
  if (format == "jpeg") {
    // Phone photos: libjpeg directly (jpeg_decoder.h), so that its warnings
    // about corrupt data become our message instead of its own line on the
    // terminal, and a half-grey photo is not read as a card.
    const DecodedJpeg jpeg = DecodeJpeg(bytes, options.max_pixels);
    if (!jpeg.damage.empty())
      return Fail(ImageStatus::kDamaged, "damaged JPEG: " + Lowered(jpeg.damage) + " (part of the photo is missing or garbled)",
                  format);
    if (jpeg.too_large) return Fail(ImageStatus::kTooLarge, jpeg.error, format);
    if (!jpeg.error.empty()) return Fail(ImageStatus::kNotAnImage, "the JPEG decoder refused it: " + Lowered(jpeg.error), format);
    return FromDecoded(ApplyExifOrientation(jpeg.image, jpeg.exif_orientation), format);
  }
  // A GIF: OpenCV has no reader for it, and would offer it to GDAL (see
  // OfferedToAnotherReader) to be read by GDAL's own GIF driver.
  if (format == "gif")
    return Fail(ImageStatus::kNotAnImage,
                "a GIF picture, which is not read: save it as JPEG or PNG (or scan to PDF)", format);
  // Likewise a WebP whose first chunk is none of WebP's: OpenCV's WebP reader
  // passes it on to others (GDAL, through a temporary file).
  if (format == "webp" && (bytes.size() < 16 || (bytes.compare(12, 4, "VP8 ") != 0 && bytes.compare(12, 4, "VP8L") != 0 &&
                                                 bytes.compare(12, 4, "VP8X") != 0)))
    return Fail(ImageStatus::kNotAnImage, "a damaged WebP header (no VP8 chunk)", format);
  if (const std::string other = OfferedToAnotherReader(bytes); !other.empty())
    return Fail(ImageStatus::kNotAnImage, other + ", not a photo", format);
  try {
    // JPEGs carry EXIF orientation, applied unless the flags say
    // IMREAD_UNCHANGED; other formats may carry alpha, kept only by
    // IMREAD_UNCHANGED. JPEG has no alpha, so each gets what it needs.
    const int flags = format == "jpeg" ? cv::IMREAD_ANYDEPTH | cv::IMREAD_ANYCOLOR : cv::IMREAD_UNCHANGED;
    decoded = cv::imdecode(cv::Mat(1, static_cast<int>(bytes.size()), CV_8U, const_cast<char*>(bytes.data())), flags);
  } catch (const cv::Exception& e) {
    return Fail(ImageStatus::kNotAnImage, "the " + format + " decoder refused it: " + e.err, format);
  }
  if (decoded.empty()) return Fail(ImageStatus::kNotAnImage, "the " + format + " data could not be decoded", format);

  return FromDecoded(decoded, format);
}

LoadedImage LoadImage(const std::string& path, const ImageLoadOptions& options) {
  LoadedImage failure;
  const std::string bytes = ReadFileBytes(path, options, &failure);
  if (!failure.ok()) return failure;
  return DecodeImage(bytes, options);
}

std::vector<LoadedImage> LoadImagePages(const std::string& path, const ImageLoadOptions& options) {
  SC_CHECK(options.Check(), "invalid image load options");
  LoadedImage failure;
  const std::string bytes = ReadFileBytes(path, options, &failure);
  if (!failure.ok()) return {failure};
  if (SniffFileKind(bytes) == FileKind::kPdf) return DecodePdf(bytes, options, options.max_pages);
  std::vector<LoadedImage> pages = {DecodeImage(bytes, options)};
  if (!pages.front().ok() || pages.front().format != "tiff") return pages;
  size_t count = 1;
  try {
    count = cv::imcount(path, cv::IMREAD_UNCHANGED);
  } catch (const cv::Exception&) {
    return pages;  // the first page decoded; a damaged page directory just ends the file there
  }
  for (size_t page = 1; page < count && page < static_cast<size_t>(options.max_pages); ++page) {
    std::vector<cv::Mat> decoded;
    LoadedImage loaded;
    try {
      if (cv::imreadmulti(path, decoded, static_cast<int>(page), 1, cv::IMREAD_UNCHANGED) && !decoded.empty() &&
          static_cast<std::int64_t>(decoded[0].total()) <= options.max_pixels)
        loaded = FromDecoded(decoded[0], "tiff");
    } catch (const cv::Exception&) {
    }
    if (!loaded.ok()) loaded = Fail(ImageStatus::kNotAnImage, "TIFF page " + std::to_string(page + 1) + " could not be decoded", "tiff");
    pages.push_back(std::move(loaded));
  }
  return pages;
}

cv::Mat DarkestChannel(const cv::Mat& image) {
  if (image.channels() == 1) return image;
  std::vector<cv::Mat> planes;
  cv::split(image, planes);
  cv::Mat darkest = planes[0];
  for (size_t i = 1; i < planes.size() && i < 3; ++i) darkest = cv::min(darkest, planes[i]);  // not alpha
  return darkest;
}

}  // namespace scorecheck
