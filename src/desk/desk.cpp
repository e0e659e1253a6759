#include "desk/desk.h"

#include <filesystem>
#include <regex>

#include "batch/batch_report.h"
#include "batch/check_record.h"
#include "batch/index_html.h"
#include "batch/review.h"
#include "batch/run_batch.h"
#include "batch/report_json.h"
#include "core/error.h"
#include "core/json_text.h"
#include "core/text.h"
#include "desk/answer.h"

namespace scorecheck {
namespace {

namespace fs = std::filesystem;
using Json = nlohmann::ordered_json;

// Each ruleset as the typing form lays it out: [{id, name, columns, rows: [{id, name}]}].
Json RulesetsForTyping(const RulesetLibrary& rulesets) {
  Json list = Json::array();
  for (const std::string& id : rulesets.Ids()) {
    const Ruleset& ruleset = rulesets.Get(id);
    Json rows = Json::array();
    for (const RowSpec& row : ruleset.rows) rows.push_back({{"id", row.id}, {"name", row.name}});
    list.push_back({{"id", id}, {"name", ruleset.name}, {"columns", ruleset.max_columns}, {"rows", rows}});
  }
  return list;
}

}  // namespace

void DeskOptions::Check() const {
  SC_CHECK(!report_dir.empty(), "the desk needs a report folder");
  SC_CHECK(!templates_dir.empty(), "the desk needs the templates folder");
  SC_CHECK(static_cast<bool>(recheck), "the desk needs a way to read a card again");
}

Desk::Desk(DeskOptions options, const RulesetLibrary& rulesets) : options_(std::move(options)), rulesets_(rulesets) {
  options_.Check();
  const fs::path dir(options_.report_dir);
  Json report = LoadBatchReport(options_.report_dir);
  for (auto& [key, value] : report.items())
    if (key != "summary" && key != "cards") extra_[key] = value;
  extra_["corrections"] = (dir / "corrections.json").string();
  batch_.records = report["cards"].get<std::vector<Json>>();
  batch_.saved.assign(batch_.records.size(), std::nullopt);
  std::error_code ec;
  if (fs::exists(dir / "corrections.json", ec)) answers_ = LoadCorrectionsFile((dir / "corrections.json").string());
  worker_ = std::thread([this] { RecheckLoop(); });
}

Desk::~Desk() {
  {
    std::lock_guard<std::mutex> lock(mutex_);
    stopping_ = true;
  }
  changed_.notify_all();
  worker_.join();
}

Json Desk::State() const {
  std::lock_guard<std::mutex> lock(mutex_);
  Json cards = Json::array();
  for (const Json& record : batch_.records) {
    Json shown = record;
    shown.erase("report");
    cards.push_back(std::move(shown));
  }
  Json checking = Json::array();
  for (const std::string& input : queued_) checking.push_back(input);
  if (!checking_.empty()) checking.push_back(checking_);
  // One name field per player, where `review` asks for it (batch/review.h).
  Json players = Json::array();
  for (const ReviewQuestion& q : ReviewQuestions({{"cards", cards}}, Corrections(), rulesets_)) {
    if (q.kind != ReviewQuestion::Kind::kName) continue;
    const Correction* named = answers_.Find(Correction{q.file, q.grid, q.column, "", {}, std::string(), ""});
    players.push_back({{"file", q.file}, {"grid", q.grid}, {"column", q.column}, {"whole_card", q.whole_card},
                       {"crop", q.crop}, {"name", named && named->name ? *named->name : ""}});
  }
  // What the form for typing in a card the scanner could not read needs.
  Json typed = Json::object();
  for (const Correction& c : answers_.items)
    if (!c.typed_card.empty()) typed[c.file] = Json::parse(c.typed_card);
  return {{"version", version_},
          {"checking", checking},
          {"problems", problems_},
          {"summary", BatchSummary(batch_.records, rulesets_)},
          {"players", players},
          {"rulesets", RulesetsForTyping(rulesets_)},
          {"typed", typed},
          {"cards", cards}};
}

Json Desk::Answer(const std::string& body) {
  std::unique_lock<std::mutex> lock(mutex_);
  const Correction answer = ParseDeskAnswer(body, batch_.records, rulesets_);
  Corrections updated = answers_;
  updated.Set(answer);
  // Saved before it is acknowledged or counted: an answer the page was told
  // about is on disk.
  WriteFileAtomic((fs::path(options_.report_dir) / "corrections.json").string(), CorrectionsToJson(updated));
  answers_ = std::move(updated);
  queued_.insert(InputOf(answer.file));
  ++version_;
  lock.unlock();
  changed_.notify_all();
  Corrections one;
  one.items.push_back(answer);
  return ParseJsonText<Json>(CorrectionsToJson(one))["corrections"][0];
}

void Desk::WaitIdle() {
  std::unique_lock<std::mutex> lock(mutex_);
  changed_.wait(lock, [this] { return (queued_.empty() && checking_.empty()) || stopping_; });
}

Corrections Desk::Answers() const {
  std::lock_guard<std::mutex> lock(mutex_);
  return answers_;
}

std::string Desk::InputOf(const std::string& file) const {
  std::error_code ec;
  if (fs::exists(fs::path(options_.report_dir) / (CardBase(file) + ".json"), ec)) return file;
  static const std::regex kPage("^(.*) page [0-9]+$");
  std::smatch m;
  if (std::regex_match(file, m, kPage) &&
      fs::exists(fs::path(options_.report_dir) / (CardBase(m[1].str()) + ".json"), ec))
    return m[1].str();
  return file;
}

void Desk::RecheckLoop() {
  std::unique_lock<std::mutex> lock(mutex_);
  while (true) {
    changed_.wait(lock, [this] { return stopping_ || !queued_.empty(); });
    if (stopping_) return;
    checking_ = *queued_.begin();
    queued_.erase(queued_.begin());
    const std::string input = checking_;
    lock.unlock();
    RecheckOne(input);
    lock.lock();
    checking_.clear();
    ++version_;
    changed_.notify_all();
  }
}

void Desk::RecheckOne(const std::string& input) {
  const Corrections answers = Answers();
  BatchRecords fresh;
  try {
    fresh = options_.recheck(input, answers);
    SC_CHECK(!fresh.records.empty(), "reading it again gave no card");
  } catch (const std::exception& e) {
    std::lock_guard<std::mutex> lock(mutex_);
    problems_[input] = e.what();
    return;
  }
  {
    std::lock_guard<std::mutex> lock(mutex_);
    problems_.erase(input);
    // The file's records replace its old ones where the first of them stood.
    size_t at = batch_.records.size();
    for (size_t i = batch_.records.size(); i-- > 0;)
      if (CardOfInput(batch_.records[i].value("file", ""), input)) {
        batch_.records.erase(batch_.records.begin() + static_cast<std::ptrdiff_t>(i));
        batch_.saved.erase(batch_.saved.begin() + static_cast<std::ptrdiff_t>(i));
        at = i;
      }
    fresh.saved.resize(fresh.records.size());
    batch_.records.insert(batch_.records.begin() + static_cast<std::ptrdiff_t>(at), fresh.records.begin(),
                          fresh.records.end());
    batch_.saved.insert(batch_.saved.begin() + static_cast<std::ptrdiff_t>(at), fresh.saved.begin(),
                        fresh.saved.end());
  }
  try {
    WriteReport();
  } catch (const std::exception& e) {
    std::lock_guard<std::mutex> lock(mutex_);
    problems_[input] = std::string("the report could not be written again: ") + e.what();
  }
}

// report.json, cards.csv and index.html from the records as they are now
// (each written whole through a temporary file, so a reader never sees half).
void Desk::WriteReport() {
  BatchRecords batch;
  {
    std::lock_guard<std::mutex> lock(mutex_);
    batch = batch_;
  }
  const fs::path dir(options_.report_dir);
  Json report = {{"summary", BatchSummary(batch.records, rulesets_)}};
  WriteReportJson((dir / "report.json").string(), report["summary"], batch, options_.report_dir, extra_);
  WriteFileAtomic((dir / "cards.csv").string(), CardsCsv(batch.records, rulesets_));
  report["cards"] = batch.records;
  report.update(extra_);
  WriteFileAtomic((dir / "index.html").string(), IndexHtml(report, options_.templates_dir));
}

}  // namespace scorecheck
