#pragma once
// The review desk's state: a batch report folder, the answers a person gives
// there, and the cards checked again with them. Each answer is written to
// REPORT/corrections.json before it is acknowledged; the card it is about is
// then read again with every answer about it (on a thread of its own, one
// card at a time, so answers never wait for a scan), and report.json,
// cards.csv and index.html are written anew from the batch's records.
//
// What reading a card again means is given from outside (DeskOptions::recheck):
// the command line's is a scan with the batch's own settings (app/commands/
// review_command); tests give their own.

#include <condition_variable>
#include <functional>
#include <map>
#include <mutex>
#include <set>
#include <string>
#include <thread>
#include <vector>

#include <nlohmann/json.hpp>

#include "batch/run_batch.h"
#include "card/corrections.h"
#include "rules/ruleset_library.h"

namespace scorecheck {

/// The records of one input file (a multi-page file: one per page) made again
/// with `answers` (every answer of the report; the file's own are picked out).
using RecheckFn = std::function<BatchRecords(const std::string& input_name, const Corrections& answers)>;

/// Setup of a Desk.
struct DeskOptions {
  std::string report_dir;     ///< a folder `scorecheck batch` wrote; required
  std::string templates_dir;  ///< where templates/report/index.html is (index.html is written again); required
  RecheckFn recheck;          ///< how a card is read again with its answers; required
  /// Throws Error naming the first setting that is missing.
  void Check() const;
};

class Desk {
 public:
  /// Loads REPORT/report.json (every card record checked, CheckCardRecord)
  /// and REPORT/corrections.json when there is one. Throws Error naming the
  /// file and the cause.
  Desk(DeskOptions options, const RulesetLibrary& rulesets);
  /// Finishes the card being read again, then stops.
  ~Desk();
  Desk(const Desk&) = delete;
  Desk& operator=(const Desk&) = delete;

  /// What the desk's page shows: {"version": n (grows with every change),
  /// "checking": [files being read again], "problems": {file: why its last
  /// reading again failed}, "summary": the report's, "players": [{file,
  /// grid, column, whole_card, crop, name}] one per player where its name is
  /// asked (batch/review.h), "rulesets": [{id, name, columns, rows: [{id,
  /// name}]}] for typing a card in, "typed": {file: the card typed in},
  /// "cards": [records without their "report" detail]}.
  nlohmann::ordered_json State() const;

  /// Takes one answer (ParseDeskAnswer), saves it in corrections.json, and
  /// queues its card to be read again. Returns the answer as saved. Throws
  /// Error (nothing saved, nothing changed) for an answer that is malformed or
  /// fits no card, or when corrections.json cannot be written.
  nlohmann::ordered_json Answer(const std::string& body);

  /// Waits until no card is waiting to be read again (tests; the command line
  /// before it exits).
  void WaitIdle();

  /// Every answer so far.
  Corrections Answers() const;

 private:
  void RecheckLoop();
  void RecheckOne(const std::string& input);
  void WriteReport();
  std::string InputOf(const std::string& file) const;

  DeskOptions options_;
  const RulesetLibrary& rulesets_;
  nlohmann::ordered_json extra_;  // report.json's members beyond "summary" and "cards"
  mutable std::mutex mutex_;
  std::condition_variable changed_;
  BatchRecords batch_;
  Corrections answers_;
  std::set<std::string> queued_;    // inputs waiting to be read again
  std::string checking_;            // the input being read again now ("" = none)
  std::map<std::string, std::string> problems_;
  long long version_ = 0;
  bool stopping_ = false;
  std::thread worker_;
};

}  // namespace scorecheck
