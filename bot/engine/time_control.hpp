// How long to think about one move, from a fixed move time or the game clock: a pure
// function, so the figures are unit-tested.
//
// soft: do not begin another iteration of the deepening after this; hard: abort the
// search at once (checked every few thousand nodes). Both are measured from the moment
// the search starts.
//
// Thread-safety: pure functions.
#pragma once

#include <cstdint>
#include <optional>

#include "engine.hpp"

namespace bh::bot {

struct ThinkTime {
  std::int64_t soft_ms;
  std::int64_t hard_ms;
};

// Milliseconds kept back on the clock for the network and the server's own handling.
inline constexpr std::int64_t clock_safety_ms = 150;
// Milliseconds kept back from a fixed move time (the check interval and the return).
inline constexpr std::int64_t movetime_safety_ms = 8;

// The think time of a move; nullopt when neither a move time nor a clock bounds it (a
// level bounded by nodes alone). `timed_level` gives level 8 its default move time.
std::optional<ThinkTime> think_time(const SearchLimits& limits, bool timed_level);

}  // namespace bh::bot
