// The one test-support translation unit that includes Beast.
#include "ws_client.hpp"

#include <boost/asio/io_context.hpp>
#include <boost/asio/ip/tcp.hpp>
#include <boost/beast/core/buffers_to_string.hpp>
#include <boost/beast/core/flat_buffer.hpp>
#include <boost/beast/core/tcp_stream.hpp>
#include <boost/beast/http/read.hpp>
#include <boost/beast/http/string_body.hpp>
#include <boost/beast/http/write.hpp>
#include <boost/beast/websocket/stream.hpp>
#include <deque>
#include <functional>

namespace bh::test {

namespace asio = boost::asio;
namespace beast = boost::beast;
namespace http = beast::http;
namespace websocket = beast::websocket;
using tcp = asio::ip::tcp;
using Clock = std::chrono::steady_clock;

namespace {

// Runs `io` until `done()` or the deadline. False on timeout.
bool run_until(asio::io_context& io, const std::function<bool()>& done, Clock::time_point deadline) {
  while (!done()) {
    if (Clock::now() >= deadline) return false;
    if (io.stopped()) io.restart();
    if (io.run_one_until(deadline) == 0 && io.stopped() && !done()) {
      // Nothing pending: nothing can change any more.
      return done();
    }
  }
  return true;
}

}  // namespace

namespace {

// Opens `socket` bound to `source` (a loopback address) when one is given.
beast::error_code bind_source(tcp::socket& socket, std::string_view source) {
  beast::error_code ec;
  if (source.empty()) return ec;
  const auto address = asio::ip::make_address(std::string(source), ec);
  if (ec) return ec;
  socket.open(address.is_v4() ? tcp::v4() : tcp::v6(), ec);
  if (!ec) socket.bind(tcp::endpoint(address, 0), ec);
  return ec;
}

HttpResult http_exchange(std::string_view source, std::uint16_t port, std::string_view method, std::string_view target,
                         std::string_view body, std::chrono::milliseconds timeout, const HttpHeaders& headers) {
  HttpResult result;
  asio::io_context io;
  beast::tcp_stream stream(io);
  if (const auto ec = bind_source(stream.socket(), source)) {
    result.error = ec.message();
    return result;
  }
  beast::flat_buffer buffer;
  http::request<http::string_body> request;
  request.method_string(method);
  request.target(target);
  request.version(11);
  request.set(http::field::host, "127.0.0.1:" + std::to_string(port));
  request.keep_alive(false);
  for (const auto& [name, value] : headers) request.set(name, value);
  if (!body.empty()) request.body() = std::string(body);
  request.prepare_payload();
  http::response_parser<http::string_body> parser;
  parser.skip(method == "HEAD");  // the answer to HEAD has headers only
  bool finished = false;
  beast::error_code failure;

  stream.expires_after(timeout);
  stream.async_connect(tcp::endpoint(asio::ip::make_address("127.0.0.1"), port), [&](beast::error_code ec) {
    if (ec) return void((failure = ec, finished = true));
    http::async_write(stream, request, [&](beast::error_code write_ec, std::size_t) {
      if (write_ec) return void((failure = write_ec, finished = true));
      http::async_read(stream, buffer, parser, [&](beast::error_code read_ec, std::size_t) {
        failure = read_ec;
        finished = true;
      });
    });
  });
  if (!run_until(
          io, [&] { return finished; }, Clock::now() + timeout + 1s)) {
    result.error = "timed out";
    return result;
  }
  if (failure) {
    result.error = failure.message();
    return result;
  }
  const auto& response = parser.get();
  result.status = response.result_int();
  result.body = response.body();
  result.content_type = std::string(response[http::field::content_type]);
  result.content_length = std::string(response[http::field::content_length]);
  for (const auto& field : response) result.headers.emplace_back(field.name_string(), field.value());
  return result;
}

}  // namespace

HttpResult http_request(std::uint16_t port, std::string_view method, std::string_view target, std::string_view body,
                        std::chrono::milliseconds timeout) {
  return http_exchange({}, port, method, target, body, timeout, {});
}

HttpResult http_call(std::uint16_t port, std::string_view method, std::string_view target, const HttpHeaders& headers,
                     std::string_view body, std::chrono::milliseconds timeout) {
  return http_exchange({}, port, method, target, body, timeout, headers);
}

std::string HttpResult::header(std::string_view name) const {
  for (const auto& [n, v] : headers)
    if (beast::iequals(n, name)) return v;
  return "";
}

HttpResult http_get(std::uint16_t port, std::string_view target, std::chrono::milliseconds timeout) {
  return http_request(port, "GET", target, {}, timeout);
}

std::string metric(std::uint16_t port, const std::string& name) {
  const auto page = http_get(port, "/metrics");
  const auto at = page.body.find("\n" + name + " ");
  if (at == std::string::npos) return "";
  const auto from = at + name.size() + 2;
  return page.body.substr(from, page.body.find('\n', from) - from);
}

HttpResult http_get_from(std::string_view source, std::uint16_t port, std::string_view target,
                         std::chrono::milliseconds timeout) {
  return http_exchange(source, port, "GET", target, {}, timeout, {});
}

struct WsClient::Impl {
  asio::io_context io;
  std::optional<websocket::stream<beast::tcp_stream>> ws;
  beast::flat_buffer buffer;
  std::deque<std::string> inbox;
  bool handshaken = false;
  bool reading = false;
  bool ended = false;
  int close_code = 0;
  std::string close_reason;
  std::size_t frames = 0;
  std::string error;

