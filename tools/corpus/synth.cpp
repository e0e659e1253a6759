// synth: generates a synthetic corpus of filled, photographed scorecards with
// truth files, deterministically from a seed.
//
//   tools/synth --seed S --count N -o DIR [--rulesets a,b] [--profiles scan,photo,lowres,rotated,steep,...]
//               [--style-seeds A-B] [--own-share X] [--acceptance]
//
// Card i gets ruleset i mod R and profile (i / R) mod P, so any 24 consecutive
// cards cover every pair; everything else (game, mistake, writer, camera)
// follows from the seed and i. Card i is on our own sheet when a number drawn
// from its card seed falls below --own-share (default 1/3), else on the random
// sheet of style seed A + (i mod (B - A + 1)) (testkit/sheets): with --count
// at most B - A + 1, every random card has a style of its own.
// Reserved seeds (tools/corpus/SEEDS.md): corpus seeds 950000-959999 and
// style seeds 5000000-5999999 are refused unless --acceptance is given.
// Every card's truth is checked against the verifier before it is written: a
// truth file whose findings differ from the injected mistake's would poison
// every measurement made with it.

#include <atomic>
#include <chrono>
#include <filesystem>
#include <iostream>
#include <mutex>
#include <thread>

#include <CLI/CLI.hpp>
#include <opencv2/core.hpp>

#include "core/error.h"
#include "core/text.h"
#include "corpus/synth_card.h"
#include "sheets/seed_ranges.h"
#include "verify/verify.h"

namespace scorecheck {
namespace {

struct Args {
  std::uint64_t seed = 1;
  int count = 24;
  std::string out;
  std::vector<std::string> rulesets;
  std::vector<std::string> profiles = {"scan", "photo", "lowres", "rotated"};
  int threads = 2;
  std::string templates = SCORECHECK_TEMPLATES_DIR;
  std::string digits = kDigitsPngPath;
  std::string digit_half = "test";  // "training": cards to train the digit reader on, never to measure with
  double mistake_rate = 1.0 / 3;
  std::string style_seeds = "1-100000";  // random sheet styles, A-B (development seeds by default)
  double own_share = 1.0 / 3;            // share of cards on our own sheet
  std::string style;                     // old switch: own = --own-share 1, other = --own-share 0
  bool acceptance = false;               // allow the reserved acceptance seeds
  bool jpeg = false;           // store every image as JPEG (small committed samples)
  int jpeg_quality_max = 100;  // cap on the profile's JPEG quality
};

std::uint64_t CardSeed(std::uint64_t seed, int index) {
  // splitmix64: well-spread seeds for neighbouring card numbers.
  std::uint64_t z = seed * 0x9E3779B97F4A7C15ull + static_cast<std::uint64_t>(index) + 1;
  z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ull;
  z = (z ^ (z >> 27)) * 0x94D049BB133111EBull;
  return z ^ (z >> 31);
}

// The verifier's error findings must be exactly the expected ones.
std::string CheckTruth(const SynthCard& made, const RulesetLibrary& rulesets) {
  const Verification verification = VerifyCard(made.card, rulesets);
  for (size_t g = 0; g < made.card.grids.size(); ++g) {
    std::vector<ExpectedFinding> found;
    for (const Finding& f : verification.grids[g].findings)
      if (f.severity == Severity::kError) found.push_back({f.code, f.row, f.column});
    std::sort(found.begin(), found.end());
    if (found != made.expected[g]) return "grid " + std::to_string(g) + ": the verifier disagrees with the injected findings";
  }
  return "";
}

// Whether card `index` goes on our own sheet: a uniform number from its card
// seed (its top 53 bits) below the share, so the choice does not depend on
// the ruleset or profile the card got.
bool OnOwnSheet(std::uint64_t card_seed, double own_share) {
  return static_cast<double>(card_seed >> 11) * 0x1.0p-53 < own_share;
}

// Refuses reserved seeds outside an acceptance run, and anything but reserved
// seeds in one (an acceptance figure must come from seeds nobody developed on).
void CheckSeeds(const Args& args, const SeedRange& styles) {
  const bool reserved = IsReservedCardSeed(args.seed) || OverlapsReservedStyleSeeds(styles);
  if (!args.acceptance) {
    SC_CHECK(!reserved, ReservedSeedsMessage());
    return;
  }
  SC_CHECK(IsReservedCardSeed(args.seed) && styles.first >= kAcceptanceStyleSeedFirst &&
               styles.last <= kAcceptanceStyleSeedLast,
           "--acceptance takes a corpus seed in 950000-959999 and style seeds within 5000000-5999999");
  std::cerr << "synth: " << AcceptanceReminder() << "\n";
}

int Run(const Args& args) {
  const SeedRange styles = ParseSeedRange(args.style_seeds);
  CheckSeeds(args, styles);
  const double own_share = args.style == "own" ? 1.0 : args.style == "other" ? 0.0 : args.own_share;
  const RulesetLibrary rulesets = RulesetLibrary::LoadFolder(args.templates + "/rulesets");
  const std::vector<std::string> ids = args.rulesets.empty() ? rulesets.Ids() : args.rulesets;
  for (const std::string& id : ids) rulesets.Get(id);
  std::vector<CaptureProfile> profiles;
  for (const std::string& name : args.profiles) {
    auto profile = ParseCaptureProfile(name);
    SC_CHECK(profile, "unknown profile \"" << name
                                       << "\" (scan, photo, lowres, rotated, steep, motion, shadow, dim, pattern, "
                                          "cutoff, copy, curl)");
    profiles.push_back(*profile);
  }
  SC_CHECK(!profiles.empty() && args.count > 0, "nothing to make");
  const bool training = args.digit_half == "training";
  const DigitBank digits = training ? DigitBank::LoadTrainingHalf(args.digits) : DigitBank::LoadTestHalf(args.digits);
  std::filesystem::create_directories(args.out);

  const auto start = std::chrono::steady_clock::now();
  std::atomic<int> next{0}, done{0};
  std::mutex log_mutex;
  std::vector<std::string> failures;
  auto worker = [&] {
    cv::setNumThreads(1);  // parallelism is across cards
    for (int i; (i = next++) < args.count;) {
      SynthCardOptions options;
      options.ruleset = ids[i % ids.size()];
      options.profile = profiles[(i / ids.size()) % profiles.size()];
      options.seed = CardSeed(args.seed, i);
      options.mistake_rate = args.mistake_rate;
      if (!OnOwnSheet(options.seed, own_share)) options.style_seed = styles.first + static_cast<std::uint64_t>(i) % styles.size();
      char stem[128];
      std::snprintf(stem, sizeof stem, "%04d-%s-%s", i, options.ruleset.c_str(), CaptureProfileName(options.profile));
      try {
        SynthCard made = MakeSynthCard(rulesets, digits, options, std::string(stem) + ".jpg");
        const std::string image = std::string(stem) + (args.jpeg ? ".jpg" : made.capture.extension);
        made.truth["image"] = image;
        // eval --harvest-glyphs takes only such cards, and they must never be measured on.
        if (training) made.truth["digit_half"] = "training";
        if (args.acceptance) made.truth["acceptance"] = true;
        const std::string problem = CheckTruth(made, rulesets);
        SC_CHECK(problem.empty(), problem);
        if (args.jpeg) made.capture.extension = ".jpg";
        made.capture.jpeg_quality = std::min(made.capture.jpeg_quality, args.jpeg_quality_max);
        const std::vector<uchar> bytes = EncodeCapture(made.capture);
        WriteFileAtomic(args.out + "/" + image, std::string(bytes.begin(), bytes.end()));
        WriteFileAtomic(args.out + "/" + stem + ".truth.json", made.truth.dump(1) + "\n");
        ++done;
      } catch (const std::exception& e) {
        std::lock_guard<std::mutex> lock(log_mutex);
        failures.push_back(std::string(stem) + ": " + e.what());
      }
    }
  };
  std::vector<std::thread> pool;
  for (int t = 0; t < std::max(1, args.threads); ++t) pool.emplace_back(worker);
  for (std::thread& t : pool) t.join();
  const double seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
  std::cout << "synth: " << done << " cards in " << args.out << " (" << seconds << " s, "
            << seconds * 1000 / std::max(1, done.load()) << " ms per card with " << args.threads << " threads)\n";
  for (const std::string& failure : failures) std::cerr << "synth: " << failure << "\n";
  return failures.empty() ? 0 : 2;
}

}  // namespace
}  // namespace scorecheck

