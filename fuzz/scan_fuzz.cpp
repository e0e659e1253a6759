// A whole scan of a small image: page, grid, cells, readings, card,
// verification. Images are capped at 0.5 MP so that each run is quick; the
// stages' own bounds are what is tested, not the photo's size.

#include <cstdlib>
#include <memory>

#include "fuzz_support.h"
#include "image/load_image.h"
#include "labels/text_reader.h"
#include "readings/digit_reader.h"
#include "scan/scan_card.h"

// OpenCV's own readers held to the harness's image size, as main() holds
// the program's (OPENCV_IO_MAX_IMAGE_PIXELS, read once).
extern "C" int LLVMFuzzerInitialize(int*, char***) {
  setenv("OPENCV_IO_MAX_IMAGE_PIXELS", "500000", 1);
  return 0;
}

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  using namespace scorecheck;
  static const std::unique_ptr<DigitReader> reader = [] {
    DigitReaderOptions options;
    options.model_path = SCORECHECK_SOURCE_DIR "/models/digits.onnx";
    return DigitReader::Create(options);
  }();
  static const std::unique_ptr<TextReader> text_reader = TextReader::CreateLazy();
  ImageLoadOptions load;
  load.max_pixels = 500'000;
  LoadedImage image = DecodeImage(fuzz::Bytes(data, size), load);
  if (!image.ok()) return 0;
  const ScanResult scan = ScanImage(std::move(image.bgr), "fuzz", fuzz::ShippedRulesets(), *reader, {}, text_reader.get());
  if (scan.status != ScanStatus::kOk && scan.detail.empty()) __builtin_trap();  // every failure says why
  return 0;
}
