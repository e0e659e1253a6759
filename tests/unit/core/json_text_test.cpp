// JSON from users' files: bounded, and every fault one Error line of ours.

#include "core/json_text.h"

#include <gtest/gtest.h>

namespace scorecheck {
namespace {

std::string ErrorOf(const std::string& text, const JsonLimits& limits = {}) {
  try {
    ParseJsonText(text, limits);
  } catch (const Error& e) {
    return e.what();
  }
  return "";
}

TEST(JsonTextTest, ParsesWhatIsWithinBounds) {
  const nlohmann::json json = ParseJsonText(R"({"a": [1, {"b": "[[[{{{"}], "c": null})");
  EXPECT_EQ(json["a"][1]["b"], "[[[{{{");  // brackets inside text are not nesting
  const auto ordered = ParseJsonText<nlohmann::ordered_json>(R"({"z": 1, "a": 2})");
  EXPECT_EQ(ordered.begin().key(), "z");
}

TEST(JsonTextTest, DeepNestingIsRefusedBeforeParsing) {
  const std::string deep = std::string(100000, '[') + std::string(100000, ']');
  EXPECT_EQ(ErrorOf(deep), "malformed JSON: nested deeper than 64 levels");
  EXPECT_EQ(ErrorOf(std::string(64, '[') + std::string(64, ']')), "");
  EXPECT_EQ(ErrorOf(R"({"a": "\"[[[["})", {.max_depth = 1}), "");  // an escaped quote does not end the text
}

TEST(JsonTextTest, SizeIsBounded) {
  EXPECT_NE(ErrorOf(std::string(2048, ' ') + "1", {.max_bytes = 1024}).find("too large"), std::string::npos);
}

TEST(JsonTextTest, EveryLibraryFaultIsOurError) {
  // A number too large for a double once threw the library's out_of_range,
  // which nothing caught (found by fuzz/corrections_fuzz).
  EXPECT_EQ(ErrorOf("111111111111191111111E111111"), "malformed JSON: number overflow parsing '111111111111191111111E111111'");
  const std::string syntax = ErrorOf("{\"a\": ");
  EXPECT_EQ(syntax.rfind("malformed JSON: parse error at line 1", 0), 0u) << syntax;
  EXPECT_EQ(syntax.find("[json.exception"), std::string::npos) << syntax;
}

}  // namespace
}  // namespace scorecheck
