#include "app/pending_writes.hpp"

namespace bh::app {

void PendingWrites::add() {
  std::lock_guard lock(mutex_);
  ++count_;
}
void PendingWrites::done() {
  std::vector<std::function<void()>> ready;
  {
    std::lock_guard lock(mutex_);
    if (--count_ == 0) ready.swap(waiters_);
  }
  for (auto& f : ready) f();
}
void PendingWrites::when_idle(std::function<void()> callback) {
  {
    std::lock_guard lock(mutex_);
    if (count_ > 0) {
      waiters_.push_back(std::move(callback));
      return;
    }
  }
  callback();
}

}  // namespace bh::app
