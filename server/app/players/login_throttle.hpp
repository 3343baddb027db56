// The back-off after failed logins, against password guessing, without letting a guesser
// lock the owner out.
//
// Failures are counted per (name, client address): after `free_failures` the pair must
// wait 1 s, doubling per further failure, at most 60 s, after its last one. Another
// address, the owner's, is not slowed by them. Above that, a ceiling per name bounds
// guessing spread over many addresses: `name_ceiling` failed logins an hour from all
// addresses together (a bucket that refills evenly over the hour). Past it every
// address waits, except the one that last logged in to the name (with no failures of
// its own): the owner at home keeps in.
//
// Memory is bounded: a pair and a name's count are forgotten an hour after they last
// changed, a name's good address after 30 days, and each map holds at most
// `max_entries` (past it the entries changed longest ago go first).
//
// Thread-safety: every method may be called from any thread (one mutex, map work
// only). Time is passed in, so tests drive it without sleeping.
#pragma once

#include <chrono>
#include <cstddef>
#include <cstdint>
#include <map>
#include <mutex>
#include <string>
#include <utility>

namespace bh::app {

class LoginThrottle {
 public:
  using Clock = std::chrono::steady_clock;

  struct Limits {
    int free_failures = 3;                           // per (name, address) before the back-off
    int name_ceiling = 300;                          // failed logins per name an hour, all addresses
    std::size_t max_entries = 50'000;                // per map
    Clock::duration forget = std::chrono::hours(1);  // a quiet pair, a quiet name's count
    Clock::duration remember_good = std::chrono::hours(24 * 30);
  };

  explicit LoginThrottle(Limits limits);
  LoginThrottle() : LoginThrottle(Limits{}) {}

  // Milliseconds `address` must still wait before it may try `name`; 0 when it may.
  std::int64_t wait_ms(const std::string& name, const std::string& address, Clock::time_point now) const;
  void failed(const std::string& name, const std::string& address, Clock::time_point now);
  // Clears the pair's failures and remembers `address` as the name's good one.
  void succeeded(const std::string& name, const std::string& address, Clock::time_point now);
  // Entries held (pairs, names counted, good addresses), for tests.
  std::size_t size() const;

 private:
  struct Pair {
    int failures = 0;
    Clock::time_point last;
  };
  struct NameCount {
    double spent = 0;  // failures not yet refilled, at `last`
    Clock::time_point last;
  };
  struct Good {
    std::string address;
    Clock::time_point last;
  };
  double spent_now(const NameCount& count, Clock::time_point now) const;
  void sweep_locked(Clock::time_point now);

  const Limits limits_;
  mutable std::mutex mutex_;
  std::map<std::pair<std::string, std::string>, Pair> pairs_;
  std::map<std::string, NameCount> names_;
  std::map<std::string, Good> good_;
  Clock::time_point last_sweep_{};
};

}  // namespace bh::app
