#include "batch/run_batch.h"

#include <atomic>
#include <filesystem>
#include <memory>
#include <mutex>
#include <string_view>
#include <thread>

#include "batch/check_record.h"
#include "core/error.h"
#include "core/json_text.h"
#include "core/text.h"
#include "image/load_image.h"
#include "image/save_image.h"
#include "labels/text_reader.h"
#include "scan/apply_corrections.h"

namespace scorecheck {
namespace {

namespace fs = std::filesystem;
using Json = nlohmann::ordered_json;

// The settings a file's records are made under: the batch's, and the answers
// about its cards (a card answered since is read again).
std::string FileSettings(const BatchOptions& options, const std::string& name) {
  Corrections mine;
  for (const Correction& c : options.corrections.items)
    if (CardOfInput(c.file, name)) mine.items.push_back(c);
  return mine.items.empty() ? options.settings : options.settings + "\n" + CorrectionsToJson(mine);
}

// What identifies a file's content cheaply: its size and modification time.
struct FileStamp {
  Json bytes = nullptr, mtime = nullptr;
};

FileStamp StampOf(const std::string& path) {
  std::error_code ec;
  FileStamp stamp;
  const auto size = fs::file_size(path, ec);
  if (ec) return stamp;
  const auto time = fs::last_write_time(path, ec);
  if (ec) return stamp;
  stamp.bytes = size;
  stamp.mtime = time.time_since_epoch().count();
  return stamp;
}

// A file's records, and whether its card file holds them.
struct FileRecords {
  std::vector<Json> records;
  bool saved = false;
};

// The records an earlier run left for `input`, when made from the same file
// content under the same settings; empty otherwise (then it is scanned again).
std::vector<Json> Resumed(const std::string& card_file, const FileStamp& stamp, const std::string& settings) {
  if (stamp.bytes.is_null()) return {};
  std::error_code ec;
  if (!fs::is_regular_file(card_file, ec)) return {};
  try {
    const Json saved = ParseJsonText<Json>(ReadTextFile(card_file));
    if (saved.value("bytes", Json()) != stamp.bytes || saved.value("mtime", Json()) != stamp.mtime ||
        saved.value("settings", "") != settings || !saved.contains("cards") || !saved["cards"].is_array() ||
        saved["cards"].empty())
      return {};
    for (const Json& record : saved["cards"]) CheckCardRecord(record, "cards");
    return saved["cards"].get<std::vector<Json>>();
  } catch (const std::exception&) {
    return {};  // unreadable: scanned again
  }
}

class Worker {
 public:
  Worker(const RulesetLibrary& rulesets, const BatchOptions& options, std::unique_ptr<DigitReader> reader)
      : rulesets_(rulesets), options_(options), reader_(std::move(reader)), text_reader_(TextReader::CreateLazy()) {}

  // Scans every page of `input`, writes its pictures and then its card file.
  FileRecords Run(const BatchInput& input, const FileStamp& stamp) {
    std::vector<Json> records;
    std::vector<LoadedImage> pages;
    const std::string base = CardBase(input.name);
    try {
      pages = LoadImagePages(input.path, options_.scan.image);
      if (pages.empty()) throw Error("holds no image");
    } catch (const std::exception& e) {
      // No picture: a card a person typed in for it, or why it is unreadable.
      records.push_back(TypedRecord(input.name).value_or(FailedCardOutput(input.name, e.what()).record));
    }
    for (size_t p = 0; p < pages.size(); ++p) {
      const bool several = pages.size() > 1;
      const std::string name = several ? input.name + " page " + std::to_string(p + 1) : input.name;
      const std::string page_base = several ? base + "-p" + std::to_string(p + 1) : base;
      for (Json& record : ScanPage(std::move(pages[p]), name, page_base)) records.push_back(std::move(record));
    }
    Json saved = {{"source", input.path}, {"bytes", stamp.bytes}, {"mtime", stamp.mtime},
                  {"settings", FileSettings(options_, input.name)}, {"cards", records}};
    try {
      WriteFileAtomic((fs::path(options_.report_dir) / (base + ".json")).string(), saved.dump(1) + "\n");
    } catch (const NoRoomError&) {
      throw;  // the batch stops (RunBatch)
    } catch (const Error& e) {
      // The card is still in this run's report (kept whole in memory); only
      // --resume will not find it.
      for (Json& record : records) record["note"] = e.what();
      return {std::move(records)};
    }
    return {std::move(records), true};
  }

