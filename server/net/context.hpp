// What every network session shares: the application, the limits, the counters, and
// the registry of open WebSocket sessions (weak handles, for the shutdown's close frames
// and for closing the largest send queues when all of them together are over budget).
//
// Sessions hold a shared_ptr<NetContext>; the context holds no session strongly, so a
// session lives exactly as long as its pending operations.
//
// Thread-safety: the registry locks a mutex; the rest is immutable after construction
// or atomic.
#pragma once

#include <atomic>
#include <chrono>
#include <cstddef>
#include <cstdint>
#include <map>
#include <memory>
#include <mutex>
#include <string>
#include <string_view>
#include <vector>

#include <boost/system/error_code.hpp>

#include "app/application.hpp"
#include "net/address_slots.hpp"
#include "net/client_address.hpp"
#include "web/site.hpp"

namespace bh::net {

struct NetLimits {
  std::size_t max_frame = 64 * 1024;  // largest WebSocket message read
  unsigned rate = 20;                 // messages per second per connection
  unsigned burst = 40;
  std::size_t queue_frames = 1024;            // outgoing frames queued per connection
  std::size_t queue_bytes = 1024 * 1024;      // outgoing bytes queued per connection (one frame may go past)
  std::size_t read_pause_bytes = 64 * 1024;   // above this queued, a connection's messages are not read
  std::size_t queue_bytes_total = 64u << 20;  // all connections' queues; past it the largest are closed
  std::size_t tcp_unsent_bytes = 16 * 1024;   // a WebSocket's bytes the kernel holds unsent (TCP_NOTSENT_LOWAT)
  std::size_t http_body_limit = 16 * 1024;    // requests are GETs; a body is never needed
  std::chrono::seconds http_timeout{30};      // to read one request (and between keep-alive requests)
  std::size_t connections_per_address = 64;   // open TCP connections (WebSockets behind a proxy)
};

// Whom the server believes and whom it lets in (client_address.hpp).
struct NetPolicy {
  TrustedProxies trusted_proxies;            // their X-Forwarded-For / Forwarded are believed
  std::vector<std::string> allowed_origins;  // empty: every Origin may open a WebSocket
};

class WsSession;

// The open WebSocket sessions, by id. Entries are added when the handshake completes
// and removed by the session's destructor.
class SessionRegistry {
 public:
  void add(std::uint64_t id, std::weak_ptr<WsSession> session);
  void remove(std::uint64_t id);
  std::vector<std::shared_ptr<WsSession>> snapshot() const;
  std::size_t size() const;

 private:
  mutable std::mutex mutex_;
  std::map<std::uint64_t, std::weak_ptr<WsSession>> sessions_;
};

struct NetContext {
  NetContext(std::shared_ptr<app::Application> application, std::shared_ptr<app::NetworkStats> counters,
             NetLimits net_limits, NetPolicy net_policy = {}, std::shared_ptr<const web::Site> web_site = nullptr)
      : app(std::move(application)),
        stats(std::move(counters)),
        limits(net_limits),
        policy(std::move(net_policy)),
        site(std::move(web_site)),
        slots(std::make_shared<AddressSlots>(limits.connections_per_address)) {}

  const std::shared_ptr<app::Application> app;
  const std::shared_ptr<app::NetworkStats> stats;
  const NetLimits limits;
  const NetPolicy policy;
  const std::shared_ptr<const web::Site> site;  // the web client's files; null: none served
  const std::shared_ptr<AddressSlots> slots;    // connections held per client address
  SessionRegistry sessions;
  std::atomic<std::uint64_t> next_id{1};
  std::atomic<bool> stopping{false};  // set by the shutdown: new WebSocket upgrades are refused
  // Outgoing bytes queued on every WebSocket session (limits.queue_bytes_total), and
  // when the largest queues were last looked for (steady clock, ms).
  std::atomic<std::size_t> queued_bytes{0};
  std::atomic<std::int64_t> last_shed_ms{0};
};

// True for the codes that end a connection in the ordinary way (aborted by us, closed,
// end of stream, a timeout that reaps an idle peer): nothing to report.
bool expected_error(const boost::system::error_code& ec);

// The one place network errors go: expected codes are ignored; others are counted
// (NetworkStats and Application::count_network_error) and logged at debug level, since a
// peer's reset is not the server's fault.
void fail(NetContext& context, const boost::system::error_code& ec, std::string_view what);

// Closes the WebSocket sessions with the largest send queues (as clients that do not
// read) until all queues together are under three quarters of limits.queue_bytes_total;
// called when they are over it, and looks at most every 20 ms. Implemented in
// ws_session.cpp.
void shed_largest_queues(NetContext& context);

// Sends every open WebSocket session a close frame (going away, "shutting_down") after
// what it has queued. Implemented in ws_session.cpp.
void close_all_sessions(NetContext& context);

}  // namespace bh::net
