// Start-up: the live games the store kept (a crash or a restart in the middle of
// them) brought back as rooms, their players' tokens as they were, so each can resume.
//
// Thread-safety: call once, before the network starts (make_application does), so no
// client can race it; it waits for the store on the calling thread.
#pragma once

#include <memory>

#include "app/app_context.hpp"

namespace bh::app {

// Restores every live game that can be; logs those that cannot (they stay in the store).
void restore_live_games(const std::shared_ptr<Context>& ctx);

}  // namespace bh::app
