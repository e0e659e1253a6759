// The learned box reader's cost (issue 62), for tools/bench and docs/speed.md:
// BoxReader::ReadInputs on N ready inputs (the model's forward passes, then
// per box the softmaxes and the CTC beam search), one thread, as a batch
// worker runs it. Per N: the median over the rounds of the whole call, of the
// forward passes alone (Logits) and of the decoding alone (CalibrateBox), in
// ms per card (N boxes) and per box. 126 boxes: a classic 13 x 6 card with
// its totals and bonus boxes; 420: a piecepack page.
//
// Usage: box_reader_bench [--model models/cells.onnx] [--boxes 126 420]
//                         [--rounds 7] [--batch 64] [--beam 8] [--threads 1]
#include <algorithm>
#include <chrono>
#include <cstdio>
#include <ctime>
#include <string>
#include <vector>

#include <CLI/CLI.hpp>
#include <opencv2/core.hpp>

#include "readings/box_reader.h"

namespace {

using namespace scorecheck;
using Clock = std::chrono::steady_clock;

double MsSince(Clock::time_point start) {
  return std::chrono::duration<double, std::milli>(Clock::now() - start).count();
}

// This process's CPU time, ms: less disturbed than wall time when other
// work shares the cores (the wall time is what a user waits).
double CpuMs() {
  timespec ts;
  clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &ts);
  return ts.tv_sec * 1e3 + ts.tv_nsec / 1e6;
}

double Median(std::vector<double> v) {
  std::sort(v.begin(), v.end());
  return v.size() % 2 ? v[v.size() / 2] : (v[v.size() / 2 - 1] + v[v.size() / 2]) / 2;
}

// n inputs: uniform noise under a paper band, so that the CTC steps are not
// all one class (the beam search has work to do), fixed seed.
std::vector<cv::Mat> RandomInputs(int n) {
  cv::RNG rng(62);
  std::vector<cv::Mat> inputs;
  for (int i = 0; i < n; ++i) {
    cv::Mat input(32, 128, CV_32F);
    rng.fill(input, cv::RNG::UNIFORM, 0.0f, 1.0f);
    input.colRange(40 + i % 80, 128).setTo(0);  // the resized crop's width varies
    inputs.push_back(input);
  }
  return inputs;
}

}  // namespace

int main(int argc, char** argv) {
  CLI::App app{"Times BoxReader::ReadInputs on random inputs"};
  std::string model = std::string(SCORECHECK_SOURCE_DIR) + "/models/cells.onnx";
  std::vector<int> sizes = {126, 420};
  int rounds = 7, threads = 1;
  BoxReaderOptions options;
  app.add_option("--model", model, "the box model (ONNX)");
  app.add_option("--boxes", sizes, "boxes per card, one timing each");
  app.add_option("--rounds", rounds, "timed rounds per size (after one warm-up); the median is printed");
  app.add_option("--batch", options.batch, "boxes per forward pass");
  app.add_option("--beam", options.beam_width, "CTC beam width");
  app.add_option("--threads", threads, "cv::setNumThreads (1: a batch worker's setting)");
  CLI11_PARSE(app, argc, argv);
  if (!options.Check() || rounds < 1) {
    std::fprintf(stderr, "invalid options\n");
    return 2;
  }

  cv::setNumThreads(threads);
  std::unique_ptr<BoxReader> reader;
  try {
    reader = BoxReader::Create(model, options);
  } catch (const std::exception& e) {
    std::fprintf(stderr, "%s\n", e.what());
    return 1;
  }
  std::printf("model %s, %d thread(s), batch %d, beam %d, %d rounds (median)\n", model.c_str(), threads,
              options.batch, options.beam_width, rounds);
  std::printf("%6s %10s %10s %14s %10s %15s %14s %11s\n", "boxes", "ms/card", "ms/box", "cpu ms/card",
              "cpu ms/box", "forward ms/box", "decode ms/box", "digits/box");
  for (int n : sizes) {
    const std::vector<cv::Mat> inputs = RandomInputs(n);
    reader->ReadInputs(inputs);  // warm-up: first-call allocations
    std::vector<double> whole, cpu, forward, decode;
    double numbers = 0;
    for (int r = 0; r < rounds; ++r) {
      auto start = Clock::now();
      const double cpu_start = CpuMs();
      const std::vector<BoxReading> readings = reader->ReadInputs(inputs);
      whole.push_back(MsSince(start));
      cpu.push_back(CpuMs() - cpu_start);
      start = Clock::now();
      const std::vector<BoxLogits> logits = reader->Logits(inputs);
      forward.push_back(MsSince(start));
      start = Clock::now();
      for (const BoxLogits& l : logits) numbers += CalibrateBox(l, reader->calibration(), options).numbers.size();
      decode.push_back(MsSince(start));
    }
    const double card = Median(whole), cpu_card = Median(cpu);
    std::printf("%6d %10.2f %10.4f %14.2f %10.4f %15.4f %14.4f %11.1f\n", n, card, card / n, cpu_card, cpu_card / n,
                Median(forward) / n, Median(decode) / n, numbers / rounds / n);
  }
  return 0;
}
