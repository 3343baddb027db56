// Tournaments (storage/tournaments.hpp) on PostgreSQL, as plain synchronous calls: the
// same three tables as the SQLite store's (tournament_sql.hpp), a played game's result
// joined from the archive's `games` row. Internal to bh_storage_pg.
//
// Thread-safety: none; the caller owns the Conn and its transaction.
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "storage/pg/pg_conn.hpp"
#include "storage/tournaments.hpp"

namespace bh::storage::pg {

// `leader`: cluster mode's fence: written only while that epoch is the live node with
// the lowest epoch (the tournaments' director, docs/tournaments.md), else fenced.
StoreError save_tournament(Conn& conn, const TournamentWrite& write, std::optional<std::int64_t> leader = std::nullopt);
StoreResult<std::vector<tournament::Tournament>> load_tournaments(Conn& conn);
StoreResult<tournament::Tournament> get_tournament(Conn& conn, const std::string& id);
StoreResult<std::vector<tournament::Tournament>> list_tournaments(Conn& conn, const TournamentQuery& query);
StoreResult<std::vector<std::string>> live_tournament_games(Conn& conn);

}  // namespace bh::storage::pg
