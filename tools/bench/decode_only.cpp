// The yardstick of tools/bench: a program that only decodes an image with
// OpenCV, as `scorecheck scan` must at least do. Prints the size decoded.
#include <cstdio>

#include <opencv2/imgcodecs.hpp>

int main(int argc, char** argv) {
  if (argc != 2) {
    std::fprintf(stderr, "usage: decode_only IMAGE\n");
    return 2;
  }
  const cv::Mat image = cv::imread(argv[1], cv::IMREAD_COLOR);
  if (image.empty()) return 1;
  std::printf("%dx%d\n", image.cols, image.rows);
  return 0;
}
