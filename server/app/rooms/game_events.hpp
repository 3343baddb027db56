// What rooms tell the rest of the server about their games, published once and heard by
// whoever subscribed: a game started (the directory routes its id, the metrics count
// it), a move made (counted), a game ended (unlisted, counted), a match over (its
// players' seats freed, the room kept for a rematch), the room closed (out of the
// directory and the seeks, its seats freed). The room calls none of those
// services itself; tournaments will subscribe here too.
//
// Thread-safety: subscribe() before the first room (at start-up); publish() from any
// room's strand, each handler on the publisher's thread (handlers lock what they share).
#pragma once

#include <atomic>
#include <functional>
#include <memory>
#include <string_view>
#include <vector>

#include "game/effects.hpp"
#include "game/session.hpp"

namespace bh::app {

class Room;
struct Context;

struct GameEvent {
  game::Note note;  // opened, joined, listed, game_started, move_made, ply_told, game_ended, seats_released,
                    // rematch_open, rematch_closed, closed
  const game::GameSession& session;
  const std::shared_ptr<Room>& room;
  std::shared_ptr<const std::atomic<int>> listed_ply = nullptr;  // listed: the lobby's line follows it
  std::string_view reason = {};                                  // closed: why an open room closed
};

class GameEvents {
 public:
  using Handler = std::function<void(const GameEvent&)>;
  void subscribe(Handler handler) { handlers_.push_back(std::move(handler)); }
  void publish(const GameEvent& event) const {
    for (const auto& handler : handlers_) handler(event);
  }

 private:
  std::vector<Handler> handlers_;
};

// The server's own subscribers: directory, metrics, lobby, identities, rematch rooms.
void subscribe_services(Context& ctx);

}  // namespace bh::app
