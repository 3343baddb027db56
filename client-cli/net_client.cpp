// The one client translation unit that includes Beast, Asio's SSL layer and OpenSSL.
#include "net_client.hpp"

#include <openssl/ssl.h>
#include <openssl/x509.h>
#include <openssl/x509_vfy.h>
#include <sys/eventfd.h>
#include <unistd.h>

#include <boost/asio/connect.hpp>
#include <boost/asio/io_context.hpp>
#include <boost/asio/ip/address.hpp>
#include <boost/asio/ip/tcp.hpp>
#include <boost/asio/post.hpp>
#include <boost/asio/ssl.hpp>
#include <boost/asio/steady_timer.hpp>
#include <boost/beast/core.hpp>
#include <boost/beast/ssl.hpp>
#include <boost/beast/websocket.hpp>
#include <chrono>
#include <deque>
#include <mutex>
#include <optional>
#include <thread>
#include <type_traits>
#include <variant>

namespace bh::cli {

namespace asio = boost::asio;
namespace beast = boost::beast;
namespace ssl = asio::ssl;
namespace websocket = beast::websocket;
using tcp = asio::ip::tcp;

namespace {
constexpr std::size_t max_queued_frames = 1024;  // the UI sends at human or script pace
constexpr auto connect_timeout = std::chrono::seconds(5);
constexpr auto close_timeout = std::chrono::milliseconds(1500);

using PlainWs = websocket::stream<beast::tcp_stream>;
using TlsWs = websocket::stream<beast::ssl_stream<beast::tcp_stream>>;

bool is_ip_address(const std::string& host) {
  beast::error_code ec;
  [[maybe_unused]] const auto address = asio::ip::make_address(host, ec);
  return !ec;
}
}  // namespace

// Handlers capture a raw Impl*: NetClient joins the thread before Impl is destroyed,
// and handlers still queued then are destroyed unrun with the io_context.
struct NetClient::Impl {
  asio::io_context ioc;
  tcp::resolver resolver{ioc};
  std::optional<ssl::context> tls;                  // wss:// only; outlives the stream that uses it
  std::variant<std::monostate, PlainWs, TlsWs> ws;  // made by make_stream()
  beast::flat_buffer buffer;
  std::deque<std::string> outbox;  // network thread only
  bool open = false;               // network thread only
  bool closing = false;            // network thread only
  std::string verify_failure;      // network thread only: why the certificate was refused
  NetTarget target;
  std::thread thread;

  int event_fd = -1;
  std::mutex inbox_mutex;
  std::vector<NetEvent> inbox;   // guarded by inbox_mutex
  bool reported_closed = false;  // guarded by inbox_mutex

  Impl() : event_fd(::eventfd(0, EFD_NONBLOCK | EFD_CLOEXEC)) {}
  ~Impl() {
    if (event_fd >= 0) ::close(event_fd);
  }

  void report(NetEvent::Kind kind, std::string text) {
    {
      std::lock_guard lock(inbox_mutex);
      if (reported_closed) return;
      if (kind == NetEvent::Kind::closed) reported_closed = true;
      inbox.push_back({kind, std::move(text)});
    }
    const std::uint64_t one = 1;
    [[maybe_unused]] const auto n = ::write(event_fd, &one, sizeof one);
  }

  // The expected ends of a connection are reported once, as "closed". Over TLS, a peer
  // (or proxy) that closes without a close_notify gives stream_truncated, not eof.
  void fail(beast::error_code ec, const char* what) {
    open = false;
    if (ec == asio::error::operation_aborted && closing) return;
    std::string why = ec == websocket::error::closed || ec == asio::error::eof || ec == ssl::error::stream_truncated
                          ? std::string("the server closed the connection")
                          : std::string(what) + ": " + ec.message();
    report(NetEvent::Kind::closed, std::move(why));
  }

  // Calls f with the WebSocket stream, whichever kind make_stream() made (none: not called).
  template <class F>
  void with_ws(F&& f) {
    std::visit(
        [&f](auto& stream) {
          if constexpr (!std::is_same_v<std::decay_t<decltype(stream)>, std::monostate>) f(stream);
        },
        ws);
  }

  // Before any I/O: the TLS context and stream, or the plain stream. False (and reported)
  // when the system's trusted authorities cannot be loaded.
  bool make_stream() {
    if (!target.tls) {
      ws.emplace<PlainWs>(ioc);
      return true;
    }
    tls.emplace(ssl::context::tls_client);
    beast::error_code ec;
    if (target.verify_certificate) {
      tls->set_default_verify_paths(ec);
      if (ec) {
        report(NetEvent::Kind::closed, "cannot load the trusted certificate authorities: " + ec.message());
        return false;
      }
    }
    auto& stream = ws.emplace<TlsWs>(ioc, *tls).next_layer();
    // SNI lets a proxy serving several names pick the right certificate; RFC 6066
    // forbids an address there.
    if (!is_ip_address(target.host)) SSL_set_tlsext_host_name(stream.native_handle(), target.host.c_str());
    if (!target.verify_certificate) {
      stream.set_verify_mode(ssl::verify_none);
      return true;
    }
    stream.set_verify_mode(ssl::verify_peer);
    // Keeps OpenSSL's reason (or the host name mismatch) for the message: the handshake
    // itself fails only with a bare "certificate verify failed".
    Impl* self = this;
    stream.set_verify_callback([self, check = ssl::host_name_verification(target.host)](bool preverified,
                                                                                        ssl::verify_context& context) {
      const bool ok = check(preverified, context);
      if (!ok && self->verify_failure.empty()) {
        self->verify_failure = preverified
                                   ? "the certificate is not for this host name"
                                   : X509_verify_cert_error_string(X509_STORE_CTX_get_error(context.native_handle()));
      }
      return ok;
    });
    return true;
  }

