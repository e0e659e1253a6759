#pragma once
// The first stage of a scan: a file on disk becomes an 8-bit BGR image, upright
// per its EXIF orientation. A bad file is data, not an exception: the result
// says what is wrong in words a person understands, and nothing big is
// allocated before the header has been checked.

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include <opencv2/core.hpp>

namespace scorecheck {

/// Limits for LoadImage(). Defaults take any phone photo or 600-dpi A4 scan.
struct ImageLoadOptions {
  std::int64_t max_pixels = 120'000'000;       ///< refuse images with more pixels (checked in the header); 120 MP
  std::int64_t max_file_bytes = 256ll << 20;   ///< refuse bigger files; 256 MiB
  int max_pages = 100;                         ///< pages read from a multi-page TIFF or a PDF, at most; 100
  double pdf_dpi = 200;                        ///< a PDF page is drawn at this resolution (dots per inch), as a
                                               ///< scanner's 200-dpi scan: it reads as well as 300 at half the pixels
  bool Check() const;                          ///< true when every field is in range
};

enum class ImageStatus {
  kOk,
  kUnreadable,  ///< the file cannot be opened or read
  kEmpty,       ///< the file has no bytes
  kNotAnImage,  ///< not a photo or scan of any format we read, or the decoder refused it
  kTruncated,   ///< the file ends before the image does
  kDamaged,     ///< the decoder found the image data corrupt (part of the picture grey or smeared)
  kTooLarge,    ///< more pixels or bytes than the limits allow
};

/// A loaded image, or why not.
struct LoadedImage {
  ImageStatus status = ImageStatus::kUnreadable;
  cv::Mat bgr;             ///< 8-bit, 3 channels, upright; empty unless ok()
  std::string format;      ///< "jpeg", "png", "tiff", "heif", "pdf", ... (image/file_kind.h)
  std::string detail;      ///< why, when not ok: "truncated JPEG: the file ends before the image data does"
  bool ok() const { return status == ImageStatus::kOk; }
};

/// Reads an image file, its format told by its content (not its name): JPEG,
/// PNG, TIFF, BMP, WebP, PNM, HEIC/HEIF; of a PDF, its first page. Gray,
/// 16-bit and alpha images become 8-bit BGR; EXIF orientation (HEIF: its
/// rotation and mirroring) is applied. Never throws for the file's content.
LoadedImage LoadImage(const std::string& path, const ImageLoadOptions& options = {});

/// Every page of a multi-page TIFF or a PDF (a batch from a sheet-fed
/// scanner), each loaded like LoadImage(); a page that cannot be decoded says
/// so in its own entry. Any other file gives one entry, LoadImage(path).
std::vector<LoadedImage> LoadImagePages(const std::string& path, const ImageLoadOptions& options = {});

/// The same from bytes already in memory.
LoadedImage DecodeImage(const std::string& bytes, const ImageLoadOptions& options = {});

/// Width and height from a PNG, JPEG, BMP or GIF header without decoding;
/// nullopt for other formats or a damaged header.
std::optional<cv::Size> PeekImageSize(const std::string& bytes);

/// The darkest of an image's colour channels (8-bit, 1, 3 or 4 channels; a
/// gray image is returned as it is): ink of any colour, pencil and printed
/// lines stay dark while paper stays light.
cv::Mat DarkestChannel(const cv::Mat& image);

}  // namespace scorecheck
