// A batch report or a card record read back from disk: `report.json` for
// `audit` and `review`, `cards/<name>.json` for `batch --resume` (whose
// records then make the summary, cards.csv and index.html). The files are
// ours, but a user may edit, truncate or mix them up: anything that parses
// as JSON and whose records pass CheckCardRecord (as the commands require)
// goes through every reader. Anything escaping them is a finding.

#include <nlohmann/json.hpp>

#include "batch/audit.h"
#include "batch/batch_report.h"
#include "batch/check_record.h"
#include "batch/index_html.h"
#include "batch/review.h"
#include "core/error.h"
#include "core/json_text.h"
#include "fuzz_support.h"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  using namespace scorecheck;
  using Json = nlohmann::ordered_json;
  Json report;
  try {
    report = ParseJsonText<Json>(fuzz::Bytes(data, size));
    if (!report.is_object() || !report.contains("cards") || !report["cards"].is_array()) return 0;
    for (const Json& record : report["cards"]) CheckCardRecord(record, "cards");
  } catch (const Error&) {
    return 0;
  }
  const std::vector<Json> records = report["cards"].get<std::vector<Json>>();
  const RulesetLibrary& rulesets = fuzz::ShippedRulesets();
  try {
    const Json audit = Audit(records, rulesets, "pictures/");
    (void)AuditText(audit);
    (void)AuditHtml(audit, SCORECHECK_SOURCE_DIR "/templates");
  } catch (const Error&) {
  }
  try {
    (void)ReviewQuestions(report, Corrections{}, rulesets);
  } catch (const Error&) {
  }
  try {
    const Json rebuilt = BatchReportJson(records, rulesets);
    (void)CardsCsv(records, rulesets);
    (void)IndexHtml(rebuilt, SCORECHECK_SOURCE_DIR "/templates");
  } catch (const Error&) {
  }
  return 0;
}
