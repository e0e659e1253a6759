// Runs the scorecheck binary: exit codes, one-line errors naming the file,
// batches that go on past a bad file, and report files written whole.


#include <filesystem>
#include <fstream>
#include <sstream>

#include <gtest/gtest.h>
#include <nlohmann/json.hpp>
#include <opencv2/imgcodecs.hpp>
#include <opencv2/imgproc.hpp>

#include "support/cli_fixture.h"
#include "support/test_support.h"
#include "synth/capture.h"

namespace scorecheck {
namespace {

namespace fs = std::filesystem;

using CliTest = testing::CliFixture;
using testing::CliRun;
using testing::Slurp;

const char* kCleanRock = R"({"ruleset": "rock", "columns": [{"index": 0, "cells": {
  "threes": 15, "fours": 20, "fives": 25, "sixes": 30, "upper_subtotal": 90, "upper_bonus": 35, "upper_total": 125,
  "yahtzee": 50, "yahtzee_bonus": {"checks": 1, "points": 50}, "lower_total": 100, "upper_total_copy": 125,
  "grand_total": 225}}]})";

int LineCount(const std::string& text) {
  int lines = 0;
  for (char c : text) lines += c == '\n';
  return lines;
}

TEST_F(CliTest, CleanCardExitsZero) {
  const CliRun run = Scorecheck("verify " + Write("ok.card.json", kCleanRock).string());
  EXPECT_EQ(run.exit_code, 0) << run.err;
  EXPECT_NE(run.out.find("OK (grand total 225)"), std::string::npos) << run.out;
}

TEST_F(CliTest, FindingsExitOneAndTheJsonReportIsWritten) {
  std::string card = kCleanRock;
  card.replace(card.find("\"grand_total\": 225"), 18, "\"grand_total\": 235");
  const fs::path report = dir_ / "out" / "report.json";
  const CliRun run = Scorecheck("verify " + Write("bad.card.json", card).string() + " --json " + report.string());
  EXPECT_EQ(run.exit_code, 1) << run.err;
  EXPECT_NE(run.out.find("1 error; column 1: grand total written 235, recomputed 225"), std::string::npos) << run.out;
  const auto json = nlohmann::json::parse(Slurp(report));
  EXPECT_EQ(json["grids"][0]["findings"][0]["code"], "TOTAL_MISMATCH");
  // No temporary file left beside the report.
  int files = 0;
  for (const auto& entry : fs::directory_iterator(dir_ / "out")) files += entry.is_regular_file();
  EXPECT_EQ(files, 1);
}

TEST_F(CliTest, BadInputsExitTwoWithOneLineNamingTheFile) {
  const std::vector<std::pair<std::string, std::string>> cases = {
      {"truncated.json", R"({"ruleset": "rock", "columns": [)"},
      {"empty.json", ""},
      {"binary.json", std::string("\x89PNG\r\n\x1a\n\0\0", 10)},
      {"unknown_ruleset.json", R"({"ruleset": "yatzy", "columns": [{}]})"},
      {"unknown_row.json", R"({"ruleset": "rock", "columns": [{"cells": {"sevens": 1}}]})"},
      {"string_number.json", R"({"ruleset": "rock", "columns": [{"cells": {"fours": "12"}}]})"},
      {"negative.json", R"({"ruleset": "rock", "columns": [{"cells": {"fours": -4}}]})"},
      {"absurd.json", R"({"ruleset": "rock", "columns": [{"cells": {"fours": 123456789}}]})"},
      {"columns.json", R"({"ruleset": "triple", "columns": [{}, {}, {}, {}]})"},
      {"not_object.json", "[]"},
  };
  for (const auto& [name, contents] : cases) {
    const fs::path path = Write(name, contents);
    const CliRun run = Scorecheck("verify " + path.string());
    EXPECT_EQ(run.exit_code, 2) << name << ": " << run.err;
    EXPECT_EQ(LineCount(run.err), 1) << name << ": " << run.err;
    EXPECT_NE(run.err.find(path.string()), std::string::npos) << name << ": " << run.err;
    EXPECT_TRUE(run.out.empty()) << name << ": " << run.out;
  }
  const CliRun missing = Scorecheck("verify " + (dir_ / "nope.json").string());
  EXPECT_EQ(missing.exit_code, 2);
  EXPECT_NE(missing.err.find("nope.json: cannot read"), std::string::npos) << missing.err;
  // A photo given to verify is told to use scan (not "malformed JSON").
  const std::string photo = std::string(SCORECHECK_SOURCE_DIR) + "/samples/synthetic/0003-rock-scan.jpg";
  const CliRun jpeg = Scorecheck("verify " + photo);
  EXPECT_EQ(jpeg.exit_code, 2);
  EXPECT_EQ(LineCount(jpeg.err), 1) << jpeg.err;
  EXPECT_NE(jpeg.err.find("this is a photo or a scan (jpeg), not a typed card: read it with `scorecheck scan " + photo),
            std::string::npos)
      << jpeg.err;
}

