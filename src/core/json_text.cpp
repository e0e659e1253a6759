#include "core/json_text.h"

namespace scorecheck {

void CheckJsonBounds(const std::string& text, const JsonLimits& limits) {
  SC_CHECK(text.size() <= limits.max_bytes, "too large for a JSON file of ours (" << (text.size() >> 20) << " MiB; at most "
                                                                                 << (limits.max_bytes >> 20) << " MiB)");
  // Counted before parsing: writing out or walking a value nested a million
  // levels deep recurses as deep, past the stack.
  int depth = 0;
  bool in_string = false, escaped = false;
  for (const char c : text) {
    if (in_string) {
      if (escaped) escaped = false;
      else if (c == '\\') escaped = true;
      else if (c == '"') in_string = false;
      continue;
    }
    if (c == '"') {
      in_string = true;
    } else if (c == '[' || c == '{') {
      SC_CHECK(++depth <= limits.max_depth, "malformed JSON: nested deeper than " << limits.max_depth << " levels");
    } else if (c == ']' || c == '}') {
      --depth;
    }
  }
}

std::string JsonErrorText(const nlohmann::json::exception& e) {
  std::string message = e.what();
  if (message.rfind("[json.exception.", 0) == 0)
    if (const size_t end = message.find("] "); end != std::string::npos) message.erase(0, end + 2);
  return message;
}

}  // namespace scorecheck
