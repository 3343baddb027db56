// A tournament's played rounds as plain values (issue 31, docs/tournaments.md): what the
// pairing rules and the standings are computed from, and all that is rebuilt from the
// archive after a restart. Players are ids (> 0); scores are counted in half-points so
// that no floating point decides a pairing or a rank.
#pragma once

#include <vector>

namespace bh::tournament {

enum class Outcome : unsigned char {
  first_won,
  second_won,
  draw,
  first_won_by_forfeit,   // the second player did not play (withdrawn, no first move)
  second_won_by_forfeit,  // the first player did not play
  both_forfeited,         // neither played: no points, counted as unplayed for both
  bye,                    // `first` had no opponent this round (`second` is 0)
};

// One game, or a bye, of a round. A tafl Swiss round played as a two-game mini-match is
// two results with the same round and the sides swapped.
struct GameResult {
  int round = 0;   // 1-based
  int first = 0;   // the player with the first side (or the bye)
  int second = 0;  // the player with the second side; 0 for a bye
  Outcome outcome = Outcome::draw;
  friend bool operator==(const GameResult&, const GameResult&) = default;
};

// What each result is worth, in half-points: 2/1/0 by default (1, ½, 0), a bye as the
// organiser sets (the FIDE default: a win).
struct Scoring {
  int win = 2;
  int draw = 1;
  int loss = 0;
  int bye = 2;
};

// A player in the tournament: an id and the rating that seeds them (higher is stronger).
struct Entrant {
  int id = 0;
  int rating = 0;
  friend bool operator==(const Entrant&, const Entrant&) = default;
};

}  // namespace bh::tournament
