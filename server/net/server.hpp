// Runs the network side of the server until a signal: the io_context on N threads, the
// listener, and the graceful shutdown.
//
// Shutdown. First SIGINT/SIGTERM: stop accepting, refuse new upgrades, call
// Application::shutdown (which tells clients and saves what must be saved; waited for at
// most app_shutdown_wait), then send every WebSocket session a close frame (going away)
// and wait until they are gone or shutdown_wait passes; then stop the io_context and join
// the threads. A second signal stops at once. `after_join` runs once the threads are
// joined and before the application and the io_context are destroyed (main closes the
// store there, so the store's last completions still find their strands).
//
// Thread-safety: call once, from main.
#pragma once

#include <chrono>
#include <cstdint>
#include <functional>
#include <memory>
#include <string>

#include "app/application.hpp"
#include "net/context.hpp"
#include "web/site.hpp"

namespace bh::net {

struct ServerOptions {
  std::string host = "0.0.0.0";
  std::uint16_t port = 8080;
  unsigned threads = 1;
  NetLimits limits;
  NetPolicy policy;
  // The web client's files served on every path that is not the API's
  // (web/site_answer.hpp); null: those paths go to the application too.
  std::shared_ptr<const web::Site> site;
  std::chrono::milliseconds app_shutdown_wait{10'000};
  std::chrono::milliseconds shutdown_wait{5'000};
  // Called on a network thread for each SIGUSR1 (an operator's request for a backup);
  // empty: SIGUSR1 is left alone. It must not block.
  std::function<void()> on_usr1;
};

using MakeApplication = std::function<std::shared_ptr<app::Application>(
    boost::asio::io_context& io, std::shared_ptr<const app::NetworkStats> stats)>;

// Returns the process's exit status: 0 after a clean shutdown, 1 when the address could
// not be bound or a second signal cut the shutdown short. Logs "listening on HOST:PORT"
// (the bound port, also when asked for port 0) once accepting.
int run_server(const ServerOptions& options, const MakeApplication& make_app, const std::function<void()>& after_join);

}  // namespace bh::net
