#include "net/listener.hpp"

#include <boost/asio/bind_executor.hpp>
#include <boost/asio/post.hpp>
#include <string>

#include "log/log.hpp"
#include "net/client_address.hpp"
#include "net/http_session.hpp"

namespace bh::net {

namespace asio = boost::asio;
using tcp = asio::ip::tcp;

Listener::Listener(asio::io_context& io, std::shared_ptr<NetContext> context)
    : io_(io), context_(std::move(context)), strand_(asio::make_strand(io)), acceptor_(strand_), pause_(strand_) {}

boost::system::error_code Listener::open(const tcp::endpoint& endpoint) {
  boost::system::error_code ec;
  acceptor_.open(endpoint.protocol(), ec);
  if (!ec) acceptor_.set_option(asio::socket_base::reuse_address(true), ec);
  if (!ec) acceptor_.bind(endpoint, ec);
  if (!ec) acceptor_.listen(asio::socket_base::max_listen_connections, ec);
  return ec;
}

tcp::endpoint Listener::local_endpoint() const {
  boost::system::error_code ec;
  return acceptor_.local_endpoint(ec);
}

void Listener::run() {
  asio::post(strand_, [self = shared_from_this()] { self->do_accept(); });
}

void Listener::stop() {
  asio::post(strand_, [self = shared_from_this()] {
    self->stopped_ = true;
    boost::system::error_code ignored;
    self->acceptor_.close(ignored);
    self->pause_.cancel();
  });
}

void Listener::do_accept() {
  if (stopped_) return;
  // Each connection gets its own strand: its handlers never run concurrently.
  acceptor_.async_accept(
      asio::make_strand(io_),
      asio::bind_executor(strand_, [self = shared_from_this()](boost::system::error_code ec, tcp::socket socket) {
        self->on_accept(ec, std::move(socket));
      }));
}

void Listener::on_accept(boost::system::error_code ec, tcp::socket socket) {
  if (stopped_) return;
  if (ec) {
    if (auto line = accept_errors_.pass("accept: " + ec.message())) log::error(*line);
    context_->stats->network_errors.fetch_add(1, std::memory_order_relaxed);
    context_->app->count_network_error();
    pause_.expires_after(std::chrono::milliseconds(50));
    pause_.async_wait([self = shared_from_this()](boost::system::error_code) { self->do_accept(); });
    return;
  }
  context_->stats->accepted_connections.fetch_add(1, std::memory_order_relaxed);
  boost::system::error_code peer_ec;
  const auto peer = socket.remote_endpoint(peer_ec);
  const std::string address = peer_ec ? std::string("?") : canonical_ip(peer.address().to_string()).value_or("?");
  std::optional<AddressSlots::Slot> slot;
  if (!context_->policy.trusted_proxies.contains(address)) {
    slot = context_->slots->acquire(address);
    if (!slot) {
      refuse(std::move(socket), address);
      return do_accept();
    }
  }
  // Every frame is small and answers something: send it at once. With Nagle on, a frame
  // written while the previous one waits for the peer's delayed ACK sat up to 40 ms.
  boost::system::error_code ignored;
  socket.set_option(tcp::no_delay(true), ignored);
  start_http_session(std::move(socket), context_, address, std::move(slot));
  do_accept();
}

void Listener::refuse(tcp::socket socket, const std::string& address) {
  context_->stats->connections_refused.fetch_add(1, std::memory_order_relaxed);
  if (auto line = refusals_.pass("refused a connection from " + address + ": it holds " +
                                 std::to_string(context_->limits.connections_per_address) + " already"))
    log::info(*line);
  // One best-effort write into an empty send buffer (never blocks), then close.
  static const std::string kAnswer = [] {
    const std::string body = R"({"code":"too_many_connections","message":"too many connections from your address"})";
    return "HTTP/1.1 429 Too Many Requests\r\nContent-Type: application/json\r\nContent-Length: " +
           std::to_string(body.size()) + "\r\nConnection: close\r\n\r\n" + body;
  }();
  boost::system::error_code ignored;
  socket.non_blocking(true, ignored);
  socket.write_some(asio::buffer(kAnswer), ignored);
  socket.shutdown(tcp::socket::shutdown_both, ignored);
  socket.close(ignored);
}

}  // namespace bh::net
