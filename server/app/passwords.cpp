#include "app/passwords.hpp"

#include <openssl/evp.h>

#include "app/util.hpp"

namespace bh::app {

namespace {

std::string pbkdf2_hex(const std::string& password, const std::string& salt_hex, int iterations) {
  unsigned char out[32];
  if (PKCS5_PBKDF2_HMAC(password.data(), static_cast<int>(password.size()),
                        reinterpret_cast<const unsigned char*>(salt_hex.data()),
                        static_cast<int>(salt_hex.size()), iterations, EVP_sha256(), sizeof out,
                        out) != 1)
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

storage::Account make_account(const std::string& name, const std::string& password, int iterations) {
  storage::Account account;
  account.name = name;
  account.salt = random_hex(16);
  account.iterations = iterations;
  account.hash = pbkdf2_hex(password, account.salt, iterations);
  account.created_ms = now_ms();
  return account;
}

bool verify_password(const storage::Account& account, const std::string& password) {
  if (account.iterations <= 0 || account.hash.empty()) return false;
  const std::string hash = pbkdf2_hex(password, account.salt, account.iterations);
  return !hash.empty() && equal_secret(hash, account.hash);
}

PasswordWorker::PasswordWorker(std::size_t max_queued)
    : max_queued_(max_queued), thread_([this] { run(); }) {}

PasswordWorker::~PasswordWorker() {
  {
    std::lock_guard lock(mutex_);
    stopping_ = true;
  }
  wake_.notify_all();
  thread_.join();
}

bool PasswordWorker::post(std::function<void()> job) {
  {
    std::lock_guard lock(mutex_);
    if (stopping_ || jobs_.size() >= max_queued_) return false;
    jobs_.push_back(std::move(job));
  }
  wake_.notify_one();
  return true;
}

void PasswordWorker::run() {
  for (;;) {
    std::function<void()> job;
    {
      std::unique_lock lock(mutex_);
      wake_.wait(lock, [&] { return stopping_ || !jobs_.empty(); });
      if (jobs_.empty()) return;
      job = std::move(jobs_.front());
      jobs_.pop_front();
    }
    job();
  }
}

}  // namespace bh::app
