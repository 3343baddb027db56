// Live games on PostgreSQL as plain synchronous calls, with the semantics of
// live_sql.hpp: a header written or replaced, the seats' absence deadlines, moves by
// ply (a ply written again replaces it), a takeback dropping plies, a game forgotten
// with its moves when it ends. Internal to bh_storage_pg.
//
// Thread-safety: none; the caller owns the Conn. Writes expect the caller's transaction.
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "storage/pg/pg_conn.hpp"
#include "storage/records.hpp"
#include "storage/store_result.hpp"

namespace bh::storage::pg {

// The epoch of the node writing (cluster mode, pg_ownership.hpp), or none: a server
// alone, whose writes are not fenced.
using Epoch = std::optional<std::int64_t>;

// With an epoch, the game's row is written only while that epoch owns it (a new game's
// header makes it the owner); a row another epoch owns is fenced, nothing written. The
// check locks the row (FOR SHARE), so a takeover waits for a write that passed it.
// A header claims its players' seats: one live game per player (by name key), whichever
// node writes it (the seats table).
// Errors: invalid_query (empty id; moves for a game with no header stored), found
// before anything is written; fenced; conflict (a player has a seat in another live
// game: the header is written, the caller takes it back); unavailable.
StoreError save_live(Conn& conn, const LiveUpdate& update, Epoch owner = {});
// Forgets a live game and its moves (no error when it is not there). With an epoch:
// fenced when another epoch owns it (checked with the row locked).
StoreError delete_live(Conn& conn, const std::string& game_id, Epoch owner = {});
// Every live game with its moves, by started_ms then id; with an epoch, only the games
// it owns; with `only`, only those ids. The moves stop at the first missing ply.
// Errors: unavailable.
StoreResult<std::vector<LiveGame>> load_live(Conn& conn, Epoch owner = {},
                                             const std::vector<std::string>* only = nullptr);
// The live game a seat of which holds `token`. Errors: not_found, unavailable.
StoreResult<FoundSeat> find_live_seat(Conn& conn, const std::string& token);
// Rewrites the one row of health_probe: the smallest write that needs the server.
StoreError probe_write(Conn& conn);

}  // namespace bh::storage::pg
