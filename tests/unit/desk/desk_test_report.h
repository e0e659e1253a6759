#pragma once
// A batch report folder for the desk's tests: report.json of a batch over
// three files (fuzz/corpus/report/batch-report.json: a rock card, a classic
// card of six games, an unreadable file), each scanned card given the boxes a
// batch now records (one per row of its ruleset in every played column).

#include <filesystem>
#include <string>

#include <nlohmann/json.hpp>

#include "core/json_text.h"
#include "core/text.h"
#include "support/test_support.h"

namespace scorecheck::testing {

inline nlohmann::ordered_json DeskTestReport() {
  using Json = nlohmann::ordered_json;
  Json report = ParseJsonText<Json>(ReadTextFile(SCORECHECK_SOURCE_DIR "/fuzz/corpus/report/batch-report.json"));
  for (Json& card : report["cards"]) {
    if (card["status"] == "unreadable") continue;
    Json boxes = Json::array();
    for (const Json& column : card["columns"])
      for (const RowSpec& row : ShippedRulesets().Get(column["ruleset"].get<std::string>()).rows)
        boxes.push_back({{"grid", column["grid"]}, {"column", column["column"]}, {"row", row.id},
                         {"row_name", row.name}, {"box", {10, 10, 20, 20}}, {"value", nullptr},
                         {"reading", "empty"}, {"uncertain", false}, {"by_person", false}});
    card["boxes"] = boxes;
  }
  return report;
}

inline void WriteDeskTestReport(const std::filesystem::path& dir) {
  WriteFileAtomic((dir / "report.json").string(), DeskTestReport().dump(2) + "\n");
}

}  // namespace scorecheck::testing
