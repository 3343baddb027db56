// The protocol's view of a room: pure functions from the room's values (settings, the
// game, its clock, journal and match score) to protocol structs. The words of the
// protocol ("first", "second", "draw", "win") are written here and nowhere else in the
// room.
//
// Thread-safety: pure functions over the arguments.
#pragma once

#include <array>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "game/game_clock.hpp"
#include "game/live_journal.hpp"
#include "game/match_score.hpp"
#include "game/room_settings.hpp"
#include "protocol/messages.hpp"
#include "rules/game_state.hpp"

namespace bh::game::views {

std::string side_text(rules::Side side);  // "first" or "second"
// The result as stored and as game_over says it: "first", "second" (the winning
// side) or "draw". Precondition: the game is over.
std::string result_text(const rules::Status& status);
protocol::server::GameStatus status(const rules::Status& status);

protocol::server::RoomInfo room_info(const std::string& room_id, const std::string& creator,
                                     const RoomSettings& settings);
// A correspondence game's time control as the protocol shows it; none for a live game.
std::optional<protocol::Correspondence> correspondence(const RoomSettings& settings);
protocol::server::MatchInfo match_info(const std::string& match_id, const MatchScore& score);
// The clocks at `now`; `running`: the side whose time runs (none: the game is over or
// not under way). None for an untimed game.
std::optional<protocol::server::Clocks> clocks(const GameClock& clock, std::optional<rules::Side> running,
                                               GameClock::Time now);

// A seat as the views see it.
struct SeatFacts {
  std::string player;
  bool present = true;
  std::int64_t deadline_ms = 0;  // while absent in a game, else 0
};
// What a full view of the game is made of.
struct GameFacts {
  const std::string& room_id;
  const std::string& game_id;
  const RoomSettings& settings;
  const rules::GameState& game;
  const LiveJournal& journal;
  std::array<SeatFacts, 2> seats;  // 0: the creator, 1: the joiner
  int first_seat = 0;              // the seat playing the first side
  std::optional<protocol::server::Clocks> clocks;
  std::optional<rules::Side> draw_offer;
  protocol::server::MatchInfo match;
  const protocol::server::Board& board;
  int spectators = 0;  // connections watching, the players' not counted
  struct Takeback {
    rules::Side side;
    int plies = 1;
  };
  std::optional<Takeback> takeback_offer = std::nullopt;
};
// The game as the player in `seat` sees it (none: a spectator); with the legal moves
// when that player is to move.
protocol::server::GameView game_view(const GameFacts& facts, std::optional<int> seat);
// The players by side.
protocol::SidePair players(const std::array<SeatFacts, 2>& seats, int first_seat);
// The lobby's line for a live game.
protocol::server::LiveGameInfo live_game(const std::string& room_id, const std::string& game_id,
                                         const RoomSettings& settings, protocol::SidePair players, int ply,
                                         std::int64_t started_ms);
// The moves the side to move may play, as move texts in byte order; none once the game
// is over.
std::optional<std::vector<std::string>> legal_moves(const rules::GameState& game);
// The same list as a JSON array of strings (the bytes protocol's encoder writes for it),
// written straight from the moves; `moves` receives the moves it was made from, so the
// room can check the next move against them without generating them again. `write`
// false: only `moves`, and an empty text (no one is there to read the list). `compact`:
// one JSON string instead of the array (compact_legal_text).
std::optional<std::string> legal_moves_json(const rules::GameState& game, rules::MoveList& moves, bool write = true,
                                            bool compact = false);
// The compact form of move texts in byte order (docs/protocol.md, "Games"): each text cut
// after its first '-' or ':' (where the move starts, and how), the texts that share that
// beginning written once with their rests joined by ',', and the groups joined by ';':
// "a4-a1,a2,a3;b5-b6;c3:e5:g3". A text with neither character is a group of its own.
void append_compact_legal(std::string& out, const std::vector<std::string_view>& sorted_texts);
// The move event after `side` played `move_text` in `game`, as everyone but the player
// to move sees it (`legal` null: the room sets it for that player's copy).
protocol::server::Move move_event(const std::string& game_id, const rules::GameState& game,
                                  const std::string& move_text, rules::Side side,
                                  std::optional<protocol::server::Clocks> clocks);
// The end of a game; `players` by side name the winner.
protocol::server::GameOver game_over(const std::string& room_id, const std::string& game_id,
                                     const rules::Status& status, rules::Points points,
                                     const protocol::SidePair& players, bool archived,
                                     protocol::server::MatchInfo match);
// The end of the match, between the creator and the joiner.
protocol::server::MatchOver match_over(const std::string& room_id, const std::string& match_id, const MatchScore& score,
                                       const std::string& creator, const std::string& joiner);

}  // namespace bh::game::views
