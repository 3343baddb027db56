// One connection to Redis through hiredis's async API, on the bus's strand: connect,
// send commands, and hear of every reply and of the connection's end.
//
// What it tells its owner (Events), always from the strand: `up` once connected, and
// `down` once the connection has ended by itself (error, Redis gone); both are posted,
// never called from inside hiredis, so the owner may close or reconnect the link from
// them. `reply` is called from inside hiredis with each reply in order, and with null
// for each command still unanswered when the connection ends. A link may be connected
// again after it ended or was closed.
//
// Thread-safety: one strand; every member function is called on it.
#pragma once

#include <hiredis/async.h>

#include <cstdint>
#include <functional>
#include <memory>
#include <optional>
#include <span>
#include <string>
#include <string_view>

#include "cluster/bus_url.hpp"
#include "cluster/redis_watcher.hpp"

namespace bh::cluster {

class RedisLink {
 public:
  struct Events {
    std::function<void()> up;
    std::function<void(const std::string& why)> down;
    std::function<void(redisReply* reply)> reply;  // null: unanswered, the connection is gone
  };

  RedisLink(Strand strand, Events events);
  ~RedisLink();  // close()
  RedisLink(const RedisLink&) = delete;
  RedisLink& operator=(const RedisLink&) = delete;

  // Starts connecting. The reason when it failed at once (no `down` follows).
  std::optional<std::string> connect(const BusAddress& address);
  bool connected() const { return connected_; }
  // Queues a command (binary-safe arguments); false when there is no connection to take it.
  bool command(std::span<const std::string_view> args);
  // Ends the connection now, without a `down`; pending commands get their null reply.
  void close();

 private:
  static RedisLink* of(const redisAsyncContext* ac) { return static_cast<RedisLink*>(ac->data); }
  void ended(std::string why);
  void notify(bool up, std::string why);

  Strand strand_;
  Events events_;
  redisAsyncContext* ac_ = nullptr;
  bool connected_ = false;
  bool closing_ = false;
  // Each connect() begins a new epoch: a notice posted for an older connection is dropped.
  std::uint64_t epoch_ = 0;
  // Posted notices hold it weakly, so they are dropped once the link is gone.
  std::shared_ptr<RedisLink*> self_;
};

}  // namespace bh::cluster
