// The lobby: the public rooms waiting for an opponent, the live games, and the
// connections subscribed to changes of both.
//
// Cluster mode with a bus (docs/cluster.md, "One lobby"), it also lists the other nodes'
// rooms and games: each is kept with its owner's epoch (0: this node's own), changes of
// this node's own are told to `on_change` for the others, and theirs come in through the
// `apply` and `replace_node` calls (app/relay/lobby_mirror.hpp carries them).
//
// Thread-safety: every public method may be called from any thread; each posts to the
// lobby's strand, which alone touches the lobby's state, except a live game's ply: its
// room stores it in the atomic it handed over with game_live, so a move posts nothing
// here (the snapshot reads it), and remote_owner, read under its own mutex. Subscribers
// are held as weak_ptr<Connection> and reached only through Connection::send.
#pragma once

#include <atomic>
#include <boost/asio/io_context.hpp>
#include <boost/asio/strand.hpp>
#include <cstdint>
#include <functional>
#include <map>
#include <memory>
#include <mutex>
#include <optional>
#include <string>
#include <vector>

#include "app/connection.hpp"
#include "protocol/messages.hpp"

namespace bh::app {

class Lobby : public std::enable_shared_from_this<Lobby> {
 public:
  // A snapshot lists at most `list_limit` rooms and as many games (0: all), with the
  // totals: a flood of rooms cannot make the answer to a `list_rooms` huge.
  explicit Lobby(boost::asio::io_context& io, int list_limit = 0);

  void room_opened(protocol::server::RoomInfo room);
  void room_closed(std::string room_id, std::string reason);
  // `ply` is the game's ply count, kept by its room (LiveGameInfo::ply is its start).
  void game_live(protocol::server::LiveGameInfo game, std::shared_ptr<const std::atomic<int>> ply);
  void game_ended(std::string game_id);

  // Sends the snapshot (a `lobby` reply) to `connection`, then updates if `subscribe`.
  void snapshot_to(std::shared_ptr<Connection> connection, protocol::RequestId id, bool subscribe);
  // Updates from now on, without a snapshot (a client another node served until now).
  void subscribe(std::shared_ptr<Connection> connection);
  void unsubscribe(std::uint64_t connection_id);
  // The snapshot, for HTTP; `done` runs on the strand.
  void snapshot(std::function<void(protocol::server::Lobby)> done);
  void shutdown();

  // ---- cluster mode with a bus ----
  // From now on each change of this node's own rooms and games is told as the event's
  // frame (room_opened, room_closed, live_game_listed, live_game_ended), on the strand.
  void on_change(std::function<void(const Frame&)> told);
  // This node's own rooms and games, all of them (for the other nodes), on the strand.
  void own_state(std::function<void(protocol::server::Lobby)> done);
  // A change of node `owner`'s lobby (one of the four events above; others are ignored).
  void apply(std::int64_t owner, protocol::server::Message change);
  // Node `owner`'s whole lobby now: what it no longer lists goes, with its events.
  void replace_node(std::int64_t owner, protocol::server::Lobby state);
  // The rooms and games of nodes not in `alive` go.
  void keep_nodes(std::vector<std::int64_t> alive);
  // The node that runs the room or game `id` when it is another node's; nullopt when
  // this node's own or unknown.
  std::optional<std::int64_t> remote_owner(const std::string& id) const;

 private:
  struct ListedRoom {
    protocol::server::RoomInfo info;
    std::int64_t owner = 0;
  };
  struct ListedGame {
    protocol::server::LiveGameInfo info;
    std::shared_ptr<const std::atomic<int>> ply;
    std::int64_t owner = 0;
  };
  // On the strand: each changes the lists, tells the subscribers, and (owner 0) on_change.
  void add_room(protocol::server::RoomInfo room, std::int64_t owner);
  void remove_room(const std::string& room_id, const std::string& reason, std::int64_t owner);
  void add_game(protocol::server::LiveGameInfo game, std::shared_ptr<const std::atomic<int>> ply, std::int64_t owner);
  void remove_game(const std::string& game_id, std::int64_t owner);
  template <class Event>
  void broadcast(const Event& event, std::int64_t owner);
  void set_remote_owner(const std::string& id, std::int64_t owner);
  protocol::server::Lobby make_snapshot() const;

  boost::asio::strand<boost::asio::io_context::executor_type> strand_;
  const std::size_t list_limit_;
  std::map<std::string, ListedRoom> rooms_;
  std::map<std::string, ListedGame> games_;
  std::map<std::uint64_t, std::weak_ptr<Connection>> subscribers_;
  std::function<void(const Frame&)> told_;
  mutable std::mutex owners_mutex_;
  std::map<std::string, std::int64_t> remote_owners_;  // under owners_mutex_: room and game ids of other nodes
};

}  // namespace bh::app