TEST_F(CliTest, BatchGoesOnPastABadFileAndListsIt) {
  Write("cards/a.card.json", kCleanRock);
  Write("cards/b.card.json", "{oops");
  Write("cards/c.card.json", kCleanRock);
  Write("cards/notes.txt", "not a card");
  const CliRun run = Scorecheck("verify " + (dir_ / "cards").string() + " --out-dir " + (dir_ / "reports").string());
  EXPECT_EQ(run.exit_code, 2);
  EXPECT_NE(run.out.find("3 cards: 2 OK, 0 with findings, 1 could not be read"), std::string::npos) << run.out;
  EXPECT_NE(run.out.find("b.card.json"), std::string::npos);
  EXPECT_TRUE(fs::exists(dir_ / "reports" / "a.report.json"));
  EXPECT_TRUE(fs::exists(dir_ / "reports" / "c.report.json"));
  EXPECT_FALSE(fs::exists(dir_ / "reports" / "b.report.json"));
}

TEST_F(CliTest, UnwritableReportIsAnErrorNotACrash) {
  const fs::path card = Write("ok.card.json", kCleanRock);
  Write("blocker", "a file where a folder should be");
  const CliRun run = Scorecheck("verify " + card.string() + " --json " + (dir_ / "blocker" / "r.json").string());
  EXPECT_EQ(run.exit_code, 2);
  EXPECT_NE(run.err.find("cannot write"), std::string::npos) << run.err;
}

TEST_F(CliTest, TripleEntriesOptionForcesTheConvention) {
  const std::string card = R"({"ruleset": "triple", "columns": [{"index": 2, "cells": {"full_house": 75}}]})";
  const fs::path path = Write("t.card.json", card);
  EXPECT_EQ(Scorecheck("verify " + path.string()).exit_code, 0);
  const CliRun raw = Scorecheck("verify --triple-entries raw " + path.string());
  EXPECT_EQ(raw.exit_code, 1);
  EXPECT_NE(raw.out.find("is not a possible score"), std::string::npos) << raw.out;
  EXPECT_EQ(Scorecheck("verify --triple-entries sideways " + path.string()).exit_code, 2);
}

TEST_F(CliTest, RulesListsAndShowsRulesets) {
  const CliRun list = Scorecheck("rules");
  EXPECT_EQ(list.exit_code, 0);
  for (const char* id : {"classic", "piecepack", "triple", "rock", "fivezee", "rollem"})
    EXPECT_NE(list.out.find(id), std::string::npos) << id;
  const CliRun rock = Scorecheck("rules rock");
  EXPECT_EQ(rock.exit_code, 0);
  EXPECT_NE(rock.out.find("50 then 100 per tick, at most 2"), std::string::npos) << rock.out;
  EXPECT_NE(rock.out.find("Small straight"), std::string::npos) << rock.out;
  const CliRun unknown = Scorecheck("rules nope");
  EXPECT_EQ(unknown.exit_code, 2);
  EXPECT_NE(unknown.err.find("unknown ruleset \"nope\""), std::string::npos);
}

