// The lobby: the public rooms waiting for an opponent, the live games, and the
// connections subscribed to changes of both.
//
// Thread-safety: every public method may be called from any thread; each posts to the
// lobby's strand, which alone touches the lobby's state, except a live game's ply: its
// room stores it in the atomic it handed over with game_live, so a move posts nothing
// here (the snapshot reads it). Subscribers are held as
// weak_ptr<Connection> and reached only through Connection::send.
#pragma once

#include <atomic>
#include <boost/asio/io_context.hpp>
#include <boost/asio/strand.hpp>
#include <functional>
#include <map>
#include <memory>
#include <string>

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
  void unsubscribe(std::uint64_t connection_id);
  // The snapshot, for HTTP; `done` runs on the strand.
  void snapshot(std::function<void(protocol::server::Lobby)> done);
  void shutdown();

 private:
  template <class Event>
  void broadcast(const Event& event);
  protocol::server::Lobby make_snapshot() const;

  boost::asio::strand<boost::asio::io_context::executor_type> strand_;
  const std::size_t list_limit_;
  std::map<std::string, protocol::server::RoomInfo> rooms_;
  struct ListedGame {
    protocol::server::LiveGameInfo info;
    std::shared_ptr<const std::atomic<int>> ply;
  };
  std::map<std::string, ListedGame> games_;
  std::map<std::uint64_t, std::weak_ptr<Connection>> subscribers_;
};

}  // namespace bh::app
