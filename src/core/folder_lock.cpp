#include "core/folder_lock.h"

#include <fcntl.h>
#include <sys/file.h>
#include <unistd.h>

#include <cerrno>
#include <cstring>
#include <string>

#include "core/error.h"

namespace scorecheck {
namespace {

// The holder's process id, as it wrote it into the file ("" when unreadable).
std::string Holder(int fd) {
  char text[32] = {};
  const ssize_t n = pread(fd, text, sizeof text - 1, 0);
  std::string pid = n > 0 ? std::string(text, static_cast<size_t>(n)) : "";
  while (!pid.empty() && (pid.back() == '\n' || pid.back() == ' ')) pid.pop_back();
  return pid;
}

}  // namespace

FolderLock::FolderLock(const std::string& folder) {
  const std::string path = folder + "/" + kFileName;
  fd_ = open(path.c_str(), O_RDWR | O_CREAT | O_CLOEXEC, 0644);
  SC_CHECK(fd_ >= 0, folder << ": cannot write in this folder: " << std::strerror(errno));
  if (flock(fd_, LOCK_EX | LOCK_NB) != 0) {
    const int why = errno;
    const std::string holder = Holder(fd_);
    close(fd_);
    fd_ = -1;
    SC_CHECK(why != EWOULDBLOCK, folder << ": another scorecheck" << (holder.empty() ? "" : " (process " + holder + ")")
                                        << " is writing this report; wait for it to end, or give another folder");
    throw Error(folder + ": cannot lock the folder: " + std::strerror(why));
  }
  // Who holds it, for the message a second run gives (the lock itself is flock's).
  const std::string pid = std::to_string(getpid()) + "\n";
  if (ftruncate(fd_, 0) != 0 || pwrite(fd_, pid.data(), pid.size(), 0) != static_cast<ssize_t>(pid.size())) {
    // The lock holds all the same; only the message would lack the process id.
  }
}

FolderLock::~FolderLock() {
  if (fd_ >= 0) close(fd_);  // closing drops the flock
}

}  // namespace scorecheck
