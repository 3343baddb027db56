// The graceful shutdown of the application: every client told, the lobby and every
// room stopped (games in progress kept as live games), then the archive writes in
// flight waited for.
//
// Thread-safety: any thread, once; `done` runs on whichever thread finishes last
// (a room's strand or the store's).
#pragma once

#include <functional>
#include <memory>

#include "app/app_context.hpp"

namespace bh::app {

// Call after setting ctx->shutting_down (no new identities, rooms or games from then).
void shut_down(const std::shared_ptr<Context>& ctx, std::function<void()> done);

}  // namespace bh::app
