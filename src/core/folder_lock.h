#pragma once
// One writer per folder: a second scorecheck told to write a report folder
// another one is writing is refused with a clear line, not let in to mix two
// runs' files. The lock is the operating system's (flock on
// <folder>/.scorecheck.lock), held for as long as the FolderLock lives and
// dropped by the kernel when the process ends: a killed or crashed run never
// leaves a stale lock behind.

#include <string>

namespace scorecheck {

class FolderLock {
 public:
  /// Takes the lock on `folder` (which must exist). Throws Error when another
  /// process holds it: "<folder>: another scorecheck (process <pid>) is
  /// writing this report; wait for it to end, or give another folder".
  explicit FolderLock(const std::string& folder);
  ~FolderLock();
  FolderLock(const FolderLock&) = delete;
  FolderLock& operator=(const FolderLock&) = delete;

  /// The lock file's name inside the folder.
  static constexpr const char* kFileName = ".scorecheck.lock";

 private:
  int fd_ = -1;
};

}  // namespace scorecheck
