#include "game/chat_rate.hpp"

#include <algorithm>
#include <cmath>

namespace bh::game {

double TokenBucket::tokens_at(Clock::time_point now) const {
  const double seconds = std::chrono::duration<double>(now - last_).count();
  return std::min(burst_, tokens_ + std::max(0.0, seconds) * rate_);
}

std::int64_t TokenBucket::take(Clock::time_point now) {
  const double tokens = tokens_at(now);
  if (tokens >= 1) {
    tokens_ = tokens - 1;
    last_ = std::max(last_, now);
    return 0;
  }
  return std::max<std::int64_t>(1, static_cast<std::int64_t>(std::ceil((1 - tokens) / rate_ * 1000)));
}

bool TokenBucket::full(Clock::time_point now) const { return tokens_at(now) >= burst_; }

std::int64_t ChatRate::take(const std::string& game_id, const std::string& identity,
                            TokenBucket::Clock::time_point now) {
  // Game ids and names never hold a line break, so the key is unambiguous.
  const std::string key = game_id + '\n' + identity;
  auto it = buckets_.find(key);
  if (it == buckets_.end()) {
    if (buckets_.size() >= max_keys_)
      std::erase_if(buckets_, [&](const auto& entry) { return entry.second.full(now); });
    it = buckets_.emplace(key, TokenBucket(kChatRate, kChatBurst, now)).first;
  }
  return it->second.take(now);
}

}  // namespace bh::game
