// decide(session, command, now) → (session, effects): the one place a room's game
// changes. Pure: no Asio, no store, no clock but `now`. The session is taken by value
// and given back (move it in: it is never copied); the effects say what the room must
// do, in order (effects.hpp).
//
// Each command is decided by a small collaborator, one file each: opening.cpp (the open
// room: announced, joined, cancelled, its graces), moves.cpp (begin,
// announce, a move, what follows its write), draws.cpp (resign, draw offers),
// takebacks.cpp, aborts.cpp (abort, the first-move deadline), presence.cpp (a player
// leaves and returns, abandonment), finisher.cpp (the end of a game, its archive, the
// next game or the end of the match), chat.cpp, rematch.cpp.
#pragma once

#include "game/commands.hpp"
#include "game/effects.hpp"
#include "game/session.hpp"

namespace bh::game {

struct Decision {
  GameSession session;
  Effects effects;
};

Decision decide(GameSession session, const Command& command, Now now);
// The same decision made on the caller's session, which becomes the new one: what the
// room calls on every command, so that the session is never moved in and out.
Effects decide_in_place(GameSession& session, const Command& command, Now now);

// Views of the session at `now`, as the protocol shows them.
std::optional<protocol::server::Clocks> clocks_view(const GameSession& s, Time now);
// The game as the player in `slot` sees it (none: a spectator).
protocol::server::GameView game_view(const GameSession& s, std::optional<int> slot, Time now);
protocol::server::MatchInfo match_info(const GameSession& s);
// The lobby's line for the current game.
protocol::server::LiveGameInfo live_info(const GameSession& s);
// The current game as its players' lists show it (my_games).
protocol::server::PlayerGame player_game(const GameSession& s);
// The room as the lobby and room_created show it.
protocol::server::RoomInfo room_info(const GameSession& s);

// Whether `player` may take the open room's second seat (opening.cpp): refused when
// the room is closed or full, is the player's own, is kept for the `computer` (a bot's
// name, or empty), or is private and `invite` is not its code.
std::optional<Refuse> refuse_join(const GameSession& s, const std::string& player,
                                  const std::optional<std::string>& invite, const std::string& computer);

}  // namespace bh::game
