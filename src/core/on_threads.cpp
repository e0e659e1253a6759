#include "core/on_threads.h"

#include <algorithm>
#include <atomic>
#include <exception>
#include <mutex>
#include <thread>
#include <vector>

namespace scorecheck {

void OnThreads(std::size_t count, int workers, const std::function<void(int worker, std::size_t i)>& work) {
  // No more threads than pieces, and always the caller's.
  workers = static_cast<int>(std::min<std::size_t>(std::max(workers, 1), std::max<std::size_t>(count, 1)));
  std::atomic<std::size_t> next{0};
  std::atomic<bool> failed{false};
  std::exception_ptr first_error;
  std::mutex error_mutex;
  const auto run = [&](int worker) {
    try {
      for (std::size_t i = next++; i < count && !failed; i = next++) work(worker, i);
    } catch (...) {
      const std::lock_guard<std::mutex> lock(error_mutex);
      if (!first_error) first_error = std::current_exception();
      failed = true;
    }
  };
  std::vector<std::thread> threads;
  threads.reserve(workers - 1);
  for (int w = 1; w < workers; ++w) threads.emplace_back(run, w);
  run(0);
  for (std::thread& t : threads) t.join();
  if (first_error) std::rethrow_exception(first_error);
}

}  // namespace scorecheck
