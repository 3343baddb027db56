// The encodings a mail message needs (RFC 2045, RFC 2047): what send_mail writes and no
// more. Kept apart from the message's layout so each can be tested on its own.
//
// Thread-safety: pure functions.
#pragma once

#include <string>
#include <string_view>

namespace bh::notify {

// `text` without CR and LF: what every header value goes through, so no value can start
// a header of its own.
std::string without_line_breaks(std::string_view text);

std::string base64(std::string_view bytes);

// `text` as a quoted-printable body: its line ends ("\n", "\r\n" or "\r") become CRLF,
// lines are at most 76 characters (soft breaks), and the result ends with CRLF.
std::string quoted_printable(std::string_view text);

// A header value of at most about 75 characters per line: `text` as it is when it is
// printable ASCII and short, else RFC 2047 encoded-words (=?UTF-8?B?...?=) folded with
// CRLF SP, each holding whole UTF-8 characters.
std::string header_text(std::string_view text);

}  // namespace bh::notify
