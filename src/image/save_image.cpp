#include "image/save_image.h"

#include <filesystem>
#include <vector>

#include <opencv2/imgcodecs.hpp>

#include "core/error.h"
#include "core/text.h"

namespace scorecheck {

void WriteImageAtomic(const std::string& path, const cv::Mat& image, int jpeg_quality) {
  SC_CHECK(!image.empty(), path << ": nothing to write (empty picture)");
  std::string ext = ToLower(std::filesystem::path(path).extension().string());
  if (ext.empty()) ext = ".png";
  std::vector<int> params;
  if (ext == ".jpg" || ext == ".jpeg") params = {cv::IMWRITE_JPEG_QUALITY, jpeg_quality};
  std::vector<uchar> bytes;
  bool encoded = false;
  try {
    encoded = cv::imencode(ext, image, bytes, params);
  } catch (const cv::Exception& e) {
    encoded = false;
  }
  SC_CHECK(encoded, path << ": cannot encode the picture as " << ext);
  WriteFileAtomic(path, std::string(bytes.begin(), bytes.end()));
}

}  // namespace scorecheck
