// The wait before the bus's next connection attempt: `first`, doubling up to `max`,
// each with ±20 % jitter so that nodes cut off together do not all knock at once;
// reset once the bus is up again.
//
// Thread-safety: a plain value; one thread.
#pragma once

#include <algorithm>
#include <chrono>
#include <cstdint>
#include <random>

namespace bh::cluster {

class Backoff {
 public:
  using ms = std::chrono::milliseconds;
  Backoff(ms first, ms max, std::uint64_t seed) : first_(first), max_(std::max(first, max)), base_(first), rng_(seed) {}

  ms next() {
    const auto base = base_;
    base_ = std::min(base_ * 2, max_);
    std::uniform_int_distribution<std::int64_t> jitter(-base.count() / 5, base.count() / 5);
    return ms(std::max<std::int64_t>(1, base.count() + jitter(rng_)));
  }
  void reset() { base_ = first_; }

 private:
  ms first_;
  ms max_;
  ms base_;
  std::mt19937_64 rng_;
};

}  // namespace bh::cluster
