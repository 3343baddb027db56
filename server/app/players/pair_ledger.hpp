// Rated games started by each pair of players in the last 24 hours, against rating
// farming (two accounts of one person trading wins): a pair that started `per_day`
// rated games in the last day may start no more until the oldest is a day old.
//
// Kept in memory: a restart forgets the day (a farmer gains at most one more day's cap).
// Memory is bounded: a pair's entries go once a day old, and pairs with none are dropped.
//
// Thread-safety: every method may be called from any thread (one mutex). Time is
// passed in, so tests drive it without sleeping.
#pragma once

#include <chrono>
#include <deque>
#include <map>
#include <mutex>
#include <string>
#include <utility>

namespace bh::app {

class PairLedger {
 public:
  using Clock = std::chrono::steady_clock;
  static constexpr auto kWindow = std::chrono::hours(24);

  // `per_day` rated games a pair may start in 24 hours; 0: no cap.
  explicit PairLedger(int per_day) : per_day_(per_day) {}

  // Whether `a` and `b` (either order) have started their `per_day` games in the last day.
  bool full(const std::string& a, const std::string& b, Clock::time_point now);
  // A rated game of `a` and `b` started at `now` (counted even past the cap: the games of
  // a match already begun).
  void add(const std::string& a, const std::string& b, Clock::time_point now);
  int per_day() const { return per_day_; }

 private:
  using Key = std::pair<std::string, std::string>;  // the names in order
  static Key key(const std::string& a, const std::string& b) { return a < b ? Key{a, b} : Key{b, a}; }
  void forget_old_locked(Clock::time_point now);

  const int per_day_;
  std::mutex mutex_;
  std::map<Key, std::deque<Clock::time_point>> started_;  // under mutex_, oldest first
  Clock::time_point last_sweep_{};                        // under mutex_
};

}  // namespace bh::app
