// Passwords: salted PBKDF2-HMAC-SHA256 hashes, computed on a worker thread.
//
// A hash costs ~30-100 ms by design, so it never runs on a network thread or a strand:
// PasswordWorker runs queued jobs one at a time on its own thread. It has two bounded
// queues: logins, which it always takes first, and sign-ups, which get a smaller share,
// so a flood of `register` requests cannot keep existing players from logging in.
// post() refuses a job beyond its queue's bound (the caller answers server_busy).
//
// Thread-safety: hash_password/verify_password are pure; PasswordWorker::post may be
// called from any thread. The destructor runs the jobs already queued, then joins.
#pragma once

#include <condition_variable>
#include <deque>
#include <functional>
#include <mutex>
#include <string>
#include <thread>

#include "storage/records.hpp"

namespace bh::app {

inline constexpr int kPasswordIterations = 100'000;  // OWASP-style floor for PBKDF2-SHA256

// A new account record for `name` with a fresh 16-byte salt. Slow.
storage::Account make_account(const std::string& name, const std::string& password, int iterations);
// True when `password` matches the account's hash (compared in constant time). Slow.
bool verify_password(const storage::Account& account, const std::string& password);
// Checks `password` against an account that exists nowhere, as slowly as a real check:
// a login for an unknown name takes as long as one for a known name. Always false.
bool verify_against_dummy(const std::string& password);

class PasswordWorker {
 public:
  enum class Lane { login, signup };

  explicit PasswordWorker(std::size_t max_logins = 64, std::size_t max_signups = 16);
  ~PasswordWorker();
  PasswordWorker(const PasswordWorker&) = delete;
  PasswordWorker& operator=(const PasswordWorker&) = delete;

  // False (and the job is dropped) when the lane's queue is full or the worker stopped.
  // A job that throws is logged and the worker goes on.
  bool post(Lane lane, std::function<void()> job);

 private:
  void run();

  std::mutex mutex_;
  std::condition_variable wake_;
  std::deque<std::function<void()>> logins_, signups_;
  const std::size_t max_logins_, max_signups_;
  bool stopping_ = false;
  std::thread thread_;
};

}  // namespace bh::app
