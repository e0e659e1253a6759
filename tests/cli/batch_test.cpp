// `scorecheck batch`: a folder in, one report out. Runs the real binary on
// sample photos: outputs named by path, bad files listed, exit codes, the
// same results whatever --jobs, and a killed batch resumed to the same end.

#include <signal.h>
#include <unistd.h>
#include <sys/wait.h>

#include <chrono>
#include <filesystem>
#include <map>
#include <thread>

#include <gtest/gtest.h>
#include <nlohmann/json.hpp>

#include <opencv2/imgcodecs.hpp>
#include <opencv2/imgproc.hpp>

#include "core/folder_lock.h"
#include "files/heif_file.h"
#include "files/pdf_file.h"
#include "synth/capture.h"
#include "support/cli_fixture.h"

namespace scorecheck {
namespace {

namespace fs = std::filesystem;
using BatchTest = testing::CliFixture;
using testing::Slurp;

const std::string kSamples = std::string(SCORECHECK_SOURCE_DIR) + "/samples/synthetic/";
const std::string kCleanRock = kSamples + "0003-rock-scan.jpg";     // reads OK, grand total 84
const std::string kClassic = kSamples + "0000-classic-scan.jpg";    // four cells to look at, sixes first
const std::string kRollem = kSamples + "0004-rollem-scan.jpg";

int Lines(const std::string& text) { return static_cast<int>(std::count(text.begin(), text.end(), '\n')); }

// Every file below `dir` whose name is not a temporary one.
std::vector<fs::path> Outputs(const fs::path& dir) {
  std::vector<fs::path> files;
  for (const auto& entry : fs::recursive_directory_iterator(dir))
    if (entry.is_regular_file() && entry.path().string().find(".tmp-") == std::string::npos)
      files.push_back(entry.path());
  return files;
}

TEST_F(BatchTest, OneReportForAFolderGoingOnPastBadFiles) {
  fs::create_directories(dir_ / "in/a");
  fs::create_directories(dir_ / "in/b");
  fs::copy_file(kCleanRock, dir_ / "in/a/card.jpg");
  fs::copy_file(kClassic, dir_ / "in/b/card.jpg");
  const std::string jpeg = Slurp(kCleanRock);
  Write("in/b/broken.JPG", jpeg.substr(0, jpeg.size() / 2));
  Write("in/c/text.png", "hello, not a picture");
  Write("in/notes.txt", "not an image, listed");

  const testing::CliRun run = Scorecheck("batch " + (dir_ / "in").string() + " -o " + (dir_ / "out").string() +
                                         " --jobs 2");
  EXPECT_EQ(run.exit_code, 2) << run.err;
  EXPECT_NE(run.out.find("5 cards: 1 clean, 0 with errors, 1 need a look, 3 unreadable"), std::string::npos)
      << run.out;
  EXPECT_NE(run.out.find("unreadable: c/text.png: "), std::string::npos) << run.out;
  // Read whatever its name, and listed with what it seems to be.
  EXPECT_NE(run.out.find("unreadable: notes.txt: not a photo or a scan (a text file)"), std::string::npos) << run.out;

  const auto report = nlohmann::json::parse(Slurp(dir_ / "out/report.json"));
  EXPECT_EQ(report["summary"]["cards"], 5);
  EXPECT_EQ(report["summary"]["unreadable"], 3);
  ASSERT_EQ(report["cards"].size(), 5u);
  // The batch's order is the names' order, whatever finished first.
  EXPECT_EQ(report["cards"][0]["file"], "a/card.jpg");
  EXPECT_EQ(report["cards"][1]["file"], "b/broken.JPG");
  EXPECT_EQ(report["cards"][2]["file"], "b/card.jpg");
  EXPECT_EQ(report["cards"][3]["file"], "c/text.png");
  EXPECT_EQ(report["cards"][4]["file"], "notes.txt");
  EXPECT_EQ(report["cards"][0]["status"], "clean");
  EXPECT_EQ(report["cards"][1]["status"], "unreadable");
  EXPECT_FALSE(report["cards"][1]["reason"].get<std::string>().empty());
  EXPECT_EQ(report["cards"][0]["report"]["grids"][0]["ruleset"], "rock");
  EXPECT_EQ(report["cards"][2]["report"]["grids"][0]["ruleset"], "classic");
  // Two photos called card.jpg: two overlays, neither overwritten.
  EXPECT_TRUE(fs::exists(dir_ / "out/cards/a/card.jpg.overlay.jpg"));
  EXPECT_TRUE(fs::exists(dir_ / "out/cards/b/card.jpg.overlay.jpg"));
  EXPECT_TRUE(fs::exists(dir_ / "out/cards/b/card.jpg.thumb.jpg"));
  for (const auto& card : report["cards"])
    for (const auto& cell : card.value("uncertain", nlohmann::json::array()))
      EXPECT_TRUE(fs::exists(dir_ / "out" / cell["crop"].get<std::string>())) << cell;

  const std::string csv = Slurp(dir_ / "out/cards.csv");
  EXPECT_NE(csv.find("a/card.jpg,1,1,,rock,84,84,0,0,0,clean,\r\n"), std::string::npos) << csv;
  EXPECT_NE(csv.find("b/broken.JPG,,,,,,,,,,unreadable,"), std::string::npos) << csv;
  const std::string html = Slurp(dir_ / "out/index.html");
  EXPECT_NE(html.find("<b id=\"count-unreadable\">3</b>"), std::string::npos);
  EXPECT_NE(html.find("c/text.png"), std::string::npos);
  EXPECT_NE(html.find("src=\"cards/a/card.jpg.thumb.jpg\""), std::string::npos);
  for (const fs::path& file : Outputs(dir_ / "out")) EXPECT_GT(fs::file_size(file), 0u) << file;
  EXPECT_EQ(Outputs(dir_ / "out").size(), [&] {
    size_t n = 0;
    for (const auto& e : fs::recursive_directory_iterator(dir_ / "out")) n += e.is_regular_file();
    return n;
  }()) << "a temporary file was left behind";

  // One worker or two: the same report, byte for byte.
  const testing::CliRun one = Scorecheck("batch " + (dir_ / "in").string() + " -o " + (dir_ / "out1").string() +
                                         " --jobs 1 -q");
  EXPECT_EQ(one.exit_code, 2);
  EXPECT_TRUE(Slurp(dir_ / "out1/report.json") == Slurp(dir_ / "out/report.json"));
  EXPECT_TRUE(Slurp(dir_ / "out1/cards.csv") == csv);
}

TEST_F(BatchTest, EveryFileFromAPhoneAndAScannerIsReadOrListedWithItsReason) {
  // An iPhone's HEIC (stored turned, with its rotation), a scanner's
  // three-page PDF, a JPEG named .heic, two cards in one photo, a note and the
  // iPhone's .AAE sidecar.
  const cv::Mat rock = cv::imread(kCleanRock), classic = cv::imread(kClassic), rollem = cv::imread(kRollem);
  std::mt19937 rng(7);
  fs::create_directories(dir_ / "in");
  ASSERT_TRUE(cv::imwrite((dir_ / "in/two cards.jpg").string(), PhotographSideBySide({rock, rollem}, rng)));
  Write("in/IMG_0001.HEIC", testkit::HeifFile(rock, 6));
  Write("in/IMG_0001.AAE", "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<plist version=\"1.0\"><dict/></plist>\n");
  Write("in/scanner.pdf", testkit::PdfFile({classic, rock, rollem}, 200));
  Write("in/renamed.heic", Slurp(kCleanRock));
  Write("in/notes.txt", "table 4 played twice");

  const testing::CliRun run = Scorecheck("batch " + (dir_ / "in").string() + " -o " + (dir_ / "out").string());
  EXPECT_EQ(run.exit_code, 2) << run.err;
  const auto report = nlohmann::json::parse(Slurp(dir_ / "out/report.json"));
  std::map<std::string, nlohmann::json> cards;
  for (const auto& card : report["cards"]) cards[card["file"]] = card;
  const std::vector<std::string> read = {"IMG_0001.HEIC",      "renamed.heic",       "scanner.pdf page 1",
                                         "scanner.pdf page 2", "scanner.pdf page 3", "two cards.jpg#1",
                                         "two cards.jpg#2"};
  for (const std::string& name : read) {
    ASSERT_TRUE(cards.count(name)) << name << " missing from " << run.out;
    EXPECT_NE(cards[name]["status"], "unreadable") << name << ": " << cards[name].dump().substr(0, 300);
  }
  EXPECT_EQ(cards["IMG_0001.HEIC"]["ruleset"], "rock");
  EXPECT_EQ(cards["IMG_0001.HEIC"]["summary"], "OK (grand total 84)");
  EXPECT_EQ(cards["scanner.pdf page 1"]["ruleset"], "classic");
  EXPECT_EQ(cards["scanner.pdf page 2"]["summary"], "OK (grand total 84)");
  EXPECT_EQ(cards["scanner.pdf page 3"]["ruleset"], "rollem");
  EXPECT_EQ(cards["renamed.heic"]["summary"], "OK (grand total 84)");
  // Each card of the photo its own, left first, with its own pictures.
  EXPECT_EQ(cards["two cards.jpg#1"]["summary"], "OK (grand total 84)");
  EXPECT_EQ(cards["two cards.jpg#2"]["ruleset"], "rollem");
  EXPECT_TRUE(fs::exists(dir_ / "out/cards/two cards.jpg-card1.overlay.jpg"));
  EXPECT_TRUE(fs::exists(dir_ / "out/cards/two cards.jpg-card2.overlay.jpg"));
  for (const std::string name : {"IMG_0001.AAE", "notes.txt"}) {
    ASSERT_TRUE(cards.count(name)) << name << " missing from " << run.out;
    EXPECT_EQ(cards[name]["status"], "unreadable");
    EXPECT_EQ(cards[name]["reason"], "not a photo or a scan (a text file)");
    EXPECT_NE(run.out.find("unreadable: " + name + ": not a photo or a scan"), std::string::npos) << run.out;
  }
  EXPECT_EQ(report["cards"].size(), read.size() + 2);
}

TEST_F(BatchTest, PhotosTooPoorToReadAreRefusedWithTheReasonNotGuessedAt) {
  // One clean card, photographed very dark, very blurred, smeared by a
  // moving camera (read, each box doubted) and with its foot cut off by the
  // picture's edge (a photographer's hand, a phone out of focus, a shaking
  // one, a scanner lid left open), next to the good photo.
  const cv::Mat rock = cv::imread(kCleanRock);
  fs::create_directories(dir_ / "in");
  cv::Mat dark, noise(rock.size(), CV_16SC3), blurred;
  rock.convertTo(dark, -1, 0.06);
  cv::RNG(3).fill(noise, cv::RNG::NORMAL, 0, 2);
  cv::add(dark, noise, dark, cv::noArray(), CV_8UC3);
  cv::GaussianBlur(rock, blurred, cv::Size(0, 0), 0.006 * std::max(rock.cols, rock.rows));
  // Smeared along a line 1.2 % of the picture long, 80 degrees from its x
  // axis: nearly across the rows, whose rules fade.
  const cv::Mat smeared = SmearedAlong(rock, 80 * CV_PI / 180, 0.012 * std::max(rock.cols, rock.rows));
  // Half as far: the smear spreads each edge over a sixth of a row (past
  // the blur a photo may have). A quarter as far, a tenth of a row: within
  // it, and the card reads as the good photo does.
  const cv::Mat smeared_grid = SmearedAlong(rock, 80 * CV_PI / 180, 0.006 * std::max(rock.cols, rock.rows));
  const cv::Mat shaken = SmearedAlong(rock, 80 * CV_PI / 180, 0.003 * std::max(rock.cols, rock.rows));
  ASSERT_TRUE(cv::imwrite((dir_ / "in/dark.jpg").string(), dark));
  ASSERT_TRUE(cv::imwrite((dir_ / "in/blurred.jpg").string(), blurred));
  ASSERT_TRUE(cv::imwrite((dir_ / "in/smeared.jpg").string(), smeared));
  ASSERT_TRUE(cv::imwrite((dir_ / "in/smeared_grid.jpg").string(), smeared_grid));
  ASSERT_TRUE(cv::imwrite((dir_ / "in/shaken.jpg").string(), shaken));
  ASSERT_TRUE(cv::imwrite((dir_ / "in/cut.jpg").string(), rock(cv::Rect(0, 0, rock.cols, rock.rows * 3 / 4))));
  fs::copy_file(kCleanRock, dir_ / "in/good.jpg");

  const testing::CliRun run = Scorecheck("batch " + (dir_ / "in").string() + " -o " + (dir_ / "out").string());
  EXPECT_EQ(run.exit_code, 2) << run.err;
  const auto report = nlohmann::json::parse(Slurp(dir_ / "out/report.json"));
  std::map<std::string, nlohmann::json> cards;
  for (const auto& card : report["cards"]) cards[card["file"]] = card;
  EXPECT_EQ(cards["good.jpg"]["summary"], "OK (grand total 84)");
  EXPECT_EQ(cards["shaken.jpg"]["summary"], "OK (grand total 84)") << cards["shaken.jpg"].dump();
  const std::map<std::string, std::string> because = {
      {"dark.jpg", "too dark"}, {"blurred.jpg", "too blurred"}, {"cut.jpg", "the grid is cut off"}};
  // A smear is taken out of the photo (page/unsmear) and the card read, but
  // through a smear longer than a photo's edges may spread every box of its
  // written column is for a person to look at, none passed as sure.
  for (const std::string name : {"smeared.jpg", "smeared_grid.jpg"}) {
    ASSERT_TRUE(cards.count(name)) << name;
    EXPECT_EQ(cards[name]["status"], "review") << name;
    ASSERT_EQ(cards[name]["boxes"].size(), 20u) << name;
    for (const auto& box : cards[name]["boxes"]) EXPECT_TRUE(box["uncertain"].get<bool>()) << name << ": " << box;
  }
  for (const auto& [name, cause] : because) {
    ASSERT_TRUE(cards.count(name)) << name;
    EXPECT_EQ(cards[name]["status"], "unreadable") << name;
    const std::string reason = cards[name].value("reason", "");
    EXPECT_NE(reason.find("take "), std::string::npos) << name << ": " << reason;
    EXPECT_NE(reason.find(cause), std::string::npos) << name << ": " << reason;
    EXPECT_NE(run.out.find("unreadable: " + name + ": "), std::string::npos) << run.out;
  }
}

TEST_F(BatchTest, APhotoTakenInDimLightIsReadAsAGoodOne) {
  // The clean card at 30 % of its light, with the grain a camera turns up
  // there: a tenth of the paper's brightness, in grains two pixels wide.
  // Read as it is, the grain's specks and dark runs make boxes doubtful; its
  // grain smoothed (page/grain), it reads as the good photo does.
  const cv::Mat photo = InDimLight(cv::imread(kCleanRock), 0.3, 0.1, 5);
  fs::create_directories(dir_ / "in");
  ASSERT_TRUE(cv::imwrite((dir_ / "in/dim.jpg").string(), photo));

  const testing::CliRun run = Scorecheck("batch " + (dir_ / "in").string() + " -o " + (dir_ / "out").string());
  EXPECT_EQ(run.exit_code, 0) << run.out << run.err;
  const auto report = nlohmann::json::parse(Slurp(dir_ / "out/report.json"));
  ASSERT_EQ(report["cards"].size(), 1u);
  EXPECT_EQ(report["cards"][0]["summary"], "OK (grand total 84)");
}

TEST_F(BatchTest, ExitCodesSayCleanFindingsOrUnreadable) {
  fs::create_directories(dir_ / "clean");
  fs::copy_file(kCleanRock, dir_ / "clean/1.jpg");
  EXPECT_EQ(Scorecheck("batch " + (dir_ / "clean").string() + " -o " + (dir_ / "r1").string()).exit_code, 0);
  fs::create_directories(dir_ / "look");
  fs::copy_file(kClassic, dir_ / "look/1.jpg");
  EXPECT_EQ(Scorecheck("batch " + (dir_ / "look").string() + " -o " + (dir_ / "r2").string()).exit_code, 1);
}

TEST_F(BatchTest, AKilledBatchResumesToTheResultsOfAnUninterruptedOne) {
  fs::create_directories(dir_ / "in");
  fs::copy_file(kCleanRock, dir_ / "in/1.jpg");
  fs::copy_file(kClassic, dir_ / "in/2.jpg");
  fs::copy_file(kRollem, dir_ / "in/3.jpg");
  const std::string in = (dir_ / "in").string();
  ASSERT_LE(Scorecheck("batch " + in + " -o " + (dir_ / "whole").string() + " --jobs 1 -q").exit_code, 1);

  // Killed as soon as its first card is written.
  const fs::path pid_file = dir_ / "pid";
  ASSERT_EQ(std::system((std::string(SCORECHECK_BINARY_DIR) + "/scorecheck batch " + in + " -o " +
                         (dir_ / "killed").string() + " --jobs 1 -q >/dev/null 2>&1 & echo $! > " +
                         pid_file.string())
                            .c_str()),
            0);
  const auto deadline = std::chrono::steady_clock::now() + std::chrono::seconds(60);
  while (!fs::exists(dir_ / "killed/cards/1.jpg.json") && std::chrono::steady_clock::now() < deadline)
    std::this_thread::sleep_for(std::chrono::milliseconds(20));
  const pid_t pid = std::stoi(Slurp(pid_file));
  ASSERT_EQ(::kill(pid, SIGKILL), 0);
  std::this_thread::sleep_for(std::chrono::milliseconds(200));
  EXPECT_FALSE(fs::exists(dir_ / "killed/report.json")) << "the batch ended before it was killed";
  // What it left under the final names is whole.
  for (const fs::path& file : Outputs(dir_ / "killed")) {
    if (file.extension() == ".json") {
      EXPECT_NO_THROW({ const auto parsed = nlohmann::json::parse(Slurp(file)); (void)parsed; }) << file;
    }
  }

  // As a kill in the middle of a write leaves it:
  Write("killed/cards/2.jpg.json.tmp-99999", "{\"cards\": [");
  const testing::CliRun resumed = Scorecheck("batch " + in + " -o " + (dir_ / "killed").string() + " --resume");
  EXPECT_LE(resumed.exit_code, 1) << resumed.err;
  EXPECT_NE(resumed.out.find("1.jpg: OK (grand total 84) (from the earlier run)"), std::string::npos) << resumed.out;
  EXPECT_TRUE(Slurp(dir_ / "killed/report.json") == Slurp(dir_ / "whole/report.json"));
  EXPECT_TRUE(Slurp(dir_ / "killed/cards.csv") == Slurp(dir_ / "whole/cards.csv"));
  EXPECT_TRUE(Slurp(dir_ / "killed/index.html") == Slurp(dir_ / "whole/index.html"));

  // Nothing the killed run left under a temporary name survives the next run.
  for (const auto& entry : fs::recursive_directory_iterator(dir_ / "killed"))
    EXPECT_EQ(entry.path().string().find(".tmp-"), std::string::npos) << entry.path();

  // Other settings: nothing is taken from the earlier run.
  const testing::CliRun changed =
      Scorecheck("batch " + in + " -o " + (dir_ / "killed").string() + " --resume --min-confidence 0.6");
  EXPECT_EQ(changed.out.find("(from the earlier run)"), std::string::npos) << changed.out;
}

TEST_F(BatchTest, AFullDiskStopsTheBatchWithOneLineAndResumeFinishesIt) {
  fs::create_directories(dir_ / "in");
  fs::copy_file(kCleanRock, dir_ / "in/1.jpg");
  fs::copy_file(kClassic, dir_ / "in/2.jpg");
  const std::string in = (dir_ / "in").string();
  ASSERT_LE(Scorecheck("batch " + in + " -o " + (dir_ / "whole").string() + " -q").exit_code, 1);

  // A file-size limit stands in for a full disk: a write past it fails as on
  // one (EFBIG, with the signal that would kill the program ignored).
  const fs::path err = dir_ / "full.err";
  const std::string command = "sh -c \"trap '' XFSZ; ulimit -f 64; exec " + std::string(SCORECHECK_BINARY_DIR) +
                              "/scorecheck batch " + in + " -o " + (dir_ / "full").string() + " -q\" 2>" +
                              err.string() + " >/dev/null";
  const int status = std::system(command.c_str());
  ASSERT_TRUE(WIFEXITED(status)) << command;
  EXPECT_EQ(WEXITSTATUS(status), 2);
  const std::string said = Slurp(err);
  EXPECT_EQ(std::count(said.begin(), said.end(), '\n'), 1) << said;
  EXPECT_NE(said.find("no room left to write the report"), std::string::npos) << said;
  EXPECT_NE(said.find("--resume"), std::string::npos) << said;
  EXPECT_FALSE(fs::exists(dir_ / "full/report.json"));

  // Room again: --resume finishes it, as an uninterrupted batch would have.
  const testing::CliRun resumed = Scorecheck("batch " + in + " -o " + (dir_ / "full").string() + " --resume -q");
  EXPECT_LE(resumed.exit_code, 1) << resumed.err;
  EXPECT_TRUE(Slurp(dir_ / "full/report.json") == Slurp(dir_ / "whole/report.json"));
  EXPECT_TRUE(Slurp(dir_ / "full/cards.csv") == Slurp(dir_ / "whole/cards.csv"));
}

TEST_F(BatchTest, ReviewAnswersAreSavedAtOnceAndPutOnTheCards) {
  fs::create_directories(dir_ / "in");
  fs::copy_file(kClassic, dir_ / "in/card.jpg");
  const std::string in = (dir_ / "in").string(), out = (dir_ / "out").string();
  ASSERT_EQ(Scorecheck("batch " + in + " -o " + out + " -q").exit_code, 1);
  const auto before = nlohmann::json::parse(Slurp(dir_ / "out/report.json"));
  // Column 3: sixes read 15 (no score for sixes), 18 chosen so that the
  // subtotal 40 adds up; large straight read 46, 40 chosen so that the
  // lower total 137 adds up. The two changed cells and the two totals that
  // add up only through them are a person's to look at (rules choose, they
  // do not bend).
  ASSERT_EQ(before["cards"][0]["uncertain"].size(), 4u);
  const std::string row = before["cards"][0]["uncertain"][0]["row"];
  const int column = before["cards"][0]["uncertain"][0]["column"];
  const int played = static_cast<int>(before["cards"][0]["columns"].size());

  // A first sitting names the card's one player (a classic card is one
  // player's, whatever games it holds: asked once) and stops; a second answers
  // the cell.
  // The fixture's runner reads no input; review reads the answers typed
  // (redirected in: the terminal's questions, not the desk).
  auto review = [&](const std::string& typed) {
    const fs::path answers = Write("typed.txt", typed), output = dir_ / "review.txt";
    const std::string command = std::string(SCORECHECK_BINARY_DIR) + "/scorecheck review " + out + " < " +
                                answers.string() + " > " + output.string();
    testing::CliRun run;
    run.exit_code = WEXITSTATUS(std::system(command.c_str()));
    run.out = Slurp(output);
    return run;
  };
  const testing::CliRun first = review("Ann\nq\n");
  EXPECT_EQ(first.exit_code, 0);
  EXPECT_NE(first.out.find("1 answer saved"), std::string::npos) << first.out;
  EXPECT_NE(first.out.find("card.jpg: whose card is this?"), std::string::npos) << first.out;
  EXPECT_GT(played, 1) << "a card of several games";
  const testing::CliRun second = review("nonsense\n18\n");
  EXPECT_EQ(second.exit_code, 0);
  EXPECT_NE(second.out.find("not understood: \"nonsense\""), std::string::npos) << second.out;
  EXPECT_NE(second.out.find("--corrections"), std::string::npos) << second.out;
  const auto answers = nlohmann::json::parse(Slurp(dir_ / "out/corrections.json"));
  ASSERT_EQ(answers["corrections"].size(), 2u) << answers.dump();
  EXPECT_EQ(answers["corrections"][0]["name"], "Ann");
  EXPECT_EQ(answers["corrections"][1]["row"], row);
  EXPECT_EQ(answers["corrections"][1]["value"], 18);

  const testing::CliRun applied = Scorecheck("batch " + in + " -o " + out + " --resume --corrections " + out +
                                             "/corrections.json");
  EXPECT_EQ(applied.out.find("(from the earlier run)"), std::string::npos) << "an answered card is read again";
  const auto after = nlohmann::json::parse(Slurp(dir_ / "out/report.json"));
  const auto& card = after["cards"][0];
  EXPECT_EQ(card["columns"][0]["name"], "Ann");
  ASSERT_EQ(card["corrected"].size(), 1u);
  EXPECT_EQ(card["corrected"][0]["row"], row);
  ASSERT_EQ(card["uncertain"].size(), 3u);  // the totals and the other changed cell: not answered yet
  for (const auto& cell : card["uncertain"]) EXPECT_NE(cell["row"], row);
  bool marked = false;
  for (const auto& cell : card["report"]["grids"][0]["columns"][column - 1]["cells"])
    if (cell["row"] == row) marked = cell.value("corrected", false) && cell["value"] == 18;
  EXPECT_TRUE(marked);
  EXPECT_NE(Slurp(dir_ / "out/index.html").find("Corrected by hand"), std::string::npos);
  // scan takes the same answers, and says which cells a person corrected.
  const testing::CliRun scan = Scorecheck("scan " + in + "/card.jpg --corrections " + out + "/corrections.json --json " +
                                          (dir_ / "scan.json").string());
  EXPECT_NE(scan.out.find("corrected by hand: column " + std::to_string(column) + " "), std::string::npos) << scan.out;
  EXPECT_NE(Slurp(dir_ / "scan.json").find("\"corrected\": true"), std::string::npos);

  // Left to ask: the three cells not answered (the one player is named).
  const testing::CliRun third = review("q\n");
  EXPECT_NE(third.out.find("3 to look at"), std::string::npos) << third.out;
  EXPECT_EQ(third.out.find(", " + card["corrected"][0]["row_name"].get<std::string>() + ": read as"),
            std::string::npos) << third.out;

  Write("bad.json", "{\"corrections\": [{\"file\": 3}]}");
  const testing::CliRun bad = Scorecheck("batch " + in + " -o " + out + " --corrections " + (dir_ / "bad.json").string());
  EXPECT_EQ(bad.exit_code, 2);
  EXPECT_EQ(Lines(bad.err), 1) << bad.err;
  EXPECT_NE(bad.err.find("bad.json: corrections[0].file"), std::string::npos) << bad.err;
}

TEST_F(BatchTest, AuditOfPhotosOrOfABatchReport) {
  const std::string random = std::string(SCORECHECK_SOURCE_DIR) + "/samples/random/";
  fs::create_directories(dir_ / "in");
  fs::copy_file(kCleanRock, dir_ / "in/ann.jpg");                    // 84
  fs::copy_file(random + "0105-rock-photo.jpg", dir_ / "in/bob.jpg");  // 100
  const std::string in = (dir_ / "in").string();
  const testing::CliRun photos =
      Scorecheck("audit " + in + "/ann.jpg " + in + "/bob.jpg --html " + (dir_ / "audit/audit.html").string());
  EXPECT_EQ(photos.exit_code, 0) << photos.err;
  EXPECT_NE(photos.out.find("Winner after recomputation: bob.jpg with 100. The written totals give the same "
                            "result."),
            std::string::npos)
      << photos.out;
  const std::string html = Slurp(dir_ / "audit/audit.html");
  const size_t src = html.find("src=\"audit_files/cards/bob.jpg.crops/");
  ASSERT_NE(src, std::string::npos) << html;
  const std::string crop = html.substr(src + 5, html.find('"', src + 5) - src - 5);
  EXPECT_TRUE(fs::exists(dir_ / "audit" / crop)) << crop;

  ASSERT_EQ(Scorecheck("batch " + in + " -o " + (dir_ / "report").string() + " -q").exit_code, 0);
  const testing::CliRun report = Scorecheck("audit " + (dir_ / "report").string());
  EXPECT_EQ(report.exit_code, 0) << report.err;
  EXPECT_NE(report.out.find("Winner after recomputation: bob.jpg with 100."), std::string::npos)
      << report.out;
  EXPECT_NE(report.out.find((dir_ / "report").filename().string() + "/cards/bob.jpg.crops/"), std::string::npos)
      << report.out;
}

// A report a person edited or that was cut short: audit and review refuse it
// in one line naming the file and the field (before, a record without its
// "file" was undefined behaviour in the JSON library, found by
// fuzz/report_fuzz), and resume scans a damaged card file again.
TEST_F(BatchTest, ATamperedReportIsOneClearLine) {
  fs::create_directories(dir_ / "in");
  fs::copy_file(kCleanRock, dir_ / "in/ann.jpg");
  const std::string out = (dir_ / "report").string();
  ASSERT_EQ(Scorecheck("batch " + (dir_ / "in").string() + " -o " + out + " -q").exit_code, 0);
  const fs::path report_file = dir_ / "report/report.json";
  nlohmann::ordered_json report = nlohmann::ordered_json::parse(Slurp(report_file));
  report["cards"][0].erase("file");
  report["cards"][0]["columns"][0]["grid"] = "one";
  std::ofstream(report_file) << report.dump();
  for (const std::string& command : {"audit " + out, "review " + out, "review --terminal " + out}) {
    const testing::CliRun run = Scorecheck(command);
    EXPECT_EQ(run.exit_code, 2) << command;
    EXPECT_EQ(run.err, "scorecheck: " + report_file.string() + ": cards[0]: no \"file\"\n") << command;
  }
  std::ofstream(report_file) << std::string(100, '[') + std::string(100, ']');
  const testing::CliRun deep = Scorecheck("audit " + out);
  EXPECT_EQ(deep.exit_code, 2);
  EXPECT_NE(deep.err.find("nested deeper than 64 levels"), std::string::npos) << deep.err;
  EXPECT_EQ(std::count(deep.err.begin(), deep.err.end(), '\n'), 1) << deep.err;

  // A card file left damaged: --resume reads the photo again.
  std::ofstream(dir_ / "report/cards/ann.jpg.json") << R"({"bytes": 1, "cards": [{"status": "clean"}]})";
  const testing::CliRun resumed = Scorecheck("batch " + (dir_ / "in").string() + " -o " + out + " --resume -q");
  EXPECT_EQ(resumed.exit_code, 0) << resumed.err;
  EXPECT_NE(Slurp(dir_ / "report/cards/ann.jpg.json").find("\"file\": \"ann.jpg\""), std::string::npos);
}

// A photo that takes longer than --time-limit is given up on, listed as
// unreadable with the reason, and the batch goes on; the same with scan.
TEST_F(BatchTest, APhotoPastTheTimeLimitIsGivenUpAndTheBatchGoesOn) {
  fs::create_directories(dir_ / "in");
  fs::copy_file(kCleanRock, dir_ / "in/ann.jpg");
  fs::copy_file(kClassic, dir_ / "in/bob.jpg");
  const testing::CliRun run =
      Scorecheck("batch " + (dir_ / "in").string() + " -o " + (dir_ / "out").string() + " --time-limit 0.01 --jobs 1");
  EXPECT_EQ(run.exit_code, 2) << run.err;
  EXPECT_NE(run.out.find("2 cards: 0 clean, 0 with errors, 0 need a look, 2 unreadable"), std::string::npos) << run.out;
  EXPECT_NE(run.out.find("unreadable: ann.jpg: gave up after 0.01 s (--time-limit)"), std::string::npos) << run.out;
  EXPECT_NE(Slurp(dir_ / "out/cards.csv").find("gave up after 0.01 s"), std::string::npos);
  const testing::CliRun scan = Scorecheck("scan " + (dir_ / "in/ann.jpg").string() + " --time-limit 0.01");
  EXPECT_EQ(scan.exit_code, 2);
  EXPECT_EQ(scan.err, "scorecheck: " + (dir_ / "in/ann.jpg").string() + ": gave up after 0.01 s (--time-limit)\n");
  // Within the limit the same photo reads.
  EXPECT_EQ(Scorecheck("scan " + (dir_ / "in/ann.jpg").string() + " --time-limit 60").exit_code, 0);
}

TEST_F(BatchTest, OnATerminalAProgressBarElsewhereALinePerCard) {
  fs::create_directories(dir_ / "in");
  fs::copy_file(kCleanRock, dir_ / "in/a.jpg");
  fs::copy_file(kClassic, dir_ / "in/b.jpg");
  const std::string batch = std::string(SCORECHECK_BINARY_DIR) + "/scorecheck batch " + (dir_ / "in").string() +
                            " -o " + (dir_ / "out").string() + " --jobs 1";
  const testing::CliRun piped = Scorecheck("batch " + (dir_ / "in").string() + " -o " + (dir_ / "out").string());
  EXPECT_NE(piped.out.find("[1/2] "), std::string::npos) << piped.out;
  EXPECT_NE(piped.out.find("[2/2] "), std::string::npos) << piped.out;
  EXPECT_EQ(piped.out.find('\r'), std::string::npos) << "no bar redrawn into a file";
  if (!fs::exists("/usr/bin/script")) GTEST_SKIP() << "/usr/bin/script (bsdutils) missing: no terminal to test the bar on";
  // `script` gives the batch a terminal.
  const fs::path typescript = dir_ / "tty.txt";
  ASSERT_EQ(std::system(("/usr/bin/script -qec '" + batch + "' /dev/null > " + typescript.string()).c_str()) >> 8, 1);
  const std::string shown = Slurp(typescript);
  EXPECT_NE(shown.find("\r[############............] 1/2"), std::string::npos) << shown;
  EXPECT_NE(shown.find("cards/s"), std::string::npos) << shown;
  EXPECT_NE(shown.find("left"), std::string::npos) << shown;
  EXPECT_NE(shown.find("b.jpg: 4 warnings"), std::string::npos) << "a card that needs a look stays on screen: " << shown;
  EXPECT_NE(shown.find("2 cards: 1 clean"), std::string::npos) << shown;

  // -q: no bar even on a terminal; a line for each card that is not clean, nothing else.
  ASSERT_EQ(std::system(("/usr/bin/script -qec '" + batch + " -q' /dev/null > " + typescript.string()).c_str()) >> 8, 1);
  const std::string quiet = Slurp(typescript);
  EXPECT_EQ(quiet.find("cards/s"), std::string::npos) << quiet;
  EXPECT_NE(quiet.find("b.jpg: 4 warnings"), std::string::npos) << quiet;
  EXPECT_EQ(quiet.find("a.jpg"), std::string::npos) << quiet;
  EXPECT_EQ(quiet.find("2 cards:"), std::string::npos) << quiet;
}

TEST_F(BatchTest, ASecondRunOnAReportFolderInUseIsRefusedWithOneLine) {
  fs::create_directories(dir_ / "in");
  fs::copy_file(kCleanRock, dir_ / "in/a.jpg");
  fs::create_directories(dir_ / "out");
  const std::string batch = "batch " + (dir_ / "in").string() + " -o " + (dir_ / "out").string();
  {
    // Another run holding the folder (this test's process stands in for it).
    const FolderLock other((dir_ / "out").string());
    const testing::CliRun refused = Scorecheck(batch);
    EXPECT_EQ(refused.exit_code, 2);
    EXPECT_EQ(Lines(refused.err), 1) << refused.err;
    EXPECT_NE(refused.err.find("another scorecheck (process " + std::to_string(::getpid()) +
                               ") is writing this report"),
              std::string::npos)
        << refused.err;
    EXPECT_FALSE(fs::exists(dir_ / "out/report.json")) << "the refused run wrote into the folder";
  }
  EXPECT_EQ(Scorecheck(batch).exit_code, 0);  // free again once the other run has ended
  EXPECT_TRUE(fs::exists(dir_ / "out/report.json"));
}

TEST_F(BatchTest, NothingToReadOrABadOptionIsOneClearLine) {
  fs::create_directories(dir_ / "empty");
  const testing::CliRun empty = Scorecheck("batch " + (dir_ / "empty").string() + " -o " + (dir_ / "r").string());
  EXPECT_EQ(empty.exit_code, 2);
  EXPECT_NE(empty.err.find("no image to read in"), std::string::npos) << empty.err;
  const testing::CliRun ruleset =
      Scorecheck("batch " + (dir_ / "empty").string() + " --ruleset yatzy -o " + (dir_ / "r").string());
  EXPECT_EQ(ruleset.exit_code, 2);
  EXPECT_EQ(Lines(ruleset.err), 1) << ruleset.err;
  EXPECT_NE(ruleset.err.find("unknown ruleset \"yatzy\""), std::string::npos) << ruleset.err;
  fs::create_directories(dir_ / "in");
  fs::copy_file(kCleanRock, dir_ / "in/a.jpg");
  const fs::path not_a_folder = Write("taken", "a file where the report folder should go");
  const testing::CliRun unwritable = Scorecheck("batch " + (dir_ / "in").string() + " -o " + not_a_folder.string());
  EXPECT_EQ(unwritable.exit_code, 2);
  EXPECT_EQ(Lines(unwritable.err), 1) << unwritable.err;
  EXPECT_NE(unwritable.err.find(not_a_folder.string() + ": cannot make the report folder"), std::string::npos)
      << unwritable.err;
}

}  // namespace
}  // namespace scorecheck
