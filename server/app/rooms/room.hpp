// A game room: the shell around one game session (server/game). The session decides
// every command (game::decide); the room, on its strand, turns requests into commands
// and carries out the effects in order: it writes through the store, tells connections
// (room_audience.hpp), arms a timer for each deadline, and publishes what others hear
// of (game_events.hpp). It sees only its narrow services (room_services.hpp). Before the second player sits down it is
// an open room (join, cancel, the seat kept for the computer); after the match it may
// stay, finished, for a rematch, which the room creates (games.hpp).
//
// Thread-safety: every public method may be called from any thread; each posts to the
// room's strand, which alone touches the room's state (timers run on it too).
// Connections are held as weak_ptr and reached only through Connection::send. Store
// completions come back to the strand (the completion inbox, then defer).
#pragma once

#include <array>
#include <atomic>
#include <boost/asio/io_context.hpp>
#include <boost/asio/post.hpp>
#include <boost/asio/strand.hpp>
#include <functional>
#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "app/connection.hpp"
#include "app/players/address_quota.hpp"
#include "app/rooms/room_audience.hpp"
#include "app/rooms/room_services.hpp"
#include "app/rooms/room_timers.hpp"
#include "game/decide.hpp"
#include "game/room_settings.hpp"

namespace bh::app {

class Room : public std::enable_shared_from_this<Room> {
 public:
  // A room around its session: a new open room's (Games::create_room), a rematch's, a
  // restored game's (games.hpp).
  Room(const RoomServices& services, game::GameSession session);
  // A command no request answers: a restored game's game::Reopen once the room is in the
  // directory (restore_room, games.hpp: both players absent, the clocks paused until
  // both are back); the store's health, told each second while it cannot write
  // (game::Storage: the clocks stand still meanwhile; a no-op for a room told already).
  void command(game::Command command);

  const std::string& id() const { return session_.room_id; }                 // immutable
  const std::string& invite_code() const { return session_.invite_code; }    // immutable
  const game::RoomSettings& settings() const { return *session_.settings; }  // immutable

  // play_computer: the bot the second seat is kept for.
  struct Computer {
    std::string name;
    std::shared_ptr<Connection> connection;
  };
  // Announces the room (lobby, creator's `room_created`). Call once after creation. With
  // `computer` (play_computer) the second seat is kept for that bot, who alone may join
  // and is sent `challenge`; without it after AppConfig::computer_join_ms the room is
  // cancelled (no_computer).
  void open(std::shared_ptr<Connection> creator, protocol::RequestId request, Computer computer = {});
  // The creator's address holds `slot` until the room starts or closes. Before open().
  void hold_while_open(AddressQuota::Slot slot) { open_slot_ = std::move(slot); }
  void join(std::string player, std::shared_ptr<Connection> connection, std::optional<std::string> invite,
            protocol::RequestId request);
  // A player's (or a spectator's) command on the room and its game: cancelling the open
  // room, a move, resignation, draw, takeback, abort, chat, mute or rematch (game/commands.hpp; its `slot` is found
  // here from `player`). Errors: as game::decide refuses.
  void play(std::string player, std::shared_ptr<Connection> connection, game::Command command,
            protocol::RequestId request);
  void watch(std::shared_ptr<Connection> connection, std::string game_id, protocol::RequestId request);
  void unwatch(std::uint64_t connection_id);  // also when the connection closed
  // The player's connection closed (only if it was the one acting for the player).
  void player_dropped(std::string player, std::uint64_t connection_id);
  // The player is back (resume/login) on `connection`: full state, the others told;
  // `quietly` (a woken asleep game, games.cpp): seated, nothing told.
  void player_returned(std::string player, std::shared_ptr<Connection> connection, bool quietly = false);
  // The player's connection was replaced by a new one: a finished room's rematch events go there.
  void rematch_connection(std::string player, std::shared_ptr<Connection> connection);
  // Shutdown: timers stopped, a live game left unfinished; `done` runs on the strand.
  void stop(std::function<void()> done);
  // The game `game_id`'s last chat lines (a report's, docs/moderation.md), given on the room's strand.
  void recent_chat(std::string game_id, std::function<void(std::vector<protocol::server::Chat>)> give);
  // A room made with both seats taken (Games: a rematch, seat 1 the accepter; a
  // tournament's game): the players on `connections` present, the game begun and, once
  // durable, announced (a rematch's `rematch_started` first).
  void start_seated(std::array<std::weak_ptr<Connection>, 2> connections, protocol::RequestId request);
  // `player`'s open room (no opponent yet) cancelled for them with `reason` (a
  // tournament pairs them and needs their seat); `done(true)` once its seats are free,
  // false when the room is not theirs or has started. Runs on the room's strand.
  void cancel_open(std::string player, std::string reason, std::function<void(bool freed)> done);

