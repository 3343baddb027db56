// Wall-clock time, for what is stored or shown (start and end of a game, when a player
// left). Clocks of games and limits use the steady clock instead.
//
// Thread-safety: any thread.
#pragma once

#include <chrono>
#include <cstdint>

namespace bh::app {

// Unix time in milliseconds.
inline std::int64_t now_ms() {
  return std::chrono::duration_cast<std::chrono::milliseconds>(std::chrono::system_clock::now().time_since_epoch())
      .count();
}

}  // namespace bh::app
