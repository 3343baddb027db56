#include "cluster/bus_node_link.hpp"

#include <utility>

namespace bh::cluster {

std::string node_channel(std::int64_t epoch) { return "boardhall:node:" + std::to_string(epoch); }

void BusNodeLink::send(std::int64_t epoch, std::string payload, std::function<void(bool reached)> reached) {
  PublishDone done;
  if (reached) done = [reached](const PublishOutcome& outcome) { reached(!outcome.error && outcome.receivers > 0); };
  const auto refused = bus_->publish(node_channel(epoch), std::move(payload), std::move(done));
  if (refused && reached) reached(false);
}

}  // namespace bh::cluster
