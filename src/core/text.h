#pragma once
// Small text helpers shared by the layers: file I/O with clear errors and
// atomic writes, so that no output file is ever left half-written.

#include <cstdint>
#include <functional>
#include <iosfwd>
#include <string>
#include <vector>

namespace scorecheck {

/// Reads a whole file. Throws Error("cannot read: <reason>") on failure, for
/// anything but a regular file (a device or a pipe may never end) and for a
/// file longer than `max_bytes` (256 MiB unless told).
std::string ReadTextFile(const std::string& path, std::uintmax_t max_bytes = 256u << 20);

/// Writes `contents` to `path` through a temporary file in the same folder and
/// a rename, so readers see either the old file or the whole new one. Creates
/// missing parent folders. Throws Error on failure (the temporary is removed).
void WriteFileAtomic(const std::string& path, const std::string& contents);

/// As WriteFileAtomic(), the contents written by `write` piece by piece (a file
/// too big to build in memory first). An exception from `write` removes the
/// temporary and propagates; the old file, if any, stays.
void WriteFileAtomic(const std::string& path, const std::function<void(std::ostream&)>& write);

/// Joins `parts` with `separator`.
std::string Join(const std::vector<std::string>& parts, const std::string& separator);

/// `text` broken at spaces into lines that `fits` accepts, each as long as it
/// can be; a word `fits` rejects on its own still gets a line of its own.
std::vector<std::string> WrapWords(const std::string& text, const std::function<bool(const std::string&)>& fits);

/// Lower-cases ASCII letters.
std::string ToLower(std::string text);

}  // namespace scorecheck
