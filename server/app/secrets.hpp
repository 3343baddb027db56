// Secrets: random bytes from OpenSSL's CSPRNG (tokens, salts, invite codes, the random
// part of ids) and their comparison in constant time.
//
// Thread-safety: any thread.
#pragma once

#include <cstddef>
#include <string>
#include <string_view>

namespace bh::app {

// `bytes` random bytes from OpenSSL's CSPRNG (RAND_bytes), as lowercase hex.
// Aborts if the CSPRNG fails (nothing secure can be done without it).
std::string random_hex(std::size_t bytes);
// Constant-time equality of two strings (CRYPTO_memcmp; the length is not secret).
bool equal_secret(std::string_view a, std::string_view b);

}  // namespace bh::app
