// An SMTP server for tests (and, through bh_smtp_sink, for a person): it listens on
// 127.0.0.1, speaks enough ESMTP for curl (EHLO/HELO, STARTTLS with a certificate it
// makes at start, AUTH PLAIN and LOGIN, MAIL, RCPT, DATA, RSET, NOOP, QUIT) and keeps
// every message it accepts. It delivers nothing anywhere.
//
// Thread-safety: the connections run on a thread of the sink's own; every public
// function may be called from any thread. The destructor stops and joins it.
#pragma once

#include <chrono>
#include <cstdint>
#include <memory>
#include <optional>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

namespace bh::test {

struct SmtpMessage {
  std::string envelope_from;            // MAIL FROM's address, without <>
  std::vector<std::string> recipients;  // RCPT TO's addresses, without <>
  std::string data;                     // the message after DATA: dot-unstuffed, CRLF, without the final "."
  bool over_tls = false;                // sent after STARTTLS
  std::string auth_user;                // the user that authenticated; empty without AUTH

  // The unfolded value of the first header called `name` (any case); nullopt if none.
  std::optional<std::string> header(std::string_view name) const;
  // The same with RFC 2047 encoded-words decoded (a UTF-8 subject).
  std::optional<std::string> decoded_header(std::string_view name) const;
  std::size_t header_count(std::string_view name) const;
  // The body, its Content-Transfer-Encoding undone, with "\n" line ends.
  std::string body_text() const;
};

struct SmtpSinkOptions {
  std::uint16_t port = 0;                       // 0: a free port
  bool offer_starttls = true;                   // advertise STARTTLS after EHLO
  bool require_tls = false;                     // MAIL before STARTTLS is refused with 530
  std::string auth_mechanisms = "PLAIN LOGIN";  // advertised after EHLO; empty: no AUTH
  // Set: MAIL before a successful AUTH with these (user, password) is refused with 530,
  // and other credentials get 535. Unset: any credentials are accepted.
  std::optional<std::pair<std::string, std::string>> credentials;
};

class SmtpSink {
 public:
  explicit SmtpSink(SmtpSinkOptions options = {});
  ~SmtpSink();
  SmtpSink(const SmtpSink&) = delete;
  SmtpSink& operator=(const SmtpSink&) = delete;

  // Makes the certificate and listens. False (with error()) on failure.
  bool start();
  const std::string& error() const;
  std::uint16_t port() const;
  std::string url() const;             // smtp://127.0.0.1:PORT
  const std::string& ca_file() const;  // the PEM a client trusts for STARTTLS

  // The next `count` messages are answered 451 after their data (a temporary failure)
  // and not kept.
  void fail_next(int count);
  // RCPT TO `address` is answered 550 (no such user) from now on.
  void refuse_recipient(std::string address);
  // How many messages were answered 451 by fail_next.
  int failed() const;

  // The messages kept so far, once there are `count` of them or `timeout` has passed.
  std::vector<SmtpMessage> wait_for(std::size_t count, std::chrono::milliseconds timeout) const;
  std::vector<SmtpMessage> messages() const;

 private:
  struct Impl;
  std::unique_ptr<Impl> impl_;
};

}  // namespace bh::test
