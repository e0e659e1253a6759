#include "core/text.h"

#include <cctype>
#include <cerrno>
#include <cstdio>
#include <cstring>
#include <filesystem>
#include <fstream>
#include <sstream>
#include <unistd.h>

#include "core/error.h"

namespace scorecheck {

std::string ReadTextFile(const std::string& path, std::uintmax_t max_bytes) {
  std::error_code ec;
  if (std::filesystem::is_directory(path, ec)) throw Error("cannot read: it is a folder");
  if (std::filesystem::exists(path, ec) && !std::filesystem::is_regular_file(path, ec))
    throw Error("cannot read: not a regular file");
  if (const std::uintmax_t size = std::filesystem::file_size(path, ec); !ec && size > max_bytes)
    throw Error("cannot read: too large (" + std::to_string(size >> 20) + " MiB; at most " +
                std::to_string(max_bytes >> 20) + " MiB)");
  std::ifstream in(path, std::ios::binary);
  if (!in) throw Error(std::string("cannot read: ") + std::strerror(errno));
  std::ostringstream buffer;
  buffer << in.rdbuf();
  if (in.bad()) throw Error("cannot read: I/O error");
  return buffer.str();
}

void WriteFileAtomic(const std::string& path, const std::string& contents) {
  WriteFileAtomic(path, [&](std::ostream& out) { out << contents; });
}

namespace {

// The error for a failed write: NoRoomError when the disk (or quota, or the
// file-size limit) has no room, so that a batch can stop on it.
[[noreturn]] void ThrowWriteError(const std::string& path, int error, const std::string& reason) {
  const std::string message = "cannot write " + path + ": " + reason;
  if (error == ENOSPC || error == EDQUOT || error == EFBIG) throw NoRoomError(message);
  throw Error(message);
}

}  // namespace

void WriteFileAtomic(const std::string& path, const std::function<void(std::ostream&)>& write) {
  namespace fs = std::filesystem;
  const fs::path target(path);
  std::error_code ec;
  if (target.has_parent_path()) fs::create_directories(target.parent_path(), ec);
  // The pid keeps two concurrent runs writing the same report from clobbering
  // each other's temporary.
  const fs::path temp = target.string() + ".tmp-" + std::to_string(::getpid());
  {
    std::ofstream out(temp, std::ios::binary | std::ios::trunc);
    if (!out) ThrowWriteError(path, errno, std::strerror(errno));
    try {
      write(out);
    } catch (...) {
      out.close();
      fs::remove(temp, ec);
      throw;
    }
    out.flush();
    if (!out) {
      const int error = errno;
      out.close();
      fs::remove(temp, ec);
      ThrowWriteError(path, error, std::strerror(error));
    }
    out.close();  // a full disk may only say so here
    if (out.fail()) {
      const int error = errno;
      fs::remove(temp, ec);
      ThrowWriteError(path, error, std::strerror(error));
    }
  }
  fs::rename(temp, target, ec);
  if (ec) {
    const std::error_code failed = ec;
    fs::remove(temp, ec);
    ThrowWriteError(path, failed.value(), failed.message());
  }
}

std::string Join(const std::vector<std::string>& parts, const std::string& separator) {
  std::string joined;
  for (size_t i = 0; i < parts.size(); ++i) {
    if (i) joined += separator;
    joined += parts[i];
  }
  return joined;
}

std::string ToLower(std::string text) {
  for (char& c : text) c = static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
  return text;
}

std::vector<std::string> WrapWords(const std::string& text, const std::function<bool(const std::string&)>& fits) {
  std::vector<std::string> lines;
  std::string line, word;
  for (size_t i = 0; i <= text.size(); ++i) {
    if (i < text.size() && text[i] != ' ') {
      word += text[i];
      continue;
    }
    if (word.empty()) continue;
    std::string joined = line;
    if (!joined.empty()) joined += ' ';
    joined += word;
    if (line.empty() || fits(joined)) {
      line = joined;
    } else {
      lines.push_back(line);
      line = word;
    }
    word.clear();
  }
  if (!line.empty()) lines.push_back(line);
  return lines;
}

}  // namespace scorecheck
