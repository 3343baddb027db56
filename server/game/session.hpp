// The game session: everything one room knows about its match and its live game, as a
// plain value. Nothing in it runs: `decide` (decide.hpp) takes a session and a command
// and gives back the new session and what must happen (effects.hpp); the room
// (server/app/room.cpp) carries that out on its strand. So the rules of play — who may
// move, when a game ends, what is written before what is told — are tested here without
// Asio, threads or a store, with the time passed in.
//
// Built from the value types already there: the clock (game_clock.hpp), the journal of
// what is durable and told (live_journal.hpp), the match score (match_score.hpp).
//
// Thread-safety: none (a value; the room keeps its own on its strand and moves it
// through decide, never copying it).
#pragma once

#include <array>
#include <chrono>
#include <cstdint>
#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "game/chat_rate.hpp"
#include "game/correspondence_clock.hpp"
#include "game/game_clock.hpp"
#include "game/live_journal.hpp"
#include "game/match_score.hpp"
#include "game/room_settings.hpp"
#include "protocol/messages.hpp"
#include "rules/game_state.hpp"

namespace bh::game {

using Time = std::chrono::steady_clock::time_point;

// The time a command is decided at: the steady clock (deadlines, clocks) and the wall
// clock (what the views and the records show).
struct Now {
  Time steady;
  std::int64_t unix_ms = 0;
};

// open: waiting for the second player; playing: a game is on; ending: its end is
// being archived; finished: the match is over, a rematch may be offered; closed.
enum class Phase { open, playing, ending, finished, closed };

struct Seat {
  std::string player;
  bool present = false;
  std::int64_t absent_until_ms = 0;  // while absent in a game (shown to the others)
  std::optional<Time> absent_until;  // the same deadline on the steady clock
  // While the store cannot write: what is left of the grace, standing still with the
  // clocks; the deadline is set again from it when the store is back.
  std::optional<std::chrono::milliseconds> grace_left;
  // The seat's connection reads the legal moves of a `move` event as one compact string
  // (docs/protocol.md, "Games"), not a list.
  bool compact_legal = false;
};

// What the server's configuration fixes for every session.
struct Limits {
  std::int64_t first_move_ms = 30'000;       // a side's time for its first move
  std::int64_t reconnect_grace_ms = 60'000;  // an absent player's time to come back
  std::int64_t open_room_grace_ms = 10'000;  // an open room's creator's, once their connection closed
  std::int64_t computer_join_ms = 15'000;    // the computer's time to sit down (play_computer)
  std::int64_t challenge_ms = 180'000;       // a live game's challenge to a player, unanswered
  // (a correspondence game's lapses after three of its days)
  std::int64_t rematch_window_ms = 600'000;  // a finished room's wait for a rematch
  // A correspondence game's day: shorter only in tests (--correspondence-day-ms).
  std::int64_t correspondence_day_ms = CorrespondenceClock::kDayMs;
};

// The match's next game, decided when the last one ended (and written with its record).
struct NextGame {
  std::string game_id;
  int first_slot = 0;
  std::int64_t started_ms = 0;
  bool written = false;  // its header is in the store (with the last game's record)
};

struct DrawOffers {
  static constexpr int kPlies = 6;        // between two draw offers of one side
  std::optional<rules::Side> standing;    // the side whose offer waits for an answer
  std::array<int, 2> offered_at{-1, -1};  // by side: the ply of its last offer
};

struct TakebackOffer {
  rules::Side side;
  int plies = 1;  // 1: the asker's move is the last; 2: with the opponent's answer
};

struct GameSession {
  // Fixed for the room's life.
  std::string room_id, match_id, invite_code;
  std::shared_ptr<const RoomSettings> settings;
  std::shared_ptr<const protocol::server::Board> board;  // the rules' board, made once
  Limits limits;

  Phase phase = Phase::open;
  std::array<Seat, 2> seats;  // 0: the creator, 1: the joiner
  // The player the second seat is kept for: the bot of play_computer (settings say its
  // level), or the player challenged by name (challenge_player), who may decline.
  std::string kept_for;
  std::int64_t kept_until_ms = 0;                      // a challenge's lapse (unix ms)
  std::optional<protocol::RatingView> creator_rating;  // shown with the open room
  int first_slot = 0;                                  // the seat playing the first side in the current game
  MatchScore score{1};
  std::vector<std::string> game_ids;  // every game of the match so far
  std::optional<NextGame> next;
  std::string next_game_id;               // the id the match's next game will have (given by the room)
  std::optional<std::string> rematch_of;  // announced first: the room this one is a rematch of

  // The current game.
  std::string game_id;
  std::optional<rules::GameState> game;
  LiveJournal journal;
  std::int64_t started_ms = 0;
  GameClock clock;                                    // untimed in a correspondence game
  std::optional<CorrespondenceClock> correspondence;  // a correspondence game's clock
  DrawOffers draw;
  std::optional<TakebackOffer> takeback;
  std::optional<Time> first_move_deadline;  // while a side has yet to make its first move
  std::int64_t first_move_deadline_ms = 0;

  // What the room tells the session (looked up in services it does not know).
  protocol::RatingPair start_ratings;            // by side, at the game's start
  std::optional<std::vector<std::string>> bots;  // seated bot accounts (null: none)
  int spectators = 0;                            // watching, the players not counted
  std::array<bool, 2> muted{};                   // by seat: it muted the other's chat
  ChatRate chat_rate;                            // lines per (game, identity)
  // The game's last chat lines, both channels, for a report (docs/moderation.md); not archived.
  static constexpr std::size_t kRecentChat = 30;
  std::vector<protocol::server::Chat> recent_chat;
  std::optional<int> rematch_offer;  // the seat that offered a rematch
  bool storage_down = false;         // the store cannot write: clocks stand still

  // The legal moves the last move event listed, and the position they are of: a move
  // among them needs no generation of its own.
  rules::MoveList listed_moves;
  std::optional<rules::Position> listed_for;

  std::optional<int> slot_of(const std::string& player) const;
  int slot_for(rules::Side side) const { return side == rules::Side::first ? first_slot : 1 - first_slot; }
  rules::Side side_of_slot(int slot) const { return slot == first_slot ? rules::Side::first : rules::Side::second; }
  protocol::SidePair players() const;  // by side
  // A game is on and not over.
  bool live() const { return phase == Phase::playing && game && !game->status().over(); }
  // Neither side's clock runs until it has made its first move (a live game's).
  bool waiting_first_move() const { return live() && !correspondence && game->ply() < 2; }
  // A correspondence game under way: when the side to move loses on time (unix ms).
  std::optional<std::int64_t> deadline_ms() const;
  // The standing draw offer and takeback request, as the store keeps them.
  storage::LiveOffers live_offers() const;
};

// A new session for a room just created by `creator`.
GameSession open_session(std::string room_id, std::string match_id, std::string invite_code,
                         std::shared_ptr<const RoomSettings> settings, Limits limits, std::string creator);

}  // namespace bh::game
