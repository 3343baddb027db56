#include "app/players/passwords.hpp"

#include <openssl/evp.h>
#include <sodium.h>

#include <stdexcept>
#include <string_view>

#include "app/secrets.hpp"
#include "app/wall_clock.hpp"
#include "log/log.hpp"

namespace bh::app {

namespace {

constexpr std::string_view kArgon2idPrefix = "$argon2id$";

// sodium_init is thread-safe and idempotent; a failure (no entropy source) leaves
// libsodium unusable, and every hash then fails.
bool sodium_ready() {
  static const bool ready = sodium_init() >= 0;
  return ready;
}

bool is_argon2id(const storage::Account& account) {
  return account.iterations == 0 && account.hash.starts_with(kArgon2idPrefix);
}

std::string pbkdf2_hex(const std::string& password, const std::string& salt_hex, int iterations) {
  unsigned char out[32];
  if (PKCS5_PBKDF2_HMAC(password.data(), static_cast<int>(password.size()),
                        reinterpret_cast<const unsigned char*>(salt_hex.data()), static_cast<int>(salt_hex.size()),
                        iterations, EVP_sha256(), sizeof out, out) != 1)
    return {};
  static constexpr char digits[] = "0123456789abcdef";
  std::string hex;
  for (unsigned char b : out) {
    hex.push_back(digits[b >> 4]);
    hex.push_back(digits[b & 15]);
  }
  return hex;
}

}  // namespace

storage::Account make_account(const std::string& name, const std::string& password, PasswordCost cost) {
  char hash[crypto_pwhash_STRBYTES];
  // libsodium draws the salt (16 bytes) and writes it, with the parameters, into the string.
  if (!sodium_ready() || crypto_pwhash_str_alg(hash, password.data(), password.size(), cost.passes, cost.memory_bytes,
                                               crypto_pwhash_ALG_ARGON2ID13) != 0)
    throw std::runtime_error("cannot hash a password (Argon2id): out of memory?");
  storage::Account account;
  account.name = name;
  account.hash = hash;
  account.iterations = 0;
  account.created_ms = now_ms();
  return account;
}

storage::Account make_pbkdf2_account(const std::string& name, const std::string& password, int iterations) {
  storage::Account account;
  account.name = name;
  account.salt = random_hex(16);
  account.iterations = iterations;
  account.hash = pbkdf2_hex(password, account.salt, iterations);
  account.created_ms = now_ms();
  return account;
}

bool verify_password(const storage::Account& account, const std::string& password) {
  if (is_argon2id(account))
    return sodium_ready() && crypto_pwhash_str_verify(account.hash.c_str(), password.data(), password.size()) == 0;
  if (account.iterations <= 0 || account.hash.empty()) return false;
  const std::string hash = pbkdf2_hex(password, account.salt, account.iterations);
  return !hash.empty() && equal_secret(hash, account.hash);
}

bool needs_rehash(const storage::Account& account, PasswordCost cost) {
  if (!is_argon2id(account)) return true;
  return sodium_ready() && crypto_pwhash_str_needs_rehash(account.hash.c_str(), cost.passes, cost.memory_bytes) != 0;
}

bool verify_against_dummy(const std::string& password) {
  try {
    // Made once, with a random password nobody knows and the real cost (tried again
    // after a failure: a static whose initialiser throws is not initialised).
    static const storage::Account dummy = make_account("", random_hex(16));
    verify_password(dummy, password);
  } catch (const std::exception& e) {
    log::error(std::string("the dummy password hash: ") + e.what());
  }
  return false;
}

PasswordWorker::PasswordWorker(std::size_t max_logins, std::size_t max_signups)
    : max_logins_(max_logins), max_signups_(max_signups), thread_([this] { run(); }) {}

PasswordWorker::~PasswordWorker() {
  {
    std::lock_guard lock(mutex_);
    stopping_ = true;
  }
  wake_.notify_all();
  thread_.join();
}

bool PasswordWorker::post(Lane lane, std::function<void()> job) {
  {
    std::lock_guard lock(mutex_);
    auto& queue = lane == Lane::login ? logins_ : signups_;
    if (stopping_ || queue.size() >= (lane == Lane::login ? max_logins_ : max_signups_)) return false;
    queue.push_back(std::move(job));
  }
  wake_.notify_one();
  return true;
}

void PasswordWorker::run() {
  for (;;) {
    std::function<void()> job;
    {
      std::unique_lock lock(mutex_);
      wake_.wait(lock, [&] { return stopping_ || !logins_.empty() || !signups_.empty(); });
      auto& queue = !logins_.empty() ? logins_ : signups_;
      if (queue.empty()) return;
      job = std::move(queue.front());
      queue.pop_front();
    }
    try {
      job();
    } catch (const std::exception& e) {
      log::error(std::string("internal error in a password job: ") + e.what());
    } catch (...) {
      log::error("internal error in a password job");
    }
  }
}

}  // namespace bh::app
