// What a decision asks the room to do, in order: answer the requester, tell seats and
// spectators, write the live game (and only on the store's answer carry out what
// follows), arm or drop a deadline, archive the game's end, start the next game.
// Texts are protocol frames already encoded (protocol::encode), without request ids:
// the room adds the requester's id to an Answer.
#pragma once

#include <array>
#include <cstdint>
#include <optional>
#include <string>
#include <variant>
#include <vector>

#include "game/commands.hpp"
#include "game/session.hpp"
#include "protocol/messages.hpp"
#include "storage/records.hpp"

namespace bh::game {

struct Effect;

// The requester's request failed.
struct Refuse {
  protocol::ErrorCode code = protocol::ErrorCode::bad_request;
  std::string message;
  std::optional<std::int64_t> retry_after_ms = std::nullopt;
};
// The requester's answer (the room adds the request's id).
struct Answer {
  std::string text;
};
// An event for others. `room`: both seats and every connection watching; `seat`: that
// seat only; `watchers`: the connections watching only; `spectator_chat`: the watching
// connections that are not a player's (from any of their connections).
// `computer`: the bot's connection an open room of play_computer challenges.
enum class Audience { room, seat, watchers, spectator_chat, computer };
struct Tell {
  std::string text;
  Audience to = Audience::room;
  int seat = -1;                  // Audience::seat
  int except_seat = -1;           // Audience::room: not this seat (told otherwise)
  bool except_requester = false;  // not the requester's connection (answered instead)
  bool with_request_id = false;   // the requester's request id added (a join's game_started)
};
// Write the live game: the header when `header` (the room fills it in: it knows the
// players' credentials), and the update's moves. `then` is carried out once the store
// answers, after the room decided Persisted.
struct Persist {
  bool header = false;
  int plies = 0;  // the game's length once written
  storage::LiveUpdate update;
  std::vector<Effect> then;
};
// A deadline at `at`; the room decides DeadlineDue{kind} when it comes (a later Arm of
// the same kind replaces it).
struct Arm {
  DeadlineKind kind = DeadlineKind::turn;
  Time at;
};
struct Disarm {
  DeadlineKind kind = DeadlineKind::turn;
};
// Facts of the live game `game_id` that change between moves, written with it and not
// waited for, so that a restart finds them: the seats' absence deadlines (unix ms, 0:
// present; a restart decides them, Reopen), a correspondence game's standing offers.
struct Keep {
  std::string game_id;
  std::optional<std::array<std::int64_t, 2>> absent_until_ms;
  std::optional<storage::LiveOffers> offers;
};
// The game has ended: archive `record` (with the next game's header, when the match
// goes on: GameSession::next, its score `next_score`); decide Archived on the answer.
struct Finish {
  storage::GameRecord record;
  std::optional<MatchScore> next_score;
};
// The command waits until the move being written is told (run by RunDeferred).
struct Defer {
  Command command;
};
struct RunDeferred {};
// Decide `command` now (after the effects before it).
struct Continue {
  Command command;
};
// Things the room's services hear of.
enum class Note {
  game_started,    // list it, count it, route its id to the room
  move_made,       // a move was played (counted; the lobby's ply moves once told)
  game_ended,      // the game is no longer live (unlisted, counted)
  archived,        // its record's write was answered (counted)
  seats_released,  // the match is over: its players may sit elsewhere
  start_next,      // the match's next game starts (decide Begin)
  rematch_window,  // the match is over; the room stays for a rematch
  close,           // the match is over; the room closes
  listed,          // a public game is announced: the lobby lists it
  ply_told,        // the lobby's line moves to `ply`
  rematch_open,    // the match is over and the room stays: the players' rematch room is known
  rematch_start,   // both want a rematch: a new room, `slot` the accepter's
  rematch_closed,  // the chance of a rematch ends: the room closes (before anyone hears)
  write_failing,   // a live write failed after a success (logged once per spell)
  closed,          // the room closed (published by the room): out of every directory, seats freed
  opened,          // an open room is announced (published by the room): the lobby lists a public one
  joined,          // the open room's second seat is taken (published by the room): off the lobby and seeks
};
struct Notice {
  Note note;
  int ply = 0;              // move_made, ply_told: the game's ply
  int slot = -1;            // rematch_start: the accepter's seat
  std::string reason = {};  // close: why, when not because the match is over ("cancelled", "abandoned", "no_computer")
};

struct Effect {
  std::variant<Refuse, Answer, Tell, Persist, Arm, Disarm, Keep, Finish, Defer, RunDeferred, Continue, Notice> v;
  template <class T>
  Effect(T t) : v(std::move(t)) {}  // NOLINT: effects are written as their kinds
};

using Effects = std::vector<Effect>;

}  // namespace bh::game
