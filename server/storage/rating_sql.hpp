// The ratings' operations as plain synchronous calls on a migrated Db (schema version
// 5): the update a rated game makes, inside the caller's transaction, and the reads of
// profiles, the leaderboard and histories. The store runs these on its worker thread.
//
// Thread-safety: none; the caller owns the Db. apply_ratings expects the caller to have
// opened the transaction that also writes the game's record (sqlite_store.cpp).
#pragma once

#include <cstddef>
#include <string>
#include <vector>

#include "storage/archive_sql.hpp"
#include "storage/records.hpp"
#include "storage/sqlite_db.hpp"
#include "storage/store.hpp"

namespace bh::storage::sql {

// After insert_game: for a rated game between two different named players with a
// rating key, both players' ratings (1500/500/0.09 when they have none for the key) are
// updated at once from their values before the game (glicko2.hpp), with their counts
// and one history row each. A casual game changes nothing (no changes returned).
// Errors: unavailable. On error, statements already run are NOT undone.
StoreResult<GameFinish> apply_ratings(Db& db, const GameRecord& record);

// Every stored rating (the server's cache at start-up).
StoreResult<std::vector<PlayerRating>> load_ratings(Db& db);
// The profile of `name`: registered (an account), or seen in the archive; not_found
// otherwise. Up to `recent` public games, newest first (names cut as list_games does).
StoreResult<PlayerProfile> load_profile(Db& db, const std::string& name, int recent,
                                        std::size_t name_chars = kAnswerNameChars);
// Non-provisional players of `key` (rd <= 110), best first, at most `limit` (1..100).
// Errors: invalid_query (unknown key, bad limit), unavailable.
StoreResult<std::vector<PlayerRating>> leaderboard(Db& db, const std::string& key, int limit);
// The history of `name` for `key`, oldest first (at most 1000 rows, the newest).
// Errors: not_found (the name is neither registered nor in the archive), invalid_query
// (unknown key), unavailable.
StoreResult<std::vector<RatingHistoryEntry>> rating_history(Db& db, const std::string& name, const std::string& key);

}  // namespace bh::storage::sql
