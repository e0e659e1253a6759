#include "image/heif_decoder.h"

#include <memory>
#include <mutex>
#include <sstream>

#include <libheif/heif.h>
#include <opencv2/imgproc.hpp>

namespace scorecheck {
namespace {

struct ContextFree {
  void operator()(heif_context* context) const { heif_context_free(context); }
};
struct HandleFree {
  void operator()(heif_image_handle* handle) const { heif_image_handle_release(handle); }
};
struct ImageFree {
  void operator()(heif_image* image) const { heif_image_release(image); }
};

DecodedHeif Failed(const std::string& why, bool too_large = false) {
  DecodedHeif result;
  result.error = why;
  result.too_large = too_large;
  return result;
}

// libheif loads its codec plugins once per process.
void InitLibheif() {
  static std::once_flag once;
  std::call_once(once, [] { heif_init(nullptr); });
}

}  // namespace

DecodedHeif DecodeHeif(const std::string& bytes, std::int64_t max_pixels) {
  InitLibheif();
  std::unique_ptr<heif_context, ContextFree> context(heif_context_alloc());
  if (!context) return Failed("the HEIF decoder could not start");
  heif_context_set_max_decoding_threads(context.get(), 0);  // the batch runs its own threads
  heif_error error = heif_context_read_from_memory_without_copy(context.get(), bytes.data(), bytes.size(), nullptr);
  if (error.code != heif_error_Ok) return Failed(std::string("the HEIF file is damaged: ") + error.message);
  heif_image_handle* raw_handle = nullptr;
  error = heif_context_get_primary_image_handle(context.get(), &raw_handle);
  std::unique_ptr<heif_image_handle, HandleFree> handle(raw_handle);
  if (error.code != heif_error_Ok || !handle) return Failed("the HEIF file holds no picture");
  const std::int64_t width = heif_image_handle_get_width(handle.get());
  const std::int64_t height = heif_image_handle_get_height(handle.get());
  if (width <= 0 || height <= 0) return Failed("the HEIF file gives no image size");
  if (width * height > max_pixels) {
    std::ostringstream why;
    why << width << " x " << height << " pixels (" << width * height / 1'000'000 << " MP) is more than the "
        << max_pixels / 1'000'000 << " MP limit";
    return Failed(why.str(), true);
  }
  heif_image* raw_image = nullptr;
  error = heif_decode_image(handle.get(), &raw_image, heif_colorspace_RGB, heif_chroma_interleaved_RGB, nullptr);
  std::unique_ptr<heif_image, ImageFree> image(raw_image);
  if (error.code != heif_error_Ok || !image) return Failed(std::string("the HEIF picture could not be decoded: ") + error.message);
  int stride = 0;
  const std::uint8_t* pixels = heif_image_get_plane_readonly(image.get(), heif_channel_interleaved, &stride);
  const int w = heif_image_get_width(image.get(), heif_channel_interleaved);
  const int h = heif_image_get_height(image.get(), heif_channel_interleaved);
  if (!pixels || w <= 0 || h <= 0) return Failed("the HEIF picture could not be decoded");
  DecodedHeif result;
  // The rows are libheif's until the image is released: convert (and so copy) first.
  const cv::Mat rgb(h, w, CV_8UC3, const_cast<std::uint8_t*>(pixels), static_cast<size_t>(stride));
  cv::cvtColor(rgb, result.image, cv::COLOR_RGB2BGR);
  return result;
}

}  // namespace scorecheck
