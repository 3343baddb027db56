// Zobrist key tables, built at compile time from a fixed seed (no startup init), so
// every run and every thread sees the same keys.
//
// Thread-safety: constant data.
#pragma once

#include <array>
#include <cstddef>
#include <cstdint>

namespace bh::bot {

constexpr std::uint64_t splitmix64(std::uint64_t x) {
  x += 0x9E3779B97F4A7C15ULL;
  x = (x ^ (x >> 30)) * 0xBF58476D1CE4E5B9ULL;
  x = (x ^ (x >> 27)) * 0x94D049BB133111EBULL;
  return x ^ (x >> 31);
}

// Kinds x squares random keys, plus one for the second side to move.
template <std::size_t Kinds, std::size_t Squares>
struct ZobristTable {
  std::array<std::array<std::uint64_t, Squares>, Kinds> piece{};
  std::uint64_t second_to_move = 0;
};

template <std::size_t Kinds, std::size_t Squares>
constexpr ZobristTable<Kinds, Squares> make_zobrist(std::uint64_t seed) {
  ZobristTable<Kinds, Squares> t{};
  for (auto& kind : t.piece)
    for (auto& key : kind) key = seed = splitmix64(seed);
  t.second_to_move = splitmix64(seed);
  return t;
}

}  // namespace bh::bot
