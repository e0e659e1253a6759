#pragma once
// Which files a batch reads, and the name each is known by in its outputs.

#include <string>
#include <vector>

namespace scorecheck {

/// One file of a batch.
struct BatchInput {
  std::string path;  ///< as found (input folder joined with the path below it)
  std::string name;  ///< unique within the batch: the path relative to its input folder ("a/IMG_0001.jpg"),
                     ///< under the folder's own name when several folders are given; '/'-separated
};

/// What FindBatchInputs() found.
struct BatchInputs {
  std::vector<BatchInput> files;      ///< folders' files sorted by name, in the order the folders were given
  std::vector<std::string> warnings;  ///< "<folder>: holds no image", one per such folder
};

/// Whether `path` ends in an image extension a batch reads (jpg, jpeg, png,
/// tif, tiff, bmp, webp; any case).
bool IsImageName(const std::string& path);

/// Every image under `roots` (files named directly are taken whatever their
/// extension, so a mis-named file is reported rather than skipped; folders
/// recursively, images only). Skips everything under `skip_dir` (a report
/// folder inside an input folder) and overlays written by `scan --out-dir`.
/// Names never repeat: a clash (two folders of the same name, a file given
/// twice) gets "-2", "-3", ... before the extension.
BatchInputs FindBatchInputs(const std::vector<std::string>& roots, const std::string& skip_dir = "");

}  // namespace scorecheck
