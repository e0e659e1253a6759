// Image bytes as a user's file holds them: header checks, decoding, EXIF
// orientation, every page of a TIFF. Never throws; a bad file is a status.

#include <unistd.h>

#include <cstdio>
#include <fstream>

#include <cstdlib>

#include "fuzz_support.h"
#include "image/load_image.h"

// OpenCV's own readers held to the harness's image size, as main() holds
// the program's (OPENCV_IO_MAX_IMAGE_PIXELS, read once).
extern "C" int LLVMFuzzerInitialize(int*, char***) {
  setenv("OPENCV_IO_MAX_IMAGE_PIXELS", "4000000", 1);
  return 0;
}

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  using namespace scorecheck;
  ImageLoadOptions options;
  options.max_pixels = 4'000'000;  // the fuzzer's memory, not the product's limit
  const LoadedImage image = DecodeImage(fuzz::Bytes(data, size), options);
  if (image.ok() && (image.bgr.empty() || image.bgr.type() != CV_8UC3)) __builtin_trap();
  if (!image.ok() && image.detail.empty()) __builtin_trap();  // every refusal says why
  if (image.ok()) (void)DarkestChannel(image.bgr);
  // A TIFF's pages are read from its file (a scanner's multi-page batch).
  const std::string bytes = fuzz::Bytes(data, size);
  if (bytes.rfind("II*", 0) == 0 || bytes.rfind("MM", 0) == 0) {
    const std::string path = "/tmp/scorecheck-fuzz-" + std::to_string(getpid()) + ".tif";
    std::ofstream(path, std::ios::binary) << bytes;
    for (const LoadedImage& page : LoadImagePages(path, options))
      if (!page.ok() && page.detail.empty()) __builtin_trap();
    std::remove(path.c_str());
  }
  return 0;
}
