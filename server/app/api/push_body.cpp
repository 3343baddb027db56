#include "app/api/push_body.hpp"

#include <utility>

namespace bh::app::api {

void PushBody::next(std::function<void(Piece)> give) {
  std::unique_lock lock(mutex_);
  waiting_ = std::move(give);
  hand_out(lock);
}

bool PushBody::push(std::string text) {
  std::unique_lock lock(mutex_);
  if (ended_) return false;
  last_push_ = std::chrono::steady_clock::now();
  if (queued_.size() + text.size() > max_queued_) {
    ended_ = cut_ = true;  // a reader this far behind has stopped reading
    queued_.clear();
  } else {
    queued_ += text;
  }
  hand_out(lock);
  return !cut_;
}

void PushBody::end() {
  std::unique_lock lock(mutex_);
  if (ended_) return;
  ended_ = true;
  hand_out(lock);
}

bool PushBody::ended() const {
  std::lock_guard lock(mutex_);
  return ended_;
}

std::chrono::steady_clock::time_point PushBody::last_push() const {
  std::lock_guard lock(mutex_);
  return last_push_;
}

// Gives the waiting network layer what there is: the queued text, or the end.
void PushBody::hand_out(std::unique_lock<std::mutex>& lock) {
  if (!waiting_ || (queued_.empty() && !ended_)) return;
  Piece piece;
  piece.text = std::exchange(queued_, {});
  piece.end = ended_ && !cut_;
  piece.failed = cut_;
  auto give = std::exchange(waiting_, nullptr);
  lock.unlock();
  give(std::move(piece));
}

}  // namespace bh::app::api
