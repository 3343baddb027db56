// The playing levels 1..8 as tables of data (one per kind of game). Levels 1..7 are bounded by depth and
// nodes only (reproducible from the seed, cheap to measure); level 8 is bounded by time
// (the move time or the clock). Root noise is a random amount in [0, noise] centi-pieces
// added to each root move's exact score (levels 1-2 blunder so); evaluation noise moves
// every evaluation by a fixed pseudo-random amount per position and seed (blurred
// judgement at levels 3-4; kept small, it varies the games of 5-7 without weakening them,
// and unlike root noise it keeps the cheap null-window search).
//
// Thread-safety: constant data.
#pragma once

#include <array>
#include <cstdint>

namespace bh::bot {

struct Level {
  int max_depth;            // iterations of the deepening
  int min_depth;            // iterations the node budget never cuts short
  std::uint64_t max_nodes;  // node budget of one move, past min_depth; 0: none
  int noise;                // root noise in centi-pieces; 0: none (and no root multi-search)
  int eval_noise;           // evaluation noise in centi-pieces (+-); 0: none
  bool timed;               // bounded by the move time or the clock
};

inline constexpr int min_level = 1;
inline constexpr int max_level = 8;
// Level 8's think time without a move time or a clock.
inline constexpr int default_movetime_ms = 1000;

// Which table a game family plays by.
enum class LevelTable : std::uint8_t { standard, alquerque };

inline constexpr std::array<Level, 8> standard_levels{{
    {1, 1, 0, 600, 0, false},      // 1: one ply, large noise: misses captures and escapes
    {1, 1, 0, 80, 0, false},       // 2: one ply
    {64, 2, 300, 0, 70, false},    // 3: sees the reply, with a blurred judgement
    {64, 2, 1000, 0, 30, false},   // 4: from here on a node budget, about 3x per level
    {64, 2, 2500, 0, 10, false},   // 5: a little noise still varies the games
    {64, 2, 8000, 0, 10, false},   // 6
    {64, 2, 24000, 0, 10, false},  // 7: a fraction of what level 8 searches in 50 ms
    {64, 1, 0, 0, 0, true},        // 8: the time decides
}};

// Alquerque's board is small and its first side is ahead (level 8 scores the start
// about +1.9 pieces for White at depth 16): a search of a few thousand nodes already
// plays the better side without fault, so the standard table's levels 6-8 would only
// score their sides' share against one another. Its budgets are smaller, so that each
// level below 8 still misjudges sometimes.
inline constexpr std::array<Level, 8> alquerque_levels{{
    {1, 1, 0, 600, 0, false},     // 1
    {1, 1, 0, 250, 0, false},     // 2
    {64, 2, 40, 0, 100, false},   // 3
    {64, 2, 100, 0, 70, false},   // 4
    {64, 2, 300, 0, 40, false},   // 5
    {64, 2, 800, 0, 25, false},   // 6
    {64, 2, 2000, 0, 15, false},  // 7
    {64, 1, 0, 0, 0, true},       // 8
}};

// Precondition: min_level <= level <= max_level.
constexpr const Level& level_spec(int level, LevelTable table = LevelTable::standard) {
  const auto& t = table == LevelTable::alquerque ? alquerque_levels : standard_levels;
  return t[static_cast<std::size_t>(level - 1)];
}

}  // namespace bh::bot
