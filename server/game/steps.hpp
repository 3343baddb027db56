// The collaborators of decide (decide.hpp), each deciding its commands on the session
// it is given (decide's own copy) and adding effects. Internal to server/game.
#pragma once

#include "game/decide.hpp"

namespace bh::game::steps {

// opening.cpp
void open(GameSession& s, Now now, Effects& fx);
void join(GameSession& s, const Join& c, Effects& fx);
void cancel(GameSession& s, const Cancel& c, Effects& fx);
void decline(GameSession& s, const Decline& c, Effects& fx);
// An open room's deadline: its creator's grace, the computer's time to sit down, a
// challenge's lapse.
void open_due(GameSession& s, DeadlineKind kind, Effects& fx);
// The open room's player (back) on `slot`: the grace ends, the room shown again.
void open_returned(GameSession& s, int slot, Effects& fx);
void open_left(GameSession& s, int slot, Now now, Effects& fx);

// moves.cpp
void begin(GameSession& s, const Begin& c, Now now, Effects& fx);
void announce(GameSession& s, const Announce& c, Now now, Effects& fx);
void move(GameSession& s, const Move& c, Now now, Effects& fx);
void persisted(GameSession& s, const Persisted& c, Effects& fx);
// The game's header was refused (Persisted::seat_taken): the game does not start.
void seat_taken(GameSession& s, Effects& fx);
void told(GameSession& s, const Told& c, Now now, Effects& fx);
// The side to move's deadline: its flag, or its first move's (aborts.cpp), or none.
void arm_turn(GameSession& s, Now now, Effects& fx);
void turn_due(GameSession& s, Now now, Effects& fx);
// How a correspondence game ends when `side`, to move, runs out of days: a loss, or an
// abort when it has not moved yet.
rules::Status on_time(const GameSession& s, rules::Side side);
// The journal's next write as a Persist effect carrying out `then` once answered.
Persist persist(const GameSession& s, Now now, Effects then);

// draws.cpp
void resign(GameSession& s, const Resign& c, Now now, Effects& fx);
void forfeit(GameSession& s, const Forfeit& c, Now now, Effects& fx);
void draw(GameSession& s, const Draw& c, Now now, Effects& fx);

// takebacks.cpp
void takeback(GameSession& s, const Takeback& c, Now now, Effects& fx);
// Plies `side` would take back: 1 when its move is the last, 2 when the opponent has
// answered it, 0 when it has made no move.
int takeback_plies(const GameSession& s, rules::Side side);

// aborts.cpp
void abort(GameSession& s, const Abort& c, Now now, Effects& fx);
// A turn starts: the first-move deadline from now, or none once both sides moved.
void start_first_move_wait(GameSession& s, Now now);

// presence.cpp
void left(GameSession& s, const Left& c, Now now, Effects& fx);
void returned(GameSession& s, const Returned& c, Now now, Effects& fx);
void absence_due(GameSession& s, int slot, Now now, Effects& fx);
// The grace of a seat whose player is away starts now (written with keep_absences).
void start_absence(GameSession& s, int slot, Now now, Effects& fx);
// The seats' absence deadlines as a Keep effect.
void keep_absences(const GameSession& s, Effects& fx);
// The same as a Keep effect (a correspondence game's offer made or declined).
void keep_offers(const GameSession& s, Effects& fx);
void reopen(GameSession& s, Now now, Effects& fx);
// The store's writes stopped or work again: the clocks stand still, or run again.
void storage(GameSession& s, const Storage& c, Now now, Effects& fx);

// finisher.cpp
// The game ends with `status` (or the one the rules gave it). Precondition: nothing
// untold, the game live.
void end_game(GameSession& s, rules::Status status, Now now, Effects& fx);
void archived(GameSession& s, const Archived& c, Now now, Effects& fx);

// chat.cpp
void chat(GameSession& s, const Chat& c, Now now, Effects& fx);
void mute(GameSession& s, const Mute& c, Effects& fx);

// rematch.cpp
void rematch(GameSession& s, const Rematch& c, Effects& fx);
void rematch_lapse(GameSession& s, const std::string& reason, bool requested, Effects& fx);

// The refusals every game command shares: not seated (not_a_player), no live game of
// that id (game_over). True when refused.
bool refuse_unless_playing(const GameSession& s, int slot, const std::string& game_id, Effects& fx);

}  // namespace bh::game::steps
