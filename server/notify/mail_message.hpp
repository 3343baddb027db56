// The text of one notification email (RFC 5322 with MIME, RFC 2045-2047): what
// send_mail hands to the SMTP server after DATA.
//
// The body is quoted-printable UTF-8: any SMTP server carries it (no 8BITMIME needed),
// long lines are folded without changing the text, plain English stays readable in the
// raw message, and "=" is the only character it changes in ASCII text. Every header
// value has CR and LF removed, so no value can add a header.
//
// Thread-safety: pure functions (compose_message draws random bytes only when the mail
// has no key).
#pragma once

#include <ctime>
#include <string>
#include <string_view>

#include "notify/smtp_mail.hpp"

namespace bh::notify {

// The whole message, CRLF line ends, ending with CRLF. `from` is the From header as the
// operator wrote it; `now` gives the Date header.
std::string compose_message(const Mail& mail, std::string_view from, std::time_t now);

// "Thu, 02 May 2024 12:00:00 +0000": RFC 5322's date, in UTC, independent of the locale.
std::string rfc5322_date(std::time_t when);

// `key` as the left side of a Message-ID: RFC 5322 atext, every other byte (and "%")
// as %XX, so different keys never give the same id.
std::string message_id_local_part(std::string_view key);

}  // namespace bh::notify
