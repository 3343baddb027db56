// The ids of rooms, matches and games: unique across restarts, so an archived game's id
// is never given again.
//
// Thread-safety: any thread.
#pragma once

#include <string>
#include <string_view>

namespace bh::app {

// Prefix, the time in ms (hex), and 32 random bits, e.g. "g18f2c3a4b5-1a2b3c4d".
std::string make_id(std::string_view prefix);

}  // namespace bh::app
