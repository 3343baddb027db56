#include "storage/rating_update.hpp"

#include "storage/glicko2.hpp"

namespace bh::storage {

std::optional<std::string> rated_key(const GameRecord& g) {
  if (!g.rated || g.result == "aborted" || g.first_player.empty() || g.second_player.empty() ||
      g.first_player == g.second_player)
    return std::nullopt;
  return rating::rating_key(g.game, g.options);
}

double first_score(const GameRecord& g) { return g.result == "first" ? 1.0 : g.result == "second" ? 0.0 : 0.5; }

PlayerRating fresh_rating(const std::string& player, const std::string& key) {
  PlayerRating fresh;
  fresh.player = player;
  fresh.key = key;
  return fresh;
}

PlayerRating rated(const PlayerRating& before, const PlayerRating& opponent, double score) {
  const auto next = rating::update_after_game({before.rating, before.rd, before.volatility},
                                              {opponent.rating, opponent.rd, opponent.volatility}, score);
  PlayerRating after = before;
  after.rating = next.rating;
  after.rd = next.rd;
  after.volatility = next.volatility;
  ++after.games;
  if (score == 1) {
    ++after.wins;
  } else if (score == 0) {
    ++after.losses;
  } else {
    ++after.draws;
  }
  return after;
}

}  // namespace bh::storage
