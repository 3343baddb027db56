// Tournaments' rows (tournaments.hpp) as plain synchronous calls on a migrated Db. The
// store runs the writes on its writer, inside its batches.
//
// Thread-safety: none; the caller owns the Db. Writes expect an open transaction.
#pragma once

#include <vector>

#include "storage/sqlite_db.hpp"
#include "storage/tournaments.hpp"

namespace bh::storage::sql {

StoreError save_tournament(Db& db, const TournamentWrite& write);
StoreResult<std::vector<tournament::Tournament>> load_tournaments(Db& db);
StoreResult<tournament::Tournament> get_tournament(Db& db, const std::string& id);
StoreResult<std::vector<tournament::Tournament>> list_tournaments(Db& db, const TournamentQuery& query);
StoreResult<std::vector<std::string>> live_tournament_games(Db& db);

}  // namespace bh::storage::sql
