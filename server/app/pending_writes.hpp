// Archive writes in flight, counted so that shutdown waits until the store has them.
//
// Thread-safety: any thread; a mutex guards the count, and the waiters run outside it,
// on the thread of the call that ended the last write (the store's).
#pragma once

#include <functional>
#include <mutex>
#include <vector>

namespace bh::app {

class PendingWrites {
 public:
  void add();
  void done();
  void when_idle(std::function<void()> callback);  // at once if none

 private:
  std::mutex mutex_;
  int count_ = 0;
  std::vector<std::function<void()>> waiters_;
};

}  // namespace bh::app
