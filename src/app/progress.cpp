#include "app/progress.h"

#include <unistd.h>

#include <cmath>
#include <cstdio>
#include <ostream>

namespace scorecheck::app {

ProgressPrinter::ProgressPrinter(std::ostream& out, size_t total, bool bar) : out_(out), total_(total), bar_(bar) {}

std::string ProgressPrinter::Duration(double seconds) {
  if (!std::isfinite(seconds) || seconds < 0) return "-";
  const long s = std::lround(seconds);
  char text[32];
  if (s >= 3600)
    std::snprintf(text, sizeof text, "%ld:%02ld:%02ld", s / 3600, s / 60 % 60, s % 60);
  else
    std::snprintf(text, sizeof text, "%ld:%02ld", s / 60, s % 60);
  return text;
}

void ProgressPrinter::Done(size_t done, const std::string& name, const std::string& outcome, bool clean) {
  if (!bar_) {
    out_ << "[" << done << "/" << total_ << "] " << name << ": " << outcome << "\n" << std::flush;
    return;
  }
  const double seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - start_).count();
  const double rate = seconds > 0 ? static_cast<double>(done) / seconds : 0;
  const double left = rate > 0 ? static_cast<double>(total_ - done) / rate : -1;
  // Files that need a person stay on screen above the bar.
  if (!clean) out_ << "\r" << std::string(width_, ' ') << "\r" << name << ": " << outcome << "\n";
  constexpr int kCells = 24;
  const int filled = total_ ? static_cast<int>(kCells * done / total_) : kCells;
  char figures[96];
  std::snprintf(figures, sizeof figures, "] %zu/%zu  %.1f cards/s  %s left", done, total_, rate,
                Duration(left).c_str());
  std::string line(1, '[');
  line.append(static_cast<size_t>(filled), '#').append(static_cast<size_t>(kCells - filled), '.').append(figures);
  const size_t previous = width_;
  width_ = line.size();
  if (line.size() < previous) line += std::string(previous - line.size(), ' ');
  out_ << "\r" << line << std::flush;
}

void ProgressPrinter::Finish() {
  if (bar_ && width_) out_ << "\r" << std::string(width_, ' ') << "\r" << std::flush;
  width_ = 0;
}

bool StdoutIsTerminal() { return isatty(STDOUT_FILENO) == 1; }

}  // namespace scorecheck::app
