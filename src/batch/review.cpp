#include "batch/review.h"

#include <cctype>
#include <set>
#include <tuple>

#include "batch/standings.h"
#include "card/card_json.h"
#include "core/error.h"

namespace scorecheck {
namespace {

using Json = nlohmann::ordered_json;

std::string Trim(const std::string& s) {
  const size_t begin = s.find_first_not_of(" \t\r\n");
  if (begin == std::string::npos) return "";
  return s.substr(begin, s.find_last_not_of(" \t\r\n") - begin + 1);
}

// A whole number of at most five digits, or none.
std::optional<int> Number(const std::string& text) {
  if (text.empty() || text.size() > 5) return std::nullopt;
  for (const char c : text)
    if (!std::isdigit(static_cast<unsigned char>(c))) return std::nullopt;
  return std::stoi(text);
}

}  // namespace

std::vector<ReviewQuestion> ReviewQuestions(const Json& report, const Corrections& answered,
                                            const RulesetLibrary& rulesets) {
  std::vector<ReviewQuestion> questions;
  if (!report.contains("cards")) return questions;
  // Where each player's name is asked: the first column the player played.
  const std::vector<Json> cards(report["cards"].begin(), report["cards"].end());
  std::set<std::tuple<std::string, int, int>> name_at;
  std::set<std::string> one_player_cards;
  std::set<std::pair<std::string, std::string>> players;
  for (const Standing& standing : Standings(cards, rulesets)) {
    const Ruleset* ruleset = rulesets.Find(standing.ruleset);
    for (const Standing::Entry& entry : standing.entries) {
      if (!players.insert({standing.ruleset, entry.player}).second) continue;
      const Json& first = *entry.columns.front().column;
      const std::string file = (*entry.columns.front().record)["file"];
      name_at.insert({file, first["grid"].get<int>(), first["column"].get<int>()});
      if (!ruleset || ruleset->column_is != ColumnIs::kPlayer) one_player_cards.insert(file);
    }
  }
  for (const Json& card : report["cards"]) {
    if (card.value("status", "") == "unreadable") continue;
    const std::string file = card["file"];
    for (const Json& column : card.value("columns", Json::array())) {
      ReviewQuestion q;
      q.kind = ReviewQuestion::Kind::kName;
      q.file = file;
      q.grid = column["grid"];
      q.column = column["column"];
      if (!name_at.count({q.file, q.grid, q.column})) continue;
      q.crop = column.value("name_crop", "");
      q.whole_card = one_player_cards.count(file) > 0;
      Correction target{q.file, q.grid, q.column, "", {}, std::string(), ""};
      if (!answered.Find(target)) questions.push_back(q);
    }
    for (const Json& cell : card.value("uncertain", Json::array())) {
      ReviewQuestion q;
      q.file = file;
      q.grid = cell["grid"];
      q.column = cell["column"];
      q.row = cell["row"];
      q.row_name = cell.value("row_name", q.row);
      q.reading = cell.value("reading", "");
      try {
        q.read_value = ParseCellJson(nlohmann::json::parse(cell.value("value", Json()).dump()), "value");
      } catch (const Error&) {
        q.read_value = CellValue::Empty();
      }
      if (cell.contains("confidence") && cell["confidence"].is_number()) q.confidence = cell["confidence"].get<double>();
      q.crop = cell.value("crop", "");
      Correction target{q.file, q.grid, q.column, q.row, {}, std::nullopt, ""};
      if (!answered.Find(target)) questions.push_back(q);
    }
  }
  return questions;
}

ReviewAnswer ParseReviewAnswer(const std::string& typed, const ReviewQuestion& question) {
  const std::string text = Trim(typed);
  ReviewAnswer answer;
  answer.correction = {question.file, question.grid, question.column, question.row, {}, std::nullopt, ""};
  if (text == "q" || text == "Q") {
    answer.kind = ReviewAnswer::Kind::kQuit;
    return answer;
  }
  if (text == "s" || text == "S") {
    answer.kind = ReviewAnswer::Kind::kSkip;
    return answer;
  }
  if (question.kind == ReviewQuestion::Kind::kName) {
    if (text.empty()) {
      answer.kind = ReviewAnswer::Kind::kAnswer;  // no name: not asked again
      answer.correction.name = std::string();
    } else if (text.size() <= 200) {
      answer.kind = ReviewAnswer::Kind::kAnswer;
      answer.correction.name = text;
    }
    return answer;
  }
  answer.kind = ReviewAnswer::Kind::kAnswer;
  if (text.empty()) {
    answer.correction.value = question.read_value;  // a person looked and agrees
  } else if (text == "x" || text == "X") {
    answer.correction.value = CellValue::Crossed();
  } else if (text == "-") {
    answer.correction.value = CellValue::Empty();
  } else if (const std::optional<int> number = Number(text)) {
    answer.correction.value = CellValue::Number(*number);
  } else if (const size_t t = text.find_first_of("tT"); t != std::string::npos && t > 0) {
    // "3t" or "3t 200": ticks, and points beside them.
    const std::optional<int> ticks = Number(Trim(text.substr(0, t)));
    const std::string rest = Trim(text.substr(t + 1));
    const std::optional<int> points = rest.empty() ? std::nullopt : Number(rest);
    if (!ticks || *ticks > kMaxChecks || (!rest.empty() && !points)) {
      answer.kind = ReviewAnswer::Kind::kNotUnderstood;
    } else {
      answer.correction.value = CellValue::Checks(*ticks, points);
    }
  } else {
    answer.kind = ReviewAnswer::Kind::kNotUnderstood;
  }
  return answer;
}

}  // namespace scorecheck
