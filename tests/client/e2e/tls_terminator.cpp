// Asio's SSL stream on the front, a plain socket on the back.
#include "tls_terminator.hpp"

#include <fcntl.h>

#include <array>
#include <atomic>
#include <boost/asio/io_context.hpp>
#include <boost/asio/ip/tcp.hpp>
#include <boost/asio/post.hpp>
#include <boost/asio/ssl.hpp>
#include <boost/asio/write.hpp>
#include <thread>

namespace bh::test {

namespace asio = boost::asio;
namespace ssl = asio::ssl;
using tcp = asio::ip::tcp;
using error_code = boost::system::error_code;

namespace {

// The test forks client processes while connections are open: a socket they inherited
// would stay open in them after close() here, and the peer would never see the end.
// (A fork between accept and this call can still slip through; it only delays an end.)
template <class Socket>
void close_on_exec(Socket& socket) {
  ::fcntl(socket.native_handle(), F_SETFD, FD_CLOEXEC);
}

// One client: lives as long as a handler holds it. Either direction's end closes both.
class Relay : public std::enable_shared_from_this<Relay> {
 public:
  Relay(tcp::socket socket, ssl::context& context, std::uint16_t backend_port, std::atomic<int>& handshakes,
        std::atomic<int>& failures)
      : front_(std::move(socket), context),
        back_(front_.get_executor()),
        backend_port_(backend_port),
        handshakes_(handshakes),
        failures_(failures) {}

  void start() {
    auto self = shared_from_this();
    front_.async_handshake(ssl::stream_base::server, [self](error_code ec) {
      if (ec) {
        ++self->failures_;
        return self->close();
      }
      ++self->handshakes_;
      const tcp::endpoint backend(asio::ip::address_v4::loopback(), self->backend_port_);
      error_code ignored;
      self->back_.open(backend.protocol(), ignored);
      close_on_exec(self->back_);
      self->back_.async_connect(backend, [self](error_code ec2) {
        if (ec2) return self->close();
        self->copy(self->front_, self->back_, self->to_back_);
        self->copy(self->back_, self->front_, self->to_front_);
      });
    });
  }

 private:
  using Buffer = std::array<char, 16384>;

  template <class From, class To>
  void copy(From& from, To& to, Buffer& buffer) {
    auto self = shared_from_this();
    from.async_read_some(asio::buffer(buffer), [self, &from, &to, &buffer](error_code ec, std::size_t n) {
      if (ec) return self->close();
      asio::async_write(to, asio::buffer(buffer, n), [self, &from, &to, &buffer](error_code ec2, std::size_t) {
        if (ec2) return self->close();
        self->copy(from, to, buffer);
      });
    });
  }

  // Abrupt on purpose: a test proxy needs no TLS close_notify, and closing both sockets
  // ends the other direction's pending read.
  void close() {
    error_code ignored;
    front_.lowest_layer().close(ignored);
    back_.close(ignored);
  }

  ssl::stream<tcp::socket> front_;
  tcp::socket back_;
  std::uint16_t backend_port_;
  std::atomic<int>& handshakes_;
  std::atomic<int>& failures_;
  Buffer to_back_{}, to_front_{};
};

}  // namespace

struct TlsTerminator::Impl {
  std::uint16_t backend_port;
  std::string cert_pem, key_pem, error;
  ssl::context context{ssl::context::tls_server};  // outlives the streams of ioc
  asio::io_context ioc;
  tcp::acceptor acceptor{ioc};
  std::uint16_t port = 0;
  std::atomic<int> handshakes{0}, failures{0};
  std::thread thread;

  void accept() {
    acceptor.async_accept([this](error_code ec, tcp::socket socket) {
      if (ec) return;  // closed by the destructor
      close_on_exec(socket);
      std::make_shared<Relay>(std::move(socket), context, backend_port, handshakes, failures)->start();
      accept();
    });
  }
};

TlsTerminator::TlsTerminator(std::uint16_t backend_port, std::string cert_pem, std::string key_pem)
    : impl_(std::make_unique<Impl>()) {
  impl_->backend_port = backend_port;
  impl_->cert_pem = std::move(cert_pem);
  impl_->key_pem = std::move(key_pem);
}

TlsTerminator::~TlsTerminator() {
  if (impl_->thread.joinable()) {
    impl_->ioc.stop();
    impl_->thread.join();
  }
}

bool TlsTerminator::start() {
  Impl& d = *impl_;
  error_code ec;
  d.context.use_certificate_chain_file(d.cert_pem, ec);
  if (!ec) d.context.use_private_key_file(d.key_pem, ssl::context::pem, ec);
  if (ec) {
    d.error = "certificate: " + ec.message();
    return false;
  }
  const tcp::endpoint listen(asio::ip::address_v4::loopback(), 0);
  d.acceptor.open(listen.protocol(), ec);
  if (!ec) close_on_exec(d.acceptor);
  if (!ec) d.acceptor.bind(listen, ec);
  if (!ec) d.acceptor.listen(asio::socket_base::max_listen_connections, ec);
  if (ec) {
    d.error = "listen: " + ec.message();
    return false;
  }
  d.port = d.acceptor.local_endpoint().port();
  d.accept();
  d.thread = std::thread([&d] { d.ioc.run(); });
  return true;
}

std::uint16_t TlsTerminator::port() const { return impl_->port; }
const std::string& TlsTerminator::error() const { return impl_->error; }
int TlsTerminator::handshakes() const { return impl_->handshakes.load(); }
int TlsTerminator::failed_handshakes() const { return impl_->failures.load(); }

}  // namespace bh::test
