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

void BusNodeLink::send_to_lobbies(std::string payload) {
  // Lost while the bus is: each node sends its whole lobby every few seconds.
  (void)bus_->publish(kLobbyChannel, std::move(payload));
}

}  // namespace bh::cluster
