// Russian draughts position value (RULES.md section 2): three bitboards and the side
// to move. Squares are the interface's squares, rank * 8 + file (a1 = 0, h8 = 63);
// only dark squares ((file + rank) even) ever hold a piece.
//
// A plain value: copyable, comparable, hashable. Thread-safety: values only.
// The engine's free functions live in draughts/engine.hpp.
#pragma once

#include <array>
#include <cstdint>
#include <optional>

#include "rules/types.hpp"

namespace bh::rules::draughts {

namespace detail {
constexpr std::uint64_t splitmix(std::uint64_t x) {
  x += 0x9E3779B97F4A7C15ULL;
  x = (x ^ (x >> 30)) * 0xBF58476D1CE4E5B9ULL;
  x = (x ^ (x >> 27)) * 0x94D049BB133111EBULL;
  return x ^ (x >> 31);
}
// Zobrist keys: [white man, white king, black man, black king][square], then the side key.
constexpr std::array<std::array<std::uint64_t, 64>, 4> make_zobrist() {
  std::array<std::array<std::uint64_t, 64>, 4> keys{};
  std::uint64_t seed = 0x6472617567687473ULL;  // "draughts"
  for (auto& kind : keys)
    for (auto& key : kind) key = seed = splitmix(seed);
  return keys;
}
inline constexpr auto zobrist = make_zobrist();
inline constexpr std::uint64_t zobrist_black_to_move = splitmix(0x5349444521ULL);
}  // namespace detail

struct Position {
  std::uint64_t white = 0;     // every white piece
  std::uint64_t black = 0;     // every black piece
  std::uint64_t kings = 0;     // the kings of both sides (a subset of white | black)
  Side to_move = Side::first;  // first = White

  std::optional<Piece> piece_at(Square s) const {
    const std::uint64_t b = std::uint64_t{1} << s;
    const bool king = (kings & b) != 0;
    const PieceKind kind = king ? PieceKind::king : PieceKind::man;
    if ((white & b) != 0) return Piece{Side::first, kind, king ? 'W' : 'w'};
    if ((black & b) != 0) return Piece{Side::second, kind, king ? 'B' : 'b'};
    return std::nullopt;
  }

  friend bool operator==(const Position&, const Position&) = default;

  std::uint64_t hash() const {
    std::uint64_t h = to_move == Side::second ? detail::zobrist_black_to_move : 0;
    const std::uint64_t sets[4] = {white & ~kings, white & kings, black & ~kings, black & kings};
    for (int kind = 0; kind < 4; ++kind)
      for (std::uint64_t b = sets[kind]; b != 0; b &= b - 1)
        h ^= detail::zobrist[static_cast<std::size_t>(kind)][static_cast<std::size_t>(__builtin_ctzll(b))];
    return h;
  }
};

}  // namespace bh::rules::draughts
