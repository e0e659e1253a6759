#include "sheet/render_sheet.h"

#include <gtest/gtest.h>

#include "support/test_support.h"

namespace scorecheck {
namespace {

// Every sheet `scorecheck sheet` prints for the shipped rulesets: each grid
// count a page may hold, the default and the largest column count.
std::vector<std::pair<std::string, SheetLayout>> ShippedSheets() {
  std::vector<std::pair<std::string, SheetLayout>> sheets;
  const RulesetLibrary& rulesets = testing::ShippedRulesets();
  for (const std::string& id : rulesets.Ids()) {
    const Ruleset& ruleset = rulesets.Get(id);
    for (int grids : ruleset.grids_per_page)
      for (int columns : {0, ruleset.max_columns}) {
        SheetOptions options;
        options.grids = grids;
        options.columns = columns;
        sheets.emplace_back(id + ", " + std::to_string(grids) + " grids, " + std::to_string(columns) + " columns",
                            LayoutSheet(ruleset, options));
      }
  }
  return sheets;
}

TEST(RenderSheetTest, EveryTextOfEveryShippedSheetIsReadableInPrint) {
  for (const auto& [name, layout] : ShippedSheets()) {
    const std::vector<SheetText> texts = SheetTexts(layout);
    ASSERT_FALSE(texts.empty()) << name;
    for (const SheetText& text : texts) {
      EXPECT_GT(text.size_pt, 0) << name << ": \"" << text.text << "\" left out";
      EXPECT_GE(text.size_pt, kMinSheetTextPoints - 1e-6) << name << ": \"" << text.text << "\"";
    }
  }
}

TEST(RenderSheetTest, ALongNoteIsBrokenIntoLinesAndOneThatCannotFitIsLeftOut) {
  Ruleset ruleset = testing::ShippedRulesets().Get("classic");
  for (RowSpec& row : ruleset.rows) {
    if (row.id == "aces") row.sheet_hint = "Count and add only the dice showing one";
    if (row.id == "twos")
      row.sheet_hint = "A note far too long to print in the box beside the label at any size anybody could read, "
                       "going on and on about how to add up twos";
  }
  const std::vector<SheetText> texts = SheetTexts(LayoutSheet(ruleset, {}));
  bool aces = false, twos = false, label = false;
  for (const SheetText& text : texts) {
    if (text.text.rfind("Count and add only the dice", 0) == 0) {
      aces = true;
      EXPECT_GE(text.size_pt, kMinSheetTextPoints - 1e-6);
      EXPECT_GE(text.lines, 2);
    }
    if (text.text.rfind("A note far too long", 0) == 0) {
      twos = true;
      EXPECT_EQ(text.size_pt, 0) << "printed at " << text.size_pt << " pt";
    }
    label |= text.text == "Twos";
  }
  EXPECT_TRUE(aces);
  EXPECT_TRUE(twos);
  EXPECT_TRUE(label) << "the row's label is printed all the same";
}

}  // namespace
}  // namespace scorecheck
