// One lobby across the nodes of a cluster (docs/cluster.md, "One lobby"): each node
// tells the others every change of its own rooms and games at once, and its whole own
// lobby every few seconds (so a node that joins, or missed messages while the bus was
// lost, catches up), on the bus channel every lobby listens to. The others' rooms and
// games are listed beside this node's own (rooms/lobby.hpp), with their owner, so that a
// join or a watch of one reaches the node that runs it (handoff.hpp).
//
// A message is "<sender's epoch>\n<a server frame>": room_opened, room_closed,
// live_game_listed, live_game_ended, or lobby (the sender's whole own lobby).
//
// Thread-safety: any thread; the lobby's strand does the work.
#pragma once

#include <boost/asio/io_context.hpp>
#include <boost/asio/steady_timer.hpp>
#include <chrono>
#include <cstdint>
#include <memory>
#include <string_view>
#include <vector>

#include "app/relay/node_link.hpp"

namespace bh::app {

class Lobby;

class LobbyMirror : public std::enable_shared_from_this<LobbyMirror> {
 public:
  LobbyMirror(boost::asio::io_context& io, std::shared_ptr<Lobby> lobby, std::shared_ptr<NodeLink> link,
              std::chrono::milliseconds whole_every = std::chrono::seconds(3));
  // Tells the lobby's changes from now on, and the whole lobby now and every whole_every.
  void start();
  void stop();
  // A message on the lobbies' channel (this node's own are ignored).
  void receive(std::string_view payload);
  // The bus is back: the whole lobby now, so the others catch up at once.
  void bus_up();
  void nodes_alive(std::vector<std::int64_t> epochs);

 private:
  void send_whole();
  void schedule();

  std::shared_ptr<Lobby> lobby_;
  std::shared_ptr<NodeLink> link_;
  boost::asio::steady_timer timer_;
  const std::chrono::milliseconds whole_every_;
};

}  // namespace bh::app
