// Triple Yahtzee: entry conventions (raw vs multiplied) per column, mixed
// conventions, forced conventions, multiplied legal sets and bonuses.

#include <gtest/gtest.h>

#include "support/test_support.h"
#include "verify/verify.h"

namespace scorecheck {
namespace {

using namespace scorecheck::testing;

Card Triple(EntryConvention c1, EntryConvention c2) {
  return MakeCard("triple", {CorrectColumn("triple", 0), CorrectColumn("triple", 1, c1), CorrectColumn("triple", 2, c2)});
}

TEST(TripleTest, BothConventionsAreCorrectAndDetected) {
  for (auto c1 : {EntryConvention::kRaw, EntryConvention::kMultiplied})
    for (auto c2 : {EntryConvention::kRaw, EntryConvention::kMultiplied}) {
      const Verification v = Check(Triple(c1, c2));
      EXPECT_TRUE(v.clean()) << Describe(v);
      EXPECT_EQ(v.grids[0].columns[1].convention, c1);
      EXPECT_EQ(v.grids[0].columns[2].convention, c2);
      EXPECT_FALSE(v.grids[0].columns[2].convention_reason.empty());
    }
}

TEST(TripleTest, BothConventionsGiveTheSameGrandTotal) {
  const Verification raw = Check(Triple(EntryConvention::kRaw, EntryConvention::kRaw));
  const Verification multiplied = Check(Triple(EntryConvention::kMultiplied, EntryConvention::kMultiplied));
  for (int column : {1, 2})
    EXPECT_EQ(raw.grids[0].columns[column].computed.at("grand_total"),
              multiplied.grids[0].columns[column].computed.at("grand_total"));
  // Column ×3, raw: (98 + 311) × 3.
  EXPECT_EQ(raw.grids[0].columns[2].computed.at("grand_total"), 409 * 3);
  // Multiplied: bonus 105 at a subtotal of 189 ≥ 189.
  EXPECT_EQ(multiplied.grids[0].columns[2].computed.at("upper_bonus"), 105);
}

TEST(TripleTest, RawOnlyValueDecidesRaw) {
  // Full house 25 in column ×3 is only possible raw; nothing else decides.
  Cells cells = {{"full_house", CellValue::Number(25)}, {"fours", CellValue::Number(12)}};
  const Verification v = Check(MakeCard("triple", {Cells{}, Cells{}, cells}));
  EXPECT_EQ(v.grids[0].columns[2].convention, EntryConvention::kRaw);
  EXPECT_TRUE(v.clean()) << Describe(v);
}

TEST(TripleTest, MultipliedOnlyValueDecidesMultiplied) {
  Cells cells = {{"full_house", CellValue::Number(75)}, {"fours", CellValue::Number(12)}};
  const Verification v = Check(MakeCard("triple", {Cells{}, Cells{}, cells}));
  EXPECT_EQ(v.grids[0].columns[2].convention, EntryConvention::kMultiplied);
  EXPECT_TRUE(v.clean()) << Describe(v);
  // 75 raw would be illegal.
  VerifyOptions raw;
  raw.triple_entries = EntryConvention::kRaw;
  const Verification forced = Check(MakeCard("triple", {Cells{}, Cells{}, cells}), raw);
  EXPECT_EQ(forced.grids[0].columns[2].convention, EntryConvention::kRaw);
  EXPECT_TRUE(HasFinding(forced, "ILLEGAL_VALUE", "full_house", 2)) << Describe(forced);
}

TEST(TripleTest, MinorityRowsOfAMixedColumnAreFlagged) {
  // Two raw-only values (25, 30) and one multiplied-only (120): raw wins.
  Cells cells = {{"full_house", CellValue::Number(25)},
                 {"small_straight", CellValue::Number(30)},
                 {"large_straight", CellValue::Number(120)}};
  const Verification v = Check(MakeCard("triple", {Cells{}, Cells{}, cells}));
  EXPECT_EQ(v.grids[0].columns[2].convention, EntryConvention::kRaw);
  ASSERT_TRUE(HasFinding(v, "MIXED_CONVENTION", "large_straight", 2)) << Describe(v);
  EXPECT_FALSE(HasFinding(v, "MIXED_CONVENTION", "full_house", 2));
  EXPECT_TRUE(FindingsWith(v, "ILLEGAL_VALUE").empty()) << Describe(v);
  // A single-convention column has no MIXED_CONVENTION.
  EXPECT_TRUE(FindingsWith(Check(Triple(EntryConvention::kRaw, EntryConvention::kMultiplied)), "MIXED_CONVENTION").empty());
}

TEST(TripleTest, UndecidedColumnTakesTheConventionWithFewerFindings) {
  // Fours 12 and chance 24 are legal either way in column ×3 (12 = 4·3, 24 = 8·3).
  // A written subtotal of 36 with a grand total of (36) × 3 = 108 fits raw;
  // fits multiplied only as 36 — both fit, so raw (the tie-break).
  Cells cells = {{"fours", CellValue::Number(12)}, {"chance", CellValue::Number(24)}};
  const Verification tie = Check(MakeCard("triple", {Cells{}, Cells{}, cells}));
  EXPECT_EQ(tie.grids[0].columns[2].convention, EntryConvention::kRaw);
  // Grand total 36 fits multiplied (no ×3 at the end) and is wrong raw.
  Cells multiplied = cells;
  multiplied.push_back({"grand_total", CellValue::Number(36)});
  const Verification v = Check(MakeCard("triple", {Cells{}, Cells{}, multiplied}));
  EXPECT_EQ(v.grids[0].columns[2].convention, EntryConvention::kMultiplied);
  EXPECT_EQ(v.ErrorCount(), 0) << Describe(v);
}

TEST(TripleTest, MultipliedLegalSets) {
  VerifyOptions multiplied;
  multiplied.triple_entries = EntryConvention::kMultiplied;
  // 13 is no multiple of 2; 22 = 2·11 is a legal raw 3-of-a-kind; 12 in fours = 2·6 is not (6 is no multiple of 4).
  Cells cells = {{"chance", CellValue::Number(13)}, {"three_kind", CellValue::Number(22)}, {"fours", CellValue::Number(12)}};
  const Verification v = Check(MakeCard("triple", {Cells{}, cells}), multiplied);
  EXPECT_TRUE(HasFinding(v, "ILLEGAL_VALUE", "chance", 1)) << Describe(v);
  EXPECT_FALSE(HasFinding(v, "ILLEGAL_VALUE", "three_kind", 1));
  EXPECT_TRUE(HasFinding(v, "ILLEGAL_VALUE", "fours", 1));
  EXPECT_NE(FindingsWith(v, "ILLEGAL_VALUE")[0].message.find("multiplied"), std::string::npos);
}

TEST(TripleTest, YahtzeeBonusIsMultipliedInMultipliedColumns) {
  Card card = Triple(EntryConvention::kRaw, EntryConvention::kMultiplied);
  card.grids[0].columns[2].cells["yahtzee_bonus"] = CellValue::Checks(1, 100);
  const Verification v = Check(card);
  ASSERT_TRUE(HasFinding(v, "TOTAL_MISMATCH", "yahtzee_bonus", 2)) << Describe(v);
  EXPECT_EQ(FindingsWith(v, "TOTAL_MISMATCH")[0].expected, 300);
}

}  // namespace
}  // namespace scorecheck