 private:
  // The records of the cards on `page`: one per card in the picture (two
  // side by side are "name#1" and "name#2"), or why it holds none. `page` is
  // moved in: its pixels are freed as soon as its sheets are found.
  std::vector<Json> ScanPage(LoadedImage page, const std::string& name, const std::string& base) {
    if (std::optional<Json> typed = TypedRecord(name)) return {*typed};  // a person's reading beats the scanner's
    if (!page.ok()) return {FailedCardOutput(name, page.detail).record};
    try {
      std::vector<ScanResult> scans =
          ScanImageCards(std::move(page.bgr), name, rulesets_, *reader_, options_.scan, text_reader_.get());
      std::vector<Json> records;
      for (size_t k = 0; k < scans.size(); ++k) {
        const std::string card_base = scans.size() > 1 ? base + "-card" + std::to_string(k + 1) : base;
        records.push_back(CardRecord(scans[k], card_base));
      }
      return records;
    } catch (const NoRoomError&) {
      throw;  // not this card's fault: the batch stops (RunBatch)
    } catch (const std::exception& e) {
      // One bad card never stops the batch (an unwritable report folder stops
      // every card the same way, and each says so).
      return {FailedCardOutput(name, e.what()).record};
    }
  }

  // One card's record, its answers put on it and its pictures written under `base`.
  Json CardRecord(ScanResult& scan, const std::string& base) {
    const std::string& name = scan.card.source;
    if (!scan.ok()) return FailedCardOutput(name, scan.detail).record;
    const std::vector<Correction> answers = options_.corrections.For(name);
    const std::vector<std::string> problems = ApplyCorrections(scan, answers, rulesets_, options_.scan);
    CardOutput output = ScannedCardOutput(name, base, scan, rulesets_, options_.record, answers, problems);
    std::error_code ec;
    fs::remove_all(fs::path(options_.report_dir) / (base + ".crops"), ec);  // this card's crops of an earlier run
    for (const auto& [path, image] : output.images)
      if (!image.empty()) WriteImageAtomic((fs::path(options_.report_dir) / path).string(), image);
    return output.record;
  }

  // The record of the card a person typed in for `name` (review), if any.
  std::optional<Json> TypedRecord(const std::string& name) const {
    const Correction* typed = options_.corrections.TypedCard(name);
    if (!typed) return std::nullopt;
    try {
      const ScanResult scan = TypedCardScan(name, *typed, rulesets_, options_.scan);
      const std::vector<Correction> answers = options_.corrections.For(name);
      Json record = ScannedCardOutput(name, CardBase(name), scan, rulesets_, options_.record, answers).record;
      record["sheet"] = "typed in by a person";
      record["typed"] = true;
      return record;
    } catch (const std::exception& e) {
      return FailedCardOutput(name, e.what()).record;
    }
  }

