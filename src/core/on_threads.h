#pragma once
// Independent pieces of one job spread over a few threads: each index is
// worked on exactly once, by whichever worker is free, and the caller puts
// each piece's result in its own slot, so what comes out does not depend on
// how the work was shared. An exception thrown by any piece (a time limit
// passed, a model that would not load) stops the workers taking more and is
// thrown again on the caller's thread once all have stopped.

#include <cstddef>
#include <functional>

namespace scorecheck {

/// Calls `work(worker, i)` once for every i in [0, count), on `workers`
/// threads (the caller's own among them; worker 0 is the caller's). A worker
/// number tells the piece which of the caller's per-thread tools (a reader
/// with its own network) it may use. Throws the first exception a piece threw.
void OnThreads(std::size_t count, int workers, const std::function<void(int worker, std::size_t i)>& work);

}  // namespace scorecheck
