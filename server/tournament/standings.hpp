// Standings (issue 31, docs/tournaments.md): a tournament's table rebuilt from its results
// alone, with the tie-breaks of its format in order, and a round robin's crosstable.
// Pure; every value is an integer, so no floating point decides a rank.
//
//   round robin: points, head-to-head, Sonneborn-Berger, performance rating
//   swiss:       points, head-to-head, Buchholz, median Buchholz, performance rating
//   arena:       arena points (arena.hpp), performance rating (as lichess)
//
// Head-to-head (FIDE C.07, direct encounter): among the players tied on points, the
// points each scored in the games played between them; applied only when every two of
// them have played each other (else it is 0 for all of them and decides nothing).
// Sonneborn-Berger: over the games played, the points scored times the opponent's points.
// Buchholz (FIDE C.07, 2023): each round, the opponent's points; a round without a game
// over the board (a bye, a forfeit either way, an absence) counts a dummy opponent with
// the player's own points; an opponent's absences after their last round in the event
// count as draws. Median Buchholz: the Buchholz less its lowest value (a round the player
// gave away, if any: a forfeit loss, both forfeited, an absence) and its highest.
// Performance rating (FIDE B.02 via C.07): the average rating of the opponents met over
// the board plus the table's dp for the percentage scored (1, ½, 0 a game); 0 when
// nothing was played. Forfeits score their points but are no game played; a bye scores
// Scoring::bye. Thread-safety: pure functions.
#pragma once

#include <vector>

#include "tournament/results.hpp"

namespace bh::tournament {

enum class Format { round_robin, swiss, arena };

struct Standing {
  int player = 0;
  int points = 0;  // half-points by the Scoring (round robin, swiss) or arena points
  int played = 0;  // games over the board
  int wins = 0;    // forfeit wins included
  int draws = 0;
  int losses = 0;            // forfeit losses and games both forfeited included
  int head_to_head = 0;      // half-points, among the tied players (round robin, swiss)
  int sonneborn_berger = 0;  // round robin: quarter-points (half-points times half-points)
  int buchholz = 0;          // swiss: half-points
  int median_buchholz = 0;   // swiss: half-points
  int performance = 0;       // FIDE tournament performance rating; 0: no game played
  int rank = 0;              // 1-based; players equal on every criterion share it
  friend bool operator==(const Standing&, const Standing&) = default;
};

// The table, best first; players equal on every criterion share a rank and are listed
// by rating (higher first), then id. `players` are the players to rank (a round robin's
// group, say): results naming anyone else are skipped. A Swiss's rounds are 1 to the
// highest round in `results`: a player with no result in a round was absent. An arena
// reads the results in order of `round` and ignores `scoring`.
std::vector<Standing> standings(const std::vector<Entrant>& players, const std::vector<GameResult>& results,
                                Format format, const Scoring& scoring = {});

// One game of a crosstable's cell, from the row player's side.
struct CrossGame {
  int round = 0;
  int points = 0;      // half-points by the Scoring
  bool played = true;  // false: a forfeit (either way) or both forfeited
  friend bool operator==(const CrossGame&, const CrossGame&) = default;
};

struct CrossRow {
  Standing standing;
  // One cell per row, in row order: this row's games against that row's player, by round
  // (a double round robin has two); empty against themselves or someone not yet met.
  std::vector<std::vector<CrossGame>> cells;
  friend bool operator==(const CrossRow&, const CrossRow&) = default;
};

// A round robin's crosstable: rows in standing order, columns in the same order.
std::vector<CrossRow> crosstable(const std::vector<Entrant>& players, const std::vector<GameResult>& results,
                                 const Scoring& scoring = {});

}  // namespace bh::tournament
