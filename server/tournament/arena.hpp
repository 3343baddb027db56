// Arena tournaments (issue 31, docs/tournaments.md), as lichess plays them: no rounds; a
// player who finishes a game waits to be paired again at once with a free player near
// them in the standings, never the opponent they have just played; the highest score when
// the clock runs out wins. Two pure parts: the score of a player's games in order (2 a
// win, 1 a draw, 0 a loss; after two wins running a player is "on fire" and each further
// game is worth double until one is not won), and one pairing pass over the players free
// now. Points here are arena points, not half-points. Thread-safety: pure functions.
#pragma once

#include <cstdint>
#include <vector>

#include "tournament/results.hpp"
#include "tournament/round_robin.hpp"

namespace bh::tournament {

// A player's arena score: what a leaderboard shows ("2 4 4 0 ...").
struct ArenaScore {
  int points = 0;
  int games = 0;  // results counted, forfeits included (== per_game.size())
  int wins = 0;   // forfeit wins included
  int draws = 0;
  int losses = 0;        // forfeit losses and games both forfeited included
  int streak = 0;        // wins running at the end, over the board (forfeit wins skipped)
  bool on_fire = false;  // streak >= 2: the next game's points are doubled
  std::vector<int> per_game;
  friend bool operator==(const ArenaScore&, const ArenaScore&) = default;
};

// The score of `player` from the event's results (others' games are skipped), taken in
// order of `round`, the game's number in the event (equal numbers keep their order). A
// win scores 2, a draw 1, a loss 0; on fire, 4 and 2 (lichess: a draw on fire scores 2
// and ends the streak). A forfeit win scores 2, never doubled, and leaves the streak as
// it was: nobody was beaten. A forfeit loss or a game both forfeited scores 0 and ends
// the streak. A bye (an arena has none) counts as nothing.
ArenaScore arena_score(int player, const std::vector<GameResult>& games_in_order);

// A player waiting to be paired, as the pass reads them.
struct ArenaPlayer {
  int id = 0;     // > 0, unique in a pass
  int score = 0;  // arena points so far
  int rating = 0;
  int last_opponent = 0;           // 0: no game yet
  int firsts = 0;                  // games played with the first side
  int seconds = 0;                 // ... and the second
  std::int64_t waiting_since = 0;  // when they became free (any clock; equal if not tracked)
  std::vector<int> avoid;          // ids never to be paired with: a block between them
  friend bool operator==(const ArenaPlayer&, const ArenaPlayer&) = default;
};

// One pairing pass over the players free now. They are ranked by score, then rating
// (higher first), then id, and each is paired with the nearest-ranked free player who is
// neither their last opponent nor has them as last opponent (nor avoided by either); when the tail is left with
// such a pair, they swap into the nearest pair that takes them. With an odd number, the
// one who waited least (the latest `waiting_since`; the lower-ranked of equals) is left
// out, unless they can pair a player the others left. Who cannot be paired waits: they
// are not in the result (two who just met and are the only ones free both wait).
// The first side goes to the one with the lower side balance (firsts - seconds), equal
// balances to the higher-ranked. Pairs are listed in rank order; the same players in any
// order give the same pairs.
std::vector<Pairing> pair_arena(const std::vector<ArenaPlayer>& free_players);

}  // namespace bh::tournament
