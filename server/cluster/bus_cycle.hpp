// The bus's life on its strand: connect both connections, subscribe every channel, be
// up, send and check the heartbeat, count a loss, wait (backoff), connect again. The
// Bus (bus.cpp) is its thread-safe front: it checks what it can at once and posts the
// rest here.
//
// States: waiting (for the next attempt) → connecting → up → waiting …; stopped at the
// end. Up means both connections made and every channel confirmed by Redis; counters
// `up` follows it.
//
// Thread-safety: the strand only, like Publisher and Subscriber.
#pragma once

#include <boost/asio/steady_timer.hpp>
#include <chrono>
#include <cstdint>
#include <memory>
#include <string>

#include "cluster/backoff.hpp"
#include "cluster/bus.hpp"
#include "cluster/bus_counters.hpp"
#include "cluster/publisher.hpp"
#include "cluster/subscriber.hpp"
#include "cluster/subscriptions.hpp"
#include "log/throttle.hpp"

namespace bh::cluster {

class BusCycle {
 public:
  // `options` and `subscriptions` must outlive the cycle.
  BusCycle(const Strand& strand, BusAddress address, const BusOptions& options, std::shared_ptr<BusCounters> counters,
           const Subscriptions& subscriptions);

  void start();  // the first attempt
  void stop();   // closes both connections; pending publishes complete with `stopped`

  // A publish accepted by the Bus: sent if still up, failed otherwise (never kept for a
  // later connection).
  void publish(const std::string& channel, const std::string& payload, std::size_t bytes, PublishDone done);
  // A subscription added or removed by the Bus: Redis is brought in line.
  void subscribed(const std::shared_ptr<Subscription>& sub);
  void unsubscribed(const std::string& channel);

 private:
  enum class State { waiting, connecting, up, stopped };
  using Clock = std::chrono::steady_clock;

  void connect();
  void link_up();
  void check_up();
  void become_up();
  void lose(const std::string& why);
  void message(std::string_view channel, std::string_view payload);
  void confirmed(const std::string& channel);
  void heartbeat(std::uint64_t attempt);
  void tell_status(bool up);
  void ready_once(const std::shared_ptr<Subscription>& sub);
  RedisLink::Events link_events();

  Strand strand_;
  const BusAddress address_;
  const BusOptions& options_;
  const std::string heartbeat_channel_;
  std::shared_ptr<BusCounters> counters_;
  const Subscriptions& subscriptions_;

  State state_ = State::waiting;
  std::uint64_t attempt_ = 0;
  Backoff backoff_;
  Clock::time_point last_heartbeat_{};
  boost::asio::steady_timer retry_timer_;
  boost::asio::steady_timer deadline_timer_;
  boost::asio::steady_timer heartbeat_timer_;
  log::Throttle connect_failures_log_{std::chrono::seconds(10)};
  Publisher publisher_;
  Subscriber subscriber_;
};

}  // namespace bh::cluster
