#include "labels/match_labels.h"

#include <algorithm>
#include <cctype>
#include <cstdlib>
#include <limits>
#include <set>
#include <sstream>

namespace scorecheck {
namespace {

// A label found among more words of a printed line counts this much of a
// whole-line match: enough to beat a garbled reading, not an exact one.
constexpr double kPartOfLine = 0.85;

// A label's words printed in another order count this much of a match in
// order: more than the label's longest word alone ("Bonus Yahtzee" is the
// Yahtzee bonus row, not the Yahtzee row), less than the label as printed.
constexpr double kReordered = 0.95;

// A row is a header, not a row to place by its order, when it reads at
// least this much like a section header (and more than like any label):
// unreadable noise ("B" beside a dice icon) is a little alike to anything.
constexpr double kReadsLikeHeader = 0.5;

// A header printed again over a lower section is this many rows or more
// below the first: the upper section's six boxes and a total at least.
constexpr int kHeaderRowsApart = 7;

// Levenshtein distance, two rows of the table.
int EditDistance(std::string_view a, std::string_view b) {
  std::vector<int> previous(b.size() + 1), current(b.size() + 1);
  for (size_t j = 0; j <= b.size(); ++j) previous[j] = static_cast<int>(j);
  for (size_t i = 1; i <= a.size(); ++i) {
    current[0] = static_cast<int>(i);
    for (size_t j = 1; j <= b.size(); ++j)
      current[j] = std::min({previous[j] + 1, current[j - 1] + 1, previous[j - 1] + (a[i - 1] == b[j - 1] ? 0 : 1)});
    std::swap(previous, current);
  }
  return previous[b.size()];
}

std::string WithoutSpaces(std::string text) {
  text.erase(std::remove(text.begin(), text.end(), ' '), text.end());
  return text;
}

std::vector<std::string> Words(const std::string& normalized) {
  std::istringstream in(normalized);
  std::vector<std::string> words;
  for (std::string word; in >> word;) words.push_back(word);
  return words;
}

// words[start, start + count) sorted and joined by spaces: a label's words
// compared whatever their printed order.
std::string SortedWords(const std::vector<std::string>& words, size_t start, size_t count) {
  std::vector<std::string> part(words.begin() + start, words.begin() + std::min(words.size(), start + count));
  std::sort(part.begin(), part.end());
  std::string joined;
  for (const std::string& word : part) joined += (joined.empty() ? "" : " ") + word;
  return joined;
}

// The words of a title, split at punctuation ("r o c k") and with the
// punctuation dropped ("rock"), since "R.O.C.K." and "Roll-Em" are one word.
std::vector<std::string> TitleWords(std::string_view text) {
  std::vector<std::string> words = Words(NormalizeLabel(text));
  std::string joined;
  for (char c : text)
    if (std::isalnum(static_cast<unsigned char>(c)) || std::isspace(static_cast<unsigned char>(c)))
      joined += static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
  for (const std::string& word : Words(joined)) words.push_back(word);
  return words;
}


}  // namespace

std::string NormalizeLabel(std::string_view text) {
  std::string out;
  bool space = false;
  for (size_t i = 0; i < text.size(); ++i) {
    const unsigned char c = static_cast<unsigned char>(text[i]);
    char mapped = 0;
    if (std::isalnum(c)) {
      mapped = static_cast<char>(std::tolower(c));
    } else if (c == '|') {
      mapped = 'l';
    } else if (c == 0xC3 && i + 1 < text.size() && static_cast<unsigned char>(text[i + 1]) == 0x97) {
      mapped = 'x';  // "×" (U+00D7) in UTF-8
      ++i;
    } else if (c >= 0x80) {
      continue;  // other non-ASCII: OCR noise or decoration, dropped
    }
    if (mapped) {
      if (space && !out.empty()) out += ' ';
      out += mapped;
      space = false;
    } else {
      space = true;
    }
  }
  return out;
}

double LabelSimilarity(std::string_view a, std::string_view b) {
  const std::string x = WithoutSpaces(NormalizeLabel(a)), y = WithoutSpaces(NormalizeLabel(b));
  if (x.empty() || y.empty()) return 0;
  return 1.0 - static_cast<double>(EditDistance(x, y)) / static_cast<double>(std::max(x.size(), y.size()));
}

namespace {

// How alike one printed line is to `label`: the whole line, or the best run
// of as many words as the label has, a little below a whole match. Sheets
// print more than the label: "Bonus if 63 or over", "Sixes = 6", "Full
// house (25)", "Count and add only Aces".
double LineSimilarity(std::string_view line, std::string_view label) {
  const std::vector<std::string> words = Words(NormalizeLabel(line)), wanted = Words(NormalizeLabel(label));
  const std::string wanted_sorted = SortedWords(wanted, 0, wanted.size());
  // The same words in another order ("Bonus Yahtzee", "Total (Upper)") are
  // the same label, a little less surely than in the label's own order.
  auto alike = [&](std::string_view text, const std::vector<std::string>& text_words, size_t start, size_t count) {
    double like = LabelSimilarity(text, label);
    if (wanted.size() > 1 && count > 1)
      like = std::max(like, kReordered * LabelSimilarity(SortedWords(text_words, start, count), wanted_sorted));
    return like;
  };
  double best = alike(line, words, 0, words.size());
  if (wanted.empty() || words.size() <= wanted.size()) return best;
  for (size_t start = 0; start + wanted.size() <= words.size(); ++start) {
    std::string window;
    for (size_t k = 0; k < wanted.size(); ++k) window += (k ? " " : "") + words[start + k];
    best = std::max(best, kPartOfLine * alike(window, words, start, wanted.size()));
  }
  return best;
}

}  // namespace

double TextSimilarity(std::string_view printed, std::string_view label) {
  double best = LineSimilarity(printed, label);
  if (printed.find('\n') == std::string_view::npos) return best;
  for (size_t start = 0; start <= printed.size();) {
    const size_t end = std::min(printed.find('\n', start), printed.size());
    best = std::max(best, LineSimilarity(printed.substr(start, end - start), label));
    start = end + 1;
  }
  return best;
}

namespace {

// `known[key]`, worked out by `compute` the first time it is asked for.
template <typename Map, typename Compute>
double Remembered(Map& known, typename Map::key_type key, const Compute& compute) {
  if (const auto it = known.find(key); it != known.end()) return it->second;
  const double value = compute();
  known.emplace(std::move(key), value);
  return value;
}

}  // namespace

double KnownLabels::Text(const std::string& printed, const std::string& label) const {
  return Remembered(text_, {printed, label}, [&] { return TextSimilarity(printed, label); });
}

double KnownLabels::Label(const std::string& a, const std::string& b) const {
  return Remembered(label_, {a, b}, [&] { return LabelSimilarity(a, b); });
}

double KnownLabels::Best(const std::string& printed, const std::vector<std::string>& labels) const {
  double best = 0;
  for (const std::string& label : labels) best = std::max(best, Text(printed, label));
  return best;
}

double KnownLabels::Known(const std::string& printed) const {
  // Not through Text(): each of these pairs is asked for once.
  return Remembered(known_, printed, [&] {
    double best = 0;
    for (const std::string& label : vocabulary_) best = std::max(best, TextSimilarity(printed, label));
    return best;
  });
}

std::vector<std::string> LabelVocabulary(const std::vector<const Ruleset*>& rulesets) {
  std::set<std::string> vocabulary;
  for (const Ruleset* ruleset : rulesets) {
    for (const RowSpec& row : ruleset->rows) vocabulary.insert(row.labels.begin(), row.labels.end());
    if (ruleset->yahtzee_bonus)
      vocabulary.insert(ruleset->yahtzee_bonus->points_labels.begin(), ruleset->yahtzee_bonus->points_labels.end());
  }
  return {vocabulary.begin(), vocabulary.end()};
}

namespace {

// A printed row costs unmatched_row_penalty to leave out in proportion to how
// far its likeness to the best known label rises above this (none at or
// below it): half alike is what a garbled reading reaches by chance.
constexpr double kKnownFloor = 0.5;

// How alike each printed row is to each ruleset row, and what the rows are
// besides, as MatchRows() pairs them.
struct RowLikeness {
  std::vector<std::vector<double>> like;  // [printed row][ruleset row]
  std::vector<double> skip_cost;          // the cost of leaving each printed row out
  std::vector<double> points_like;        // likeness to the bonus's points labels
  std::vector<bool> header_row;           // reads or prints like a header, not like a row
  std::vector<double> known_like;         // likeness to the best known label of any ruleset
};

// A printed row paired with a ruleset row.
struct Paired {
  int printed, ruleset;
  CellPart part;
  double similarity;
};

// How much printed row `i` reads like a header: a section header of
// `ruleset`, or a header printed again (see within). `known` is its likeness
// to the best known label.
double HeaderLikeness(const std::vector<PrintedRowText>& printed, int i, const Ruleset& ruleset,
                      const KnownLabels& labels, double known, const LabelMatchOptions& options) {
  const int n = static_cast<int>(printed.size());
  // A row that reads more like a section header ("Upper section") than
  // like a ruleset row is that header, not a garbled label of a row next
  // to it: pairing it scores below nothing. ("Lower section" is half alike
  // to "Total of upper section"; scored by what was left after the
  // difference, it took the upper total's place when that label was
  // unreadable, card 0254 of seed 900023.)
  // Measured on the whole text, not line by line: a total's label with its
  // how-to text printed under it ("Total of lower section / Of lower
  // section") holds a line that reads like a section header.
  double header = 0;
  for (const std::string& section : ruleset.section_labels)
    header = std::max(header, labels.Label(printed[i].label, section));
  // A header printed again over the lower section ("Category", "PLAYER")
  // is the same text twice, and no row's label: a header row too,
  // whatever its words. Printed sections apart, the upper section's six
  // boxes at least between them: the OCR makes the same letter or two of
  // the dice icons printed beside those boxes ("B", "B«"), in rows next
  // to each other or a few apart ("B:" for 3s and "&B«" for 6s while the
  // icons between read as words), and those rows are rows.
  if (known < options.min_repeated_header && !printed[i].label.empty())
    for (int k = 0; k < n; ++k)
      if (std::abs(k - i) >= kHeaderRowsApart)
        header = std::max(header, std::min(labels.Label(printed[i].label, printed[k].label),
                                           labels.Label(printed[k].label, printed[i].label)));
  return header;
}

// How alike the printed row `text` is to the ruleset row `row`, less what
// it reads like instead: a header (`header`), the bonus's points row
// (`points_like`) or another known label (`known`).
double PairLikeness(const PrintedRowText& text, const RowSpec& row, double header, double known, double points_like,
                    const KnownLabels& labels, const LabelMatchOptions& options) {
  double label = std::max(labels.Best(text.label, row.labels), labels.Text(text.label, row.name));
  if (header > label) label -= header;
  // Likewise a row that reads like the bonus's points row (as much as
  // makes it one below the ticks row), and more than like this one, is
  // that points row: paired with the total below it, it pushed every
  // total down a row when their labels were unreadable ("Seore 100 per
  // Oce" took the lower total's place, card 0205 of seed 900028 remade,
  // low resolution).
  if (row.kind != RowKind::kYahtzeeBonus && points_like >= options.min_points_row && points_like > label)
    label -= points_like;
  else if (known > label && header <= label)
    label -= known - label;
  if (!text.how_to.empty() && !row.how_to_score.empty())
    label = (1 - options.how_to_weight) * label + options.how_to_weight * labels.Text(text.how_to, row.how_to_score);
  return label;
}

// Row likeness table: label against the row's synonyms (and its name), and
// how-to text against the row's how-to text when both exist.
RowLikeness LikenessTable(const std::vector<PrintedRowText>& printed, const Ruleset& ruleset,
                          const KnownLabels& labels, const LabelMatchOptions& options) {
  const int n = static_cast<int>(printed.size());
  const int m = static_cast<int>(ruleset.rows.size());
  RowLikeness t;
  t.like.assign(n, std::vector<double>(m, 0));
  t.skip_cost.assign(n, 0);
  t.points_like.assign(n, 0);
  t.header_row.assign(n, false);
  t.known_like.assign(n, 0);
  const std::vector<std::string> no_labels;
  const std::vector<std::string>& points_labels =
      ruleset.yahtzee_bonus ? ruleset.yahtzee_bonus->points_labels : no_labels;
  for (int i = 0; i < n; ++i) t.points_like[i] = labels.Best(printed[i].label, points_labels);
  for (int i = 0; i < n; ++i) {
    const double known = labels.Known(printed[i].label);
    t.known_like[i] = known;
    const double header = HeaderLikeness(printed, i, ruleset, labels, known, options);
    // A row that reads like some other known label (of any ruleset) more than
    // like this row (`known`) is that other row: pairing it here costs what
    // it lacks. Without this, a "Yahtzee bonus" row on a sheet taken for
    // Piecepack (which has no such row) was paired with the lower total at
    // 0.18 alike, cheaper than leaving it out, and every total below moved
    // down a row.
    for (int j = 0; j < m; ++j)
      t.like[i][j] = PairLikeness(printed[i], ruleset.rows[j], header, known, t.points_like[i], labels, options);
    const double known_excess = std::max(0.0, (known - kKnownFloor) / (1 - kKnownFloor));
    t.skip_cost[i] = header >= known ? 0 : options.unmatched_row_penalty * known_excess;
    t.header_row[i] = header >= kReadsLikeHeader && header >= known;
    // Its print says header even when its words were misread ("JPLAYER"
    // under "TASES", a bar's white letters read twice otherwise): paired,
    // it took the place of the row under it, whose label ("3 alike") no
    // ruleset prints.
    if (printed[i].header_print) {
      std::fill(t.like[i].begin(), t.like[i].end(), -1.0);
      t.skip_cost[i] = 0;
      t.header_row[i] = true;
    }
  }
  return t;
}

// best[i][j]: printed rows < i and ruleset rows < j placed. Moves: leave a
// printed row out, leave a ruleset row unprinted, pair them, or give the
// bonus row two printed rows (ticks, points).
enum Move : char { kNone, kSkipPrinted, kMissing, kPair, kPairWithPoints };

// The best placement of every printed and ruleset row (see within): its
// pairs, top down, and its score in `score` (best[n][m]).
std::vector<Paired> BestPairs(const RowLikeness& t, const Ruleset& ruleset, const LabelMatchOptions& options,
                              double& score) {
  const int n = static_cast<int>(t.like.size());
  const int m = static_cast<int>(ruleset.rows.size());
  const double lowest = -std::numeric_limits<double>::infinity();
  std::vector<std::vector<double>> best(n + 1, std::vector<double>(m + 1, lowest));
  std::vector<std::vector<Move>> move(n + 1, std::vector<Move>(m + 1, kNone));
  best[0][0] = 0;
  auto relax = [&](int i, int j, double value, Move how) {
    if (value > best[i][j]) {
      best[i][j] = value;
      move[i][j] = how;
    }
  };
  for (int i = 0; i <= n; ++i)
    for (int j = 0; j <= m; ++j) {
      const double here = best[i][j];
      if (here == lowest) continue;
      if (i < n) relax(i + 1, j, here - t.skip_cost[i], kSkipPrinted);
      if (j < m) relax(i, j + 1, here - options.missing_row_penalty, kMissing);
      if (i < n && j < m) relax(i + 1, j + 1, here + t.like[i][j], kPair);
      if (i + 1 < n && j < m && ruleset.rows[j].kind == RowKind::kYahtzeeBonus &&
          t.points_like[i + 1] >= options.min_points_row)
        relax(i + 2, j + 1, here + t.like[i][j] + (t.points_like[i + 1] - options.min_points_row), kPairWithPoints);
    }
  score = best[n][m];

  // Pairs of printed row and ruleset row, bottom up.
  std::vector<Paired> paired;
  for (int i = n, j = m; i > 0 || j > 0;) {
    switch (move[i][j]) {
      case kSkipPrinted: --i; break;
      case kMissing: --j; break;
      case kPair:
        --i, --j;
        paired.push_back({i, j, CellPart::kValue, t.like[i][j]});
        break;
      case kPairWithPoints:
        i -= 2, --j;
        paired.push_back({i + 1, j, CellPart::kPoints, t.points_like[i + 1]});
        paired.push_back({i, j, CellPart::kChecks, t.like[i][j]});
        break;
      case kNone: i = j = 0; break;  // unreachable: best[n][m] is always reached
    }
  }
  std::reverse(paired.begin(), paired.end());
  return paired;
}

// `paired` with the rows between pairs placed by their order (see within),
// sorted by printed row; the ruleset rows left unplaced are counted in
// `missing_rows`.
std::vector<Paired> FillByOrder(const std::vector<Paired>& paired, const RowLikeness& t, int m, int& missing_rows) {
  const int n = static_cast<int>(t.like.size());
  // Between two rows placed (or the table's ends), as many printed rows left
  // out as ruleset rows left unprinted: those rows are there, their labels
  // misread ("BB tives", "B«" beside dice icons). They are placed by their
  // order; left out, their cells were not read at all. Header rows are
  // not rows to place.
  std::vector<Paired> filled;
  int after_printed = -1, after_ruleset = -1;
  for (size_t k = 0; k <= paired.size(); ++k) {
    const int next_printed = k < paired.size() ? paired[k].printed : n;
    const int next_ruleset = k < paired.size() ? paired[k].ruleset : m;
    std::vector<int> open_printed;
    for (int i = after_printed + 1; i < next_printed; ++i)
      if (!t.header_row[i]) open_printed.push_back(i);
    const int open_ruleset = next_ruleset - after_ruleset - 1;
    if (open_ruleset > 0 && static_cast<int>(open_printed.size()) == open_ruleset)
      for (int s = 0; s < open_ruleset; ++s) {
        const int i = open_printed[s], j = after_ruleset + 1 + s;
        filled.push_back({i, j, CellPart::kValue, std::max(0.0, t.like[i][j])});
      }
    else
      missing_rows += std::max(0, open_ruleset);
    if (k < paired.size()) {
      filled.push_back(paired[k]);
      after_printed = std::max(after_printed, paired[k].printed);
      after_ruleset = paired[k].ruleset;
    }
  }
  std::sort(filled.begin(), filled.end(), [](const Paired& a, const Paired& b) { return a.printed < b.printed; });
  return filled;
}

// Gives the bonus row, paired alone, the printed row right under it as its
// points row when that row is placed nowhere and reads like no known label
// (see within).
void PointsUnderBonus(const std::vector<PrintedRowText>& printed, const Ruleset& ruleset, const RowLikeness& t,
                      std::vector<Paired>& filled) {
  const int n = static_cast<int>(printed.size());
  // The bonus row paired alone, and the printed row right under it placed
  // nowhere, neither a header nor more than half like any known label
  // (LikenessEvidence): the sheet prints
  // the bonus's points under its ticks, in words no points label has
  // ("Score" alone). Left out, the points written there were not read.
  for (size_t k = 0; ruleset.yahtzee_bonus && k < filled.size(); ++k) {
    const Paired bonus = filled[k];
    const int under = bonus.printed + 1;
    if (ruleset.rows[bonus.ruleset].kind != RowKind::kYahtzeeBonus || bonus.part != CellPart::kValue || under >= n)
      continue;
    const bool placed = k + 1 < filled.size() && filled[k + 1].printed == under;
    if (placed || t.header_row[under] || printed[under].header_print || LikenessEvidence(t.known_like[under]) > 0)
      continue;
    filled[k].part = CellPart::kChecks;
    filled.insert(filled.begin() + static_cast<std::ptrdiff_t>(k) + 1,
                  {under, bonus.ruleset, CellPart::kPoints, t.points_like[under]});
    break;
  }
}

}  // namespace

RulesetMatch MatchRows(const std::vector<PrintedRowText>& printed, const Ruleset& ruleset, const KnownLabels& labels,
                       const LabelMatchOptions& options) {
  const int m = static_cast<int>(ruleset.rows.size());
  RulesetMatch match;
  match.ruleset_id = ruleset.id;
  if (m == 0) return match;

  const RowLikeness table = LikenessTable(printed, ruleset, labels, options);
  double best = 0;
  const std::vector<Paired> paired = BestPairs(table, ruleset, options, best);
  std::vector<Paired> filled = FillByOrder(paired, table, m, match.missing_rows);
  PointsUnderBonus(printed, ruleset, table, filled);
  for (const Paired& p : filled) match.rows.push_back({p.printed, ruleset.rows[p.ruleset].id, p.part, p.similarity});
  match.score = best / m;
  match.ok = match.score >= options.min_score;
  return match;
}

namespace {

// Words any score sheet may print over its grid, whatever its variant
// ("Score Sheet", "Rules on the back"): the "rules" of "Yahtzee (classic
// Hasbro rules)" made a Triple Yahtzee sheet classic.
bool AnySheetWord(const std::string& word) {
  static const std::set<std::string> kAnySheet = {"rules", "rule",  "score", "scores", "scoring", "card",
                                                  "sheet", "pad",   "game",  "games",  "official", "edition"};
  return kAnySheet.count(word) > 0;
}

// The words of a game's name that name it: three letters or more, none that
// any sheet prints ("Jumbo FiveZee" -> jumbo, fivezee).
std::set<std::string> GameNameWords(const Ruleset& ruleset) {
  std::set<std::string> words;
  for (const std::string& word : TitleWords(ruleset.name))
    if (word.size() >= 3 && !AnySheetWord(word)) words.insert(word);
  return words;
}

// A word the OCR read with a letter or two wrong ("Yahtree", "Fivelee") is
// at least this alike to itself; unrelated words are up to half alike.
constexpr double kReadAlike = 0.75;

// Whether `label` prints one of `names`: a word of it, or two words run
// together ("Five Zee"), read closely (kReadAlike); words shorter than four
// letters only exactly.
bool PrintsAName(const std::string& label, const std::set<std::string>& names) {
  std::vector<std::string> words = Words(NormalizeLabel(label));
  for (size_t i = 0, n = words.size(); i + 1 < n; ++i) words.push_back(words[i] + words[i + 1]);
  for (const std::string& word : words)
    for (const std::string& name : names)
      if (name.size() >= 4 ? LabelSimilarity(word, name) >= kReadAlike : word == name) return true;
  return false;
}

}  // namespace

double NameInLabelsEvidence(const std::vector<std::string>& labels, const RulesetMatch& match, const Ruleset& ruleset,
                            const std::vector<const Ruleset*>& all) {
  const std::set<std::string> own = GameNameWords(ruleset);
  std::set<std::string> others;
  for (const Ruleset* other : all)
    for (const std::string& word : GameNameWords(*other))
      if (!own.count(word)) others.insert(word);
  double evidence = 0;
  for (const RowMatch& row : match.rows) {
    if (row.part == CellPart::kPoints || row.printed_row < 0 || row.printed_row >= static_cast<int>(labels.size())) continue;
    if (PrintsAName(labels[row.printed_row], own)) evidence += 1;
    else if (PrintsAName(labels[row.printed_row], others)) evidence -= 1;
  }
  return evidence;
}

double TitleEvidence(std::string_view text, const Ruleset& ruleset, const std::vector<const Ruleset*>& all) {
  std::set<std::string> others;
  for (const Ruleset* other : all)
    if (other->id != ruleset.id)
      for (const std::string& word : TitleWords(other->name)) others.insert(word);
  std::vector<std::string> distinctive;
  for (const std::string& word : TitleWords(ruleset.name))
    if (word.size() >= 3 && !others.count(word) && !AnySheetWord(word) &&
        std::find(distinctive.begin(), distinctive.end(), word) == distinctive.end())
      distinctive.push_back(word);
  if (distinctive.empty()) return 0;
  const std::vector<std::string> read = TitleWords(text);
  double best = 0;
  for (const std::string& word : distinctive)
    for (const std::string& seen : read) best = std::max(best, LabelSimilarity(word, seen));
  return best >= kReadAlike ? best : 0;
}

double HeaderEvidence(std::string_view headers, int columns, const Ruleset& ruleset) {
  if (ruleset.column_headers.empty() || columns <= 0) return 0;
  // Headers that only number the columns ("Game #1", "1 2 3 4 5 6") are
  // what any sheet of any variant may print: a one-game Jumbo FiveZee sheet
  // headed "Game #1" was taken for R.O.C.K., whose rule sheet prints that.
  auto numbering = [&](const std::string& expected) {
    for (const char* word : {"", "#", "no ", "game ", "game #", "player ", "player #", "round ", "column ", "col "}) {
      std::string numbered;
      for (int c = 1; c <= columns; ++c) numbered += word + std::to_string(c) + " ";
      if (NormalizeLabel(numbered) == NormalizeLabel(expected)) return true;
    }
    return false;
  };
  double best = 0;
  auto weigh = [&](const std::vector<std::string>& wording) {
    std::string expected;
    for (int c = 0; c < columns && c < static_cast<int>(wording.size()); ++c) expected += wording[c] + " ";
    if (numbering(expected)) return;
    best = std::max(best, LikenessEvidence(LabelSimilarity(headers, expected)));
  };
  weigh(ruleset.column_headers);
  for (const std::vector<std::string>& wording : ruleset.column_header_synonyms) weigh(wording);
  return best;
}

double LikenessEvidence(double similarity) { return std::clamp((similarity - 0.5) / 0.5, 0.0, 1.0); }

bool LabelMatchOptions::Check() const {
  const auto Share = [](double x) { return x >= 0 && x <= 1; };  // a share or a probability
  return missing_row_penalty >= 0 && unmatched_row_penalty >= 0 && Share(min_points_row) && Share(min_repeated_header) &&
         how_to_weight >= 0 && Share(min_score);
}

}  // namespace scorecheck
