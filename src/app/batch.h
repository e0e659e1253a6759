#pragma once
// What the batch commands (verify, scan) share: expanding folders into files,
// and a tally that goes on past bad files, lists them, and gives the exit code.

#include <functional>
#include <string>
#include <vector>

namespace scorecheck::app {

/// The files named in `inputs`, with each folder replaced by the files below
/// it (recursively, sorted) whose path `wanted` accepts. Warns about a folder
/// with none, naming it and `what` ("*.card.json file", "image").
std::vector<std::string> ExpandInputs(const std::vector<std::string>& inputs,
                                      const std::function<bool(const std::string&)>& wanted, const std::string& what);

/// Counts a batch's outcomes.
class BatchTally {
 public:
  /// One processed input: clean or with findings.
  void Count(bool clean) { (clean ? clean_ : with_findings_)++; }
  /// One input that could not be processed: logged now (one line naming the
  /// file), listed again in the summary.
  void Fail(const std::string& path, const std::string& why);
  /// Prints the summary line for batches of more than one input (unless
  /// quiet) and returns the exit code: 2 if any input failed, else 1 with
  /// findings, else 0. `noun` is "cards" or "images".
  int Finish(size_t total, const std::string& noun, bool quiet) const;

 private:
  int clean_ = 0, with_findings_ = 0;
  std::vector<std::string> failed_;
};

}  // namespace scorecheck::app
