#pragma once
// A time limit for one image's scan: a pathological picture (a sheet of graph
// paper, a photo of a crowd of tables) must cost a batch one line, "gave up
// after N s", not the night. Checked by the stages between their steps
// (cooperative: a thread cannot be stopped from outside without leaking what
// it holds).

#include <chrono>
#include <optional>
#include <string>

#include "core/error.h"

namespace scorecheck {

/// Thrown by Deadline::Check() once the limit has passed.
class GaveUp : public Error {
 public:
  using Error::Error;
};

class Deadline {
 public:
  /// Never passes.
  Deadline() = default;
  /// Passes `seconds` from now; never when `seconds` <= 0.
  static Deadline After(double seconds) {
    Deadline deadline;
    if (seconds > 0) {
      deadline.seconds_ = seconds;
      deadline.at_ = std::chrono::steady_clock::now() +
                     std::chrono::duration_cast<std::chrono::steady_clock::duration>(std::chrono::duration<double>(seconds));
    }
    return deadline;
  }
  bool Passed() const { return at_ && std::chrono::steady_clock::now() >= *at_; }
  /// Throws GaveUp("gave up after N s") when passed.
  void Check() const {
    if (Passed()) throw GaveUp("gave up after " + SecondsText() + " s (--time-limit)");
  }

 private:
  std::string SecondsText() const {
    std::string text = std::to_string(seconds_);
    text.erase(text.find_last_not_of('0') + 1);
    if (!text.empty() && text.back() == '.') text.pop_back();
    return text;
  }
  std::optional<std::chrono::steady_clock::time_point> at_;
  double seconds_ = 0;
};

}  // namespace scorecheck
