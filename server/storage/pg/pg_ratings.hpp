// Ratings on PostgreSQL as plain synchronous calls, with the semantics of rating_sql.hpp:
// the update of a rated game inside the transaction that archives it (rating_update.hpp,
// Glicko-2), the profile, the leaderboard and a player's history. Internal to
// bh_storage_pg.
//
// Thread-safety: none; the caller owns the Conn. apply_ratings expects the caller's
// transaction: it locks both players' rows, in name order, until the commit, so two
// servers finishing games of one player cannot both start from the same rating.
#pragma once

#include <cstddef>
#include <string>
#include <vector>

#include "storage/pg/pg_conn.hpp"
#include "storage/records.hpp"
#include "storage/store_result.hpp"

namespace bh::storage::pg {

// After insert_game. A casual game changes nothing. Errors: unavailable.
StoreResult<GameFinish> apply_ratings(Conn& conn, const GameRecord& record);
StoreResult<std::vector<PlayerRating>> load_ratings(Conn& conn);
// Errors: not_found (neither registered nor in the archive), unavailable.
StoreResult<PlayerProfile> load_profile(Conn& conn, const std::string& name, int recent, std::size_t name_chars);
// Errors: invalid_query (unknown key, limit outside 1..100), unavailable.
StoreResult<std::vector<PlayerRating>> leaderboard(Conn& conn, const std::string& key, int limit);
// Oldest first, the newest 1000 at most. Errors: not_found, invalid_query, unavailable.
StoreResult<std::vector<RatingHistoryEntry>> rating_history(Conn& conn, const std::string& name,
                                                            const std::string& key);

}  // namespace bh::storage::pg
