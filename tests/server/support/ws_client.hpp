// A synchronous WebSocket and HTTP client for tests, with a deadline on every wait.
//
// Beast stays inside ws_client.cpp (pimpl), so a test that includes this header
// compiles quickly. Everything talks to 127.0.0.1.
//
// Thread-safety: a WsClient belongs to one thread at a time. A read that times out stays
// pending and its message is returned by the next call, so a timeout loses nothing.
#pragma once

#include <chrono>
#include <cstdint>
#include <memory>
#include <nlohmann/json.hpp>
#include <optional>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

namespace bh::test {

using namespace std::chrono_literals;

struct HttpResult {
  int status = 0;  // 0 when no answer came (see error)
  std::string body;
  std::string content_type;
  std::string content_length;  // the header as sent (a HEAD answer has it without a body)
  std::string error;
  std::vector<std::pair<std::string, std::string>> headers;  // every header of the answer
  std::string header(std::string_view name) const;           // "" when absent (name as sent)
};
using HttpHeaders = std::vector<std::pair<std::string, std::string>>;

// One request on a fresh connection, with a deadline for the whole exchange.
HttpResult http_request(std::uint16_t port, std::string_view method, std::string_view target,
                        std::string_view body = {}, std::chrono::milliseconds timeout = 5s);
// The same with request headers (Authorization, Content-Type...).
HttpResult http_call(std::uint16_t port, std::string_view method, std::string_view target, const HttpHeaders& headers,
                     std::string_view body = {}, std::chrono::milliseconds timeout = 5s);
// The same from a chosen loopback source address ("127.0.0.2": another client address).
HttpResult http_get_from(std::string_view source, std::uint16_t port, std::string_view target,
                         std::chrono::milliseconds timeout = 5s);

// How a WsClient connects: from which loopback address, with which extra request headers.
struct ConnectOptions {
  std::string target = "/ws";
  std::string source;                                        // empty: the system's choice (127.0.0.1)
  std::vector<std::pair<std::string, std::string>> headers;  // e.g. {"Origin", "https://..."}
};
HttpResult http_get(std::uint16_t port, std::string_view target, std::chrono::milliseconds timeout = 5s);
// The value of one metric on the server's /metrics page ("" when it has none).
std::string metric(std::uint16_t port, const std::string& name);

class WsClient {
 public:
  WsClient();
  ~WsClient();
  WsClient(WsClient&&) noexcept;
  WsClient& operator=(WsClient&&) noexcept;

  // Connects and upgrades at `target`. False on failure, with error() saying why.
  bool connect(std::uint16_t port, std::string_view target = "/ws", std::chrono::milliseconds timeout = 5s);
  bool connect(std::uint16_t port, const ConnectOptions& options, std::chrono::milliseconds timeout = 5s);

  // False when the frame could not be written within `timeout` (or the connection is gone).
  bool send_json(const nlohmann::json& message, std::chrono::milliseconds timeout = 5s);
  // Any bytes as one text frame: invalid JSON or invalid UTF-8 included.
  bool send_text(std::string_view text, std::chrono::milliseconds timeout = 5s);
  bool send_binary(std::string_view bytes, std::chrono::milliseconds timeout = 5s);
  // A WebSocket ping control frame.
  bool send_ping(std::chrono::milliseconds timeout = 5s);

  // The next frame; nullopt on timeout or when the connection closed (see closed()).
  std::optional<std::string> next_text(std::chrono::milliseconds timeout = 2s);
  // The next frame as JSON; nullopt also for a frame that is not JSON (error() has it).
  std::optional<nlohmann::json> next(std::chrono::milliseconds timeout = 2s);
  // The next message whose "type" is `type`, skipping others, within `timeout` in all.
  std::optional<nlohmann::json> next_of_type(std::string_view type, std::chrono::milliseconds timeout = 2s);
  // Reads and discards until the server closes the connection. True when it did in time.
  bool wait_closed(std::chrono::milliseconds timeout = 5s);

  bool connected() const;  // handshake done and not closed
  bool closed() const;     // the connection ended (close frame, reset or end of stream)
  int close_code() const;  // from the server's close frame; 0 when there was none
  std::string close_reason() const;
  std::size_t frames_received() const;  // every frame read so far, including skipped ones
  const std::string& error() const;

  // A polite close: sends a close frame and waits (bounded) for the answer.
  void close(std::chrono::milliseconds timeout = 2s);
  // Drops the TCP connection without a close frame.
  void disconnect();

 private:
  struct Impl;
  std::unique_ptr<Impl> impl_;
};

}  // namespace bh::test
