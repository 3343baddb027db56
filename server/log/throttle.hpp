// A log line that can recur fast (every failed accept while out of file descriptors,
// every refused connection of a flood) is written at most once per interval, with the
// number of lines held back since the last one.
//
// Thread-safety: pass() may be called from any thread.
#pragma once

#include <chrono>
#include <cstdint>
#include <mutex>
#include <optional>
#include <string>

namespace bh::log {

class Throttle {
 public:
  using Clock = std::chrono::steady_clock;
  explicit Throttle(Clock::duration interval) : interval_(interval) {}

  // The line to write now (with " (N more like it held back)" when some were), or
  // nullopt to hold this one back.
  std::optional<std::string> pass(std::string line, Clock::time_point now = Clock::now()) {
    std::lock_guard lock(mutex_);
    if (written_ && now - last_ < interval_) {
      ++held_back_;
      return std::nullopt;
    }
    written_ = true;
    last_ = now;
    if (held_back_ > 0) line += " (" + std::to_string(held_back_) + " more like it held back)";
    held_back_ = 0;
    return line;
  }

 private:
  const Clock::duration interval_;
  std::mutex mutex_;
  bool written_ = false;
  Clock::time_point last_;
  std::uint64_t held_back_ = 0;
};

}  // namespace bh::log
