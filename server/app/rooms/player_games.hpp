// Each player's games in progress, live and correspondence, as "your turn" lists show
// them (my_games, GET /api/players/{name}/games, docs/protocol.md "Your games"): kept up
// to date from the rooms' events (game_events.cpp: a game started, a move or takeback
// told, a game ended), so a listing never has to visit a room.
//
// Thread-safety: any thread; one mutex, held only for map work.
#pragma once

#include <map>
#include <mutex>
#include <set>
#include <string>
#include <vector>

#include "protocol/messages.hpp"

namespace bh::app {

class PlayerGames {
 public:
  // The game is on, or has moved on (`game` as it is now): listed under both players.
  void update(const protocol::server::PlayerGame& game);
  // A move or a takeback was told: the game is at `ply`, `to_move` ("first", "second") to
  // move, by `deadline_ms` in a correspondence game. Cheap: it runs on every move.
  void moved(const std::string& game_id, int ply, const std::string& to_move, std::optional<std::int64_t> deadline_ms);
  // The game has ended: off both players' lists.
  void remove(const std::string& game_id);
  // `player`'s games, those where it is their turn first (the nearest deadline, then the
  // oldest game first), then the others (the oldest first); private games only when
  // `with_private`.
  std::vector<protocol::server::PlayerGame> of(const std::string& player, bool with_private) const;

 private:
  mutable std::mutex mutex_;
  std::map<std::string, protocol::server::PlayerGame> games_;  // by game id
  std::map<std::string, std::set<std::string>> by_player_;     // player -> game ids
};

}  // namespace bh::app
