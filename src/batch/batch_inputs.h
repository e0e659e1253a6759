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
  std::vector<std::string> warnings;  ///< "<folder>: the folder is empty", one per folder with no file
};

/// Every file under `roots`, whatever its name: what a file holds is told by
/// its content when it is read, so a photo with the wrong extension is read
/// and a file that is no photo is listed with its reason, never dropped here.
/// Skips only what scorecheck and its test kit wrote: everything under
/// `skip_dir` (a report folder inside an input folder), overlays written by
/// `scan --out-dir` and synthetic cards' answer keys (`*.truth.json`).
/// Names never repeat: a clash (two folders of the same name, a file given
/// twice) gets "-2", "-3", ... before the extension.
BatchInputs FindBatchInputs(const std::vector<std::string>& roots, const std::string& skip_dir = "");

}  // namespace scorecheck
