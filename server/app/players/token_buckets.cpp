#include "app/players/token_buckets.hpp"

#include <algorithm>
#include <cmath>

namespace bh::app {

void TokenBuckets::refill(Bucket& bucket, Clock::time_point now) const {
  const double elapsed = std::chrono::duration<double>(now - bucket.last).count();
  if (elapsed <= 0) return;
  bucket.tokens = std::min(burst_, bucket.tokens + elapsed * rate_);
  bucket.last = now;
}

void TokenBuckets::forget_full_locked(Clock::time_point now) {
  for (auto it = buckets_.begin(); it != buckets_.end();) {
    refill(it->second, now);
    it = it->second.tokens >= burst_ ? buckets_.erase(it) : std::next(it);
  }
}

std::int64_t TokenBuckets::take(const std::string& key, Clock::time_point now) {
  std::lock_guard lock(mutex_);
  auto it = buckets_.find(key);
  if (it == buckets_.end()) {
    if (buckets_.size() >= max_keys_) {
      forget_full_locked(now);
      // Still crowded (addresses from everywhere): start afresh; they gain one burst at most.
      if (buckets_.size() >= max_keys_ / 2) buckets_.clear();
    }
    it = buckets_.emplace(key, Bucket{burst_, now}).first;
  }
  Bucket& bucket = it->second;
  refill(bucket, now);
  if (bucket.tokens >= 1) {
    bucket.tokens -= 1;
    return 0;
  }
  const double seconds = (1 - bucket.tokens) / rate_;
  return std::max<std::int64_t>(1, static_cast<std::int64_t>(std::ceil(seconds * 1000)));
}

void TokenBuckets::give_back(const std::string& key) {
  std::lock_guard lock(mutex_);
  const auto it = buckets_.find(key);
  if (it != buckets_.end()) it->second.tokens = std::min(burst_, it->second.tokens + 1);
}

std::size_t TokenBuckets::size() const {
  std::lock_guard lock(mutex_);
  return buckets_.size();
}

}  // namespace bh::app
