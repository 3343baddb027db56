// The bus between the server's nodes: publish and subscribe on Redis channels.
//
// A Bus keeps two connections to one Redis (pub/sub needs its own): one publishes, one
// subscribes. It is up (connected()) once both are connected and every channel wanted
// is subscribed; when either connection drops (or its own heartbeat, a message it sends
// itself every second, stops coming back) the bus is "lost": both connections are
// closed, publishes fail at once, and it reconnects with backoff (0.1 s doubling to 2 s)
// and subscribes every channel again before it is up again. Messages published while
// it is lost are not kept: Redis pub/sub does not keep them either, and a node that has
// lost the bus must stop acting as an owner anyway (docs/cluster-bus.md).
//
// Thread-safety: every member function may be called from any thread, including from a
// handler. The Bus runs one thread of its own ("the bus thread") for Redis; a handler
// runs where its Dispatcher puts it, or on the bus thread when none is given (then it
// must not block). Do not destroy the Bus from a handler that runs on the bus thread.
// Neither Asio nor hiredis appear here: Asio users make a Dispatcher with
// cluster/asio_dispatch.hpp.
#pragma once

#include <chrono>
#include <cstdint>
#include <functional>
#include <memory>
#include <optional>
#include <string>
#include <string_view>

#include "cluster/bus_url.hpp"

namespace bh::cluster {

// Runs a task somewhere of the caller's choosing (e.g. posts it to the caller's strand).
// An empty Dispatcher means "on the bus thread, now".
using Dispatcher = std::function<void(std::function<void()>)>;

struct Message {
  std::string channel;
  std::string payload;  // bytes, not necessarily text
};

enum class BusError {
  not_connected,  // the bus is lost (or not yet up): nothing was sent
  lost,           // the bus was lost before Redis confirmed the publish: it may or may not have gone out
  refused,        // Redis answered with an error
  backlog_full,   // too many bytes published and not yet confirmed (Options::max_pending_bytes)
  too_large,      // the payload is larger than Options::max_message_bytes
  stopped,        // the Bus is being destroyed
};
std::string_view to_string(BusError error);

struct PublishOutcome {
  std::optional<BusError> error;  // nullopt: Redis took it
  std::int64_t receivers = 0;     // subscribed connections it reached (every node's, this one's too)
};
// Called once, on the bus thread, for every publish that was accepted.
using PublishDone = std::function<void(const PublishOutcome&)>;

// Handlers get the message by reference, valid during the call.
using MessageHandler = std::function<void(const Message&)>;

struct BusOptions {
  // Told each time the bus is up (true) or lost (false), through status_dispatcher,
  // just after connected() has changed.
  std::function<void(bool up)> on_status;
  Dispatcher status_dispatcher;
  std::chrono::milliseconds first_backoff{100};
  std::chrono::milliseconds max_backoff{2000};
  // Both connections and every subscription must be made within this, or it starts again.
  std::chrono::milliseconds connect_timeout{3000};
  std::chrono::milliseconds heartbeat_interval{1000};
  std::chrono::milliseconds heartbeat_timeout{3000};
  std::size_t max_message_bytes = 16u << 20;
  // Published bytes not yet confirmed by Redis; more is refused (backlog_full).
  std::size_t max_pending_bytes = 64u << 20;
  // Received bytes whose handlers have not run yet (queued on slow dispatchers); past
  // this the bus counts itself lost and reconnects, so a gap is always reported.
  std::size_t max_undelivered_bytes = 64u << 20;
};

// Counters since the Bus was made (for /metrics). Heartbeats are not counted.
struct BusStats {
  bool connected = false;              // as Bus::connected()
  std::uint64_t published = 0;         // confirmed by Redis
  std::uint64_t publish_failures = 0;  // refused at once or failed later
  std::uint64_t received = 0;          // messages from Redis on subscribed channels
  std::uint64_t handler_failures = 0;  // handlers that threw
  std::uint64_t losses = 0;            // times the bus went from up to lost
  std::uint64_t connect_attempts = 0;
};

class Bus {
 public:
  using SubscriptionId = std::uint64_t;

  // Starts the bus thread and connects in the background; never blocks on Redis.
  explicit Bus(BusAddress address, BusOptions options = {});
  // Closes both connections and joins the bus thread. Accepted publishes not yet
  // confirmed complete with `stopped`; no handler or status callback starts afterwards.
  ~Bus();
  Bus(const Bus&) = delete;
  Bus& operator=(const Bus&) = delete;

  // Up: both connections made, every channel subscribed, the heartbeat coming back.
  bool connected() const;
  BusStats stats() const;

  // Sends `payload` on `channel`. Returns the error at once when the bus is not up, the
  // payload is too large or the backlog full (then `done` is never called); otherwise
  // nullopt, and `done` (if given) is called once with what became of it. Messages of
  // one Bus on one channel arrive in the order they were published.
  [[nodiscard]] std::optional<BusError> publish(std::string_view channel, std::string payload, PublishDone done = {});

  // Calls `handler` for every message on `channel` (an exact name, no patterns) from
  // now on, until unsubscribe. Several handlers may share a channel; Redis subscribes
  // it once. `ready`, if given, runs (through `where`) each time Redis has confirmed
  // the subscription: at first and after every reconnection. A handler that throws is
  // logged and counted; the others and the bus go on.
  SubscriptionId subscribe(std::string channel, MessageHandler handler, Dispatcher where = {},
                           std::function<void()> ready = {});
  // After it returns, the handler is not started again (a call already running ends on
  // its own). Unknown ids are ignored.
  void unsubscribe(SubscriptionId id);

 private:
  class Impl;
  std::unique_ptr<Impl> impl_;
};

}  // namespace bh::cluster
