// `scorecheck review REPORT_DIR`: a person looks at what the scanner was not
// sure of (each cell's crop, each player's name field) and types the answer.
// Every answer is saved at once to REPORT_DIR/corrections.json, so nothing
// typed is lost; `batch --corrections` then puts them on the cards.

#include <filesystem>
#include <iostream>
#include <memory>

#include <spdlog/spdlog.h>

#include "app/commands/commands.h"
#include "batch/check_record.h"
#include "batch/review.h"
#include "card/corrections.h"
#include "core/error.h"
#include "core/json_text.h"
#include "core/text.h"

namespace scorecheck::app {
namespace {

namespace fs = std::filesystem;
using Json = nlohmann::ordered_json;

struct ReviewArgs {
  std::string report_dir;
};

std::string Where(const ReviewQuestion& q) {
  std::string where = q.file;
  if (q.kind == ReviewQuestion::Kind::kName && q.whole_card) return where;
  if (q.grid > 1) where += ", grid " + std::to_string(q.grid);
  return where + ", column " + std::to_string(q.column);
}

std::string ShellQuote(const std::string& text) {
  if (text.find_first_of(" '\"\\$`!*?&;|<>()") == std::string::npos) return text;
  std::string quoted = "'";
  for (const char c : text) quoted += c == '\'' ? std::string("'\\''") : std::string(1, c);
  return quoted + "'";
}

int Run(const ReviewArgs& args, const GlobalOptions& global) {
  const fs::path dir(args.report_dir);
  const fs::path report_path = dir / "report.json";
  std::string text;
  try {
    text = ReadTextFile(report_path.string());
  } catch (const Error& e) {
    throw Error(report_path.string() + ": " + e.what() + " (run `scorecheck batch FOLDER -o " + args.report_dir +
                "` first)");
  }
  Json report;
  try {
    report = ParseJsonText<Json>(text);
  } catch (const Error& e) {
    throw Error(report_path.string() + ": not a batch report (" + e.what() + ")");
  }
  SC_CHECK(report.is_object() && report.contains("cards") && report["cards"].is_array(),
           report_path.string() << ": not a batch report (no \"cards\")");
  for (size_t i = 0; i < report["cards"].size(); ++i) {
    try {
      CheckCardRecord(report["cards"][i], "cards[" + std::to_string(i) + "]");
    } catch (const Error& e) {
      throw Error(report_path.string() + ": " + e.what());
    }
  }
  const fs::path answers_path = dir / "corrections.json";
  Corrections answers;
  std::error_code ec;
  if (fs::exists(answers_path, ec)) answers = LoadCorrectionsFile(answers_path.string());
  const size_t answered_before = answers.items.size();

  const std::vector<ReviewQuestion> questions = ReviewQuestions(report, answers, LoadRulesets(global));
  if (questions.empty()) {
    std::cout << "Nothing to review in " << args.report_dir << ": every name and uncertain cell is answered"
              << (answers.items.empty() ? " (none were asked)" : "") << ".\n";
    return kExitClean;
  }
  std::cout << questions.size() << " to look at. Each picture named below is the box to read.\n";
  size_t saved = 0;
  bool quit = false;
  for (size_t i = 0; i < questions.size() && !quit; ++i) {
    const ReviewQuestion& q = questions[i];
    std::cout << "\n[" << i + 1 << "/" << questions.size() << "] " << Where(q);
    if (q.kind == ReviewQuestion::Kind::kName) {
      std::cout << (q.whole_card ? ": whose card is this?\n" : ": who played this column?\n");
    } else {
      std::cout << ", " << q.row_name << ": read as " << q.reading;
      if (q.confidence) std::cout << " (" << static_cast<int>(*q.confidence * 100 + 0.5) << "% sure)";
      std::cout << "\n";
    }
    if (!q.crop.empty()) std::cout << "  look at: " << (dir / q.crop).string() << "\n";
    while (true) {
      if (q.kind == ReviewQuestion::Kind::kName)
        std::cout << "  name? [Enter: no name (not asked again), s skip, q quit]: " << std::flush;
      else
        std::cout << "  value? [Enter keeps " << q.reading << "; a number, x crossed out, - empty, 3t three ticks, "
                  << "s skip, q quit]: " << std::flush;
      std::string line;
      if (!std::getline(std::cin, line)) {
        quit = true;  // end of input: what was typed is saved
        std::cout << "\n";
        break;
      }
      const ReviewAnswer answer = ParseReviewAnswer(line, q);
      if (answer.kind == ReviewAnswer::Kind::kNotUnderstood) {
        std::cout << "  not understood: \"" << line << "\"\n";
        continue;
      }
      if (answer.kind == ReviewAnswer::Kind::kQuit) quit = true;
      if (answer.kind == ReviewAnswer::Kind::kAnswer) {
        answers.Set(answer.correction);
        WriteFileAtomic(answers_path.string(), CorrectionsToJson(answers));  // after every answer
        ++saved;
      }
      break;
    }
  }
  std::cout << "\n" << saved << (saved == 1 ? " answer" : " answers") << " saved to " << answers_path.string() << " ("
            << answers.items.size() << " in all" << (answered_before ? ", earlier ones kept" : "") << ").\n";
  if (!answers.items.empty()) {
    std::string command = "scorecheck batch";
    if (report.contains("inputs") && report["inputs"].is_array())
      for (const Json& input : report["inputs"]) command += " " + ShellQuote(input.get<std::string>());
    else
      command += " FOLDER";
    command += " -o " + ShellQuote(args.report_dir) + " --resume --corrections " + ShellQuote(answers_path.string());
    std::cout << "Put them on the cards:\n  " << command << "\n";
  }
  return kExitClean;
}

}  // namespace

Command AddReviewCommand(CLI::App& app, const GlobalOptions& global) {
  auto args = std::make_shared<ReviewArgs>();
  CLI::App* cmd = app.add_subcommand("review", "Look at the uncertain cells and player names of a batch report");
  cmd->add_option("report", args->report_dir, "Report folder written by `scorecheck batch`")->required();
  cmd->footer(
      "Each uncertain cell is shown as the path of its picture beside the reading; type the right value\n"
      "(Enter keeps the reading, x crossed out, - empty), and each player's name, once. Answers are saved\n"
      "after every one to REPORT/corrections.json; run again to go on where you stopped.\n"
      "Example:\n  scorecheck review report/\n"
      "Exit codes: 0 done (or stopped; answers kept), 2 no report there.");
  return [args, &global] { return Run(*args, global); };
}

}  // namespace scorecheck::app
