// Corpus test over samples/: every typed card (*.card.json) is verified and
// its report compared with the *.expected.json beside it. An expected file is
// compared only on the keys it contains (zxing's .result.txt style), so it
// pins what matters — status, findings (code, row, column, written,
// expected), computed totals — and not the wording of messages.

#include <filesystem>
#include <set>

#include <gtest/gtest.h>
#include <nlohmann/json.hpp>

#include "card/card_json.h"
#include "core/text.h"
#include "report/report.h"
#include "support/test_support.h"

namespace scorecheck {
namespace {

namespace fs = std::filesystem;
using namespace scorecheck::testing;
using Json = nlohmann::json;

// Appends to `diffs` every place where `actual` does not hold what `expected` holds.
void CompareSubset(const Json& expected, const Json& actual, const std::string& path, std::vector<std::string>& diffs) {
  if (expected.is_object()) {
    if (!actual.is_object()) {
      diffs.push_back(path + ": expected an object");
      return;
    }
    for (const auto& [key, value] : expected.items()) {
      if (!actual.contains(key)) {
        diffs.push_back(path + "." + key + ": missing");
        continue;
      }
      CompareSubset(value, actual[key], path + "." + key, diffs);
    }
  } else if (expected.is_array()) {
    if (!actual.is_array() || actual.size() != expected.size()) {
      diffs.push_back(path + ": expected " + std::to_string(expected.size()) + " items, got " +
                      (actual.is_array() ? std::to_string(actual.size()) : "no array") + ": " + actual.dump());
      return;
    }
    for (size_t i = 0; i < expected.size(); ++i)
      CompareSubset(expected[i], actual[i], path + "[" + std::to_string(i) + "]", diffs);
  } else if (expected != actual) {
    diffs.push_back(path + ": expected " + expected.dump() + ", got " + actual.dump());
  }
}

std::vector<fs::path> TypedCards() {
  std::vector<fs::path> cards;
  const fs::path root = SourcePath("samples");
  if (!fs::is_directory(root)) return cards;
  for (const auto& entry : fs::recursive_directory_iterator(root))
    if (entry.path().filename().string().ends_with(".card.json")) cards.push_back(entry.path());
  std::sort(cards.begin(), cards.end());
  return cards;
}

TEST(TypedCardsTest, EveryCardMatchesItsExpectedReport) {
  const std::vector<fs::path> cards = TypedCards();
  if (cards.empty()) GTEST_SKIP() << "no samples/ folder";
  std::set<std::string> rulesets_seen;
  for (const fs::path& card_path : cards) {
    std::string name = card_path.string();
    const fs::path expected_path = name.substr(0, name.size() - std::string(".card.json").size()) + ".expected.json";
    ASSERT_TRUE(fs::exists(expected_path)) << "missing " << expected_path;
    const Card card = LoadCardFile(card_path.string(), ShippedRulesets());
    for (const CardGrid& grid : card.grids) rulesets_seen.insert(grid.ruleset);
    const Json actual = Json::parse(ReportJson(card, Check(card), ShippedRulesets()).dump());
    const Json expected = Json::parse(ReadTextFile(expected_path.string()));
    std::vector<std::string> diffs;
    CompareSubset(expected, actual, "report", diffs);
    EXPECT_TRUE(diffs.empty()) << card_path << ":\n" << Join(diffs, "\n");
  }
  // The samples cover every shipped ruleset.
  EXPECT_EQ(rulesets_seen.size(), ShippedRulesets().Ids().size());
}

// samples/synthetic: every truth file is a card whose error findings are
// exactly its "expected_findings" (what tools/synth checked when it wrote it).
TEST(TypedCardsTest, SyntheticTruthFilesVerifyToTheirExpectedFindings) {
  std::vector<fs::path> truths;
  const fs::path root = SourcePath("samples/synthetic");
  if (!fs::is_directory(root)) GTEST_SKIP() << "no samples/synthetic";
  for (const auto& entry : fs::directory_iterator(root))
    if (entry.path().filename().string().ends_with(".truth.json")) truths.push_back(entry.path());
  ASSERT_GE(truths.size(), 24u);
  int with_findings = 0;
  for (const fs::path& path : truths) {
    const Json truth = Json::parse(ReadTextFile(path.string()));
    const Card card = LoadCardFile(path.string(), ShippedRulesets());
    const Verification verification = Check(card);
    std::vector<std::string> expected, found;
    for (const Json& f : truth["expected_findings"])
      expected.push_back(std::to_string(f["grid"].get<int>()) + " " + f["code"].get<std::string>() + " " +
                         (f["row"].is_null() ? "-" : f["row"].get<std::string>()) + " " + std::to_string(f["column"].get<int>()));
    for (size_t g = 0; g < verification.grids.size(); ++g)
      for (const Finding& f : verification.grids[g].findings)
        if (f.severity == Severity::kError)
          found.push_back(std::to_string(g) + " " + f.code + " " + f.row.value_or("-") + " " + std::to_string(f.column));
    std::sort(expected.begin(), expected.end());
    std::sort(found.begin(), found.end());
    EXPECT_EQ(found, expected) << path;
    with_findings += !expected.empty();
    EXPECT_TRUE(fs::exists(root / truth["image"].get<std::string>())) << path;
  }
  EXPECT_GT(with_findings, 0);
}

}  // namespace
}  // namespace scorecheck
