#pragma once
// The one exception type of the library, for broken invariants and environment
// failures (unreadable file, malformed input that cannot be turned into data).
// A bad photo or a wrong sum is data (a status or a Finding), never an Error.
// Errors are caught only in app/ and in per-file loops.

#include <sstream>
#include <stdexcept>
#include <string>

namespace scorecheck {

/// A failure that stops the processing of one input. what() is a one-line,
/// human-readable message; the CLI prefixes it with the file name.
class Error : public std::runtime_error {
 public:
  using std::runtime_error::runtime_error;
};

/// A file that could not be written because there is no room for it: the
/// disk is full, the user's quota or the file-size limit is reached. A batch
/// stops on it (every card after would fail the same way) and says so once.
class NoRoomError : public Error {
 public:
  using Error::Error;
};

}  // namespace scorecheck

/// Throws scorecheck::Error with the streamed message when `cond` is false:
///   SC_CHECK(n > 0, "column count " << n << " must be positive");
#define SC_CHECK(cond, stream_expr)                          \
  do {                                                       \
    if (!(cond)) {                                           \
      std::ostringstream sc_check_stream_;                   \
      sc_check_stream_ << stream_expr;                       \
      throw ::scorecheck::Error(sc_check_stream_.str());     \
    }                                                        \
  } while (false)
