// The Swiss pairing of the FIDE Dutch system (Handbook C.04.3, the rules in force since
// 2017; issue 31, docs/tournaments.md): a round's pairs and bye from the players still in
// and the results so far. Pure and deterministic: the same inputs give the same pairing,
// whatever their order; no state, safe to call from any thread.
//
// How. Players are ranked by score, then pairing number (A.2); the pairing numbers are the
// initial ranking: rating descending, then id ascending, among `active` (a withdrawn
// player leaves the numbering). Score brackets are paired from the top (A.3, A.9), each
// as the Handbook's best candidate (B.8). The quality criteria C.5 to C.19, in their
// priority order, are the lexicographic weight of a maximum-weight matching (Edmonds'
// blossom algorithm, as bbpPairings does): the bracket, plus the next scoregroup where
// C.7 needs it. Among the matchings as good, the first the Handbook would generate is
// found by settling its choices in order, several per re-solve (exact lexicographic
// weights below the criteria): for a heterogeneous bracket which moved-down players are
// paired (D.3) and their opponents (D.1), then the remainder's exchanges (D.2) and
// transpositions (D.1). If the players left after a bracket cannot all be paired, that
// bracket is paired again so that they can (C.4) and all below are paired as one
// collapsed bracket (A.9). The bye goes to a player of the last bracket who had none (C.2).
// Sides follow E.1 to E.5.
//
// Where this differs from the Handbook, on purpose:
// - Round 1: no lot; the top seed has the first side, then alternately down the boards
//   (E.5 with the first side as the initial colour).
// - Games lost or won by forfeit are not played (C.04.2): the two may meet again, and the
//   game gives no side; a forfeit win counts as a bye for C.2. A player who scored without
//   playing (bye, forfeit win) has a downfloat for that round (A.4), as bbpPairings reads it.
// - "One point" in A.8's artificial score is the value of a win.
// - If a bracket's criteria would need more than 16 lanes of 50 bits (many distinct score
//   differences, as in a large collapsed bracket), the score differences of repeated
//   floaters (C.16-C.19), then of C.7's, then of C.6's, are summed instead of compared as
//   sorted lists.
// - A collapsed last bracket may pair two moved-down players together when nothing else
//   completes the round, a candidate the Handbook's S1/S2 scheme does not generate.
// - Mini-match (tafl): a round is two games, one on each side; sides carry no preference,
//   so C.3 and C.8 to C.11 do not apply, and `first` (who starts game one) follows E.5.
// - Pairing numbers are ranks among `active`, so a withdrawal renumbers (E.5's parity).
#pragma once

#include <vector>

#include "tournament/results.hpp"
#include "tournament/round_robin.hpp"

namespace bh::tournament {

struct SwissOptions {
  Scoring scoring;
  int rounds = 0;           // the rounds planned: the last one relaxes C.3 for topscorers (A.7); 0: unknown
  bool mini_match = false;  // tafl: each round two games, one on each side; no side preference matters
};

// A round: `first` has the first side (white, or game one of a mini-match); board order:
// the higher-ranked player's score, then the other's, then the higher-ranked player's rank.
// Empty (no pairs, bye 0) when no pairing satisfies the absolute criteria C.1 to C.3 (a
// tiny field late in the event, two players who met, a lone player who had a bye): the
// caller ends the event.
struct SwissRound {
  std::vector<Pairing> pairs;
  int bye = 0;  // the player given the pairing-allocated bye; 0 if none
  friend bool operator==(const SwissRound&, const SwissRound&) = default;
};

enum class SwissSide : unsigned char { none, first, second };
enum class SwissStrength : unsigned char { none, mild, strong, absolute };  // of a side preference (A.6)
enum class SwissFloat : unsigned char { none, down, up };                   // A.4

// What the pairing knows of a player, derived from the results alone (round numbers give
// the order).
struct SwissPlayer {
  int id = 0;
  int pairing_number = 0;        // 1-based, the initial ranking among `active`
  int score = 0;                 // half-points, byes and forfeits included
  std::vector<SwissSide> sides;  // of the games played, in round order (none in mini-match)
  int side_difference = 0;       // firsts minus seconds
  SwissSide preference = SwissSide::none;
  SwissStrength strength = SwissStrength::none;
  SwissFloat last_float = SwissFloat::none;         // in the previous round
  SwissFloat float_before_last = SwissFloat::none;  // two rounds before
  std::vector<int> opponents;                       // met in a played game, ascending
  bool had_bye = false;                             // a pairing-allocated bye or a forfeit win: no bye again (C.2)
  bool topscorer = false;                           // over half the possible score when pairing the last round (A.7)
  friend bool operator==(const SwissPlayer&, const SwissPlayer&) = default;
};

struct SwissHistory {
  int round = 1;                     // the round to pair: one after the highest in the results
  std::vector<SwissPlayer> players;  // the active players in pairing order (A.2): score, then pairing number
  friend bool operator==(const SwissHistory&, const SwissHistory&) = default;
};

// `active`: the players to pair (ids > 0; a repeated id counts once). `played`: every
// result so far, withdrawn players' included (they count for their opponents).
SwissHistory swiss_history(const std::vector<Entrant>& active, const std::vector<GameResult>& played,
                           const SwissOptions& options);

// The next round's pairing (see above). Polynomial, about O(n^3) in the largest bracket:
// a 500-player round in tens of milliseconds (bench/swiss_pairing.cpp). Memory: a few
// square matrices of the largest bracket.
SwissRound pair_swiss_round(const std::vector<Entrant>& active, const std::vector<GameResult>& played,
                            const SwissOptions& options);

}  // namespace bh::tournament
