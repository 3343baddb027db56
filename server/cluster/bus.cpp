#include "cluster/bus.hpp"

#include <pthread.h>
#include <signal.h>

#include <atomic>
#include <boost/asio/executor_work_guard.hpp>
#include <boost/asio/io_context.hpp>
#include <boost/asio/post.hpp>
#include <boost/asio/steady_timer.hpp>
#include <cstdio>
#include <random>
#include <thread>

#include "cluster/backoff.hpp"
#include "cluster/bus_counters.hpp"
#include "cluster/delivery.hpp"
#include "cluster/publisher.hpp"
#include "cluster/subscriber.hpp"
#include "cluster/subscriptions.hpp"
#include "log/log.hpp"
#include "log/throttle.hpp"

namespace bh::cluster {

namespace asio = boost::asio;
using Clock = std::chrono::steady_clock;

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
  enum class State { waiting, connecting, up, stopped };

  // All below run on the strand.
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

  const BusAddress address_;
  const BusOptions options_;
  const std::string heartbeat_channel_;
  std::shared_ptr<BusCounters> counters_ = std::make_shared<BusCounters>();
  Subscriptions subscriptions_;
  std::atomic<bool> stopping_{false};

  asio::io_context io_{1};
  Strand strand_{asio::make_strand(io_)};
  asio::executor_work_guard<asio::io_context::executor_type> work_{io_.get_executor()};

  // Strand only.
  State state_ = State::waiting;
  std::uint64_t attempt_ = 0;
  Backoff backoff_;
  Clock::time_point last_heartbeat_{};
  asio::steady_timer retry_timer_{strand_};
  asio::steady_timer deadline_timer_{strand_};
  asio::steady_timer heartbeat_timer_{strand_};
  log::Throttle connect_failures_log_{std::chrono::seconds(10)};
  Publisher publisher_;
  Subscriber subscriber_;

  std::thread thread_;  // last: started once everything above exists
};

namespace {

std::string random_heartbeat_channel() {
  std::random_device device;
  const std::uint64_t nonce = (std::uint64_t{device()} << 32) ^ device();
  char hex[17];
  std::snprintf(hex, sizeof hex, "%016llx", static_cast<unsigned long long>(nonce));
  return std::string("boardhall:bus:heartbeat:") + hex;
}

}  // namespace

Bus::Impl::Impl(BusAddress address, BusOptions options)
    : address_(std::move(address)),
      options_(std::move(options)),
      heartbeat_channel_(random_heartbeat_channel()),
      backoff_(options_.first_backoff, options_.max_backoff, std::random_device{}()),
      publisher_(strand_, counters_, link_events()),
      subscriber_(
          strand_, subscriptions_, heartbeat_channel_,
          Subscriber::Events{[this](std::string_view channel, std::string_view payload) { message(channel, payload); },
                             [this](const std::string& channel) { confirmed(channel); }},
          link_events()) {
  asio::post(strand_, [this] { connect(); });
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

RedisLink::Events Bus::Impl::link_events() {
  return RedisLink::Events{[this] { link_up(); }, [this](const std::string& why) { lose(why); }, {}};
}

void Bus::Impl::stop() {
  stopping_ = true;
  asio::post(strand_, [this] {
    state_ = State::stopped;
    counters_->up = false;
    retry_timer_.cancel();
    deadline_timer_.cancel();
    heartbeat_timer_.cancel();
    publisher_.close(BusError::stopped);
    subscriber_.close();
    subscriptions_.clear();
  });
  work_.reset();
  thread_.join();
}

// --- any thread ---

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
                       done = std::move(done)]() mutable {
    if (state_ == State::up) {
      publisher_.send(channel, payload, bytes, std::move(done), false);
    } else {
      // Lost since publish() looked: never sent on a later connection.
      publisher_.fail(bytes, std::move(done), state_ == State::stopped ? BusError::stopped : BusError::lost);
    }
  });
  return std::nullopt;
}

Bus::SubscriptionId Bus::Impl::subscribe(std::string channel, MessageHandler handler, Dispatcher where,
                                         std::function<void()> ready) {
  auto sub = subscriptions_.add(std::move(channel), std::move(handler), std::move(where), std::move(ready));
  asio::post(strand_, [this, sub] {
    if (state_ == State::up && subscriber_.confirmed(sub->channel)) {
      ready_once(sub);  // another handler had it subscribed already
    } else {
      subscriber_.reconcile(sub->channel);  // nothing before connecting: subscribe_all() catches up
    }
  });
  return sub->id;
}

