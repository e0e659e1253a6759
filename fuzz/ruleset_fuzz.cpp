// A ruleset file (templates/rulesets/*.json, or one a user writes): parsed and
// validated, then used as the verifier and the sheet layout use it.

#include "card/card.h"
#include "core/error.h"
#include "fuzz_support.h"
#include "rules/ruleset.h"
#include "sheet/sheet_layout.h"
#include "verify/verify.h"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  using namespace scorecheck;
  Ruleset ruleset;
  try {
    ruleset = ParseRuleset(fuzz::Bytes(data, size));
  } catch (const Error&) {
    return 0;
  }
  for (const RowSpec& row : ruleset.rows) (void)DescribeLegalValues(row);
  // An empty column checked under it, and its printed sheet laid out.
  CardGrid grid;
  grid.ruleset = ruleset.id;
  grid.columns.push_back(CardColumn{});
  (void)VerifyGrid(grid, ruleset);
  try {
    (void)LayoutSheet(ruleset, SheetOptions{});
  } catch (const Error&) {
  }
  return 0;
}
