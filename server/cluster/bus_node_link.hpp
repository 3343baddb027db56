// The application's NodeLink (app/relay/node_link.hpp) on the bus: node `epoch` listens
// on the channel "boardhall:node:<epoch>". A message reached its node when Redis counted
// a subscriber on that channel.
//
// Thread-safety: any thread.
#pragma once

#include <cstdint>
#include <memory>
#include <string>

#include "app/relay/node_link.hpp"
#include "cluster/bus.hpp"

namespace bh::cluster {

std::string node_channel(std::int64_t epoch);
// Where every node's lobby listens (app/relay/lobby_mirror.hpp).
inline constexpr const char* kLobbyChannel = "boardhall:lobby";

class BusNodeLink final : public app::NodeLink {
 public:
  BusNodeLink(std::shared_ptr<Bus> bus, std::int64_t self) : bus_(std::move(bus)), self_(self) {}
  std::int64_t self() const override { return self_; }
  bool up() const override { return bus_->connected(); }
  void send(std::int64_t epoch, std::string payload, std::function<void(bool reached)> reached) override;
  void send_to_lobbies(std::string payload) override;

 private:
  std::shared_ptr<Bus> bus_;
  const std::int64_t self_;
};

}  // namespace bh::cluster
