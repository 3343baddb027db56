#include "app/util.hpp"

#include <openssl/crypto.h>
#include <openssl/rand.h>

#include <chrono>
#include <cstdio>

#include "log/log.hpp"
#include <cstdlib>
#include <vector>

namespace bh::app {

std::string random_hex(std::size_t bytes) {
  std::vector<unsigned char> buffer(bytes);
  if (RAND_bytes(buffer.data(), static_cast<int>(buffer.size())) != 1) {
    log::error("fatal: RAND_bytes failed");
    std::abort();
  }
  static constexpr char digits[] = "0123456789abcdef";
  std::string out;
  out.reserve(bytes * 2);
  for (unsigned char b : buffer) {
    out.push_back(digits[b >> 4]);
    out.push_back(digits[b & 15]);
  }
  return out;
}

std::string make_id(std::string_view prefix) {
  char time_hex[32];
  std::snprintf(time_hex, sizeof time_hex, "%llx", static_cast<unsigned long long>(now_ms()));
  return std::string(prefix) + time_hex + "-" + random_hex(4);
}

std::int64_t now_ms() {
  return std::chrono::duration_cast<std::chrono::milliseconds>(
             std::chrono::system_clock::now().time_since_epoch())
      .count();
}

bool equal_secret(std::string_view a, std::string_view b) {
  return a.size() == b.size() && CRYPTO_memcmp(a.data(), b.data(), a.size()) == 0;
}

}  // namespace bh::app
