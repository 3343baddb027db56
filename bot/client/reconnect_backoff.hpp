// The wait before each reconnection: 0.5 s, doubling up to 10 s, each with up to ±20 %
// jitter so that bots cut off together do not all come back in the same instant; reset
// once a connection has logged in again. The server's own retry_after_ms, when it gave
// one, is a floor.
//
// Thread-safety: a plain value; one thread.
#pragma once

#include <cstdint>
#include <optional>
#include <random>

namespace bh::bot::client {

class ReconnectBackoff {
 public:
  static constexpr std::int64_t first_ms = 500;
  static constexpr std::int64_t max_ms = 10'000;

  explicit ReconnectBackoff(std::uint64_t seed = std::random_device{}()) : rng_(seed) {}
  // The next wait, in milliseconds, and the step after it doubled.
  std::int64_t next(std::optional<std::int64_t> retry_after_ms = std::nullopt);
  void reset() { base_ms_ = first_ms; }
  std::int64_t base_ms() const { return base_ms_; }

 private:
  std::int64_t base_ms_ = first_ms;
  std::mt19937_64 rng_;
};

}  // namespace bh::bot::client
