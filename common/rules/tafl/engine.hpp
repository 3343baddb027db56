// The tafl engine: one set of free functions for every row of variant.hpp.
//
// `Rules` is a variant compiled for one board size and one choice of options: the
// special squares as bitboards and the per-line masks the move generator needs. It is
// built once per Ruleset and then only read. `Board` is the engine's working form of a
// Position: 128-bit sets (square s is bit s) plus a transposed occupancy (bit
// file * size + rank) so that moves along files read as moves along ranks.
//
// Thread-safety: pure functions over values; a Rules may be shared by any number of
// threads.
#pragma once

#include <array>
#include <cstdint>
#include <string>
#include <string_view>

#include "rules/tafl/position.hpp"
#include "rules/tafl/variant.hpp"
#include "rules/types.hpp"

namespace bh::rules::tafl {

__extension__ typedef unsigned __int128 u128;  // NOLINT: GCC/Clang 128-bit integer

constexpr u128 bit(int s) { return u128{1} << s; }

struct Rules {
  Variant variant{};
  int size = 9;
  int king_limit = 0;                   // 0: unlimited
  int piece_limit = 0;                  // 0: unlimited
  int throne = -1;                      // square, -1 without a throne
  u128 board = 0;                       // every square
  u128 exits = 0;                       // corner exits (hostile to all, king-only)
  u128 escape = 0;                      // where the king wins by stopping
  u128 hostile_to_attackers = 0;        // fixed hostile squares for attackers (V5)
  u128 hostile_to_defenders = 0;        // fixed hostile squares for defenders (V5)
  u128 hostile_to_defenders_empty = 0;  // hostile to defenders while empty (V5: the throne)
  u128 throne_bit = 0;
  u128 edge = 0;                      // the outermost ring of squares
  u128 east_open = 0, west_open = 0;  // squares with a neighbour to the east, to the west
  // Squares no piece may stop on, per line (rank r: bit = file; file f: bit = rank),
  // indexed [throne empty][line]; separate sets for the king and the other pieces.
  std::array<std::array<std::uint16_t, 11>, 2> piece_ban_rank{}, piece_ban_file{};
  std::array<std::array<std::uint16_t, 11>, 2> king_ban_rank{}, king_ban_file{};
  std::array<std::uint16_t, 11> piece_window{}, king_window{};  // distance limits by line position
  std::uint16_t outside = 0;                                    // line bits beyond the board edge, treated as occupied
  std::array<std::uint8_t, 121> rank{}, file{}, transposed{};
  std::array<std::array<std::int8_t, 4>, 121> neighbour{};  // E, W, N, S; -1 off the board
};

// Options already validated: size 7|9|11, king_limit, move_limit (0 when absent).
Rules make_rules(const Variant& v, int size, int king_limit_option, int move_limit_option);

struct Board {
  u128 att = 0;
  u128 def = 0;   // without the king
  u128 occt = 0;  // transposed occupancy of every piece, king included
  int king = -1;
  int side = 0;  // 0 attackers, 1 defenders
};

struct Mv {
  std::uint8_t from;
  std::uint8_t to;
};
inline constexpr int max_moves = 512;  // each empty square is reached from at most 4 sides

Board to_board(const Rules& r, const Position& p);
Position to_position(const Rules& r, const Board& b);

// Debug check of a position against the rules: disjoint sets on the board, the king
// apart, nobody where the variant forbids standing. Empty string when sound.
std::string inconsistency(const Rules& r, const Position& p);

// Status from the position alone, without looking for legal moves: captured or escaped
// king, no attackers left (when the variant says so), and where the variant has them
// the exit fort (judged with the attackers to move, C8) and the encirclement (judged
// with the defenders to move, C10).
Status terminal_status(const Rules& r, const Board& b);
// Every legal move of the side to move, ignoring whether the game has ended.
int generate(const Rules& r, const Board& b, Mv* out);
int count_moves(const Rules& r, const Board& b);
Board apply(const Rules& r, const Board& b, Mv m);
// Full status: terminal_status, else the side to move loses with no legal move.
Status status(const Rules& r, const Board& b);
std::uint64_t perft(const Rules& r, const Board& b, int depth);

// Position strings (RULES.md 1.5). Parse errors are Errc::bad_position.
Result<Position> parse_position(const Rules& r, std::string_view text);
std::string position_text(const Rules& r, const Position& p);

}  // namespace bh::rules::tafl
