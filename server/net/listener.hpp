// The accept loop: accepts TCP connections on one endpoint and hands each, on its own
// strand, to an HTTP session. An accept error is counted, logged at most every 10 s, and
// the loop goes on (after a short pause, so running out of file descriptors does not
// spin). A peer that already holds the per-address number of connections gets a 429 and
// is closed at once (a trusted proxy is counted per forwarded client instead, at the
// WebSocket upgrade).
//
// Thread-safety: open() before run(); stop() may be called from any thread.
#pragma once

#include <boost/asio/io_context.hpp>
#include <boost/asio/ip/tcp.hpp>
#include <boost/asio/steady_timer.hpp>
#include <boost/asio/strand.hpp>
#include <memory>
#include <string>

#include "log/throttle.hpp"
#include "net/context.hpp"

namespace bh::net {

class Listener : public std::enable_shared_from_this<Listener> {
 public:
  Listener(boost::asio::io_context& io, std::shared_ptr<NetContext> context);

  // Opens, binds and listens. An error (address in use, no such address) is returned.
  boost::system::error_code open(const boost::asio::ip::tcp::endpoint& endpoint);
  boost::asio::ip::tcp::endpoint local_endpoint() const;

  void run();
  // Stops accepting: the socket is closed on the listener's strand.
  void stop();

 private:
  void do_accept();
  void on_accept(boost::system::error_code ec, boost::asio::ip::tcp::socket socket);
  void refuse(boost::asio::ip::tcp::socket socket, const std::string& address);

  boost::asio::io_context& io_;
  std::shared_ptr<NetContext> context_;
  boost::asio::strand<boost::asio::io_context::executor_type> strand_;
  boost::asio::ip::tcp::acceptor acceptor_;
  boost::asio::steady_timer pause_;
  bool stopped_ = false;  // on the strand
  log::Throttle accept_errors_{std::chrono::seconds(10)};
  log::Throttle refusals_{std::chrono::seconds(10)};
};

}  // namespace bh::net
