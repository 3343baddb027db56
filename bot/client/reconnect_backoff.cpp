#include "reconnect_backoff.hpp"

#include <algorithm>

namespace bh::bot::client {

std::int64_t ReconnectBackoff::next(std::optional<std::int64_t> retry_after_ms) {
  std::uniform_int_distribution<std::int64_t> jitter(-base_ms_ / 5, base_ms_ / 5);
  std::int64_t wait = base_ms_ + jitter(rng_);
  if (retry_after_ms) wait = std::max(wait, *retry_after_ms);
  base_ms_ = std::min(base_ms_ * 2, max_ms);
  return wait;
}

}  // namespace bh::bot::client
