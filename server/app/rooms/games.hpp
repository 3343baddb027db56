// The one way a room, and so its games, comes to be. Every path — a room created, a
// seek's room, a game against the computer, a rematch, a game restored after a restart —
// makes the room here, claims its players' seats (one seat at a time, identities.hpp)
// and puts it where games are found (directory.hpp); tournaments will too. A room asks
// it for its next game's Begin, for a rematch's new room, and for its lobby line.
//
// Thread-safety: any thread (the services lock their own maps).
#pragma once

#include <array>
#include <functional>
#include <memory>
#include <optional>
#include <string>

#include "app/connection.hpp"
#include "game/effects.hpp"
#include "game/room_settings.hpp"
#include "game/session.hpp"
#include "protocol/messages.hpp"
#include "storage/records.hpp"
#include "storage/store_result.hpp"

namespace bh::app {

class Room;
struct Context;

class Games {
 public:
  explicit Games(Context& ctx) : ctx_(ctx) {}

  // A new open room of `creator`, its seat claimed; none, and the refusal sent on
  // `connection` (already_seated), when the creator sits elsewhere. Not yet found by
  // others: `publish` it.
  std::shared_ptr<Room> create_room(const std::string& creator, game::RoomSettings settings,
                                    const std::shared_ptr<Connection>& connection, const protocol::RequestId& request);
  // The room is found by its id from now on.
  void publish(const std::shared_ptr<Room>& room);
  // A room given up before anyone found it: its seat released.
  void discard(const std::shared_ptr<Room>& room, const std::string& creator);

  // A rematch of the finished match `old` as the player in `accepter_slot` accepted it:
  // the same settings, the offerer creates, whoever played second plays first.
  // `connections`: the offerer's, the accepter's. Both seats claimed or neither;
  // `close_old` runs once both are (the old room's rematch offers forgotten); the new
  // room is published and its game begun. The refusal otherwise.
  std::optional<game::Refuse> create_rematch(const game::GameSession& old, int accepter_slot,
                                             std::array<std::weak_ptr<Connection>, 2> connections,
                                             const protocol::RequestId& request,
                                             const std::function<void()>& close_old);

  // A tournament's game (tournaments/tournament_director.hpp), `players` by side: both
  // seats claimed or neither, the room published and its game begun with the id
  // `settings.tournament` gives, each player seated if connected (absent otherwise: the
  // first-move rule decides a no-show). When a seat cannot be taken: the room each player
  // sits in elsewhere (by side; none for a player whose seat was free), nothing made.
  using HeldRooms = std::array<std::optional<std::string>, 2>;
  std::optional<HeldRooms> create_tournament_game(game::RoomSettings settings,
                                                  const std::array<std::string, 2>& players);

  // The Begin command of the room's next game: its ids, the seated bots, the ratings by
  // the sides the game will have; the seats' start noted (rated_seating.hpp).
  game::Begin next_begin(const game::GameSession& session, std::array<std::weak_ptr<Connection>, 2> connections);

  // A live game of the store brought back (restore.cpp): its seats restored, published.
  // False when it does not replay (logged).
  bool restore_room(const storage::LiveGame& live);
  // At start-up: a correspondence game that need not be in memory yet (its deadline to
  // come) kept asleep (dormant_games.hpp): its seats restored and its players' lists
  // and the lobby's line made as its room would, no room. False: it must be a room
  // (restore_room), or does not replay (logged).
  bool restore_asleep(const storage::LiveGame& live);

  // Idle correspondence games (dormant_games.hpp). The room of `game_id` given to `then`,
  // awake or loaded from the store first, `then` running later and on another thread
  // then; none, and `connection` told why: unknown_game, or storage_unavailable when
  // the store could not give it back.
  void find_game(const std::string& game_id, const std::shared_ptr<Connection>& connection,
                 const protocol::RequestId& request, std::function<void(const std::shared_ptr<Room>&)> then);
  // The room at rest (room_departure.cpp): its game asleep from now on, out of the
  // directory. False, and it stays, while the store cannot write (a load could miss
  // what is still to write).
  bool put_to_sleep(const game::GameSession& session);
  // The deadline sweep's (deadline_sweep.hpp): the game loaded, its room decides it.
  void wake_due(const std::string& game_id);

 private:
  // A restored game's room; null when its session does not replay (logged).
  std::shared_ptr<Room> restored_room(const storage::LiveGame& live);
  // The asleep game's load ended: its room made and reopened, its players here seated,
  // the requests that waited for it given the room (or null).
  void woke(const std::string& game_id, storage::StoreResult<storage::LiveGame> loaded);

  // A new open room's session: its ids, its invite code if private, the creator's rating.
  game::GameSession open_session(const std::string& creator, game::RoomSettings settings) const;

  Context& ctx_;
};

}  // namespace bh::app
