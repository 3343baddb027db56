#include "app/players/pair_ledger.hpp"

namespace bh::app {

void PairLedger::forget_old_locked(Clock::time_point now) {
  // A sweep of every pair at most once a minute keeps the map to the last day's pairs.
  if (now - last_sweep_ < std::chrono::minutes(1)) return;
  last_sweep_ = now;
  for (auto it = started_.begin(); it != started_.end();) {
    auto& times = it->second;
    while (!times.empty() && now - times.front() >= kWindow) times.pop_front();
    it = times.empty() ? started_.erase(it) : std::next(it);
  }
}

bool PairLedger::full(const std::string& a, const std::string& b, Clock::time_point now) {
  if (per_day_ <= 0) return false;
  std::lock_guard lock(mutex_);
  forget_old_locked(now);
  auto it = started_.find(key(a, b));
  if (it == started_.end()) return false;
  auto& times = it->second;
  while (!times.empty() && now - times.front() >= kWindow) times.pop_front();
  return static_cast<int>(times.size()) >= per_day_;
}

void PairLedger::add(const std::string& a, const std::string& b, Clock::time_point now) {
  if (per_day_ <= 0) return;
  std::lock_guard lock(mutex_);
  forget_old_locked(now);
  started_[key(a, b)].push_back(now);
}

}  // namespace bh::app
