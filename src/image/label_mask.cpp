#include "image/label_mask.h"

#include "core/image_constants.h"

namespace scorecheck {

cv::Mat MaskOfLabels(const cv::Mat& labels, const std::vector<uchar>& keep) {
  cv::Mat mask(labels.size(), CV_8U);
  for (int y = 0; y < labels.rows; ++y) {
    const int* label = labels.ptr<int>(y);
    uchar* m = mask.ptr<uchar>(y);
    for (int x = 0; x < labels.cols; ++x) m[x] = keep[label[x]] ? kWhite : 0;
  }
  return mask;
}

}  // namespace scorecheck
