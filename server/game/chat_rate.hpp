// How often one identity may chat in one game: a token bucket per (game, identity),
// kChatRate lines a second with at most kChatBurst at once (5 lines per 10 s, a burst
// of 3). A line over the limit is dropped and its sender told when a token comes.
//
// TokenBucket is a plain value (time passed in); ChatRate keeps the buckets of one room.
// Memory is bounded: past `max_keys` buckets, those that have refilled completely (an
// identity that went quiet) are forgotten, which costs them nothing.
//
// Thread-safety: none; a room's ChatRate is used on its strand only.
#pragma once

#include <chrono>
#include <cstddef>
#include <cstdint>
#include <string>
#include <unordered_map>

namespace bh::game {

inline constexpr double kChatRate = 0.5;  // lines a second
inline constexpr double kChatBurst = 3;

class TokenBucket {
 public:
  using Clock = std::chrono::steady_clock;
  // Full at `now`. Preconditions: rate > 0, burst >= 1.
  TokenBucket(double rate, double burst, Clock::time_point now)
      : rate_(rate), burst_(burst), tokens_(burst), last_(now) {}
  // 0 and a token spent, or the milliseconds until there is one (nothing spent).
  std::int64_t take(Clock::time_point now);
  bool full(Clock::time_point now) const;

 private:
  double tokens_at(Clock::time_point now) const;
  double rate_, burst_, tokens_;
  Clock::time_point last_;
};

class ChatRate {
 public:
  explicit ChatRate(std::size_t max_keys = 1024) : max_keys_(max_keys) {}
  // 0 and a line allowed, or the milliseconds until `identity` may chat in `game_id`.
  std::int64_t take(const std::string& game_id, const std::string& identity, TokenBucket::Clock::time_point now);
  std::size_t size() const { return buckets_.size(); }

 private:
  std::size_t max_keys_;
  std::unordered_map<std::string, TokenBucket> buckets_;
};

}  // namespace bh::game
