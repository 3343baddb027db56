// A game room: two seats, a match of one or more games, the live game with its
// clocks, the spectators. Created by the lobby handler when a player creates a room;
// lives (owned by the Directory, and by its own pending handlers and timers) until the
// match ends, the creator cancels it, or the server shuts down. After the match it may
// stay a while, finished, for a rematch (room_rematch.cpp).
//
// The room is server-authoritative: every move is checked with the rules module
// (rules::GameState::play) before anyone hears of it.
//
// The room is the strand, its handlers and the order of events; what it knows is kept
// in value types: the clock (game_clock.hpp; the room owns only the timer that flags
// the side to move), the live journal (live_journal.hpp: what is durable, what is
// told), the match score (match_score.hpp), and it speaks through pure functions: the
// protocol views (room_views.hpp) and the storage records (room_records.hpp).
//
// Thread-safety: every public method may be called from any thread; each posts to
// the room's strand, which alone touches the room's state (timers run on it too).
// Connections are held as weak_ptr and reached only through Connection::send.
// Store completions arrive on the store's thread and are posted back to the strand.
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
#include "app/creator_side.hpp"
#include "app/game_clock.hpp"
#include "app/live_journal.hpp"
#include "app/match_score.hpp"
#include "app/room_records.hpp"
#include "app/room_settings.hpp"
#include "rules/game_state.hpp"
#include "storage/records.hpp"
#include "storage/store.hpp"

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

 private:
  struct RestoreTag {};

 public:
  // For restore() only (make_shared needs it public; the tag keeps others out).
  Room(std::shared_ptr<Context> context, const storage::LiveGame& live, RoomSettings settings, RestoreTag);

  const std::string& id() const { return id_; }                    // immutable
  const std::string& invite_code() const { return invite_code_; }  // immutable

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
  // Takeback (room_takeback.cpp): a player asks to take back its last move (and the
  // opponent's answer), the opponent accepts or declines. Errors: not_a_player,
  // game_over, nothing_to_take_back, takeback_pending, no_takeback_request.
  enum class TakebackAction { request, accept, decline };
  void takeback(std::string player, std::shared_ptr<Connection> connection, std::string game_id, TakebackAction action,
                protocol::RequestId request);
  // A player ends the game without result before both sides have moved
  // (room_abort.cpp). Errors: not_a_player, game_over, too_late_to_abort.
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
  enum class Phase { open, playing, ending, finished, closed };
  struct Seat {
    std::string player;
    std::weak_ptr<Connection> connection;
    std::uint64_t connection_id = 0;
    bool present = false;
    std::int64_t deadline_ms = 0;  // while absent in a game
    std::uint64_t grace_generation = 0;
    std::unique_ptr<boost::asio::steady_timer> grace;
  };

  std::optional<int> slot_of(const std::string& player) const;
  int slot_for(rules::Side side) const { return side == rules::Side::first ? first_slot_ : 1 - first_slot_; }
  rules::Side side_of_slot(int slot) const { return slot == first_slot_ ? rules::Side::first : rules::Side::second; }
  protocol::server::RoomInfo info() const;
  protocol::server::GameView view(std::optional<int> slot) const;
  protocol::SidePair players() const;  // by side
  records::RoomFacts facts() const;
  std::optional<protocol::server::Clocks> clocks_view() const;
  protocol::server::MatchInfo match_info() const;

  void start_game(protocol::RequestId join_request);
  // Makes the game's state so far durable (header if not yet, every move not yet), then
  // runs `then` on the strand, whether the write worked or not (a failing store leaves
  // games going in memory; /healthz reports it).
  void write_live(std::function<void()> then);
  storage::LiveGame live_header() const;  // of the current game
  storage::LiveGame live_header(const std::string& game_id, int first_slot, std::int64_t started_ms,
                                const MatchScore& score) const;
  // Game started: the lobby, both players (the joiner's request answered), spectators,
  // the clock and the absence timers.
  void announce_game(const protocol::RequestId& join_request);
  // A restored game's clocks run again once both players are back.
  void resume_clocks_if_all_back(int returning_slot);
  void arm_clock();
  void on_clock_timer(std::uint64_t generation);
  // ---- first moves (room_abort.cpp) ----
  // While a side has not made its first move its clock stands still and the server
  // aborts the game when the first-move time (AppConfig::first_move_ms) runs out.
  bool waiting_first_move() const;
  // A turn starts: the first-move deadline from now, or none once both sides moved.
  void start_first_move_wait();
  // The timer (clock_timer_, `generation`) ends the game at the first-move deadline.
  void arm_first_move(std::uint64_t generation);
  // ---- takeback (room_takeback.cpp) ----
  // Plies `side` would take back: 1 when its move is the last, 2 when the opponent has
  // answered it, 0 when it has made no move.
  int takeback_plies(rules::Side side) const;
  void accept_takeback(int slot, const std::shared_ptr<Connection>& connection, const protocol::RequestId& request);
  void start_absence(int slot);
  void arm_room_grace(int slot);
  void end_game(rules::Status status);
  // Plays `text` in the game: checked against the listed moves when they are this
  // position's, else by the rules (GameState::play).
  rules::Result<rules::Move> play_checked(std::string_view text);
  void on_saved(storage::StoreError error, std::string game_id, rules::Status status, rules::Points points,
                std::optional<storage::RatingChanges> rating_changes);
  // A finished game whose archive write failed is written again after `delay`, doubling
  // up to 30 s, until the store takes it (or the server stops).
  void retry_archive(std::shared_ptr<const storage::GameRecord> record, std::chrono::seconds delay);
  void close(const std::string& reason);
  void cancel_timers();
  // Rematch (room_rematch.cpp). Tells everyone `match_over`; the room stays, finished,
  // open for a rematch while both players are connected (else it closes). A player's
  // rematch room is known (rematch_rooms) before anyone hears of the end.
  void enter_finished(const Frame& match_over);
  // The chance of a rematch ends (declined offers do not end it): both told
  // `rematch_cancelled` (`requester` with the request's id), the room closed.
  void end_rematch(const std::string& reason, const std::shared_ptr<Connection>& requester,
                   const protocol::RequestId& request);
  void start_rematch(int accepter_slot, const std::shared_ptr<Connection>& connection,
                     const protocol::RequestId& request);
  // In the new room of a rematch: both seated (seat 1 the accepter), the game started
  // and, once durable, announced: `rematch_started` first, then `game_started`.
  void begin_rematch(std::array<std::string, 2> players, std::array<std::weak_ptr<Connection>, 2> connections,
                     std::string old_room_id, protocol::RequestId request);
  // Spectators out (close, stop), each told to Context::watchers.
  void drop_spectators();

  // ---- the computer (room_computer.cpp) ----
  // After open(): the bot is challenged and its time to join starts.
  void challenge_computer();
  // Whether `player` may not take the second seat because it is kept for the bot.
  bool seat_kept_from(const std::string& player) const;
  // The `bots` mark of the views: the seated players that are bot accounts (null: none).
  std::optional<std::vector<std::string>> bots() const;

  // Ratings (room_ratings.cpp). A player's rating for this room's key: null for a
  // guest (in a casual room) or a game without a rating key.
  std::optional<protocol::RatingView> rating_of(const std::string& player) const;
  // Both players' ratings now, kept as the game's ratings at its start (views show them).
  void note_start_ratings();
  protocol::server::LiveGameInfo live_info() const;  // the lobby's line for the game
  void list_in_lobby();                              // the line and its ply counter, for a public game
  // A guest may not join a rated room: tells them (account_required) and returns true.
  bool refuse_guest_in_rated(const std::string& player, const std::shared_ptr<Connection>& connection,
                             const protocol::RequestId& request) const;
  // Against rating farming: a pair that started its rated games for the day may not
  // sit down to another (rated_pair_limit, told to `player`); bots are not counted.
  bool refuse_rated_pair(const std::string& player, const std::shared_ptr<Connection>& connection,
                         const protocol::RequestId& request) const;
  // A rated game starts: counted for its pair, and logged when both play from one address.
  void note_rated_start();

  // Connections watching, the players' own not counted (a player may watch too).
  int spectator_count() const;
  // The spectators changed: everyone in the game hears the new count at once, or when
  // the interval since the last count told ends (AppConfig::spectator_count_interval_ms).
  void spectators_changed();
  void tell_spectator_count();

  void send_to(int slot, const Frame& frame) const;
  // To both seats and every spectator, but the connection `except_connection` and the
  // seat `except_slot` (each told otherwise).
  void broadcast(const Frame& frame, std::uint64_t except_connection = 0, std::optional<int> except_slot = {});
  void reply_error(const std::shared_ptr<Connection>& c, const protocol::RequestId& id, protocol::ErrorCode code,
                   std::string message) const {
    context_->send_error(c, id, code, std::move(message));
  }

  const std::shared_ptr<Context> context_;
  boost::asio::strand<boost::asio::io_context::executor_type> strand_;
  const std::string id_, match_id_, invite_code_;
  const RoomSettings settings_;
  const std::shared_ptr<const protocol::server::Board> board_;  // the rules' board, made once

  Phase phase_ = Phase::open;
  std::array<Seat, 2> seats_;  // 0: the creator, 1: the joiner
  int first_slot_ = 0;         // the seat playing the first side in the current game
  MatchScore score_;
  std::vector<std::string> game_ids_;  // every game of the match so far (routed here)

  struct NextGame {
    std::string game_id;
    int first_slot = 0;
    std::int64_t started_ms = 0;
    bool written = false;  // its header went in with the last game's archive record
  };
  std::optional<NextGame> next_;  // the match's next game, between two games
  std::string game_id_;
  std::optional<rules::GameState> game_;
  LiveJournal journal_;  // the moves, what of them is durable and told
  std::int64_t started_ms_ = 0;
  std::shared_ptr<std::atomic<int>> listed_ply_;  // the lobby reads it; null for a private game
  // The legal moves the last move event listed, and the position they are of.
  rules::MoveList listed_moves_;
  std::optional<rules::Position> listed_for_;
  std::optional<rules::Side> draw_offer_;
  std::array<int, 2> draw_offered_at_{-1, -1};  // by side: the ply of its last draw offer
  static constexpr int kDrawOfferPlies = 6;     // between two draw offers of one side
  struct TakebackOffer {
    rules::Side side;
    int plies = 1;
  };
  std::optional<TakebackOffer> takeback_offer_;  // one at a time; a move lapses it
  // The first-move deadline while waiting_first_move() (steady, and unix ms to show).
  std::optional<SteadyClock::time_point> first_move_deadline_;
  std::int64_t first_move_deadline_ms_ = 0;
  protocol::RatingPair start_ratings_;  // by side, at the current game's start
  GameClock clock_;                     // paused in a restored game until both players are back
  boost::asio::steady_timer clock_timer_;
  std::uint64_t clock_generation_ = 0;

  // Rematch: who offered (a slot), the window's timer, what announce_game tells first.
  std::optional<int> rematch_offer_;
  std::unique_ptr<boost::asio::steady_timer> rematch_timer_;
  std::function<void()> before_announce_;

  // play_computer: the bot the second seat is kept for (set before open, then read
  // only), its connection until challenged, and its time to join.
  std::string computer_;
  std::shared_ptr<Connection> computer_connection_;
  AddressQuota::Slot open_slot_;  // the creator's address's place while the room is open
  std::unique_ptr<boost::asio::steady_timer> computer_timer_;

  std::map<std::uint64_t, std::weak_ptr<Connection>> spectators_;
  int spectators_told_ = 0;  // the count last sent in a `spectators` event
  boost::asio::steady_timer spectators_timer_;
  std::uint64_t spectators_generation_ = 0;
  bool spectators_waiting_ = false;  // the timer runs: a change is told when it ends

  // Chat (room_chat.cpp): the lines' rate per (game, identity); by seat, whether that
  // seat's player muted the other (for the rest of the room's life).
  ChatRate chat_rate_;
  std::array<bool, 2> muted_{};
  // True (and the error sent) when the room takes no chat or mute about `game_id` now.
  bool refuse_chat(const std::shared_ptr<Connection>& connection, const protocol::RequestId& request,
                   const std::string& game_id) const;
  void deliver_to_spectators(const Frame& frame, std::uint64_t except_connection) const;
};

}  // namespace bh::app
