#include "app/rooms/restore.hpp"

#include <algorithm>
#include <map>
#include <string>

#include "app/completion.hpp"
#include "app/rooms/games.hpp"
#include "log/log.hpp"
#include "storage/store.hpp"

namespace bh::app {

void restore_live_games(const std::shared_ptr<Context>& ctx) {
  auto loaded = wait_for<storage::StoreResult<std::vector<storage::LiveGame>>>(
      [&ctx](auto done) { ctx->store.load_live(std::move(done)); });
  if (!loaded.error.ok()) return log::error("live games not restored: " + loaded.error.message);
  // A room has one live game; an older row of the same room is a game whose archive
  // write failed (it was told as ended, not archived): it is not brought back.
  std::map<std::string, int> newest;  // room id -> highest game number
  for (const auto& live : *loaded.value) newest[live.room_id] = std::max(newest[live.room_id], live.game_number);
  for (const auto& live : *loaded.value) {
    if (live.game_number != newest[live.room_id]) {
      log::error("live game " + live.game_id + " not restored: its room " + live.room_id +
                 " went on to a later game (its end could not be archived)");
      continue;
    }
    if (ctx->games.restore_room(live)) ctx->metrics.games_restored++;
  }
  if (!loaded.value->empty())
    log::info("restored " + std::to_string(ctx->metrics.games_restored.load()) + " live games");
}

}  // namespace bh::app