  const RulesetLibrary& rulesets_;
  const BatchOptions& options_;
  std::unique_ptr<DigitReader> reader_;
  std::unique_ptr<TextReader> text_reader_;  // started at the first card that needs its labels read
};

}  // namespace

std::string CardBase(const std::string& name) { return "cards/" + name; }

bool CardOfInput(const std::string& card, const std::string& input) {
  if (card.rfind(input, 0) != 0) return false;
  std::string_view rest(card);
  rest.remove_prefix(input.size());
  // A number of one or more digits at the front of `rest`, taken off.
  auto number = [&rest] {
    const size_t digits = rest.find_first_not_of("0123456789");
    const size_t length = digits == std::string_view::npos ? rest.size() : digits;
    rest.remove_prefix(length);
    return length > 0;
  };
  if (rest.rfind(" page ", 0) == 0) {
    rest.remove_prefix(6);
    if (!number()) return false;
  }
  if (rest.rfind('#', 0) == 0) {
    rest.remove_prefix(1);
    if (!number()) return false;
  }
  return rest.empty();
}

bool BatchOptions::Check() const {
  return jobs >= 1 && !report_dir.empty() && scan.Check() && record.Check();
}

BatchRecords RunBatch(const std::vector<BatchInput>& inputs, const RulesetLibrary& rulesets,
                      const BatchOptions& options, const BatchProgressFn& progress) {
  SC_CHECK(options.Check(), "the batch's settings are out of range (jobs " << options.jobs << ", report folder '"
                                                                          << options.report_dir << "')");
  const size_t worker_count = std::min<size_t>(static_cast<size_t>(options.jobs), std::max<size_t>(inputs.size(), 1));
  // Models load before any file is read, once per worker: a missing model is
  // one clear error, not one per photo.
  std::vector<std::unique_ptr<Worker>> workers;
  for (size_t w = 0; w < worker_count; ++w)
    workers.push_back(std::make_unique<Worker>(rulesets, options, DigitReader::Create(options.reader)));

  std::vector<FileRecords> results(inputs.size());
  std::atomic<size_t> next{0};
  std::mutex progress_mutex;
  size_t done = 0;
  // The first write that found no room: every worker stops after its file.
  std::atomic<bool> no_room{false};
  std::string no_room_reason;
  auto work = [&](Worker& worker) {
    for (size_t i = next++; i < inputs.size() && !no_room; i = next++) {
      const BatchInput& input = inputs[i];
      const FileStamp stamp = StampOf(input.path);
      bool resumed = false;
      if (options.resume) {
        results[i].records = Resumed((fs::path(options.report_dir) / (CardBase(input.name) + ".json")).string(),
                                     stamp, FileSettings(options, input.name));
        resumed = !results[i].records.empty();
        results[i].saved = resumed;
      }
      if (!resumed) {
        try {
          results[i] = worker.Run(input, stamp);
        } catch (const NoRoomError& e) {
          std::lock_guard<std::mutex> lock(progress_mutex);
          if (!no_room.exchange(true)) no_room_reason = e.what();
          return;
        } catch (const std::exception& e) {
          results[i] = {{FailedCardOutput(input.name, e.what()).record}};
        }
      }
      {
        std::lock_guard<std::mutex> lock(progress_mutex);
        ++done;
        try {
          if (progress) progress({done, inputs.size(), &input, resumed, results[i].records});
        } catch (const std::exception&) {
          // A progress display that fails (a closed terminal) does not stop the batch.
        }
      }
      if (results[i].saved)
        for (Json& record : results[i].records) record.erase("report");
    }
  };
  std::vector<std::thread> threads;
  for (size_t w = 1; w < worker_count; ++w) threads.emplace_back(work, std::ref(*workers[w]));
  work(*workers[0]);
  for (std::thread& thread : threads) thread.join();
  if (no_room)
    throw NoRoomError(options.report_dir + ": no room left to write the report (" + no_room_reason + "); " +
                      std::to_string(done) + " of " + std::to_string(inputs.size()) +
                      " files were read and saved. Free some space, then run the same batch again with --resume "
                      "to finish it");

  BatchRecords batch;
  for (size_t i = 0; i < inputs.size(); ++i)
    for (size_t k = 0; k < results[i].records.size(); ++k) {
      batch.records.push_back(std::move(results[i].records[k]));
      std::optional<SavedRecord> saved;
      if (results[i].saved) saved = SavedRecord{CardBase(inputs[i].name) + ".json", k};
      batch.saved.push_back(std::move(saved));
    }
  return batch;
}

}  // namespace scorecheck
