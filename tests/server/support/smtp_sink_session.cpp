#include "smtp_sink_session.hpp"

#include <boost/asio/read_until.hpp>
#include <boost/asio/ssl.hpp>
#include <boost/asio/write.hpp>
#include <cctype>
#include <optional>
#include <string_view>

#include "mail_decoding.hpp"

namespace bh::test {

namespace asio = boost::asio;
using error_code = boost::system::error_code;

namespace {

constexpr std::size_t max_line = 4096;                 // RFC 5321 allows 1000; curl stays well below
constexpr std::size_t max_message = 10 * 1024 * 1024;  // also advertised as SIZE

std::string upper(std::string text) {
  for (char& c : text) c = static_cast<char>(std::toupper(static_cast<unsigned char>(c)));
  return text;
}

// The address between < and > after "MAIL FROM:" or "RCPT TO:"; nullopt if malformed.
std::optional<std::string> path_in(const std::string& line) {
  const std::size_t open = line.find('<');
  const std::size_t close = line.find('>', open == std::string::npos ? 0 : open);
  if (open == std::string::npos || close == std::string::npos) return std::nullopt;
  return line.substr(open + 1, close - open - 1);
}

}  // namespace

SmtpSinkSession::SmtpSinkSession(asio::ip::tcp::socket socket, SmtpSinkState& state)
    : stream_(std::move(socket), state.tls), state_(state) {}

void SmtpSinkSession::start() { reply("220 127.0.0.1 boardhall test sink ESMTP"); }

void SmtpSinkSession::read_line() {
  auto done = [self = shared_from_this()](error_code ec, std::size_t n) {
    if (ec) return self->close();  // the client left, or a line longer than max_line
    std::string line = self->input_.substr(0, n - 2);
    self->input_.erase(0, n);
    self->on_line(std::move(line));
  };
  if (tls_) {
    asio::async_read_until(stream_, asio::dynamic_buffer(input_, max_line), "\r\n", std::move(done));
  } else {
    asio::async_read_until(stream_.next_layer(), asio::dynamic_buffer(input_, max_line), "\r\n", std::move(done));
  }
}

void SmtpSinkSession::reply(std::string text, bool then_close) {
  output_ = std::move(text) + "\r\n";
  auto done = [self = shared_from_this(), then_close](error_code ec, std::size_t) {
    if (ec || then_close) return self->close();
    self->read_line();
  };
  if (tls_) {
    asio::async_write(stream_, asio::buffer(output_), std::move(done));
  } else {
    asio::async_write(stream_.next_layer(), asio::buffer(output_), std::move(done));
  }
}

void SmtpSinkSession::close() {
  error_code ignored;
  stream_.next_layer().shutdown(asio::ip::tcp::socket::shutdown_both, ignored);
  stream_.next_layer().close(ignored);
}

void SmtpSinkSession::on_line(std::string line) {
  switch (mode_) {
    case Mode::command:
      return on_command(line);
    case Mode::data:
      return on_data_line(line);
    default:
      return on_auth_line(line);
  }
}

void SmtpSinkSession::on_command(const std::string& line) {
  const std::string verb = upper(line.substr(0, line.find(' ')));
  if (verb == "EHLO") return ehlo();
  if (verb == "HELO") return reply("250 127.0.0.1");
  if (verb == "STARTTLS") return starttls();
  if (verb == "MAIL") return mail(line);
  if (verb == "RCPT") return rcpt(line);
  if (verb == "RSET") {
    reset_transaction();
    return reply("250 2.0.0 OK");
  }
  if (verb == "NOOP") return reply("250 2.0.0 OK");
  if (verb == "QUIT") return reply("221 2.0.0 Bye", true);
  if (verb == "DATA") {
    if (message_.recipients.empty()) return reply("503 5.5.1 RCPT first");
    mode_ = Mode::data;
    message_.data.clear();
    data_too_large_ = false;
    return reply("354 End data with <CR><LF>.<CR><LF>");
  }
  if (verb == "AUTH") {
    const std::string rest = line.size() > 5 ? line.substr(5) : "";
    const std::string mechanism = upper(rest.substr(0, rest.find(' ')));
    const std::string initial = rest.find(' ') == std::string::npos ? "" : rest.substr(rest.find(' ') + 1);
    if (authenticated_) return reply("503 5.5.1 Already authenticated");
    if ((mechanism != "PLAIN" && mechanism != "LOGIN") ||
        state_.options.auth_mechanisms.find(mechanism) == std::string::npos) {
      return reply("504 5.5.4 Unrecognized authentication type");
    }
    mode_ = mechanism == "PLAIN" ? Mode::auth_plain : Mode::auth_login_user;
    if (!initial.empty()) return on_auth_line(initial);                     // SASL-IR: the first answer came along
    return reply(mode_ == Mode::auth_plain ? "334 " : "334 VXNlcm5hbWU6");  // "Username:"
  }
  reply("502 5.5.2 Command not recognized");
}

void SmtpSinkSession::ehlo() {
  reset_transaction();
  std::vector<std::string> lines{"127.0.0.1 greets you", "8BITMIME", "SIZE " + std::to_string(max_message)};
  if (state_.options.offer_starttls && !tls_) lines.push_back("STARTTLS");
  if (!state_.options.auth_mechanisms.empty()) lines.push_back("AUTH " + state_.options.auth_mechanisms);
  std::string text;
  for (std::size_t i = 0; i < lines.size(); ++i) {
    text += (i + 1 < lines.size() ? "250-" : "250 ") + lines[i] + (i + 1 < lines.size() ? "\r\n" : "");
  }
  reply(text);
}

void SmtpSinkSession::starttls() {
  if (tls_ || !state_.options.offer_starttls) return reply("503 5.5.1 TLS not available");
  output_ = "220 2.0.0 Ready to start TLS\r\n";
  asio::async_write(stream_.next_layer(), asio::buffer(output_),
                    [self = shared_from_this()](error_code ec, std::size_t) {
                      if (ec) return self->close();
                      // RFC 3207: whatever the client sent before the handshake is not to be trusted.
                      self->input_.clear();
                      self->stream_.async_handshake(asio::ssl::stream_base::server, [self](error_code ec2) {
                        if (ec2) return self->close();
                        self->tls_ = true;
                        self->authenticated_ = false;  // RFC 3207: the session starts again
                        self->auth_user_.clear();
                        self->reset_transaction();
                        self->read_line();
                      });
                    });
}

void SmtpSinkSession::mail(const std::string& line) {
  if (state_.options.require_tls && !tls_) return reply("530 5.7.0 Must issue a STARTTLS command first");
  if (state_.options.credentials && !authenticated_) return reply("530 5.7.0 Authentication required");
  if (have_sender_) return reply("503 5.5.1 Sender already given");
  const auto path = path_in(line);
  if (!path) return reply("501 5.5.4 Syntax: MAIL FROM:<address>");
  reset_transaction();
  message_.envelope_from = *path;
  have_sender_ = true;
  reply("250 2.1.0 OK");
}

void SmtpSinkSession::rcpt(const std::string& line) {
  if (!have_sender_) return reply("503 5.5.1 MAIL first");
  const auto path = path_in(line);
  if (!path) return reply("501 5.5.4 Syntax: RCPT TO:<address>");
  {
    std::lock_guard lock(state_.mutex);
    if (state_.refused_recipients.contains(*path)) return reply("550 5.1.1 No such user here");
  }
  message_.recipients.push_back(*path);
  reply("250 2.1.5 OK");
}

void SmtpSinkSession::on_data_line(const std::string& line) {
  if (line == ".") return end_of_data();
  // RFC 5321 4.5.2: the client doubled a leading dot; take one away.
  const std::string_view text = line.starts_with('.') ? std::string_view(line).substr(1) : std::string_view(line);
  if (message_.data.size() + text.size() + 2 > max_message) data_too_large_ = true;
  if (!data_too_large_) message_.data.append(text).append("\r\n");
  read_line();
}

void SmtpSinkSession::end_of_data() {
  mode_ = Mode::command;
  if (data_too_large_) {
    reset_transaction();
    return reply("552 5.3.4 Message too big");
  }
  message_.over_tls = tls_;
  message_.auth_user = auth_user_;
  {
    std::lock_guard lock(state_.mutex);
    if (state_.fail_next > 0) {
      --state_.fail_next;
      ++state_.failed;
      reset_transaction();
      return reply("451 4.3.0 Try again later");
    }
    state_.messages.push_back(message_);
  }
  state_.arrived.notify_all();
  reset_transaction();
  reply("250 2.0.0 OK queued");
}

void SmtpSinkSession::on_auth_line(const std::string& line) {
  if (line == "*") {
    mode_ = Mode::command;
    return reply("501 5.7.0 Authentication cancelled");
  }
  const std::string decoded = base64_decode(line);
  if (mode_ == Mode::auth_plain) {
    // authzid NUL authcid NUL password
    const std::size_t first = decoded.find('\0');
    const std::size_t second = first == std::string::npos ? first : decoded.find('\0', first + 1);
    mode_ = Mode::command;
    if (second == std::string::npos) return reply("501 5.5.2 Malformed PLAIN response");
    return check_credentials(decoded.substr(first + 1, second - first - 1), decoded.substr(second + 1));
  }
  if (mode_ == Mode::auth_login_user) {
    login_user_ = decoded;
    mode_ = Mode::auth_login_password;
    return reply("334 UGFzc3dvcmQ6");  // "Password:"
  }
  mode_ = Mode::command;
  check_credentials(login_user_, decoded);
}

void SmtpSinkSession::check_credentials(const std::string& user, const std::string& password) {
  const auto& wanted = state_.options.credentials;
  if (wanted && (wanted->first != user || wanted->second != password)) {
    return reply("535 5.7.8 Authentication credentials invalid");
  }
  authenticated_ = true;
  auth_user_ = user;
  reply("235 2.7.0 Authentication successful");
}

void SmtpSinkSession::reset_transaction() {
  message_ = SmtpMessage{};
  have_sender_ = false;
}

}  // namespace bh::test
