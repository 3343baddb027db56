// Passwords: salted PBKDF2-HMAC-SHA256 hashes, computed on a worker thread.
//
// A hash costs ~50-100 ms by design, so it never runs on a network thread or a strand:
// PasswordWorker runs queued jobs one at a time on its own thread. Its queue is
// bounded; post() refuses a job beyond it (the caller answers server_busy).
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

class PasswordWorker {
 public:
  explicit PasswordWorker(std::size_t max_queued = 64);
  ~PasswordWorker();
  PasswordWorker(const PasswordWorker&) = delete;
  PasswordWorker& operator=(const PasswordWorker&) = delete;

  // False (and the job is dropped) when the queue is full or the worker stopped.
  bool post(std::function<void()> job);

 private:
  void run();

  std::mutex mutex_;
  std::condition_variable wake_;
  std::deque<std::function<void()>> jobs_;
  std::size_t max_queued_;
  bool stopping_ = false;
  std::thread thread_;
};

}  // namespace bh::app
