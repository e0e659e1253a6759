#include "app/batch.h"

#include <algorithm>
#include <filesystem>
#include <iostream>

#include <spdlog/spdlog.h>

#include "app/cli_context.h"
#include "core/text.h"

namespace scorecheck::app {

std::vector<std::string> ExpandInputs(const std::vector<std::string>& inputs,
                                      const std::function<bool(const std::string&)>& wanted, const std::string& what) {
  namespace fs = std::filesystem;
  std::vector<std::string> files;
  for (const std::string& input : inputs) {
    std::error_code ec;
    if (!fs::is_directory(input, ec)) {
      files.push_back(input);  // a missing file is reported when it is read
      continue;
    }
    std::vector<std::string> found;
    for (const auto& entry : fs::recursive_directory_iterator(input, ec))
      if (entry.is_regular_file() && wanted(entry.path().string())) found.push_back(entry.path().string());
    std::sort(found.begin(), found.end());  // stable batch output
    if (found.empty()) spdlog::warn("{}: holds no {}", input, what);
    files.insert(files.end(), found.begin(), found.end());
  }
  return files;
}

void BatchTally::Fail(const std::string& path, const std::string& why) {
  // One bad file does not stop a batch; it is listed at the end.
  spdlog::error("{}: {}", path, why);
  failed_.push_back(path);
}

int BatchTally::Finish(size_t total, const std::string& noun, bool quiet) const {
  if (total > 1 && !quiet) {
    std::cout << total << " " << noun << ": " << clean_ << " OK, " << with_findings_ << " with findings";
    if (!failed_.empty()) std::cout << ", " << failed_.size() << " could not be read (" << Join(failed_, ", ") << ")";
    std::cout << "\n";
  }
  if (!failed_.empty()) return kExitFailed;
  return with_findings_ ? kExitFindings : kExitClean;
}

}  // namespace scorecheck::app
