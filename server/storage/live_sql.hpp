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

// Writes the header (if any, replacing the row) and the moves (replacing plies already
// there). Errors: invalid_query (empty id; moves for a game with no header stored),
// found before anything is written; unavailable.
StoreError save_live(Db& db, const LiveUpdate& update);
// Removes a live game and its moves (it ended). No error when it is not there.
StoreError delete_live(Db& db, const std::string& game_id);
// Every live game with its moves, by started_ms then id. Errors: unavailable (also for
// a row that cannot be read back).
StoreResult<std::vector<LiveGame>> load_live(Db& db);
// Rewrites the one row of health_probe: the smallest write that still needs the disk.
StoreError probe_write(Db& db);

}  // namespace bh::storage::sql
