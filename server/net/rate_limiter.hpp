// A per-connection message rate limit: a token bucket (rate per second, burst at
// once) and, behind it, a flood allowance for the messages it drops. A client a little
// over the rate loses messages (each answered with "rate_limited"); one that keeps
// sending far beyond it uses up the allowance and is disconnected.
//
// Thread-safety: none; a session uses it on its own strand. Time is passed in, so tests
// drive it without sleeping.
#pragma once

#include <algorithm>
#include <chrono>

namespace bh::net {

class RateLimiter {
 public:
  using Clock = std::chrono::steady_clock;
  enum class Verdict { accept, drop, disconnect };

  // Preconditions: rate >= 1, burst >= 1. The flood allowance is four bursts (at least
  // 50 messages) and refills at the rate, so steady sending at twice the rate only drops.
  RateLimiter(double rate, double burst, Clock::time_point now)
      : rate_(rate),
        burst_(burst),
        flood_capacity_(std::max(50.0, 4 * burst)),
        tokens_(burst),
        flood_(flood_capacity_),
        last_(now) {}

  Verdict on_message(Clock::time_point now) {
    const double elapsed = std::chrono::duration<double>(now - last_).count();
    if (elapsed > 0) {
      last_ = now;
      tokens_ = std::min(burst_, tokens_ + elapsed * rate_);
      flood_ = std::min(flood_capacity_, flood_ + elapsed * rate_);
    }
    if (tokens_ >= 1) {
      tokens_ -= 1;
      return Verdict::accept;
    }
    if (flood_ >= 1) {
      flood_ -= 1;
      return Verdict::drop;
    }
    return Verdict::disconnect;
  }

 private:
  double rate_;
  double burst_;
  double flood_capacity_;
  double tokens_;
  double flood_;
  Clock::time_point last_;
};

}  // namespace bh::net
