#include "app/rooms/restore.hpp"

#include <algorithm>
#include <map>
#include <string>

#include "app/completion.hpp"
#include "app/rooms/games.hpp"
#include "app/rooms/room.hpp"
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

namespace {

// Cluster mode: a game taken over from a node that died may have a player connected here
// already (resumed on this node before it took the game over, with the same token): that
// player is back in the game at once, as after a resume.
void seat_players_here(const std::shared_ptr<Context>& ctx, const storage::LiveGame& live) {
  auto room = ctx->directory.find_room(live.room_id);
  if (!room) return;
  for (const auto& seat : live.seats) {
    auto connection = ctx->identities.connection_of(seat.player);
    const auto credentials = ctx->identities.credentials(seat.player);
    if (connection && credentials && credentials->token == seat.token) room->player_returned(seat.player, connection);
  }
}

}  // namespace

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
    if (ctx->games.restore_asleep(live)) {
      count(ctx->metrics.games_restored);
      ++restored;
    } else if (ctx->games.restore_room(live)) {
      count(ctx->metrics.games_restored);
      ++restored;
      seat_players_here(ctx, live);
    }
  }
  return restored;
}

}  // namespace bh::app
