// An HTTP body written as things happen (an ndjson stream of docs/api.md): lines are
// pushed by whoever hears of an event, and the network layer takes them when it is ready
// (HttpBodySource: it asks for the next piece once the previous one is written). A
// reader that falls behind by more than `max_queued` bytes is cut off, never buffered
// without bound.
//
// Thread-safety: every method may be called from any thread (a mutex; `give` is called
// outside it).
#pragma once

#include <chrono>
#include <cstddef>
#include <functional>
#include <mutex>
#include <string>

#include "app/application.hpp"

namespace bh::app::api {

class PushBody final : public HttpBodySource {
 public:
  explicit PushBody(std::size_t max_queued = 1 << 20) : max_queued_(max_queued) {}

  void next(std::function<void(Piece)> give) override;
  // Queues `text` (whole lines, each ending in '\n'). False when the body has ended
  // (or is cut off now, for being over its bound).
  bool push(std::string text);
  // No more lines: the body ends once what is queued is written.
  void end();
  bool ended() const;
  // When a line was last pushed (or the body made): the keep-alive's clock.
  std::chrono::steady_clock::time_point last_push() const;

 private:
  void hand_out(std::unique_lock<std::mutex>& lock);

  const std::size_t max_queued_;
  mutable std::mutex mutex_;
  std::string queued_;
  bool ended_ = false;
  bool cut_ = false;
  std::function<void(Piece)> waiting_;  // the network layer's, while nothing is queued
  std::chrono::steady_clock::time_point last_push_ = std::chrono::steady_clock::now();
};

}  // namespace bh::app::api
