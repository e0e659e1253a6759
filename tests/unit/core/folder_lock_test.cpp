// One writer per folder: a second lock on a held folder is refused, saying
// who holds it, and the folder is free again once the holder lets go (or dies:
// the kernel drops a dead process's flock; tests/cli/batch_test runs that).

#include "core/folder_lock.h"

#include <unistd.h>

#include <filesystem>
#include <optional>

#include <gtest/gtest.h>

#include "core/error.h"

namespace scorecheck {
namespace {

namespace fs = std::filesystem;

TEST(FolderLockTest, ASecondHolderIsRefusedUntilTheFirstLetsGo) {
  const fs::path dir = fs::temp_directory_path() / ("scorecheck_lock_" + std::to_string(::getpid()));
  fs::create_directories(dir);
  {
    std::optional<FolderLock> first(std::in_place, dir.string());
    try {
      FolderLock second(dir.string());
      ADD_FAILURE() << "a second lock on a held folder was given";
    } catch (const Error& e) {
      const std::string why = e.what();
      EXPECT_NE(why.find(dir.string() + ": another scorecheck (process " + std::to_string(::getpid()) + ")"),
                std::string::npos)
          << why;
      EXPECT_NE(why.find("wait for it to end, or give another folder"), std::string::npos) << why;
    }
    first.reset();
    EXPECT_NO_THROW(FolderLock again(dir.string()));
  }
  EXPECT_THROW(FolderLock((dir / "missing").string()), Error);
  fs::remove_all(dir);
}

}  // namespace
}  // namespace scorecheck
