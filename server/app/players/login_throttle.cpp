#include "app/players/login_throttle.hpp"

#include <algorithm>
#include <vector>

namespace bh::app {

namespace {

constexpr std::int64_t kFirstWaitMs = 1'000;
constexpr std::int64_t kLongestWaitMs = 60'000;
constexpr auto kSweepEvery = std::chrono::minutes(1);

std::int64_t ms(LoginThrottle::Clock::duration d) {
  return std::chrono::duration_cast<std::chrono::milliseconds>(d).count();
}

// Drops the entries of `map` changed before `cutoff`; then, while it holds `max` or more,
// the quarter changed longest ago (so a full map does not sweep on every insert).
template <class Map>
void trim(Map& map, LoginThrottle::Clock::time_point cutoff, std::size_t max) {
  std::erase_if(map, [&](const auto& entry) { return entry.second.last < cutoff; });
  if (map.size() < max) return;
  std::vector<LoginThrottle::Clock::time_point> times;
  times.reserve(map.size());
  for (const auto& entry : map) times.push_back(entry.second.last);
  const auto nth = times.begin() + static_cast<std::ptrdiff_t>(times.size() / 4);
  std::nth_element(times.begin(), nth, times.end());
  const auto oldest = *nth;
  std::erase_if(map, [&](const auto& entry) { return entry.second.last <= oldest; });
}

}  // namespace

LoginThrottle::LoginThrottle(Limits limits) : limits_(limits) {}

double LoginThrottle::spent_now(const NameCount& count, Clock::time_point now) const {
  const double hours = std::chrono::duration<double, std::ratio<3600>>(now - count.last).count();
  return std::max(0.0, count.spent - std::max(0.0, hours) * limits_.name_ceiling);
}

std::int64_t LoginThrottle::wait_ms(const std::string& name, const std::string& address, Clock::time_point now) const {
  std::lock_guard lock(mutex_);
  std::int64_t wait = 0;
  int failures = 0;
  if (const auto it = pairs_.find({name, address}); it != pairs_.end() && now - it->second.last < limits_.forget) {
    failures = it->second.failures;
    if (failures >= limits_.free_failures) {
      const int doublings = std::min(failures - limits_.free_failures, 6);
      const std::int64_t backoff = std::min(kLongestWaitMs, kFirstWaitMs << doublings);
      wait = std::max<std::int64_t>(0, backoff - ms(now - it->second.last));
    }
  }
  // The ceiling: past it only the name's last good address, without failures, goes on.
  if (const auto it = names_.find(name); it != names_.end()) {
    const double over = spent_now(it->second, now) - (limits_.name_ceiling - 1);
    const auto good = good_.find(name);
    const bool trusted = failures == 0 && good != good_.end() && good->second.address == address;
    if (over > 0 && !trusted) {
      const double hours = over / limits_.name_ceiling;
      wait = std::max(wait, static_cast<std::int64_t>(hours * 3'600'000) + 1);
    }
  }
  return wait;
}

void LoginThrottle::failed(const std::string& name, const std::string& address, Clock::time_point now) {
  std::lock_guard lock(mutex_);
  sweep_locked(now);
  auto& pair = pairs_[{name, address}];
  if (now - pair.last >= limits_.forget) pair.failures = 0;  // an expired pair not swept yet
  pair.failures++;
  pair.last = now;
  auto& count = names_[name];
  count.spent = spent_now(count, now) + 1;
  count.last = now;
}

void LoginThrottle::succeeded(const std::string& name, const std::string& address, Clock::time_point now) {
  std::lock_guard lock(mutex_);
  sweep_locked(now);
  pairs_.erase({name, address});
  good_[name] = Good{address, now};
}

std::size_t LoginThrottle::size() const {
  std::lock_guard lock(mutex_);
  return pairs_.size() + names_.size() + good_.size();
}

void LoginThrottle::sweep_locked(Clock::time_point now) {
  const auto max = limits_.max_entries;
  const bool full = pairs_.size() >= max || names_.size() >= max || good_.size() >= max;
  if (!full && now - last_sweep_ < kSweepEvery) return;
  last_sweep_ = now;
  trim(pairs_, now - limits_.forget, max);
  // A name's count is worth keeping while it has not refilled.
  std::erase_if(names_, [&](const auto& entry) { return spent_now(entry.second, now) <= 0; });
  trim(names_, now - limits_.forget, max);
  trim(good_, now - limits_.remember_good, max);
}

}  // namespace bh::app
