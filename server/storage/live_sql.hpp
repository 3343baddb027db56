// Live games as plain synchronous calls on a migrated Db (see records.hpp, LiveGame).
// The store runs these on its worker thread, inside its write batches.
//
// Thread-safety: none; the caller owns the Db. Writes expect an open transaction.
#pragma once

#include <string>
#include <vector>

#include "storage/records.hpp"
#include "storage/sqlite_db.hpp"
#include "storage/store.hpp"

namespace bh::storage::sql {

// Writes the header (if any, replacing the row) and appends the moves (a ply written
// again replaces the earlier one when loaded). Errors: invalid_query (empty id; moves for a game with no header
// stored), found before anything is written; unavailable. `header_known`: the caller knows
// a committed transaction holds the header, so it is not looked up (once a move).
StoreError save_live(Db& db, const LiveUpdate& update, bool header_known = false);
// Forgets a live game (it ended). Its moves stay until collect_live_moves reaches them.
// No error when it is not there.
StoreError delete_live(Db& db, const std::string& game_id);
// Deletes the moves of games no longer live among live_moves rows with seq in
// (after, after + budget]; returns where the next call starts (0 once past the end).
// The store calls it after each write batch with a budget above the batch's size, so
// the table stays near the size of the live games' moves. Errors: unavailable.
StoreResult<std::int64_t> collect_live_moves(Db& db, std::int64_t after, std::int64_t budget);
// Every live game with its moves, by started_ms then id. Errors: unavailable (also for
// a row that cannot be read back).
StoreResult<std::vector<LiveGame>> load_live(Db& db);
// One live game with its moves (a correspondence game's through their index).
// Errors: not_found, unavailable.
StoreResult<LiveGame> load_live_game(Db& db, const std::string& game_id);
// The live game a seat of which holds `token`. Errors: not_found, unavailable.
StoreResult<FoundSeat> find_live_seat(Db& db, const std::string& token);
// Rewrites the one row of health_probe: the smallest write that still needs the disk.
StoreError probe_write(Db& db);

}  // namespace bh::storage::sql
