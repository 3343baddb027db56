// A session brought back from the store (storage::LiveGame): the rules replay its
// moves; both players are absent (the room starts their grace), the clocks paused as
// after the last move until both are back.
#pragma once

#include <string>

#include "base/fallible.hpp"
#include "game/session.hpp"
#include "storage/records.hpp"

namespace bh::game {

// Errors: the game's settings do not make rules, or a move does not replay (message).
Fallible<GameSession> restore_session(const storage::LiveGame& live, Limits limits, Time now);

}  // namespace bh::game
