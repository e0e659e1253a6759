// Which ruleset the entries make a card's, among those its page cannot tell
// apart.

#include "scan/ruleset_choice.h"

#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>

#include "support/test_support.h"

namespace scorecheck {
namespace {

using namespace scorecheck::testing;

// The page's lead counts as far as it goes: a ruleset the page ties with
// its favourite starts level, one the page puts a whole tie margin behind
// starts the favourite's weight behind.
TEST(RulesetChoiceTest, ThePagesLeadCountsAsFarAsItGoes) {
  const Verification clean = Check(MakeCard("classic", {CorrectColumn("classic")}));
  ASSERT_TRUE(clean.clean()) << Describe(clean);
  const ChoiceOptions choice;
  EXPECT_DOUBLE_EQ(RulesetPlausibility(-2.0, 0.0, clean, 3.0, choice), -2.0);
  EXPECT_DOUBLE_EQ(RulesetPlausibility(-2.0, 0.5, clean, 3.0, choice), -3.5);
  EXPECT_DOUBLE_EQ(RulesetPlausibility(-2.0, 1.0, clean, 3.0, choice), -5.0);
}

// A full one-game card read by R.O.C.K.'s rules (five boxes a card): one
// box past the fifth is a player's slip, every one after it an entry those
// rules cannot hold, weighed as an illegal entry. The same entries under
// classic rules lose nothing, so classic wins even where the page favoured
// R.O.C.K. a little (its one column, the only count R.O.C.K. sheets print).
TEST(RulesetChoiceTest, BoxesPastTheLimitWeighAsIllegalEntries) {
  const Verification as_rock = Check(MakeCard("rock", {CorrectColumn("classic")}));
  const Verification as_classic = Check(MakeCard("classic", {CorrectColumn("classic")}));
  int past = 0;
  for (const Finding& finding : as_rock.grids[0].findings)
    if (finding.code == codes::kTooManyScores) past += *finding.written - *finding.expected;
  ASSERT_GT(past, 2) << Describe(as_rock);
  const ChoiceOptions choice;
  const double rock = RulesetPlausibility(-1.0, 0.0, as_rock, 3.0, choice);
  EXPECT_NEAR(rock, -1.0 + (past - 1) * std::log(choice.illegal_factor), 1e-9);
  EXPECT_GT(RulesetPlausibility(-1.0, 0.67, as_classic, 3.0, choice), rock);
}

// A R.O.C.K. card with a sixth box scored: the player's error, which the
// card's report must name, not a reason to read the card by other rules.
TEST(RulesetChoiceTest, OneBoxTooManyIsTheCardsErrorNotAnotherRuleset) {
  Card card = MakeCard("rock", {CorrectColumn("rock")});
  const Verification clean = Check(card);
  ASSERT_TRUE(clean.clean()) << Describe(clean);
  CardColumn& column = card.grids[0].columns[0];
  for (const char* row : {"aces", "twos", "threes", "fours", "fives", "sixes", "chance"})
    if (column.At(row).state == CellState::kEmpty) {
      column.cells[row] = CellValue::Number(0);
      break;
    }
  const Verification sixth = Check(card);
  bool too_many = false;
  for (const Finding& finding : sixth.grids[0].findings) too_many |= finding.code == codes::kTooManyScores;
  ASSERT_TRUE(too_many) << Describe(sixth);
  EXPECT_DOUBLE_EQ(RulesetPlausibility(-1.0, 0.0, sixth, 3.0, ChoiceOptions()), -1.0);
}

// The converse: a R.O.C.K. card (five boxes scored, its totals written)
// read by classic rules leaves eight boxes empty. One is a slip; every
// further one weighs as an illegal entry, so R.O.C.K. wins even where the
// page favoured classic a little. A classic card with one box forgotten
// loses nothing.
TEST(RulesetChoiceTest, BoxesLeftEmptyPastASlipWeighAsIllegalEntries) {
  const Verification as_classic = Check(MakeCard("classic", {CorrectColumn("rock")}));
  const Verification as_rock = Check(MakeCard("rock", {CorrectColumn("rock")}));
  ASSERT_TRUE(as_rock.clean()) << Describe(as_rock);
  int empty = 0;
  for (const Finding& finding : as_classic.grids[0].findings) empty += finding.code == codes::kIncomplete;
  ASSERT_GT(empty, 2) << Describe(as_classic);
  const ChoiceOptions choice;
  const double classic = RulesetPlausibility(-1.0, 0.0, as_classic, 3.0, choice);
  EXPECT_NEAR(classic, -1.0 + (empty - 1) * std::log(choice.illegal_factor), 1e-9);
  EXPECT_GT(RulesetPlausibility(-1.0, 0.67, as_rock, 3.0, choice), classic);

  Card forgotten = MakeCard("classic", {CorrectColumn("classic")});
  forgotten.grids[0].columns[0].cells["chance"] = CellValue::Empty();
  const Verification one_empty = Check(forgotten);
  int incomplete = 0;
  for (const Finding& finding : one_empty.grids[0].findings) incomplete += finding.code == codes::kIncomplete;
  ASSERT_EQ(incomplete, 1) << Describe(one_empty);
  EXPECT_DOUBLE_EQ(RulesetPlausibility(-1.0, 0.0, one_empty, 3.0, choice), -1.0);
}

// The page cannot tell R.O.C.K. from classic; the entries can: a R.O.C.K.
// card's five boxes read by classic rules leave eight empty, far less
// plausible than the same entries by R.O.C.K.'s, and classic is told apart.
// Entries a little less plausible under another ruleset (a reading or two
// fitting its totals a little worse) tell nothing: it stays undecided.
TEST(RulesetChoiceTest, TheEntriesTellApartOnlyRulesetsFarLessPlausibleUnderThem) {
  const ChoiceOptions choice;
  const double margin = 2 * -std::log(choice.illegal_factor);
  const double rock = RulesetPlausibility(-1.0, 0.0, Check(MakeCard("rock", {CorrectColumn("rock")})), 3.0, choice);
  const double classic = RulesetPlausibility(-1.0, 0.0, Check(MakeCard("classic", {CorrectColumn("rock")})), 3.0, choice);
  EXPECT_EQ(ToldByEntries(rock, {{"classic", classic}}, margin), std::vector<std::string>{"classic"});
  EXPECT_TRUE(ToldByEntries(classic, {{"rock", rock}}, margin).empty());  // the other way round, nothing told

  const Verification clean = Check(MakeCard("classic", {CorrectColumn("classic")}));
  ASSERT_TRUE(clean.clean()) << Describe(clean);
  const double as_classic = RulesetPlausibility(-1.0, 0.0, clean, 3.0, choice);
  const double a_little_worse = RulesetPlausibility(-1.0 - 0.5 * margin, 0.0, clean, 3.0, choice);
  EXPECT_TRUE(ToldByEntries(as_classic, {{"fivezee", a_little_worse}}, margin).empty());
}

// A Triple game is played in all three of its columns, thirteen turns
// each: a page of two columns has a column's entry boxes no game of it can
// fill, a page of one has two. Separate games (classic) miss nothing.
TEST(RulesetChoiceTest, ATripleGameNeedsAllThreeColumns) {
  const Ruleset& triple = ShippedRulesets().Get("triple");
  const auto entry_rows = std::count_if(triple.rows.begin(), triple.rows.end(),
                                        [](const RowSpec& row) { return row.kind == RowKind::kEntry; });
  ASSERT_EQ(entry_rows, 13);
  EXPECT_EQ(BoxesWithoutAColumn(triple, {3}), 0);
  EXPECT_EQ(BoxesWithoutAColumn(triple, {2}), 13);
  EXPECT_EQ(BoxesWithoutAColumn(triple, {1}), 26);
  EXPECT_EQ(BoxesWithoutAColumn(ShippedRulesets().Get("classic"), {2}), 0);
  EXPECT_EQ(BoxesWithoutAColumn(ShippedRulesets().Get("piecepack"), {6, 6}), 0);
}

// Three games of classic on a page that cannot tell classic from Triple
// Yahtzee: read by Triple's rules, the ×2 and ×3 columns' grand totals are
// written unmultiplied. The value choice took them as adding up (it does not
// know whether a column's entries are raw or multiplied); weighed, the first
// as a slip, the second as a total no slip away from its sum, Triple is told
// apart. One column left unmultiplied (a Triple player's slip) weighs as a
// slip only: less than a total written multiplied under classic rules.
TEST(RulesetChoiceTest, TotalsLeftUnmultipliedInEveryMultipliedColumnAreNoTripleGame) {
  const ChoiceOptions choice;
  const double margin = 2 * -std::log(choice.illegal_factor);
  const double far = std::log(choice.far_mismatch_factor), slip = std::log(choice.mismatch_factor);
  const Verification as_classic =
      Check(MakeCard("classic", {CorrectColumn("classic"), CorrectColumn("classic"), CorrectColumn("classic")}));
  ASSERT_TRUE(as_classic.clean()) << Describe(as_classic);
  const Verification as_triple =
      Check(MakeCard("triple", {CorrectColumn("classic"), CorrectColumn("classic"), CorrectColumn("classic")}));
  ASSERT_EQ(FindingsWith(as_triple, codes::kMultiplierWrong).size(), 2u) << Describe(as_triple);
  const double classic = RulesetPlausibility(-1.0, 0.0, as_classic, 3.0, choice);
  const double triple = RulesetPlausibility(-1.0, 0.0, as_triple, 3.0, choice);
  EXPECT_DOUBLE_EQ(classic, -1.0);
  EXPECT_LE(triple, -1.0 + slip + far);
  EXPECT_EQ(ToldByEntries(classic, {{"triple", triple}}, margin), std::vector<std::string>{"triple"});

  const Cells triple_x2 = CorrectColumn("triple", 1);
  const Verification right = Check(MakeCard("triple", {CorrectColumn("triple", 0), triple_x2, CorrectColumn("triple", 2)}));
  ASSERT_TRUE(right.clean()) << Describe(right);
  EXPECT_DOUBLE_EQ(RulesetPlausibility(-1.0, 0.0, right, 3.0, choice), -1.0);
  const int base = At(triple_x2, "grand_total").number / 2;
  const Verification one_slip = Check(MakeCard(
      "triple", {CorrectColumn("triple", 0), With(triple_x2, "grand_total", CellValue::Number(base)), CorrectColumn("triple", 2)}));
  ASSERT_EQ(FindingsWith(one_slip, codes::kMultiplierWrong).size(), 1u) << Describe(one_slip);
  EXPECT_DOUBLE_EQ(RulesetPlausibility(-1.0, 0.0, one_slip, 3.0, choice), -1.0 + slip);
  EXPECT_GT(slip, far);
}

// A Triple game is one game in three columns: once a column's final total
// is written, the game is over and every box of every column is filled.
// Two games of classic on a three-column page, read by Triple's rules,
// leave the third column's thirteen boxes empty; the verifier counts a
// column's empty boxes only when its own total is written (INCOMPLETE).
TEST(RulesetChoiceTest, AFinishedTripleGameFillsEveryColumn) {
  const Ruleset& triple = ShippedRulesets().Get("triple");
  const Card two_games = MakeCard("triple", {CorrectColumn("classic"), CorrectColumn("classic"), Cells{}});
  EXPECT_EQ(EmptyBoxesOfAFinishedGame(triple, two_games), 13);
  EXPECT_EQ(EmptyBoxesOfAFinishedGame(ShippedRulesets().Get("classic"), two_games), 0);
  // A page of two columns: the third is not printed, BoxesWithoutAColumn's.
  EXPECT_EQ(EmptyBoxesOfAFinishedGame(triple, MakeCard("triple", {CorrectColumn("classic"), CorrectColumn("classic")})), 0);
  const Card whole = MakeCard("triple", {CorrectColumn("triple", 0), CorrectColumn("triple", 1), CorrectColumn("triple", 2)});
  EXPECT_EQ(EmptyBoxesOfAFinishedGame(triple, whole), 0);
  // The third column two boxes short, its total not written: two boxes; its
  // total written, the verifier's INCOMPLETE counts them instead.
  const Cells short_of_two = Without(Without(Without(CorrectColumn("triple", 2), "chance"), "aces"), "grand_total");
  EXPECT_EQ(EmptyBoxesOfAFinishedGame(
                triple, MakeCard("triple", {CorrectColumn("triple", 0), CorrectColumn("triple", 1), short_of_two})),
            2);
  const Cells totalled = With(short_of_two, "grand_total", At(CorrectColumn("triple", 2), "grand_total"));
  EXPECT_EQ(EmptyBoxesOfAFinishedGame(
                triple, MakeCard("triple", {CorrectColumn("triple", 0), CorrectColumn("triple", 1), totalled})),
            0);
  // No final total anywhere: a game in progress.
  const Card in_progress =
      MakeCard("triple", {Without(CorrectColumn("triple", 0), "grand_total"), Without(CorrectColumn("triple", 1), "grand_total")});
  EXPECT_EQ(EmptyBoxesOfAFinishedGame(triple, in_progress), 0);
}

// The one decision. The print favours classic and ties with FiveZee; it
// puts R.O.C.K. past the tie margin but offers it to the entries (same
// cells); Roll-Em ties on the page but falls on other cells, so it has no
// trial. The entries under R.O.C.K. are more plausible by more than the
// favourite's head start: R.O.C.K. wins, the print's sureness cut, and the
// favourite it overruled joins the undecided, FiveZee with it unless the
// entries tell it apart.
TEST(RulesetChoiceTest, TheEntriesDecideAmongTheRulesetsThePageOffers) {
  const std::vector<RulesetCandidate> offered = {
      {"classic", 0, false, false}, {"fivezee", 0.5, true, true}, {"rock", 1.5, false, true}, {"rollem", 0, true, false}};
  EXPECT_EQ(RulesetsToTry(offered), (std::vector<std::string>{"classic", "fivezee", "rock"}));
  const RulesetChoiceOptions options;
  const ChoiceOptions choice;
  const double head_start = options.label_favourite_log_weight * 1.5;
  // R.O.C.K. ahead by more than its head start; FiveZee as plausible as classic.
  RulesetDecision decision =
      DecideRuleset(offered, 0.9, {{-20, 0, 0}, {-20, 0, 0}, {-20 + head_start + 1, 0, 0}}, true, options, choice);
  EXPECT_EQ(decision.id, "rock");
  EXPECT_DOUBLE_EQ(decision.confidence, 0.9 * options.overruled_sureness);
  EXPECT_EQ(decision.undecided, (std::vector<std::string>{"fivezee", "rollem", "classic"}));
  EXPECT_TRUE(decision.told_by_entries.empty());
  // A little less ahead: the head start holds, classic stays, as sure as the print.
  decision = DecideRuleset(offered, 0.9, {{-20, 0, 0}, {-20, 0, 0}, {-20 + head_start - 1, 0, 0}}, true, options, choice);
  EXPECT_EQ(decision.id, "classic");
  EXPECT_DOUBLE_EQ(decision.confidence, 0.9);
  EXPECT_EQ(decision.undecided, (std::vector<std::string>{"fivezee", "rollem"}));
  // FiveZee far less plausible (past entries_tell_illegal illegal entries): told by the entries.
  const double far = options.entries_tell_illegal * -std::log(choice.illegal_factor) + 1;
  decision = DecideRuleset(offered, 0.9, {{-20, 0, 0}, {-20 - far, 0, 0}, {-40, 0, 0}}, true, options, choice);
  EXPECT_EQ(decision.id, "classic");
  EXPECT_EQ(decision.undecided, std::vector<std::string>{"rollem"});
  EXPECT_EQ(decision.told_by_entries, std::vector<std::string>{"fivezee"});
  // Without the rule-aware choice: fewest errors, then warnings; ties stay with the favourite.
  decision = DecideRuleset(offered, 0.9, {{0, 2, 0}, {-50, 1, 3}, {-50, 1, 2}}, false, options, choice);
  EXPECT_EQ(decision.id, "rock");
  decision = DecideRuleset(offered, 0.9, {{0, 1, 2}, {-50, 1, 2}, {-50, 1, 2}}, false, options, choice);
  EXPECT_EQ(decision.id, "classic");
  EXPECT_TRUE(decision.told_by_entries.empty());
}

}  // namespace
}  // namespace scorecheck
