#include "app/login_throttle.hpp"

#include <algorithm>

namespace bh::app {

std::int64_t LoginThrottle::wait_ms(const std::string& name) const {
  std::lock_guard lock(mutex_);
  const auto it = entries_.find(name);
  if (it == entries_.end() || it->second.failures < kFree) return 0;
  const int doublings = std::min(it->second.failures - kFree, 6);
  const std::int64_t wait = std::min<std::int64_t>(60'000, std::int64_t{1000} << doublings);
  const auto since =
      std::chrono::duration_cast<std::chrono::milliseconds>(std::chrono::steady_clock::now() - it->second.last).count();
  return std::max<std::int64_t>(0, wait - since);
}

void LoginThrottle::failed(const std::string& name) {
  std::lock_guard lock(mutex_);
  if (entries_.size() > 100'000) entries_.clear();  // bound memory; an attacker gains a fresh count at most
  auto& e = entries_[name];
  e.failures++;
  e.last = std::chrono::steady_clock::now();
}

void LoginThrottle::succeeded(const std::string& name) {
  std::lock_guard lock(mutex_);
  entries_.erase(name);
}

}  // namespace bh::app