TEST_F(CliTest, ScanRefusesBadImagesWithOneLine) {
  std::string huge_png = "\x89PNG\r\n\x1a\n";
  huge_png += std::string("\0\0\0\x0d", 4) + "IHDR" + std::string("\0\0\x9c\x40\0\0\x9c\x40\x08\x02\0\0\0\0\0\0\0", 17);
  const std::vector<std::tuple<std::string, std::string, std::string>> cases = {
      {"letter.jpg", "Dear organiser, here are the cards.", "not a photo or a scan (a text file)"},
      {"cut.jpg", std::string("\xFF\xD8\xFF\xE0\0\x10JFIF", 10) + std::string(100, 'x'), "truncated JPEG"},
      {"huge.png", huge_png, "40000 x 40000"},
      {"empty.png", "", "empty"},
  };
  for (const auto& [name, contents, reason] : cases) {
    const CliRun run = Scorecheck("scan " + Write(name, contents).string());
    EXPECT_EQ(run.exit_code, 2) << name;
    EXPECT_EQ(LineCount(run.err), 1) << name << ": " << run.err;
    EXPECT_NE(run.err.find(name), std::string::npos) << run.err;
    EXPECT_NE(run.err.find(reason), std::string::npos) << name << ": " << run.err;
  }
}

// The ten kinds of bad image of issue 35 (and a damaged photo): exit 2 and
// exactly one line on stderr naming the file, nothing from the libraries.
TEST_F(CliTest, EveryKindOfBadImageIsOneLineNamingTheFile) {
  const std::string photo = testing::Slurp(std::string(SCORECHECK_SOURCE_DIR) + "/samples/synthetic/0006-classic-photo.jpg");
  auto encode = [](const cv::Mat& image, const std::string& ext) {
    std::vector<uchar> bytes;
    cv::imencode(ext, image, bytes);
    return std::string(bytes.begin(), bytes.end());
  };
  std::string huge_png = "\x89PNG\r\n\x1a\n";
  huge_png += std::string("\0\0\0\x0d", 4) + "IHDR" + std::string("\0\0\x9c\x40\0\0\x9c\x40\x08\x02\0\0\0\0\0\0\0", 17);
  std::string random(5000, '\0');
  for (size_t i = 0; i < random.size(); ++i) random[i] = static_cast<char>((i * 2654435761u) >> 13);
  std::string damaged = photo;
  damaged.erase(damaged.size() / 2, 40000);
  // A TIFF whose header claims 30000 x 30000 pixels (2.7 GB decoded).
  std::string huge_tiff = encode(cv::Mat(8, 8, CV_8UC1, cv::Scalar(255)), ".tiff");
  for (size_t at = 0; at + 12 <= huge_tiff.size(); at += 2) {
    const unsigned tag = static_cast<unsigned char>(huge_tiff[at]) | static_cast<unsigned char>(huge_tiff[at + 1]) << 8;
    const bool size_tag = tag == 256 || tag == 257;
    if (!size_tag || huge_tiff.compare(at + 4, 4, std::string("\1\0\0\0", 4)) != 0) continue;
    huge_tiff.replace(at + 2, 2, std::string("\4\0", 2));                   // LONG
    huge_tiff.replace(at + 8, 4, std::string("\x30\x75\0\0", 4));          // 30000
  }
  const std::vector<std::tuple<std::string, std::string, std::string>> cases = {
      {"empty.jpg", "", "empty"},
      {"random.jpg", random, "not a photo or a scan"},
      {"letter.png", "Dear organiser, here are the cards.", "not a photo or a scan (a text file)"},
      {"cut50.jpg", photo.substr(0, photo.size() / 2), "truncated JPEG"},
      {"cut90.jpg", photo.substr(0, photo.size() * 9 / 10), "truncated JPEG"},
      {"damaged.jpg", damaged, "damaged JPEG"},
      {"huge.png", huge_png, "40000 x 40000"},
      {"huge.tif", huge_tiff, "could not be decoded"},
      // A WebP header with "DICM" at byte 128: OpenCV could hand it to its
      // DICOM reader, which aborted the process (found by fuzz/image_load_fuzz
      // on a broken header, now refused by the line below).
      {"dicom.webp", std::string("RIFF\x96\x01\0\0WEBPVP8 ", 16) + std::string(112, '\0') + "DICM\xff\x20",
       "a DICOM file"},
      // ... and without it: OpenCV passed the file on to GDAL, which printed its own line.
      {"broken.webp", std::string("RIFF\x96\x01\0\0WEBPWP8 ", 16) + std::string(130, '\0'), "damaged WebP header"},
      // A PNM header OpenCV's PNM reader does not claim, with "DTED" at byte
      // 140: OpenCV handed it to GDAL, whose drivers read it as whatever it
      // looked like to them (a GIF so went to GDAL's GIF driver, which
      // printed its own line).
      {"map.pnm", "P6x 4 4 255\n" + std::string(128, '\x80') + "DTED" + std::string(60, '\0'), "a DTED file"},
      {"plain.gif", std::string("GIF89a\x01\0\x01\0\x80\0\0", 13) + std::string(187, '\0'), "a GIF picture"},
      {"dot.png", encode(cv::Mat(1, 1, CV_8UC3, cv::Scalar::all(255)), ".png"), "holds no scorecard"},
      {"strip.png", encode(cv::Mat(200, 20000, CV_8UC1, cv::Scalar(255)), ".png"), "no "},
      {"deep.png", encode(cv::Mat(300, 400, CV_16UC1, cv::Scalar(40000)), ".png"), "no "},
  };
  for (const auto& [name, contents, reason] : cases) {
    const CliRun run = Scorecheck("scan " + Write(name, contents).string());
    EXPECT_EQ(run.exit_code, 2) << name << ": " << run.err;
    EXPECT_EQ(LineCount(run.err), 1) << name << ": " << run.err;
    EXPECT_EQ(run.err.rfind("scorecheck: " + (dir_ / name).string() + ": ", 0), 0u) << name << ": " << run.err;
    EXPECT_NE(run.err.find(reason), std::string::npos) << name << ": " << run.err;
  }
  const CliRun missing = Scorecheck("scan " + (dir_ / "missing.jpg").string());
  EXPECT_EQ(missing.exit_code, 2);
  EXPECT_EQ(LineCount(missing.err), 1) << missing.err;
  EXPECT_NE(missing.err.find("missing.jpg"), std::string::npos) << missing.err;
}

