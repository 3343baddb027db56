// UTF-8 as the protocol needs it: every text the server writes is valid JSON, whatever
// bytes a client sent. Invalid sequences are replaced by U+FFFD the way nlohmann_json's
// dump(..., error_handler_t::replace) does (one replacement character per maximal invalid
// part: a bad lead byte alone, or a lead with the continuation bytes that fitted), so the
// hand-written writers and nlohmann agree byte for byte.
//
// Thread-safety: pure functions.
#pragma once

#include <cstddef>
#include <string>
#include <string_view>

namespace bh::protocol::utf8 {

inline constexpr std::string_view kReplacement = "\xEF\xBF\xBD";  // U+FFFD

// At s[i] (a byte >= 0x80): how many bytes form one well-formed character (`valid`), or how
// many bytes the invalid part that starts there takes (at least 1). Well-formed means what
// nlohmann accepts: no overlong forms, no surrogates, nothing past U+10FFFF.
struct Sequence {
  std::size_t length = 1;
  bool valid = false;
};
Sequence sequence_at(std::string_view s, std::size_t i);

bool is_valid(std::string_view s);

// `s` with every invalid part replaced by U+FFFD.
std::string repaired(std::string_view s);

// The longest prefix of `s` of at most `max_bytes` bytes that does not cut a character
// in two (client text echoed in a message is shortened with this, never with substr).
std::string_view prefix(std::string_view s, std::size_t max_bytes);

}  // namespace bh::protocol::utf8
