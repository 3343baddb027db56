// The back-off after failed logins, per name, against password guessing.
//
// Thread-safety: any thread; a mutex guards the entries.
#pragma once

#include <chrono>
#include <cstdint>
#include <map>
#include <mutex>
#include <string>

namespace bh::app {

// Back-off after failed logins, per name (password guessing): after kFree failures a
// name must wait 1 s, doubling per further failure, at most 60 s, after its last one.
class LoginThrottle {
 public:
  static constexpr int kFree = 3;
  // Milliseconds still to wait before `name` may try again; 0 when it may.
  std::int64_t wait_ms(const std::string& name) const;
  void failed(const std::string& name);
  void succeeded(const std::string& name);

 private:
  struct Entry {
    int failures = 0;
    std::chrono::steady_clock::time_point last;
  };
  mutable std::mutex mutex_;
  std::map<std::string, Entry> entries_;
};

}  // namespace bh::app