TEST_F(CliTest, ScanOfAPageWithoutAGridSaysSo) {
  cv::Mat blank(1400, 1000, CV_8UC3, cv::Scalar::all(245));
  cv::putText(blank, "Minutes of the charity ride committee", cv::Point(80, 200), cv::FONT_HERSHEY_SIMPLEX, 1.2,
              cv::Scalar::all(20), 2);
  std::vector<uchar> png;
  cv::imencode(".png", blank, png);
  const CliRun run = Scorecheck("scan " + Write("minutes.png", std::string(png.begin(), png.end())).string());
  EXPECT_EQ(run.exit_code, 2);
  EXPECT_NE(run.err.find("holds no scorecard"), std::string::npos) << run.err;
}

TEST_F(CliTest, ScanOfAPhotoOfSomethingElseExitsTwoNamingTheFile) {
  // A photographed table of figures: ruled lines that cross, like a
  // scorecard's, but not a scorecard (samples/not_scorecards/README.md).
  const fs::path image = fs::path(SCORECHECK_SOURCE_DIR) / "samples/not_scorecards/02-table-photo.jpg";
  if (!fs::exists(image)) GTEST_SKIP() << image << " missing";
  const CliRun run = Scorecheck("scan " + image.string());
  EXPECT_EQ(run.exit_code, 2) << run.err;
  EXPECT_EQ(LineCount(run.err), 1) << run.err;
  EXPECT_NE(run.err.find("02-table-photo.jpg"), std::string::npos) << run.err;
  EXPECT_NE(run.err.find("holds no scorecard"), std::string::npos) << run.err;
}

