// One SMTP connection of SmtpSink: reads a command line, answers it, reads the next;
// so at most one write is in flight. Lives as long as its pending operation.
//
// Thread-safety: runs on the sink's one thread.
#pragma once

#include <boost/asio/ip/tcp.hpp>
#include <boost/asio/ssl/stream.hpp>
#include <memory>
#include <string>
#include <vector>

#include "smtp_sink_state.hpp"

namespace bh::test {

class SmtpSinkSession : public std::enable_shared_from_this<SmtpSinkSession> {
 public:
  SmtpSinkSession(boost::asio::ip::tcp::socket socket, SmtpSinkState& state);
  void start();

 private:
  enum class Mode { command, data, auth_plain, auth_login_user, auth_login_password };

  void read_line();
  void on_line(std::string line);
  void on_command(const std::string& line);
  void on_data_line(const std::string& line);
  void on_auth_line(const std::string& line);
  void ehlo();
  void mail(const std::string& line);
  void rcpt(const std::string& line);
  void end_of_data();
  void starttls();
  void check_credentials(const std::string& user, const std::string& password);
  void reset_transaction();
  // Writes `text` (CRLF added), then reads the next line unless `then_close`.
  void reply(std::string text, bool then_close = false);
  void close();

  boost::asio::ssl::stream<boost::asio::ip::tcp::socket> stream_;
  SmtpSinkState& state_;
  bool tls_ = false;
  std::string input_, output_;
  Mode mode_ = Mode::command;
  bool authenticated_ = false;
  std::string auth_user_, login_user_;
  SmtpMessage message_;  // the transaction under way
  bool have_sender_ = false;
  bool data_too_large_ = false;
};

}  // namespace bh::test
