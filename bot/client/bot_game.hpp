// One game the bot plays, as the session keeps it: the rules state rebuilt from the
// server's view (start position and moves, through the rules module), the bot's side,
// its level, the last clocks, and the bookkeeping of its search, its scores and its draw
// offers. replay_view and limits_for are the pure pieces the session builds on.
//
// Thread-safety: plain values and pure functions.
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "move_chooser.hpp"
#include "protocol/messages.hpp"
#include "rules/game_state.hpp"

namespace bh::bot::client {

struct BotGame {
  explicit BotGame(rules::GameState s) : state(std::move(s)) {}

  std::string game_id, room_id;
  rules::Side me = rules::Side::first;
  rules::GameState state;
  int level = 4;
  std::optional<protocol::server::Clocks> clocks;
  std::vector<int> scores;                   // the bot's search scores, one per own move
  std::optional<std::size_t> last_offer_at;  // scores.size() when it last offered a draw
  std::optional<std::uint64_t> search_id;    // the search running for this game
  int search_ply = -1;                       // the ply that search is for
  int move_sent_ply = -1;                    // a move request sent at this ply awaits its echo
  bool resigned = false;
  bool synced = true;      // false after a reconnection until its game_state comes back
  bool resyncing = false;  // a watch for its full state is on its way
  bool ended = false;      // the move event said it is over; game_over follows

  bool my_turn() const { return !ended && !state.status().over() && state.to_move() == me; }
};

// The game of `view` from its start position and moves; nullopt with `why` when the
// game, its options, its start or a move is refused by the rules module.
std::optional<rules::GameState> replay_view(const protocol::server::GameView& view, std::string& why);

// The side named "first"/"second"; nullopt for anything else.
std::optional<rules::Side> side_from_text(const std::string& text);

// The most the bot thinks about its first move while the server's first-move rule
// runs (the game is aborted when the first move does not come in time).
inline constexpr std::int64_t first_move_budget_ms = 10'000;

// The search limits of the bot's move in `game`: its level, and the clock (my time,
// increment, the opponent's time) when the game has one. Before the bot's first move
// its clock does not run but the server's first-move deadline does: then the time left
// is what remains before that deadline (`now_unix_ms` is the bot's wall clock), at most
// first_move_budget_ms, so that a long clock never makes a first move come too late.
ChoiceLimits limits_for(const BotGame& game, std::uint64_t seed, std::int64_t now_unix_ms);

}  // namespace bh::bot::client
