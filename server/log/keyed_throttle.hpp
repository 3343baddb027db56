// Log lines that a client can cause once per request (a failed login or resume, a
// refusal by a limit) are written at most once per interval per (kind, key), the key
// being the client address: a flood from one address costs one line per interval, with
// the number held back, and does not hide the lines of other addresses.
//
// write() writes the first line of a (kind, key) and then holds back its lines for the
// interval; flush() (the housekeeping calls it every second) writes, for each (kind, key)
// whose interval has passed with lines held back, one line with their number, and
// forgets the quiet ones. So one address costs at most one line per interval and kind.
// Memory is bounded: at most `max_keys` (kind, key) entries; past it, the lines of new
// keys share one entry per kind ("from other addresses").
//
// Thread-safety: every method may be called from any thread; the sink is called
// outside the lock.
#pragma once

#include <chrono>
#include <cstddef>
#include <cstdint>
#include <functional>
#include <map>
#include <mutex>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

namespace bh::log {

class KeyedThrottle {
 public:
  using Clock = std::chrono::steady_clock;
  using Sink = std::function<void(const std::string& line)>;

  // The default sink is log::info.
  explicit KeyedThrottle(Clock::duration interval = std::chrono::seconds(10), std::size_t max_keys = 1024,
                         Sink sink = {});

  // Writes `line` (about `key`, e.g. "login failed for \"bob\" from 10.0.0.1") now, or
  // holds it back when a line of (kind, key) was written less than an interval ago.
  void write(std::string_view kind, std::string_view key, std::string line, Clock::time_point now = Clock::now());
  // Writes the counts of lines held back for intervals that have passed; forgets keys
  // that were quiet for a whole interval.
  void flush(Clock::time_point now = Clock::now());
  std::size_t size() const;

 private:
  struct Entry {
    Clock::time_point written;
    std::uint64_t held_back = 0;
  };
  void emit(const std::vector<std::string>& lines) const;

  const Clock::duration interval_;
  const std::size_t max_keys_;
  const Sink sink_;
  mutable std::mutex mutex_;
  std::map<std::pair<std::string, std::string>, Entry> entries_;  // by (kind, key)
};

}  // namespace bh::log
