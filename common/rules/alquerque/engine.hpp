// The Alquerque engine (RULES.md section 3): move generation, apply, status, perft and
// the position string, as free functions over alquerque::Position.
//
// Decisions where RULES.md leaves room (also in the report to the lead):
// - Q6 "could have captured": the side to move's pieces with a legal first jump (Q2's
//   first-jump directions: forward, diagonally forward, sideways; a piece on its far
//   rank may still jump sideways, Q5 limits only simple moves; Q3 never bites on a
//   first jump, which lands two points away; Q4 limits only simple moves), judged in the
//   position the player faced after any huff removal at the start of the move.
// - Q6 with a pending choice: the side to move loses (no_legal_move) only when no named
//   piece leaves it a legal move; each (name, move) pair is a distinct move.
// - Q4 memory belongs to a piece: set by its sideways simple move; cleared when that
//   piece moves again (any move), is jumped, or is huffed (the moved piece removed by
//   its own huff keeps no memory). Entries of the other side stay as they are, however
//   many plies pass, until their piece moves or is removed: the rule speaks of the
//   piece's own previous move. Only sideways moves are remembered (a forward or
//   diagonal move can never be undone by a simple move, and a capture always ends an
//   even number of files and ranks away from its start, never next to it).
// - The pending huff squares are sorted as text (file, then rank), like Q4's entries.
//
// Thread-safety: pure functions over values.
#pragma once

#include <cstdint>
#include <string>
#include <string_view>

#include "rules/alquerque/position.hpp"
#include "rules/ruleset.hpp"

namespace bh::rules::alquerque {

inline constexpr Geometry geometry{5, 5};

// The board's lines (RULES.md section 3): every point is joined to its orthogonal
// neighbours, and a point whose file + rank is even also to its diagonal neighbours (a
// diagonal step keeps that parity, so both ends of a diagonal have diagonals). Stated
// once here: move generation, the rules' explanations and the client's drawing read it.
constexpr bool has_diagonals(Square s) { return (s % 5 + s / 5) % 2 == 0; }
// Whether a line joins points `a` and `b` directly (one step apart along it).
constexpr bool joined(Square a, Square b) {
  const int df = b % 5 - a % 5, dr = b / 5 - a / 5;
  if (a >= 25 || b >= 25 || df < -1 || df > 1 || dr < -1 || dr > 1 || (df == 0 && dr == 0)) return false;
  return df == 0 || dr == 0 || has_diagonals(a);
}

// `bbbbb/bbbbb/bb1ww/wwwww/wwwww w - -`
Position start_position();

// The position string of RULES.md section 3; parse is strict and round-trips exactly.
// Errors: bad_position, with a message naming what is wrong.
std::string to_text(const Position& p);
Result<Position> parse(std::string_view text);

// Why `p` could never arise from the rules (empty when it is consistent): overlapping or
// too many pieces, memory on an empty point or one that could not hold it, a pending
// huff choice that is not the opponent's pieces or has fewer than two squares.
std::string inconsistency(const Position& p);

// Pieces of the side to move with a legal first jump in `p` as given (Q6's "could have
// captured"; the caller removes any named piece first).
std::uint32_t capturers(const Position& p);

Status status(const Position& p);
// Every legal move (with a huff prefix each while a choice is pending); nothing once
// the game is over.
void legal_moves(const Position& p, MoveList& out);
// Precondition: `m` is one of legal_moves(p).
Position apply(const Position& p, const Move& m);
// Leaf count at `depth` plies; 0 once the game is over; 1 at depth 0 otherwise.
std::uint64_t perft(const Position& p, int depth);

}  // namespace bh::rules::alquerque
