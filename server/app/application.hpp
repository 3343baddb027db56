// The application behind the network layer: identity, lobby, rooms, archive access.
//
// The network layer (net/) owns sockets, HTTP parsing, WebSocket framing, limits on
// frame size, rate and queue length; it calls these methods and knows nothing of games.
// The application owns every rule of the product and reaches the rules module, the
// store and the connections only through their interfaces.
//
// Thread-safety: every method may be called from any network thread; none blocks
// (work is posted to the application's strands; storage work runs on the store's thread).
#pragma once

#include <functional>
#include <map>
#include <memory>
#include <string>
#include <string_view>

#include "app/connection.hpp"

namespace boost::asio {
class io_context;
}

namespace bh::storage {
class Store;
}

namespace bh::app {

struct AppConfig {
  std::int64_t reconnect_grace_ms = 60'000;   // RULES: default 60 s, configurable
  std::size_t max_name_length = 32;
  std::size_t max_string_length = 256;         // options, invite codes, move texts...
  std::string version = "0.1.0";
};

struct HttpRequest {
  std::string method;                          // "GET", ...
  std::string path;                            // "/api/games/g12" (no query string)
  std::map<std::string, std::string> query;    // decoded query parameters
};

struct HttpResponse {
  int status = 200;
  std::string content_type = "application/json";
  std::string body;
};

class Application {
 public:
  virtual ~Application() = default;

  virtual void on_open(const std::shared_ptr<Connection>& connection) = 0;
  // One complete text frame. Never throws; bad input gets an error frame back.
  virtual void on_message(const std::shared_ptr<Connection>& connection, std::string text) = 0;
  virtual void on_close(const std::shared_ptr<Connection>& connection) = 0;

  // GET /healthz, /api/games, /api/games/{id}, /api/lobby, /metrics.
  // `respond` may be called from any thread, exactly once.
  virtual void handle_http(HttpRequest request, std::function<void(HttpResponse)> respond) = 0;

  // Counters the network layer keeps, for /metrics.
  virtual void count_network_error() = 0;

  // Graceful shutdown: tell every client, finish what must be written (games in
  // progress are kept or saved as the application decides), then call `done`.
  virtual void shutdown(std::function<void()> done) = 0;
};

// Builds the real application. `store` must outlive it.
std::shared_ptr<Application> make_application(boost::asio::io_context& io, storage::Store& store,
                                              AppConfig config);

}  // namespace bh::app
