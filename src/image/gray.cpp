#include "image/gray.h"

#include <opencv2/imgproc.hpp>

namespace scorecheck {

cv::Mat Gray(const cv::Mat& image) {
  constexpr int kBgr = 3, kBgra = 4;
  if (image.channels() != kBgr && image.channels() != kBgra) return image;
  cv::Mat gray;
  cv::cvtColor(image, gray, image.channels() == kBgra ? cv::COLOR_BGRA2GRAY : cv::COLOR_BGR2GRAY);
  return gray;
}

}  // namespace scorecheck
