#include "files/heif_file.h"

#include <cstring>
#include <memory>
#include <stdexcept>

#include <libheif/heif.h>
#include <opencv2/core.hpp>
#include <opencv2/imgproc.hpp>

namespace scorecheck::testkit {
namespace {

void Ok(heif_error error, const char* what) {
  if (error.code != heif_error_Ok) throw std::runtime_error(std::string(what) + ": " + error.message);
}

// The pixels as stored: `upright` turned the other way from how the viewer turns them.
cv::Mat Stored(const cv::Mat& upright, int orientation) {
  cv::Mat stored;
  switch (orientation) {
    case 6: cv::rotate(upright, stored, cv::ROTATE_90_COUNTERCLOCKWISE); break;
    case 3: cv::rotate(upright, stored, cv::ROTATE_180); break;
    case 8: cv::rotate(upright, stored, cv::ROTATE_90_CLOCKWISE); break;
    default: stored = upright; break;
  }
  return stored;
}

heif_error WriteToString(heif_context*, const void* data, size_t size, void* userdata) {
  static_cast<std::string*>(userdata)->append(static_cast<const char*>(data), size);
  return {heif_error_Ok, heif_suberror_Unspecified, "ok"};
}

}  // namespace

std::string HeifFile(const cv::Mat& upright, int exif_orientation, int quality) {
  heif_init(nullptr);
  cv::Mat rgb;
  cv::cvtColor(Stored(upright, exif_orientation), rgb, cv::COLOR_BGR2RGB);
  std::unique_ptr<heif_context, void (*)(heif_context*)> context(heif_context_alloc(), heif_context_free);
  heif_encoder* raw_encoder = nullptr;
  Ok(heif_context_get_encoder_for_format(context.get(), heif_compression_HEVC, &raw_encoder), "no HEVC encoder");
  std::unique_ptr<heif_encoder, void (*)(heif_encoder*)> encoder(raw_encoder, heif_encoder_release);
  heif_encoder_set_lossy_quality(encoder.get(), quality);
  heif_image* raw_image = nullptr;
  Ok(heif_image_create(rgb.cols, rgb.rows, heif_colorspace_RGB, heif_chroma_interleaved_RGB, &raw_image), "image");
  std::unique_ptr<heif_image, void (*)(const heif_image*)> image(raw_image, heif_image_release);
  Ok(heif_image_add_plane(image.get(), heif_channel_interleaved, rgb.cols, rgb.rows, 8), "plane");
  int stride = 0;
  std::uint8_t* plane = heif_image_get_plane(image.get(), heif_channel_interleaved, &stride);
  for (int y = 0; y < rgb.rows; ++y) std::memcpy(plane + static_cast<size_t>(y) * stride, rgb.ptr(y), rgb.cols * 3);
  std::unique_ptr<heif_encoding_options, void (*)(heif_encoding_options*)> options(heif_encoding_options_alloc(),
                                                                                     heif_encoding_options_free);
  options->image_orientation = static_cast<heif_orientation>(exif_orientation);
  Ok(heif_context_encode_image(context.get(), image.get(), encoder.get(), options.get(), nullptr), "encode");
  std::string bytes;
  heif_writer writer{1, WriteToString};
  Ok(heif_context_write(context.get(), &writer, &bytes), "write");
  return bytes;
}

}  // namespace scorecheck::testkit
