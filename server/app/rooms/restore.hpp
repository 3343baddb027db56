// Start-up: the live games the store kept (a crash or a restart in the middle of
// them) brought back as rooms, their players' tokens as they were, so each can resume.
//
// Thread-safety: restore_live_games once, before the network starts (make_application
// does), so no client can race it; it waits for the store on the calling thread.
// restore_games from any thread (rooms are made as a client's request makes them).
#pragma once

#include <memory>
#include <set>
#include <string>
#include <vector>

#include "app/app_context.hpp"

namespace bh::app {

// Restores every live game that can be; logs those that cannot (they stay in the store).
// Returns the ids of the live games the store holds (a tournament remakes none of them).
std::set<std::string> restore_live_games(const std::shared_ptr<Context>& ctx);
// Restores `games` (all of them at start-up, or those this node took over in cluster
// mode): each room's newest game; logs those that cannot be. Returns how many.
int restore_games(const std::shared_ptr<Context>& ctx, const std::vector<storage::LiveGame>& games);

}  // namespace bh::app