int main(int argc, char** argv) {
  scorecheck::Args args;
  CLI::App app{"synth: a synthetic corpus of filled, photographed scorecards with truth files"};
  app.add_option("--seed", args.seed, "Corpus seed");
  app.add_option("--count", args.count, "Number of cards")->check(CLI::Range(1, 100000));
  app.add_option("-o,--out", args.out, "Output folder")->required();
  app.add_option("--rulesets", args.rulesets, "Rulesets to use (default: all)")->delimiter(',');
  app.add_option("--profiles", args.profiles, "Capture profiles: scan, photo, lowres, rotated; photos as people take them: steep, motion, shadow, dim, pattern, cutoff, copy, curl")->delimiter(',');
  app.add_option("--threads", args.threads, "Worker threads")->check(CLI::Range(1, 64));
  app.add_option("--mistake-rate", args.mistake_rate, "Share of cards with a player mistake")->check(CLI::Range(0.0, 1.0));
  app.add_option("--style-seeds", args.style_seeds,
                 "Random sheet styles A-B: card i gets style A + (i mod (B-A+1)) (default 1-100000)");
  app.add_option("--own-share", args.own_share, "Share of cards on our own sheet (default 1/3; 0 = all random)")
      ->check(CLI::Range(0.0, 1.0));
  app.add_option("--style", args.style, "Old switch: own (= --own-share 1) or other (= --own-share 0)")
      ->check(CLI::IsMember({"mixed", "own", "other"}));
  app.add_flag("--acceptance", args.acceptance,
               "An acceptance run: allows (and requires) the reserved seeds of tools/corpus/SEEDS.md");
  app.add_flag("--jpeg", args.jpeg, "Store every image as JPEG (scans too)");
  app.add_option("--jpeg-quality-max", args.jpeg_quality_max, "Cap on JPEG quality")->check(CLI::Range(30, 100));
  app.add_option("--templates", args.templates, "Templates folder");
  app.add_option("--digits", args.digits, "digits.png (opencv-doc)");
  app.add_option("--digit-half", args.digit_half,
                 "Handwriting from digits.png's test half (every corpus measured on) or its training half "
                 "(cards whose glyphs train the digit reader: eval --harvest-glyphs)")
      ->check(CLI::IsMember({"test", "training"}));
  CLI11_PARSE(app, argc, argv);
  try {
    return scorecheck::Run(args);
  } catch (const std::exception& e) {
    std::cerr << "synth: " << e.what() << "\n";
    return 2;
  }
}
