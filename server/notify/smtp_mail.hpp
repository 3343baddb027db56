// Outgoing email: one message to one address through the operator's SMTP server, over
// libcurl (smtp:// with STARTTLS, or smtps://). Also the checks the layers above need
// before a message exists: a player's address, and the operator's credentials file.
//
// Thread-safety: every function may be called from any thread; send_mail blocks the
// calling thread (the outbox's worker) for at most about `timeout_ms`.
#pragma once

#include <optional>
#include <string>
#include <string_view>
#include <utility>

#include "notify/send_result.hpp"

namespace bh::notify {

struct MailServer {
  // smtp://host:port or smtps://host:port. A path, as in smtp://host:587/boardhall.example,
  // is the name sent with EHLO (curl's convention; "localhost" without one).
  std::string url;
  std::string username, password;  // empty username: no AUTH
  // smtp:// only: true refuses to send unless STARTTLS succeeds; false uses it when offered.
  bool require_tls = false;
  std::string ca_file;  // PEM; empty: the system's CAs
  std::string from;     // "Boardhall <noreply@boardhall.example>"; its address is also the envelope sender
  long timeout_ms = 15000;
};

struct Mail {
  std::string to;               // one address; refused (permanent) unless plausible_email()
  std::string subject;          // one line; CR/LF are stripped
  std::string text;             // UTF-8 plain text; "\n" or "\r\n" line ends; sent ending with a line end
  std::string unsubscribe_url;  // not empty: List-Unsubscribe and List-Unsubscribe-Post (RFC 8058)
  // The outbox's idempotency key: sent as X-Boardhall-Key and in the Message-ID
  // (<key@domain-of-from>) so a receiver can drop a repeat after a lost reply.
  std::string message_key;
};

// Sends `mail` through `server`, blocking. ok once the server accepted the message
// after DATA. permanent: the address is implausible or the server refused the sender,
// the recipient or the message with a 5xx (retrying the same message cannot help);
// an authentication failure, a TLS failure or a timeout is not permanent (the operator
// or the network can fix it).
SendResult send_mail(const MailServer& server, const Mail& mail);

// Reads the operator's --smtp-credentials-file: "username\npassword\n" (a password may
// then hold ':') or "username:password". nullopt with `why` when the file cannot be read,
// is larger than 4 KiB, or the username or password is empty.
std::optional<std::pair<std::string, std::string>> read_smtp_credentials(const std::string& path, std::string& why);

// True for one plausible address, local@domain: ASCII, at most 254 bytes, no spaces,
// control characters or RFC 5322 specials (<>(),;:\"[]) outside their place, a local part
// of at most 64 bytes without leading, trailing or doubled dots, a domain of letters,
// digits, hyphens and at least one dot. For refusing a player's typo or an injection
// attempt, not for proving the address exists.
bool plausible_email(std::string_view address);

}  // namespace bh::notify
