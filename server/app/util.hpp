// Small helpers of the application: secure random ids, wall-clock time.
//
// Thread-safety: every function may be called from any thread.
#pragma once

#include <cstdint>
#include <string>
#include <string_view>

namespace bh::app {

// `bytes` random bytes from OpenSSL's CSPRNG (RAND_bytes), as lowercase hex.
// Aborts if the CSPRNG fails (nothing secure can be done without it).
std::string random_hex(std::size_t bytes);
// A server-wide id that stays unique across restarts: prefix, the time in ms (hex),
// and 32 random bits, e.g. "g18f2c3a4b5-1a2b3c4d".
std::string make_id(std::string_view prefix);
std::int64_t now_ms();  // Unix time in milliseconds
// One line to stderr with a time stamp; used for faults that must be seen.
// Constant-time equality of two strings (CRYPTO_memcmp; the length is not secret).
bool equal_secret(std::string_view a, std::string_view b);

}  // namespace bh::app
