#include "app/ratings/ratings.hpp"

#include "storage/glicko2.hpp"

namespace bh::app {

void RatingsCache::load(const std::vector<storage::PlayerRating>& all) {
  std::lock_guard lock(mu_);
  ratings_.clear();
  for (const auto& r : all) ratings_[{r.player, r.key}] = r;
}

void RatingsCache::apply(const std::string& first_player, const std::string& second_player,
                         const storage::RatingChanges& changes) {
  std::lock_guard lock(mu_);
  for (const auto& [player, change] :
       {std::pair{first_player, changes.first}, std::pair{second_player, changes.second}}) {
    auto& r = ratings_[{player, changes.key}];
    r.player = player;
    r.key = changes.key;
    r.rating = change.after;
    r.rd = change.rd;
    r.volatility = change.volatility;
    ++r.games;
  }
}

storage::PlayerRating RatingsCache::find(const std::string& player, const std::string& key) const {
  std::lock_guard lock(mu_);
  if (auto it = ratings_.find({player, key}); it != ratings_.end()) return it->second;
  storage::PlayerRating fresh;
  fresh.player = player;
  fresh.key = key;
  return fresh;
}

std::optional<bool> decide_rated(std::optional<bool> asked, bool registered) {
  if (asked.value_or(registered) && !registered) return std::nullopt;
  return asked.value_or(registered);
}

protocol::RatingView rating_view(double rating, double rd) {
  return {rating::one_decimal(rating), rating::one_decimal(rd), rating::provisional(rd)};
}

protocol::server::RatingChanges changes_view(const storage::RatingChanges& changes) {
  auto one = [](const storage::RatingChange& c) {
    const double before = rating::one_decimal(c.before), after = rating::one_decimal(c.after);
    return protocol::server::RatingChange{before, after, rating::one_decimal(after - before),
                                          rating::one_decimal(c.rd)};
  };
  return {one(changes.first), one(changes.second)};
}

}  // namespace bh::app
