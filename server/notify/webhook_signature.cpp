// webhook_signature (webhook_post.hpp): HMAC-SHA256 with OpenSSL.
#include <openssl/evp.h>
#include <openssl/hmac.h>

#include <array>

#include "notify/webhook_post.hpp"

namespace bh::notify {

std::string webhook_signature(std::string_view secret, std::int64_t unix_seconds, std::string_view body) {
  static constexpr std::string_view hex_digits = "0123456789abcdef";
  const std::string t = std::to_string(unix_seconds);
  std::string signed_text;
  signed_text.reserve(t.size() + 1 + body.size());
  signed_text.append(t).append(".").append(body);
  std::array<unsigned char, EVP_MAX_MD_SIZE> mac{};
  unsigned int mac_size = 0;
  // A non-null key even when empty: HMAC() reads a null key as "reuse the previous one".
  static const unsigned char no_key = 0;
  const void* key = secret.empty() ? static_cast<const void*>(&no_key) : static_cast<const void*>(secret.data());
  HMAC(EVP_sha256(), key, static_cast<int>(secret.size()), reinterpret_cast<const unsigned char*>(signed_text.data()),
       signed_text.size(), mac.data(), &mac_size);
  std::string out = "t=" + t + ",v1=";
  for (unsigned int i = 0; i < mac_size; ++i) {
    out += hex_digits[mac[i] >> 4];
    out += hex_digits[mac[i] & 0xf];
  }
  return out;
}

}  // namespace bh::notify