TEST_F(CliTest, ScanWritesReportAndOverlay) {
  const std::string image = std::string(SCORECHECK_SOURCE_DIR) + "/samples/synthetic/0000-classic-scan.jpg";
  const fs::path report = dir_ / "r.json", overlay = dir_ / "o.png";
  const CliRun run = Scorecheck("scan " + image + " --json " + report.string() + " --overlay " + overlay.string());
  EXPECT_TRUE(run.exit_code == 0 || run.exit_code == 1) << run.err;
  const auto json = nlohmann::json::parse(Slurp(report));
  EXPECT_EQ(json["grids"][0]["ruleset"], "classic");
  EXPECT_EQ(json["page"]["method"], "markers");
  const auto& cell = json["grids"][0]["columns"][0]["cells"][0];
  EXPECT_TRUE(cell.contains("confidence"));
  EXPECT_EQ(cell["bbox"].size(), 4u);
  EXPECT_TRUE(cell.contains("raw"));
  EXPECT_FALSE(cv::imread(overlay.string()).empty());
}

TEST_F(CliTest, EveryPageOfAMultiPageTiffIsScanned) {
  // A sheet-fed scanner's stack: a scorecard, then a blank page.
  const cv::Mat card = cv::imread(std::string(SCORECHECK_SOURCE_DIR) + "/samples/synthetic/0003-rock-scan.jpg");
  ASSERT_FALSE(card.empty());
  const fs::path tiff = dir_ / "stack.tif";
  ASSERT_TRUE(cv::imwritemulti(tiff.string(), std::vector<cv::Mat>{card, cv::Mat(1400, 1000, CV_8UC3, cv::Scalar::all(250))}));
  const CliRun run = Scorecheck("scan " + tiff.string() + " --out-dir " + dir_.string());
  EXPECT_EQ(run.exit_code, 2) << run.err;  // the blank page is a failure, listed
  EXPECT_NE(run.out.find("stack.tif page 1: "), std::string::npos) << run.out;
  EXPECT_NE(run.err.find("stack.tif page 2"), std::string::npos) << run.err;
  EXPECT_NE(run.err.find("holds no scorecard"), std::string::npos) << run.err;
  const auto json = nlohmann::json::parse(Slurp(dir_ / "stack-p1.report.json"));
  EXPECT_EQ(json["grids"][0]["ruleset"], "rock");
  EXPECT_FALSE(fs::exists(dir_ / "stack-p2.report.json"));
}

TEST_F(CliTest, ScanOfTwoCardsInOnePhotoReportsEachWithItsOwnFiles) {
  const cv::Mat rock = cv::imread(std::string(SCORECHECK_SOURCE_DIR) + "/samples/synthetic/0003-rock-scan.jpg");
  const cv::Mat classic = cv::imread(std::string(SCORECHECK_SOURCE_DIR) + "/samples/synthetic/0000-classic-scan.jpg");
  std::mt19937 rng(11);
  const fs::path photo = dir_ / "table.jpg";
  ASSERT_TRUE(cv::imwrite(photo.string(), PhotographSideBySide({classic, rock}, rng)));
  const CliRun run = Scorecheck("scan " + photo.string() + " --json " + (dir_ / "r.json").string());
  EXPECT_TRUE(run.exit_code == 0 || run.exit_code == 1) << run.err;
  EXPECT_NE(run.out.find("table.jpg#1: "), std::string::npos) << run.out;
  EXPECT_NE(run.out.find("table.jpg#2: OK (grand total 84)"), std::string::npos) << run.out;
  EXPECT_NE(run.out.find("2 cards: "), std::string::npos) << run.out;
  // One report per card, left to right; none under the name given for one.
  EXPECT_EQ(nlohmann::json::parse(Slurp(dir_ / "r-card1.json"))["grids"][0]["ruleset"], "classic");
  EXPECT_EQ(nlohmann::json::parse(Slurp(dir_ / "r-card2.json"))["grids"][0]["ruleset"], "rock");
  EXPECT_FALSE(fs::exists(dir_ / "r.json"));
}