  void start_read() {
    reading = true;
    ws->async_read(buffer, [this](beast::error_code ec, std::size_t) {
      reading = false;
      if (ec) return end(ec);
      ++frames;
      inbox.push_back(beast::buffers_to_string(buffer.data()));
      buffer.consume(buffer.size());
    });
  }

  void end(beast::error_code ec) {
    if (ended) return;
    ended = true;
    if (ws) {
      close_code = ws->reason().code;
      close_reason = std::string(ws->reason().reason.c_str());
    }
    if (ec && ec != websocket::error::closed) error = ec.message();
  }

  bool write(std::string_view bytes, bool text, std::chrono::milliseconds timeout) {
    if (!ws || !handshaken || ended) {
      error = "not connected";
      return false;
    }
    ws->text(text);
    auto payload = std::make_shared<std::string>(bytes);
    bool done = false;
    beast::error_code failure;
    ws->async_write(asio::buffer(*payload), [&done, &failure, payload](beast::error_code ec, std::size_t) {
      failure = ec;
      done = true;
    });
    if (!run_until(
            io, [&] { return done; }, Clock::now() + timeout)) {
      // The pending handler refers to this frame's locals: the io_context never runs again.
      error = "write timed out";
      ended = true;
      handshaken = false;
      return false;
    }
    if (failure) {
      error = failure.message();
      return false;
    }
    return true;
  }

  // Runs until `done`; on a timeout the pending handler still refers to the caller's
  // locals, so the io_context never runs again (as in write).
  bool run_until_done(const bool& done, std::chrono::milliseconds timeout) {
    if (run_until(
            io, [&] { return done; }, Clock::now() + timeout))
      return true;
    error = "timed out";
    ended = true;
    handshaken = false;
    return false;
  }

