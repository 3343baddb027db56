// Token buckets by key (a client address): `rate` tokens a second, at most `burst` held.
// take() spends one token when there is one, or says how long until there will be.
// Used for what one address may cost the server: password hashes (register, login),
// new accounts an hour, and failed resumes.
//
// Memory is bounded: past `max_keys` entries, buckets that have refilled completely (an
// address that went quiet) are forgotten, which costs it nothing.
//
// Thread-safety: every method may be called from any thread (one mutex, map work only).
// Time is passed in, so tests drive it without sleeping.
#pragma once

#include <chrono>
#include <cstddef>
#include <cstdint>
#include <mutex>
#include <string>
#include <unordered_map>

namespace bh::app {

class TokenBuckets {
 public:
  using Clock = std::chrono::steady_clock;

  // Preconditions: rate > 0, burst >= 1.
  TokenBuckets(double rate, double burst, std::size_t max_keys = 100'000)
      : rate_(rate), burst_(burst), max_keys_(max_keys) {}

  // 0 and a token spent, or the milliseconds until `key` has a token (nothing spent).
  std::int64_t take(const std::string& key, Clock::time_point now);
  // Returns a token spent by take() for work that did not happen (capped at the burst).
  void give_back(const std::string& key);
  std::size_t size() const;

 private:
  struct Bucket {
    double tokens;
    Clock::time_point last;
  };
  void refill(Bucket& bucket, Clock::time_point now) const;
  void forget_full_locked(Clock::time_point now);

  const double rate_;
  const double burst_;
  const std::size_t max_keys_;
  mutable std::mutex mutex_;
  std::unordered_map<std::string, Bucket> buckets_;
};

}  // namespace bh::app
