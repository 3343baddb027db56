// Running a subscription's handler (or its `ready`) where the subscriber asked: through
// its Dispatcher, or at once on the bus thread. A handler that throws is logged (at most
// once every 10 s) and counted; a subscription removed meanwhile is skipped.
//
// Thread-safety: called on the bus thread; the tasks it makes run wherever dispatched
// and hold what they need (they may outlive the Bus).
#pragma once

#include <memory>
#include <string>

#include "cluster/bus.hpp"
#include "cluster/bus_counters.hpp"
#include "cluster/subscriptions.hpp"

namespace bh::cluster {

void deliver(const std::shared_ptr<Subscription>& sub, std::shared_ptr<const Message> message,
             std::shared_ptr<BusCounters> counters);
void tell_ready(const std::shared_ptr<Subscription>& sub);
// Runs `task` through `where` (or now when it is empty), catching what it throws.
void run_on(const Dispatcher& where, std::function<void()> task, std::string what);

}  // namespace bh::cluster
