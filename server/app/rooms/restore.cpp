#include "app/rooms/restore.hpp"

#include <algorithm>
#include <map>
#include <string>

#include "app/completion.hpp"
#include "app/rooms/games.hpp"
#include "log/log.hpp"
#include "storage/store.hpp"

namespace bh::app {

std::set<std::string> restore_live_games(const std::shared_ptr<Context>& ctx) {
  auto loaded = wait_for<storage::StoreResult<std::vector<storage::LiveGame>>>(
      [&ctx](auto done) { ctx->store.load_live(std::move(done)); });
  if (!loaded.error.ok()) {
    log::error("live games not restored: " + loaded.error.message);
    return {};
  }
  const int restored = restore_games(ctx, *loaded.value);
  if (!loaded.value->empty()) log::info("restored " + std::to_string(restored) + " live games");
  std::set<std::string> ids;
  for (const auto& live : *loaded.value) ids.insert(live.game_id);
  return ids;
}

int restore_games(const std::shared_ptr<Context>& ctx, const std::vector<storage::LiveGame>& games) {
  // A room has one live game; an older row of the same room is a game whose archive
  // write failed (it was told as ended, not archived): it is not brought back.
  std::map<std::string, int> newest;  // room id -> highest game number
  for (const auto& live : games) newest[live.room_id] = std::max(newest[live.room_id], live.game_number);
  int restored = 0;
  for (const auto& live : games) {
    if (live.game_number != newest[live.room_id]) {
      log::error("live game " + live.game_id + " not restored: its room " + live.room_id +
                 " went on to a later game (its end could not be archived)");
      continue;
    }
    if (ctx->directory.find_room(live.room_id)) {
      log::error("live game " + live.game_id + " not restored: its room " + live.room_id + " is here already");
      continue;
    }
    // An idle correspondence game stays in the store until someone opens it.
    if (ctx->games.restore_asleep(live) || ctx->games.restore_room(live)) {
      count(ctx->metrics.games_restored);
      ++restored;
    }
  }
  return restored;
}

}  // namespace bh::app
