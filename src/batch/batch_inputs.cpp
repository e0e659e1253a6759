#include "batch/batch_inputs.h"

#include <algorithm>
#include <filesystem>
#include <set>
#include <string_view>

namespace scorecheck {
namespace {

namespace fs = std::filesystem;

// "a/b.jpg" -> "a/b-2.jpg", "a/b-3.jpg", ... until unused.
std::string Unique(const std::string& name, std::set<std::string>& used) {
  if (used.insert(name).second) return name;
  const fs::path path(name);
  const std::string stem = (path.parent_path() / path.stem()).generic_string();
  for (int k = 2;; ++k) {
    const std::string candidate = stem + "-" + std::to_string(k) + path.extension().string();
    if (used.insert(candidate).second) return candidate;
  }
}

bool Inside(const fs::path& path, const fs::path& dir) {
  if (dir.empty()) return false;
  const auto [dir_end, path_at] = std::mismatch(dir.begin(), dir.end(), path.begin(), path.end());
  return dir_end == dir.end();
}

fs::path Canonical(const fs::path& path) {
  std::error_code ec;
  const fs::path canonical = fs::weakly_canonical(fs::absolute(path, ec), ec);
  return ec ? path : canonical;
}

// Written by scorecheck or its test kit, never a user's card: an overlay of
// `scan --out-dir` ("1.overlay.png") or a synthetic card's answer key
// ("0000-classic-scan.truth.json", testkit/corpus/synth_card.h).
bool OursToSkip(const std::string& file_name) {
  const std::string_view truth = ".truth.json";
  return file_name.find(".overlay.") != std::string::npos ||
         (file_name.size() > truth.size() && file_name.compare(file_name.size() - truth.size(), truth.size(), truth) == 0);
}

}  // namespace

BatchInputs FindBatchInputs(const std::vector<std::string>& roots, const std::string& skip_dir) {
  BatchInputs inputs;
  std::set<std::string> used;
  const fs::path skip = skip_dir.empty() ? fs::path() : Canonical(skip_dir);
  const bool several = roots.size() > 1;
  for (const std::string& root : roots) {
    std::error_code ec;
    if (!fs::is_directory(root, ec)) {
      // A missing or unreadable file is reported when it is read, like any bad file.
      inputs.files.push_back({root, Unique(fs::path(root).filename().string(), used)});
      continue;
    }
    std::string prefix;
    if (several) {
      prefix = Canonical(root).filename().string();
      if (prefix.empty()) prefix = "input";
      prefix += "/";
    }
    std::vector<fs::path> found;
    const auto options = fs::directory_options::skip_permission_denied;
    for (auto it = fs::recursive_directory_iterator(root, options, ec); !ec && it != fs::recursive_directory_iterator();
         it.increment(ec)) {
      if (it->is_directory(ec) && Inside(Canonical(it->path()), skip)) {
        it.disable_recursion_pending();
        continue;
      }
      const std::string path = it->path().string();
      if (it->is_regular_file(ec) && !OursToSkip(it->path().filename().string()))
        found.push_back(it->path());
    }
    // Sorted by the name in the outputs, so the batch's order is its own and not the file system's.
    std::sort(found.begin(), found.end(), [&](const fs::path& a, const fs::path& b) {
      return a.lexically_relative(root).generic_string() < b.lexically_relative(root).generic_string();
    });
    if (found.empty()) inputs.warnings.push_back(root + ": the folder is empty");
    for (const fs::path& path : found)
      inputs.files.push_back({path.string(), Unique(prefix + path.lexically_relative(root).generic_string(), used)});
  }
  return inputs;
}

}  // namespace scorecheck
