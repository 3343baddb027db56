// Who hears a room: each seat's connection and the connections watching, and the
// spectators' count (told at once, or when changes come quickly once per interval).
// The room's collaborator for game::Tell effects (game/effects.hpp): it knows
// connections, not the game.
//
// Thread-safety: none; the room keeps it on its strand (the count's timer runs there).
#pragma once

#include <array>
#include <boost/asio/steady_timer.hpp>
#include <cstdint>
#include <functional>
#include <map>
#include <memory>
#include <optional>
#include <string>
#include <utility>

#include "app/connection.hpp"
#include "game/effects.hpp"

namespace bh::app {

class Watchers;

class RoomAudience {
 public:
  // `watchers`: the server's record of who watches what, kept for the room `room_id`.
  template <class Executor>
  RoomAudience(const Executor& strand, Watchers& watchers, std::string room_id)
      : watchers_(watchers), room_id_(std::move(room_id)), count_timer_(strand) {}

  // ---- seats ----
  void seat(int slot, const std::shared_ptr<Connection>& connection) { seats_[slot] = {connection, connection->id()}; }
  void unseat(int slot) { seats_[slot] = {}; }
  std::uint64_t seat_connection_id(int slot) const { return seats_[slot].id; }
  std::weak_ptr<Connection> seat_connection(int slot) const { return seats_[slot].connection; }
  // To the seat's connection when the player is `present`.
  void send_to(int slot, bool present, const Frame& frame) const;

  // ---- the player the second seat is kept for ----
  // play_computer's bot, or the player challenged by name: their connection when the
  // room opened, told what Audience::computer is (the challenge, and a person's its end).
  void challenge(const std::shared_ptr<Connection>& kept) { computer_ = kept; }

  // ---- spectators ----
  // False when the connection has closed meanwhile (it must not count).
  bool watch(const std::shared_ptr<Connection>& connection);
  // True when it watched.
  bool unwatch(std::uint64_t connection_id);
  bool watching(std::uint64_t connection_id) const { return watching_.contains(connection_id); }
  // Every watching connection gone.
  void drop_watchers();
  // Connections watching, the players' own not counted.
  int spectator_count() const;
  // To the watching connections.
  void to_watchers(const Frame& frame) const;
  // To the watching connections that are no player's (`is_player` by connection id),
  // but `except`.
  void to_spectators(const Frame& frame, std::uint64_t except,
                     const std::function<bool(std::uint64_t)>& is_player) const;

  // To both seats (if `present`) and every watcher, but the connection `except` and the
  // seat `except_slot`.
  void broadcast(const Frame& frame, const std::array<bool, 2>& present, std::uint64_t except = 0,
                 std::optional<int> except_slot = {});
  // Cluster mode: the game is another node's now. Everyone is told `game_moved` and the
  // seats' connections are closed, so that the players' clients come back through the
  // balancer and resume where the game is.
  void send_away(const std::array<bool, 2>& present);

  // A game::Tell to its audience (its text moved into the frame). `requester`: the requesting connection's id (0:
  // none), skipped when the Tell says so, and its `request` id put in the text when asked; `is_player` says which
  // watching connections are players' (spectators' chat).
  void tell(game::Tell& t, const std::array<bool, 2>& present, std::uint64_t requester,
            const protocol::RequestId& request, const std::function<bool(std::uint64_t)>& is_player);

  // The spectators changed: the `spectators` event is told now, or when the interval
  // since the last count told ends, if the count differs from the last told; `live()`
  // says whether the game still wants it, `game()` which game and who is present then.
  // `keep` holds the room while the timer runs.
  void count_changed(std::int64_t interval_ms, std::shared_ptr<void> keep, std::function<bool()> live,
                     std::function<std::pair<std::string, std::array<bool, 2>>()> game);
  // A decision's answer to the connection that asked (none: nothing), with its request's id.
  static void answer(const std::shared_ptr<Connection>& to, const protocol::RequestId& request, std::string& text);

 private:
  struct Link {
    std::weak_ptr<Connection> connection;
    std::uint64_t id = 0;
  };
  std::weak_ptr<Connection> computer_;  // see challenge()
  Watchers& watchers_;
  const std::string room_id_;
  std::array<Link, 2> seats_;
  std::map<std::uint64_t, std::weak_ptr<Connection>> watching_;
  int told_ = 0;  // the count last told
  bool waiting_ = false;
  boost::asio::steady_timer count_timer_;
};

}  // namespace bh::app
