// The Russian draughts engine (RULES.md section 2) as free functions over Position.
//
// Moves use the interface's Move: the path lists the start square and every landing
// square; `jump` is set for captures. Every distinct capture path is a distinct move
// (RULES.md: "two different captures never share the same text").
//
// Thread-safety: pure functions of their arguments.
#pragma once

#include <cstdint>
#include <string>
#include <string_view>

#include "rules/draughts/position.hpp"
#include "rules/notation.hpp"
#include "rules/ruleset.hpp"
#include "rules/types.hpp"

namespace bh::rules::draughts {

inline constexpr Geometry geometry{8, 8};

Position start_position();

// PDN-style text `W:Wa1,c1,Kd4:Bb8,h6` (RULES.md section 2, Notation). Printing is
// canonical: each side's squares sorted by file, then rank. Parsing accepts any order
// within a side and refuses, as Errc::bad_position with a message naming the fault:
// anything but `S:W...:B...`, a bad side letter, a bad or light square, a duplicate,
// a man on its own promotion rank, more than 12 pieces a side.
Result<Position> parse_position(std::string_view text);
std::string position_text(const Position& p);

// Every legal move of the side to move (appended to `out`); none once the game is over.
void legal_moves(const Position& p, MoveList& out);
// Precondition: `m` is one of legal_moves(p).
Position apply(const Position& p, const Move& m);
// D7: the side to move loses with no pieces (no_pieces) or no legal move
// (no_legal_move); a set-up position whose waiting side has no pieces is a win for
// the side to move.
Status status(const Position& p);
// Leaf count; 0 for an ended position (RULES.md conventions).
std::uint64_t perft(const Position& p, int depth);
// D8: a king moved and nothing was captured. Precondition: `m` is legal in `before`.
bool is_kings_only_ply(const Position& before, const Move& m);

// Debug consistency: pieces on dark squares, sides disjoint, kings among pieces, no man
// on its own promotion rank, at most 12 pieces a side.
bool is_consistent(const Position& p);

}  // namespace bh::rules::draughts
