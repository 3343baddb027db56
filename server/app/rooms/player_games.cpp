#include "app/rooms/player_games.hpp"

#include <algorithm>
#include <limits>

namespace bh::app {

using protocol::server::PlayerGame;

void PlayerGames::update(const PlayerGame& game) {
  std::lock_guard lock(mutex_);
  games_[game.game_id] = game;
  for (const auto* player : {&game.players.first, &game.players.second})
    if (!player->empty()) by_player_[*player].insert(game.game_id);
}

void PlayerGames::moved(const std::string& game_id, int ply, const std::string& to_move,
                        std::optional<std::int64_t> deadline_ms) {
  std::lock_guard lock(mutex_);
  const auto it = games_.find(game_id);
  if (it == games_.end()) return;
  auto& g = it->second;
  g.ply = ply;
  if (g.to_move != to_move) {
    g.to_move = to_move;
    g.to_move_player = to_move == "first" ? g.players.first : g.players.second;
  }
  g.deadline_ms = deadline_ms;
}

void PlayerGames::remove(const std::string& game_id) {
  std::lock_guard lock(mutex_);
  const auto it = games_.find(game_id);
  if (it == games_.end()) return;
  for (const auto* player : {&it->second.players.first, &it->second.players.second}) {
    const auto mine = by_player_.find(*player);
    if (mine == by_player_.end()) continue;
    mine->second.erase(game_id);
    if (mine->second.empty()) by_player_.erase(mine);
  }
  games_.erase(it);
}

std::vector<PlayerGame> PlayerGames::of(const std::string& player, bool with_private) const {
  std::vector<PlayerGame> out;
  {
    std::lock_guard lock(mutex_);
    const auto mine = by_player_.find(player);
    if (mine == by_player_.end()) return out;
    for (const auto& id : mine->second) {
      const auto& game = games_.at(id);
      if (with_private || !game.is_private) out.push_back(game);
    }
  }
  const auto key = [&](const PlayerGame& g) {
    const bool turn = g.to_move_player == player;
    // A live game's turn comes before any deadline of days: it is being played now.
    const auto due = g.deadline_ms.value_or(std::numeric_limits<std::int64_t>::min());
    return std::make_tuple(!turn, turn ? due : 0, g.started_ms, g.game_id);
  };
  std::sort(out.begin(), out.end(), [&](const PlayerGame& a, const PlayerGame& b) { return key(a) < key(b); });
  return out;
}

}  // namespace bh::app
