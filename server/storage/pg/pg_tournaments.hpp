// Tournaments (storage/tournaments.hpp) on PostgreSQL, as plain synchronous calls: the
// same three tables as the SQLite store's (tournament_sql.hpp), a played game's result
// joined from the archive's `games` row. Internal to bh_storage_pg.
//
// Thread-safety: none; the caller owns the Conn and its transaction.
#pragma once

#include <string>
#include <vector>

#include "storage/pg/pg_conn.hpp"
#include "storage/tournaments.hpp"

namespace bh::storage::pg {

StoreError save_tournament(Conn& conn, const TournamentWrite& write);
StoreResult<std::vector<tournament::Tournament>> load_tournaments(Conn& conn);
StoreResult<tournament::Tournament> get_tournament(Conn& conn, const std::string& id);
StoreResult<std::vector<tournament::Tournament>> list_tournaments(Conn& conn, const TournamentQuery& query);

}  // namespace bh::storage::pg
