#include "core/on_threads.h"

#include <atomic>
#include <chrono>
#include <mutex>
#include <set>
#include <stdexcept>
#include <thread>
#include <vector>

#include <gtest/gtest.h>

namespace scorecheck {
namespace {

TEST(OnThreadsTest, EveryPieceIsWorkedOnOnceWhateverTheWorkers) {
  for (int workers : {1, 2, 3, 8}) {
    std::vector<std::atomic<int>> calls(57);
    std::set<int> workers_seen;
    std::mutex mutex;
    OnThreads(calls.size(), workers, [&](int worker, size_t i) {
      ++calls[i];
      const std::lock_guard<std::mutex> lock(mutex);
      workers_seen.insert(worker);
    });
    for (size_t i = 0; i < calls.size(); ++i) EXPECT_EQ(calls[i], 1) << "piece " << i << ", " << workers << " workers";
    EXPECT_GE(*workers_seen.begin(), 0);
    EXPECT_LT(*workers_seen.rbegin(), workers) << "a worker number past the workers asked for";
  }
}

TEST(OnThreadsTest, WorkerZeroIsTheCallersThread) {
  const std::thread::id caller = std::this_thread::get_id();
  std::atomic<bool> zero_elsewhere{false};
  OnThreads(40, 3, [&](int worker, size_t) {
    if (worker == 0 && std::this_thread::get_id() != caller) zero_elsewhere = true;
    std::this_thread::yield();
  });
  EXPECT_FALSE(zero_elsewhere);
}

TEST(OnThreadsTest, NoPiecesNoCalls) {
  int calls = 0;
  OnThreads(0, 4, [&](int, size_t) { ++calls; });
  EXPECT_EQ(calls, 0);
}

TEST(OnThreadsTest, APiecesExceptionReachesTheCallerAndStopsTheRest) {
  // 200 pieces of a millisecond each: all of them would take 0.1 s on two workers.
  std::atomic<int> started{0};
  EXPECT_THROW(OnThreads(200, 2,
                         [&](int, size_t i) {
                           ++started;
                           if (i == 3) throw std::runtime_error("piece 3 failed");
                           std::this_thread::sleep_for(std::chrono::milliseconds(1));
                         }),
               std::runtime_error);
  EXPECT_LT(started, 200) << "the workers went on after a piece failed";
}

}  // namespace
}  // namespace scorecheck
