#include "cluster/bus.hpp"

#include <pthread.h>
#include <signal.h>

#include <atomic>
#include <boost/asio/executor_work_guard.hpp>
#include <boost/asio/io_context.hpp>
#include <boost/asio/post.hpp>
#include <thread>

#include "cluster/bus_counters.hpp"
#include "cluster/bus_cycle.hpp"
#include "cluster/subscriptions.hpp"
#include "log/log.hpp"

namespace bh::cluster {

namespace asio = boost::asio;

std::string_view to_string(BusError error) {
  switch (error) {
    case BusError::not_connected:
      return "the bus is not connected";
    case BusError::lost:
      return "the bus was lost before Redis confirmed the message";
    case BusError::refused:
      return "Redis refused the message";
    case BusError::backlog_full:
      return "too many messages wait for Redis";
    case BusError::too_large:
      return "the message is too large";
    case BusError::stopped:
      return "the bus is stopping";
  }
  return "unknown bus error";
}

// The thread-safe front: what can be refused is refused at once, on the caller's
// thread; the rest is posted to the cycle on the bus's strand.
class Bus::Impl {
 public:
  Impl(BusAddress address, BusOptions options);
  void stop();

  std::optional<BusError> publish(std::string_view channel, std::string payload, PublishDone done);
  SubscriptionId subscribe(std::string channel, MessageHandler handler, Dispatcher where, std::function<void()> ready);
  void unsubscribe(SubscriptionId id);
  BusStats stats() const;
  bool up() const { return counters_->up; }

 private:
  const BusOptions options_;
  std::shared_ptr<BusCounters> counters_ = std::make_shared<BusCounters>();
  Subscriptions subscriptions_;
  std::atomic<bool> stopping_{false};

  asio::io_context io_{1};
  Strand strand_{asio::make_strand(io_)};
  asio::executor_work_guard<asio::io_context::executor_type> work_{io_.get_executor()};
  BusCycle cycle_;
  std::thread thread_;  // last: started once everything above exists
};

Bus::Impl::Impl(BusAddress address, BusOptions options)
    : options_(std::move(options)), cycle_(strand_, std::move(address), options_, counters_, subscriptions_) {
  asio::post(strand_, [this] { cycle_.start(); });
  thread_ = std::thread([this] {
    // hiredis writes with write(2): to a Redis that died, that raises SIGPIPE, which
    // would end the process. Blocked on this thread (the only one that writes to Redis),
    // the write fails with EPIPE instead and the bus reconnects.
    sigset_t pipe;
    sigemptyset(&pipe);
    sigaddset(&pipe, SIGPIPE);
    pthread_sigmask(SIG_BLOCK, &pipe, nullptr);
    for (;;) {
      try {
        io_.run();
        return;
      } catch (const std::exception& e) {
        log::error(std::string("bus: a task threw: ") + e.what());
      }
    }
  });
}

void Bus::Impl::stop() {
  stopping_ = true;
  asio::post(strand_, [this] {
    cycle_.stop();
    subscriptions_.clear();
  });
  work_.reset();
  thread_.join();
}

std::optional<BusError> Bus::Impl::publish(std::string_view channel, std::string payload, PublishDone done) {
  std::optional<BusError> refused;
  const std::size_t bytes = channel.size() + payload.size();
  if (stopping_) {
    refused = BusError::stopped;
  } else if (payload.size() > options_.max_message_bytes) {
    refused = BusError::too_large;
  } else if (!counters_->up) {
    refused = BusError::not_connected;
  } else if (counters_->pending_bytes.fetch_add(bytes) + bytes > options_.max_pending_bytes) {
    counters_->pending_bytes -= bytes;
    refused = BusError::backlog_full;
  }
  if (refused) {
    ++counters_->publish_failures;
    return refused;
  }
  asio::post(strand_, [this, channel = std::string(channel), payload = std::move(payload), bytes,
                       done = std::move(done)]() mutable { cycle_.publish(channel, payload, bytes, std::move(done)); });
  return std::nullopt;
}

Bus::SubscriptionId Bus::Impl::subscribe(std::string channel, MessageHandler handler, Dispatcher where,
                                         std::function<void()> ready) {
  auto sub = subscriptions_.add(std::move(channel), std::move(handler), std::move(where), std::move(ready));
  asio::post(strand_, [this, sub] { cycle_.subscribed(sub); });
  return sub->id;
}

void Bus::Impl::unsubscribe(SubscriptionId id) {
  auto removed = subscriptions_.remove(id);
  if (!removed) return;
  asio::post(strand_, [this, channel = removed->channel] { cycle_.unsubscribed(channel); });
}

BusStats Bus::Impl::stats() const {
  BusStats s;
  s.connected = counters_->up;
  s.published = counters_->published;
  s.publish_failures = counters_->publish_failures;
  s.received = counters_->received;
  s.handler_failures = counters_->handler_failures;
  s.losses = counters_->losses;
  s.connect_attempts = counters_->connect_attempts;
  return s;
}

// --- Bus ---

Bus::Bus(BusAddress address, BusOptions options)
    : impl_(std::make_unique<Impl>(std::move(address), std::move(options))) {}

Bus::~Bus() { impl_->stop(); }

bool Bus::connected() const { return impl_->up(); }

BusStats Bus::stats() const { return impl_->stats(); }

std::optional<BusError> Bus::publish(std::string_view channel, std::string payload, PublishDone done) {
  return impl_->publish(channel, std::move(payload), std::move(done));
}

Bus::SubscriptionId Bus::subscribe(std::string channel, MessageHandler handler, Dispatcher where,
                                   std::function<void()> ready) {
  return impl_->subscribe(std::move(channel), std::move(handler), std::move(where), std::move(ready));
}

void Bus::unsubscribe(SubscriptionId id) { impl_->unsubscribe(id); }

}  // namespace bh::cluster