TEST_F(CliTest, ScanOutDirKeepsPhotosOfTheSameNameApart) {
  const std::string card = std::string(SCORECHECK_SOURCE_DIR) + "/samples/synthetic/0003-rock-scan.jpg";
  fs::create_directories(dir_ / "in/a");
  fs::create_directories(dir_ / "in/b");
  fs::copy_file(card, dir_ / "in/a/IMG_0001.jpg");
  fs::copy_file(card, dir_ / "in/b/IMG_0001.jpg");
  const CliRun run = Scorecheck("scan " + (dir_ / "in").string() + " --out-dir " + (dir_ / "out").string());
  EXPECT_EQ(run.exit_code, 0) << run.err;
  for (const char* name : {"a/IMG_0001.report.json", "b/IMG_0001.report.json", "a/IMG_0001.overlay.png",
                           "b/IMG_0001.overlay.png"})
    EXPECT_TRUE(fs::exists(dir_ / "out" / name)) << name;
}

TEST_F(CliTest, AMistypedCommandGetsDidYouMean) {
  for (const auto& [typed, meant] : std::vector<std::pair<std::string, std::string>>{
           {"scna", "scan"}, {"bacth", "batch"}, {"veriyf", "verify"}, {"reveiw", "review"}, {"aud", "audit"}}) {
    const CliRun run = Scorecheck(typed + " x");
    EXPECT_EQ(run.exit_code, 2) << typed;
    EXPECT_EQ(run.err, "scorecheck: unknown command \"" + typed + "\"; did you mean \"" + meant + "\"?\n");
  }
  const CliRun far = Scorecheck("frobnicate");
  EXPECT_EQ(far.exit_code, 2);
  EXPECT_NE(far.err.find("(commands: verify, rules, sheet, scan, batch, review, audit)"), std::string::npos) << far.err;
}

TEST_F(CliTest, VerboseAndQuietTogetherAreRefusedInOneLine) {
  const CliRun run = Scorecheck("-v -q verify x.card.json");
  EXPECT_EQ(run.exit_code, 2);
  EXPECT_EQ(run.err, "scorecheck: -v (--verbose) and -q (--quiet) ask for opposite things; give one of them\n");
}

TEST_F(CliTest, EveryCommandsHelpShowsDefaultsAnExampleAndExitCodes) {
  for (const char* command : {"", "verify", "rules", "sheet", "scan", "batch", "review", "audit"}) {
    const CliRun run = Scorecheck(std::string(command) + " --help");
    EXPECT_EQ(run.exit_code, 0) << command;
    if (*command) {
      EXPECT_NE(run.out.find("Example:"), std::string::npos) << command << ":\n" << run.out;
      EXPECT_NE(run.out.find("Exit codes:"), std::string::npos) << command;
    }
    // Written for people: no type names, ranges, "=[]", "REQUIRED", finding
    // codes, file formats of the insides or option names echoed as what they take.
    for (const char* word : {"TEXT", "FLOAT", "INT", "REQUIRED", "=[]", " in [", "UNCERTAIN_READ", "Positionals",
                             "Subcommands", ".onnx", "TRIPLE_ENTRIES", "CORRECTIONS", "OUT_DIR", "--json JSON"})
      EXPECT_EQ(run.out.find(word), std::string::npos) << command << " --help says " << word << ":\n" << run.out;
  }
  const std::string batch = Scorecheck("batch --help").out;
  EXPECT_NE(batch.find("--ruleset GAME"), std::string::npos) << batch;
  EXPECT_NE(batch.find("(default: auto)"), std::string::npos) << batch;
  EXPECT_NE(batch.find("-o,--out FOLDER"), std::string::npos) << batch;
  EXPECT_NE(Scorecheck("scan --help").out.find("(default: 0.9)"), std::string::npos);
}

TEST_F(CliTest, BrokenTemplatesFolderIsReported) {
  Write("templates/rulesets/bad.json", "{\"id\": 1}");
  const CliRun run = Scorecheck("--templates " + (dir_ / "templates").string() + " rules");
  EXPECT_EQ(run.exit_code, 2);
  EXPECT_NE(run.err.find("bad.json"), std::string::npos) << run.err;
}

}  // namespace
}  // namespace scorecheck
