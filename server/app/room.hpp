// A game room: the shell around one game session (server/game/session.hpp). The
// session decides every game command (game::decide); the room turns requests into
// commands on its strand and carries out the effects: it writes through the store, tells
// connections, arms timers for the session's deadlines, and lets the services know (the
// directory, the lobby, identities, metrics). It also keeps what is not the game's: the
// open room before the second player sits down (room_open.cpp), the spectators'
// connections, chat (room_chat.cpp), the rematch window (room_rematch.cpp), the seat
// kept for the computer (room_computer.cpp) and the ratings its views show
// (room_ratings.cpp).
//
// Thread-safety: every public method may be called from any thread; each posts to
// the room's strand, which alone touches the room's state (timers run on it too).
// Connections are held as weak_ptr and reached only through Connection::send.
// Store completions are handed back to the strand (completion.hpp, the inbox).
#pragma once

#include <array>
#include <atomic>
#include <boost/asio/io_context.hpp>
#include <boost/asio/steady_timer.hpp>
#include <boost/asio/strand.hpp>
#include <chrono>
#include <functional>
#include <map>
#include <memory>
#include <optional>
#include <string>
#include <variant>
#include <vector>

#include "app/address_quota.hpp"
#include "app/app_context.hpp"
#include "app/chat_rate.hpp"
#include "app/room_settings.hpp"
#include "game/decide.hpp"
#include "storage/records.hpp"

namespace bh::app {

class Room : public std::enable_shared_from_this<Room> {
 public:
  enum class Action { resign, offer_draw, accept_draw, decline_draw };

  Room(std::shared_ptr<Context> context, std::string creator, RoomSettings settings);
  // A game that was live when the server stopped or crashed (storage::LiveGame): the
  // rules module replays its moves; both players are absent, with the reconnection
  // grace, and the clocks stay paused until both are back. Call restored() once the
  // room is in the directory. Errors: the game does not replay (message).
  static std::variant<std::shared_ptr<Room>, std::string> restore(std::shared_ptr<Context> context,
                                                                  const storage::LiveGame& live);
  void restored();

  // For restore() only.
  Room(std::shared_ptr<Context> context, game::GameSession session);

  const std::string& id() const { return session_.room_id; }                // immutable
  const std::string& invite_code() const { return session_.invite_code; }  // immutable

  // Announces the room (lobby, creator's `room_created`). Call once after creation.
  void open(std::shared_ptr<Connection> creator, protocol::RequestId request);
  // A room of play_computer (room_computer.cpp): the second seat is kept for `bot`, who
  // alone may join, and is sent `challenge`; without it after AppConfig::computer_join_ms
  // the room is cancelled (reason no_computer). Call once, before open(), from the
  // thread that made the room.
  void keep_seat_for(std::string bot, std::shared_ptr<Connection> bot_connection);
  // The creator's address holds `slot` (AppConfig::open_rooms_per_address) until the
  // room starts or closes. Call once, before open(), from the thread that made the room.
  void hold_while_open(AddressQuota::Slot slot) { open_slot_ = std::move(slot); }
  void join(std::string player, std::shared_ptr<Connection> connection, std::optional<std::string> invite,
            protocol::RequestId request);
  void cancel(std::string player, std::shared_ptr<Connection> connection, protocol::RequestId request);
  void move(std::string player, std::shared_ptr<Connection> connection, protocol::client::Move move,
            protocol::RequestId request);
  void act(std::string player, std::shared_ptr<Connection> connection, std::string game_id, Action action,
           protocol::RequestId request);
  // Takeback: a player asks to take back its last move (and the opponent's answer), the
  // opponent accepts or declines. Errors: not_a_player, game_over, nothing_to_take_back,
  // takeback_pending, no_takeback_request.
  enum class TakebackAction { request, accept, decline };
  void takeback(std::string player, std::shared_ptr<Connection> connection, std::string game_id, TakebackAction action,
                protocol::RequestId request);
  // A player ends the game without result before both sides have moved. Errors:
  // not_a_player, game_over, too_late_to_abort.
  void abort(std::string player, std::shared_ptr<Connection> connection, std::string game_id,
             protocol::RequestId request);
  void watch(std::shared_ptr<Connection> connection, std::string game_id, protocol::RequestId request);
  // Also when the connection closed (Application::on_close).
  void unwatch(std::uint64_t connection_id);
  // The player's connection closed (only if it was the one acting for the player).
  void player_dropped(std::string player, std::uint64_t connection_id);
  // The player is back (resume/login) on `connection`: full state, the others told.
  void player_returned(std::string player, std::shared_ptr<Connection> connection);
  // Rematch (room_rematch.cpp): after match_over the room stays, finished, while both
  // players are connected, holding no seat; `offer` (or the other's `offer`/`accept`)
  // starts a new room with the sides swapped; `decline`; `leave` ends the chance.
  enum class RematchAction { offer, accept, decline, leave };
  void rematch(std::string player, std::shared_ptr<Connection> connection, RematchAction action,
               protocol::RequestId request);
  // The player created, joined or sought another room: a finished room's rematch lapses.
  void player_moved_on(std::string player);
  // The player's connection was replaced by a new one (a second login): a finished
  // room's rematch events go to the new one.
  void rematch_connection(std::string player, std::shared_ptr<Connection> connection);
  // Shutdown: stops clocks and timers; a live game is left unfinished. `done` runs on
  // the strand.
  void stop(std::function<void()> done);

