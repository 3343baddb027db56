// Personal API tokens (docs/api.md), decided without I/O: the scopes a token may have and
// what each lets a program do, the checks of a new token's label and scopes, the secret's
// form (`bhp_` and 64 hex digits), its hash (what the store keeps) and the Bearer header.
//
// Thread-safety: pure functions (new_secret and new_token_id read OpenSSL's CSPRNG).
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "base/fallible.hpp"

namespace bh::app::api {

enum Scope : std::uint8_t {
  kRead = 1,
  kPlay = 2,      // a person's own games through a program (/api/board/)
  kBotPlay = 4,   // a bot account's games (/api/bot/)
  kChallenge = 8  // start games (/api/challenge/)
};
using Scopes = std::uint8_t;

inline constexpr std::size_t kMaxLabelChars = 64;
inline constexpr int kMaxTokensPerAccount = 20;

// The scopes of a request's list: each known and named once, at least one; else the
// bad_request message.
Fallible<Scopes> parse_scopes(const std::vector<std::string>& names);
// The stored form ("read,play", in the order of the table) and back; unknown names in a
// stored form are ignored.
std::string scopes_text(Scopes scopes);
Scopes scopes_of(std::string_view text);
std::vector<std::string> scope_names(Scopes scopes);
// A label: at most 64 code points of UTF-8, no control characters; else the message.
Fallible<std::string> checked_label(std::string_view label);

std::string new_secret();    // "bhp_" + 64 hex digits (256 random bits)
std::string new_token_id();  // "t" + 12 hex digits
// The hex SHA-256 of the secret: the store's key of the token.
std::string secret_hash(std::string_view secret);
// The secret of an `Authorization` header "Bearer bhp_..." (the scheme in any case, one
// or more spaces); nullopt when the header is absent or not of that form.
std::optional<std::string> bearer_secret(std::string_view authorization);

}  // namespace bh::app::api
