// Tafl position value (RULES.md section 1): who stands where and who moves next.
//
// Boards are 7x7, 9x9 or 11x11 (at most 121 squares), so each piece kind is a 128-bit set
// kept as two 64-bit words: square s is bit (s % 64) of word (s / 64), with
// s = rank * size + file as in notation.hpp's Geometry. The king is kept apart from the
// other defenders; `king == no_square` is the position right after the king was
// captured. Everything else (throne, exits, limits) belongs to the variant, not here.
//
// Thread-safety: a plain value.
#pragma once

#include <array>
#include <cstdint>
#include <optional>

#include "rules/types.hpp"

namespace bh::rules::tafl {

struct Position {
  std::array<std::uint64_t, 2> attackers{};
  std::array<std::uint64_t, 2> defenders{};  // the king is not in this set
  Square king = no_square;
  Side to_move = Side::first;  // attackers
  std::uint8_t size = 9;       // board width and height

  static constexpr bool in(const std::array<std::uint64_t, 2>& set, Square s) {
    return ((set[s >> 6] >> (s & 63)) & 1U) != 0;
  }
  bool attacker_at(Square s) const { return in(attackers, s); }
  bool defender_at(Square s) const { return in(defenders, s); }
  std::optional<Piece> piece_at(Square s) const {
    if (king == s) return Piece{Side::second, PieceKind::royal, 'K'};
    if (attacker_at(s)) return Piece{Side::first, PieceKind::man, 'a'};
    if (defender_at(s)) return Piece{Side::second, PieceKind::man, 'd'};
    return std::nullopt;
  }

  friend bool operator==(const Position&, const Position&) = default;

  // A strong mix of every field (splitmix64 finaliser chained over the words).
  std::uint64_t hash() const {
    auto mix = [](std::uint64_t x) {
      x += 0x9E3779B97F4A7C15ULL;
      x = (x ^ (x >> 30)) * 0xBF58476D1CE4E5B9ULL;
      x = (x ^ (x >> 27)) * 0x94D049BB133111EBULL;
      return x ^ (x >> 31);
    };
    std::uint64_t h = mix(static_cast<std::uint64_t>(king) | (std::uint64_t{size} << 8) |
                          (static_cast<std::uint64_t>(to_move) << 16));
    h = mix(h ^ attackers[0]);
    h = mix(h ^ attackers[1]);
    h = mix(h ^ defenders[0]);
    h = mix(h ^ defenders[1]);
    return h;
  }
};

}  // namespace bh::rules::tafl
