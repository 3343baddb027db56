// The side the creator of a room plays: first, second, or drawn by lot when the
// opponent joins. Inside the program it is this enum; the text ("first", "second",
// "random") is only at the edges: the protocol's RoomInfo and the stored live game.
//
// Thread-safety: pure functions; a Coin is called on the caller's thread (the room's
// strand), and fair_coin may be called from any thread.
#pragma once

#include <functional>
#include <optional>
#include <string_view>

namespace bh::game {

enum class CreatorSide { first, second, random };

std::string_view to_string(CreatorSide side);
// Errors: any other text (nullopt).
std::optional<CreatorSide> creator_side_from_string(std::string_view text);

// The lot for a `random` room: true means the creator plays first. Injected (AppConfig)
// so that tests can fix it.
using Coin = std::function<bool()>;
// One bit from OpenSSL's CSPRNG: nobody can predict who plays first.
bool fair_coin();

// The seat (0: the creator, 1: the joiner) playing first in a match's first game; later
// games alternate. `coin` is tossed only for `random`; an empty one means fair_coin.
int first_seat(CreatorSide side, const Coin& coin);

}  // namespace bh::game
