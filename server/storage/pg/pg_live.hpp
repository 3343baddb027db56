// Live games on PostgreSQL as plain synchronous calls, with the semantics of
// live_sql.hpp: a header written or replaced, the seats' absence deadlines, moves by
// ply (a ply written again replaces it), a takeback dropping plies, a game forgotten
// with its moves when it ends. Internal to bh_storage_pg.
//
// Thread-safety: none; the caller owns the Conn. Writes expect the caller's transaction.
#pragma once

#include <string>
#include <vector>

#include "storage/pg/pg_conn.hpp"
#include "storage/records.hpp"
#include "storage/store_result.hpp"

namespace bh::storage::pg {

// Errors: invalid_query (empty id; moves for a game with no header stored), found
// before anything is written; unavailable.
StoreError save_live(Conn& conn, const LiveUpdate& update);
// Forgets a live game and its moves (no error when it is not there).
StoreError delete_live(Conn& conn, const std::string& game_id);
// Every live game with its moves, by started_ms then id; the moves stop at the first
// missing ply. Errors: unavailable.
StoreResult<std::vector<LiveGame>> load_live(Conn& conn);
// Rewrites the one row of health_probe: the smallest write that needs the server.
StoreError probe_write(Conn& conn);

}  // namespace bh::storage::pg
