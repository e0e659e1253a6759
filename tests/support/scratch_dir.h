#pragma once
// A folder of a test's own under the system's temporary folder, named after
// the process and the running test (tests run in parallel), empty at the
// start and removed at the end.

#include <filesystem>
#include <string>

#include <gtest/gtest.h>
#include <unistd.h>

namespace scorecheck::testing {

class ScratchDir {
 public:
  explicit ScratchDir(const std::string& purpose)
      : path_(std::filesystem::temp_directory_path() /
              ("scorecheck-" + purpose + "-" + std::to_string(::getpid()) + "-" +
               ::testing::UnitTest::GetInstance()->current_test_info()->name())) {
    std::filesystem::remove_all(path_);
    std::filesystem::create_directories(path_);
  }
  ~ScratchDir() {
    std::error_code ignored;
    std::filesystem::remove_all(path_, ignored);
  }
  ScratchDir(const ScratchDir&) = delete;
  ScratchDir& operator=(const ScratchDir&) = delete;

  const std::filesystem::path& path() const { return path_; }

 private:
  std::filesystem::path path_;
};

}  // namespace scorecheck::testing