  // Waits for a frame in the inbox.
  std::optional<std::string> next(Clock::time_point deadline) {
    if (inbox.empty() && !ended) {
      if (!reading) start_read();
      run_until(
          io, [&] { return !inbox.empty() || ended; }, deadline);
    }
    if (inbox.empty()) return std::nullopt;
    std::string text = std::move(inbox.front());
    inbox.pop_front();
    return text;
  }
};

WsClient::WsClient() : impl_(std::make_unique<Impl>()) {}
WsClient::~WsClient() = default;
WsClient::WsClient(WsClient&&) noexcept = default;
WsClient& WsClient::operator=(WsClient&&) noexcept = default;

bool WsClient::connect(std::uint16_t port, std::string_view target, std::chrono::milliseconds timeout) {
  ConnectOptions options;
  options.target = std::string(target);
  return connect(port, options, timeout);
}

bool WsClient::connect(std::uint16_t port, const ConnectOptions& options, std::chrono::milliseconds timeout) {
  impl_ = std::make_unique<Impl>();
  Impl& impl = *impl_;
  impl.ws.emplace(impl.io);
  auto& stream = beast::get_lowest_layer(*impl.ws);
  bool done = false;
  beast::error_code failure;
  const std::string host = "127.0.0.1:" + std::to_string(port);
  const std::string path(options.target);
  if (const auto ec = bind_source(stream.socket(), options.source)) {
    impl.error = ec.message();
    impl.ended = true;
    return false;
  }
  if (!options.headers.empty())
    impl.ws->set_option(websocket::stream_base::decorator([headers = options.headers](websocket::request_type& r) {
      for (const auto& [name, value] : headers) r.set(name, value);
    }));
  stream.expires_after(timeout);
  stream.async_connect(tcp::endpoint(asio::ip::make_address("127.0.0.1"), port), [&](beast::error_code ec) {
    if (ec) return void((failure = ec, done = true));
    impl.ws->async_handshake(host, path, [&](beast::error_code handshake_ec) {
      failure = handshake_ec;
      done = true;
    });
  });
  if (!run_until(
          impl.io, [&] { return done; }, Clock::now() + timeout + 1s)) {
    impl.error = "connect timed out";  // the io_context never runs again (see write)
    impl.ended = true;
    return false;
  }
  if (failure) {
    impl.error = failure.message();
    impl.ended = true;
    return false;
  }
  stream.expires_never();
  impl.ws->set_option(websocket::stream_base::timeout::suggested(beast::role_type::client));
  impl.ws->read_message_max(64 * 1024 * 1024);
  impl.handshaken = true;
  return true;
}

bool WsClient::send_json(const nlohmann::json& message, std::chrono::milliseconds timeout) {
  return impl_->write(message.dump(), true, timeout);
}
bool WsClient::send_text(std::string_view text, std::chrono::milliseconds timeout) {
  return impl_->write(text, true, timeout);
}
bool WsClient::send_binary(std::string_view bytes, std::chrono::milliseconds timeout) {
  return impl_->write(bytes, false, timeout);
}

bool WsClient::send_ping(std::chrono::milliseconds timeout) {
  Impl& impl = *impl_;
  if (!impl.ws || !impl.handshaken || impl.ended) return false;
  bool done = false;
  beast::error_code failure;
  impl.ws->async_ping({}, [&](beast::error_code ec) {
    failure = ec;
    done = true;
  });
  if (!impl.run_until_done(done, timeout)) return false;
  return !failure;
}

std::optional<std::string> WsClient::next_text(std::chrono::milliseconds timeout) {
  if (!impl_->ws) return std::nullopt;
  return impl_->next(Clock::now() + timeout);
}

std::optional<nlohmann::json> WsClient::next(std::chrono::milliseconds timeout) {
  auto text = next_text(timeout);
  if (!text) return std::nullopt;
  auto parsed = nlohmann::json::parse(*text, nullptr, false);
  if (parsed.is_discarded()) {
    impl_->error = "not JSON: " + text->substr(0, 200);
    return std::nullopt;
  }
  return parsed;
}

std::optional<nlohmann::json> WsClient::next_of_type(std::string_view type, std::chrono::milliseconds timeout) {
  const auto deadline = Clock::now() + timeout;
  while (Clock::now() < deadline) {
    const auto left = std::chrono::duration_cast<std::chrono::milliseconds>(deadline - Clock::now());
    auto message = next(left);
    if (!message) {
      if (closed()) return std::nullopt;
      continue;
    }
    if (message->is_object() && message->value("type", "") == type) return message;
  }
  return std::nullopt;
}

bool WsClient::wait_closed(std::chrono::milliseconds timeout) {
  const auto deadline = Clock::now() + timeout;
  while (!closed() && Clock::now() < deadline) {
    impl_->next(deadline);
  }
  return closed();
}

bool WsClient::connected() const { return impl_->handshaken && !impl_->ended; }
bool WsClient::closed() const { return impl_->ended && impl_->inbox.empty(); }
int WsClient::close_code() const { return impl_->close_code; }
std::string WsClient::close_reason() const { return impl_->close_reason; }
std::size_t WsClient::frames_received() const { return impl_->frames; }
const std::string& WsClient::error() const { return impl_->error; }

void WsClient::close(std::chrono::milliseconds timeout) {
  Impl& impl = *impl_;
  if (!impl.ws || !impl.handshaken || impl.ended) return;
  bool done = false;
  impl.ws->async_close(websocket::close_code::normal, [&done](beast::error_code) { done = true; });
  run_until(
      impl.io, [&] { return done; }, Clock::now() + timeout);
  impl.ended = true;  // from here the io_context never runs again (see write)
  impl.handshaken = false;
}

void WsClient::disconnect() {
  Impl& impl = *impl_;
  if (!impl.ws) return;
  beast::error_code ignored;
  beast::get_lowest_layer(*impl.ws).socket().close(ignored);
  impl.ended = true;
}

}  // namespace bh::test
