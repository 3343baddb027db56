// WebhookReceiver: Asio's TLS stream and Beast's HTTP parser, one session per
// connection, all on the receiver's one thread.
#include "webhook_receiver.hpp"

#include <fcntl.h>
#include <strings.h>

#include <boost/asio/io_context.hpp>
#include <boost/asio/ip/tcp.hpp>
#include <boost/asio/ssl.hpp>
#include <boost/beast/core/flat_buffer.hpp>
#include <boost/beast/http.hpp>
#include <condition_variable>
#include <mutex>
#include <thread>

#include "test_certificate.hpp"
#include "tls_listen.hpp"

namespace bh::test {

namespace asio = boost::asio;
namespace ssl = asio::ssl;
namespace http = boost::beast::http;
using tcp = asio::ip::tcp;
using error_code = boost::system::error_code;

namespace {

constexpr std::size_t max_body = 1024 * 1024;

struct Shared {
  ssl::context tls{ssl::context::tls_server};
  mutable std::mutex mutex;
  std::condition_variable arrived;
  std::vector<WebhookRequest> requests;
  int answer_count = 0;
  unsigned answer_status = 200;
  bool hold = false;
};

class Session : public std::enable_shared_from_this<Session> {
 public:
  Session(tcp::socket socket, Shared& shared) : stream_(std::move(socket), shared.tls), shared_(shared) {}

  void start() {
    stream_.async_handshake(ssl::stream_base::server, [self = shared_from_this()](error_code ec) {
      if (!ec) self->read();
    });
  }

 private:
  void read() {
    parser_.emplace();
    parser_->body_limit(max_body);
    http::async_read(stream_, buffer_, *parser_, [self = shared_from_this()](error_code ec, std::size_t) {
      if (ec) return self->close();
      self->on_request(self->parser_->release());
    });
  }

  void on_request(http::request<http::string_body> request) {
    WebhookRequest kept{std::string(request.method_string()),
                        std::string(request.target()),
                        {},
                        request.body(),
                        std::chrono::steady_clock::now()};
    for (const auto& field : request) kept.headers.emplace_back(field.name_string(), field.value());
    unsigned status = 200;
    bool hold = false;
    {
      std::lock_guard lock(shared_.mutex);
      shared_.requests.push_back(std::move(kept));
      hold = shared_.hold;
      if (!hold && shared_.answer_count > 0) {
        --shared_.answer_count;
        status = shared_.answer_status;
      }
    }
    shared_.arrived.notify_all();
    // Held: a read that the client will not feed keeps the session, and so the
    // connection, open without an answer.
    if (hold) return read();
    response_.emplace(static_cast<http::status>(status), request.version());
    response_->keep_alive(request.keep_alive());
    response_->prepare_payload();
    http::async_write(stream_, *response_, [self = shared_from_this()](error_code ec, std::size_t) {
      if (ec || !self->response_->keep_alive()) return self->close();
      self->read();
    });
  }

  // Abrupt on purpose: a test receiver needs no TLS close_notify.
  void close() {
    error_code ignored;
    stream_.lowest_layer().shutdown(tcp::socket::shutdown_both, ignored);
    stream_.lowest_layer().close(ignored);
  }

  ssl::stream<tcp::socket> stream_;
  Shared& shared_;
  boost::beast::flat_buffer buffer_;
  std::optional<http::request_parser<http::string_body>> parser_;
  std::optional<http::response<http::empty_body>> response_;
};

}  // namespace

std::optional<std::string> WebhookRequest::header(std::string_view name) const {
  for (const auto& [key, value] : headers) {
    if (key.size() == name.size() && ::strncasecmp(key.data(), name.data(), key.size()) == 0) return value;
  }
  return std::nullopt;
}

struct WebhookReceiver::Impl {
  // Declared before the io_context: the sessions it destroys use the TLS context.
  TestCertificate certificate;
  Shared shared;
  std::string error;
  std::uint16_t wanted_port = 0, port = 0;
  asio::io_context ioc;
  tcp::acceptor acceptor{ioc};
  std::thread thread;

  void accept() {
    acceptor.async_accept([this](error_code ec, tcp::socket socket) {
      if (ec) return;  // closed by the destructor
      ::fcntl(socket.native_handle(), F_SETFD, FD_CLOEXEC);
      // As a web server does: the TLS handshake's small writes are not held back by
      // Nagle until the client's delayed ACK (40 ms a connection, measured).
      error_code ignored;
      socket.set_option(tcp::no_delay(true), ignored);
      std::make_shared<Session>(std::move(socket), shared)->start();
      accept();
    });
  }
};

WebhookReceiver::WebhookReceiver(std::uint16_t port) : impl_(std::make_unique<Impl>()) { impl_->wanted_port = port; }

WebhookReceiver::~WebhookReceiver() {
  if (impl_->thread.joinable()) {
    impl_->ioc.stop();
    impl_->thread.join();
  }
}

bool WebhookReceiver::start() {
  Impl& d = *impl_;
  d.error = tls_listen(d.shared.tls, d.certificate, d.acceptor, d.wanted_port);
  if (!d.error.empty()) return false;
  d.port = d.acceptor.local_endpoint().port();
  d.accept();
  d.thread = std::thread([&d] { d.ioc.run(); });
  return true;
}

const std::string& WebhookReceiver::error() const { return impl_->error; }
std::uint16_t WebhookReceiver::port() const { return impl_->port; }
const std::string& WebhookReceiver::ca_file() const { return impl_->certificate.cert_pem(); }

std::string WebhookReceiver::url(std::string_view path) const {
  const std::string slash = path.starts_with('/') ? "" : "/";
  return "https://127.0.0.1:" + std::to_string(impl_->port) + slash + std::string(path);
}

void WebhookReceiver::answer_next(int count, unsigned status) {
  std::lock_guard lock(impl_->shared.mutex);
  impl_->shared.answer_count = count;
  impl_->shared.answer_status = status;
}

void WebhookReceiver::hold_answers(bool hold) {
  std::lock_guard lock(impl_->shared.mutex);
  impl_->shared.hold = hold;
}

std::vector<WebhookRequest> WebhookReceiver::wait_for(std::size_t count, std::chrono::milliseconds timeout) const {
  std::unique_lock lock(impl_->shared.mutex);
  impl_->shared.arrived.wait_for(lock, timeout, [&] { return impl_->shared.requests.size() >= count; });
  return impl_->shared.requests;
}

std::vector<WebhookRequest> WebhookReceiver::requests() const {
  std::lock_guard lock(impl_->shared.mutex);
  return impl_->shared.requests;
}

}  // namespace bh::test