void Bus::Impl::unsubscribe(SubscriptionId id) {
  auto removed = subscriptions_.remove(id);
  if (!removed) return;
  asio::post(strand_, [this, channel = removed->channel] {
    if (state_ == State::up || state_ == State::connecting) subscriber_.reconcile(channel);
  });
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

// --- the strand ---

void Bus::Impl::connect() {
  if (state_ == State::stopped) return;
  state_ = State::connecting;
  const auto attempt = ++attempt_;
  ++counters_->connect_attempts;
  deadline_timer_.expires_after(options_.connect_timeout);
  deadline_timer_.async_wait([this, attempt](const boost::system::error_code& ec) {
    if (!ec && attempt == attempt_ && state_ == State::connecting) lose("not up within the connect timeout");
  });
  for (RedisLink* link : {&publisher_.link(), &subscriber_.link()}) {
    if (auto why = link->connect(address_)) {
      lose(*why);
      return;
    }
  }
}

void Bus::Impl::link_up() {
  if (state_ != State::connecting) return;
  if (subscriber_.link().connected()) subscriber_.subscribe_all();
  check_up();
}

void Bus::Impl::check_up() {
  if (state_ == State::connecting && publisher_.link().connected() && subscriber_.all_confirmed()) become_up();
}

void Bus::Impl::become_up() {
  state_ = State::up;
  deadline_timer_.cancel();
  backoff_.reset();
  counters_->up = true;
  log::info("bus: up on " + address_.text());
  tell_status(true);
  for (const auto& channel : subscriptions_.channels()) {
    // A channel added since all_confirmed() looked is not subscribed yet: its own
    // confirmation tells its handlers.
    if (!subscriber_.confirmed(channel)) continue;
    for (const auto& sub : subscriptions_.of(channel)) ready_once(sub);
  }
  last_heartbeat_ = Clock::now();
  heartbeat(attempt_);
}

void Bus::Impl::lose(const std::string& why) {
  if (state_ == State::stopped || state_ == State::waiting) return;
  const bool was_up = state_ == State::up;
  state_ = State::waiting;
  counters_->up = false;
  deadline_timer_.cancel();
  heartbeat_timer_.cancel();
  publisher_.close(BusError::lost);
  subscriber_.close();
  const auto wait = backoff_.next();
  const std::string next = "; next try in " + std::to_string(wait.count()) + " ms";
  if (was_up) {
    ++counters_->losses;
    log::error("bus: lost " + address_.text() + " (" + why + ")" + next);
    tell_status(false);
  } else if (auto line =
                 connect_failures_log_.pass("bus: cannot connect to " + address_.text() + " (" + why + ")" + next)) {
    log::error(*line);
  }
  retry_timer_.expires_after(wait);
  retry_timer_.async_wait([this](const boost::system::error_code& ec) {
    if (!ec) connect();
  });
}

void Bus::Impl::message(std::string_view channel, std::string_view payload) {
  if (channel == heartbeat_channel_) {
    last_heartbeat_ = Clock::now();
    return;
  }
  ++counters_->received;
  const auto subs = subscriptions_.of(channel);
  if (subs.empty()) return;  // unsubscribed while Redis still sent
  const std::size_t bytes = channel.size() + payload.size();
  counters_->undelivered_bytes += bytes;
  // One copy shared by every handler; its bytes count as undelivered until the last lets go.
  std::shared_ptr<const Message> shared(new Message{std::string(channel), std::string(payload)},
                                        [counters = counters_, bytes](const Message* m) {
                                          counters->undelivered_bytes -= bytes;
                                          delete m;
                                        });
  for (const auto& sub : subs) deliver(sub, shared, counters_);
  shared.reset();
  if (counters_->undelivered_bytes > options_.max_undelivered_bytes) {
    // Called from inside hiredis: the connection is closed from the strand, after.
    asio::post(strand_, [this, attempt = attempt_] {
      if (attempt == attempt_) lose("handlers are more than max_undelivered_bytes behind");
    });
  }
}

void Bus::Impl::confirmed(const std::string& channel) {
  if (state_ == State::connecting) {
    check_up();
  } else if (state_ == State::up) {
    for (const auto& sub : subscriptions_.of(channel)) ready_once(sub);
  }
}

void Bus::Impl::heartbeat(std::uint64_t attempt) {
  if (state_ != State::up || attempt != attempt_) return;
  if (Clock::now() - last_heartbeat_ > options_.heartbeat_timeout) {
    lose("no heartbeat came back within the heartbeat timeout");
    return;
  }
  publisher_.send(heartbeat_channel_, {}, 0, {}, true);
  heartbeat_timer_.expires_after(options_.heartbeat_interval);
  heartbeat_timer_.async_wait([this, attempt](const boost::system::error_code& ec) {
    if (!ec) heartbeat(attempt);
  });
}

void Bus::Impl::tell_status(bool up) {
  if (!options_.on_status) return;
  run_on(
      options_.status_dispatcher, [on_status = options_.on_status, up] { on_status(up); }, "the status callback");
}

void Bus::Impl::ready_once(const std::shared_ptr<Subscription>& sub) {
  if (sub->ready_told_for == attempt_) return;  // once per connection
  sub->ready_told_for = attempt_;
  tell_ready(sub);
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
