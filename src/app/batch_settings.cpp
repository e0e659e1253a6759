#include "app/batch_settings.h"

#include <filesystem>

#include <nlohmann/json.hpp>

#include "core/error.h"
#include "core/json_text.h"

namespace scorecheck::app {

namespace fs = std::filesystem;
using Json = nlohmann::ordered_json;

std::string BatchSettings::Text() const {
  std::error_code ec;
  const auto model_size = fs::file_size(model_path, ec);
  const auto model_time = fs::last_write_time(model_path, ec).time_since_epoch().count();
  return Json({{"version", SCORECHECK_VERSION},
               {"ruleset", ruleset},
               {"triple_entries", triple_entries},
               {"min_confidence", min_confidence},
               {"time_limit", time_limit},
               {"model", model_path},
               {"model_bytes", ec ? 0 : model_size},
               {"model_mtime", ec ? 0 : model_time}})
      .dump();
}

BatchSettings BatchSettings::FromText(const std::string& text) {
  const Json json = ParseJsonText<Json>(text.substr(0, text.find('\n')));
  SC_CHECK(json.is_object(), "the settings are not an object");
  BatchSettings s;
  try {
    s.ruleset = json.at("ruleset").get<std::string>();
    s.triple_entries = json.at("triple_entries").get<std::string>();
    s.min_confidence = json.at("min_confidence").get<double>();
    s.time_limit = json.at("time_limit").get<double>();
    s.model_path = json.at("model").get<std::string>();
  } catch (const nlohmann::json::exception&) {
    throw Error("the settings lack the ruleset, entry convention, thresholds or model");
  }
  SC_CHECK(ParseEntryConvention(s.triple_entries), "the settings' entry convention \"" << s.triple_entries
                                                                                       << "\" is not raw, multiplied or auto");
  SC_CHECK(s.min_confidence >= 0 && s.min_confidence <= 1 && s.time_limit >= 0, "the settings' thresholds are out of range");
  return s;
}

void BatchSettings::ApplyTo(BatchOptions& options) const {
  options.scan.grid.ruleset = ruleset;
  options.scan.verify.triple_entries = *ParseEntryConvention(triple_entries);
  options.scan.min_confidence = min_confidence;
  options.scan.time_limit_seconds = time_limit;
  options.record.min_confidence = min_confidence;
  options.reader.model_path = model_path;
  options.settings = Text();
}

}  // namespace scorecheck::app
