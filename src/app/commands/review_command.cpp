// `scorecheck review REPORT_DIR`: a person looks at what the scanner read and
// puts right what it got wrong. By default in the browser (the desk: every
// card's photo with its boxes to click and type in, players' names, the
// verdicts and leaderboard checked again after every answer); with
// --terminal, as questions in the terminal (for scripts). Every answer is
// saved at once to REPORT_DIR/corrections.json, so nothing typed is lost.

#include <csignal>
#include <filesystem>
#include <iostream>
#include <memory>
#include <thread>

#include <fcntl.h>
#include <pthread.h>
#include <spawn.h>
#include <sys/stat.h>
#include <unistd.h>
#include <spdlog/spdlog.h>

#include "app/batch_settings.h"
#include "app/commands/commands.h"
#include "batch/check_record.h"
#include "batch/review.h"
#include "card/corrections.h"
#include "core/error.h"
#include "core/folder_lock.h"
#include "core/json_text.h"
#include "core/text.h"
#include "desk/desk.h"
#include "desk/desk_server.h"

extern char** environ;

namespace scorecheck::app {
namespace {

namespace fs = std::filesystem;
using Json = nlohmann::ordered_json;

struct ReviewArgs {
  std::string report_dir;
  bool terminal = false;
  std::string listen = "127.0.0.1";
  int port = 0;
  bool no_browser = false;
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

int RunTerminal(const ReviewArgs& args, const GlobalOptions& global) {
  const fs::path dir(args.report_dir);
  const Json report = LoadBatchReport(args.report_dir);
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


// The records of `input` read again from its file, under the settings its
// card file was made with, with `answers` put on its cards (as `batch
// --resume --corrections` would: the card file is written again, so a later
// batch takes it as it is).
BatchRecords RecheckFile(const std::string& report_dir, const std::string& input, const Corrections& answers,
                         const RulesetLibrary& rulesets) {
  const fs::path card_file = fs::path(report_dir) / (CardBase(input) + ".json");
  Json saved;
  try {
    saved = ParseJsonText<Json>(ReadTextFile(card_file.string()));
  } catch (const Error& e) {
    throw Error(card_file.string() + ": " + e.what());
  }
  SC_CHECK(saved.is_object() && saved.contains("source") && saved["source"].is_string() &&
               saved.contains("settings") && saved["settings"].is_string(),
           card_file.string() << ": not a card file of this batch (no source or settings)");
  const std::string settings_text = saved["settings"];
  BatchOptions options;
  options.report_dir = report_dir;
  BatchSettings::FromText(settings_text).ApplyTo(options);
  options.settings = settings_text.substr(0, settings_text.find('\n'));  // as the batch wrote it
  options.corrections = answers;
  return RunBatch({BatchInput{saved["source"], input}}, rulesets, options);
}

// Opens `url` in the desktop's browser, where there is a desktop.
void OpenBrowser(const std::string& url) {
  if (!std::getenv("DISPLAY") && !std::getenv("WAYLAND_DISPLAY")) return;
  posix_spawn_file_actions_t actions;
  posix_spawn_file_actions_init(&actions);
  posix_spawn_file_actions_addopen(&actions, 1, "/dev/null", O_WRONLY, 0);
  posix_spawn_file_actions_addopen(&actions, 2, "/dev/null", O_WRONLY, 0);
  std::string program = "xdg-open";
  char* argv[] = {program.data(), const_cast<char*>(url.c_str()), nullptr};
  pid_t pid = 0;
  posix_spawnp(&pid, "xdg-open", &actions, nullptr, argv, environ);  // no browser: the URL is printed anyway
  posix_spawn_file_actions_destroy(&actions);
}

int RunDesk(const ReviewArgs& args, const GlobalOptions& global) {
  const std::string templates_dir = FindTemplatesDir(global.templates_dir);
  const RulesetLibrary rulesets = LoadRulesets(global);
  SC_CHECK(fs::is_directory(args.report_dir),
           args.report_dir << ": no such folder (make the report with `scorecheck batch FOLDER -o " << args.report_dir
                           << "` first)");
  // A batch writing this folder meanwhile would undo what the desk writes.
  const FolderLock lock(args.report_dir);
  DeskOptions options;
  options.report_dir = args.report_dir;
  options.templates_dir = templates_dir;
  options.recheck = [&](const std::string& input, const Corrections& answers) {
    return RecheckFile(args.report_dir, input, answers, rulesets);
  };
  // Ctrl-C closes the desk (after the card being read again is done): the
  // signals go to one thread that waits for them, not to the server's.
  sigset_t signals;
  sigemptyset(&signals);
  sigaddset(&signals, SIGINT);
  sigaddset(&signals, SIGTERM);
  pthread_sigmask(SIG_BLOCK, &signals, nullptr);
  Desk desk(options, rulesets);
  DeskServerOptions server_options;
  server_options.listen = args.listen;
  server_options.port = args.port;
  server_options.templates_dir = templates_dir;
  DeskServer server(desk, args.report_dir, server_options, NewDeskToken());
  server.Bind();
  std::cout << "The review desk is open at\n";
  for (const std::string& url : server.Urls()) std::cout << "  " << url << "\n";
  std::cout << "Answers are saved to " << (fs::path(args.report_dir) / "corrections.json").string()
            << " as you type them. Press Ctrl-C here when you are done.\n"
            << std::flush;
  if (!args.no_browser) OpenBrowser(server.Urls().front());
  std::thread stopper([&] {
    int signal = 0;
    sigwait(&signals, &signal);
    server.Stop();
  });
  server.Serve();
  desk.WaitIdle();
  const size_t answers = desk.Answers().items.size();
  std::cout << "\nThe desk is closed; " << answers << (answers == 1 ? " answer" : " answers") << " in "
            << (fs::path(args.report_dir) / "corrections.json").string() << ", and the report is up to date.\n";
  if (stopper.joinable()) {
    pthread_kill(stopper.native_handle(), SIGTERM);  // a Serve() that ended on its own leaves it waiting
    stopper.join();
  }
  return kExitClean;
}

// Whether answers are piped or redirected in (`review REPORT < answers.txt`):
// a script, which the desk would keep waiting until it is killed.
bool AnswersComeFromAFile() {
  struct stat in {};
  return fstat(STDIN_FILENO, &in) == 0 && (S_ISFIFO(in.st_mode) || S_ISREG(in.st_mode));
}

int Run(const ReviewArgs& args, const GlobalOptions& global) {
  return args.terminal || AnswersComeFromAFile() ? RunTerminal(args, global) : RunDesk(args, global);
}

}  // namespace

Command AddReviewCommand(CLI::App& app, const GlobalOptions& global) {
  auto args = std::make_shared<ReviewArgs>();
  CLI::App* cmd = app.add_subcommand("review", "Put right what the scanner read, in the browser: boxes, names, verdicts");
  cmd->add_option("report", args->report_dir, "Report folder written by `scorecheck batch`")->required();
  cmd->add_flag("--terminal", args->terminal,
                "Ask about the uncertain cells and the names in the terminal instead (for scripts; also when the "
                "answers are piped or redirected in)");
  cmd->add_option("--listen", args->listen,
                  "Address the desk listens on (default 127.0.0.1: this computer only; 0.0.0.0 lets a phone on "
                  "the same network in, with the same secret address)")
      ->option_text(" ADDRESS");
  cmd->add_option("--port", args->port, "Port the desk listens on (default: any free one)")->check(CLI::Range(0, 65535));
  cmd->add_flag("--no-browser", args->no_browser, "Only print the desk's address; do not open a browser");
  cmd->footer(
      "The desk shows each card's photo with what was read in every box; the ones to look at come first.\n"
      "Click a box (or Tab to it), type the right value and press Enter: a number, x for crossed out,\n"
      "nothing for empty, 3t for three ticks, 3t 200 for three ticks and 200 points. Type each player's\n"
      "name under their column. Every answer is saved to REPORT/corrections.json at once, the card is\n"
      "checked again, and the report (index.html, report.json, cards.csv) is brought up to date.\n"
      "The address printed holds a secret: only who has it can use the desk.\n"
      "Example:\n  scorecheck review report/\n"
      "Exit codes: 0 done (answers kept), 2 no report there.");
  return [args, &global] { return Run(*args, global); };
}

}  // namespace scorecheck::app
