// Printed rows -> ruleset rows, on the texts a sheet prints (taken from the
// sheet layout) with OCR-like damage; no images here.

#include "labels/match_labels.h"

#include <map>

#include <gtest/gtest.h>

#include "support/test_support.h"

namespace scorecheck {
namespace {

using testing::ShippedRulesets;

std::vector<const Ruleset*> AllRulesets() {
  std::vector<const Ruleset*> all;
  for (const std::string& id : ShippedRulesets().Ids()) all.push_back(&ShippedRulesets().Get(id));
  return all;
}

// The label and how-to texts of a sheet printed by someone else.
std::vector<PrintedRowText> PrintedTexts(const std::string& ruleset_id, int synonym, bool split_bonus, bool upper) {
  SheetOptions options;
  options.style.markers = options.style.qr = false;
  options.style.how_to_column = true;
  options.style.label_synonym = synonym;
  options.style.split_bonus_row = split_bonus;
  options.style.uppercase_labels = upper;
  const SheetLayout layout = LayoutSheet(ShippedRulesets().Get(ruleset_id), options);
  std::vector<PrintedRowText> texts;
  for (const LayoutRow& row : layout.grids[0].rows) texts.push_back({row.label, row.how_to});
  return texts;
}

RulesetMatch Match(const std::vector<PrintedRowText>& texts, const std::string& ruleset_id) {
  return MatchRows(texts, ShippedRulesets().Get(ruleset_id), KnownLabels(LabelVocabulary(AllRulesets())));
}

// Printed labels alone, no how-to text.
std::vector<PrintedRowText> LabelsOnly(const std::vector<std::string>& labels) {
  std::vector<PrintedRowText> texts;
  for (const std::string& label : labels) texts.push_back({label, ""});
  return texts;
}

// The ruleset row each printed row of `match` holds, the bonus's parts
// named ("yahtzee_bonus/checks", "yahtzee_bonus/points").
std::map<int, std::string> RowOf(const RulesetMatch& match) {
  std::map<int, std::string> row_of;
  for (const RowMatch& row : match.rows)
    row_of[row.printed_row] = row.row_id + (row.part == CellPart::kPoints   ? "/points"
                                            : row.part == CellPart::kChecks ? "/checks"
                                                                            : "");
  return row_of;
}

TEST(NormalizeLabelTest, FoldsCaseSignsAndPunctuation) {
  EXPECT_EQ(NormalizeLabel("Sm. Straight"), "sm straight");
  EXPECT_EQ(NormalizeLabel("  ×2  Game"), "x2 game");
  EXPECT_EQ(NormalizeLabel("Bonus (63+)"), "bonus 63");
  EXPECT_EQ(NormalizeLabel("|ower total"), "lower total");
  EXPECT_EQ(NormalizeLabel(""), "");
}

TEST(LabelSimilarityTest, ToleratesOcrNoiseButNotOtherWords) {
  EXPECT_DOUBLE_EQ(LabelSimilarity("Small Straight", "small straight"), 1.0);
  EXPECT_DOUBLE_EQ(LabelSimilarity("Sm. straight", "Sm straight"), 1.0);
  // seeds/piecepack-yahtzee.txt prints "Court and add only fires".
  EXPECT_GT(LabelSimilarity("Court and add only fires", "Count and add only Fives"), 0.85);
  EXPECT_LT(LabelSimilarity("Chance", "Full house"), 0.3);
  EXPECT_EQ(LabelSimilarity("", "Aces"), 0.0);
}

TEST(MatchRowsTest, EveryRowOfEveryRulesetAndStyleLandsOnItsRow) {
  for (const std::string& id : ShippedRulesets().Ids())
    for (int synonym = 0; synonym < 3; ++synonym)
      for (bool split : {false, true}) {
        SheetOptions options;
        options.style.markers = options.style.qr = false;
        options.style.label_synonym = synonym;
        options.style.split_bonus_row = split;
        options.style.uppercase_labels = synonym == 1;
        const GridLayout layout = LayoutSheet(ShippedRulesets().Get(id), options).grids[0];
        std::vector<PrintedRowText> texts;
        for (const LayoutRow& row : layout.rows) texts.push_back({row.label, ""});
        const RulesetMatch match = Match(texts, id);
        SCOPED_TRACE(id + " synonym " + std::to_string(synonym) + (split ? " split" : ""));
        EXPECT_TRUE(match.ok);
        EXPECT_EQ(match.missing_rows, 0);
        // Exactly the printed score rows, with their row ids and parts.
        std::vector<std::tuple<int, std::string, CellPart>> want, got;
        for (size_t r = 0; r < layout.rows.size(); ++r)
          if (layout.rows[r].kind == LayoutRow::Kind::kScore)
            want.emplace_back(static_cast<int>(r), layout.rows[r].row_id, layout.rows[r].part);
        for (const RowMatch& row : match.rows) got.emplace_back(row.printed_row, row.row_id, row.part);
        EXPECT_EQ(got, want);
      }
}

TEST(MatchRowsTest, RowOrderPlacesUnreadAndGarbledLabels) {
  std::vector<PrintedRowText> texts = PrintedTexts("classic", 0, false, false);
  // texts[0] is the header; 1..6 the upper boxes; 7 the upper subtotal ("Total score").
  texts[3].label = "";              // Threes: nothing read
  texts[4].label = "F0urs";         // OCR noise
  texts[7].label = "Tota1 sc0re";
  texts[12].label = "4 0f a klnd";
  const RulesetMatch match = Match(texts, "classic");
  ASSERT_TRUE(match.ok);
  auto row_of = [&](const std::string& id) {
    for (const RowMatch& row : match.rows)
      if (row.row_id == id) return row.printed_row;
    return -1;
  };
  EXPECT_EQ(row_of("threes"), 3);
  EXPECT_EQ(row_of("fours"), 4);
  EXPECT_EQ(row_of("upper_subtotal"), 7);
  EXPECT_EQ(row_of("four_kind"), 12);
}

// Dice icons printed beside the labels: the OCR makes a letter or two of
// each icon and little of the words after it. Two such rows alike to each
// other are not a header printed twice, next to each other or three rows
// apart while the icons between them read as words ("B:" for 3s, "&B«" for
// 6s): a header printed again over the lower section stands the upper
// section's six boxes and a total below the first. Between the rows read,
// as many of them as the ruleset has rows there are those rows.
TEST(MatchRowsTest, RowsReadAsTheSameNoiseArePlacedByTheirOrder) {
  // 1..6 the upper boxes: printed row -> what the OCR made of its label.
  const std::vector<std::map<int, std::string>> noises = {{{5, "B"}, {6, "B«"}, {3, "BB tives"}},
                                                          {{3, "B:"}, {6, "&B«"}}};
  const std::map<int, std::string> ids = {{3, "threes"}, {5, "fives"}, {6, "sixes"}};
  for (const std::map<int, std::string>& noise : noises)
    for (const std::string& id : {std::string("classic"), std::string("triple")}) {
      std::vector<PrintedRowText> texts = PrintedTexts(id, 0, false, false);
      for (PrintedRowText& text : texts) text.how_to.clear();
      for (const auto& [row, label] : noise) texts[row].label = label;
      const RulesetMatch match = Match(texts, id);
      ASSERT_TRUE(match.ok) << id;
      std::map<std::string, int> row_of;
      for (const RowMatch& row : match.rows) row_of[row.row_id] = row.printed_row;
      for (const auto& [row, label] : noise) EXPECT_EQ(row_of[ids.at(row)], row) << id << " " << label;
      EXPECT_EQ(match.missing_rows, 0) << id;
    }
}

// The score columns' header ("Points") printed again over the lower
// section, above a row whose label was not read. By the words alone the
// header is the bonus's points row's kin and takes three of a kind's place;
// its print (the score cells print what the top row's do) says header, and
// three of a kind is the unread row under it. (Card 0121 of seed 900090, a
// white-on-black bar: three of a kind was read from the header's names.)
TEST(MatchRowsTest, AHeaderTheScoreColumnsPrintAgainIsNoRow) {
  const std::vector<std::string> labels = {
      "Points", "COUNT AND ADD ONLY ACES", "Twos = 2", "COUNT AND ADD ONLY THREES", "FOURS",
      "COUNT AND ADD ONLY FIVES", "SIXES = 6", "TOTAL", "BONUS", "TOTAL OF UPPER SECTION", "Points", "",
      "4 ALIKE", "FULL HOUSE", "SM. STRAIGHT", "LARGE STR.", "FIVE ZEE", "CHANCE", "BONUS FIVEZEE", "TOTAL (LOWER)",
      "UPPER SECTION TOTAL", "GRAND TOTAL"};
  std::map<bool, std::map<std::string, int>> row_of;
  for (const bool told_by_print : {false, true}) {
    std::vector<PrintedRowText> texts;
    for (const std::string& label : labels) texts.push_back({label, ""});
    texts[0].header_print = texts[10].header_print = told_by_print;
    const RulesetMatch match = Match(texts, "fivezee");
    ASSERT_TRUE(match.ok);
    for (const RowMatch& row : match.rows) row_of[told_by_print][row.row_id] = row.printed_row;
  }
  EXPECT_EQ(row_of[false]["three_kind"], 10);  // why the print is asked
  EXPECT_EQ(row_of[true]["three_kind"], 11);
  EXPECT_EQ(row_of[true]["four_kind"], 12);
  for (const auto& [id, row] : row_of[true]) EXPECT_TRUE(row != 0 && row != 10) << id;
}

TEST(MatchRowsTest, ASectionHeaderIsNotTheGarbledRowBelowIt) {
  for (const std::string& id : ShippedRulesets().Ids()) {
    std::vector<PrintedRowText> texts = PrintedTexts(id, 0, false, false);
    ASSERT_EQ(texts[0].label, "Upper section") << id;
    for (PrintedRowText& text : texts) text.how_to.clear();  // the scan reads labels first, how-to only on a tie
    texts[1].label = "eee d cece ee";  // the aces label, blurred past reading
    const RulesetMatch match = Match(texts, id);
    ASSERT_TRUE(match.ok) << id;
    ASSERT_FALSE(match.rows.empty()) << id;
    EXPECT_EQ(match.rows.front().row_id, "aces") << id;
    EXPECT_EQ(match.rows.front().printed_row, 1) << id;
  }
}

TEST(MatchRowsTest, ASectionHeaderIsNotTheGarbledTotalAboveIt) {
  // Card 0254 of seed 900023 (four grids, low resolution): "Total of upper
  // section", printed small, read "Noe ee mee"; "Lower section" below it took
  // the upper total's place, half alike to "Total of upper section".
  for (const std::string& id : ShippedRulesets().Ids()) {
    SheetOptions options;
    options.style.markers = options.style.qr = false;
    const GridLayout layout = LayoutSheet(ShippedRulesets().Get(id), options).grids[0];
    std::vector<PrintedRowText> texts;
    for (const LayoutRow& row : layout.rows) texts.push_back({row.label, ""});
    const auto header = std::find_if(texts.begin() + 1, texts.end(),
                                     [](const PrintedRowText& text) { return text.label == "Lower section"; });
    ASSERT_NE(header, texts.end()) << id;
    const int above = static_cast<int>(header - texts.begin()) - 1;
    ASSERT_EQ(layout.rows[above].kind, LayoutRow::Kind::kScore) << id;
    texts[above].label = "Noe ee mee";
    const RulesetMatch match = Match(texts, id);
    ASSERT_TRUE(match.ok) << id;
    for (const RowMatch& row : match.rows) {
      EXPECT_NE(row.printed_row, above + 1) << id << ": the header row taken as " << row.row_id;
      if (row.printed_row == above) {
        EXPECT_EQ(row.row_id, layout.rows[above].row_id) << id;
      }
    }
  }
}

TEST(MatchRowsTest, TheBonusPointsRowIsNotTheGarbledTotalBelowIt) {
  // Card 0205 of seed 900028 (remade with the fixed handwriting, low
  // resolution): the labels as Tesseract read them. The points row read
  // "Seore 100 per Oce" and both totals below it were past reading; the
  // points row took the lower total's place, and every total moved down a row.
  const std::vector<std::string> labels = {
      "Upper section", "Toomer -", "Twos .", "Threes", "Fours", "Fives", "Sixes", "Total score", "Bonus",
      "Pets oF ear eet A", "Lower section", "Sofakind \u00ab=", "4ofaking \u00abre", "Full house weed", "Small straight",
      "Large straight ~", "FiveZee", "Chance", "Fivelee bonus", "Seore 100 per Oce", "euebepeneendien abeckan",
      "weanw wan \u2014", "Grand total"};
  const RulesetMatch match = Match(LabelsOnly(labels), "fivezee");
  ASSERT_TRUE(match.ok);
  std::map<int, std::string> row_of = RowOf(match);
  EXPECT_EQ(row_of[18], "yahtzee_bonus/checks");
  EXPECT_EQ(row_of[19], "yahtzee_bonus/points");
  EXPECT_EQ(row_of[20], "lower_total");
  EXPECT_EQ(row_of[21], "upper_total_copy");
  EXPECT_EQ(row_of[22], "grand_total");
}

// The bonus's points printed in a row of their own under its ticks, headed
// in words no points label has ("Score" alone): placed nowhere by its
// words, that row is the bonus's points row, and the bonus row its ticks.
// Under a bonus printed as one row, the next row is what its label says.
TEST(MatchRowsTest, AnUnknownRowUnderTheBonusRowIsItsPointsRow) {
  const std::vector<std::string> labels = {"Aces", "Twos", "Threes", "Fours", "Fives", "Sixes", "Total", "Bonus",
                                           "Total upper", "3 of a kind", "4 of a kind", "Full house", "Sm straight",
                                           "Lg straight", "Lucky Dice", "Chance", "Lucky Dice bonus", "Score",
                                           "Total lower", "Grand total"};
  std::vector<PrintedRowText> texts = LabelsOnly(labels);
  const RulesetMatch split = Match(texts, "rollem");
  ASSERT_TRUE(split.ok);
  std::map<int, std::string> row_of = RowOf(split);
  EXPECT_EQ(row_of[16], "yahtzee_bonus/checks");
  EXPECT_EQ(row_of[17], "yahtzee_bonus/points");
  EXPECT_EQ(row_of[18], "lower_total");

  texts.erase(texts.begin() + 17);
  row_of = RowOf(Match(texts, "rollem"));
  EXPECT_EQ(row_of[16], "yahtzee_bonus");
  EXPECT_EQ(row_of[17], "lower_total");
}

TEST(MatchRowsTest, TheRightRulesetScoresHighest) {
  // Rulesets that print words of their own are told apart by the labels alone.
  for (const std::string id : {"rollem", "piecepack", "classic", "fivezee"}) {
    const std::vector<PrintedRowText> texts = PrintedTexts(id, 0, true, false);
    const double own = Match(texts, id).score;
    for (const std::string& other : ShippedRulesets().Ids()) {
      if (other == id) continue;
      const double score = Match(texts, other).score;
      // classic, rock and triple print the same words; classic and Jumbo
      // FiveZee differ only in a few how-to texts. The sheet's title, the
      // how-to cells, the headers and the entries decide between those
      // (LocateGrid, ScanImage).
      const bool same_words = id == std::string("classic") && (other == "rock" || other == "triple");
      const bool how_to_only = (id == std::string("classic") && other == "fivezee") ||
                               (id == std::string("fivezee") && other == "classic");
      if (same_words)
        EXPECT_LE(score, own + 1e-9) << id << " vs " << other;
      else if (how_to_only)
        EXPECT_LT(score, own) << id << " vs " << other;
      else
        EXPECT_LT(score, own - 0.01) << id << " vs " << other;
    }
  }
}

TEST(MatchRowsTest, ASheetWithABonusRowIsNotPiecepack) {
  // Piecepack has no Yahtzee-bonus row: leaving the printed one out costs.
  const std::vector<PrintedRowText> texts = PrintedTexts("classic", 1, false, false);
  EXPECT_GT(Match(texts, "classic").score, Match(texts, "piecepack").score + 0.01);
}

// A pad's labels with the how-to text printed under them, and words around
// the label ("Bonus if 63 or over"): each row still lands on its own row, and
// Piecepack, which has no Yahtzee-bonus row, fits clearly worse.
TEST(MatchRowsTest, LabelsWithMoreWordsAndHowToTextUnderThem) {
  EXPECT_GE(TextSimilarity("Bonus if 63 or over", "Bonus"), 0.8);
  EXPECT_LT(TextSimilarity("Bonus if 63 or over", "Bonus"), TextSimilarity("Bonus", "Bonus"));
  EXPECT_EQ(TextSimilarity("YAHTZEE\nScore 50", "Yahtzee"), 1.0);
  const std::vector<std::string> labels = {
      "ACES = 1\nCount and Add Only Aces", "TWOS\nCount and Add Only Twos", "3'S\nCount and Add Only Threes",
      "4'S\nCount and Add Only Fours", "FIVES\nCount and Add Only Fives", "SIXES = 6\nCount and Add Only Sixes",
      "TOTAL SCORE", "BONUS IF 63 OR OVER\nSCORE 35", "TOTAL OF UPPER SECTION\nOf Upper Section",
      "3 OF A KIND\nAdd Total Of All Dice", "FOUR OF A KIND\nAdd Total Of All Dice", "FULL HOUSE\nSCORE 25",
      "SMALL STRAIGHT\nSCORE 30", "HIGH STRAIGHT\nSCORE 40", "YAHTZEE\nSCORE 50",
      "CHANCE\nScore Total Of All 5 Dice", "YAHTZEE BONUS\nSCORE 100 PER", "TOTAL OF LOWER SECTION\nOf Lower Section",
      "TOTAL SCORE"};
  std::vector<PrintedRowText> texts;
  for (const std::string& label : labels) texts.push_back({label, ""});
  const RulesetMatch classic = Match(texts, "classic");
  ASSERT_TRUE(classic.ok);
  std::map<std::string, int> at;
  for (const RowMatch& row : classic.rows) at[row.row_id] = row.printed_row;
  EXPECT_EQ(at["upper_bonus"], 7);
  EXPECT_EQ(at["yahtzee_bonus"], 16);
  EXPECT_EQ(at["lower_total"], 17);
  EXPECT_EQ(at["grand_total"], 18);
  EXPECT_GT(classic.score, Match(texts, "piecepack").score + 0.03);
}

TEST(MatchRowsTest, UnrelatedTextMatchesNothing) {
  std::vector<PrintedRowText> texts;
  for (const char* line : {"Monday", "Tuesday", "Wednesday", "Thursday", "Friday", "Saturday", "Sunday", "Notes",
                           "Shopping list", "Milk", "Eggs", "Bread", "Total due"})
    texts.push_back({line, ""});
  for (const std::string& id : ShippedRulesets().Ids()) EXPECT_FALSE(Match(texts, id).ok) << id;
}

TEST(EvidenceTest, TitleWordsOfItsOwnNameARuleset) {
  const std::vector<const Ruleset*> all = AllRulesets();
  const RulesetLibrary& rulesets = ShippedRulesets();
  EXPECT_GT(TitleEvidence("TRIPLE YAHTZEE score card", rulesets.Get("triple"), all), 0.9);
  EXPECT_EQ(TitleEvidence("TRIPLE YAHTZEE score card", rulesets.Get("classic"), all), 0.0);
  EXPECT_GT(TitleEvidence("R.O.C.K. Yahtzee", rulesets.Get("rock"), all), 0.9);
  EXPECT_GT(TitleEvidence("Jumbo FiveZee", rulesets.Get("fivezee"), all), 0.9);
  EXPECT_GT(TitleEvidence("Roll-Em", rulesets.Get("rollem"), all), 0.9);
  // "Yahtzee" is in several names: no evidence for any of them.
  EXPECT_EQ(TitleEvidence("Yahtzee", rulesets.Get("rock"), all), 0.0);
  // Words any sheet prints say nothing, though a ruleset's name holds them
  // ("Yahtzee (classic Hasbro rules)"); its own words still do.
  EXPECT_EQ(TitleEvidence("SCORING x1 x2 x3 Rules", rulesets.Get("classic"), all), 0.0);
  EXPECT_EQ(TitleEvidence("Score Sheet", rulesets.Get("classic"), all), 0.0);
  EXPECT_GT(TitleEvidence("Classic Yahtzee score card", rulesets.Get("classic"), all), 0.9);
}

// The game's name printed in a row's label speaks for the rulesets named so
// and against those that are not: a sheet printing "Yahtzee" and "Yahtzee
// bonus" is no Jumbo FiveZee sheet, though FiveZee's rows are read by those
// words too. Words no game's name holds say nothing ("Nulls" is
// Piecepack's word for sixes, "Sixes" everyone's).
TEST(EvidenceTest, TheGamesNameInItsLabels) {
  const std::vector<const Ruleset*> all = AllRulesets();
  const RulesetLibrary& rulesets = ShippedRulesets();
  RulesetMatch match;
  match.rows = {{0, "sixes", CellPart::kValue, 1},
                {1, "yahtzee", CellPart::kValue, 1},
                {2, "chance", CellPart::kValue, 1},
                {3, "yahtzee_bonus", CellPart::kChecks, 1},
                {4, "yahtzee_bonus", CellPart::kPoints, 1}};
  // The bonus label printed the other way round, how-to text under it; the
  // points row's words are not a row's label.
  std::vector<std::string> labels = {"Sixes", "YAHTZEE!", "Chance (any)", "Bonus Yahtzee\nTick per extra",
                                     "100 per FiveZee"};
  for (const char* id : {"classic", "triple", "rock", "piecepack"})
    EXPECT_EQ(NameInLabelsEvidence(labels, match, rulesets.Get(id), all), 2) << id;
  EXPECT_EQ(NameInLabelsEvidence(labels, match, rulesets.Get("fivezee"), all), -2);
  EXPECT_EQ(NameInLabelsEvidence(labels, match, rulesets.Get("rollem"), all), -2);
  // Read through OCR noise, or printed as two words.
  labels = {"NULLS", "Five Zee", "Chance", "Fivelee bonus", ""};
  EXPECT_EQ(NameInLabelsEvidence(labels, match, rulesets.Get("fivezee"), all), 2);
  EXPECT_EQ(NameInLabelsEvidence(labels, match, rulesets.Get("classic"), all), -2);
  EXPECT_EQ(NameInLabelsEvidence(labels, match, rulesets.Get("piecepack"), all), -2);
  // Words every variant prints, or nothing read.
  labels = {"6s", "5 of a kind", "Freebie", "Extra bonus", "Score 100 per check"};
  for (const std::string& id : rulesets.Ids()) EXPECT_EQ(NameInLabelsEvidence(labels, match, rulesets.Get(id), all), 0) << id;
}

TEST(EvidenceTest, MultiplierHeadersPointToTriple) {
  const RulesetLibrary& rulesets = ShippedRulesets();
  EXPECT_GT(HeaderEvidence("x1 x2 x3", 3, rulesets.Get("triple")), 0.9);
  EXPECT_LT(HeaderEvidence("Game 1 Game 2 Game 3", 3, rulesets.Get("triple")), 0.5);
  EXPECT_EQ(HeaderEvidence("x1 x2 x3", 3, rulesets.Get("classic")), 0.0);
  // Headers that are not multipliers are no evidence at all, though their
  // digits make them a third alike to "×1 ×2".
  EXPECT_EQ(HeaderEvidence("Player 1 Player 2", 2, rulesets.Get("triple")), 0.0);
  // The rule sheet's own words for the three columns: single, doubled, tripled.
  EXPECT_GT(HeaderEvidence("Single Double Triple", 3, rulesets.Get("triple")), 0.9);
  EXPECT_GT(HeaderEvidence("Singie Doubie Tripie", 3, rulesets.Get("triple")), 0.5);
  EXPECT_EQ(HeaderEvidence("Single Double Triple", 3, rulesets.Get("classic")), 0.0);
}

// Headers that only number the games say nothing of the variant, though a
// rule sheet prints them ("Game #1" on R.O.C.K.'s, "1" to "6" on
// Piecepack's): any one-game or numbered sheet prints them too.
TEST(EvidenceTest, NumberedGamesPointToNoRuleset) {
  const RulesetLibrary& rulesets = ShippedRulesets();
  EXPECT_EQ(HeaderEvidence("Game #1", 1, rulesets.Get("rock")), 0.0);
  EXPECT_EQ(HeaderEvidence("1 2 3 4", 4, rulesets.Get("piecepack")), 0.0);
  EXPECT_GT(HeaderEvidence("x1 x2", 2, rulesets.Get("triple")), 0.9);
}

TEST(EvidenceTest, LikenessCountsAboveChance) {
  EXPECT_EQ(LikenessEvidence(0.3), 0.0);
  EXPECT_EQ(LikenessEvidence(0.5), 0.0);
  EXPECT_NEAR(LikenessEvidence(0.75), 0.5, 1e-9);
  EXPECT_EQ(LikenessEvidence(1.0), 1.0);
}

// A label's words in another order are that label, not its longest word.
TEST(TextSimilarityTest, WordsInAnotherOrder) {
  EXPECT_GT(TextSimilarity("Bonus Yahtzee", "Yahtzee bonus"), 0.9);
  EXPECT_GT(TextSimilarity("Bonus Yahtzee", "Yahtzee bonus"), TextSimilarity("Bonus Yahtzee", "Yahtzee"));
  EXPECT_GT(TextSimilarity("BONUS YAHTZEE \u2713", "Yahtzee bonus"), 0.8);
  EXPECT_GT(TextSimilarity("Total (Upper)", "Upper total"), 0.9);
  // Other words stay other words.
  EXPECT_LT(TextSimilarity("Lower total", "Upper total"), 0.9);
}

// A sheet that prints "Bonus Yahtzee" has a Yahtzee-bonus row: classic's
// match keeps it, and Piecepack (no such row) fits the sheet worse.
TEST(MatchRowsTest, ReorderedBonusLabelIsTheBonusRow) {
  std::vector<PrintedRowText> texts = PrintedTexts("classic", 0, false, false);
  int bonus_row = -1;
  for (size_t r = 0; r < texts.size(); ++r)
    if (texts[r].label == "Yahtzee bonus") bonus_row = static_cast<int>(r);
  ASSERT_GE(bonus_row, 0);
  for (PrintedRowText& row : texts) row.how_to.clear();
  texts[bonus_row].label = "Bonus Yahtzee";
  const RulesetMatch classic = Match(texts, "classic");
  bool paired = false;
  for (const RowMatch& row : classic.rows) paired |= row.printed_row == bonus_row && row.row_id == "yahtzee_bonus";
  EXPECT_TRUE(paired);
  EXPECT_GT(classic.score, Match(texts, "piecepack").score);
}

// Words every variant's sheets print for a row ("Five of a Kind" for the
// Yahtzee box, "2s") are no evidence for one variant over another: every
// ruleset knows them.
TEST(MatchRowsTest, SharedWordingsFitEveryVariantAlike) {
  auto best_synonym = [](const std::string& id, const std::string& row, const std::string& printed) {
    double best = 0;
    for (const std::string& synonym : ShippedRulesets().Get(id).FindRow(row)->labels)
      best = std::max(best, TextSimilarity(printed, synonym));
    return best;
  };
  for (const std::string& id : ShippedRulesets().Ids()) {
    EXPECT_EQ(best_synonym(id, "yahtzee", "Five of a Kind"), 1.0) << id;
    EXPECT_EQ(best_synonym(id, "yahtzee", "5 OF A KIND"), 1.0) << id;
    EXPECT_EQ(best_synonym(id, "twos", "2s"), 1.0) << id;
    EXPECT_EQ(best_synonym(id, "sixes", "6s"), 1.0) << id;
  }
}

}  // namespace
// The remembered likenesses are the likenesses, asked once or again, in
// either order of asking; Known is the best over the whole vocabulary.
TEST(KnownLabelsTest, RemembersWhatTheSimilaritiesAre) {
  const std::vector<std::string> vocabulary = LabelVocabulary(AllRulesets());
  const KnownLabels known(vocabulary);
  const std::vector<std::string> printed = {"Aces", "Threes = 3", "Fu11 House (25)", "TOTAL\nof upper section", "", "qqq"};
  const std::vector<std::string> labels = {"Aces", "Full house", "Total", "Upper section", "Chance"};
  for (int round = 0; round < 2; ++round)
    for (const std::string& text : printed) {
      double best = 0;
      for (const std::string& label : vocabulary) best = std::max(best, TextSimilarity(text, label));
      EXPECT_DOUBLE_EQ(known.Known(text), best) << text;
      for (const std::string& label : labels) {
        EXPECT_DOUBLE_EQ(known.Text(text, label), TextSimilarity(text, label)) << text << " / " << label;
        EXPECT_DOUBLE_EQ(known.Label(label, text), LabelSimilarity(label, text)) << label << " / " << text;
      }
      double best_of_labels = 0;
      for (const std::string& label : labels) best_of_labels = std::max(best_of_labels, TextSimilarity(text, label));
      EXPECT_DOUBLE_EQ(known.Best(text, labels), best_of_labels) << text;
    }
  EXPECT_DOUBLE_EQ(known.Known("Aces"), 1.0);
  EXPECT_LT(known.Known("qqq"), 0.5);
}

}  // namespace scorecheck
