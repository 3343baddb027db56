// The ids of rooms, matches and games: unique across restarts, so an archived game's id
// is never given again.
//
// Thread-safety: any thread.
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>

namespace bh::app {

// Prefix, the time in ms (hex), and 32 random bits, e.g. "g18f2c3a4b5-1a2b3c4d".
std::string make_id(std::string_view prefix);

// A room's id. In cluster mode (`node` > 0, the node's epoch) its time is in
// microseconds and it names the node that opened it, "r6153f2c3a4b5c-1a2b3c4d-n7": an open room never moves, so a join
// reaching another node finds where it is even before that node's lobby heard of it, and for a private room, which no
// lobby lists.
std::string make_room_id(std::int64_t node);
// The node a room id names; nullopt for an id without one (a single server's).
std::optional<std::int64_t> room_node(std::string_view room_id);

}  // namespace bh::app
