// What the application knows of ratings between the store's writes: a cache of every
// player's current rating per rating key, loaded from the store at start-up and updated
// from the completion of each rated game's archive write (the store computes the update
// inside that transaction; the cache only follows it, so it never disagrees with the
// database for long and never decides anything). Rooms read it to show ratings; the
// profile and leaderboard pages read the store.
//
// Also the pure pieces: whether a new room is rated, and the protocol's views of
// ratings and their changes.
//
// Thread-safety: RatingsCache may be used from any thread (a mutex held only for map
// work); the functions are pure.
#pragma once

#include <map>
#include <mutex>
#include <optional>
#include <string>
#include <utility>
#include <vector>

#include "protocol/messages.hpp"
#include "storage/records.hpp"

namespace bh::app {

class RatingsCache {
 public:
  // Replaces everything with the store's ratings.
  void load(const std::vector<storage::PlayerRating>& all);
  // A rated game was archived with these changes (first and second by side).
  void apply(const std::string& first_player, const std::string& second_player, const storage::RatingChanges& changes);
  // The stored rating; a new player's (1500/500/0.09) when there is none.
  storage::PlayerRating find(const std::string& player, const std::string& key) const;

 private:
  mutable std::mutex mu_;
  std::map<std::pair<std::string, std::string>, storage::PlayerRating> ratings_;  // (player, key)
};

// Whether a new room is rated: as asked, else rated for a registered creator and casual
// for a guest. Nullopt when a guest asks for a rated room (account_required).
std::optional<bool> decide_rated(std::optional<bool> asked, bool registered);

// A rating as the protocol shows it: one decimal each, provisional while rd > 110.
protocol::RatingView rating_view(double rating, double rd);
// A rated game's changes, by side, one decimal each.
protocol::server::RatingChanges changes_view(const storage::RatingChanges& changes);

}  // namespace bh::app