 private:
  using Phase = game::Phase;
  struct Requester {  // who a decision answers
    std::shared_ptr<Connection> connection;
    protocol::RequestId request;
  };

  template <class F>
  void on_strand(F f) {
    boost::asio::post(strand_, [self = shared_from_this(), f = std::move(f)]() mutable { f(*self); });
  }
  void decide(const game::Command& command, const Requester& requester);
  void carry_out(game::Effects effects, const Requester& requester);
  void tell(game::Tell& t, const Requester& requester);
  void refuse(const Requester& requester, const game::Refuse& refusal) const;
  void notice(const game::Notice& n, const Requester& requester);
  void persist(game::Persist p, const Requester& requester);
  void finish(game::Finish f);
  // How a room leaves this process with its game unfinished (room_departure.cpp).
  // Cluster mode: another node owns the game now (a write was fenced), or this node
  // stops with a move it could not write: its people are told to go there, the room
  // closes here, the game is left to its owner.
  void hand_over();
  // A correspondence game with nobody here (no player connected, no spectator), nothing
  // unwritten or waiting: it goes to sleep (Games::put_to_sleep) once it has stayed so
  // for RoomLimits::correspondence_sleep_ms; each command, and a spectator leaving, sets
  // the time again.
  bool idle() const;
  void sleep_soon();
  void sleep_if_idle();
  // Asleep (a request that found the room just before): true, and `again` is given the
  // game's room once it is awake (the error sent otherwise, Games::find_game).
  bool asleep_with(const std::shared_ptr<Connection>& connection, const protocol::RequestId& request,
                   std::function<void(const std::shared_ptr<Room>&)> again);
  void arm(game::DeadlineKind kind, std::optional<game::Time> at);
  void begin_game(const Requester& requester);
  void start_rematch(int accepter_slot, const Requester& requester);
  // `reason`: why an open room closed (the lobby is told); empty once a match was played.
  void close(std::string_view reason = {});
  // What closing and stopping share: nothing runs in the room any more, no one watches.
  void shut();
  void publish(game::Note note, std::string_view reason = {});
  void spectators_changed();
  // The seat's player is present on `connection` (seated in the audience) if it still acts for them.
  bool seat_if_here(int slot, const std::string& player, const std::shared_ptr<Connection>& connection);
  void reseat_for_rematch(int slot, const std::shared_ptr<Connection>& connection);
  // True, and `then` kept for when it is told, while a move is being written.
  bool after_told(std::function<void()> then);
  std::array<bool, 2> present() const { return {session_.seats[0].present, session_.seats[1].present}; }
  int slot(const std::string& player) const { return session_.slot_of(player).value_or(-1); }
  // The seat's connection is `connection` now; the session writes its legal moves in the
  // form that connection reads.
  void seat(int slot, const std::shared_ptr<Connection>& connection) {
    audience_.seat(slot, connection);
    session_.seats[slot].compact_legal = connection->legal_form() == LegalForm::compact;
  }

  const RoomServices& services_;  // outlive every room (the application stops its threads first)
  boost::asio::strand<boost::asio::io_context::executor_type> strand_;
  game::GameSession session_;
  RoomAudience audience_;
  RoomTimers timers_;
  std::vector<std::function<void()>> deferred_;   // waiting for a move to be told
  std::shared_ptr<std::atomic<int>> listed_ply_;  // the lobby reads it; null for a private game
  AddressQuota::Slot open_slot_;                  // the creator's address's place while open
  bool asleep_ = false;                           // put to sleep: its game is served by a new room
};

}  // namespace bh::app
