#include "image/jpeg_decoder.h"

#include <csetjmp>
#include <cstdint>
#include <cstdio>

// jpeglib.h needs FILE and size_t declared first.
#include <jerror.h>
#include <jpeglib.h>

namespace scorecheck {
namespace {

// libjpeg reports through these callbacks: a fatal error jumps back to the
// decoder; a warning is remembered, not printed.
struct ErrorManager {
  jpeg_error_mgr base;  // first: libjpeg sees only this part
  std::jmp_buf jump;
  char error[JMSG_LENGTH_MAX] = "";
  char damage[JMSG_LENGTH_MAX] = "";
};

void OnError(j_common_ptr info) {
  auto* manager = reinterpret_cast<ErrorManager*>(info->err);
  info->err->format_message(info, manager->error);
  std::longjmp(manager->jump, 1);
}

// Warnings that mean the picture itself is damaged (grey or smeared below
// the fault); the others (extra bytes between segments, an odd ICC profile)
// leave it whole.
void OnMessage(j_common_ptr info, int level) {
  if (level >= 0) return;  // trace messages
  auto* manager = reinterpret_cast<ErrorManager*>(info->err);
  const int code = info->err->msg_code;
  const bool damaging = code == JWRN_HIT_MARKER || code == JWRN_JPEG_EOF || code == JWRN_MUST_RESYNC ||
                        code == JWRN_NOT_SEQUENTIAL || code == JWRN_BOGUS_PROGRESSION;
  if (damaging && manager->damage[0] == '\0') info->err->format_message(info, manager->damage);
  ++info->err->num_warnings;
}

void Quiet(j_common_ptr) {}

// libjpeg's CMYK as Adobe writes it (inverted): each colour scaled by K, as
// OpenCV's own reader converts it.
cv::Mat BgrFromCmyk(const cv::Mat& cmyk) {
  cv::Mat bgr(cmyk.size(), CV_8UC3);
  for (int y = 0; y < cmyk.rows; ++y) {
    const unsigned char* in = cmyk.ptr<unsigned char>(y);
    unsigned char* out = bgr.ptr<unsigned char>(y);
    for (int x = 0; x < cmyk.cols; ++x, in += 4, out += 3) {
      const int k = in[3];
      out[2] = static_cast<unsigned char>(k - ((255 - in[0]) * k >> 8));
      out[1] = static_cast<unsigned char>(k - ((255 - in[1]) * k >> 8));
      out[0] = static_cast<unsigned char>(k - ((255 - in[2]) * k >> 8));
    }
  }
  return bgr;
}

// The decoding itself, apart from any C++ object with a destructor: a
// longjmp out of libjpeg must skip none. `out` is allocated here, once the
// header gives its size.
bool Decode(jpeg_decompress_struct& info, ErrorManager& manager, const std::string& bytes, std::int64_t max_pixels,
            cv::Mat* out) {
  if (setjmp(manager.jump)) return false;
  jpeg_create_decompress(&info);
  jpeg_mem_src(&info, reinterpret_cast<const unsigned char*>(bytes.data()), static_cast<unsigned long>(bytes.size()));
  jpeg_read_header(&info, TRUE);
  // The frame libjpeg reads, whatever a quick look at the header found (a
  // damaged marker walk finds none): 12 GB once (found by fuzz/image_load_fuzz).
  if (static_cast<std::int64_t>(info.image_width) * info.image_height > max_pixels) {
    std::snprintf(manager.error, sizeof manager.error, "%u x %u pixels is more than the %lld MP limit",
                  info.image_width, info.image_height, static_cast<long long>(max_pixels / 1'000'000));
    return false;
  }
  const bool gray = info.jpeg_color_space == JCS_GRAYSCALE;
  // CMYK and YCCK (print workflows, not cameras) come out as CMYK, turned
  // into BGR by the caller.
  const bool cmyk = info.jpeg_color_space == JCS_CMYK || info.jpeg_color_space == JCS_YCCK;
  info.out_color_space = gray ? JCS_GRAYSCALE : cmyk ? JCS_CMYK : JCS_EXT_BGR;
  jpeg_start_decompress(&info);
  out->create(static_cast<int>(info.output_height), static_cast<int>(info.output_width),
              gray ? CV_8UC1 : cmyk ? CV_8UC4 : CV_8UC3);
  while (info.output_scanline < info.output_height) {
    JSAMPROW row = out->ptr<unsigned char>(static_cast<int>(info.output_scanline));
    jpeg_read_scanlines(&info, &row, 1);
  }
  jpeg_finish_decompress(&info);
  return true;
}

std::uint32_t Read(const std::string& bytes, size_t at, int width, bool big_endian) {
  std::uint32_t value = 0;
  for (int i = 0; i < width; ++i) {
    const auto byte = static_cast<unsigned char>(bytes[at + (big_endian ? i : width - 1 - i)]);
    value = (value << 8) | byte;
  }
  return value;
}

// EXIF Orientation from the first APP1 "Exif" segment's first IFD; 1 when
// there is none or it is damaged.
int ExifOrientation(const std::string& bytes) {
  size_t at = 2;  // after SOI
  while (at + 4 <= bytes.size() && static_cast<unsigned char>(bytes[at]) == 0xFF) {
    const unsigned char marker = static_cast<unsigned char>(bytes[at + 1]);
    if (marker == 0xDA || marker == 0xD9) break;  // image data: no metadata after it
    const size_t length = Read(bytes, at + 2, 2, true);
    if (length < 2 || at + 2 + length > bytes.size()) break;
    const size_t start = at + 4, end = at + 2 + length;
    if (marker == 0xE1 && end - start >= 14 && bytes.compare(start, 6, std::string("Exif\0\0", 6)) == 0) {
      const size_t tiff = start + 6;
      const bool big = bytes.compare(tiff, 2, "MM") == 0;
      if (!big && bytes.compare(tiff, 2, "II") != 0) return 1;
      const size_t ifd = tiff + Read(bytes, tiff + 4, 4, big);
      if (ifd + 2 > end) return 1;
      const size_t entries = Read(bytes, ifd, 2, big);
      for (size_t i = 0; i < entries; ++i) {
        const size_t entry = ifd + 2 + 12 * i;
        if (entry + 12 > end) return 1;
        if (Read(bytes, entry, 2, big) != 0x0112) continue;
        const std::uint32_t value = Read(bytes, entry + 8, 2, big);  // a SHORT, left-aligned in its field
        return value >= 1 && value <= 8 ? static_cast<int>(value) : 1;
      }
      return 1;
    }
    at = end;
  }
  return 1;
}

}  // namespace

DecodedJpeg DecodeJpeg(const std::string& bytes, std::int64_t max_pixels) {
  DecodedJpeg result;
  jpeg_decompress_struct info{};
  ErrorManager manager;
  info.err = jpeg_std_error(&manager.base);
  manager.base.error_exit = OnError;
  manager.base.emit_message = OnMessage;
  manager.base.output_message = Quiet;
  cv::Mat image;
  const bool ok = Decode(info, manager, bytes, max_pixels, &image);
  result.too_large = static_cast<std::int64_t>(info.image_width) * info.image_height > max_pixels;
  jpeg_destroy_decompress(&info);
  if (!ok) {
    result.error = manager.error[0] ? manager.error : "the JPEG data could not be decoded";
    return result;
  }
  result.image = image.channels() == 4 ? BgrFromCmyk(image) : image;
  result.damage = manager.damage;
  result.exif_orientation = ExifOrientation(bytes);
  return result;
}

cv::Mat ApplyExifOrientation(const cv::Mat& image, int orientation) {
  cv::Mat out;
  switch (orientation) {
    case 2: cv::flip(image, out, 1); return out;
    case 3: cv::flip(image, out, -1); return out;
    case 4: cv::flip(image, out, 0); return out;
    case 5: cv::transpose(image, out); return out;
    case 6: cv::transpose(image, out); cv::flip(out, out, 1); return out;
    case 7: cv::transpose(image, out); cv::flip(out, out, -1); return out;
    case 8: cv::transpose(image, out); cv::flip(out, out, 0); return out;
    default: return image;
  }
}

}  // namespace scorecheck
