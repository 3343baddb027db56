// The playing levels 1..8 as one table of data. Levels 1..7 are bounded by depth and
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

inline constexpr std::array<Level, 8> levels{{
    {1, 1, 0, 600, 0, false},      // 1: one ply, large noise: misses captures and escapes
    {1, 1, 0, 80, 0, false},       // 2: one ply
    {64, 2, 300, 0, 70, false},    // 3: sees the reply, with a blurred judgement
    {64, 2, 1000, 0, 30, false},   // 4: from here on a node budget, about 3x per level
    {64, 2, 2500, 0, 10, false},   // 5: a little noise still varies the games
    {64, 2, 8000, 0, 10, false},   // 6
    {64, 2, 24000, 0, 10, false},  // 7: a fraction of what level 8 searches in 50 ms
    {64, 1, 0, 0, 0, true},        // 8: the time decides
}};

// Precondition: min_level <= level <= max_level.
constexpr const Level& level_spec(int level) { return levels[static_cast<std::size_t>(level - 1)]; }

}  // namespace bh::bot
