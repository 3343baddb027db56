#include "cluster/delivery.hpp"

#include <exception>
#include <string>

#include "log/log.hpp"
#include "log/throttle.hpp"

namespace bh::cluster {

namespace {

log::Throttle handler_failures_log{std::chrono::seconds(10)};

void report(const std::string& line) {
  if (auto pass = handler_failures_log.pass(line)) log::error(*pass);
}

}  // namespace

void run_on(const Dispatcher& where, std::function<void()> task, std::string what) {
  auto guarded = [task = std::move(task), what] {
    try {
      task();
    } catch (const std::exception& e) {
      report(std::string("bus: ") + what + " threw: " + e.what());
    } catch (...) {
      report(std::string("bus: ") + what + " threw");
    }
  };
  if (!where) {
    guarded();
    return;
  }
  try {
    where(std::move(guarded));
  } catch (const std::exception& e) {
    report(std::string("bus: a dispatcher refused ") + what + ": " + e.what());
  }
}

void deliver(const std::shared_ptr<Subscription>& sub, std::shared_ptr<const Message> message,
             std::shared_ptr<BusCounters> counters) {
  run_on(
      sub->where,
      [sub, message = std::move(message), counters = std::move(counters)] {
        if (!sub->active) return;
        try {
          sub->handler(*message);
        } catch (...) {
          ++counters->handler_failures;
          throw;  // run_on logs it
        }
      },
      "a handler of channel \"" + sub->channel.substr(0, 80) + "\"");
}

void tell_ready(const std::shared_ptr<Subscription>& sub) {
  if (!sub->ready) return;
  run_on(
      sub->where,
      [sub] {
        if (sub->active) sub->ready();
      },
      "a subscription's ready callback");
}

}  // namespace bh::cluster
