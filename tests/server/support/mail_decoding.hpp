// Reading a received mail message the way a mail client would, for the tests'
// SmtpSink: headers unfolded, RFC 2047 words and the body's transfer encoding decoded.
// Written independently of server/notify's encoders, so a test checks one against the
// other.
//
// Thread-safety: pure functions.
#pragma once

#include <optional>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

namespace bh::test {

// Standard base64; characters outside the alphabet (line breaks) are skipped.
std::string base64_decode(std::string_view text);

// Quoted-printable: "=XX" and soft line breaks ("=\r\n") decoded.
std::string quoted_printable_decode(std::string_view text);

// RFC 2047 encoded-words (=?charset?B|Q?...?=) replaced by their bytes; the white space
// between two adjacent words dropped, as the RFC says.
std::string decode_words(std::string_view value);

// A message split at its first empty line: its headers (name, unfolded value without
// leading white space) in order, and its body.
struct ParsedMail {
  std::vector<std::pair<std::string, std::string>> headers;
  std::string body;
};
ParsedMail parse_mail(std::string_view data);

}  // namespace bh::test
