#include "cluster/bus_cycle.hpp"

#include <boost/asio/post.hpp>
#include <cstdio>
#include <random>

#include "cluster/delivery.hpp"
#include "log/log.hpp"

namespace bh::cluster {

namespace asio = boost::asio;

namespace {

// One channel per Bus, for its own heartbeat only.
std::string random_heartbeat_channel() {
  std::random_device device;
  const std::uint64_t nonce = (std::uint64_t{device()} << 32) ^ device();
  char hex[17];
  std::snprintf(hex, sizeof hex, "%016llx", static_cast<unsigned long long>(nonce));
  return std::string("boardhall:bus:heartbeat:") + hex;
}

}  // namespace

BusCycle::BusCycle(const Strand& strand, BusAddress address, const BusOptions& options,
                   std::shared_ptr<BusCounters> counters, const Subscriptions& subscriptions)
    : strand_(strand),
      address_(std::move(address)),
      options_(options),
      heartbeat_channel_(random_heartbeat_channel()),
      counters_(std::move(counters)),
      subscriptions_(subscriptions),
      backoff_(options.first_backoff, options.max_backoff, std::random_device{}()),
      retry_timer_(strand_),
      deadline_timer_(strand_),
      heartbeat_timer_(strand_),
      publisher_(strand_, counters_, link_events()),
      subscriber_(
          strand_, subscriptions_, heartbeat_channel_,
          Subscriber::Events{[this](std::string_view channel, std::string_view payload) { message(channel, payload); },
                             [this](const std::string& channel) { confirmed(channel); }},
          link_events()) {}

RedisLink::Events BusCycle::link_events() {
  return RedisLink::Events{[this] { link_up(); }, [this](const std::string& why) { lose(why); }, {}};
}

void BusCycle::start() { connect(); }

void BusCycle::stop() {
  state_ = State::stopped;
  counters_->up = false;
  retry_timer_.cancel();
  deadline_timer_.cancel();
  heartbeat_timer_.cancel();
  publisher_.close(BusError::stopped);
  subscriber_.close();
}

void BusCycle::publish(const std::string& channel, const std::string& payload, std::size_t bytes, PublishDone done) {
  if (state_ == State::up) {
    publisher_.send(channel, payload, bytes, std::move(done), false);
  } else {
    // Lost since the Bus looked: never sent on a later connection.
    publisher_.fail(bytes, std::move(done), state_ == State::stopped ? BusError::stopped : BusError::lost);
  }
}

void BusCycle::subscribed(const std::shared_ptr<Subscription>& sub) {
  if (state_ == State::up && subscriber_.confirmed(sub->channel)) {
    ready_once(sub);  // another handler had it subscribed already
  } else if (state_ != State::stopped) {
    subscriber_.reconcile(sub->channel);  // nothing before connecting: subscribe_all() catches up
  }
}

void BusCycle::unsubscribed(const std::string& channel) {
  if (state_ == State::up || state_ == State::connecting) subscriber_.reconcile(channel);
}

void BusCycle::connect() {
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

void BusCycle::link_up() {
  if (state_ != State::connecting) return;
  if (subscriber_.link().connected()) subscriber_.subscribe_all();
  check_up();
}

void BusCycle::check_up() {
  if (state_ == State::connecting && publisher_.link().connected() && subscriber_.all_confirmed()) become_up();
}

void BusCycle::become_up() {
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

void BusCycle::lose(const std::string& why) {
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

void BusCycle::message(std::string_view channel, std::string_view payload) {
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

void BusCycle::confirmed(const std::string& channel) {
  if (state_ == State::connecting) {
    check_up();
  } else if (state_ == State::up) {
    for (const auto& sub : subscriptions_.of(channel)) ready_once(sub);
  }
}

void BusCycle::heartbeat(std::uint64_t attempt) {
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

void BusCycle::tell_status(bool up) {
  if (!options_.on_status) return;
  run_on(
      options_.status_dispatcher, [on_status = options_.on_status, up] { on_status(up); }, "the status callback");
}

void BusCycle::ready_once(const std::shared_ptr<Subscription>& sub) {
  if (sub->ready_told_for == attempt_) return;  // once per connection
  sub->ready_told_for = attempt_;
  tell_ready(sub);
}

}  // namespace bh::cluster
