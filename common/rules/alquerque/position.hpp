// Alquerque position value (RULES.md section 3). Owned by the alquerque engine.
//
// A plain value: the pieces of each side as 25-bit sets (bit = rank * 5 + file, rank 0
// at White's side), the side to move, Q4's memory and the pending huff choice (Q6).
// Everything the position string `<ranks> <side> <q4> <huff>` carries, and nothing else.
// Thread-safety: a value; safe to copy across threads.
#pragma once

#include <array>
#include <cstdint>
#include <optional>

#include "rules/types.hpp"

namespace bh::rules::alquerque {

struct Position {
  // pieces[index(Side::first)] is White, pieces[index(Side::second)] is Black.
  std::array<std::uint32_t, 2> pieces{};
  // Q4 memory, by the square the piece now stands on (either side's pieces):
  // from_west: it last moved sideways from its west neighbour (so may not step west);
  // from_east: it last moved sideways from its east neighbour (so may not step east).
  std::uint32_t from_west = 0;
  std::uint32_t from_east = 0;
  // Q6: pieces of the side NOT to move, one of which the side to move must name
  // (`huff sq `) as part of its move. Empty, or at least two squares.
  std::uint32_t huff = 0;
  Side to_move = Side::first;

  friend bool operator==(const Position&, const Position&) = default;

  std::optional<Piece> piece_at(Square s) const {
    const std::uint32_t b = std::uint32_t{1} << s;
    if ((pieces[0] & b) != 0) return Piece{Side::first, PieceKind::man, 'w'};
    if ((pieces[1] & b) != 0) return Piece{Side::second, PieceKind::man, 'b'};
    return std::nullopt;
  }

  std::uint64_t hash() const {
    std::uint64_t h = mix(pieces[0] | (std::uint64_t{pieces[1]} << 32));
    h = mix(h ^ (from_west | (std::uint64_t{from_east} << 32)));
    return mix(h ^ (huff | (std::uint64_t{static_cast<std::uint8_t>(to_move)} << 32)));
  }

 private:
  // splitmix64's finaliser: every input bit affects every output bit.
  static constexpr std::uint64_t mix(std::uint64_t x) {
    x += 0x9E3779B97F4A7C15ull;
    x = (x ^ (x >> 30)) * 0xBF58476D1CE4E5B9ull;
    x = (x ^ (x >> 27)) * 0x94D049BB133111EBull;
    return x ^ (x >> 31);
  }
};

}  // namespace bh::rules::alquerque
