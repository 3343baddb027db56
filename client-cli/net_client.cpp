// The one client translation unit that includes Beast.
#include "net_client.hpp"

#include <sys/eventfd.h>
#include <unistd.h>

#include <boost/asio/connect.hpp>
#include <boost/asio/io_context.hpp>
#include <boost/asio/ip/tcp.hpp>
#include <boost/asio/post.hpp>
#include <boost/asio/steady_timer.hpp>
#include <boost/beast/core.hpp>
#include <boost/beast/websocket.hpp>
#include <chrono>
#include <deque>
#include <mutex>
#include <thread>

namespace bh::cli {

namespace asio = boost::asio;
namespace beast = boost::beast;
namespace websocket = beast::websocket;
using tcp = asio::ip::tcp;

namespace {
constexpr std::size_t max_queued_frames = 1024;  // the UI sends at human or script pace
constexpr auto connect_timeout = std::chrono::seconds(5);
constexpr auto close_timeout = std::chrono::milliseconds(1500);
}  // namespace

// Handlers capture a raw Impl*: NetClient joins the thread before Impl is destroyed,
// and handlers still queued then are destroyed unrun with the io_context.
struct NetClient::Impl {
  asio::io_context ioc;
  tcp::resolver resolver{ioc};
  websocket::stream<beast::tcp_stream> ws{ioc};
  beast::flat_buffer buffer;
  std::deque<std::string> outbox;  // network thread only
  bool open = false;               // network thread only
  bool closing = false;            // network thread only
  std::string host, path;
  std::thread thread;

  int event_fd = -1;
  std::mutex inbox_mutex;
  std::vector<NetEvent> inbox;  // guarded by inbox_mutex
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

  // The expected ends of a connection are reported once, as "closed".
  void fail(beast::error_code ec, const char* what) {
    open = false;
    if (ec == asio::error::operation_aborted && closing) return;
    std::string why = ec == websocket::error::closed || ec == asio::error::eof
                          ? std::string("the server closed the connection")
                          : std::string(what) + ": " + ec.message();
    report(NetEvent::Kind::closed, std::move(why));
  }

  void run(const std::string& port) {
    Impl* self = this;
    resolver.async_resolve(host, port, [self](beast::error_code ec, tcp::resolver::results_type results) {
      if (ec) return self->fail(ec, "resolve");
      auto& layer = beast::get_lowest_layer(self->ws);
      layer.expires_after(connect_timeout);
      layer.async_connect(results, [self](beast::error_code ec2, const tcp::endpoint&) {
        if (ec2) return self->fail(ec2, "connect");
        beast::get_lowest_layer(self->ws).expires_never();
        self->ws.set_option(websocket::stream_base::timeout::suggested(beast::role_type::client));
        self->ws.set_option(websocket::stream_base::decorator([](websocket::request_type& req) {
          req.set(beast::http::field::user_agent, "boardhall-cli/0.1.0");
        }));
        self->ws.read_message_max(1 << 22);
        self->ws.async_handshake(self->host, self->path, [self](beast::error_code ec3) {
          if (ec3) return self->fail(ec3, "handshake");
          self->open = true;
          self->report(NetEvent::Kind::connected, "");
          self->read();
          if (!self->outbox.empty()) self->write_next();
        });
      });
    });
  }

  void read() {
    Impl* self = this;
    ws.async_read(buffer, [self](beast::error_code ec, std::size_t) {
      if (ec) return self->fail(ec, "read");
      self->report(NetEvent::Kind::frame, beast::buffers_to_string(self->buffer.data()));
      self->buffer.consume(self->buffer.size());
      self->read();
    });
  }

  void enqueue(std::string text) {
    if (closing || outbox.size() >= max_queued_frames) return;
    outbox.push_back(std::move(text));
    if (open && outbox.size() == 1) write_next();
  }

  void write_next() {
    Impl* self = this;
    ws.text(true);
    ws.async_write(asio::buffer(outbox.front()), [self](beast::error_code ec, std::size_t) {
      if (ec) return self->fail(ec, "write");
      self->outbox.pop_front();
      if (!self->outbox.empty() && !self->closing) self->write_next();
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
    ws.async_close(websocket::close_code::normal, [self, timer](beast::error_code) {
      timer->cancel();
      self->ioc.stop();
    });
  }
};

NetClient::NetClient() : impl_(std::make_unique<Impl>()) {}

NetClient::~NetClient() { stop(); }

void NetClient::start(const std::string& host, const std::string& port, const std::string& path) {
  impl_->host = host;
  impl_->path = path;
  Impl* impl = impl_.get();
  asio::post(impl->ioc, [impl, port] { impl->run(port); });
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
