// Passwords: salted Argon2id hashes (libsodium's crypto_pwhash), computed on a worker
// thread; older accounts' PBKDF2-HMAC-SHA256 hashes are still read, and replaced at their
// owner's next successful login.
//
// A hash costs ~20 ms and 19 MiB by design (docs/protocol.md, "Identity"), so it never
// runs on a network thread or a strand: PasswordWorker runs queued jobs one at a time on
// its own thread. It has two bounded queues: logins, which it always takes first, and
// sign-ups, which get a smaller share, so a flood of `register` requests cannot keep
// existing players from logging in. post() refuses a job beyond its queue's bound (the
// caller answers server_busy).
//
// Stored form (storage::Account): an Argon2id hash is libsodium's string
// ("$argon2id$v=19$m=19456,t=2,p=1$SALT$HASH": its parameters and salt inside), with an
// empty salt and iterations 0; a PBKDF2 hash is hex, with a hex salt and its iterations.
//
// Thread-safety: the functions are pure (libsodium is initialised once, thread-safely);
// PasswordWorker::post may be called from any thread. The destructor runs the jobs
// already queued, then joins.
#pragma once

#include <condition_variable>
#include <cstddef>
#include <deque>
#include <functional>
#include <mutex>
#include <string>
#include <thread>

#include "storage/records.hpp"

namespace bh::app {

// Argon2id's cost: passes over the memory (libsodium's opslimit) and memory in bytes; one
// lane (libsodium's Argon2id always uses p=1).
struct PasswordCost {
  unsigned long long passes;
  std::size_t memory_bytes;
};
// OWASP's first Argon2id configuration (m=19 MiB, t=2, p=1). Measured on the 2-core
// server (bench/password_hashes.cpp, docs/protocol.md): ~20 ms and 19 MiB a hash.
inline constexpr PasswordCost kPasswordCost{2, std::size_t{19} * 1024 * 1024};

// A new account record for `name`, its password hashed with Argon2id at `cost` with a
// fresh 16-byte salt. Slow. Throws std::runtime_error when libsodium cannot (out of memory).
storage::Account make_account(const std::string& name, const std::string& password, PasswordCost cost = kPasswordCost);
// The old form, PBKDF2-HMAC-SHA256 with `iterations`: what accounts made before Argon2id
// hold. Only tests (and those accounts) still need it. Slow.
storage::Account make_pbkdf2_account(const std::string& name, const std::string& password, int iterations);
// True when `password` matches the account's hash, of either form (compared in constant
// time). Slow.
bool verify_password(const storage::Account& account, const std::string& password);
// True when the account's hash is not Argon2id at `cost` (PBKDF2, or other parameters):
// after a successful login it is hashed again (Store::update_password_hash).
bool needs_rehash(const storage::Account& account, PasswordCost cost = kPasswordCost);
// Checks `password` against an account that exists nowhere, as slowly as a real check
// (Argon2id at kPasswordCost): a login for an unknown name takes as long as one for a
// known name. Always false.
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
