#include "app/secrets.hpp"

#include <openssl/crypto.h>
#include <openssl/rand.h>

#include <cstdlib>
#include <vector>

#include "log/log.hpp"

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

bool equal_secret(std::string_view a, std::string_view b) {
  return a.size() == b.size() && CRYPTO_memcmp(a.data(), b.data(), a.size()) == 0;
}

}  // namespace bh::app
