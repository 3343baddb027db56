// The checks of a create_room request: the game and its options (by the rules module),
// the creator's side, the clock, the number of games. What passes becomes the new
// room's settings; what fails is a bad_options answer.
//
// Thread-safety: a pure function.
#pragma once

#include <string>

#include "base/fallible.hpp"
#include "game/room_settings.hpp"
#include "protocol/messages.hpp"

namespace bh::app {

// The settings of the room `request` asks for, or the message of its bad_options answer.
Fallible<game::RoomSettings> checked_room_settings(const protocol::client::CreateRoom& request);

}  // namespace bh::app
