// Players' standing (docs/ratings.md): the stored ratings, the leaderboards, a player's
// rating history and profile. Read-only here: ratings are written by the transaction
// that archives a rated game (live_games.hpp, finish_game).
//
// Each call queues a job and returns at once; `done` runs later on one of the store's
// threads (store.hpp). A read sees every game finished before it was queued.
//
// Thread-safety: every method may be called from any thread.
#pragma once

#include <functional>
#include <string>
#include <vector>

#include "storage/records.hpp"
#include "storage/store_result.hpp"

namespace bh::storage {

class Ratings {
 public:
  virtual ~Ratings() = default;

  // Every stored rating, for the server's cache at start-up.
  virtual void load_ratings(std::function<void(StoreResult<std::vector<PlayerRating>>)> done) = 0;
  // A player's profile with up to 10 recent public games; not_found for a name neither
  // registered nor in the archive.
  virtual void get_profile(std::string name, std::function<void(StoreResult<PlayerProfile>)> done) = 0;
  // Non-provisional ratings of `key`, best first; invalid_query for a bad key or limit.
  virtual void leaderboard(std::string key, int limit,
                           std::function<void(StoreResult<std::vector<PlayerRating>>)> done) = 0;
  // A player's rating history for `key`, oldest first; not_found, invalid_query.
  virtual void rating_history(std::string name, std::string key,
                              std::function<void(StoreResult<std::vector<RatingHistoryEntry>>)> done) = 0;
};

}  // namespace bh::storage
