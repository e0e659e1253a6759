#pragma once
// What a batch shows while it runs: on a terminal a one-line progress bar
// (done/total, cards per second, time left) redrawn in place, with the files
// that need a person listed above it; elsewhere (a pipe, a log file) plain
// lines, one per finished file.

#include <chrono>
#include <iosfwd>
#include <string>

namespace scorecheck::app {

class ProgressPrinter {
 public:
  /// `bar`: redraw a bar (a terminal); else print lines. Writes to `out`.
  ProgressPrinter(std::ostream& out, size_t total, bool bar);
  /// One file finished: `name` and its one-line outcome ("OK (grand total
  /// 245)", "2 errors; ...", "unreadable: holds no scorecard: ..."); `clean`
  /// when nothing in it needs a person.
  void Done(size_t done, const std::string& name, const std::string& outcome, bool clean);
  /// Clears the bar, so the summary starts on a clean line.
  void Finish();

  /// "1:05" for 65 s; "-" when unknown.
  static std::string Duration(double seconds);

 private:
  std::ostream& out_;
  size_t total_;
  bool bar_;
  size_t width_ = 0;  ///< characters of the last bar drawn
  std::chrono::steady_clock::time_point start_ = std::chrono::steady_clock::now();
};

/// Whether standard output is a terminal.
bool StdoutIsTerminal();

}  // namespace scorecheck::app
