#pragma once
// JSON from files a user hands us (cards, rulesets, corrections, batch
// reports): bounded in size and nesting, and every fault an Error of one
// line, never the JSON library's own exception.

#include <cstddef>
#include <string>

#include <nlohmann/json.hpp>

#include "core/error.h"

namespace scorecheck {

/// Bounds for ParseJsonText(). Our files nest a few levels and a batch report
/// of a thousand cards is tens of megabytes.
struct JsonLimits {
  std::size_t max_bytes = 256u << 20;  ///< 256 MiB
  int max_depth = 64;                  ///< arrays and objects inside each other
};

/// Throws Error when `text` is longer or nests deeper than `limits` allow.
void CheckJsonBounds(const std::string& text, const JsonLimits& limits);

/// The JSON library's message without its "[json.exception...]" tag, e.g.
/// "parse error at line 3, column 1: syntax error ...".
std::string JsonErrorText(const nlohmann::json::exception& e);

/// Parses `text` as JSON (nlohmann::json or nlohmann::ordered_json). Throws
/// Error("malformed JSON: ...") for bad syntax or numbers out of range, and
/// the CheckJsonBounds() errors.
template <typename JsonType = nlohmann::json>
JsonType ParseJsonText(const std::string& text, const JsonLimits& limits = {}) {
  CheckJsonBounds(text, limits);
  try {
    return JsonType::parse(text);
  } catch (const nlohmann::json::exception& e) {
    throw Error("malformed JSON: " + JsonErrorText(e));
  }
}

}  // namespace scorecheck