  void run() {
    if (!make_stream()) return ioc.stop();
    Impl* self = this;
    resolver.async_resolve(target.host, target.port, [self](beast::error_code ec, tcp::resolver::results_type results) {
      if (ec) return self->fail(ec, "resolve");
      self->with_ws([self, &results](auto& stream) {
        auto& layer = beast::get_lowest_layer(stream);
        layer.expires_after(connect_timeout);  // the connection and the TLS handshake
        layer.async_connect(results, [self](beast::error_code ec2, const tcp::endpoint&) {
          if (ec2) return self->fail(ec2, "connect");
          self->with_ws([self](auto& s) { self->secure(s); });
        });
      });
    });
  }

  void secure(PlainWs& stream) { handshake(stream); }

  void secure(TlsWs& stream) {
    Impl* self = this;
    stream.next_layer().async_handshake(ssl::stream_base::client, [self, &stream](beast::error_code ec) {
      if (!ec) return self->handshake(stream);
      if (!self->verify_failure.empty()) {
        self->open = false;
        return self->report(NetEvent::Kind::closed, "certificate verification failed for " + self->target.host + ": " +
                                                        self->verify_failure +
                                                        "; use --insecure for a self-signed test server");
      }
      self->fail(ec, "TLS handshake (is it a wss:// server?)");
    });
  }

  template <class Stream>
  void handshake(Stream& stream) {
    beast::get_lowest_layer(stream).expires_never();
    stream.set_option(websocket::stream_base::timeout::suggested(beast::role_type::client));
    stream.set_option(websocket::stream_base::decorator(
        [](websocket::request_type& req) { req.set(beast::http::field::user_agent, "boardhall-cli/0.1.0"); }));
    stream.read_message_max(1 << 22);
    Impl* self = this;
    stream.async_handshake(target.host, target.path, [self](beast::error_code ec) {
      if (ec) return self->fail(ec, "handshake");
      self->open = true;
      self->report(NetEvent::Kind::connected, "");
      self->read();
      if (!self->outbox.empty()) self->write_next();
    });
  }

  void read() {
    Impl* self = this;
    with_ws([self](auto& stream) {
      stream.async_read(self->buffer, [self](beast::error_code ec, std::size_t) {
        if (ec) return self->fail(ec, "read");
        self->report(NetEvent::Kind::frame, beast::buffers_to_string(self->buffer.data()));
        self->buffer.consume(self->buffer.size());
        self->read();
      });
    });
  }

  void enqueue(std::string text) {
    if (closing || outbox.size() >= max_queued_frames) return;
    outbox.push_back(std::move(text));
    if (open && outbox.size() == 1) write_next();
  }

  void write_next() {
    Impl* self = this;
    with_ws([self](auto& stream) {
      stream.text(true);
      stream.async_write(asio::buffer(self->outbox.front()), [self](beast::error_code ec, std::size_t) {
        if (ec) return self->fail(ec, "write");
        self->outbox.pop_front();
        if (!self->outbox.empty() && !self->closing) self->write_next();
      });
    });
  }

  void close() {
    closing = true;
    Impl* self = this;
    auto timer = std::make_shared<asio::steady_timer>(ioc, close_timeout);
    timer->async_wait([self](beast::error_code) { self->ioc.stop(); });
    if (!open) {
      ioc.stop();
      return;
    }
    // Over TLS, Beast's teardown also sends the TLS close_notify; the timer bounds both.
    with_ws([self, timer](auto& stream) {
      stream.async_close(websocket::close_code::normal, [self, timer](beast::error_code) {
        timer->cancel();
        self->ioc.stop();
      });
    });
  }
};

NetClient::NetClient() : impl_(std::make_unique<Impl>()) {}

NetClient::~NetClient() { stop(); }

void NetClient::start(const NetTarget& target) {
  impl_->target = target;
  Impl* impl = impl_.get();
  asio::post(impl->ioc, [impl] { impl->run(); });
  impl_->thread = std::thread([impl] {
    impl->ioc.run();
    impl->report(NetEvent::Kind::closed, "disconnected");
  });
}

void NetClient::send(std::string text) {
  Impl* impl = impl_.get();
  asio::post(impl->ioc, [impl, t = std::move(text)]() mutable { impl->enqueue(std::move(t)); });
}

void NetClient::stop() {
  if (!impl_->thread.joinable()) return;
  Impl* impl = impl_.get();
  asio::post(impl->ioc, [impl] { impl->close(); });
  impl_->thread.join();
}

int NetClient::wakeup_fd() const { return impl_->event_fd; }

std::vector<NetEvent> NetClient::drain() {
  std::uint64_t count = 0;
  [[maybe_unused]] const auto n = ::read(impl_->event_fd, &count, sizeof count);
  std::lock_guard lock(impl_->inbox_mutex);
  std::vector<NetEvent> out;
  out.swap(impl_->inbox);
  return out;
}

}  // namespace bh::cli