  // Chat (room_chat.cpp; docs/protocol.md, "Chat"). A player's line goes to both players,
  // a spectator's (watching, with an identity) to the spectators; each checked
  // (chat_text.hpp) and rate limited (chat_rate.hpp). Not archived.
  void chat(std::string player, std::shared_ptr<Connection> connection, protocol::client::Chat line,
            protocol::RequestId request);
  // A player stops (`muted`) or starts again hearing the opponent's lines in this room.
  void mute(std::string player, std::shared_ptr<Connection> connection, std::string game_id, bool muted,
            protocol::RequestId request);

 private:
  using SteadyClock = std::chrono::steady_clock;
  using Phase = game::Phase;
  // Who a decision answers: the connection and the request's id (none for the server's own).
  struct Requester {
    std::shared_ptr<Connection> connection;
    protocol::RequestId request;
  };
  struct Link {  // a seat's connection
    std::weak_ptr<Connection> connection;
    std::uint64_t connection_id = 0;
  };

  // ---- the session (room.cpp) ----
  game::Now now() const;
  // Decides `command` on the session and carries out the effects, for `requester`.
  void decide(const game::Command& command, const Requester& requester);
  void carry_out(game::Effects effects, const Requester& requester);
  void tell(const game::Tell& t, const Requester& requester);
  void notice(const game::Notice& n);
  void persist(game::Persist p, const Requester& requester);
  void finish(game::Finish f);
  void arm(game::DeadlineKind kind, std::optional<game::Time> at);
  // The next game of the match (or its first): ids, ratings and bots looked up.
  void begin_game(const Requester& requester, std::optional<std::string> rematch_of = {});
  // A finished game whose archive write failed is written again after `delay`, doubling
  // up to 30 s, until the store takes it (or the server stops).
  void retry_archive(std::shared_ptr<const storage::GameRecord> record, std::chrono::seconds delay);
  int slot(const std::string& player) const { return session_.slot_of(player).value_or(-1); }
  storage::LiveGame live_header(const std::string& game_id, int first_slot, std::int64_t started_ms,
                                const MatchScore& score) const;
  void close(const std::string& reason);
  void cancel_timers();
  void send_to(int slot, const Frame& frame) const;
  // To both seats and every spectator, but the connection `except_connection` and the
  // seat `except_slot` (each told otherwise).
  void broadcast(const Frame& frame, std::uint64_t except_connection = 0, std::optional<int> except_slot = {});
  void to_watchers(const Frame& frame) const;
  void reply_error(const std::shared_ptr<Connection>& c, const protocol::RequestId& id, protocol::ErrorCode code,
                   std::string message) const {
    context_->send_error(c, id, code, std::move(message));
  }

  // ---- the open room (room_open.cpp) ----
  void arm_room_grace(int slot);
  protocol::server::RoomInfo info() const;

  // ---- rematch (room_rematch.cpp) ----
  void enter_finished();
  void end_rematch(const std::string& reason, const std::shared_ptr<Connection>& requester,
                   const protocol::RequestId& request);
  void start_rematch(int accepter_slot, const std::shared_ptr<Connection>& connection,
                     const protocol::RequestId& request);
  void begin_rematch(std::array<std::string, 2> players, std::array<std::weak_ptr<Connection>, 2> connections,
                     std::string old_room_id, protocol::RequestId request);

  // ---- the computer (room_computer.cpp) ----
  void challenge_computer();
  bool seat_kept_from(const std::string& player) const;
  std::optional<std::vector<std::string>> bots() const;

  // ---- ratings (room_ratings.cpp) ----
  std::optional<protocol::RatingView> rating_of(const std::string& player) const;
  protocol::RatingPair ratings_now() const;
  void list_in_lobby();
  bool refuse_guest_in_rated(const std::string& player, const std::shared_ptr<Connection>& connection,
                             const protocol::RequestId& request) const;
  bool refuse_rated_pair(const std::string& player, const std::shared_ptr<Connection>& connection,
                         const protocol::RequestId& request) const;
  void note_rated_start();

  // ---- spectators (room_spectators.cpp) ----
  int spectator_count() const;
  void spectators_changed();
  void tell_spectator_count();
  void drop_spectators();

  // ---- chat (room_chat.cpp) ----
  bool refuse_chat(const std::shared_ptr<Connection>& connection, const protocol::RequestId& request,
                   const std::string& game_id) const;
  void deliver_to_spectators(const Frame& frame, std::uint64_t except_connection) const;

  const std::shared_ptr<Context> context_;
  boost::asio::strand<boost::asio::io_context::executor_type> strand_;
  game::GameSession session_;
  std::array<Link, 2> links_;  // by seat
  // Timers: the turn's deadline, each seat's absence (or an open room's grace), the
  // rematch window, the computer's time to join, the spectators' count interval.
  boost::asio::steady_timer turn_timer_;
  std::array<std::unique_ptr<boost::asio::steady_timer>, 2> seat_timers_;
  boost::asio::steady_timer room_timer_;  // rematch window or the computer's time to join
  std::vector<std::function<void()>> deferred_;   // commands waiting for a move to be told
  std::shared_ptr<std::atomic<int>> listed_ply_;  // the lobby reads it; null for a private game
  std::string computer_;                          // the bot the second seat is kept for
  std::shared_ptr<Connection> computer_connection_;
  AddressQuota::Slot open_slot_;  // the creator's address's place while the room is open
  struct Spectators {
    std::map<std::uint64_t, std::weak_ptr<Connection>> connections;
    int told = 0;  // the count last sent in a `spectators` event
    std::unique_ptr<boost::asio::steady_timer> timer;
    bool waiting = false;  // the timer runs: a change is told when it ends
  } spectators_;
  ChatRate chat_rate_;
};

}  // namespace bh::app
